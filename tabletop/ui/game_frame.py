"""The game screen's frame: what its sidebar and panels say (no input, no drawing).

The sidebar shows whose turn it is, scores, the move log and the buttons (undo, redo,
hint, save, rules, new game, launcher, the game's special moves, VALIDATE/Cancel for a
previewed move) beside the renderer's board; a panel over it asks or tells (an offer, a
confirmation, the legend, the end). Each is a frozen snapshot (`tabletop.ui.game_panels`)
that the shell (`tabletop.ui.board_shell`) paints.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tabletop.model import Outcome
from tabletop.ui import game_panels
from tabletop.ui.game_play import GamePlay
from tabletop.ui.widgets import ACCENT, DIM, ERROR, TEXT


class GameFrame(GamePlay):
    """The sidebar and panels of a game in progress at this screen."""

    def sidebar(self) -> game_panels.Sidebar:
        """The snapshot the sidebar paints: turn, scores, buttons, the move log."""
        s = self.session
        outcome = s.outcome
        scores = outcome.scores if outcome is not None else self.renderer.scores(
            s.view_of(s.state))
        labels = self.score_labels(s.players)
        actions: list[game_panels.Action] = [
            ("Undo (U)", self.undo, s.can_undo(), "undo"),
            ("Redo (R)", self.redo, s.can_redo(), "redo"),
            ("Hint (H)", self.hint, s.to_move is not None and not s.is_ai(s.to_move), "hint"),
            ("Save (S)", self.save, True, "save"),
            ("Rules (F1)", self.show_rules, True, "rules"),
            ("Legend (L)", self.toggle_legend, bool(self.renderer.legend()), "legend"),
            ("Keys (?)", self.toggle_keys, True, "keys"),
            ("New game (N)", lambda: self.navigator.show_setup(self.game_id, s), True, "new"),
            ("Launcher (Esc)", self.escape, True, "launcher"),
        ]
        specials: list[game_panels.Action] = []
        for move in s.special_moves():
            text = self.game.move_to_text(s.state, move)
            label = f"Offer: {text}" if s.needs_consent(move) else text.capitalize()
            specials.append((label, partial(self.submit, move), True, f"special:{text}"))
        return game_panels.Sidebar(
            self.game.info.name, tuple(self.status_lines()),
            tuple(game_panels.score_lines(labels, scores)), tuple(actions), tuple(specials),
            tuple(self.table.lines(ply) for ply in range(len(s.moves))),
            self.log_scroll, self.preview_actions())

    def panel(self) -> game_panels.Panel | None:
        """The snapshot of the open panel (None: its question is gone)."""
        s, kind = self.session, self.overlay
        if kind == "legend":
            return self.legend_panel()
        if kind == "offer" and self.offer is not None:
            mover = self.seat_label(s.to_move) if s.to_move is not None else "?"
            others = ", ".join(self.seat_label(i) for i in range(s.players) if i != s.to_move)
            text = self.game.move_to_text(s.state, self.offer)
            return game_panels.Panel(
                kind, f"{mover} offers: {text}", f"{others}: do you accept?",
                buttons=(("Accept (Y)", lambda: self.answer_offer(True), "accept"),
                         ("Decline (N)", lambda: self.answer_offer(False), "decline")))
        if kind == "confirm" and self.offer is not None:
            mover = self.seat_label(s.to_move) if s.to_move is not None else "?"
            text = self.game.move_to_text(s.state, self.offer)
            after = self.game.outcome(self.game.apply(s.state, self.offer))
            winners = [self.seat_label(w) for w in after.winners] if after else []
            result = (" and ".join(winners) + (" wins." if len(winners) == 1 else " win.")
                      if winners else "Nobody wins.")
            return game_panels.Panel(
                kind, f"{mover}: {text}?",
                f"The game ends now and cannot be undone. {result}",
                buttons=((f"{text.capitalize()} (Y)", lambda: self.answer_offer(True), "yes"),
                         ("Keep playing (N)", lambda: self.answer_offer(False), "keep")))
        if kind == "end" and s.outcome is not None:
            return game_panels.Panel(
                kind, "Game over", "\n".join(self._result_lines(s.outcome)),
                buttons=(("Review board", lambda: self.show_panel(None), "review"),
                         ("New game (N)", lambda: self.navigator.show_setup(self.game_id, s),
                          "new"),
                         ("Launcher", self.navigator.show_launcher, "launcher")))
        return None

    def _result_lines(self, outcome: Outcome) -> list[str]:
        """The end panel's words: a solo score with its rating and best, or who won."""
        if self.session.players == 1:
            name = self.names[0]
            best = game_panels.personal_best(
                self.services.keeper.library, self.game_id,
                self.services.keeper.entry_id(self.session), name)
            return game_panels.solo_lines(outcome, name, self.game.info.name,
                                          tuple(self.game.score_bands()), best,
                                          self.table.labels())
        names = game_panels.player_names(self.game.info, self.table.seats)
        return game_panels.result_lines(outcome, names, self.table.labels())

    def status_lines(self) -> list[tuple[str, Any]]:
        """The sidebar's turn and status lines, with their colours."""
        s = self.session
        lines: list[tuple[str, Any]] = []
        if s.to_move is None:
            lines.append(("Game over", ACCENT))
        else:
            who = self.seat_label(s.to_move)
            # A person by their name alone (a long name then reads whole at 800x600), the
            # computer by its level.
            seat = self.table.seats[s.to_move]
            computer = f" (computer: {seat.level or s.agents[s.to_move]})" if s.is_ai(
                s.to_move) else ""
            lines.append((f"To move: {who}{computer}", TEXT))
            if self.move_held:
                # Not "thinking" any more: the move is chosen, and the last one (its
                # sentence below) stays on show for the pace. One line, as "thinking" is,
                # so that the sidebar does not jump.
                lines.append((f"{who} plays in a moment.", ACCENT))
            elif self.thinking is not None:
                lines.append((f"{who} is thinking…", ACCENT))
        lines.extend((note, ERROR) for note in self.agent_notes)
        if self.message:
            lines.append((self.message, DIM))
        return lines
