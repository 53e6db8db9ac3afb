"""The Verso plugin: registers the game and its agents with the Tabletop host."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.verso.game import VersoGame
from games.verso.levels import LEVELS
from tabletop import hookimpl
from tabletop.ai.base import AgentSpec
from tabletop.hookspecs import RegisterAgent, RegisterGame, RegisterRenderer
from tabletop.levels import LEVELS_FILE, measured


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register Verso."""
    register(VersoGame())


@hookimpl
def tabletop_register_agents(register: RegisterAgent) -> None:
    """Register Verso's own agents, `greedy` and `strong`, then the levels
    (`games.verso.levels`)."""
    # The agents' modules (and their tables) load when a game first asks for an agent,
    # not when the host loads plugins: the launcher opens faster.
    def greedy(game: Any) -> Any:
        from games.verso.ai import GreedyAgent

        return GreedyAgent()

    def strong(game: Any) -> Any:
        from games.verso.ai import StrongAgent

        return StrongAgent()

    register("verso", AgentSpec("greedy", "fast rule-based player: expected value of "
                                "keep/flip, banks a sequence when it beats waiting", greedy,
                                strength=20))
    register("verso", AgentSpec("strong", "determinized Monte-Carlo search: solo over "
                                "layout values learned by self-play (about 1 s a move), at "
                                "a table for the chance of winning (128 deals a move)", strong,
                                strength=30))
    # The levels players pick by name, with their ratings measured by bench/levels.py.
    for level in measured(LEVELS, Path(__file__).with_name(LEVELS_FILE)):
        register("verso", level)


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Register the Verso table of the desktop app (imported only when a game opens)."""
    register("verso", "games.verso.view.renderer:VersoRenderer")
