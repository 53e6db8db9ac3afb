"""Playing a game in the terminal: the position as a seat sees it, moves typed in notation.

A person may also type `help` (the legal moves) and `hint` (the strongest agent's move
and what it does and gains, in the game's words: the table's `Hinted` event); a move
the rules refuse is answered "Not allowed: " and the game's reason.

A person's move goes to the table as a proposal (`Table.propose`), exactly as a click in
the app does, and the table's answer is followed as the app follows it: a move that ends
the game (resigning) is asked about first, a draw offer is put to the other people at
this terminal, and the computer declines offers.

Every call into the game's code (and each agent's decision) runs in the table's guard
(`Session.guard`): what it prints is kept apart, and a failure ends the game with a
`PluginFailed` naming the plugin. The host's own prompts and lines (`ask`, `say`) run
outside the guard, so they reach the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop import i18n
from tabletop.i18n import N_, _
from tabletop.model import Game, IllegalMoveError, Outcome, TabletopError
from tabletop.play.session import PluginFailed
from tabletop.play.table import (
    Answer,
    Event,
    Hinted,
    Played,
    Table,
    hint_text,
    not_allowed,
    said,
)

HELP = N_("Type a move in notation, 'help' for the legal moves, 'hint' for a suggestion, "
         "'quit' to stop.")


def said_yes(answer: str) -> bool:
    """Whether a typed answer is yes: English's y or yes, or the player's language's."""
    # Translators: the letter and the word a player types for yes ("[y/N]" prompts).
    words = {"y", "yes", _("y"), _("yes")}
    return answer.strip().lower() in {word.lower() for word in words}


def play_text(table: Table, ask: Callable[[str], str | None],
              say: Callable[[str], None]) -> None:
    """Play `table` on: its people's seats answer `ask`, its agents play themselves.

    `ask(prompt)` returns a line, or None at the end of input (the game stops there).
    The table holds what was played, so the caller has the record even if the game is
    interrupted; the table's keeper (`Table(keep=...)`) keeps every move before this
    terminal shows it. The seats' names (`tabletop.seats.Seat`) are how the lines name
    them.

    The position is shown as a seat sees it (`tabletop.model.seat_text`), never the
    whole state: the one person's seat; with several people at this terminal, the seat
    of the one to move (or who moved last), named above the picture; with none, what a
    spectator sees (what every seat sees).
    """
    game = table.game
    humans = [seat.index for seat in table.seats if seat.is_person]
    viewer: int | None = humans[0] if humans else None

    def position() -> str:
        nonlocal viewer
        mover = table.to_move
        if mover is not None and mover in humans:
            viewer = mover
        text = table.position_text(viewer)
        if len(humans) > 1 and viewer is not None:
            # Several people share this screen: say whose eyes the picture is through,
            # so the others know to look away.
            text = _("[{player}'s view]").format(player=table.label(viewer)) + f"\n{text}"
        return text

    def show(event: Event) -> None:
        if isinstance(event, Played):
            for line in table.lines(event.ply):
                say(line)
            say(position())
        elif isinstance(event, Hinted):
            say(hint_text(table.notation(event.move), event.why))

    table.listen(show)
    say(position())
    while (seat := table.to_move) is not None:
        if table.is_agent(seat):
            table.advance()
            continue
        who = _("{player} (human)").format(player=table.label(seat))
        move = _ask_move(table, who, ask, say)
        if move is None:
            say(_("Game stopped."))
            return
        _propose(table, seat, move, ask, say, humans)
    with table.guard("scoring the game"):
        outcome = table.outcome
        verdict = result_text(game, outcome, table.labels()) if outcome is not None else None
    if verdict is not None:
        say(verdict)


