"""The Rules screen (F1): a game's rulebook to read, scrolled in a box, then back to the game.

The text is the game's `GameInfo.rules_text` (its rulebook, the same file as in docs/) or,
for a game without one, its short `rules_help`. It scrolls with the wheel, the arrows,
PgUp/PgDn, Space/Shift-Space, Home/End and the scroll bar (drag the thumb, click the
track); the keys 1 to 9 go to that section of the rulebook. Esc, F1 or Close go back to
the screen the rules were opened from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.model import GameInfo
from tabletop.ui._arcade import arcade
from tabletop.ui.reader import Reader, Style, reading_width
from tabletop.ui.renderer import Rect
from tabletop.ui.widgets import (
    ACCENT,
    BUTTON_HOVER,
    BUTTON_OFF,
    DIM,
    FOCUS,
    KEYS_PRESS,
    PANEL,
    TEXT,
    Screen,
)

if TYPE_CHECKING:
    from tabletop.ui.services import Services

HINT = "Wheel, ↑ ↓, PgUp PgDn, Home End scroll · 1–9 go to a section · Esc or F1 close"
SHORT_HINT = "Esc or F1 to close"


def rules_text(info: GameInfo) -> str:
    """The markdown-lite text the Rules screen shows for a game."""
    return info.rules_text or f"# {info.name}\n\n{info.rules_help}"


class RulesScreen(Screen):
    """A game's rules, full window; `back` is the view shown again on close."""

    def __init__(self, services: Services, info: GameInfo, back: arcade.View,
                 symbols: Sequence[str] = ()) -> None:
        """`symbols` are the board's legend lines, shown as the rules' last section."""
        super().__init__(services)
        self.info = info
        self.back = back
        self.text = rules_text(info)
        if symbols:
            # A closing paragraph, not a section: the number keys keep the rulebook's §s.
            self.text += ("\n\n**Symbols on the board** (L in a game shows them drawn):\n\n"
                          + "\n".join(f"- {line}" for line in symbols) + "\n")
        self.reader: Reader | None = None
        self.frame = Rect(0, 0, 0, 0)  # the reading box
        self.header: arcade.Text | None = None
        self.hint: arcade.Text | None = None

    def build(self, width: int, height: int) -> None:
        px = self.px
        style = Style(max(11.0, px(15)), TEXT, ACCENT, ACCENT, PANEL)
        padding, bar = max(12.0, px(24)), max(10.0, px(12))
        # The box is as wide as a comfortable line of text, centred; never wider than fits.
        room = width - 2 * px(24)
        box_width = min(room, reading_width(style, padding, bar))
        left = (width - box_width) / 2
        self.header = self.label(f"{self.info.name}: rules", left, height - px(46), 24,
                                 bold=True, width=box_width)
        close = Rect(left, px(18), px(200), px(44))
        self.add_button("Close (Esc)", close, self.close, name="close")
        bottom = close.top + px(16)
        self.frame = Rect(left, bottom, box_width, height - px(76) - bottom)
        old = self.reader
        if old is None or (old.box, old.style.size) != (self.frame, style.size):
            # Laid out again only for a new size (not for a scroll step or a hover), keeping
            # the reader's place in the text.
            fraction = old.offset / old.max_offset if old is not None and old.max_offset else 0
            self.reader = Reader(self.text, self.frame, style, padding=padding,
                                 bar_width=bar, skip_title=True)
            self.reader.scroll_to(fraction * self.reader.max_offset)
        assert self.reader is not None
        self._frame_shapes(self.frame, self.reader.text_box)
        scrolls = self.reader.max_offset > 0
        if scrolls:  # a text that fits needs no scroll bar, nor the keys that scroll
            self.box(self.reader.track, BUTTON_OFF)
        self.hint = self.label(HINT if scrolls else SHORT_HINT, close.right + px(24),
                               close.center[1], 12, DIM, anchor_y="center")

    def _frame_shapes(self, frame: Rect, text: Rect) -> None:
        """The reading box: its panel round the text's picture, and its border.

        The picture of the text is opaque and painted in the panel's colour, so the panel
        is filled only around it: on a software rasterizer a frame costs the pixels it
        fills, and filling the whole panel under the picture as well made the box cost
        about 1.4x as much (1.9 + 3.2 ms against 0.5 + 3.2 ms, measured headless).
        """
        self.box(Rect(frame.left, text.top, frame.width, frame.top - text.top), PANEL)
        self.box(Rect(frame.left, frame.bottom, frame.width, text.bottom - frame.bottom), PANEL)
        self.box(Rect(frame.left, text.bottom, text.left - frame.left, text.height), PANEL)
        self.box(Rect(text.right, text.bottom, frame.right - text.right, text.height), PANEL)
        border = 2
        for edge in (Rect(frame.left, frame.bottom, frame.width, border),
                     Rect(frame.left, frame.top - border, frame.width, border),
                     Rect(frame.left, frame.bottom, border, frame.height),
                     Rect(frame.right - border, frame.bottom, border, frame.height)):
            self.box(edge, ACCENT)

    def draw_under_text(self) -> None:
        if self.reader is not None:
            self.reader.draw()

    def draw_over_text(self) -> None:
        if self.reader is not None:
            self.reader.draw_thumb(BUTTON_HOVER, FOCUS)

    # -- actions -------------------------------------------------------------------------
    def close(self) -> None:
        """Back to where the rules were opened from."""
        self.navigator.back(self.back)

    def on_escape(self) -> None:
        self.close()

    def scroll_to(self, offset: float) -> None:
        """Scroll the text to `offset` pixels below its top (clamped).

        Only the view moves: nothing is laid out again. Scrolling always answers an input
        event, and the window draws a frame after every input event.
        """
        if self.reader is not None:
            self.reader.scroll_to(offset)

    def scroll(self, delta: float) -> None:
        """Scroll by `delta` pixels (down if positive)."""
        if self.reader is not None:
            self.scroll_to(self.reader.offset + delta)

    # -- input ---------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        reader = self.reader
        assert reader is not None
        keys = arcade.key
        steps: dict[int, float] = {
            keys.DOWN: reader.line, keys.UP: -reader.line,
            keys.PAGEDOWN: reader.page, keys.PAGEUP: -reader.page,
        }
        if symbol in steps:
            self.scroll(steps[symbol])
        elif symbol == keys.HOME:
            self.scroll_to(0)
        elif symbol == keys.END:
            self.scroll_to(reader.max_offset)
        elif symbol == keys.SPACE and self.focus < 0:
            self.scroll(-reader.page if modifiers & keys.MOD_SHIFT else reader.page)
        elif keys.KEY_1 <= symbol <= keys.KEY_9 or keys.NUM_1 <= symbol <= keys.NUM_9:
            number = symbol - (keys.KEY_1 if symbol <= keys.KEY_9 else keys.NUM_1) + 1
            offset = reader.section_offset(number)
            if offset is not None:
                self.scroll_to(offset)
        elif symbol == keys.F1:
            self.close()
        elif symbol in (keys.LEFT, keys.RIGHT):
            return  # no button row to walk through: the arrows belong to the text
        elif symbol in KEYS_PRESS or symbol in (keys.TAB, keys.ESCAPE, keys.F11):
            super().on_key_press(symbol, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.reader is not None:
            self.scroll(-scroll_y * 3 * self.reader.line)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.button_at(x, y) >= 0:
            super().on_mouse_press(x, y, button, modifiers)
        elif self.reader is not None:
            self.reader.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> None:
        if self.reader is not None:
            self.reader.drag(y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.reader is not None:
            self.reader.release()

    def extents(self) -> dict[str, Any]:
        """What the layout placed where (window pixels), for tests and debugging."""
        assert self.reader is not None and self.header is not None and self.hint is not None
        layout = self.reader.layout
        return {"box": self.frame, "text_box": self.reader.text_box, "track": self.reader.track,
                "content_width": layout.content_width, "content_height": layout.content_height,
                "layout": Rect(layout.x, layout.y - self.reader.view_height, layout.width or 0,
                               self.reader.view_height),
                "header": Rect(self.header.left, self.header.bottom,
                               self.header.content_width, self.header.content_height),
                "hint": Rect(self.hint.left, self.hint.bottom, self.hint.content_width,
                             self.hint.content_height),
                "close": self.buttons[0].rect}
