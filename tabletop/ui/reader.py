"""A reading pane: markdown-lite text laid out once to its box's width, scrolled and clipped.

The text is one pyglet `FormattedDocument` (headings, paragraphs, hanging bullets, bold and
code spans) in one `TextLayout`, in the pane's own batch. We use pyglet's formatted layout
rather than one `arcade.Text` per block because `arcade.Text` has one style per object: it
cannot make a word bold inside a paragraph or hang a bullet's lines under its text.

The layout wraps to the width once per window size. The text in view is painted into an
offscreen `Canvas` of the pane, with the batch moved up by the scroll offset; a frame shows
that picture as one quad, and the text is painted again only when it scrolls. Nothing is
drawn outside the pane (the picture is the pane), a frame at rest costs little more than
the quad (measured in bench/rules_ui.py), and a scroll step moves only the view matrix.
(Pyglet's own `ScrollableTextLayout` rewrites every glyph's vertices on each scroll step
instead; with it a scrolled frame cost 1.5-2x a still one.)
"""

from __future__ import annotations

import math
from typing import Any

import pyglet
from pyglet.math import Mat4, Vec3

from tabletop.ui._arcade import FONT_MONO, FONT_SANS, arcade
from tabletop.ui.canvas import Canvas
from tabletop.ui.geometry import Rect
from tabletop.ui.markdown import Block, parse

HEADING_SCALE = {1: 1.6, 2: 1.3, 3: 1.1}
BOLD, NORMAL = pyglet.text.Weight.BOLD, pyglet.text.Weight.NORMAL
#: The longest line a reader is comfortable with, in ems of the body text (about 90 letters).
MEASURE_EMS = 46


def _rgba(colour: Any) -> tuple[int, int, int, int]:
    r, g, b, *a = colour
    return (r, g, b, a[0] if a else 255)


class Style:
    """Sizes and colours of a reading pane: `size` is the body text's size in points;
    `background` is the pane's opaque colour, under the text."""

    def __init__(self, size: float, text: Any, heading: Any, accent: Any,
                 background: Any) -> None:
        self.size = size
        self.background = _rgba(background)[:3]
        self.em = size * 4 / 3  # points to pixels at pyglet's 96 dpi
        self.text = _rgba(text)
        self.heading = _rgba(heading)
        self.accent = _rgba(accent)


def document(blocks: list[Block], style: Style,
             sections: list[int] | None = None) -> pyglet.text.document.FormattedDocument:
    """The blocks as one formatted document: one pyglet paragraph per block.

    The position in the text of each `##` heading is appended to `sections`, if given.
    """
    doc = pyglet.text.document.FormattedDocument()
    em = style.em
    for index, block in enumerate(blocks):
        start = len(doc.text)
        if sections is not None and block.kind == "heading" and block.level == 2:
            sections.append(start)
        size = style.size * HEADING_SCALE.get(block.level, 1) if block.kind == "heading" \
            else style.size
        colour = style.text if block.kind != "heading" or block.level == 1 else style.heading
        base = {"font_name": FONT_SANS, "font_size": size, "color": colour,
                "weight": BOLD if block.kind == "heading" else NORMAL}
        paragraph: dict[str, Any] = {"margin_bottom": int(em * 0.6), "margin_top": 0,
                                     "margin_left": 0, "indent": 0, "tab_stops": []}
        if block.kind == "heading":
            paragraph["margin_top"] = int(em * (1.0 if index else 0))
            paragraph["margin_bottom"] = int(em * 0.4)
        elif block.kind == "item":
            # A hanging item: the marker sits in the indent, the lines align after a tab.
            left = int(em * (2.2 + 1.8 * block.level))
            paragraph.update(margin_left=left, indent=-int(em * 1.8), tab_stops=[left],
                             margin_bottom=int(em * 0.35))
            doc.insert_text(start, f"{block.marker}\t", {**base, "color": style.accent})
        for span in block.spans:
            attributes = dict(base)
            if span.bold:
                attributes["weight"] = BOLD
            if span.code:
                attributes.update(font_name=FONT_MONO, color=style.accent)
            doc.insert_text(len(doc.text), span.text, attributes)
        if index < len(blocks) - 1:
            doc.insert_text(len(doc.text), "\n", base)
        doc.set_paragraph_style(start, len(doc.text), paragraph)
    return doc


def reading_width(style: Style, padding: float, bar_width: float) -> float:
    """The width of a box whose text column is the comfortable measure for `style`."""
    return style.em * MEASURE_EMS + 2.5 * padding + bar_width


