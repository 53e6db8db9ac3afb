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

from dataclasses import replace
from typing import Any

from games.versus import rules as R
from games.versus.board import CELL_NAMES, DISTANCE
from games.versus.pieces import VALUE
from games.versus.state import AgreeDraw, Move, Resign, VersusState
from games.versus.words import CATALOG, _
from tabletop.lines import Line, SeatArg
from tabletop.model import Outcome


def explain(before: VersusState, move: Any, after: VersusState, seat: int,
            outcome: Outcome | None) -> Line:
    """What `move`, played from `before` to `after`, does and gains, for `seat` to read;
    `outcome` is the game's result after it (None while the game goes on).

    The account is made of whole clauses, each translated when it is asked for (a hint
    is shown at once) with its cells and numbers put in; only the seats stay fields,
    `{player}` and `{opponent}`, for the host to name."""
    if isinstance(move, Resign):
        return Line.of("Resigning ends the game at once: {player} loses, whatever the "
                       "score.", player=SeatArg(move.seat))
    if isinstance(move, AgreeDraw):
        return Line.of("The game ends as a draw, whatever the score.")
    words = _Words(before.to_move, seat)
    parts = (_slide(before, move, after, words) if move.versus
             else [_step(before, move, words)])
    gained = R.banked(after.board, after.rules)[words.mover] - R.banked(
        before.board, before.rules)[words.mover]
    if gained:
        parts.append(words.pick(
            (CATALOG.ngettext("you gain {points} point", "you gain {points} points", gained),
             CATALOG.ngettext("{player} gains {points} point", "{player} gains {points} points",
                              gained)), points=gained))
    if outcome is not None:
        said = outcome.said
        ending = _(said.text) if isinstance(said, Line) else said.replace(
            "{", "{{").replace("}", "}}")
        parts.append(_put(_("the game ends: {ending}"), ending=ending))
        words.args.update(said.args if isinstance(said, Line) else ())
    else:
        moved = _moved_pawns(before, move, after)
        exposed = [cell for cell in moved if cell in _pullable(after)]
        if exposed:
            text = (_("{opponent}'s VERSUS can pull {exposed} back next turn") if move.versus
                    else _("{opponent}'s VERSUS can pull {exposed} next turn"))
            parts.append(_put(text, exposed=_names(exposed)))
    # Translators: between the clauses of a move's account ("…; you gain 3 points").
    joined = CATALOG.pgettext("between clauses", "; ").join(parts)
    return Line(joined + ".", tuple(sorted(words.args.items())))


def _put(text: str, **values: Any) -> str:
    """`text`, a clause in the player's language, with `values` put in, the seats left as
    fields (`{player}`, `{opponent}`) for the host."""
    return text.format(player="{player}", opponent="{opponent}", **values)


class _Words:
    """The mover as the reader calls it ("you" for the mover itself) and the line's
    arguments so far."""

    def __init__(self, mover: int, reader: int) -> None:
        self.mover = mover
        self.you = reader == mover
        self.args: dict[str, Any] = {"player": SeatArg(mover),
                                     "opponent": SeatArg(1 - mover)}

    def pick(self, texts: tuple[str, str], **values: Any) -> str:
        """The first of `texts` (the reader is the mover: "you") or the second (the
        mover is `{player}`), with `values` put in."""
        return _put(texts[0] if self.you else texts[1], **values)


def _slide(before: VersusState, move: Move, after: VersusState, words: _Words
           ) -> list[str]:
    """The slide, each pull (where the pawn lands, whether it freezes, its worth to the
    mover) and each pawn the limit of §5 keeps: one clause, two with the limit."""
    frm, to = CELL_NAMES[move.frm], CELL_NAMES[move.to]
    preview = R.preview(before, move)
    pulls = preview.attractions
    if pulls:
        landed = []
        for pull in pulls:
            worth = _worth(before.board[pull.frm], words)
            text = (_("{frm} lands on the target {to} and freezes there ({worth})")
                    if pull.frozen else _("{frm} lands on {to} ({worth})"))
            landed.append(_put(text, frm=CELL_NAMES[pull.frm], to=CELL_NAMES[pull.to],
                               worth=worth))
        parts = [_put(CATALOG.ngettext("Slides the VERSUS from {frm} to {to} and pulls "
                                       "{count} pawn: {landed}",
                                       "Slides the VERSUS from {frm} to {to} and pulls "
                                       "{count} pawns: {landed}", len(pulls)),
                      frm=frm, to=to, count=len(pulls), landed=", ".join(landed))]
    else:
        parts = [_put(_("Slides the VERSUS from {frm} to {to}: it pulls no pawn"),
                      frm=frm, to=to), *_quiet(before, move, after, bool(preview.refused))]
    if preview.refused:
        parts.append(words.pick(
            (_("the limit (§5) keeps {kept} from you: pulled in each of the last two moves"),
             _("the limit (§5) keeps {kept} from {player}: pulled in each of the last two "
               "moves")), kept=_names(list(preview.refused))))
    return parts


