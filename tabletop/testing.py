"""The conformance kit: checks any plugin author runs against their game.

    from tabletop.testing import check_game

    def test_my_game_conforms():
        check_game(MyGame(), seeds=range(20))

`check_game` plays random games and checks the contract: see its docstring (and section 5
of docs/plugins.md) for the whole list. Every violation found is reported, and an
exception raised by the game's own code is one of them, naming the method, never a
traceback.

`check_rules_headless("my_game")` checks that the package's rules import no drawing code
(only its `view` subpackage may), so that the engine and agents run headless.

`check_tutorial(game)` checks the tutorial a game ships (the `tutorial` of its
`tabletop.model.GameInfo`, see `tabletop.tutorial`); `check_game` runs it too, before
any game.

A game whose rules set no bound on its length (`info.max_plies` is None) is played up to
an explicit bound the caller gives, `check_game(game, max_plies=N)`; the games that
reach it are cut there, checked as far as they went and counted in `KitReport.games_cut`,
which is not a violation: the rules did not promise an end by then.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import functools
import importlib.util
import json
import math
import os
import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from tabletop.chance import chance_seed, draw
from tabletop.limits import one_line
from tabletop.lines import Line, render, template_problem
from tabletop.model import (
    Game,
    GameInfo,
    IllegalMoveError,
    NotationError,
    OptionError,
    PluginDeprecationWarning,
    Sampler,
    StateFormatError,
    TabletopError,
    seat_text,
)
from tabletop.older_forms import lines_form, listening, outcome_form, render_text_form
from tabletop.record import Record, record_of, replay, start

GARBAGE_NOTATION = ("", "   ", "???", "\x00", "move move move move", "-1", "z99z99")
#: Values of the wrong type offered to `apply`: none of them is any game's move. One that
#: `apply` accepts fails the kit; one it refuses with another error than the game's gives a
#: `PluginDeprecationWarning` (once per game and error), as plugins written before this
#: check read a move's fields.
WRONG_TYPES: tuple[Any, ...] = (None, "not a move", 2.5)
_WARNED_TYPES: set[tuple[str, str]] = set()
#: Numbers out of any board's range, put in place of a move's whole numbers.
OUT_OF_RANGE = (-1, 10**6)
#: Plies of the game replayed under another PYTHONHASHSEED (enough to reach the middle
#: game of most games; the subprocess stays well under a second).
HASH_CHECK_PLIES = 120
#: Legal moves per fully checked position whose explanation (`Game.explain`) is read: the
#: first two listed and one at random.
EXPLAINED_MOVES = 3


class ConformanceError(AssertionError):
    """The game broke the plugin contract; the message lists every violation found."""


@dataclass
class KitReport:
    """What the kit checked, and the violations it found; `games_cut` counts the games
    `check_game`'s `max_plies` stopped before their end (they are in `games_played`).
    `unchecked` says which checks could not run for this game, and why (not violations:
    the move order under another PYTHONHASHSEED needs a game a fresh process can load).
    `deprecations` lists the older forms of the contract the game still uses, each with
    what to change (`tabletop.model.PluginDeprecationWarning`): not violations, unless
    `check_game(..., strict=True)`."""

    game: str
    games_played: int = 0
    games_cut: int = 0
    plies: int = 0
    full_checks: int = 0
    problems: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    deprecations: list[str] = field(default_factory=list)
    #: Kinds of violation already reported once, where one report says it all.
    _seen_kinds: set[str] = field(default_factory=set, repr=False)
    #: Per player count: the declared action count and observation shape (or None).
    _spaces: dict[int, tuple[int | None, tuple[int, ...] | None]] = field(
        default_factory=dict, repr=False)
    #: The game's learning spaces (`Game.spaces`), as the kit probes them.
    _learning: Any = field(default=None, repr=False)

    def fail_once(self, kind: str, problem: str) -> None:
        """Note a violation of `kind` only the first time (the same bug at every ply)."""
        if kind not in self._seen_kinds:
            self._seen_kinds.add(kind)
            self.fail(problem)

    def fail(self, problem: str) -> None:
        """Note a violation (each once; the first 50 are kept, enough to see the pattern)."""
        if problem not in self.problems and len(self.problems) < 50:
            self.problems.append(problem)

    def deprecated(self, message: str) -> None:
        """Note an older form of the contract the game uses (each message once)."""
        if message not in self.deprecations:
            self.deprecations.append(message)


class _PluginRaised(Exception):
    """The game's code raised something other than the model's errors."""

    def __init__(self, method: str, exc: BaseException) -> None:
        super().__init__(f"{method} raised {type(exc).__name__}: {one_line(exc, 200)}")
        self.method = method


class _Probe:
    """The game as the kit calls it: each method call that raises anything but a
    `TabletopError` raises `_PluginRaised` naming the method, so that the kit reports it
    as a violation; `last` is the method that raised most recently (for a `TabletopError`
    where none was due)."""

    def __init__(self, game: Any, parent: _Probe | None = None, prefix: str = "") -> None:
        self.game = game
        self.info: GameInfo = parent.info if parent is not None else game.info
        self.last = "?"
        # A capability the game handed out (`spaces()`, `codec()`, `sampler()`) is
        # probed as the game is, its methods named after it ("spaces().move_of").
        self._parent = parent
        self._prefix = prefix

    def _raised(self, name: str) -> None:
        self.last = name
        if self._parent is not None:
            self._parent._raised(name)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.game, name)
        if not callable(value):
            return value
        named = self._prefix + name

        @functools.wraps(value)  # keeps the signature: `seat_text` reads it
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                found = value(*args, **kwargs)
            except TabletopError:
                self._raised(named)
                raise
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # SystemExit too: plugin code never ends a run
                self._raised(named)
                raise _PluginRaised(named, exc) from exc
            if name in _CAPABILITIES and not self._prefix and found is not None:
                return _Probe(found, self, f"{name}().")
            return found

        return call


#: The `Game` methods that hand out a capability object (`tabletop.model.capabilities`).
_CAPABILITIES = frozenset({"spaces", "codec", "sampler"})


def random_record(game: Game[Any, Any], players: int, seed: int,
                  agents: Sequence[str] | None = None) -> Record:
    """A whole game of `game` played on a `Table` by the random agent in every seat (its
    decisions seeded from `seed` as in play, as are the chance steps), kept as a record:
    a finished game to replay, keep in a library or measure with. `agents` names the
    seats' players in the record (default: a person in every seat)."""

    from tabletop.ai import RandomAgent
    from tabletop.play.table import Table
    from tabletop.seats import seats_of

    table = Table.of_game(None, game, seats_of(("random",) * players), {}, seed,
                          agents={"random": RandomAgent()})
    table.run()
    return dataclasses.replace(table.record(),
                               agents=tuple(agents or ("human",) * players))


