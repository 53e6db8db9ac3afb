"""Text in a box: the UI's one layout rule for text.

Every piece of screen text is laid out in a rectangle (`fit_text`): it is drawn at its
size, wrapped to the box's width if it may wrap, scaled down step by step to a minimum
size if it still does not fit, and what does not fit even then is cut with an ellipsis
(the screen shows the full text on hover). Every text laid out this way is kept in a
`TextBoxes` register (one per screen layout) with its box and the extent its glyphs take,
so a test can check from the layout itself, not from pixels, that no text leaves its box
and that no two texts overlap.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyglet

from tabletop.ui._arcade import arcade
from tabletop.ui.geometry import Rect

#: The smallest size (points) text is scaled down to: smaller is hard to read on screen.
MIN_POINTS = 10.0
#: How much smaller each attempt is while scaling down.
STEP = 0.9
ELLIPSIS = "…"
#: Rounding slack, in pixels, when comparing an extent with its box.
SLACK = 1.0


@dataclass(frozen=True)
class Placed:
    """One laid-out text: the full text, what is drawn, its box and its glyphs' extent.

    `may_cut` marks a text that may be any length and is read whole on hover when cut: a
    name or a path (a person's name, a file's path, a title a plugin gives). Every other
    text must be laid out whole (wrapped or scaled), never cut: the layout test holds it.
    """

    text: str
    shown: str
    box: Rect
    extent: Rect
    points: float
    may_cut: bool = False

    @property
    def cut(self) -> bool:
        """True if the text was ellipsised (the full text is shown on hover)."""
        return self.shown.endswith(ELLIPSIS) and not self.text.endswith(ELLIPSIS)


def _inside(inner: Rect, outer: Rect, slack: float = SLACK) -> bool:
    return (inner.left >= outer.left - slack and inner.right <= outer.right + slack
            and inner.bottom >= outer.bottom - slack and inner.top <= outer.top + slack)


def _overlap(a: Rect, b: Rect, slack: float = SLACK) -> bool:
    return (min(a.right, b.right) - max(a.left, b.left) > slack
            and min(a.top, b.top) - max(a.bottom, b.bottom) > slack)


@dataclass
class TextBoxes:
    """The register of every text a screen laid out (rebuilt with each layout)."""

    items: list[Placed] = field(default_factory=list)

    def add(self, placed: Placed) -> None:
        """Record one laid-out text."""
        self.items.append(placed)

    def at(self, x: float, y: float) -> Placed | None:
        """The cut text under the point (its full text is shown on hover), if any."""
        return next((p for p in self.items if p.cut and p.extent.contains(x, y)), None)

    def problems(self, window: Rect) -> list[str]:
        """Texts whose extent leaves their box or the window, and texts that overlap."""
        found = []
        for placed in self.items:
            if not placed.shown.strip():
                if placed.text.strip():
                    found.append(f"{placed.text!r} does not fit its box at all ({placed.box})")
                continue
            if not _inside(placed.extent, placed.box):
                found.append(f"{placed.shown!r} leaves its box ({placed.extent} in "
                             f"{placed.box})")
            elif not _inside(placed.extent, window):
                found.append(f"{placed.shown!r} leaves the window ({placed.extent})")
        shown = [p for p in self.items if p.shown.strip()]
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                if _overlap(a.extent, b.extent):
                    found.append(f"{a.shown!r} overlaps {b.shown!r}")
        return found


_BREAK = "\u200b"  # a zero-width space: where a wrapped line may break
#: After these a word too wide for its box breaks first (a path, a file, a hook's name).
_SEPARATORS = re.compile(r"(?<=[/\\_.:-])")


def breakable(text: str, too_wide: Callable[[str], bool]) -> str:
    """`text` with zero-width spaces where a word `too_wide` for its box may break: after
    each separator in it (`/`, `_`, `.`...), and between the letters of a part still too
    wide. A word that fits is left whole, so "(unavailable)" never breaks in the middle."""
    def split(word: str) -> str:
        if not word or not too_wide(word):
            return word
        parts = [p for p in _SEPARATORS.split(word.replace(_BREAK, "")) if p]
        return _BREAK.join(_BREAK.join(p) if too_wide(p) else p for p in parts)
    return " ".join(split(word) for word in text.split(" "))


def _measure(points: float, font_name: str, bold: bool, width: float
             ) -> Callable[[str], bool]:
    """Whether a word is wider than `width` at `points` in this font."""
    def too_wide(word: str) -> bool:
        return arcade.Text(word, 0, 0, font_size=points, font_name=font_name,
                           bold=bold).content_width > width
    return too_wide


def extent_of(text: arcade.Text) -> Rect:
    """The rectangle a laid-out text's glyphs take, from its layout (not its pixels)."""
    layout = text.label
    width, height = float(layout.content_width), float(layout.content_height)
    left = float(layout.left)
    if layout.multiline and layout.width is not None:  # aligned inside its wrap width
        spare = float(layout.width) - width
        left += {"center": spare / 2, "right": spare}.get(str(layout.get_style("align")), 0.0)
    return Rect(left, float(layout.bottom), width, height)


