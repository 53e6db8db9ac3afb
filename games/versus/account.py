"""A Versus move's account in one line (versus.md §3-§7): what it does and what it gains.

A hint shows it after the move ("Slides the VERSUS from a3 to e3 and pulls 2 pawns: …;
you gain 3 points."). It is built from what the rules work out for the move, never
judged again here: the attractions and the pawns the limit keeps (`rules.preview`),
where the pulled pawns land and which freeze on a target, the banked points before and
after (`rules.banked`), the end (`VersusGame.outcome`), and what the opponent's VERSUS
could pull at once from the position the move leaves (`rules.preview` of its slides).
Versus hides nothing, so every seat may read the whole account.

The line names the seats as arguments (`tabletop.lines.seat`): the mover is "you" when
the seat reading it is the mover (a hint), else `{player}`; the other seat `{opponent}`.
"""

from __future__ import annotations

from typing import Any

from games.versus import rules as R
from games.versus.board import CELL_NAMES, DISTANCE
from games.versus.pieces import VALUE
from games.versus.state import AgreeDraw, Move, Resign, VersusState
from tabletop.lines import Line, SeatArg
from tabletop.model import Outcome


def explain(before: VersusState, move: Any, after: VersusState, seat: int,
            outcome: Outcome | None) -> Line:
    """What `move`, played from `before` to `after`, does and gains, for `seat` to read;
    `outcome` is the game's result after it (None while the game goes on)."""
    if isinstance(move, Resign):
        return Line.of("Resigning ends the game at once: {player} loses, whatever the "
                       "score.", player=SeatArg(move.seat))
    if isinstance(move, AgreeDraw):
        return Line("The game ends as a draw, whatever the score.")
    words = _Words(before.to_move, seat)
    parts = [_slide(before, move, words) if move.versus else _step(before, move, words)]
    gained = R.banked(after.board, after.rules)[words.mover] - R.banked(
        before.board, before.rules)[words.mover]
    if gained:
        parts.append(words.you_gain + " " + _points(gained))
    if outcome is not None:
        said = outcome.said
        ending = said.text if isinstance(said, Line) else said.replace("{", "{{").replace(
            "}", "}}")
        parts.append("the game ends: " + ending)
        words.args.update(said.args if isinstance(said, Line) else ())
    else:
        moved = _moved_pawns(before, move, after)
        exposed = [cell for cell in moved if cell in _pullable(after)]
        if exposed:
            words.args["exposed"] = _names(exposed)
            back = "back " if move.versus else ""
            parts.append("{opponent}'s VERSUS can pull {exposed} " + back + "next turn")
    return Line.of("; ".join(parts) + ".", **words.args)


class _Words:
    """The mover as the reader calls it ("you" for the mover itself) and the line's
    arguments so far."""

    def __init__(self, mover: int, reader: int) -> None:
        self.mover = mover
        you = reader == mover
        self.me = "you" if you else "{player}"
        self.you_gain = "you gain" if you else "{player} gains"
        self.args: dict[str, Any] = {"player": SeatArg(mover),
                                     "opponent": SeatArg(1 - mover)}


def _slide(before: VersusState, move: Move, words: _Words) -> str:
    """The slide, each pull (where the pawn lands, whether it freezes, its worth to the
    mover) and each pawn the limit of §5 keeps."""
    text = f"Slides the VERSUS from {CELL_NAMES[move.frm]} to {CELL_NAMES[move.to]}"
    preview = R.preview(before, move)
    pulls = preview.attractions
    if pulls:
        text += f" and pulls {len(pulls)} pawn{'s' if len(pulls) != 1 else ''}: "
        landed = []
        for pull in pulls:
            frm, to = CELL_NAMES[pull.frm], CELL_NAMES[pull.to]
            worth = _worth(before.board[pull.frm], words)
            if pull.frozen:
                landed.append(f"{frm} lands on the target {to} and freezes there ({worth})")
            else:
                landed.append(f"{frm} lands on {to} ({worth})")
        text += ", ".join(landed)
    else:
        text += ": it pulls no pawn"
    if preview.refused:
        kept = _names(list(preview.refused))
        text += (f"; the limit (§5) keeps {kept} from {words.me}: pulled in each of the "
                 "last two moves")
    return text


def _step(before: VersusState, move: Move, words: _Words) -> str:
    """The step, and what it does for the pawn: onto a target (frozen there), or how
    near it comes to the empty targets."""
    code = before.board[move.frm]
    text = (f"Steps the pawn from {CELL_NAMES[move.frm]} to {CELL_NAMES[move.to]} "
            f"({_worth(code, words)})")
    rules = before.rules
    if rules.is_target[move.to]:
        return text + ", onto the target, where it freezes"
    empty = R.empty_targets(before.board, rules)
    if not empty:
        return text
    nearest = min(empty, key=lambda t: (DISTANCE[move.to][t], t))
    now, was = DISTANCE[move.to][nearest], min(DISTANCE[move.frm][t] for t in empty)
    cells = f"{now} cell{'s' if now != 1 else ''}"
    if now < was:
        return text + f", nearer the empty target {CELL_NAMES[nearest]} ({cells} to go)"
    if now > was:
        return text + f", away from the empty targets (the nearest, " \
                      f"{CELL_NAMES[nearest]}, {cells} away)"
    return text + f", as far from the empty targets as before ({CELL_NAMES[nearest]}, " \
                  f"{cells} away)"


def _worth(code: int, words: _Words) -> str:
    """A pawn's worth to the mover (§2), and to the opponent too where that is more:
    pulling such a pawn keeps it from them."""
    mine, theirs = VALUE[words.mover][code], VALUE[1 - words.mover][code]
    text = f"worth {mine} to {words.me}"
    return text + f", {theirs} to {{opponent}}" if theirs > mine else text


def _points(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def _names(cells: list[int]) -> str:
    """Cells by name: "c4", "c4 and d5", "c4, d5 and e6"."""
    names = [CELL_NAMES[c] for c in sorted(cells)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _moved_pawns(before: VersusState, move: Move, after: VersusState) -> list[int]:
    """The cells of the pawns `move` moved that are still in play: the stepped pawn, or
    the pulled ones (a pawn frozen on a target stays the mover's)."""
    if not move.versus:
        return [] if after.frozen(move.to) else [move.to]
    return [pull.to for pull in R.preview(before, move).attractions if not pull.frozen]


def _pullable(state: VersusState) -> set[int]:
    """The cells of the pawns the player to move in `state` could pull at once: every
    attraction of every slide of their VERSUS (§4), as the rules preview it."""
    cells: set[int] = set()
    for candidate in R.listed_moves(state)[0]:
        if candidate.versus:
            cells.update(pull.frm for pull in R.preview(state, candidate).attractions)
    return cells


__all__ = ["explain"]