def check_game(game: Game[Any, Any], seeds: Iterable[int] = range(8),
               players: Iterable[int] | None = None,
               options: Mapping[str, Any] | None = None,
               full_check_plies: int = 40, full_check_every: int = 10,
               max_plies: int | None = None, strict: bool = False) -> KitReport:
    """Run the kit over random games of `game`; raise `ConformanceError` on any violation.

    Each seed plays one random game for each player count in `players` (default: the
    smallest and the largest the game allows). Along each game the kit checks that legal
    moves are empty exactly when the game is over (and `to_move` and `outcome` agree),
    hold no duplicates and come in the same order when asked twice; that `apply` takes
    every legal move, never changes its input, and refuses with a `TabletopError`
    (`IllegalMoveError`) a move that is not legal here: a move legal in another position,
    a move's whole numbers set out of range (-1, 1000000), and a value of the wrong type
    (None, a string, a float); that each chance step lists outcomes with positive
    probabilities summing to 1 and `apply_chance` leaves its input unchanged; that
    `describe` gives non-empty lines; and that games end within `info.max_plies`.
    Every special move (`special_moves`) is the seat to move's: one that ends the game
    must not make that seat a winner while another seat loses (a seat resigns for
    itself), else `to_move` names another seat than the one the moves serve.

    On the first `full_check_plies` plies of each game and every `full_check_every`-th
    ply after that: every legal move's notation round-trips and garbage notation is
    refused; the state dict is JSON-ready, versioned and round-trips; `render_text`
    gives text for every seat and for a spectator (None); `explain` of a few legal moves
    gives None, a text or a `Line` on one line whose template fits, and leaves the state
    as it was; and in a hidden-information game, a state drawn by its sampler from a
    seat's observation gives that seat the same observation, the same text and (for the
    seat to move) the same legal moves and explanations, and a spectator the same text;
    legal moves that follow what another seat sees instead are that seat's, and `to_move`
    is wrong. There too, after the ply played, for each seat: a state drawn from what it
    saw before, where the same move is legal, gives the same log lines (`describe`:
    every seat reads them) unless the seat's observation after the move differs, and
    then `reveals` must say True (a ply followed by a chance step is not judged: its
    roll already keeps it from being undone; on the ply that ends the game, a silent
    `reveals` is for now a `PluginDeprecationWarning`, once per game, not a failure).
    A game whose views travel on the wire (`tabletop.model.Game.codec`) gives back each
    seat's observation from its codec's `view_from_dict` of its `view_to_dict`, through
    JSON. A game whose learning spaces (`tabletop.model.Game.spaces`) declare a fixed
    action space (`tabletop.model.LearningSpaces.action_count`) maps every legal move to
    a distinct index in range and back (`action_of`, `move_of`), lists exactly those
    indices as `legal_actions`, and refuses other indices with `IllegalMoveError`; one
    that declares observation tensors (`observation_shape`) gives every seat a float32
    array of that shape in [0, 1], the same for states drawn by the game's sampler
    (`tabletop.model.Game.sampler`) from the seat's observation. Each game's record
    replays to the same final state and the same bytes, and a finished game's record
    without its last move is refused. Once
    per call, the first game's moves are replayed in a fresh Python process under
    another `PYTHONHASHSEED`: its start state and the order of its legal moves must be
    the same (a set's order is not). Before any game: the player range, `max_plies`, an
    unknown option and too many players refused, junk state dicts refused with
    `StateFormatError`, a sampler provided by a hidden-information game, and the
    game's tutorial, if it ships one (`check_tutorial`).

    An exception the game's code raises (other than the model's errors where they are
    due) is a violation naming the method; that game stops there and the others go on.

    The older forms of the contract the game uses (each `PluginDeprecationWarning` said
    while the kit runs, a plain-text log line or outcome reason that names a seat) are
    listed in the report's `deprecations` and warned as usual; with `strict=True` they
    fail the kit too.

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
    probe = _Probe(game)
    checked = cast(Game[Any, Any], probe)  # the same methods, each failure named
    elsewhere: list[Any] = []  # moves met in other positions, to offer where illegal
    first: list[tuple[int, int, list[str]]] = []  # the first game played, in notation
    with _deprecations_noted(game, report):
        _guarded(probe, report, "before any game", lambda: _check_static(checked, report))
        for seed in seeds:
            for count in counts:
                _play_one(checked, probe, count, options, seed, report, full_check_plies,
                          full_check_every, max_plies, elsewhere, first)
    if first and not report.problems:
        # Only for a game that passed the rest, on moves already played once here (a
        # fresh random game could meet a bug the kit's own games did not).
        count, seed, moves = first[0]
        _check_hash_order(game, count, options, seed, moves[:HASH_CHECK_PLIES], report)
    problems = report.problems + ([f"deprecated (strict=True): {said}"
                                   for said in report.deprecations] if strict else [])
    if problems:
        raise ConformanceError(f"{info.id} breaks the contract:\n- " + "\n- ".join(problems))
    return report


@contextlib.contextmanager
def _deprecations_noted(game: Game[Any, Any], report: KitReport) -> Iterator[None]:
    """Note in `report.deprecations` each `PluginDeprecationWarning` said while the kit
    runs `game` (said as usual too), the older `render_text` included, which the host
    says once per game class: noted again here, not said twice."""
    said = render_text_form(game)
    if said is not None:
        report.deprecated(said)
    with listening(report.deprecated):
        yield


def _guarded(probe: _Probe, report: KitReport, where: str, check: Callable[[], None]) -> bool:
    """Run `check`; a failure of the game's code becomes a violation. False if it failed."""
    try:
        check()
    except _PluginRaised as exc:
        report.fail(f"{where}: {exc}")
        return False
    except TabletopError as exc:
        report.fail(f"{where}: {probe.last} raised {type(exc).__name__}: {one_line(exc, 200)}")
        return False
    return True
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
            raised = exc.__cause__ if isinstance(exc, _PluginRaised) else exc
            report.fail(f"state_from_dict({bad!r}) raised {type(raised).__name__}, "
                        "not StateFormatError")
    if info.hidden_information and game.sampler() is None:
        report.fail("a hidden-information game must provide a sampler (Game.sampler "
                    "returning a tabletop.model.Sampler) so that its observations can be "
                    "checked")
    if info.tutorial is not None:
        for problem in _tutorial_problems(game):
            report.fail(f"tutorial: {problem}")


