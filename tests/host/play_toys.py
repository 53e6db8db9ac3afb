"""Broken agents and broken games for the play-loop tests, registered through a real Host.

The plugin `toys` registers Nim and, for it, agents that fail in each way an agent can:
`crash` raises, `cheat` answers an illegal move, `blank` answers None, `sleepy` ignores its
time budget; `dozy` is slow (a second a move) but sound. The plugin `shaky` registers Nim
variants whose own code raises in `legal_moves`, `apply`, `render_text` or `describe`.
`make_host` is picklable, so worker processes rebuild the same host.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop_nim import Nim, NimState, Take

from tabletop import hookimpl
from tabletop.ai.base import AgentSpec, Budget
from tabletop.plugins import Host, module_sources

#: How long `sleepy` sleeps, whatever its budget says.
SLEEPY_SECONDS = 30.0
#: How long `dozy` takes over a decision.
DOZY_SECONDS = 1.0


class Crash:
    """Raises on every decision."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        raise RuntimeError("the crash agent always fails")


class Cheat:
    """Answers a move that is not legal."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        return Take(8, 9)


class Blank:
    """Answers None."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        return None


class Sleepy:
    """Ignores its budget: thinks for `SLEEPY_SECONDS`."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        time.sleep(SLEEPY_SECONDS)
        return legal_moves[0]


class Dozy:
    """Takes `DOZY_SECONDS` over every decision, then plays the first legal move."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        time.sleep(DOZY_SECONDS)
        return legal_moves[0]


class Toys:
    """Nim and its broken agents (strongest first: sleepy, crash, cheat, blank, dozy)."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(Nim())

    @hookimpl
    def tabletop_register_agents(self, register: Any) -> None:
        register("nim", AgentSpec("sleepy", "ignores its budget", lambda g: Sleepy(), 50))
        register("nim", AgentSpec("crash", "raises", lambda g: Crash(), 40))
        register("nim", AgentSpec("cheat", "answers an illegal move", lambda g: Cheat(), 30))
        register("nim", AgentSpec("blank", "answers None", lambda g: Blank(), 20))
        register("nim", AgentSpec("dozy", "slow but sound", lambda g: Dozy(), 1))


class MovesFail(Nim):
    """`legal_moves` raises after two plies."""

    info = replace(Nim.info, id="nim-moves")

    def legal_moves(self, state: NimState) -> list[Take]:
        if sum(state.heaps) < 10:
            raise KeyError("the heap table is corrupt")
        return super().legal_moves(state)


class ApplyFails(Nim):
    """`apply` raises on every move."""

    info = replace(Nim.info, id="nim-apply")

    def apply(self, state: NimState, move: Take) -> NimState:
        raise ZeroDivisionError("division by zero in apply")


class TextFails(Nim):
    """`render_text` raises."""

    info = replace(Nim.info, id="nim-text")

    def render_text(self, state: NimState, seat: int | None = None) -> str:
        raise ValueError("no picture today")


class DescribeFails(Nim):
    """`describe` raises."""

    info = replace(Nim.info, id="nim-describe")

    def describe(self, before: NimState, move: Take, after: NimState) -> list[str]:
        raise TypeError("describe is broken")


class Shaky:
    """Nim variants whose own code raises."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        for game in (MovesFail(), ApplyFails(), TextFails(), DescribeFails()):
            register(game)


def make_host() -> Host:
    """The host of the two toy plugins (also rebuilt inside worker processes)."""
    return Host(module_sources([("toys", Toys()), ("shaky", Shaky())]), disabled=[]).load()
