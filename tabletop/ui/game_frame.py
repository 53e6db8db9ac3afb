"""The game screen's frame: what its sidebar and panels say (no input, no drawing).

The sidebar shows whose turn it is, scores, the move log and the buttons (undo, redo,
hint, save, rules, new game, launcher, the game's special moves, VALIDATE/Cancel for a
previewed move) beside the renderer's board; a panel over it asks or tells (an offer, a
confirmation, the legend, the end). Each is a frozen snapshot (`tabletop.ui.game_panels`)
that the shell (`tabletop.ui.board_shell`) paints.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from tabletop import i18n
from tabletop.i18n import _, pgettext
from tabletop.model import Outcome
from tabletop.model.legacy import score_bands
from tabletop.play.table import RESIGN, Resignation
from tabletop.ui import game_panels
from tabletop.ui.game_play import GamePlay
from tabletop.ui.widgets import ACCENT, DIM, ERROR, TEXT


class GameFrame(GamePlay):
    """The sidebar and panels of a game in progress at this screen."""

    def sidebar(self) -> game_panels.Sidebar:
        """The snapshot the sidebar paints: turn, scores, buttons, the move log."""
        s = self.snapshot
        outcome = s.outcome
        # A verdict's marks are no points: the game's own standing scores stay on show.
        scores = (outcome.scores if outcome is not None and outcome.points
                  else self.renderer.scores(s.view))
        labels = self.score_labels(s.players)
        actions: list[game_panels.Action] = [
            (_("Undo (U)"), self.undo, s.can_undo, "undo"),
            (_("Redo (R)"), self.redo, s.can_redo, "redo"),
            (_("Hint (H)"), self.hint, s.to_move is not None and not s.agent_to_move,
             "hint"),
            (_("Save (S)"), self.save, True, "save"),
            (_("Rules (F1)"), self.show_rules, True, "rules"),
            (_("Legend (L)"), self.toggle_legend, bool(self.renderer.legend()), "legend"),
            (_("Keys (?)"), self.toggle_keys, True, "keys"),
            (_("New game (N)"), self.new_game, True, "new"),
            (_("Launcher (Esc)"), self.escape, True, "launcher"),
        ]
        specials: list[game_panels.Action] = []
        for special in s.special:
            # "Offer: draw" when the others must consent; "Resign (Blue)" for the mover's
            # own move; the word in the player's language ("Remis", not a result's word).
            # The viewing person's, whoever is to move: while the computer thinks, they
            # may still resign or offer a draw.
            label = game_panels.special_label(self.game, self.table.state, special.move,
                                              s.to_move, special.consent)
            specials.append((label, partial(self.submit_special, special), True,
                             f"special:{special.notation}"))
        # The other people at this screen (hot-seat) may resign too, out of turn: their
        # own button each, named with their seat ("Resign (Brown)").
        for other in self.table.seats:
            if not other.is_person or other.index == s.seat or s.to_move is None:
                continue
            for special in self.table.specials(other.index):
                if isinstance(special.move, Resignation):
                    label = game_panels.resign_label(self.game, other.index)
                    specials.append((label, partial(self.submit_special, special), True,
                                     f"special:{special.notation}:{other.index}"))
        return game_panels.Sidebar(
            i18n.translated(self.game.info.name), tuple(self.status_lines()),
            tuple(game_panels.score_lines(labels, scores)), tuple(actions), tuple(specials),
            s.lines, self.log_scroll, self.preview_actions(),
            # Every seat's turn line, for the turn's slot (the same height all game).
            turns=tuple(self.turn_line(seat) for seat in range(s.players)),
            names=tuple(self.seat_label(seat) for seat in range(s.players)),
            ending=s.ending)

    def panel(self) -> game_panels.Panel | None:
        """The snapshot of the open panel (None: its question is gone)."""
        s, kind = self.snapshot, self.overlay
        if kind == "legend":
            return self.legend_panel()
        offerer = self.offer_seat if self.offer_seat is not None else s.to_move
        if kind == "offer" and self.offer is not None:
            mover = self.seat_label(offerer) if offerer is not None else "?"
            others = ", ".join(self.seat_label(i) for i in range(s.players) if i != offerer)
            notation = self.table.notation(self.offer)
            text = i18n.translated(notation, game_panels.SPECIAL_MOVE)
            return game_panels.Panel(
                kind, game_panels.offer_title(mover, notation, text),
                _("{players}: do you accept?").format(players=others),
                buttons=((_("Accept (Y)"), lambda: self.answer_offer(True), "accept"),
                         (_("Decline (N)"), lambda: self.answer_offer(False), "decline")))
        if kind == "confirm" and self.offer is not None:
            mover = self.seat_label(offerer) if offerer is not None else "?"
            # A resignation out of turn is the host's word, read as a game's own.
            text = (i18n.translated(RESIGN, game_panels.SPECIAL_MOVE)
                    if isinstance(self.offer, Resignation)
                    else i18n.translated(self.table.notation(self.offer)))
            # The special move as its maker's (out of turn, another person's at this
            # screen) says what it would give.
            special = (s.special_move(self.offer) if self.offer_seat is None else next(
                (sp for sp in self.table.specials(self.offer_seat) if sp.move == self.offer),
                None))
            after = special.result if special is not None else None
            winners = [self.seat_label(w) for w in after.winners] if after else []
            if not winners:
                result = _("Nobody wins.")
            elif len(winners) == 1:
                result = _("{name} wins.").format(name=winners[0])
            else:
                result = _("{names} win.").format(names=game_panels.and_list(winners))
            return game_panels.Panel(
                kind, _("{player}: {move}?").format(player=mover, move=text),
                _("The game ends now and cannot be undone. {result}").format(result=result),
                buttons=((_("{move} (Y)").format(move=game_panels.first_upper(text)),
                          lambda: self.answer_offer(True), "yes"),
                         (_("Keep playing (N)"), lambda: self.answer_offer(False), "keep")))
        if kind == "end" and s.outcome is not None:
            analysis: tuple[tuple[str, Callable[[], None], str], ...] = ()
            if s.plies and self.services.keeper.entry_id(self.table) is not None:
                # Translators: the end panel's button: the computer goes through the game.
                analysis = ((pgettext("end panel", "Computer review"), self.review_game,
                             "analyse"),)
            return game_panels.Panel(
                kind, _("Game over"), "\n".join(self._result_lines(s.outcome)),
                buttons=((_("Review board"), lambda: self.show_panel(None), "review"),
                         *analysis,
                         # Translators: a narrow button of the end panel: a new game.
                         (pgettext("end panel", "New game (N)"),
                          self.new_game, "new"),
                         (_("Launcher"), self.navigator.show_launcher, "launcher")))
        return None

    def new_game(self) -> None:
        """New game (N): the set-up screen, filled in as this game was set up."""
        self.navigator.show_setup(self.game_id, self.table)

    def review_game(self) -> None:
        """The end panel's Computer review: the finished game's record is written, then
        the replay screen opens on it and its review starts in the background."""
        entry_id = self.services.keeper.entry_id(self.table)
        if entry_id is None:
            return
        if not self.services.keeper.flush():  # the table kept every move: let it land
            self.message = _("The game is not saved yet: try again in a moment.")
            self.invalidate()
            return
        self.navigator.show_replay(entry_id, review=True)

    def _result_lines(self, outcome: Outcome) -> list[str]:
        """The end panel's words: a solo score with its rating and best, or who won."""
        if self.table.players == 1:
            name = self.names[0]
            best = game_panels.personal_best(
                self.services.keeper.library, self.game_id,
                self.services.keeper.entry_id(self.table), name)
            return game_panels.solo_lines(outcome, name, self.game.info.name,
                                          score_bands(self.game), best,
                                          self.table.labels())
        names = game_panels.player_names(self.game.info, self.table.seats)
        return game_panels.result_lines(outcome, names, self.table.labels())

    def turn_line(self, seat: int) -> str:
        """The sidebar's turn line when `seat` is to move: a person by their name alone,
        the computer by its level."""
        who = self.seat_label(seat)
        if self.table.is_agent(seat):
            entry = self.table.seats[seat]
            level = i18n.translated(entry.level or entry.agent)
            return _("To move: {player} (computer: {level})").format(player=who, level=level)
        return _("To move: {player}").format(player=who)

    def status_lines(self) -> list[tuple[str, Any]]:
        """The sidebar's turn and status lines, with their colours."""
        s = self.snapshot
        lines: list[tuple[str, Any]] = []
        if s.to_move is None:
            lines.append((_("Game over"), ACCENT))
        else:
            who = self.seat_label(s.to_move)
            lines.append((self.turn_line(s.to_move), TEXT))
            if self.move_held:
                # Not "thinking" any more: the move is chosen, and the last one (its
                # sentence below) stays on show for the pace. One line, as "thinking" is,
                # so that the sidebar does not jump.
                lines.append((_("{player} plays in a moment.").format(player=who), ACCENT))
            elif self.thinking is not None:
                lines.append((_("{player} is thinking…").format(player=who), ACCENT))
        lines.extend((note, ERROR) for note in self.agent_notes)
        if self.message:
            lines.append((self.message, DIM))
        return lines