def _tutorial_problems(game: Game[Any, Any]) -> list[str]:
    """What is wrong with the game's tutorial (`tabletop.tutorial.tutorial_problems`), or
    the one reason it cannot be read."""
    from tabletop.tutorial import TutorialError, tutorial_of, tutorial_problems

    try:
        tutorial = tutorial_of(game)
    except TutorialError as exc:
        return [one_line(exc, 300)]
    return tutorial_problems(game, tutorial) if tutorial is not None else []


def check_tutorial(game: Game[Any, Any]) -> None:
    """Check the tutorial `game` ships (its info's `tutorial`); raise `ConformanceError`
    listing what is wrong: it reads (`tabletop.tutorial.read_tutorial`); every step's
    position replays from its start and moves; at each step that asks for a move, the
    learner's seat is to move and every asked move is legal there; every section a step
    cites is a numbered section of the rulebook (its info's `rules_text`), and every
    section of the rulebook is taught by some step or listed in `not_taught` with the
    reason. A game without a tutorial passes."""
    probe = _Probe(game)
    report = KitReport(game.info.id)
    if _guarded(probe, report, "the tutorial",
                lambda: report.problems.extend(_tutorial_problems(
                    cast(Game[Any, Any], probe)))) and not report.problems:
        return
    raise ConformanceError(f"{game.info.id}'s tutorial:\n- " + "\n- ".join(report.problems))


def _play_one(game: Game[Any, Any], probe: _Probe, players: int,
              options: Mapping[str, Any] | None, seed: int, report: KitReport,
              full_plies: int, every: int, cut_at: int | None, elsewhere: list[Any],
              first: list[tuple[int, int, list[str]]]) -> None:
    rng = random.Random(seed)
    where = f"{players} players, seed {seed}"
    at = where  # where the game is, for a failure of its code

    def begin() -> tuple[Any, dict[str, Any]] | None:
        # As `tabletop.record.start` does, with each chance step of the set-up checked.
        game.info.check_players(players)
        resolved = game.info.resolve_options(options)
        state = _settle_checked(game, game.new_state(players, resolved, seed), seed, 0,
                                f"{where}, set-up", report)
        if state is None:
            return None  # a broken chance step, already reported
        again, _ = start(game, players, options, seed)
        if game.state_to_dict(again) != game.state_to_dict(state):
            report.fail("the same seed gave two different start states")
        return state, resolved

    try:
        probe.last = "new_state"
        begun = begin()
    except _PluginRaised as exc:
        report.fail(f"{where}, set-up: {exc}")
        return
    except OptionError:
        raise  # the caller's players or options: their mistake, not the game's
    except TabletopError as exc:
        report.fail(f"{where}, set-up: {probe.last} raised {type(exc).__name__}: "
                    f"{one_line(exc, 200)}")
        return
    if begun is None:
        return
    state, resolved = begun
    if players not in report._spaces and not _guarded(
            probe, report, f"{where}, its spaces",
            lambda: _declared_spaces(game, players, resolved, report)):
        return
    states, moves = [state], []
    declared = game.info.max_plies
    bound = declared if declared is not None else cut_at
    assert bound is not None  # check_game insists on one
    cut = False
    for ply in range(bound + 1):
        at = f"{where}, ply {ply}"
        try:
            step = _one_ply(game, state, ply, players, seed, rng, at, report,
                            full_plies > ply or ply % every == 0, elsewhere)
        except _PluginRaised as exc:
            report.fail(f"{at}: {exc}")
            return
        except TabletopError as exc:
            report.fail(f"{at}: {probe.last} raised {type(exc).__name__}: "
                        f"{one_line(exc, 200)}")
            return
        if step is None:
            return  # a violation that makes the rest of this game meaningless
        if step is _OVER:
            break
        if ply == bound:
            if declared is not None:
                report.fail(f"{where}: not over after info.max_plies = {declared} plies")
                return
            cut = True  # the caller's bound, not the rules': checked as far as it went
            break
        move, after = step
        states.append(after)
        moves.append(move)
        state = after
        report.plies += 1
    report.games_played += 1
    if cut:
        report.games_cut += 1
    if not first:
        first.append((players, seed, [game.move_to_text(before, move)
                                      for before, move in zip(states, moves, strict=False)]))
    _guarded(probe, report, f"{where}, its record", lambda: _check_record(
        game, players, resolved, seed, states, moves, where, report, over=not cut))


