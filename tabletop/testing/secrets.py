"""The kit's checks of every channel a seat reads: whose the legal moves are (`to_move`), a
special move's winner, the view codec's round trip, and what a ply tells each seat
(`describe`, `reveals`).
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.limits import one_line
from tabletop.lines import Line
from tabletop.model import (
    Game,
    PluginDeprecationWarning,
    Sampler,
    TabletopError,
)
from tabletop.testing.report import KitReport

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
