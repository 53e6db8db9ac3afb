"""`Rect`, the window rectangle every layer of the app lays out with.

Its own module so that the text box (which places text in rectangles) and the renderer
(which names the text box's `Placed`) need not import each other; plugins keep importing
it from `tabletop.ui.renderer`, which re-exports it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Rect"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in window pixels; (`left`, `bottom`) is its lower-left corner."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.left + self.width

    @property
    def top(self) -> float:
        """The y of the top edge."""
        return self.bottom + self.height

    @property
    def center(self) -> tuple[float, float]:
        """The centre point."""
        return self.left + self.width / 2, self.bottom + self.height / 2

    def contains(self, x: float, y: float) -> bool:
        """True if the point lies inside (edges included)."""
        return self.left <= x <= self.right and self.bottom <= y <= self.top

    def inset(self, margin: float) -> Rect:
        """This rectangle shrunk by `margin` on every side (never below zero size)."""
        return Rect(self.left + margin, self.bottom + margin,
                    max(0.0, self.width - 2 * margin), max(0.0, self.height - 2 * margin))

    def square(self) -> Rect:
        """The largest square centred in this rectangle (handy for boards)."""
        side = min(self.width, self.height)
        cx, cy = self.center
        return Rect(cx - side / 2, cy - side / 2, side, side)