#: `_one_ply`'s answer for a state where the game is over.
_OVER: Any = object()


def _one_ply(game: Game[Any, Any], state: Any, ply: int, players: int, seed: int,
             rng: random.Random, where: str, report: KitReport, full: bool,
             elsewhere: list[Any]) -> Any:
    """Check `state` and play one random move: (move, state after), `_OVER` at the end,
    or None after a violation that stops this game."""
    moves_here = list(game.legal_moves(state))
    outcome = game.outcome(state)
    mover = game.to_move(state)
    if (not moves_here) != (outcome is not None) or (mover is None) != (outcome is not None):
        report.fail(f"{where}: legal moves {len(moves_here)}, outcome "
                    f"{outcome}, to_move {mover}: these must agree on whether it is over")
        return None
    own = game.game if isinstance(game, _Probe) else game  # named by its own class
    if outcome is not None and "outcome form" not in report._seen_kinds:
        said = outcome_form(own, outcome)
        if said is not None:  # one example says it: not one per game
            report._seen_kinds.add("outcome form")
            report.deprecated(said)
    if full or outcome is not None:
        _check_state(game, state, moves_here, players, rng, where, report)
        # A stream of its own (seeded by the position's name): the declared spaces are
        # checked without changing which random games the kit plays.
        _check_spaces(game, state, moves_here, players, random.Random(where), where, report)
        report.full_checks += 1
    if outcome is not None:
        return _OVER
    if len(set(moves_here)) != len(moves_here):
        report.fail(f"{where}: legal moves contain duplicates")
    if list(game.legal_moves(state)) != moves_here:
        report.fail(f"{where}: legal moves are not in a stable order")
    if full:
        _check_illegal(game, state, moves_here, elsewhere, where, report)
        # A stream of its own, as for the spaces: the random games stay the same.
        _check_explain(game, state, moves_here, random.Random(f"{where} explain"), where,
                       report)
    for move in moves_here[:4]:  # a few, so the pool holds moves of many positions
        if len(elsewhere) < 200 and move not in elsewhere:
            elsewhere.append(move)
    move = moves_here[rng.randrange(len(moves_here))]
    before = json.dumps(game.state_to_dict(state), sort_keys=True)
    try:
        after = game.apply(state, move)
    except TabletopError as exc:
        report.fail(f"{where}: apply refused its own legal move: {exc}")
        return None
    if json.dumps(game.state_to_dict(state), sort_keys=True) != before:
        report.fail(f"{where}: apply changed its input state")
    rolled = bool(list(game.chance_outcomes(after)))
    after = _settle_checked(game, after, seed, ply + 1, where, report)
    if after is None:
        return None
    lines = game.describe(state, move, after)
    if "describe form" not in report._seen_kinds and isinstance(lines, Sequence):
        said = lines_form(own, lines)
        if said is not None:  # one example says it: not one per ply
            report._seen_kinds.add("describe form")
            report.deprecated(said)
    labels = game.info.seat_names  # past them, render names seats "Player N" as the game
    if not lines or not all(isinstance(line, (str, Line)) and render(line, labels)
                            for line in lines):
        report.fail(f"{where}: describe must give non-empty log lines (texts or Lines)")
    for line in lines:
        problem = template_problem(line) if isinstance(line, Line) else None
        if problem:
            report.fail(f"{where}: describe gave a line whose template does not fit its "
                        f"arguments: {problem}")
            break
    sampler = game.sampler() if full and game.info.hidden_information else None
    if sampler is not None:
        _check_move_secrets(game, sampler, state, move, after, lines, players, seed, ply,
                            rolled, where, report)
    return move, after


def _settle_checked(game: Game[Any, Any], state: Any, seed: int, ply: int, where: str,
                    report: KitReport) -> Any:
    """`tabletop.chance.settle`, checking each chance step on the way (the same draws, so
    the records replay); None after a violation."""
    for step in range(1000):
        outcomes = list(game.chance_outcomes(state))
        if not outcomes:
            return state
        if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in outcomes):
            report.fail(f"{where}: chance_outcomes must give (outcome, probability) pairs")
            return None
        probabilities = [p for _, p in outcomes]
        if not all(not isinstance(p, bool) and isinstance(p, int | float) and p > 0
                   for p in probabilities) or not math.isclose(
                       sum(probabilities), 1.0, rel_tol=0, abs_tol=1e-9):
            report.fail(f"{where}: chance probabilities must be positive and sum to 1, "
                        f"not {[round(p, 4) for p in probabilities[:6]]}")
            return None
        if len({outcome for outcome, _ in outcomes}) != len(outcomes):
            report.fail(f"{where}: chance_outcomes lists an outcome twice")
        outcome = draw(outcomes, random.Random(chance_seed(seed, ply, step)))
        before = json.dumps(game.state_to_dict(state), sort_keys=True)
        after = game.apply_chance(state, outcome)
        if json.dumps(game.state_to_dict(state), sort_keys=True) != before:
            report.fail(f"{where}: apply_chance changed its input state")
        state = after
    report.fail(f"{where}: 1000 chance steps in a row: apply_chance never reaches a move")
    return None


def _out_of_range(move: Any) -> list[Any]:
    """`move` with each of its whole numbers set out of range, one at a time: the move
    itself if it is a number, the items of a tuple, the fields of a dataclass."""
    def is_whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    found: list[Any] = []
    for bad in OUT_OF_RANGE:
        if is_whole(move):
            found.append(bad)
        elif isinstance(move, tuple) and type(move) is tuple:
            found += [(*move[:i], bad, *move[i + 1:]) for i, v in enumerate(move)
                      if is_whole(v)]
        elif dataclasses.is_dataclass(move) and not isinstance(move, type):
            for f in dataclasses.fields(move):
                if f.init and is_whole(getattr(move, f.name)):
                    # A move type may refuse the number itself: then nothing to offer.
                    with contextlib.suppress(Exception):
                        found.append(dataclasses.replace(move, **{f.name: bad}))
    return found


