"""The kit's main check, `check_game`: random games played to the end, each position and
ply checked against the contract.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
import random
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, cast

from tabletop.chance import chance_seed, draw
from tabletop.limits import one_line
from tabletop.lines import Line, render, template_problem
from tabletop.model import (
    Game,
    IllegalMoveError,
    NotationError,
    OptionError,
    PluginDeprecationWarning,
    StateFormatError,
    TabletopError,
    seat_text,
)
from tabletop.older_forms import lines_form, listening, outcome_form, render_text_form
from tabletop.record import Record, start
from tabletop.testing.replay import HASH_CHECK_PLIES, _check_hash_order, _check_record
from tabletop.testing.report import ConformanceError, KitReport, _guarded, _PluginRaised, _Probe
from tabletop.testing.secrets import (
    _check_move_secrets,
    _check_mover,
    _check_special_moves,
    _check_view_codec,
)
from tabletop.testing.spaces import _check_spaces, _declared_spaces
from tabletop.testing.tutorial import _tutorial_problems

GARBAGE_NOTATION = ("", "   ", "???", "\x00", "move move move move", "-1", "z99z99")


#: Values of the wrong type offered to `apply`: none of them is any game's move. One that
#: `apply` accepts fails the kit; one it refuses with another error than the game's gives a
#: `PluginDeprecationWarning` (once per game and error), as plugins written before this
#: check read a move's fields.
WRONG_TYPES: tuple[Any, ...] = (None, "not a move", 2.5)


_WARNED_TYPES: set[tuple[str, str]] = set()


#: Numbers out of any board's range, put in place of a move's whole numbers.
OUT_OF_RANGE = (-1, 10**6)


#: Legal moves per fully checked position whose explanation (`Game.explain`) is read: the
#: first two listed and one at random.
EXPLAINED_MOVES = 3


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
