"""The plugin's hooks: register every bridged OpenSpiel game and its renderer.

Hooks only register objects (the games are built once, when the host loads plugins);
renderers are named by import path, so headless runs never import the drawing code.
"""

from __future__ import annotations

from tabletop import hookimpl
from tabletop.hookspecs import RegisterGame, RegisterRenderer

from .catalogue import BRIDGED, HIDDEN_BRIDGED, game_id
from .game import OpenSpielGame

#: The games drawn on a board of their own; the others use the host's text renderer.
RENDERERS = {
    "breakthrough": "legacy_openspiel.view.boards:BreakthroughRenderer",
    "connect_four": "legacy_openspiel.view.boards:ConnectFourRenderer",
    "hex": "legacy_openspiel.view.boards:HexRenderer",
    "othello": "legacy_openspiel.view.boards:OthelloRenderer",
}


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register each game of the catalogue as `openspiel-<name>`."""
    for entry in (*BRIDGED, *HIDDEN_BRIDGED):
        register(OpenSpielGame(entry))


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Register the board renderers of the games that have one."""
    for name, path in RENDERERS.items():
        register(game_id(name), path)