def _check_illegal(game: Game[Any, Any], state: Any, legal: list[Any],
                   elsewhere: list[Any], where: str, report: KitReport) -> None:
    """`apply` must refuse, with the model's error, moves that are not legal here."""
    allowed = legal + list(game.special_moves(state))

    def not_allowed(move: Any) -> bool:
        try:
            return all(move != ok for ok in allowed)
        except Exception:  # a value that cannot be compared with a move is no move
            return True

    candidates = [m for m in elsewhere if not_allowed(m)][-2:]
    candidates += [m for m in _out_of_range(legal[0]) if not_allowed(m)][:4]
    wrong_types = [m for m in WRONG_TYPES if not_allowed(m)]
    for move in candidates + wrong_types:
        try:
            game.apply(state, move)
        except TabletopError:
            continue
        except _PluginRaised as exc:
            raised = type(exc.__cause__).__name__
            if move in wrong_types:
                # Plugins written before the kit offered values of the wrong type read a
                # move's fields and raise: a deprecation (warned once per game and
                # error), for now, not a failure.
                said = (f"game {game.info.id!r}: apply({move!r}) raised {raised}; refuse a "
                        "value that is not a move with IllegalMoveError (the kit will fail "
                        "this in a later version)")
                report.deprecated(said)
                if (game.info.id, raised) not in _WARNED_TYPES:
                    _WARNED_TYPES.add((game.info.id, raised))
                    warnings.warn(said, PluginDeprecationWarning, stacklevel=2)
            if move in wrong_types:
                continue
            report.fail_once(f"raised {raised} {type(move).__name__}",
                             f"{where}: apply({move!r}) raised {raised}, not "
                             "IllegalMoveError (a move that is not legal here must be "
                             "refused with the game's error)")
            continue
        report.fail_once(f"accepted {type(move).__name__}",
                         f"{where}: apply accepted {move!r}, which is not a legal move here")


def _check_explain(game: Game[Any, Any], state: Any, moves: list[Any], rng: random.Random,
                   where: str, report: KitReport) -> None:
    """`explain` of a few legal moves, for the seat to move: None, a text or a `Line` on
    one line whose template fits its arguments; the state left as it was; and in a
    hidden-information game the same for states drawn from the seat's observation (a
    hint tells nothing the seat cannot see)."""
    seat = game.to_move(state)
    if seat is None or not moves:
        return
    picked = list(dict.fromkeys([*moves[:EXPLAINED_MOVES - 1],
                                 moves[rng.randrange(len(moves))]]))
    before = json.dumps(game.state_to_dict(state), sort_keys=True)
    said = []
    for move in picked:
        line = game.explain(state, move, seat)
        problem = _explanation_problem(line)
        if problem:
            report.fail_once("explanation", f"{where}: explain({move!r}) {problem}")
            return
        said.append(line)
    if json.dumps(game.state_to_dict(state), sort_keys=True) != before:
        report.fail(f"{where}: explain changed its input state")
        return
    sampler = game.sampler() if game.info.hidden_information else None
    if sampler is None:
        return
    seen = game.observation(state, seat)
    for _ in range(2):
        other = sampler.sample_state(seen, seat, rng)
        for move, line in zip(picked, said, strict=True):
            if game.explain(other, move, seat) != line:
                report.fail_once("explanation secrets", f"{where}: seat {seat}'s "
                                 f"explanation of {move!r} depends on what it cannot see "
                                 "(a sampled consistent state gives another)")
                return


def _explanation_problem(line: Any) -> str | None:
    """What is wrong with an explanation (None: nothing): not None, a text or a `Line`;
    empty, or more than one line; a template that does not fit its arguments."""
    if line is None:
        return None
    if not isinstance(line, (str, Line)):
        return f"must give a text, a Line or None, not {type(line).__name__}"
    problem = template_problem(line)
    if problem:
        return f"gave a line whose template does not fit its arguments: {problem}"
    text = render(line)
    if not text.strip():
        return "gave an empty line (None says there is nothing to explain)"
    if "\n" in text:
        return "must be one line, not several"
    return None


