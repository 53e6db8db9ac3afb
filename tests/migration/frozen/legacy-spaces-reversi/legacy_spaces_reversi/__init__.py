"""Reversi (Othello rules) for Tabletop: a game added without touching the host.

`rules` holds the rules (rules.md), `game` the Tabletop contract, `view` the board drawn
with the host's board toolkit, `plugin` the hooks the `tabletop` entry point names.
"""
