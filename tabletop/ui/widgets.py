"""The screens' common frame: a `Screen` view with buttons, keyboard focus and batched drawing.

A screen lays itself out in `build(width, height)` (called on show, on resize and after
`invalidate()`), adding labels, boxes and buttons. Labels go into one pyglet batch and
boxes into one shape list, so a frame is a couple of draw calls however much is shown.
Keyboard: Tab / Shift-Tab and the arrows move the focus between buttons, Enter or Space
presses the focused button, Esc calls `on_escape`, F11 toggles fullscreen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pyglet

from tabletop import i18n
from tabletop.ui._arcade import FONT_MONO, FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.textbox import MIN_POINTS, SLACK, Placed, TextBoxes, fit_text

if TYPE_CHECKING:
    from tabletop.ui.services import Services

BACKGROUND = (24, 28, 36, 255)
PANEL = (36, 42, 54, 255)
BUTTON = (58, 68, 90, 255)
BUTTON_HOVER = (80, 96, 128, 255)
BUTTON_OFF = (44, 48, 58, 255)
FOCUS = (255, 196, 64, 255)
TEXT = (236, 236, 236, 255)
DIM = (150, 156, 168, 255)
ERROR = (255, 120, 110, 255)
GOOD = (120, 220, 140, 255)
ACCENT = (96, 170, 255, 255)

#: The advance of a DejaVu Sans Mono glyph, in ems (the move logs are wrapped by columns).
MONO_ADVANCE = 0.602

KEYS_NEXT = (arcade.key.DOWN, arcade.key.RIGHT)
KEYS_PREV = (arcade.key.UP, arcade.key.LEFT)
KEYS_PRESS = (arcade.key.ENTER, arcade.key.NUM_ENTER, arcade.key.SPACE)


@dataclass
class Button:
    """A clickable, focusable rectangle with a label and an action."""

    label: str
    rect: Rect
    action: Callable[[], None]
    enabled: bool = True
    name: str = ""  # a stable handle for tests and keyboard shortcuts


class Screen(arcade.View):
    """Base of every screen: layout on demand, buttons, focus and hover, batched drawing."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.window)
        self.services = services
        #: How this screen shows another (it never imports one).
        self.navigator = services.navigator
        self.buttons: list[Button] = []
        #: The name of the button holding the keyboard focus (None: no button has it).
        #: Kept by name, so the focus stays on its button when the screen is laid out
        #: again (a move, a resize) and leaves a button that is gone.
        self.focus_name: str | None = None
        self.hover = -1
        self.scale = 1.0
        self._dirty = True
        #: How many layouts the screen has made (a picture of it is stale when this moves).
        self.layouts = 0
        self._batch = pyglet.graphics.Batch()
        self._labels: list[arcade.Text] = []  # a label deleted is removed from the batch
        self._shapes: arcade.shape_list.ShapeElementList[Any] = (
            arcade.shape_list.ShapeElementList())
        self._marks: arcade.shape_list.ShapeElementList[Any] = (
            arcade.shape_list.ShapeElementList())
        self._marked = (-2, -2)
        #: Every text of the current layout with its box (see `tabletop.ui.textbox`).
        self.texts = TextBoxes()
        #: The cut text under the pointer, whose full text is shown over it.
        self.tooltip: Placed | None = None
        self._tooltip_text: arcade.Text | None = None
        #: The still picture (see `draw_still_frame`) and what it was painted for.
        self._still: Any = None
        self._still_for: tuple[Any, ...] | None = None
        #: The language the layout was made in (another: `relayout` before the next).
        self._language = i18n.language()

    # -- layout --------------------------------------------------------------------------
    def invalidate(self) -> None:
        """Ask for a new layout before the next frame or event (and for that frame)."""
        self._dirty = True
        self.services.request_redraw()

    def drop_still(self) -> None:
        """Forget the still picture (`draw_still_frame`): the next frame paints it anew
        from a fresh layout, whatever it was painted for."""
        self._still_for = None
        if self._still is not None:
            self._still.dirty = True

    def relayout(self) -> None:
        """Lay every text out anew and repaint the still picture (the language changed:
        texts are translated as they are laid out). Called by `ensure_built` when the
        language differs from the one of the last layout, so a screen shown, or shown
        again, speaks the current language; the app may call it at once. A screen that
        keeps more (a board's area, a renderer's texts) adds its own."""
        self.tooltip = None
        self._tooltip_text = None
        self.drop_still()
        self.invalidate()

    @property
    def animating(self) -> bool:
        """True while the screen moves on its own: the window then draws every tick."""
        return False

    def ensure_built(self) -> None:
        """Lay the screen out now if anything changed (the language too: `relayout`)."""
        if self._language != i18n.language():
            self._language = i18n.language()
            self.relayout()
        if not self._dirty:
            return
        self._dirty = False
        self.layouts += 1
        width, height = self.window.get_size()
        self.scale = max(0.5, min(width / 1280, height / 800))
        self.clear_layout()
        self.build(width, height)
        for button in self.buttons:
            self.box(button.rect, BUTTON if button.enabled else BUTTON_OFF)
            if button.label:
                inner = self.label_box(button.rect)
                self.label(button.label, *inner.center, 14,
                           TEXT if button.enabled else DIM, anchor_x="center",
                           anchor_y="center", box=inner)
        if self.focus < 0:
            self.focus_name = None  # its button is gone
        self._marked = (-2, -2)

    def clear_layout(self) -> None:
        """Forget every label, box and button (a screen may lay out twice and keep the
        layout that fits)."""
        self._batch = pyglet.graphics.Batch()
        self._labels = []
        self._shapes = arcade.shape_list.ShapeElementList()
        self.buttons = []
        self.texts = TextBoxes()
        self.tooltip = None

    def build(self, width: int, height: int) -> None:
        """Add this screen's labels, boxes and buttons for a window of this size."""

    def laid_out(self) -> TextBoxes:
        """Every text on screen now with its box (the screen's own; a game screen adds
        its board's): what the layout test checks and the hover looks up."""
        return self.texts

    def label_box(self, rect: Rect) -> Rect:
        """Where a button's label goes: a little room each side, the button's height."""
        side = min(self.px(8), rect.width / 8)
        return Rect(rect.left + side, rect.bottom, rect.width - 2 * side, rect.height)

    def button_fits(self, label: str, width: float) -> bool:
        """True if `label` reads whole on a button `width` wide: at its size, or scaled
        down no further than the smallest text size (the layout rule's last step before
        it cuts)."""
        room = self.label_box(Rect(0, 0, width, self.px(34))).width
        probe = arcade.Text(label, 0, 0, font_size=MIN_POINTS, font_name=FONT_SANS)
        return probe.content_width <= room - SLACK

    @property
    def focus(self) -> int:
        """The index of the focused button in `buttons`, or -1 if none has the focus."""
        for index, button in enumerate(self.buttons):
            if button.name == self.focus_name:
                return index
        return -1

    @focus.setter
    def focus(self, index: int) -> None:
        self.focus_name = self.buttons[index].name if 0 <= index < len(self.buttons) else None
        self.services.request_redraw()

    def px(self, value: float) -> float:
        """`value` design pixels (at 1280×800) in window pixels."""
        return value * self.scale

    def line(self, size: float, spacing: float = 1.7) -> float:
        """The vertical room of one line of text of design size `size`: `size × spacing`
        design pixels, or more when the text is held at the minimum size (small windows)."""
        return max(self.px(size * spacing), max(self.px(size), MIN_POINTS) * 4 / 3 * 1.35)

    def label(self, text: str, x: float, y: float, size: float, color: Any = TEXT, *,
              bold: bool = False, mono: bool = False, anchor_x: str = "left",
              anchor_y: str = "baseline", width: float | None = None,
              multiline: bool = False, box: Rect | None = None,
              may_cut: bool = False) -> arcade.Text:
        """A text in the screen's batch, laid out by the one rule of `tabletop.ui.textbox`.

        `size` is in design points (scaled). The text is anchored at (`x`, `y`) inside
        `box`: wrapped to the box (if `multiline`), scaled down, then cut with an
        ellipsis (shown whole on hover). Without a box it gets `width` (from its anchor)
        or the rest of the window, and the window's height. Only a text marked `may_cut`
        (a name or a path, of any length) may be cut; any other must fit whole, which the
        layout test checks.
        """
        if box is None:
            box = self._default_box(x, anchor_x, width)
        text_object, placed = fit_text(
            text, x, y, box, self.px(size), color, font_name=FONT_MONO if mono else FONT_SANS,
            bold=bold, wrap=multiline, anchor_x=anchor_x, anchor_y=anchor_y,
            batch=self._batch, may_cut=may_cut)
        self._labels.append(text_object)
        self.texts.add(placed)
        return text_object

    def _default_box(self, x: float, anchor_x: str, width: float | None) -> Rect:
        window_w, window_h = self.window.get_size()
        if width is None:
            left, right = {"left": (x, window_w), "right": (0, x),
                           "center": (0, window_w)}[anchor_x]
        else:
            left = {"left": x, "center": x - width / 2, "right": x - width}[anchor_x]
            right = left + width
        return Rect(left, 0, max(1.0, right - left), window_h)

    def box(self, rect: Rect, color: Any, outline: Any = None, border: float = 2) -> None:
        """A filled rectangle (optionally outlined) in the screen's shape list."""
        cx, cy = rect.center
        self._shapes.append(arcade.shape_list.create_rectangle_filled(
            cx, cy, rect.width, rect.height, color))
        if outline is not None:
            self._shapes.append(arcade.shape_list.create_rectangle_outline(
                cx, cy, rect.width, rect.height, outline, border))

    def add_button(self, label: str, rect: Rect, action: Callable[[], None],
                   enabled: bool = True, name: str = "") -> Button:
        """A button; its box and label are drawn after `build` returns."""
        button = Button(label, rect, action, enabled, name or label)
        self.buttons.append(button)
        return button

    def button_named(self, name: str) -> Button | None:
        """The button with this name, if the screen shows one."""
        self.ensure_built()
        return next((b for b in self.buttons if b.name == name), None)

    # -- drawing -------------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.invalidate()

    def on_resize(self, width: int, height: int) -> None:
        self.invalidate()

    #: True for a screen whose picture changes only with its layout, the pointer's hover
    #: or the focus: its frames copy one offscreen picture (`draw_still_frame`), painted
    #: again only when one of those changed, instead of drawing every box and text again.
    still = False

    def on_draw(self) -> None:
        if self.still:
            self.draw_still_frame()
            return
        self.ensure_built()
        self.clear(color=BACKGROUND)
        self.draw_layout()
        self._draw_tooltip()

    def draw_still_frame(self, changes: tuple[Any, ...] = (),
                         moving: Callable[[], None] | None = None) -> None:
        """A frame from the still picture: the layout is painted offscreen when it, the
        hover, the focus or `changes` (what else the subclass paints into it) differ from
        the last painting, and each frame copies that picture to the window, then draws
        `moving` (what moves on its own) and the tooltip over it."""
        self.ensure_built()
        width, height = self.window.get_size()
        painted_for = (self.layouts, self.focus, self.hover, width, height, *changes)
        if self._still is None:
            from tabletop.ui.canvas import Canvas  # only screens that use it pay for it

            self._still = Canvas(BACKGROUND[:3], window_order=True)
        if painted_for != self._still_for:
            self._still_for = painted_for
            self._still.dirty = True
        self._still.draw(Rect(0, 0, width, height), self.draw_layout)
        if moving is not None:
            moving()
        self._draw_tooltip()

    def draw_layout(self) -> None:
        """Draw what the layout holds, bottom to top: boxes, `draw_under_text`, the hover
        and focus marks, labels, `draw_over_text` (no clear, no tooltip)."""
        self._shapes.draw()
        self.draw_under_text()
        self._draw_marks()
        self._batch.draw()
        self.draw_over_text()

    def draw_under_text(self) -> None:
        """Hook: draw more (e.g. a board) between the boxes and the labels."""

    def draw_over_text(self) -> None:
        """Hook: draw more on top of everything."""

    def _draw_marks(self) -> None:
        if self._marked != (self.focus, self.hover):
            self._marked = (self.focus, self.hover)
            self._marks = arcade.shape_list.ShapeElementList()
            if 0 <= self.hover < len(self.buttons) and self.buttons[self.hover].enabled:
                r = self.buttons[self.hover].rect
                self._marks.append(arcade.shape_list.create_rectangle_filled(
                    *r.center, r.width, r.height, BUTTON_HOVER))
            if 0 <= self.focus < len(self.buttons):
                r = self.buttons[self.focus].rect
                self._marks.append(arcade.shape_list.create_rectangle_outline(
                    *r.center, r.width + 4, r.height + 4, FOCUS, 3))
        self._marks.draw()

    def _draw_tooltip(self) -> None:
        """The full text of a cut text under the pointer, in a panel over everything."""
        if self.tooltip is None:
            return
        window_w, window_h = self.window.get_size()
        if self._tooltip_text is None or self._tooltip_text.text != self.tooltip.text:
            self._tooltip_text = arcade.Text(
                self.tooltip.text, 0, 0, TEXT, max(10.0, self.px(13)),
                width=int(min(window_w - 24, self.px(560))), multiline=True,
                font_name=FONT_SANS, anchor_y="top")
        text = self._tooltip_text
        extent = self.tooltip.extent
        left = max(12.0, min(extent.left, window_w - 12 - text.content_width))
        top = extent.bottom - 6
        if top - text.content_height < 12:  # no room below: show it above
            top = min(window_h - 12, extent.top + 6 + text.content_height)
        text.position = (left, top)
        arcade.draw_lrbt_rectangle_filled(left - 8, left + text.content_width + 8,
                                          top - text.content_height - 6, top + 6, PANEL)
        arcade.draw_lrbt_rectangle_outline(left - 8, left + text.content_width + 8,
                                           top - text.content_height - 6, top + 6, ACCENT, 1)
        text.draw()

    # -- input ---------------------------------------------------------------------------
    def button_at(self, x: float, y: float) -> int:
        """The index of the button under the point, or -1."""
        self.ensure_built()
        for index, button in enumerate(self.buttons):
            if button.rect.contains(x, y):
                return index
        return -1

    def press(self, index: int) -> None:
        """Run the action of button `index` if it is enabled."""
        if 0 <= index < len(self.buttons) and self.buttons[index].enabled:
            self.buttons[index].action()

    def move_focus(self, step: int) -> None:
        """Move the keyboard focus to the next (+1) or previous (-1) enabled button."""
        self.ensure_built()
        count = len(self.buttons)
        if not count:
            return
        index = self.focus
        for _ in range(count):
            index = (index + step) % count if index >= 0 else (0 if step > 0 else count - 1)
            if self.buttons[index].enabled:
                self.focus = index
                return

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.hover = self.button_at(x, y)
        self.tooltip = self.laid_out().at(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        index = self.button_at(x, y)
        if index >= 0:
            self.focus = index
            self.press(index)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if symbol == arcade.key.F11:
            self.services.toggle_fullscreen()
        elif symbol == arcade.key.TAB:
            self.move_focus(-1 if modifiers & arcade.key.MOD_SHIFT else 1)
        elif symbol in KEYS_NEXT:
            self.move_focus(1)
        elif symbol in KEYS_PREV:
            self.move_focus(-1)
        elif symbol in KEYS_PRESS:
            self.press(self.focus)
        elif symbol == arcade.key.ESCAPE:
            self.on_escape()

    def on_escape(self) -> None:
        """Hook: what Esc does on this screen."""