def _check_state(game: Game[Any, Any], state: Any, moves: list[Any], players: int,
                 rng: random.Random, where: str, report: KitReport) -> None:
    texts = {seat: seat_text(game, state, seat) for seat in (None, *range(players))}
    if not all(isinstance(text, str) for text in texts.values()):
        report.fail(f"{where}: render_text must return text (for every seat and None)")
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
            raised = exc.__cause__ if isinstance(exc, _PluginRaised) else exc
            report.fail(f"{where}: parse_move({junk!r}) raised {type(raised).__name__}, "
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
    _check_special_moves(game, state, players, where, report)
    _check_view_codec(game, state, players, where, report)
    # Observations and texts hide what the seat cannot see: states that differ only in
    # hidden parts must look the same to the seat, read the same to it and to a
    # spectator (who sees what every seat sees), and offer it the same moves.
    sampler = game.sampler() if game.info.hidden_information else None
    if sampler is not None:
        mover = game.to_move(state)
        for seat in range(players):
            seen = game.observation(state, seat)
            for _ in range(2):
                other = sampler.sample_state(seen, seat, rng)
                if game.observation(other, seat) != seen:
                    report.fail(f"{where}: seat {seat}'s observation depends on what it "
                                "cannot see (a sampled consistent state looks different)")
                    break
                if seat_text(game, other, seat) != texts[seat]:
                    report.fail(f"{where}: seat {seat}'s render_text shows what it cannot "
                                "see (a sampled consistent state reads differently)")
                    break
                if seat_text(game, other, None) != texts[None]:
                    report.fail(f"{where}: the spectator's render_text (seat None) shows "
                                f"what seat {seat} cannot see")
                    break
        if mover is not None:  # a stream of its own: the random games stay the same
            _check_mover(game, state, mover, moves, players, random.Random(f"{where} mover"),
                         where, report)


#: States drawn from one seat's observation to see whose observation the legal moves
#: follow (`_check_mover`).
MOVER_SAMPLES = 3


def _check_mover(game: Game[Any, Any], state: Any, mover: int, moves: list[Any],
                 players: int, rng: random.Random, where: str, report: KitReport) -> None:
    """The legal moves are the seat to move's: the same in every state it cannot tell
    from this one. Moves that change with what it cannot see but follow what another
    seat sees are that seat's, and `to_move` names the wrong seat."""
    def follow(seat: int, samples: int) -> bool:
        seen = game.observation(state, seat)
        sampler = game.sampler()
        return sampler is not None and all(
            list(game.legal_moves(sampler.sample_state(seen, seat, rng))) == moves
            for _ in range(samples))

    if follow(mover, 2):
        return
    for seat in range(players):
        if seat != mover and follow(seat, MOVER_SAMPLES):
            report.fail_once("to_move", f"{where}: to_move names seat {mover}, but the "
                             f"legal moves are seat {seat}'s: they follow what seat {seat} "
                             f"sees and change with what seat {mover} cannot see (to_move "
                             "must name the seat whose moves legal_moves lists)")
            return
    report.fail(f"{where}: seat {mover}'s legal moves depend on what it cannot see")


def _check_special_moves(game: Game[Any, Any], state: Any, players: int, where: str,
                         report: KitReport) -> None:
    """A special move is the seat to move's (the host offers it to that seat, and a
    resignation loses for whoever makes it): one that ends the game must not make that
    seat a winner while another seat loses."""
    mover = game.to_move(state)
    if mover is None:
        return
    for special in game.special_moves(state):
        outcome = game.outcome(game.apply(state, special))
        if outcome is None or mover not in outcome.winners:
            continue
        losers = [seat for seat in range(players) if seat not in outcome.winners]
        if losers:
            text = game.move_to_text(state, special)
            report.fail_once("to_move special", f"{where}: to_move names seat {mover}, but "
                             f"the special move {text!r} ends the game with seat {mover} "
                             f"winning and seat {losers[0]} losing: a special move is the "
                             "seat to move's own (a resignation loses for the seat that "
                             "makes it), so to_move names another seat than the one the "
                             "moves serve")
            return


def _view_codec(game: Game[Any, Any]) -> tuple[Callable[[Any], Any],
                                               Callable[[Any], Any]] | None:
    """The game's codec of a seat's view for the wire, `(to_dict, from_dict)`, or None
    when its views do not travel (an online client then shows its text)."""
    codec = game.codec()
    if codec is None:
        return None
    return codec.view_to_dict, codec.view_from_dict


def _check_view_codec(game: Game[Any, Any], state: Any, players: int, where: str,
                      report: KitReport) -> None:
    """Each seat's observation comes back whole from `view_from_dict` of its
    `view_to_dict`, through JSON, as an online client reads it."""
    codec = _view_codec(game)
    if codec is None:
        return
    to_dict, from_dict = codec
    for seat in range(players):
        view = game.observation(state, seat)
        data = to_dict(view)
        try:
            sent = json.loads(json.dumps(data))
        except (TypeError, ValueError) as exc:
            report.fail_once("view json", f"{where}: view_to_dict of seat {seat}'s "
                             f"observation is not JSON-ready: {one_line(exc, 120)}")
            return
        try:
            back = from_dict(sent)
        except TabletopError as exc:
            report.fail_once("view refused", f"{where}: view_from_dict refused what "
                             f"view_to_dict wrote of seat {seat}'s observation: "
                             f"{one_line(exc, 200)}")
            return
        # A view without value equality (a state compared by identity) is compared by
        # what it writes; an observation is a comparable value, compared as it is.
        same = (to_dict(back) == data if type(view).__eq__ is object.__eq__
                else back == view)
        if not same:
            report.fail_once("view codec", f"{where}: view_from_dict(view_to_dict(view)) "
                             f"is not seat {seat}'s observation: the view does not "
                             "round-trip (an online client would draw another position)")
            return


#: Games already warned of a `reveals` silent at the end of the game (once per game).
_WARNED_SHOWDOWNS: set[str] = set()


def _silent_showdown(game: Game[Any, Any], text: str, seat: int, report: KitReport) -> None:
    """A `reveals` silent on the ply that ends the game and shows what was hidden (a
    showdown): a deprecation for now, as plugins written before this check were not
    told, and a failure in a later version."""
    said = (f"game {game.info.id!r}: reveals is False for {text!r}, which ends the game and "
            f"shows seat {seat} what it could not see before; return True for it, so that "
            "no one takes the move back having seen (the kit will fail this in a later "
            "version)")
    report.deprecated(said)
    if game.info.id not in _WARNED_SHOWDOWNS:
        _WARNED_SHOWDOWNS.add(game.info.id)
        warnings.warn(said, PluginDeprecationWarning, stacklevel=2)


def _check_move_secrets(game: Game[Any, Any], sampler: Sampler[Any], before: Any,
                        move: Any, after: Any, lines: Sequence[str | Line], players: int,
                        seed: int, ply: int, rolled: bool, where: str,
                        report: KitReport) -> None:
    """What the ply `before` → `after` tells each seat, in a hidden-information game.

    For each seat, states drawn from its observation before the ply (where the same move
    is legal) are played on with the same chance draws. The log lines (`describe`, read
    by every seat) must be the same where the seat's observation after the move is the
    same; where that observation differs, the ply showed the seat what it could not see
    before, and `reveals` must say so. A ply followed by a chance step is not judged on
    `reveals`: its roll already keeps it from being undone. A silent `reveals` on the ply
    that ends the game is for now a deprecation (`_silent_showdown`)."""
    from tabletop.chance import settle

    rng = random.Random(f"{where} move secrets")  # the random games stay the same
    revealed = rolled or game.reveals(before, move, after)
    text = game.move_to_text(before, move)
    for seat in range(players):
        seen = game.observation(before, seat)
        seen_after = game.observation(after, seat)
        for _ in range(2):
            other = sampler.sample_state(seen, seat, rng)
            if move not in list(game.legal_moves(other)):
                continue  # another hand than the mover's: not this ply
            other_after = settle(game, game.apply(other, move), seed, ply + 1)
            if game.observation(other_after, seat) != seen_after:
                if not revealed and game.outcome(after) is not None:
                    _silent_showdown(game, text, seat, report)
                    return
                if not revealed:
                    report.fail_once("reveals", f"{where}: reveals is False for {text!r}, "
                                     f"but the ply showed seat {seat} what it could not see "
                                     "before (a sampled consistent state gives it another "
                                     "observation after the same move): reveals must say "
                                     "True, so that no one takes the move back having seen")
                    return
                continue  # what the ply showed, the lines may tell
            if list(game.describe(other, move, other_after)) != list(lines):
                report.fail_once("describe secrets", f"{where}: describe of {text!r} tells "
                                 f"what seat {seat} cannot see (a sampled consistent state "
                                 "gives other log lines, and every seat reads them)")
                return


def _declared_spaces(game: Game[Any, Any], players: int, options: Mapping[str, Any],
                     report: KitReport) -> None:
    """Note the action count and observation shape `game`'s learning spaces declare for
    `players` (None: none), each checked: a positive whole number, a tuple of positive
    whole numbers."""
    learning = game.spaces()
    report._learning = learning
    if learning is None:
        report._spaces[players] = (None, None)
        return
    count = learning.action_count(players, options)
    shape = learning.observation_shape(players, options)
    if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                              or count < 1):
        report.fail(f"{players} players: action_count must be a positive whole number or "
                    f"None, not {count!r}")
        count = None
    if shape is not None and not (isinstance(shape, tuple) and shape and all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in shape)):
        report.fail(f"{players} players: observation_shape must be a tuple of positive "
                    f"whole numbers or None, not {shape!r}")
        shape = None
    report._spaces[players] = (count, shape)


