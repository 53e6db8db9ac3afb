"""What the benches share to play a game: on a `Table`, the one driver (not a bench).

`match_table` sets up game `index` of a `tabletop.play.simulate.Match` as `simulate.play_game`
does (the same seats, seed, budget and policies; decisions in this process), so a figure
measured on it is the one `tabletop simulate` prints for the same games, whose command
`simulate_command` writes. `timed` plays a table on, decision by decision, timing each
in wall and CPU seconds (which `simulate` does not report). `Budgeted` gives an agent
its own budget (a table has one for every seat); `as_people` turns a position reached by
agents into a hotseat game for the app's screens.
"""

from __future__ import annotations

import dataclasses
import random
import shlex
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.ai.base import Agent, Budget
from tabletop.play.session import Session
from tabletop.play.simulate import Match
from tabletop.play.table import Policy, Table
from tabletop.plugins import Host
from tabletop.seats import HUMAN, seats_of


def match_table(host: Host, match: Match, index: int, seed: int,
                agents: Mapping[str, Agent] | None = None) -> Table:
    """Game `index` of `match` with seed `seed`, set as `tabletop.play.simulate.play_game` sets
    it up (in this process); `agents` gives some agents as built objects (to read their
    counters: the same as the ones the table builds)."""
    return Table.new(host, match.game, seats_of(match.seating(index)), dict(match.options),
                     seed, budget=match.budget, policy=Policy.ABORT,
                     on_timeout=Policy.FORFEIT, max_plies=match.max_plies,
                     agents=dict(agents or {}))


def simulate_command(match: Match, games: int, seed: int, workers: int = 1) -> str:
    """The `tabletop simulate` command that plays the same games as `match_table`."""
    parts = [".venv/bin/tabletop", "simulate", match.game, "--players", str(match.players),
             "--agents", ",".join(match.agents), "--games", str(games), "--seed", str(seed)]
    if match.rotate:
        parts.append("--rotate")
    for key, value in match.options.items():
        parts += ["--option", f"{key}={value}"]
    if match.budget.iterations is not None:
        parts += ["--iterations", str(match.budget.iterations)]
    if match.budget.seconds is not None:
        parts += ["--seconds", f"{match.budget.seconds:g}"]
    if match.max_plies is not None:
        parts += ["--max-plies", str(match.max_plies)]
    if workers > 1:
        parts += ["--workers", str(workers)]
    return shlex.join(parts)


@dataclass(frozen=True)
class Timing:
    """One agent decision: its seat, and the wall and CPU seconds it took."""

    seat: int
    wall: float
    cpu: float


def timed(table: Table) -> Iterator[Timing]:
    """Play the agents' moves on `table` until a person's turn or the end, yielding each
    decision's time once its move is played (the table's own `advance`, the decision
    asked first by `think` so that only the deciding is timed)."""
    while table.agent_to_move:
        if table.max_plies is not None and len(table.session.moves) >= table.max_plies:
            table.advance()  # the run's ply bound: the table cuts the game
            return
        seat = table.to_move
        assert seat is not None
        wall, cpu = time.perf_counter(), time.process_time()
        table.think()
        timing = Timing(seat, time.perf_counter() - wall, time.process_time() - cpu)
        table.advance()
        yield timing


class Budgeted:
    """`agent` thinking with its own `budget`, whatever the table's (seats whose agents
    have different budgets: something `tabletop simulate` cannot set)."""

    def __init__(self, agent: Agent, budget: Budget) -> None:
        self.agent, self.budget = agent, budget

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        return self.agent.choose(observation, seat, legal_moves, self.budget, rng)


def as_people(host: Host, table: Table) -> Session:
    """The game on `table` so far, with a person at every seat (a hotseat game to open
    in the app, which would otherwise let the agents play on)."""
    record = dataclasses.replace(table.session.record(), agents=(HUMAN,) * table.players)
    return Session.from_record(host, record)
