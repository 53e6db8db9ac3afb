"""The game screen: the plugin's renderer on the board, the frame around it, its input.

`GameScreen` is the input of a game in progress: mouse and keys reach the renderer or the
frame's buttons. The table side is `tabletop.ui.game_play.GamePlay`, the layout and
drawing `tabletop.ui.game_frame.GameFrame`.

One focus: the board has the keyboard focus by default; Tab moves it to each enabled
sidebar button in turn and back to the board (Shift-Tab the other way). Keys reach the
renderer only while the board has the focus, Enter and Space act on what has it, and
exactly one ring shows where it is. A mouse press never moves the focus to a button.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.ui._arcade import arcade
from tabletop.ui.widgets import (
    KEYS_NEXT,
    KEYS_PRESS,
    KEYS_PREV,
    Screen,
)

if TYPE_CHECKING:
    pass

from tabletop.ui.game_frame import GameFrame


class GameScreen(GameFrame):
    """One game in progress: its input."""

    def _board_input(self) -> bool:
        return self.overlay is None and not self.renderer.animating

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll_log(x, y, round(scroll_y * 3))

    def scroll_log(self, x: float, y: float, rows: int) -> bool:
        """The wheel over the move log: `rows` earlier (positive) or newer; True if used."""
        if not self.log_box.contains(x, y):
            return False
        self.log_scroll = max(0, self.log_scroll + rows)
        self.invalidate()
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self._board_input():
            self._safely("handling the mouse", self.renderer.on_mouse_motion, x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._safely("handling a click", self._press, x, y, button, modifiers)

    def _press(self, x: int, y: int, button: int, modifiers: int) -> None:
        index = self.button_at(x, y)
        if index >= 0:
            if self.overlay is None:
                self.focus = -1  # a click on a button leaves the keyboard on the board
            else:
                self.focus = index
            self.press(index)
        elif self.overlay is None and self._area is not None and self._area.contains(x, y):
            self.focus = -1
            plies = len(self.session.moves)
            used = self._board_input() and self.renderer.on_mouse_press(x, y, button,
                                                                        modifiers)
            self._drain()
            if not used and len(self.session.moves) == plies and not self.renderer.animating:
                self.message = self.why_nothing(x, y)
            self.invalidate()
        self.renderer.set_focus(self.board_focused)

    def why_nothing(self, x: float, y: float) -> str:
        """The status line's reason why a press on the board at (x, y) did nothing."""
        s = self.session
        if s.to_move is None:
            return "The game is over: Undo, New game or Launcher."
        who = self.seat_label(s.to_move)
        if s.is_ai(s.to_move):
            return f"Wait: {who} (the computer) is to move."
        why = self.renderer.explain_click(x, y)
        return why or f"Nothing to play there for {who} (H suggests a move)."

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self._board_input():
            self._safely("handling a click", self.renderer.on_mouse_release, x, y, button,
                         modifiers)
            self._safely("handling a click", self._drain)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._safely("handling a key", self._key, symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if self.overlay is not None:
            self._overlay_key(symbol, modifiers)
        else:
            self._frame_key(symbol, modifiers)
        self.renderer.set_focus(self.board_focused)

    def _overlay_key(self, symbol: int, modifiers: int) -> None:
        """Keys while a panel is open: its shortcuts, then the usual focus keys."""
        if self.overlay in ("offer", "confirm") and symbol in (arcade.key.Y, arcade.key.N):
            self.answer_offer(symbol == arcade.key.Y)
        elif self.overlay == "confirm" and symbol == arcade.key.ESCAPE:
            self.answer_offer(False)
        elif self.overlay == "legend" and symbol == arcade.key.L:
            self.toggle_legend()
        elif self.overlay == "end" and symbol == arcade.key.N:
            self.navigator.show_setup(self.game_id, self.session)
        elif symbol == arcade.key.ESCAPE and self.overlay != "offer":
            self.show_panel(None)
        else:
            Screen.on_key_press(self, symbol, modifiers)

    def cycle_focus(self, step: int) -> None:
        """Tab (+1) / Shift-Tab (-1): board → each enabled sidebar button → board."""
        self.ensure_built()
        stops: list[str | None] = [None, *(b.name for b in self.buttons if b.enabled)]
        at = stops.index(self.focus_name) if self.focus_name in stops else 0
        self.focus_name = stops[(at + step) % len(stops)]
        self.services.request_redraw()

    def _frame_key(self, symbol: int, modifiers: int) -> None:
        key = arcade.key
        if symbol == key.TAB:
            self.cycle_focus(-1 if modifiers & key.MOD_SHIFT else 1)
            return
        if not self.board_focused:
            # A sidebar button has the focus: Enter/Space press it, arrows walk the
            # buttons, Esc gives the board the focus back; nothing of this reaches the board.
            if symbol in KEYS_PRESS:
                self.press(self.focus)
                return
            if symbol in KEYS_NEXT + KEYS_PREV:
                self.move_focus(1 if symbol in KEYS_NEXT else -1)
                return
            if symbol == key.ESCAPE:
                self.focus = -1
                return
        elif self._board_input() and self.renderer.on_key_press(symbol, modifiers):
            self._drain()
            self.invalidate()
            return
        if symbol in KEYS_PRESS + KEYS_NEXT + KEYS_PREV:
            return  # keys that act on what has the focus are never shortcuts
        shortcuts: dict[int, Callable[[], None]] = {
            arcade.key.U: self.undo, arcade.key.R: self.redo, arcade.key.H: self.hint,
            arcade.key.S: self.save, arcade.key.F1: self.show_rules,
            arcade.key.N: lambda: self.navigator.show_setup(self.game_id, self.session),
            arcade.key.F11: self.services.toggle_fullscreen, arcade.key.ESCAPE: self.escape,
            arcade.key.L: self.toggle_legend,
        }
        if symbol in shortcuts:
            shortcuts[symbol]()