class Reader:
    """Markdown-lite `text` in `box` (window pixels), with a scroll bar down its right side.

    `offset` is how far the text is scrolled, in pixels from the top (0 to `max_offset`).
    """

    def __init__(self, text: str, box: Rect, style: Style, *, padding: float,
                 bar_width: float, skip_title: bool = False) -> None:
        blocks = parse(text)
        if skip_title and blocks and blocks[0].kind == "heading" and blocks[0].level == 1:
            blocks = blocks[1:]
        self.box = box
        self.style = style
        self.track = Rect(box.right - padding / 2 - bar_width, box.bottom + padding / 2,
                          bar_width, box.height - padding)
        # Whole pixels, so that the picture of the text is shown 1:1 (crisp glyphs).
        left, bottom = math.ceil(box.left + padding), math.ceil(box.bottom + padding / 2)
        self.text_box = Rect(left, bottom, int(self.track.left - padding / 2 - left),
                             int(box.top - padding / 2 - bottom))
        self.view_height = int(self.text_box.height)  # what shows of the text at once
        self.sections: list[int] = []  # where each `##` section starts in the text
        self.batch = pyglet.graphics.Batch()
        self.layout = pyglet.text.layout.TextLayout(
            document(blocks, style, self.sections), x=left, y=bottom + self.view_height,
            width=int(self.text_box.width), anchor_y="top", multiline=True, batch=self.batch)
        self.canvas = Canvas(self.style.background)
        self.offset = 0.0
        self.grab: float | None = None  # where the thumb was grabbed, while dragging

    @property
    def max_offset(self) -> float:
        """The largest scroll offset (0 when the whole text fits)."""
        return max(0.0, float(self.layout.content_height - self.view_height))

    @property
    def line(self) -> float:
        """One line of body text, in pixels (the arrows' step)."""
        return self.style.em * 1.25

    @property
    def page(self) -> float:
        """A screenful less one line (PgUp/PgDn keep a line of context)."""
        return max(self.line, self.view_height - self.line)

    def scroll_to(self, offset: float) -> bool:
        """Scroll to `offset` (clamped); True if the view moved."""
        offset = min(max(0.0, offset), self.max_offset)
        if offset == self.offset:
            return False
        self.offset = offset
        self.canvas.dirty = True
        return True

    def scroll_by(self, delta: float) -> bool:
        """Scroll down by `delta` pixels (up if negative); True if the view moved."""
        return self.scroll_to(self.offset + delta)

    def section_offset(self, number: int) -> float | None:
        """The offset that shows the `number`-th `##` section (from 1) at the top, if any."""
        if not 1 <= number <= len(self.sections):
            return None
        position = self.sections[number - 1]
        # pyglet keeps its laid-out lines private; each knows where it starts in the text
        # and its baseline (negative, down from the top of the text).
        lines = self.layout._lines
        line = next((ln for ln in lines if ln.start >= position), lines[-1])
        return max(0.0, -(line.y + line.ascent) - self.style.em * 0.3)

    def thumb(self) -> Rect | None:
        """The scroll bar's thumb, or None when everything fits."""
        if self.max_offset <= 0:
            return None
        track = self.track
        height = max(min(track.width * 3, track.height),
                     track.height * self.view_height / self.layout.content_height)
        top = track.top - (track.height - height) * self.offset / self.max_offset
        return Rect(track.left, top - height, track.width, height)

    # -- the scroll bar and the mouse ----------------------------------------------------
    def press(self, x: float, y: float) -> bool:
        """A click: grab the thumb, or page towards a click on the track. True if used."""
        thumb = self.thumb()
        if thumb is None or not self.track.contains(x, y):
            return False
        if thumb.contains(x, y):
            self.grab = thumb.top - y
        elif y > thumb.top:
            self.scroll_by(-self.page)
        else:
            self.scroll_by(self.page)
        return True

    def drag(self, y: float) -> bool:
        """The grabbed thumb follows the mouse; True if the view moved."""
        thumb = self.thumb()
        if self.grab is None or thumb is None:
            return False
        room = self.track.height - thumb.height
        fraction = (self.track.top - (y + self.grab)) / room if room > 0 else 0.0
        return self.scroll_to(fraction * self.max_offset)

    def release(self) -> None:
        """The mouse button is up: let go of the thumb."""
        self.grab = None

    def draw(self) -> None:
        """Show the text in view (painted again first if it scrolled)."""
        self.canvas.draw(self.text_box, self._paint)

    def _paint(self) -> None:
        # The canvas has set the projection to the pane (and restores it afterwards).
        window = arcade.get_window()
        window.view = Mat4.from_translation(Vec3(0, round(self.offset), 0))
        self.batch.draw()

    def draw_thumb(self, colour: Any, dragging_colour: Any) -> None:
        """Draw the thumb (its track is part of the screen's boxes)."""
        thumb = self.thumb()
        if thumb is not None:
            arcade.draw_lrbt_rectangle_filled(
                thumb.left, thumb.right, thumb.bottom, thumb.top,
                dragging_colour if self.grab is not None else colour)