def _check_spaces(game: Game[Any, Any], state: Any, moves: list[Any], players: int,
                  rng: random.Random, where: str, report: KitReport) -> None:
    """The declared action space and observation tensors (the game's `Game.spaces`), if
    any, at `state`: every legal move an index and back,
    the legal actions exactly the legal moves', other indices refused, and each seat's
    tensor of the declared shape, in [0, 1], the same for states it cannot tell apart."""
    count, shape = report._spaces.get(players, (None, None))
    learning = report._learning
    if count is not None:
        _check_actions(learning, state, moves, count, rng, where, report)
    if shape is not None:
        _check_tensors(game, learning, state, players, shape, rng, where, report)


def _check_actions(learning: Any, state: Any, moves: list[Any], count: int,
                   rng: random.Random, where: str, report: KitReport) -> None:
    actions = []
    for move in moves:
        action = learning.action_of(state, move)
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < count:
            report.fail_once("action range", f"{where}: action_of({move!r}) is {action!r}, "
                             f"not a whole number in 0..{count - 1}")
            return
        back = learning.move_of(state, action)
        if back != move:
            report.fail_once("action round trip", f"{where}: move_of(action_of({move!r})) "
                             f"= move_of({action}) is {back!r}, not the move")
        actions.append(action)
    if len(set(actions)) != len(actions):
        report.fail_once("action duplicates", f"{where}: two legal moves share an action")
    mask = list(learning.legal_actions(state))
    if mask != sorted(actions):
        report.fail_once("action mask", f"{where}: legal_actions {mask[:8]} is not the "
                         f"legal moves' actions, ascending ({sorted(actions)[:8]})")
    taken = set(actions)
    others = [a for a in rng.sample(range(count), min(count, 8)) if a not in taken]
    for action in [*others[:4], -1, count]:
        try:
            found = learning.move_of(state, action)
        except TabletopError:
            continue
        report.fail_once("action not refused", f"{where}: move_of({action}) gave "
                         f"{found!r}, but {action} is no legal move's action here")
        return


def _check_tensors(game: Game[Any, Any], learning: Any, state: Any, players: int,
                   shape: tuple[int, ...], rng: random.Random, where: str,
                   report: KitReport) -> None:
    import numpy as np  # only for a game that declares tensors

    for seat in range(players):
        tensor = learning.observation_tensor(state, seat)
        if (not isinstance(tensor, np.ndarray) or tensor.dtype != np.float32
                or tensor.shape != shape):
            report.fail_once("tensor type", f"{where}: observation_tensor(state, {seat}) "
                             f"must be a float32 array of shape {shape}, not "
                             f"{type(tensor).__name__} {getattr(tensor, 'dtype', '')} "
                             f"{getattr(tensor, 'shape', '')}")
            return
        if not (np.all(tensor >= 0.0) and np.all(tensor <= 1.0)):  # NaN fails both
            report.fail_once("tensor range", f"{where}: seat {seat}'s observation tensor "
                             "has values outside [0, 1]")
        # What the seat cannot see must not show: states drawn from its observation
        # (which differ from this one only in what is hidden from it) give it the same.
        sampler = game.sampler() if game.info.hidden_information else None
        if sampler is not None:
            seen = game.observation(state, seat)
            for _ in range(2):
                other = sampler.sample_state(seen, seat, rng)
                if not np.array_equal(learning.observation_tensor(other, seat), tensor):
                    report.fail_once("tensor secrets", f"{where}: seat {seat}'s "
                                     "observation tensor depends on what it cannot see (a "
                                     "sampled consistent state gives another tensor)")
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


