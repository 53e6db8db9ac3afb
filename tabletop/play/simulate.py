"""AI-versus-AI games, headless, in one process or a pool; results identical for any pool.

Game i of a run uses seed `seed + i` and is played on a `Table` (`tabletop.play.table`),
whose seeding rule gives each decision its own generator (game seed, seat, ply): a
game's moves do not depend on which process plays it (for agents given an iteration
budget; a time budget depends on the machine's speed).

How a game ends, in `GameResult.ended`:
- `"rules"`: the game's own end, scored by the game;
- `"timeout"`: with a time budget (`--seconds`) each decision runs in a worker process
  the host stops at `session.deadline_seconds(budget)`; an agent that thinks past it
  forfeits: reason `"timeout: seat N (agent X)"`, that seat scores 0 and loses, every
  other seat scores 1 and shares the victory (as after a resignation);
- `"cut"`: the run's explicit ply bound (`--max-plies N`, for games whose rules set
  none) stopped the game: reason `"cut at N plies (not a rule)"`. A cut game has no
  result: it is counted apart (`cut` in the summary) and left out of every agent's
  scores and wins.
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal

from tabletop import i18n
from tabletop.ai.base import Budget
from tabletop.i18n import _, ngettext
from tabletop.play.session import PluginFailed, deadline_seconds
from tabletop.play.table import CUT, FORFEITED, RULES, TIMEOUT, Policy, Table
from tabletop.play.worker import (
    AIWorker,
    HostFactory,
    default_factory,
    process_pool,
    stdout_to_stderr,
)
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of
from tabletop.store.files import write_user_file


@dataclass(frozen=True)
class Match:
    """What to play: the game, seats, options, budget, which plugins to block, and an
    optional bound on a game's length (None: only the rules end a game)."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: Mapping[str, Any]
    budget: Budget
    disabled: tuple[str, ...] = ()
    rotate: bool = False
    max_plies: int | None = None

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent of each seat in game `index` (rotated round the seats if asked)."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple(self.agents[(seat - shift) % n] for seat in range(n))


