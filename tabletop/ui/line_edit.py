"""A one-line text being edited: its text, caret and selection, and the editing keys.

`LineEdit` is plain data changed by pure functions; the functions below place and draw
its caret in a screen's field: the set-up screen's name fields and
Statistics' rename field both edit through it, so that a key does the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.widgets import ACCENT, TEXT

if TYPE_CHECKING:
    from tabletop.ui.widgets import Screen

_CTRL = arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND  # Ctrl+A, and Cmd+A on a Mac
#: The selected part of a text: the accent, see-through, over the text it marks.
SELECTION = (*ACCENT[:3], 110)


@dataclass(frozen=True)
class LineEdit:
    """`text` with the caret at `caret` and the other end of the selection at `anchor`
    (equal: nothing selected), at most `limit` characters, never starting with a space
    (a name does not)."""

    text: str = ""
    caret: int = 0
    anchor: int = 0
    limit: int = 40

    @classmethod
    def all_selected(cls, text: str, limit: int) -> LineEdit:
        """A field that has just got the focus: its whole text selected, so that typing
        replaces it rather than adding to it."""
        return cls(text, len(text), 0, limit)

    @property
    def selected(self) -> tuple[int, int]:
        """The selected span (start, end); empty when equal."""
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def moved(self, to: int, extend: bool) -> LineEdit:
        """The caret at `to` (within the text); with `extend` (Shift) the selection grows
        or shrinks from its anchor, else it is dropped."""
        caret = max(0, min(len(self.text), to))
        return replace(self, caret=caret, anchor=self.anchor if extend else caret)

    def replaced(self, text: str, start: int, end: int) -> LineEdit:
        """`text` in place of the characters `start:end`, within the limit."""
        room = self.limit - (len(self.text) - (end - start))
        text = text[:max(0, room)]
        new = self.text[:start] + text + self.text[end:]
        stripped = new.lstrip()  # the caret keeps its place in the rest
        caret = max(0, start + len(text) - (len(new) - len(stripped)))
        return replace(self, text=stripped, caret=caret, anchor=caret)

    def typed(self, text: str) -> LineEdit | None:
        """Typed characters in place of the selection, or at the caret (characters that
        cannot be shown are dropped); None if nothing changes (a full field loses
        nothing: the text typed is not cut into it)."""
        typed = "".join(c for c in text if c.isprintable())
        start, end = self.selected
        if not typed or len(self.text) - (end - start) >= self.limit:
            return None
        return self.replaced(typed, start, end)

    def key(self, symbol: int, modifiers: int) -> LineEdit | None:
        """The field after an editing key (arrows, Home, End, Backspace, Delete, Ctrl+A;
        Space is text, added by `typed`, so it returns the field unchanged), or None if
        the key is not an editing key (it moves the focus, presses a button...)."""
        key = arcade.key
        start, end = self.selected
        shift = bool(modifiers & key.MOD_SHIFT)
        if symbol == key.A and modifiers & _CTRL:
            return replace(self, caret=len(self.text), anchor=0)
        if symbol in (key.LEFT, key.RIGHT):
            step = -1 if symbol == key.LEFT else 1
            if start != end and not shift:  # the caret goes to that end of the selection
                return self.moved(start if step < 0 else end, False)
            return self.moved(self.caret + step, shift)
        if symbol in (key.HOME, key.END):
            return self.moved(0 if symbol == key.HOME else len(self.text), shift)
        if symbol in (key.BACKSPACE, key.DELETE):
            if start == end:  # the character before the caret (Delete: after it)
                start, end = ((max(0, start - 1), start) if symbol == key.BACKSPACE
                              else (start, min(len(self.text), start + 1)))
            return self.replaced("", start, end) if start != end else self
        if symbol == key.SPACE:
            return self
        return None


def caret_places(screen: Screen, field: str, text: str, prefix: str = "") -> list[float]:
    """The x of each place the caret can take in the text field of `screen` whose button
    is named `field` (before each character of `text` and after the last), from the
    field's text as laid out (`prefix` + `text`); empty if it is not shown."""
    button = screen.button_named(field)
    if button is None:
        return []
    box = screen.label_box(button.rect)
    placed = next((p for p in screen.texts.items if p.box == box), None)
    if placed is None:
        return []

    def width(part: str) -> float:
        return float(arcade.Text(part, 0, 0, font_size=placed.points,
                                 font_name=FONT_SANS).content_width)

    # A text cut with an ellipsis (a wide one, in a small window) keeps the caret inside
    # what is shown.
    left, right = placed.extent.left, placed.extent.right
    return [min(right, left + width(prefix + text[:i])) for i in range(len(text) + 1)]


def caret_rects(screen: Screen, field: str, edit: LineEdit, places: list[float]
                ) -> tuple[Rect, Rect | None] | None:
    """Where the caret and the selection (None if nothing is selected) of `edit` are drawn
    in the field named `field` (`places`: `caret_places`); None if it is not shown."""
    button = screen.button_named(field)
    if not places or button is None:
        return None
    height = button.rect.height - screen.px(12)
    bottom = button.rect.bottom + screen.px(6)
    caret = Rect(places[min(edit.caret, len(places) - 1)] - 1, bottom, 2, height)
    start, end = edit.selected
    if start == end:
        return caret, None
    left, right = places[start], places[min(end, len(places) - 1)]
    return caret, Rect(left, bottom, max(1.0, right - left), height)


def draw_caret(rects: tuple[Rect, Rect | None] | None) -> None:
    """Draw a field's caret (a bar) and its selection (see-through over the text it
    marks), as `caret_rects` gives them."""
    if rects is None:
        return
    caret, selection = rects
    if selection is not None:
        arcade.draw_lrbt_rectangle_filled(selection.left, selection.right,
                                          selection.bottom, selection.top, SELECTION)
    arcade.draw_lrbt_rectangle_filled(caret.left, caret.right, caret.bottom, caret.top,
                                      TEXT)


def nearest_place(places: list[float], x: float) -> int | None:
    """The caret place nearest to a click at `x` (None if the field is not shown)."""
    return min(range(len(places)), key=lambda i: abs(places[i] - x)) if places else None
