"""The game screen's frame: its layout and drawing (no input, no game logic).

The frame shows whose turn it is, scores, the move log and the buttons (undo, redo, hint,
save, rules, new game, launcher, the game's special moves, VALIDATE/Cancel for a previewed
move) beside the renderer's board, or a panel over it (an offer, a confirmation, the
legend, the end). The sidebar and panels are painted from frozen snapshots
(`tabletop.ui.game_panels`).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop.model import Outcome
from tabletop.ui import game_panels
from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.textbox import TextBoxes
from tabletop.ui.widgets import (
    ACCENT,
    DIM,
    ERROR,
    FOCUS,
    PANEL,
    TEXT,
)

if TYPE_CHECKING:
    pass

from tabletop.ui.game_play import SIDEBAR, GamePlay

#: The button that has the focus when a panel opens (the harmless choice).
OVERLAY_FOCUS = {"offer": "decline", "end": "review", "confirm": "keep", "legend": "close"}


class GameFrame(GamePlay):
    """The layout and drawing of a game in progress."""

    def build(self, width: int, height: int) -> None:
        px = self.px
        side_w = px(SIDEBAR)
        area = Rect(px(16), px(16), width - side_w - px(40), height - px(32))
        if area != self._area:
            self._area = area
            self.renderer.set_area(area)
        if self._needs_position:
            self.push_position()
        if self.overlay != self._built_overlay:
            self._built_overlay = self.overlay
            # A panel opens on its harmless button; closing it gives the board the focus.
            self.focus_name = OVERLAY_FOCUS.get(self.overlay or "")
        self.legend_boxes = []
        if self.overlay is not None:
            shown = self._panel()
            if shown is None:  # its question is gone: no panel (and no sidebar this time)
                self.overlay = None
                return
            self.legend_boxes = list(game_panels.paint_panel(self, width, height,
                                                             shown).legend_boxes)
            return
        panel = Rect(width - side_w - px(16), px(16), side_w, height - px(32))
        self.box(panel, PANEL)
        drawn = game_panels.paint_sidebar(self, panel, self._sidebar())
        self.log_box, self.log_scroll = drawn.log_box, drawn.log_scroll

    def _sidebar(self) -> game_panels.Sidebar:
        """The snapshot the sidebar paints: turn, scores, buttons, the move log."""
        s = self.session
        outcome = s.outcome
        scores = outcome.scores if outcome is not None else self.renderer.scores(
            s.view_of(s.state))
        labels = [self.seat_label(i) for i in range(s.players)]
        actions: list[game_panels.Action] = []
        if self.renderer.pending_move is not None:
            actions += [("VALIDATE", self.validate, True, "validate"),
                        ("Cancel (Esc)", self.cancel_preview, True, "cancel")]
        actions += [
            ("Undo (U)", self.undo, s.can_undo(), "undo"),
            ("Redo (R)", self.redo, s.can_redo(), "redo"),
            ("Hint (H)", self.hint, s.to_move is not None and not s.is_ai(s.to_move), "hint"),
            ("Save (S)", self.save, True, "save"),
            ("Rules (F1)", self.show_rules, True, "rules"),
            ("Legend (L)", self.toggle_legend, bool(self.renderer.legend()), "legend"),
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
            self.log_scroll)

    def _panel(self) -> game_panels.Panel | None:
        """The snapshot of the open panel (None: its question is gone)."""
        s, info, kind = self.session, self.game.info, self.overlay
        if kind == "legend":
            return game_panels.Panel(
                kind, f"Legend: the symbols of {info.name}", legend=tuple(self.renderer.legend()),
                buttons=(("Close (L or Esc)", self.toggle_legend, "close"),))
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

    def laid_out(self) -> TextBoxes:
        """The frame's texts and, while the board shows, the renderer's `text_boxes`."""
        if self.overlay is not None:
            return self.texts
        board = self._safely("laying out its text", self.renderer.text_boxes) or ()
        return TextBoxes([*self.texts.items, *board])

    def draw_under_text(self) -> None:
        if self.overlay is None:
            if self.renderer.still_picture:
                self.renderer.draw_still()
            else:
                self.renderer.draw()
        elif self.overlay == "legend":
            for index, box in enumerate(self.legend_boxes):
                self.renderer.draw_legend_symbol(index, box)

    def draw_over_text(self) -> None:
        if self.board_focused and self._area is not None:
            # The focus ring of the board, just outside the area the renderer draws in.
            a, m = self._area, self.px(6)
            arcade.draw_lbwh_rectangle_outline(a.left - m, a.bottom - m, a.width + 2 * m,
                                               a.height + 2 * m, FOCUS, 2)

    def on_draw(self) -> None:
        if self.renderer.still_picture:
            self._safely("drawing", self._draw_still_picture)
        else:
            self._safely("drawing", super().on_draw)

    def _draw_still_picture(self) -> None:
        """A frame from the still picture: the layout and the renderer's still board are
        painted offscreen when either changes (a move, a hover, the focus, a resize), and
        each frame copies that picture to the window and draws what moves over it."""
        self.ensure_built()
        painted_for = (self.layouts, self.focus, self.hover, self.board_focused,
                       self.renderer.still_changes)
        if painted_for != self._picture_for:
            self._picture_for = painted_for
            self._picture.dirty = True
        width, height = self.window.get_size()
        self._picture.draw(Rect(0, 0, width, height), self.draw_layout)
        if self.overlay is None:
            self.renderer.draw_moving()
        self._draw_tooltip()

    def status_lines(self) -> list[tuple[str, Any]]:
        """The sidebar's turn and status lines, with their colours."""
        s = self.session
        lines: list[tuple[str, Any]] = []
        if s.to_move is None:
            lines.append(("Game over", ACCENT))
        else:
            who = self.seat_label(s.to_move)
            kind = f"computer: {s.agents[s.to_move]}" if s.is_ai(s.to_move) else "human"
            lines.append((f"To move: {who} ({kind})", TEXT))
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