@dataclass(frozen=True)
class GameResult:
    """One finished game, how it ended (`RULES`, `TIMEOUT` or `CUT`) and the time each
    seat spent thinking."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    plies: int
    reason: str
    seconds: tuple[float, ...]
    moves: tuple[int, ...]
    record: str
    ended: str = RULES
    #: What the game's and agents' code printed during the game (never on stdout).
    output: str = ""

    def to_json(self) -> dict[str, Any]:
        """The per-game entry of `simulate --json`."""
        return {"seed": self.seed, "agents": list(self.agents), "scores": list(self.scores),
                "winners": list(self.winners), "plies": self.plies, "reason": self.reason,
                "ended": self.ended}


def play_game(host: Host, match: Match, index: int, seed: int,
              worker: AIWorker | None = None) -> GameResult:
    """Play game number `index` of `match` with seed `seed` to its end, on a `Table`.

    With a time budget the decisions run in `worker` (required then), which stops an
    agent at its deadline (the seat forfeits); otherwise they run in this process. An
    agent that fails ends the run (the table's ABORT policy). The game's code runs
    guarded (`Session.guard`): what it prints is kept in the result's `output`, and a
    failure raises `PluginFailed` naming the plugin, with the record of the game so far.
    """
    enforced = deadline_seconds(match.budget) is not None
    if enforced and worker is None:
        raise ValueError("a time budget is enforced in a worker process: pass `worker`")
    seating = match.seating(index)
    table = Table.new(host, match.game, seats_of(seating), dict(match.options), seed,
                      budget=match.budget, policy=Policy.ABORT, on_timeout=Policy.FORFEIT,
                      worker=worker if enforced else None, max_plies=match.max_plies)
    session = table.session
    try:
        with session.guard("playing"):
            table.run()
    except PluginFailed as failure:
        with contextlib.suppress(Exception), session.guard("writing the record"):
            failure.record = session.record().to_json()
        raise
    outcome = table.outcome
    assert outcome is not None  # `run` ends only when nobody is to move, or a verdict
    return GameResult(session.seed, seating, outcome.scores, outcome.winners,
                      len(session.moves), outcome.reason, tuple(table.seconds),
                      tuple(table.decisions), session.record().to_json(),
                      FORFEIT_ENDS.get(table.ended, table.ended), session.output.text)


#: How `simulate` words the table's endings (a forfeit on a timeout is a timeout).
FORFEIT_ENDS = {FORFEITED: TIMEOUT}


@functools.cache
def _pool_host(disabled: tuple[str, ...]) -> Host:
    # Loaded on a pool process's first game and reused for its later ones.
    return Host(disabled=disabled).load()


@functools.cache
def _quiet_stdout() -> None:
    # Once per pool process (never the command's own: its stdout is the command's output).
    if multiprocessing.parent_process() is not None:
        stdout_to_stderr()


@functools.cache
def _pool_worker(factory: HostFactory) -> AIWorker:
    # One decision worker per pool process, for time budgets.
    return AIWorker(factory)


def play_in_process(match: Match, index: int, seed: int, factory: HostFactory) -> GameResult:
    """Play one game in whatever process this is (a pool's, a Ray worker's).

    The process's host (with `match.disabled` blocked) and, for a time budget, its
    decision worker are built on its first game and reused for the later ones.
    """
    _quiet_stdout()
    worker = _pool_worker(factory) if deadline_seconds(match.budget) is not None else None
    return play_game(_pool_host(match.disabled), match, index, seed, worker)


#: One game to play: the match, the game's index in it (its seating) and its seed.
Job = tuple[Match, int, int]


def run(host: Host, match: Match, games: int, seed: int, workers: int = 1,
        host_factory: HostFactory | None = None) -> Iterator[GameResult]:
    """Play `games` games (seeds `seed`..`seed + games - 1`), yielding results in order.

    `host_factory` rebuilds the host in the processes that make time-budgeted decisions
    (default: the installed plugins with `match.disabled` blocked).
    """
    jobs = [(match, i, seed + i) for i in range(games)]
    return play_jobs(host, jobs, workers, host_factory)


def play_jobs(host: Host, jobs: Sequence[Job], workers: int = 1,
              host_factory: HostFactory | None = None) -> Iterator[GameResult]:
    """Play each job to its end, in this process (`workers` 1) or a process pool,
    yielding the results in the order of `jobs` (the same results for any `workers`)."""
    factory = host_factory or default_factory(host)
    if workers <= 1:
        timed = any(deadline_seconds(match.budget) is not None for match, _, _ in jobs)
        worker = AIWorker(factory) if timed else None
        try:
            for match, index, seed in jobs:
                yield play_game(host, match, index, seed, worker)
        finally:
            if worker is not None:
                worker.shutdown()
        return
    with process_pool(workers) as pool:  # its processes die with this one
        futures = [pool.submit(play_in_process, match, index, seed, factory)
                   for match, index, seed in jobs]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def summarize(results: Sequence[GameResult]) -> dict[str, dict[str, float]]:
    """Per agent name: mean score, wins (a shared win counts 1/k), win rate, s/move and
    timeouts, over the games that have a result (cut games are left out)."""
    table: dict[str, dict[str, float]] = {}
    for result in results:
        for seat, name in enumerate(result.agents):
            row = table.setdefault(name, {"seats": 0, "score": 0.0, "wins": 0.0,
                                          "seconds": 0.0, "moves": 0, "timeouts": 0})
            row["seconds"] += result.seconds[seat]
            row["moves"] += result.moves[seat]
            if result.ended == CUT:
                continue
            row["seats"] += 1
            row["score"] += result.scores[seat]
            if seat in result.winners:
                row["wins"] += 1.0 / len(result.winners)
            if result.ended == TIMEOUT and seat not in result.winners:
                row["timeouts"] += 1
    return {
        name: {
            "mean_score": row["score"] / row["seats"] if row["seats"] else 0.0,
            "wins": row["wins"],
            "win_rate": row["wins"] / row["seats"] if row["seats"] else 0.0,
            "seconds_per_move": row["seconds"] / row["moves"] if row["moves"] else 0.0,
            "timeouts": row["timeouts"],
        }
        for name, row in sorted(table.items())
    }


def report_json(match: Match, results: Sequence[GameResult], seconds: float) -> dict[str, Any]:
    """The object `simulate --json` prints."""
    return {"game": match.game, "games": len(results), "agents": list(match.seating(0)),
            "results": [r.to_json() for r in results], "summary": summarize(results),
            "cut": sum(r.ended == CUT for r in results), "seconds": seconds}


def fixed(value: float, digits: int) -> str:
    """`value` with `digits` decimals the current language's way ("0.50", "0,50"), never
    grouped, so a report's columns read as they did ("1500.00", as `f"{value:.2f}"`)."""
    return format_decimal(value, format="0" + ("." + "0" * digits if digits else ""),
                          locale=i18n.language())


def share(value: float) -> str:
    """A share (0..1) as a percentage with one decimal ("62.5%", "62,5 %")."""
    return _("{percent}%").format(percent=fixed(value * 100, 1))


def games_text(count: int) -> str:
    """"1 game", "2 games" in the current language."""
    return ngettext("{count} game", "{count} games", count).format(count=count)


def report_lines(game_name: str, results: Sequence[GameResult], seconds: float) -> list[str]:
    """The lines `simulate` prints: one per agent, then the games cut by the bound."""
    count = len(results)
    lines = [_("{games} of {game} in {seconds} s").format(
        games=games_text(count), game=i18n.translated(game_name), seconds=fixed(seconds, 1))]
    for name, row in summarize(results).items():
        timeouts = ("  " + ngettext("{count} timeout", "{count} timeouts",
                                    int(row["timeouts"])).format(
            count=f"{row['timeouts']:g}")) if row["timeouts"] else ""
        lines.append("  " + _("{agent} mean score {mean}  wins {wins}  win rate {rate}  "
                              "{seconds} s/move{timeouts}").format(
            agent=f"{name:12}", mean=fixed(row["mean_score"], 2).rjust(7),
            wins=fixed(row["wins"], 2).rjust(7), rate=share(row["win_rate"]).rjust(6),
            seconds=fixed(row["seconds_per_move"], 4), timeouts=timeouts))
    cut = [r for r in results if r.ended == CUT]
    if cut:
        lines.append("  " + ngettext(
            "{count} game cut at {plies} plies (not a rule): no result, not counted above",
            "{count} games cut at {plies} plies (not a rule): no result, not counted above",
            len(cut)).format(count=len(cut), plies=cut[0].plies))
    return lines


class RecordWriter:
    """Writes each game's record into `folder` as soon as the game ends (`simulate
    --records`), so a run that stops, or a folder that fails, keeps every record written.

    The folder must exist (the command checks it before the first game) and is never
    created again: if it is removed or replaced during the run, the records stop there.
    Each file is written by `write_user_file`, so a link, a pipe or a file that is not a
    record standing at a record's name is never replaced. The first failure stops the
    writing (the games go on) and `failure` says which game, where and why.
    """

    def __init__(self, folder: Path, name: Callable[[GameResult], str]) -> None:
        self.folder, self.name = Path(folder), name
        self.written = 0
        self.failure: str | None = None

    def write(self, number: int, result: GameResult) -> None:
        """Write the record of game `number` (counted from 1); never raises."""
        if self.failure is not None:
            return
        path = self.folder / self.name(result)
        try:
            Record.from_json(result.record)  # never write a record we could not read back
            write_user_file(path, result.record)
        except (OSError, ValueError) as exc:  # RefusedTarget, RecordError are ValueErrors
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            # Translators: English keeps "records were" for any count (tests read it).
            self.failure = ngettext(
                "cannot write the record of game {number} ({path}): {why}; {count} records "
                "were written before it, none after",
                "cannot write the record of game {number} ({path}): {why}; {count} records "
                "were written before it, none after", self.written).format(
                number=number, path=path, why=why, count=self.written)
            return
        self.written += 1
