"""The conformance kit: checks any plugin author runs against their game.

    from tabletop.testing import check_game

    def test_my_game_conforms():
        check_game(MyGame(), seeds=range(20))

Over random games it checks that legal moves are empty exactly when the game is over,
that `apply` never changes its input and refuses illegal moves, that every move's
notation round-trips and bad notation is refused, that state dicts and records
round-trip and replay, that observations do not depend on what the seat cannot see, and
that games end within the declared maximum length. Every violation found is reported.

`check_rules_headless("my_game")` checks that the package's rules import no drawing code
(only its `view` subpackage may), so that the engine and agents run headless.

A game whose rules set no bound on its length (`info.max_plies` is None) is played up to
an explicit bound the caller gives, `check_game(game, max_plies=N)`; the games that
reach it are cut there, checked as far as they went and counted in `KitReport.games_cut`,
which is not a violation: the rules did not promise an end by then.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.model import (
    Game,
    IllegalMoveError,
    NotationError,
    OptionError,
    StateFormatError,
    TabletopError,
)
from tabletop.record import Record, record_of, replay, start

GARBAGE_NOTATION = ("", "   ", "???", "\x00", "move move move move", "-1", "z99z99")


class ConformanceError(AssertionError):
    """The game broke the plugin contract; the message lists every violation found."""


@dataclass
class KitReport:
    """What the kit checked, and the violations it found; `games_cut` counts the games
    `check_game`'s `max_plies` stopped before their end (they are in `games_played`)."""

    game: str
    games_played: int = 0
    games_cut: int = 0
    plies: int = 0
    full_checks: int = 0
    problems: list[str] = field(default_factory=list)

    def fail(self, problem: str) -> None:
        """Note a violation (each once; the first 50 are kept, enough to see the pattern)."""
        if problem not in self.problems and len(self.problems) < 50:
            self.problems.append(problem)


def random_record(game: Game[Any, Any], players: int, seed: int,
                  agents: Sequence[str] | None = None) -> Record:
    """A whole game of `game` played by seeded random legal moves (the generator seeded
    with `seed`, as is the game), kept as a record: a finished game to replay, keep in a
    library or measure with. `agents` defaults to a person in every seat."""
    state, options = start(game, players, {}, seed)
    states, moves = [state], []
    rng = random.Random(seed)
    while game.to_move(state) is not None:
        moves.append(rng.choice(list(game.legal_moves(state))))
        state = game.apply(state, moves[-1])
        states.append(state)
    return record_of(game, players, options, seed, states, moves,
                     tuple(agents or ("human",) * players))


def check_game(game: Game[Any, Any], seeds: Iterable[int] = range(8),
               players: Iterable[int] | None = None,
               options: Mapping[str, Any] | None = None,
               full_check_plies: int = 40, full_check_every: int = 10,
               max_plies: int | None = None) -> KitReport:
    """Run the kit over random games of `game`; raise `ConformanceError` on any violation.

    Each seed plays one random game for each player count in `players` (default: the
    smallest and the largest the game allows). The expensive checks (notation of every
    move, dict round-trip, observations) run on the first `full_check_plies` plies of each
    game and on every `full_check_every`-th ply after that.

    A game that declares `info.max_plies` must end within it. One that declares None
    (no bound in its rules) needs `max_plies`: games still going after that many plies
    are cut, counted in `games_cut` (and in `games_played`), and are not a violation.
    """
    info = game.info
    if info.max_plies is None and (isinstance(max_plies, bool)
                                   or not isinstance(max_plies, int) or max_plies < 1):
        raise ValueError(f"{info.id} declares no max_plies (its rules set no bound): "
                         "pass check_game(..., max_plies=N) with N >= 1 to cut its games")
    report = KitReport(info.id)
    counts = list(players) if players is not None else sorted(
        {info.min_players, info.max_players})
    _check_static(game, report)
    for seed in seeds:
        for count in counts:
            _play_one(game, count, options, seed, report, full_check_plies, full_check_every,
                      max_plies)
    if report.problems:
        raise ConformanceError(f"{info.id} breaks the contract:\n- " +
                               "\n- ".join(report.problems))
    return report


def _check_static(game: Game[Any, Any], report: KitReport) -> None:
    info = game.info
    if not (1 <= info.min_players <= info.max_players):
        report.fail(f"player range {info.min_players}-{info.max_players} is invalid")
    if info.max_plies is not None and (isinstance(info.max_plies, bool)
                                       or not isinstance(info.max_plies, int)
                                       or info.max_plies <= 0):
        report.fail("info.max_plies must be a positive whole number, or None for no bound")
    try:
        info.resolve_options({"no such option, surely": 1})
        report.fail("an unknown option was accepted")
    except OptionError:
        pass
    try:
        info.check_players(info.max_players + 1)
        report.fail("too many players were accepted")
    except OptionError:
        pass
    for bad in ({}, {"version": -12345}, {"version": "x", "junk": []}):
        try:
            game.state_from_dict(bad)
            report.fail(f"state_from_dict accepted {bad!r}")
        except StateFormatError:
            pass
        except Exception as exc:
            report.fail(f"state_from_dict({bad!r}) raised {type(exc).__name__}, "
                        "not StateFormatError")
    if info.hidden_information and not game.can_sample():
        report.fail("a hidden-information game must provide sample_state so that its "
                    "observations can be checked")


