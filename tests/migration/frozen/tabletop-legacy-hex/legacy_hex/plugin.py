"""Legacy Hex's hooks: Tabletop calls them once, when it loads its plugins.

They only register objects. The renderer is named by import path, so that headless runs
(simulations, tests, the terminal) never import the drawing code.
"""

from __future__ import annotations

from tabletop import hookimpl
from tabletop.hookspecs import RegisterGame, RegisterRenderer

from legacy_hex.game import LegacyHex


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register Legacy Hex."""
    register(LegacyHex())


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Draw Legacy Hex with its board renderer in the desktop app."""
    register("legacy_hex", "legacy_hex.view:LegacyHexRenderer")
