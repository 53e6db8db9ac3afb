"""Perft: move counts from the start position, through the game's public API."""

from __future__ import annotations

from games.versus.game import VersusGame
from games.versus.state import Move, VersusState


def perft(game: VersusGame, state: VersusState, depth: int) -> tuple[int, int]:
    """`(leaf moves, attractions made by them)` of every line `depth` plies deep."""
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves), sum(len(game.preview(state, m).attractions) for m in moves
                               if isinstance(m, Move))
    nodes = pulls = 0
    for m in moves:
        n, p = perft(game, game.apply(state, m), depth - 1)
        nodes += n
        pulls += p
    return nodes, pulls
