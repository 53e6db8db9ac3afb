"""The hooks Tabletop calls (the `tabletop` entry point names this module)."""

from __future__ import annotations

from tabletop import hookimpl
from tabletop.hookspecs import RegisterGame, RegisterRenderer
from legacy_spaces_reversi.game import Reversi


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register Reversi (its AI is the host's generic MCTS, guided by `evaluate`)."""
    register(Reversi())


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Draw Reversi with the board toolkit (imported only when the app opens it)."""
    register("legacy-spaces-reversi", "legacy_spaces_reversi.view:ReversiRenderer")
