"""The agent protocol: what an AI seat is given and what it returns."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tabletop.model import Game


@dataclass(frozen=True)
class Budget:
    """How long an agent may think about one decision.

    `seconds` is a wall-clock limit, `iterations` an agent-specific count of work units
    (playouts, nodes); None means "the agent's own default". An agent that is given
    `iterations` and no `seconds` must be deterministic for a given random generator.
    """

    seconds: float | None = None
    iterations: int | None = None

    def deadline(self, default_seconds: float) -> float | None:
        """The `time.perf_counter()` value to stop at, or None if only iterations count."""
        if self.seconds is not None:
            return time.perf_counter() + self.seconds
        if self.iterations is not None:
            return None
        return time.perf_counter() + default_seconds


class Agent(Protocol):
    """An AI player for one seat of one game.

    `choose` gets what the seat may see (`tabletop.model.Game.observation`), the seat,
    the legal moves (never empty), a time budget and a random generator (its only source
    of chance), and returns one of `legal_moves`.
    """

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """Return one of `legal_moves`."""
        ...


class Analyst(Protocol):
    """An optional capability of an agent: the value of each legal move, for a review.

    `values` gets what `Agent.choose` gets and returns one number per legal move, in the
    order of `legal_moves`: the expected reward (`tabletop.model.Outcome.reward`, in
    [0, 1]: a win 1, a draw 1/2, a loss 0; a solo game's scaled score) that `seat` can
    count on after that move, as the agent judges it from `observation` alone. Like
    `choose` it uses no other chance than `rng`, and with `Budget(iterations=N)` it gives
    the same values for the same generator. An agent that can do this is an analyst
    (`analyst_of`); the generic MCTS agent is one for every game. It may name the budget a
    review gives it a move in a `review_budget` attribute (a `Budget`).
    """

    def values(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Sequence[float]:
        """The expected reward of each of `legal_moves` for `seat`, in [0, 1]."""
        ...


def analyst_of(agent: Any) -> Analyst | None:
    """`agent` as an `Analyst` if it provides `values`, else None."""
    return agent if callable(getattr(agent, "values", None)) else None


@dataclass(frozen=True)
class Level:
    """A level a player picks by name: one of the game's agents with a fixed budget.

    A plugin registers it like an agent (`register(game_id, Level(...))`); it then plays
    as an agent called `name` (in `--agents`, seats and records). `blurb` says in one line
    how it plays. `rating`, `low` and `high` are its measured Elo rating (`random` = 0) and
    95 % interval, read from the game's committed tournament result
    (`tabletop.levels.measured`); None until measured.
    """

    name: str
    agent: str
    budget: Budget
    blurb: str
    rating: float | None = None
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class AgentSpec:
    """A registered agent kind: its name, a one-line description and a factory.

    `make(game)` builds a fresh agent for one seat of one game; `strength` (a number from 0
    to 100: `random` is 0, `mcts` 10) orders agents from weakest to strongest (the default
    opponent and the hint use the strongest of the game's own plugin). `level` is set on
    the agent a registered `Level` plays as.
    """

    name: str
    description: str
    make: Callable[[Game[Any, Any]], Agent]
    strength: int = 0
    level: Level | None = None