def _quiet(before: VersusState, move: Move, after: VersusState, limited: bool
           ) -> list[str]:
    """What a slide that pulls nothing is for (what it prevents or prepares): the pawns
    the opponent's VERSUS could pull before it and cannot after it; the pawns the
    mover's VERSUS could pull from its new cell, were it to move again, that it could not
    from the old one; the pawns it leaves open to the opponent's VERSUS; else, unless the
    limit of §5 is why it pulls nothing (`limited`), that it is a waiting move. Each set
    is the rules' own previews (`_pullable`) of the position before and after, with the
    seat to move set and no §5 streak: what the lines allow, whatever the next move."""
    mover, opponent = before.to_move, 1 - before.to_move
    clauses = []
    theirs_before = _pullable(replace(before, to_move=opponent, streaks=()))
    theirs_after = _pullable(replace(after, to_move=opponent, streaks=()))
    if theirs_before - theirs_after:
        clauses.append(_put(_("it keeps {opponent}'s VERSUS from pulling {cells}"),
                            cells=_names(sorted(theirs_before - theirs_after))))
    aimed = (_pullable(replace(after, to_move=mover, streaks=()))
             - _pullable(replace(before, to_move=mover, streaks=())))
    if aimed:
        clauses.append(_put(_("from {to} it threatens to pull {cells} next turn"),
                            to=CELL_NAMES[move.to], cells=_names(sorted(aimed))))
    if theirs_after - theirs_before:
        clauses.append(_put(_("it opens a line for {opponent}'s VERSUS to pull {cells}"),
                            cells=_names(sorted(theirs_after - theirs_before))))
    if not clauses and not limited:  # (a limited slide says why it pulls nothing)
        clauses.append(_("a waiting move: it threatens no new pull and blocks none"))
    return clauses


def _step(before: VersusState, move: Move, words: _Words) -> str:
    """The step, and what it does for the pawn: onto a target (frozen there), or how
    near it comes to the empty targets."""
    code = before.board[move.frm]
    values: dict[str, Any] = {"frm": CELL_NAMES[move.frm], "to": CELL_NAMES[move.to],
                              "worth": _worth(code, words)}
    rules = before.rules
    if rules.is_target[move.to]:
        return _put(_("Steps the pawn from {frm} to {to} ({worth}), onto the target, where "
                      "it freezes"), **values)
    empty = R.empty_targets(before.board, rules)
    if not empty:
        return _put(_("Steps the pawn from {frm} to {to} ({worth})"), **values)
    nearest = min(empty, key=lambda t: (DISTANCE[move.to][t], t))
    now, was = DISTANCE[move.to][nearest], min(DISTANCE[move.frm][t] for t in empty)
    values.update(target=CELL_NAMES[nearest], count=now)
    if now < was:
        return _put(CATALOG.ngettext(
            "Steps the pawn from {frm} to {to} ({worth}), nearer the empty target {target} "
            "({count} cell to go)",
            "Steps the pawn from {frm} to {to} ({worth}), nearer the empty target {target} "
            "({count} cells to go)", now), **values)
    if now > was:
        return _put(CATALOG.ngettext(
            "Steps the pawn from {frm} to {to} ({worth}), away from the empty targets (the "
            "nearest, {target}, {count} cell away)",
            "Steps the pawn from {frm} to {to} ({worth}), away from the empty targets (the "
            "nearest, {target}, {count} cells away)", now), **values)
    return _put(CATALOG.ngettext(
        "Steps the pawn from {frm} to {to} ({worth}), as far from the empty targets as "
        "before ({target}, {count} cell away)",
        "Steps the pawn from {frm} to {to} ({worth}), as far from the empty targets as "
        "before ({target}, {count} cells away)", now), **values)


def _worth(code: int, words: _Words) -> str:
    """A pawn's worth to the mover (§2), and to the opponent too where that is more:
    pulling such a pawn keeps it from them."""
    mine, theirs = VALUE[words.mover][code], VALUE[1 - words.mover][code]
    if theirs > mine:
        return words.pick((_("worth {mine} to you, {theirs} to {opponent}"),
                           _("worth {mine} to {player}, {theirs} to {opponent}")),
                          mine=mine, theirs=theirs)
    return words.pick((_("worth {mine} to you"), _("worth {mine} to {player}")), mine=mine)


def _names(cells: list[int]) -> str:
    """Cells by name: "c4", "c4 and d5", "c4, d5 and e6"."""
    names = [CELL_NAMES[c] for c in sorted(cells)]
    if len(names) == 1:
        return names[0]
    return _("{cells} and {last}").format(cells=", ".join(names[:-1]), last=names[-1])


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
