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

from dataclasses import dataclass, field
from typing import Any

from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect

#: The smallest size (points) text is scaled down to: smaller is hard to read on screen.
MIN_POINTS = 10.0
#: How much smaller each attempt is while scaling down.
STEP = 0.9
ELLIPSIS = "…"
#: Rounding slack, in pixels, when comparing an extent with its box.
SLACK = 1.0


@dataclass(frozen=True)
class Placed:
    """One laid-out text: the full text, what is drawn, its box and its glyphs' extent."""

    text: str
    shown: str
    box: Rect
    extent: Rect
    points: float

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


#: Words longer than this may break between any two letters when they do not fit.
LONG_WORD = 12
_BREAK = "\u200b"  # a zero-width space: where a wrapped line may break


def breakable(text: str) -> str:
    """`text` with a zero-width space between the letters of each long word."""
    words = text.split(" ")
    return " ".join(_BREAK.join(w) if len(w.replace(_BREAK, "")) > LONG_WORD else w
                    for w in words)


def extent_of(text: arcade.Text) -> Rect:
    """The rectangle a laid-out text's glyphs take, from its layout (not its pixels)."""
    layout = text.label
    width, height = float(layout.content_width), float(layout.content_height)
    left = float(layout.left)
    if layout.multiline and layout.width is not None:  # aligned inside its wrap width
        spare = float(layout.width) - width
        left += {"center": spare / 2, "right": spare}.get(str(layout.get_style("align")), 0.0)
    return Rect(left, float(layout.bottom), width, height)


def fit_text(text: str, x: float, y: float, box: Rect, points: float, color: Any, *,
             font_name: str, bold: bool = False, wrap: bool = False, anchor_x: str = "left",
             anchor_y: str = "baseline", min_points: float = MIN_POINTS,
             batch: Any = None) -> tuple[arcade.Text, Placed]:
    """Lay `text` out at (`x`, `y`) (its anchors) inside `box`: wrapped to the box's width
    from `x` if `wrap`, scaled down to `min_points`, then cut with an ellipsis.

    Returns the text object (in `batch` if given) and its `Placed` record.
    """
    x, y = round(x), round(y)  # whole pixels: glyphs between pixels lose thin strokes
    room = {"left": box.right - x, "center": 2 * min(x - box.left, box.right - x),
            "right": x - box.left}[anchor_x]
    width = max(1, int(room))
    # Centred on its whole height (pyglet's own centre favours the ascent, so a centred
    # line would stand out of a box it fits in).
    centred = anchor_y == "center"
    label = arcade.Text(text, x, y, color, max(points, min_points),
                        width=width if wrap else None, font_name=font_name, bold=bold,
                        multiline=wrap, anchor_x=anchor_x,
                        anchor_y="bottom" if centred else anchor_y,
                        align=anchor_x if wrap else "left")

    def fits() -> bool:
        if centred:
            label.y = round(y - label.content_height / 2)
        return _inside(extent_of(label), box)

    while not fits() and label.font_size > min_points:
        label.font_size = max(min_points, label.font_size * STEP)
    shown = text
    if wrap and not fits():  # a word wider than the box may break anywhere (a path)
        label.text = shown = breakable(text)
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
    if batch is not None:
        # Measured outside the batch (the tries are never drawn); the result joins it.
        label = arcade.Text(shown, x, y, color, label.font_size,
                            width=width if wrap else None, font_name=font_name, bold=bold,
                            multiline=wrap, anchor_x=anchor_x,
                            anchor_y="bottom" if centred else anchor_y,
                            align=anchor_x if wrap else "left", batch=batch)
    fits()  # placed (centred) for what is shown
    return label, Placed(text, shown, box, extent_of(label), float(label.font_size))