def _play_one(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
              seed: int, report: KitReport, full_plies: int, every: int,
              cut_at: int | None) -> None:
    rng = random.Random(seed)
    state, resolved = start(game, players, options, seed)
    again, _ = start(game, players, options, seed)
    if game.state_to_dict(again) != game.state_to_dict(state):
        report.fail("the same seed gave two different start states")
    states, moves = [state], []
    where = f"{players} players, seed {seed}"
    declared = game.info.max_plies
    bound = declared if declared is not None else cut_at
    assert bound is not None  # check_game insists on one
    cut = False
    for ply in range(bound + 1):
        moves_here = list(game.legal_moves(state))
        outcome = game.outcome(state)
        mover = game.to_move(state)
        if (not moves_here) != (outcome is not None) or (mover is None) != (outcome is not None):
            report.fail(f"{where}, ply {ply}: legal moves {len(moves_here)}, outcome "
                        f"{outcome}, to_move {mover}: these must agree on whether it is over")
            return
        if full_plies > ply or ply % every == 0 or outcome is not None:
            _check_state(game, state, moves_here, players, rng, f"{where}, ply {ply}", report)
            report.full_checks += 1
        if outcome is not None:
            break
        if ply == bound:
            if declared is not None:
                report.fail(f"{where}: not over after info.max_plies = {declared} plies")
                return
            cut = True  # the caller's bound, not the rules': checked as far as it went
            break
        if len(set(moves_here)) != len(moves_here):
            report.fail(f"{where}, ply {ply}: legal moves contain duplicates")
        if list(game.legal_moves(state)) != moves_here:
            report.fail(f"{where}, ply {ply}: legal moves are not in a stable order")
        move = moves_here[rng.randrange(len(moves_here))]
        before = json.dumps(game.state_to_dict(state), sort_keys=True)
        try:
            after = game.apply(state, move)
        except TabletopError as exc:
            report.fail(f"{where}, ply {ply}: apply refused its own legal move: {exc}")
            return
        if json.dumps(game.state_to_dict(state), sort_keys=True) != before:
            report.fail(f"{where}, ply {ply}: apply changed its input state")
        lines = game.describe(state, move, after)
        if not lines or not all(isinstance(line, str) and line for line in lines):
            report.fail(f"{where}, ply {ply}: describe must give non-empty log lines")
        states.append(after)
        moves.append(move)
        state = after
        report.plies += 1
    report.games_played += 1
    if cut:
        report.games_cut += 1
    _check_record(game, players, resolved, seed, states, moves, where, report, over=not cut)


def _check_state(game: Game[Any, Any], state: Any, moves: list[Any], players: int,
                 rng: random.Random, where: str, report: KitReport) -> None:
    if not isinstance(game.render_text(state), str):
        report.fail(f"{where}: render_text must return text")
    # Notation round-trips for every legal move; garbage is refused with a clear error.
    for move in moves:
        text = game.move_to_text(state, move)
        try:
            back = game.parse_move(state, text)
        except TabletopError as exc:
            report.fail(f"{where}: notation {text!r} of a legal move does not parse: {exc}")
            continue
        if back != move:
            report.fail(f"{where}: notation {text!r} parses to {back!r}, not {move!r}")
    for special in game.special_moves(state):
        text = game.move_to_text(state, special)
        if game.parse_move(state, text) != special:
            report.fail(f"{where}: special move {text!r} does not round-trip")
    for junk in GARBAGE_NOTATION:
        try:
            game.parse_move(state, junk)
            report.fail(f"{where}: parse_move accepted {junk!r}")
        except (NotationError, IllegalMoveError):
            pass
        except Exception as exc:
            report.fail(f"{where}: parse_move({junk!r}) raised {type(exc).__name__}, "
                        "not NotationError")
    # The state dict is JSON and round-trips.
    data = game.state_to_dict(state)
    try:
        data_json = json.loads(json.dumps(data))
    except (TypeError, ValueError) as exc:
        report.fail(f"{where}: state_to_dict is not JSON-ready: {exc}")
        return
    if "version" not in data:
        report.fail(f"{where}: state_to_dict has no 'version'")
    try:
        restored = game.state_from_dict(data_json)
    except TabletopError as exc:
        report.fail(f"{where}: state_from_dict refused state_to_dict output: {exc}")
        return
    if game.state_to_dict(restored) != data or list(game.legal_moves(restored)) != moves:
        report.fail(f"{where}: state dict round-trip changed the state")
    # Observations hide what the seat cannot see: states that differ only in hidden
    # parts must look the same to the seat, and offer it the same moves.
    if game.info.hidden_information and game.can_sample():
        mover = game.to_move(state)
        for seat in range(players):
            seen = game.observation(state, seat)
            for _ in range(2):
                other = game.sample_state(seen, seat, rng)
                if game.observation(other, seat) != seen:
                    report.fail(f"{where}: seat {seat}'s observation depends on what it "
                                "cannot see (a sampled consistent state looks different)")
                    break
                if seat == mover and list(game.legal_moves(other)) != moves:
                    report.fail(f"{where}: seat {seat}'s legal moves depend on what it "
                                "cannot see")
                    break


