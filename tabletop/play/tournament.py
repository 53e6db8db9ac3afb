"""Tournaments: every agent against every other, rated, resumable, on a pool or on Ray.

**The schedule.** The tables are the groups of agents that meet: with two seats, every
pair; with K seats, every group of K agents (with K or more agents), or every way to fill
the K seats in which each agent sits at least once (with fewer agents than seats: strong
vs two greedy and two strong vs greedy, for 2 agents and 3 seats). Each table plays its
games in rounds of K: one seed, the table's agents turned once round the seats per game
(colours alternated in a two-player game), so every agent meets the same deals in every
seat. Game k of a table has seed `seed + k // K` (`--games-per-pair` is rounded up to a
multiple of K). Each game is played by `tabletop.play.simulate` through a `Session` (one play
loop, one seeding rule), so a game depends only on its seating and seed: the same seeds
with an iteration budget give the same games for any worker count and either backend.

**The folder** (`--out`): `tournament.json` (the settings every game shares),
`games/SEATS-SEED.json` (each game's record) and `results.jsonl` (one line per game, written
after its record). A second run on the same folder plays only the games not there yet;
a run with other settings (game, players, budget, options, ply bound) is refused.

**Ray** (`--backend ray`, `pip install 'tabletop[ray]'`). The first game is played here
and timed; the rest go as Ray tasks of at least `RAY_TASK_SECONDS` of play each, on a
local Ray (`--workers` CPUs) or a cluster. Every node needs the same Tabletop and game
plugins installed. A local Ray started here shares this process's fate: after `kill -9`
of the command, Ray's GCS, raylet and monitors end at once (Ray starts them with Linux's
parent-death signal), the task workers end within seconds of the raylet, and Ray's two
node agents (dashboard, runtime env) notice the raylet gone and exit on their own, up to
a couple of minutes later (Ray 2.x, checked by hand: starting Ray takes too long for a
test). The process backend's pool ends within a second (`tabletop.play.worker.process_pool`).
On a cluster:

    ray start --head --port 6379                  # on the head node
    ray start --address HEAD:6379                 # on every other node
    tabletop tournament versus --agents random,greedy,strong --iterations 300 \
        --backend ray --ray-address HEAD:6379 --out results/
"""

from __future__ import annotations

import itertools
import json
import math
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop import ratings as R
from tabletop.ai.base import Budget
from tabletop.i18n import N_, _, ngettext
from tabletop.model import TabletopError
from tabletop.play.simulate import (
    CUT,
    GameResult,
    Job,
    Match,
    fixed,
    games_text,
    play_in_process,
    play_jobs,
    share,
)
from tabletop.play.worker import HostFactory, default_factory
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.store.files import write_atomic

PROCESS, RAY = "process", "ray"
SETTINGS_FILE, RESULTS_FILE, GAMES_DIR, CHART_FILE = (
    "tournament.json", "results.jsonl", "games", "ratings.png")
RAY_MISSING = N_("the Ray backend needs Ray: pip install 'tabletop[ray]'")
#: A Ray task plays games for at least this long (Ray's overhead per task is milliseconds).
RAY_TASK_SECONDS = 0.25


class TournamentError(TabletopError):
    """A tournament that cannot run as asked (a folder of other settings, no Ray)."""


@dataclass(frozen=True)
class Settings:
    """What every game of a tournament shares (a resumed run must match it)."""

    game: str
    players: int
    budget: Budget
    options: Mapping[str, Any]
    max_plies: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON form kept in `tournament.json`."""
        return {"game": self.game, "players": self.players,
                "budget": {"seconds": self.budget.seconds,
                           "iterations": self.budget.iterations},
                "options": dict(self.options), "max_plies": self.max_plies}


@dataclass(frozen=True)
class Pairing:
    """One game of the schedule: the agent of each seat, and the seed."""

    table: tuple[str, ...]
    seating: tuple[str, ...]
    seed: int

    @property
    def name(self) -> str:
        """The file name of the game's record (agent names never hold `+`)."""
        return f"{'+'.join(self.seating)}-{self.seed}.json"


