"""Legacy Cards's hooks: Tabletop calls them once, when it loads its plugins.

They only register objects. The renderer is named by import path, so that headless runs
(simulations, tests, the terminal) never import the drawing code.
"""

from __future__ import annotations

from tabletop import hookimpl
from tabletop.hookspecs import RegisterGame, RegisterRenderer

from legacy_cards.game import LegacyCards


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register Legacy Cards."""
    register(LegacyCards())


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Draw Legacy Cards with its board renderer in the desktop app."""
    register("legacy_cards", "legacy_cards.view:LegacyCardsRenderer")