_HASH_CHILD = """
import base64, json, pickle, sys
from tabletop.testing import _move_orders
try:
    game, players, options, seed, moves = pickle.loads(base64.b64decode(sys.stdin.read()))
except Exception as exc:
    print(json.dumps({"unloadable": f"{type(exc).__name__}: {exc}"[:300]}))
    sys.exit(0)
try:
    print(json.dumps(_move_orders(game, players, options, seed, moves)))
except Exception as exc:
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:300]}))
"""


def _move_orders(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
                 seed: int, moves: Sequence[str]) -> dict[str, Any]:
    """The start state (as JSON) and each ply's legal moves in notation, in their order,
    along the game of `moves` (in notation) from `seed`."""
    from tabletop.chance import settle

    state, _ = start(game, players, options, seed)
    found: dict[str, Any] = {"start": json.dumps(game.state_to_dict(state), sort_keys=True),
                             "orders": []}
    for ply, text in enumerate(moves):
        legal = list(game.legal_moves(state))
        found["orders"].append([game.move_to_text(state, move) for move in legal])
        state = settle(game, game.apply(state, game.parse_move(state, text)), seed, ply + 1)
    return found


def _check_hash_order(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
                      seed: int, moves: list[str], report: KitReport) -> None:
    """One game's start and legal-move order must not change with `PYTHONHASHSEED`.

    A set or a dict keyed by strings iterates in an order that changes from one process
    to the next: a game listing its moves from one gives another game for the same seed
    and moves in every process ("one seed, one game" silently broken). One fresh process
    with another hash seed replays this process's moves and lists its own.
    """
    what = "the legal-move order under another PYTHONHASHSEED"
    try:
        here = _move_orders(game, players, options, seed, moves)
        job = base64.b64encode(pickle.dumps(
            (game, players, dict(options or {}), seed, moves))).decode()
    except (TabletopError, pickle.PicklingError, TypeError, AttributeError) as exc:
        report.unchecked.append(f"{what}: the game cannot be sent to a fresh process "
                                f"({type(exc).__name__}: {one_line(exc, 120)})")
        return
    # Another hash seed than this process's (a random one, unless the variable fixes it).
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    try:
        done = subprocess.run([sys.executable, "-c", _HASH_CHILD], input=job,
                              capture_output=True, text=True, check=False, timeout=120,
                              env=dict(_environment_with_path(), PYTHONHASHSEED=other))
    except subprocess.TimeoutExpired:
        report.unchecked.append(f"{what}: the fresh process took over 120 s")
        return
    lines = done.stdout.strip().splitlines()
    try:
        there = json.loads(lines[-1]) if lines else {}
    except ValueError:
        there = {}
    if "unloadable" in there or not there:
        reason = there.get("unloadable") or one_line(done.stderr.strip()[-300:] or "no answer")
        report.unchecked.append(f"{what}: a fresh process cannot load the game ({reason})")
        return
    where = f"{players} players, seed {seed}, PYTHONHASHSEED={other} in a fresh process"
    if there.get("start") != here["start"]:
        report.fail(f"{where}: the same seed gave another start state (does the set-up "
                    "iterate over a set?)")
        return
    orders = there.get("orders", [])
    for ply, (mine, theirs) in enumerate(zip(here["orders"], orders, strict=False)):
        if mine != theirs:
            report.fail(f"{where}, ply {ply}: the legal moves come in another order "
                        f"({', '.join(theirs[:5])} … there, {', '.join(mine[:5])} … here): "
                        "list them in an order that does not depend on hashing (sort "
                        "them, or keep them in a list)")
            return
    if "error" in there or len(orders) != len(here["orders"]):
        report.fail(f"{where}: the same moves do not replay there "
                    f"({there.get('error', 'the game ended elsewhere')})")


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


def check_analyst(game: Game[Any, Any], analyst: Any, players: int | None = None,
                  seeds: Iterable[int] = range(2), plies: int = 4,
                  budget: Any = None) -> None:
    """Check an analyst (`tabletop.ai.base.Analyst`) of `game` on random games: at
    `plies` positions of each game, its `values` give one number in [0, 1] per legal
    move and nothing for a move that is not legal; and in a hidden-information game,
    states sampled from one seat's observation (`tabletop.model.Game.sampler`) get
    the same values for the same generator: the analyst judges only what the seat knows.
    Raises `ConformanceError` listing every problem found."""
    from tabletop.ai.base import Budget, analyst_of

    if analyst_of(analyst) is None:
        raise ConformanceError(f"{type(analyst).__name__} has no values method")
    budget = budget or Budget(iterations=20)
    players = players or game.info.min_players
    problems: list[str] = []
    for seed in seeds:
        played = replay(game, random_record(game, players, seed))
        states = played.states[:-1]
        step = max(1, len(states) // plies)
        for ply in range(0, len(states), step)[:plies]:
            state = states[ply]
            seat = game.to_move(state)
            if seat is None:
                continue
            legal = list(game.legal_moves(state))
            view = game.observation(state, seat)
            values = list(analyst.values(view, seat, legal, budget,
                                         random.Random(f"{seed} {ply}")))
            where = f"seed {seed}, ply {ply}"
            if len(values) != len(legal):
                problems.append(f"{where}: {len(values)} values for {len(legal)} legal moves")
                continue
            if not all(isinstance(v, (int, float)) and 0.0 <= v <= 1.0 for v in values):
                problems.append(f"{where}: a value outside [0, 1]: {values}")
            sampler = game.sampler() if game.info.hidden_information else None
            if sampler is not None:
                other = sampler.sample_state(view, seat, random.Random(seed * 7919 + ply))
                again = list(analyst.values(game.observation(other, seat), seat,
                                            list(game.legal_moves(other)), budget,
                                            random.Random(f"{seed} {ply}")))
                if again != values:
                    problems.append(f"{where}: a state sampled from the seat's observation "
                                    "gets other values: the analyst sees more than the seat")
    if problems:
        raise ConformanceError("analyst: " + "; ".join(problems))