def wrapped_lines(text: str, width: float, points: float, *, font_name: str) -> int:
    """How many lines `text` takes at `points` wrapped to `width` as `fit_text` wraps it
    (at spaces, or anywhere in a word wider than the box): for a layout that gives a
    text the room to be read whole."""
    one = arcade.Text("0", 0, 0, font_size=points, font_name=font_name).content_height
    return max(1, *(round(arcade.Text(t, 0, 0, font_size=points, font_name=font_name,
                                      width=max(1, int(width)), multiline=True
                                      ).content_height / one)
                    for t in (text, breakable(text, _measure(points, font_name, False,
                                                             width)))))


def fit_text(text: str, x: float, y: float, box: Rect, points: float, color: Any, *,
             font_name: str, bold: bool = False, wrap: bool = False, anchor_x: str = "left",
             anchor_y: str = "baseline", min_points: float = MIN_POINTS,
             batch: Any = None, may_cut: bool = False) -> tuple[arcade.Text, Placed]:
    """Lay `text` out at (`x`, `y`) (its anchors) inside `box`: wrapped to the box's width
    from `x` if `wrap`, scaled down to `min_points`, then cut with an ellipsis.

    `may_cut` marks a name or a path, which may be cut (`Placed.may_cut`).
    Returns the text object (in `batch` if given) and its `Placed` record.
    """
    x, y = round(x), round(y)  # whole pixels: glyphs between pixels lose thin strokes
    room = {"left": box.right - x, "center": 2 * min(x - box.left, box.right - x),
            "right": x - box.left}[anchor_x]
    width = max(1, int(room))
    # Centred on its whole height (pyglet's own centre favours the ascent, so a centred
    # line would stand out of a box it fits in).
    centred = anchor_y == "center"
    # Made in its batch at once: most texts fit as they are, and a text laid out again
    # to join a batch costs its layout twice. The tries of one that does not fit change
    # it in place before any frame draws it.
    label = arcade.Text(text, x, y, color, max(points, min_points),
                        width=width if wrap else None, font_name=font_name, bold=bold,
                        multiline=wrap, anchor_x=anchor_x,
                        anchor_y="bottom" if centred else anchor_y,
                        align=anchor_x if wrap else "left", batch=batch)

    def fits() -> bool:
        if centred:
            label.y = round(y - label.content_height / 2)
        return _inside(extent_of(label), box)

    while not fits() and label.font_size > min_points:
        label.font_size = max(min_points, label.font_size * STEP)
    shown = text
    if wrap and not fits():  # a word wider than the box may break anywhere (a path)
        label.text = shown = breakable(text, _measure(label.font_size, font_name, bold,
                                                      width))
    if not fits():
        source = shown
        low, high = 0, len(source)  # the longest start that fits with an ellipsis
        while low < high:
            middle = (low + high + 1) // 2
            label.text = source[:middle].rstrip() + ELLIPSIS
            if fits():
                low = middle
            else:
                high = middle - 1
        shown = source[:low].rstrip() + ELLIPSIS if low else ""
        label.text = shown
    fits()  # placed (centred) for what is shown
    return label, Placed(text, shown, box, extent_of(label), float(label.font_size), may_cut)


def fit_lines(lines: Sequence[tuple[str, Any]], box: Rect, points: float, *, font_name: str,
              min_points: float = MIN_POINTS, gap: float = 2.0
              ) -> list[tuple[arcade.Text, Placed]]:
    """Lay paragraphs (text, colour) out from the top of `box` down, each wrapped to the
    box's width: all at `points` if they fit, else all scaled down together to
    `min_points`; at that size a paragraph that still does not fit is cut with an
    ellipsis, its `Placed.text` holding it and every paragraph after it (the hover shows
    them), and nothing more is laid out. The text objects are in no batch yet.
    """
    size = max(points, min_points)
    while True:
        made, whole = _stack(lines, box, size, font_name, gap, last=size <= min_points)
        if whole or size <= min_points:
            return made
        size = max(min_points, size * STEP)


