"""Where the Versus board sits on screen: cell centres, hex size, labels, hit boxes.

Pure arithmetic (no arcade), so the layout can be checked without a window. The board is
drawn with pointy tops: axial `(q, r)` is at `x = s·√3·(q + r/2)`, `y = -1.5·s·r` from the
board's centre, so row `r = +5` (Blue's home row, `a`) is at the bottom (versus.md §1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from games.versus.board import AXIAL, CELLS, ROWS
from tabletop.ui.kit import Rect

SQRT3 = math.sqrt(3.0)
#: Board extent in hex sizes (circumradius units): 11 cells across the central row, and
#: 10 row steps of 1.5 plus the top and bottom half-hexes.
BOARD_WIDTH = 11 * SQRT3
BOARD_HEIGHT = 17.0
#: Room for the row letters on each side and the numbers above and below, in hex sizes.
LABEL_MARGIN_X = 1.6
LABEL_MARGIN_Y = 1.3
#: The share of the area kept at its top for the status line, and the least room it
#: gets in pixels (two lines of text at the layout rule's smallest size).
STATUS_SHARE = 0.06
STATUS_ROOM = 38.0

Point = tuple[float, float]


@dataclass(frozen=True)
class Label:
    """A piece of text to place on the board: what, where (its centre), how big (pixels)
    and the box it must stay in."""

    text: str
    x: float
    y: float
    size: float
    kind: str  # "row", "number" or "cell"
    box: Rect


@dataclass(frozen=True)
class HitBox:
    """A round place on screen a click can land on: `cell`'s, at `centre`, `radius` wide."""

    cell: int
    centre: Point
    radius: float


def hit(boxes: Iterable[HitBox], x: float, y: float) -> int | None:
    """The cell of the box nearest to `(x, y)` among those containing it, else None."""
    best, best_d = None, math.inf
    for box in boxes:
        d = (box.centre[0] - x) ** 2 + (box.centre[1] - y) ** 2
        if d <= box.radius ** 2 and d < best_d:
            best, best_d = box.cell, d
    return best


@dataclass(frozen=True)
class BoardLayout:
    """The board fitted into a rectangle: `size` is the hex circumradius in pixels."""

    centre: Point
    size: float
    status: Rect
    centres: tuple[Point, ...]

    @classmethod
    def fit(cls, left: float, bottom: float, width: float, height: float) -> BoardLayout:
        """The largest board (with its labels and status line) that fits the rectangle;
        the status line's box is the strip along its top."""
        status_h = min(height / 3, max(height * STATUS_SHARE, STATUS_ROOM))
        board_h = max(1.0, height - status_h)
        size = max(1.0, min(width / (BOARD_WIDTH + 2 * LABEL_MARGIN_X),
                            board_h / (BOARD_HEIGHT + 2 * LABEL_MARGIN_Y)))
        cx, cy = left + width / 2, bottom + board_h / 2
        centres = tuple(
            (cx + size * SQRT3 * (q + r / 2), cy - 1.5 * size * r) for q, r in AXIAL)
        return cls((cx, cy), size, Rect(left, bottom + board_h, width, status_h), centres)

    def board_outline(self, margin: float = 1.25) -> list[Point]:
        """The convex hexagon around the board, `margin` hex sizes outside the centres of
        its edge cells (enough for their hexes and the frame), counter-clockwise."""
        s, (cx, cy) = self.size, self.centre
        corners = [(2.5 * SQRT3, 7.5), (-2.5 * SQRT3, 7.5), (-5 * SQRT3, 0.0),
                   (-2.5 * SQRT3, -7.5), (2.5 * SQRT3, -7.5), (5 * SQRT3, 0.0)]
        out = []
        for i, (x, y) in enumerate(corners):
            # Push each corner out along the bisector of its two edges' outward normals,
            # so both edges move out by exactly `margin`.
            n1 = _normal(corners[i - 1], (x, y))
            n2 = _normal((x, y), corners[(i + 1) % 6])
            k = margin / (1 + n1[0] * n2[0] + n1[1] * n2[1])
            out.append((cx + s * (x + k * (n1[0] + n2[0])), cy + s * (y + k * (n1[1] + n2[1]))))
        return out

    def hex_corners(self, cell: int, scale: float = 1.0) -> list[Point]:
        """The six corners of `cell`'s hexagon (pointy top), counter-clockwise from the top;
        `scale` shrinks it around its centre."""
        x, y = self.centres[cell]
        s = self.size * scale
        return [(x + s * math.cos(math.radians(90 + 60 * k)),
                 y + s * math.sin(math.radians(90 + 60 * k))) for k in range(6)]

    def cell_boxes(self) -> tuple[HitBox, ...]:
        """A hit box per cell: the circle inscribed in its hex, so that a click on the
        border between two cells picks neither wrongly."""
        radius = self.size * SQRT3 / 2
        return tuple(HitBox(cell, centre, radius) for cell, centre in enumerate(self.centres))

    def labels(self, cell_names: tuple[str, ...]) -> list[Label]:
        """Row letters at both ends of each row, numbers along the top and bottom rows
        (in the margin between the frame and the edge of the board's room), and each
        cell's name in small type in its lower part (hidden under a piece)."""
        s = self.size
        out: list[Label] = []
        for row in ROWS:
            letter = cell_names[row[0]][0]
            (x0, y), (x1, _) = self.centres[row[0]], self.centres[row[-1]]
            for x in (x0 - 1.25 * s, x1 + 1.25 * s):
                out.append(Label(letter, x, y, 0.5 * s, "row",
                                 Rect(x - 0.35 * s, y - 0.75 * s, 0.7 * s, 1.5 * s)))
        # Between the frame (1.16 hex sizes out) and the margin's edge.
        low, high = 1.18, 1.0 + LABEL_MARGIN_Y
        for row, sign in ((ROWS[-1], -1), (ROWS[0], 1)):
            for cell in row:
                x, y = self.centres[cell]
                mid = y + sign * (low + high) / 2 * s
                box = Rect(x - 0.8 * s, mid - (high - low) / 2 * s, 1.6 * s, (high - low) * s)
                out.append(Label(cell_names[cell][1:], x, mid, 0.42 * s, "number", box))
        for cell in range(CELLS):
            x, y = self.centres[cell]
            box = Rect(x - 0.55 * s, y - 0.84 * s, 1.1 * s, 0.6 * s)
            out.append(Label(cell_names[cell], x, box.center[1], 0.28 * s, "cell", box))
        return out


def _normal(a: Point, b: Point) -> Point:
    """The outward unit normal of edge a→b of a counter-clockwise polygon."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return dy / length, -dx / length


def row_and_index(cell: int) -> tuple[int, int]:
    """`(row from the top, index in the row)` of a cell, for keyboard movement."""
    for i, row in enumerate(ROWS):
        if cell in row:
            return i, row.index(cell)
    raise ValueError(f"no cell {cell}")


def nearest_in_row(layout: BoardLayout, row: int, x: float) -> int:
    """The cell of row `row` (from the top) whose centre is nearest to `x`."""
    return min(ROWS[row], key=lambda c: abs(layout.centres[c][0] - x))


__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "BoardLayout",
    "HitBox",
    "Label",
    "hit",
    "nearest_in_row",
    "row_and_index",
]