def _check_record(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
                  states: list[Any], moves: list[Any], where: str, report: KitReport,
                  over: bool = True) -> None:
    record = record_of(game, players, options, seed, states, moves)
    text = record.to_json()
    try:
        replayed = replay(game, Record.from_json(text))
    except TabletopError as exc:
        report.fail(f"{where}: the game's record does not replay: {exc}")
        return
    if game.state_to_dict(replayed.final) != game.state_to_dict(states[-1]):
        report.fail(f"{where}: replaying the record gives another final state")
    rebuilt = record_of(game, players, options, seed, list(replayed.states),
                        list(replayed.moves))
    if rebuilt.to_json() != text:
        report.fail(f"{where}: a replayed game's record differs byte for byte")
    # A finished game's record names its result, so a record that lost its last move
    # must be refused; a cut game's has no result to betray the loss.
    if moves and over:
        cut = Record.from_json(text)
        truncated = Record(cut.game, cut.players, cut.options, cut.seed, cut.setup,
                           cut.moves[:-1], cut.result)
        try:
            replay(game, truncated)
            report.fail(f"{where}: a truncated record was accepted")
        except TabletopError:
            pass


#: Packages that draw: rules modules must not import them, even indirectly.
DRAWING_PACKAGES = ("arcade", "pyglet", "tabletop.ui")

_IMPORT_ONE_BY_ONE = """
import importlib, json, sys
names, forbidden = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        print(json.dumps([name, f"cannot be imported: {type(exc).__name__}: {exc}"]))
        break
    drawn = sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".")
                                                 for f in forbidden))
    if drawn:
        print(json.dumps([name, "imports drawing code: " + ", ".join(drawn[:3])]))
        break
"""


def rules_modules(package: str, allowed_view_subpackage: str = "view") -> list[str]:
    """The modules of `package` that are not drawing code, by dotted name, sorted.

    Drawing code is the `allowed_view_subpackage` subpackage, and modules named like it
    at the package's top level (`view.py`, `view_table.py`, …, for a flat layout).
    """
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ConformanceError(f"{package!r} is not an importable package")
    names = set()
    for root in spec.submodule_search_locations:
        for path in Path(root).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            top = parts[0]
            if top == allowed_view_subpackage or top.startswith(allowed_view_subpackage + "_"):
                continue
            if parts[-1] == "__init__":
                parts.pop()
            if all(part.isidentifier() for part in parts):
                names.add(".".join([package, *parts]))
    return sorted(names)


def check_rules_headless(package: str, allowed_view_subpackage: str = "view",
                         forbidden: Sequence[str] = DRAWING_PACKAGES) -> list[str]:
    """Check that no module of `package` but its drawing code imports a drawing package.

    The modules `rules_modules` lists are imported one after another in a fresh Python
    process (this process's `sys.path`); after each import, `sys.modules` must hold none
    of `forbidden` (arcade, pyglet and the host's UI by default), whether the module
    imports them itself or through another module. Raises `ConformanceError` naming
    each module that pulls drawing code in (or cannot be imported); returns the modules
    checked.
    """
    names = rules_modules(package, allowed_view_subpackage)
    problems = []
    remaining = names
    while remaining:
        # One process imports the modules in order and stops at the first that draws
        # (the modules after it could not be judged there); the next process goes on.
        done = subprocess.run(
            [sys.executable, "-c", _IMPORT_ONE_BY_ONE, json.dumps(remaining),
             json.dumps(list(forbidden))],
            capture_output=True, text=True, check=False, timeout=300,
            env=_environment_with_path())
        lines = [line for line in done.stdout.splitlines() if line.startswith("[")]
        if done.returncode != 0 and not lines:
            raise ConformanceError(f"importing {package}'s modules failed: "
                                   f"{done.stderr.strip()[-500:]}")
        if not lines:
            break
        name, problem = json.loads(lines[-1])
        problems.append(f"{name} {problem}")
        remaining = remaining[remaining.index(name) + 1:]
    if problems:
        raise ConformanceError(f"{package}'s rules must run headless:\n- " +
                               "\n- ".join(problems))
    return names


def _environment_with_path() -> dict[str, str]:
    paths = [p for p in sys.path if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
