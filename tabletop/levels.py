"""Levels: named agent settings a player understands, with ratings measured by tournament.

A plugin declares its levels as `tabletop.ai.Level(name, agent, budget, blurb)` and
registers each in `tabletop_register_agents` like an agent:

    for level in measured(LEVELS, Path(__file__).with_name(LEVELS_FILE)):
        register("mygame", level)

The host then offers an agent called `level.name` that is `level.agent` held to
`level.budget` (`LeveledAgent`). Ratings are never typed by hand: `bench/levels.py GAME`
runs a tournament of the levels and `random` and writes the result file (`levels.json`,
with its command and date) beside the game; `measured` reads it back into the levels. A
level whose agent or budget differs from what was measured gets no rating until the bench
is run again.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.ai.base import Agent, AgentSpec, Budget, Level
from tabletop.i18n import _
from tabletop.model import Game

LEVELS_FILE = "levels.json"


class LeveledAgent:
    """An agent held to a level's budget.

    The level's iterations replace the ones asked for (so a level plays the same
    everywhere); a time limit asked for still applies, the shorter of the two winning,
    so a level never overruns the app's time per move.
    """

    def __init__(self, agent: Agent, budget: Budget) -> None:
        self.agent = agent
        self.budget = budget

    def held(self, asked: Budget) -> Budget:
        """The budget the level's agent gets when `asked` is asked for."""
        limits = [s for s in (self.budget.seconds, asked.seconds) if s is not None]
        iterations = (self.budget.iterations if self.budget.iterations is not None
                      else asked.iterations)
        return Budget(min(limits) if limits else None, iterations)

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The level's agent's choice under the level's budget."""
        return self.agent.choose(observation, seat, legal_moves, self.held(budget), rng)


def level_spec(level: Level, base: AgentSpec) -> AgentSpec:
    """The agent a level plays as: `base` (the level's agent) held to the level's budget."""
    def make(game: Game[Any, Any]) -> Agent:
        return LeveledAgent(base.make(game), level.budget)

    return AgentSpec(level.name, level.blurb, make, base.strength, level)


def budget_json(budget: Budget) -> dict[str, Any]:
    """A budget as the result file writes it."""
    return {"seconds": budget.seconds, "iterations": budget.iterations}


def measured(levels: Sequence[Level], path: Path) -> tuple[Level, ...]:
    """`levels` with their rating and interval from the result file at `path`.

    A level is rated only if the file names it with the same agent and budget; a missing
    or unreadable file rates none (the levels still play).
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = {e["name"]: e for e in data["levels"]}
    except (OSError, ValueError, KeyError, TypeError):
        return tuple(levels)
    rated = []
    for level in levels:
        entry = entries.get(level.name)
        if (isinstance(entry, Mapping) and entry.get("agent") == level.agent
                and entry.get("budget") == budget_json(level.budget)
                and all(isinstance(entry.get(k), int | float) for k in ("rating", "low", "high"))):
            level = replace(level, rating=float(entry["rating"]), low=float(entry["low"]),
                            high=float(entry["high"]))
        rated.append(level)
    return tuple(rated)


def describe(level: Level) -> str:
    """How the set-up screen names a level: `Casual (rating 420)` (in the player's
    language: the level's name too)."""
    name = i18n.translated(level.name)
    if level.rating is None:
        return _("{level} (not rated yet)").format(level=name)
    return _("{level} (rating {rating})").format(level=name, rating=f"{level.rating:.0f}")


def computer_name(specs: Sequence[AgentSpec], agent: str) -> str:
    """How a computer seat is named to a player, in the set-up screen's words.

    A level by its name ("Expert"). An agent the game's levels play, but on the app's time
    rather than a level's budget (a quick start's opponent, `play --agent strong`), by the
    strongest level that plays it (levels are declared weakest first): a player never
    meets the agent's id. Any other agent by its own name.
    """
    levels = [spec.level for spec in specs if spec.level is not None]
    if any(level.name == agent for level in levels):
        return agent
    playing = [level.name for level in levels if level.agent == agent]
    return playing[-1] if playing else agent