def tables(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The groups of agents that meet (see the module docstring), in a stable order."""
    distinct = min(len(agents), players)
    return [group for group in itertools.combinations_with_replacement(agents, players)
            if len(set(group)) == distinct]


def schedule_size(agents: int, players: int, games_per_pair: int) -> int:
    """How many games `schedule` lists for `agents` agents, counted without listing them
    (so a request for 10**30 games is refused at once, not after filling memory)."""
    # The tables: every set of `players` agents; with fewer agents than seats, every way
    # to fill the seats using each agent at least once (`players - 1` choose `agents - 1`).
    count = (math.comb(agents, players) if agents >= players
             else math.comb(players - 1, agents - 1))
    return count * math.ceil(games_per_pair / players) * players


def schedule(agents: Sequence[str], players: int, games_per_pair: int,
             seed: int) -> list[Pairing]:
    """Every game of the tournament, table by table."""
    rounds = math.ceil(games_per_pair / players)
    games = []
    for table in tables(agents, players):
        for k in range(rounds * players):
            turn = k % players
            seating = tuple(table[(seat - turn) % players] for seat in range(players))
            games.append(Pairing(table, seating, seed + k // players))
    return games


# -- the folder ------------------------------------------------------------------------------
def _result_line(pairing: Pairing, result: GameResult) -> str:
    entry = result.to_json() | {"file": pairing.name, "table": list(pairing.table),
                                "seconds": [round(s, 4) for s in result.seconds],
                                "moves": list(result.moves)}
    return json.dumps(entry, ensure_ascii=False)


def _from_line(line: str, folder: Path) -> tuple[str, GameResult] | None:
    """A kept result and its file name; None for a line a crash cut short, or whose
    record is missing or unreadable (that game is played again)."""
    try:
        entry = json.loads(line)
        record = (folder / GAMES_DIR / entry["file"]).read_text(encoding="utf-8")
        Record.from_json(record)
        result = GameResult(int(entry["seed"]), tuple(entry["agents"]),
                            tuple(float(s) for s in entry["scores"]),
                            tuple(int(w) for w in entry["winners"]), int(entry["plies"]),
                            str(entry["reason"]), tuple(entry["seconds"]),
                            tuple(entry["moves"]), record, str(entry["ended"]))
    except (ValueError, KeyError, TypeError, OSError, TabletopError):
        return None
    return str(entry["file"]), result


class Folder:
    """The `--out` folder: settings, records and results of the games played so far."""

    def __init__(self, path: Path, settings: Settings) -> None:
        self.path = path
        settings_file = path / SETTINGS_FILE
        wanted = settings.to_json()
        if settings_file.exists():
            try:
                kept = json.loads(settings_file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise TournamentError(_("{file}: unreadable ({error})").format(
                    file=settings_file, error=exc)) from None
            if kept != wanted:
                differ = sorted(k for k in wanted if kept.get(k) != wanted[k]) or ["format"]
                raise TournamentError(_(
                    "{folder} holds a tournament with other settings ({settings}); "
                    "use another --out folder").format(folder=path, settings=", ".join(differ)))
        try:
            write_atomic(settings_file, json.dumps(wanted, indent=1) + "\n")
        except OSError as exc:
            raise TournamentError(_("cannot write {file}: {reason}").format(
                file=settings_file, reason=exc.strerror or exc)) from None
        self.kept: dict[str, GameResult] = {}
        results = path / RESULTS_FILE
        if results.exists():
            for line in results.read_text(encoding="utf-8").splitlines():
                found = _from_line(line, path)
                if found is not None:
                    self.kept[found[0]] = found[1]

    def keep(self, pairing: Pairing, result: GameResult) -> None:
        """Write the game's record, then its result line (a crash between them only
        costs that game)."""
        Record.from_json(result.record)  # never write a record we could not read back
        try:
            write_atomic(self.path / GAMES_DIR / pairing.name, result.record)
            with (self.path / RESULTS_FILE).open("a", encoding="utf-8") as out:
                out.write(_result_line(pairing, result) + "\n")
        except OSError as exc:
            raise TournamentError(_("cannot write into {folder}: {reason}").format(
                folder=self.path, reason=exc.strerror or exc)) from None
        self.kept[pairing.name] = result


# -- backends --------------------------------------------------------------------------------
def _jobs(settings: Settings, disabled: tuple[str, ...],
          pairings: Sequence[Pairing]) -> list[Job]:
    return [(Match(settings.game, settings.players, p.seating, settings.options,
                   settings.budget, disabled, False, settings.max_plies), 0, p.seed)
            for p in pairings]


def play_batch(jobs: Sequence[Job], factory: HostFactory) -> list[GameResult]:
    """Play a batch of games in this process (one Ray task)."""
    return [play_in_process(match, index, seed, factory) for match, index, seed in jobs]


def ray_module() -> Any:
    """The `ray` module, or `TournamentError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise TournamentError(_(RAY_MISSING)) from None
    return ray


def _play_on_ray(host: Host, jobs: list[Job], workers: int | None,
                 address: str | None) -> Iterator[tuple[int, GameResult]]:
    """Play `jobs` as Ray tasks, yielding (job index, result) as batches finish.

    The first game is played here and timed; the others go in batches of at least
    `RAY_TASK_SECONDS` of play at that pace.
    """
    ray = ray_module()
    if not jobs:
        return
    factory = default_factory(host)
    began = time.perf_counter()
    yield 0, next(play_jobs(host, jobs[:1], 1))
    pace = max(time.perf_counter() - began, 1e-4)
    rest = list(range(1, len(jobs)))
    if not rest:
        return
    size = max(1, math.ceil(RAY_TASK_SECONDS / pace))
    started = not ray.is_initialized()
    if started:
        import logging

        options: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False,
                                   "include_dashboard": False}
        if address:
            options["address"] = address
        else:
            options["num_cpus"] = workers or os.cpu_count() or 1
        try:
            ray.init(**options)
        except Exception as exc:  # Ray's connection errors have no common base
            error = f"{type(exc).__name__}: {exc}"
            raise TournamentError(
                _("cannot start Ray at {address}: {error}").format(address=address, error=error)
                if address else _("cannot start Ray: {error}").format(error=error)) from None
    task = ray.remote(num_cpus=1)(play_batch)
    batches = [rest[i:i + size] for i in range(0, len(rest), size)]
    limit = workers or len(batches)
    pending: dict[Any, list[int]] = {}
    try:
        while batches or pending:
            while batches and len(pending) < limit:
                batch = batches.pop(0)
                pending[task.remote([jobs[i] for i in batch], factory)] = batch
            done, _waiting = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield from zip(pending.pop(ref), ray.get(ref), strict=True)
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def play(host: Host, jobs: list[Job], backend: str = PROCESS, workers: int | None = None,
         address: str | None = None) -> Iterator[tuple[int, GameResult]]:
    """Play `jobs` on `backend`, yielding (job index, result) as games finish.

    `workers`: the processes of the pool (default 1), or the Ray tasks run at once
    (default: a local Ray's every core, a cluster's every free CPU).
    """
    if backend == RAY:
        yield from _play_on_ray(host, jobs, workers, address)
    else:
        yield from enumerate(play_jobs(host, jobs, workers or 1))


# -- running a tournament --------------------------------------------------------------------
def tenths(value: float) -> float:
    """`value` to 0.1, never printed as -0.0 (the anchor's neighbours sit at ±1e-9)."""
    return round(value, 1) + 0.0


@dataclass(frozen=True)
class Standings:
    """A finished tournament: its games in schedule order, ratings and standings."""

    settings: Settings
    agents: tuple[str, ...]
    pairings: tuple[Pairing, ...]
    results: tuple[GameResult, ...]
    ratings: dict[str, R.Rating]
    standings: dict[str, R.Standing]
    played: int
    seconds: float

    @property
    def cut(self) -> int:
        """Games stopped by the ply bound (no result, not rated)."""
        return sum(r.ended == CUT for r in self.results)

    def to_json(self) -> dict[str, Any]:
        """What `tabletop tournament --json` prints."""
        return {
            **self.settings.to_json(), "agents": list(self.agents),
            "anchor": R.anchor_of(self.agents), "games": len(self.results),
            "played": self.played, "cut": self.cut, "seconds": round(self.seconds, 3),
            "prior": f"{R.PRIOR_GAMES:g} virtual drawn game per pair that met",
            "ratings": {name: {"rating": tenths(r.rating), "low": tenths(r.low),
                               "high": tenths(r.high), "comparisons": r.comparisons,
                               "points": r.points}
                        for name, r in self.ratings.items()},
            "standings": {name: {"seats": s.seats, "mean_score": round(s.mean_score, 4),
                                 "mean_score_interval": [round(s.score_low, 4),
                                                         round(s.score_high, 4)],
                                 "win_share": round(s.win_share, 4),
                                 "win_share_interval": [round(s.share_low, 4),
                                                        round(s.share_high, 4)]}
                          for name, s in self.standings.items()},
            "results": [{"file": p.name, **r.to_json()}
                        for p, r in zip(self.pairings, self.results, strict=True)],
        }


def run(host: Host, settings: Settings, agents: Sequence[str], games_per_pair: int,
        seed: int, out: Path | None = None, backend: str = PROCESS, workers: int | None = None,
        address: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> Standings:
    """Play the tournament's missing games and rate every agent.

    `progress(done, total)` is told after each game (kept games count as done at once).
    Raises `TournamentError` for a folder of other settings or a missing Ray.
    """
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise TournamentError(_("name at least two different agents"))
    if backend == RAY:
        ray_module()
    began = time.perf_counter()
    pairings = schedule(agents, settings.players, games_per_pair, seed)
    folder = Folder(out, settings) if out is not None else None
    kept = folder.kept if folder is not None else {}
    missing = [p for p in pairings if p.name not in kept]
    done = len(pairings) - len(missing)
    if progress is not None:
        progress(done, len(pairings))
    results = dict(kept)
    jobs = _jobs(settings, tuple(host.disabled), missing)
    for index, result in play(host, jobs, backend, workers, address):
        pairing = missing[index]
        if folder is not None:
            folder.keep(pairing, result)
        results[pairing.name] = result
        done += 1
        if progress is not None:
            progress(done, len(pairings))
    ordered = tuple(results[p.name] for p in pairings)
    finishes = [R.Finish("+".join(p.seating), r.agents, r.scores, r.winners)
                for p, r in zip(pairings, ordered, strict=True) if r.ended != CUT]
    if not finishes:
        raise TournamentError(_("every game was cut by the ply bound: nothing to rate"))
    ratings, standings = R.rate(finishes, list(agents), seed)
    return Standings(settings, tuple(agents), tuple(pairings), ordered, ratings, standings,
                   len(missing), time.perf_counter() - began)


def _heading() -> str:
    """The columns' names of the table."""
    agent, rating, interval = _("agent"), _("rating"), _("interval")
    mean, wins = _("mean score"), _("win share")
    return f"  {agent:14} {rating:>7} {interval:>17}  {mean:>20}  {wins:>22}"


def report_lines(outcome: Standings, game_name: str) -> list[str]:
    """The table `tabletop tournament` prints, strongest first."""
    anchor = R.anchor_of(outcome.agents)
    games = len(outcome.results)
    lines = [_("{game}, {players} players: {games} ({played} played now) in {seconds} s; "
               "Elo ratings, {anchor} = 0, 95 % intervals").format(
                 game=i18n.translated(game_name), players=outcome.settings.players,
                 games=games_text(games), played=outcome.played,
                 seconds=fixed(outcome.seconds, 1), anchor=anchor),
             _heading()]
    for name in sorted(outcome.agents, key=lambda a: -outcome.ratings[a].rating):
        r, s = outcome.ratings[name], outcome.standings[name]
        lines.append(f"  {name:14} {round(r.rating):7d} [{round(r.low):7d}, {round(r.high):7d}]  "
                     f"{fixed(s.mean_score, 2):>7} [{fixed(s.score_low, 2):>5}, "
                     f"{fixed(s.score_high, 2):>5}]  "
                     f"{share(s.win_share):>6} [{share(s.share_low):>6}, "
                     f"{share(s.share_high):>6}]")
    if outcome.cut:
        lines.append("  " + ngettext("{count} game cut by the ply bound: no result, not rated",
                                     "{count} games cut by the ply bound: no result, not rated",
                                     outcome.cut).format(count=outcome.cut))
    return lines