def _propose(table: Table, seat: int, move: Any, ask: Callable[[str], str | None],
             say: Callable[[str], None], humans: Sequence[int]) -> None:
    """Hand a person's move to the table and follow its answer, as the app does."""
    proposal = table.propose(move)
    answer = proposal.answer
    if answer is Answer.PLAYED:
        return
    if answer not in (Answer.CONFIRM, Answer.CONSENT):
        say(proposal.reason)  # declined by the computer, refused, or not this seat's turn
        return
    text = i18n.translated(table.notation(move))
    player = table.label(seat)
    if answer is Answer.CONFIRM:
        reply = ask(_("{player}: {move}? {reason} [y/N] ").format(
            player=player, move=text, reason=proposal.reason))
        if reply is not None and said_yes(reply):
            table.confirm(move)
        else:
            say(_("Not played: {player} keeps playing.").format(player=player))
        return
    # A draw offer, put to each other person at this terminal (a computer declines it
    # before it gets here): played only if every one of them accepts.
    for other in (i for i in humans if i != seat):
        reply = ask(_("{player} offers {move}. {other}, do you accept? [y/N] ").format(
            player=player, move=text, other=table.label(other)))
        if reply is None or not said_yes(reply):
            say(_("{other} declines the offer.").format(other=table.label(other)))
            table.decline()
            return
    table.confirm(move)


def _ask_move(table: Table, who: str, ask: Callable[[str], str | None],
              say: Callable[[str], None]) -> Any:
    while True:
        line = ask(_("{player} to move> ").format(player=who))
        if line is None or line.strip() in ("quit", "exit"):
            return None
        text = line.strip()
        if text in ("help", "?", ""):
            with table.guard("listing the legal moves"):
                shot = table.snapshot()
                legal = [table.notation(m) for m in shot.legal]
                specials = [special.notation for special in shot.special]
            say(_(HELP))
            say(_("Legal moves: {moves}").format(moves=", ".join(legal)))
            if specials:
                say(_("Also: {moves}").format(moves=", ".join(specials)))
            continue
        if text == "hint":
            _hint(table, say)
            continue
        try:
            return table.read_move(text)
        except PluginFailed:
            raise
        except IllegalMoveError as exc:  # a move, which the rules refuse: say why
            say(f"{not_allowed(said(exc.line, table.labels()))} {_(HELP)}")
        except TabletopError as exc:
            reason = str(exc) if i18n.language() == "en" else said(exc.line, table.labels())
            say(_("Not played: {reason}. {help}").format(reason=reason, help=_(HELP)))


def _hint(table: Table, say: Callable[[str], None]) -> None:
    """Ask the table for a hint: the table's `Hinted` event says it (see `play_text`)."""
    try:
        move = table.hint()
    except PluginFailed:
        raise
    except TabletopError as exc:  # no agent to ask (a table without a host)
        say(_("No hint: {reason}").format(reason=exc))
        return
    if move is None:
        say(_("No hint this time: the agent failed; ask again."))


def result_text(game: Game[Any, Any], outcome: Outcome,
                labels: Sequence[str] = ()) -> str:
    """One line with the scores, the winners and the reason the game ended; `labels` name
    the seats (`Table.labels()`: people's names), the game's seat names by default."""

    def label(seat: int) -> str:
        return labels[seat] if seat < len(labels) else game.info.seat_name(seat)

    scores = ", ".join(_("{seat} {score}").format(seat=label(i), score=_score(s))
                       for i, s in enumerate(outcome.scores))
    winners = [label(w) for w in outcome.winners]
    if not winners:
        verdict = _("nobody wins")
    elif len(winners) == 1:
        verdict = _("{name} wins").format(name=winners[0])
    else:
        names = (" and ".join(winners) if i18n.language() == "en" else
                 _("{names} and {last}").format(names=", ".join(winners[:-1]),
                                                last=winners[-1]))
        verdict = _("{names} share the victory").format(names=names)
    if i18n.language() == "en":
        reason = outcome.reason  # as records keep it
    else:
        reason = said(outcome.said, labels or [label(i) for i in range(len(outcome.scores))])
    if not outcome.points:  # a verdict's marks of 1 and 0 are no points
        return _("Game over ({reason}): {verdict}.").format(reason=reason, verdict=verdict)
    return _("Game over ({reason}): {scores}; {verdict}.").format(
        reason=reason, scores=scores, verdict=verdict)


def _score(value: float) -> str:
    """A score as the current language writes it ("12", "12.5", "12,5")."""
    if i18n.language() == "en" or float(value).is_integer():
        return f"{value:g}"
    return i18n.number(value)
