"""The Versus plugin: registers the game and its AI players with the host."""

from __future__ import annotations

from tabletop import hookimpl
from tabletop.hookspecs import RegisterAgent, RegisterGame, RegisterRenderer


@hookimpl
def tabletop_register_games(register: RegisterGame) -> None:
    """Register `VersusGame`."""
    from games.versus.game import VersusGame

    register(VersusGame())


@hookimpl
def tabletop_register_agents(register: RegisterAgent) -> None:
    """Register the `greedy` and `strong` Versus players (the host adds random, mcts),
    then the levels (`games.versus.levels`)."""
    from games.versus.agents import GreedyAgent, StrongAgent
    from tabletop.ai.base import AgentSpec
    from tabletop.i18n import N_

    register("versus", AgentSpec("greedy", N_("one ply ahead with a sound evaluation"),
                                 lambda game: GreedyAgent(), strength=20))
    register("versus", AgentSpec("strong", N_("alpha-beta search, about 1 s a move"),
                                 lambda game: StrongAgent(), strength=30))
    # The levels players pick by name, with their ratings measured by bench/levels.py.
    from pathlib import Path

    from games.versus.levels import LEVELS
    from tabletop.levels import LEVELS_FILE, measured

    for level in measured(LEVELS, Path(__file__).with_name(LEVELS_FILE)):
        register("versus", level)


@hookimpl
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Register the board view `VersusRenderer` by import path (arcade is imported only
    when the app opens a Versus screen, never by headless runs)."""
    register("versus", "games.versus.view.renderer:VersusRenderer")