def _stack(lines: Sequence[tuple[str, Any]], box: Rect, size: float, font_name: str,
           gap: float, last: bool) -> tuple[list[tuple[arcade.Text, Placed]], bool]:
    """`lines` stacked at `size`; False if they do not all fit whole (at the last size,
    what fits is kept and the first that does not is cut)."""
    made: list[tuple[arcade.Text, Placed]] = []
    top = box.top
    for index, (text, colour) in enumerate(lines):
        room = Rect(box.left, box.bottom, box.width, max(0.0, top - box.bottom))
        label, placed = fit_text(text, box.left, top, room, size, colour, font_name=font_name,
                                 wrap=True, anchor_y="top", min_points=size)
        if placed.cut or not placed.shown.strip():
            if not last:
                return made, False
            rest = " ".join(t for t, _ in lines[index:])
            if placed.shown.strip():
                made.append((label, Placed(rest, placed.shown, placed.box, placed.extent,
                                           placed.points)))
            elif made:  # no room for a line at all: the previous one carries the rest
                label, before = made.pop()
                made.append(fit_text(f"{before.text} {rest}", box.left, before.box.top,
                                     before.box, size, label.color, font_name=font_name,
                                     wrap=True, anchor_y="top", min_points=size))
            return made, False
        made.append((label, placed))
        top = placed.extent.bottom - gap
    return made, True


class TextLayer:
    """A renderer's texts laid out by the one rule: one pyglet batch to draw, and the
    `Placed` record of each for the host's register.

    A renderer asks the host for a new layer whenever its texts are laid out again (a new
    frame, a resize): `RendererContext.layer(name, batch)`, with the renderer's own
    `batch` to draw its texts with the rest of a picture.
    """

    def __init__(self, batch: pyglet.graphics.Batch | None = None) -> None:
        self.batch = batch if batch is not None else pyglet.graphics.Batch()
        #: The text objects, kept alive while the batch draws them.
        self.texts: list[arcade.Text] = []
        #: What each text is, where its box is and what its glyphs cover.
        self.placed: list[Placed] = []

    def add(self, text: str, x: float, y: float, box: Rect, points: float, colour: Any, *,
            font_name: str, bold: bool = False, wrap: bool = False, anchor_x: str = "left",
            anchor_y: str = "baseline", whole: bool = False, may_cut: bool = False
            ) -> Placed | None:
        """Lay `text` out in `box` by `fit_text` and keep it. With `whole`, a text that
        does not fit whole at the minimum size is left out (None): for labels a small
        board has no room for, rather than shrinking them to dust or cutting them.
        `may_cut` marks a name or a path, which may be cut (`Placed.may_cut`)."""
        label, placed = fit_text(text, x, y, box, points, colour, font_name=font_name,
                                 bold=bold, wrap=wrap, anchor_x=anchor_x, anchor_y=anchor_y,
                                 may_cut=may_cut)
        if whole and placed.shown != text:
            return None
        self._keep(label, placed)
        return placed

    def add_lines(self, lines: Sequence[tuple[str, Any]], box: Rect, points: float, *,
                  font_name: str, gap: float = 2.0) -> list[Placed]:
        """Paragraphs (text, colour) stacked from the top of `box` (see `fit_lines`)."""
        made = fit_lines(lines, box, points, font_name=font_name, gap=gap)
        for label, placed in made:
            self._keep(label, placed)
        return [placed for _, placed in made]

    def place(self, placed: Placed, colour: Any, *, font_name: str, bold: bool = False
              ) -> None:
        """Draw a one-line text laid out before (`fit_text`) where its record says, with
        no fitting again: for labels laid out once per layout and shown per position."""
        label = arcade.Text(placed.shown, placed.extent.left, placed.extent.bottom, colour,
                            placed.points, font_name=font_name, bold=bold, anchor_y="bottom",
                            batch=self.batch)
        self.texts.append(label)
        self.placed.append(placed)

    def _keep(self, label: arcade.Text, placed: Placed) -> None:
        label.batch = self.batch
        self.texts.append(label)
        self.placed.append(placed)

    def draw(self) -> None:
        """Draw every text of the layer (one batch)."""
        self.batch.draw()
