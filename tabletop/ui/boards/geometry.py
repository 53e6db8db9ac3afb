"""Boards as geometry: where each cell is in a rectangle, and which cell a point is on.

A *board* is an immutable description declared once by a renderer class (`SquareBoard(8,
8)`, `HexBoard.hexagon(4)`, `CardTable(...)`). `board.fit(area)` lays it out in a window
rectangle and returns a `Layout`: cell centres and outlines in pixels, the size a piece
may take, the coordinate labels and hit testing; `layout.turned()` is the same board seen
from its other side (turned half round). Nothing here imports arcade, so layouts
are tested headless and used by AIs or tools that need no window.

Cells are plain hashable values in the game's own coordinates:

- `SquareBoard`: `(column, row)`, `(0, 0)` the lower-left cell ("a1"), rows counted up;
- `HexBoard`: axial `(q, r)`, `r` counted down the screen (pointy or flat tops);
- `CardTable`: `(region_name, slot)` for each slot of each region (a hand, a pile...).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from tabletop.ui.renderer import Rect

__all__ = [
    "Board",
    "CardTable",
    "Cell",
    "Colour",
    "HexBoard",
    "Label",
    "Layout",
    "Point",
    "Region",
    "RimLabel",
    "SquareBoard",
]

#: A cell of a board: a hashable value in the board's coordinates (typed loosely so that
#: a game unpacks its own cells, `col, row = cell`, without casts).
Cell = Any
#: A point in window pixels.
Point = tuple[float, float]
#: An RGB or RGBA colour, 0-255 per channel.
Colour = tuple[int, int, int] | tuple[int, int, int, int]

_SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Label:
    """A coordinate label (or a region's title) centred at (`x`, `y`), at most `size`
    pixels tall and `width` pixels wide (the painter shrinks the text to fit); `bold`
    for a line's name that should stand out; `room` the height of its box where it has
    more than its size needs (a small name, kept readable at the layout rule's minimum)."""

    text: str
    x: float
    y: float
    size: float
    width: float
    bold: bool = False
    room: float | None = None


@dataclass(frozen=True)
class RimLabel:
    """A word a `HexBoard` writes outside its edge, beside `cell`, on its `side`
    ("left", "right", "above" or "below"): a row's letter at both ends of the row, a
    number above or below each cell of the top and bottom rows. `bold` for a line's name
    that should stand out (Versus's row letters)."""

    cell: Cell
    text: str
    side: Literal["left", "right", "above", "below"]
    bold: bool = False


@dataclass(frozen=True)
class Layout:
    """A board laid out in a window rectangle: everything a painter or hit test needs.

    `outlines` are convex polygons (counter-clockwise, window pixels); `piece_size` is the
    diameter a piece may take in a cell (`sizes` overrides it per cell); `extents` the
    width and height a cell's contents may take round its centre (a stack's pieces and its
    count: `content_box`), a square of the piece size where not given; `frame` is the
    rectangle the board covers (cells and labels), painted `frame_fill` (None: the
    palette's frame colour); `fill` the colour of each cell, painted over its outline or,
    where given, its `shapes` polygon (a round pit in a square cell: `shape_of`).
    `cell_labels` name cells inside them (drawn on free cells only), for shapes whose
    edges cannot carry labels. `frame_shapes`, where given, are polygons painted in the
    frame's colour instead of the `frame` rectangle (a frame that follows a hexagonal
    board's edge). `is_turned` is True for a layout `turned` half round.
    """

    board: Board
    area: Rect
    cells: tuple[Cell, ...]
    centres: Mapping[Cell, Point]
    outlines: Mapping[Cell, tuple[Point, ...]]
    piece_size: float
    labels: tuple[Label, ...]
    frame: Rect
    fill: Mapping[Cell, Colour] = field(default_factory=dict)
    sizes: Mapping[Cell, float] = field(default_factory=dict)
    cell_labels: Mapping[Cell, Label] = field(default_factory=dict)
    frame_fill: Colour | None = None
    extents: Mapping[Cell, tuple[float, float]] = field(default_factory=dict)
    shapes: Mapping[Cell, tuple[Point, ...]] = field(default_factory=dict)
    frame_shapes: tuple[tuple[Point, ...], ...] = ()
    #: True when the board is drawn turned half round (`turned`).
    is_turned: bool = False

    def turned(self) -> Layout:
        """This layout turned half round (180°) about the centre of its `frame`, as a
        player turns a board on the table to sit at its other side: every cell, outline,
        shape, coordinate and frame piece at the opposite place, the words kept upright
        and each cell's name at the same place in its cell (its lower part). Hit testing
        (`cell_at`), the arrow keys' `neighbour` and everything drawn from the layout
        follow; turning it again gives the layout as fitted (`is_turned` says which)."""
        cx, cy = self.frame.center

        def point(p: Point) -> Point:
            return 2 * cx - p[0], 2 * cy - p[1]

        def polygon(points: Sequence[Point]) -> tuple[Point, ...]:
            # Turning half round keeps a polygon counter-clockwise (`_inside` needs it).
            return tuple(point(p) for p in points)

        def label(at: Label) -> Label:
            x, y = point((at.x, at.y))
            return replace(at, x=x, y=y)

        centres = {cell: point(centre) for cell, centre in self.centres.items()}

        def in_cell(cell: Cell, at: Label) -> Label:
            # The same offset from the cell's centre: a name stays in its cell's lower part.
            (x0, y0), (x1, y1) = self.centres[cell], centres[cell]
            return replace(at, x=x1 + at.x - x0, y=y1 + at.y - y0)

        return replace(
            self, centres=centres,
            outlines={cell: polygon(outline) for cell, outline in self.outlines.items()},
            labels=tuple(label(at) for at in self.labels),
            cell_labels={cell: in_cell(cell, at) for cell, at in self.cell_labels.items()},
            shapes={cell: polygon(shape) for cell, shape in self.shapes.items()},
            frame_shapes=tuple(polygon(shape) for shape in self.frame_shapes),
            is_turned=not self.is_turned)

    def size_of(self, cell: Cell) -> float:
        """The size of a piece in `cell` (a card's height on a card table)."""
        return self.sizes.get(cell, self.piece_size)

    def content_box(self, cell: Cell) -> Rect:
        """The rectangle round `cell`'s centre that its contents may take: a stack's
        pieces and count (a store spanning two rows: a tall one)."""
        size = self.size_of(cell)
        width, height = self.extents.get(cell, (size, size))
        x, y = self.centres[cell]
        return Rect(x - width / 2, y - height / 2, width, height)

    def shape_of(self, cell: Cell) -> tuple[Point, ...]:
        """The polygon `cell` is painted as: its `shapes` entry, else its outline."""
        return self.shapes.get(cell) or self.outlines[cell]

    def centre(self, cell: Cell) -> Point:
        """The centre of `cell` in window pixels, where its piece is drawn."""
        return self.centres[cell]

    def click_point(self, cell: Cell) -> Point:
        """A point that selects `cell` when clicked (the middle of its visible part: a
        fanned card is partly covered by the next one)."""
        corners = self.outlines[cell]
        return (sum(x for x, _ in corners) / len(corners),
                sum(y for _, y in corners) / len(corners))

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under the point, or None if the point is on no cell."""
        for cell in self.cells:
            if _inside(self.outlines[cell], x, y):
                return cell
        return None

    def neighbour(self, cell: Cell, dx: int, dy: int) -> Cell | None:
        """The nearest cell from `cell` in the direction (`dx`, `dy`) (arrow keys: each -1,
        0 or 1, y up), within 60° of it; None at the edge of the board."""
        x0, y0 = self.centres[cell]
        best: tuple[float, Cell] | None = None
        for other in self.cells:
            if other == cell:
                continue
            x, y = self.centres[other]
            vx, vy = x - x0, y - y0
            distance = math.hypot(vx, vy)
            along = (vx * dx + vy * dy) / (math.hypot(dx, dy) or 1.0)
            if distance == 0 or along < distance * 0.5:  # more than 60° off
                continue
            # Straight ahead beats slightly closer but sideways.
            score = distance * (2.0 - along / distance)
            if best is None or score < best[0]:
                best = (score, other)
        return best[1] if best else None


class Board:
    """Base class of board shapes: a set of cells, names, and `fit` into a rectangle."""

    #: The cells in a stable order (the keyboard cursor starts on the first).
    cells: tuple[Cell, ...] = ()

    def cell_name(self, cell: Cell) -> str:
        """The cell's name for players ("d3"), used in messages."""
        return str(cell)

    def fit(self, area: Rect) -> Layout:
        """Lay the board out as large as it fits in `area`, centred."""
        raise NotImplementedError


def _inside(polygon: Sequence[Point], x: float, y: float) -> bool:
    """True if (x, y) is inside the convex counter-clockwise `polygon` (edges included)."""
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[(i + 1) % len(polygon)]
        if (bx - ax) * (y - ay) - (by - ay) * (x - ax) < -1e-9:
            return False
    return True


def _pair(cell: Cell) -> tuple[int, int]:
    """A grid cell's two integer coordinates."""
    return cast(tuple[int, int], cell)


def _capsule(x0: float, y0: float, x1: float, y1: float, steps: int = 12
             ) -> tuple[Point, ...]:
    """The rectangle x0..x1, y0..y1 with its short sides rounded into half circles: a
    circle in a square, a capsule in a longer one (convex, counter-clockwise)."""
    radius = min(x1 - x0, y1 - y0) / 2
    ends = ((x1 - radius, y1 - radius, 0.0), (x0 + radius, y1 - radius, 0.5),
            (x0 + radius, y0 + radius, 1.0), (x1 - radius, y0 + radius, 1.5))
    points: list[Point] = []
    for cx, cy, start in ends:  # a quarter circle round each corner's centre
        for i in range(steps + 1):
            angle = math.pi * (start + 0.5 * i / steps)
            point = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
            if not points or math.dist(point, points[-1]) > 1e-9:
                points.append(point)
    if math.dist(points[0], points[-1]) <= 1e-9:
        points.pop()
    return tuple(points)


def _column_letters(index: int) -> str:
    """a, b, ... z, aa, ab ... (spreadsheet style) for column `index` from 0."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


@dataclass(frozen=True)
class SquareBoard(Board):
    """A `columns` × `rows` grid of square cells; cell `(c, r)` is column c, row r from
    the lower-left ("a1", as in chess). Columns are labelled a, b, c… below, rows 1, 2,
    3… on the left. With `rows_down` row 0 is the top row instead ("a1" top left, as in
    Othello and Go problems).

    `light` fills every cell; with `dark` set the cells alternate (a chequered board).
    `labels=False` leaves the coordinates out (and the board takes their margin).

    `spans` makes cells bigger than one square: `{(c, r): (columns, rows)}`, the cell
    `(c, r)` covering columns c to c+columns-1 and rows r to r+rows-1, whose other squares
    are then no cells. A Kalah board is `SquareBoard(8, 2, spans={(0, 0): (1, 2), (7, 0):
    (1, 2)}, labels=False)`: two rows of six pits between two stores, each spanning both
    rows. A piece in a spanned cell is as big as its shorter side allows; a `Stack`
    spreads its pieces over the whole cell. `round_cells=True` paints each cell as a
    hollow in the board, a circle in its square (a capsule in a spanned cell), the frame's
    colour between them: the pits and stores of a mancala board.
    """

    columns: int
    rows: int
    light: Colour = (214, 190, 150)
    dark: Colour | None = None
    labels: bool = True
    rows_down: bool = False
    spans: Mapping[Cell, tuple[int, int]] = field(default_factory=dict)
    round_cells: bool = False
    cells: tuple[Cell, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError("a square board needs at least one column and one row")
        spans = dict(self.spans)  # a copy: the board stays as declared
        taken: set[tuple[int, int]] = set()  # every square of a span
        covered: set[tuple[int, int]] = set()  # the squares a span's cell takes over
        for cell, (width, height) in spans.items():
            c, r = _pair(cell)
            if not (0 <= c < self.columns and 0 <= r < self.rows):
                raise ValueError(f"span of {cell!r}: no such cell on the board")
            if width < 1 or height < 1 or c + width > self.columns or r + height > self.rows:
                raise ValueError(f"span of {cell!r}: {width} x {height} squares do not fit "
                                 "on the board")
            squares = {(c + i, r + j) for i in range(width) for j in range(height)}
            if squares & taken:
                raise ValueError(f"span of {cell!r} overlaps another span")
            taken |= squares
            covered |= squares - {(c, r)}
        object.__setattr__(self, "spans", spans)
        object.__setattr__(self, "cells", tuple(
            (c, r) for r in range(self.rows) for c in range(self.columns)
            if (c, r) not in covered))

    def __hash__(self) -> int:
        return hash((self.columns, self.rows, self.light, self.dark, self.labels,
                     self.rows_down, tuple(sorted(self.spans.items())), self.round_cells))

    def cell_name(self, cell: Cell) -> str:
        """Column letter and row number: "a1" is the lower-left cell (top-left with
        `rows_down`)."""
        c, r = _pair(cell)
        return f"{_column_letters(c)}{r + 1}"

    def _up(self, row: int) -> int:
        """How many rows `row` is drawn above the bottom one."""
        return self.rows - 1 - row if self.rows_down else row

    def fit(self, area: Rect) -> Layout:
        """Square cells as large as fit, with a margin for the labels on two sides."""
        margin_share = 0.6 if self.labels else 0.0  # label margin, in cells
        side = min(area.width / (self.columns + margin_share),
                   area.height / (self.rows + margin_share))
        width, height = side * self.columns, side * self.rows
        margin = side * margin_share
        left = area.left + (area.width - width - margin) / 2 + margin
        bottom = area.bottom + (area.height - height - margin) / 2 + margin
        centres: dict[Cell, Point] = {}
        outlines: dict[Cell, tuple[Point, ...]] = {}
        fill: dict[Cell, Colour] = {}
        sizes: dict[Cell, float] = {}
        extents: dict[Cell, tuple[float, float]] = {}
        shapes: dict[Cell, tuple[Point, ...]] = {}
        piece = side * 0.86
        inset = side - piece  # round the contents, as round a piece in a square
        for cell in self.cells:
            c, r = _pair(cell)
            across, up = self.spans.get(cell, (1, 1))
            x0 = left + c * side
            y0 = bottom + min(self._up(r), self._up(r + up - 1)) * side
            x1, y1 = x0 + across * side, y0 + up * side
            centres[cell] = (x0 + across * side / 2, y0 + up * side / 2)
            outlines[cell] = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
            fill[cell] = self.dark if self.dark is not None and (c + r) % 2 == 0 else self.light
            if cell in self.spans:
                sizes[cell] = side * min(across, up) - inset
                extents[cell] = (across * side - inset, up * side - inset)
            if self.round_cells:
                gap = side * 0.04
                shapes[cell] = _capsule(x0 + gap, y0 + gap, x1 - gap, y1 - gap)
                # The contents keep off the rim, as a piece keeps off a square's edges.
                short = min(across, up) * side - 2 * gap
                extents[cell] = (across * side - 2 * gap - 0.14 * short,
                                 up * side - 2 * gap - 0.14 * short)
        labels: list[Label] = []
        if self.labels:
            size = margin * 0.7
            labels += [Label(_column_letters(c), left + (c + 0.5) * side, bottom - margin / 2,
                             size, side * 0.9) for c in range(self.columns)]
            labels += [Label(str(r + 1), left - margin / 2,
                             bottom + (self._up(r) + 0.5) * side, size, margin * 0.9)
                       for r in range(self.rows)]
        frame = Rect(left - margin, bottom - margin, width + margin, height + margin)
        return Layout(self, area, self.cells, centres, outlines, piece, tuple(labels),
                      frame, fill, sizes, extents=extents, shapes=shapes)


@dataclass(frozen=True)
class HexBoard(Board):
    """Hexagonal cells in axial coordinates `(q, r)` — any set of cells: a hexagon
    (`HexBoard.hexagon(radius)`), a rhombus (`HexBoard.rhombus(11, 11)`, the board of Hex)
    or any shape. `orientation` is "pointy" (a corner on top) or "flat" (an edge on top).

    Cells are named by a column letter and a row number counted from the smallest q and r
    ("a1" is the cell with the smallest q and r). Where every column starts on the top
    row and every row on the first column (a rhombus), columns are labelled above and
    rows on the left; on other shapes (a hexagon) the edges cannot say which line is
    which, so each free cell shows its name instead.

    A game with its own cells, names and coordinates says so:

    - `ids`: the game's own value of each axial cell (`{(q, r): 17}`: cells numbered in
      reading order); the layout, pieces, paths and clicks then use those values
      (`HexBoard.numbered(axial)` numbers a sequence of axial cells 0, 1, 2...);
    - `names`: each cell's name for players (`{17: "f6"}`), used in messages and by
      the frame's `marks` (`tabletop.ui.renderer.Frame`);
    - `rim`: the words written round the edge (`RimLabel`s: a row's letter at both its
      ends, the numbers along the top and bottom rows), with room kept for them; the
      cells then also carry their names, small in their lower part (`cell_names=False`
      leaves them out; `cell_names=True` writes them on any board);
    - `frame="cells"`: the frame follows the board's edge (each edge cell's hexagon,
      enlarged) instead of filling a rectangle round it.
    """

    shape: frozenset[tuple[int, int]]
    orientation: Literal["pointy", "flat"] = "pointy"
    fill: Colour = (214, 190, 150)
    labels: bool = True
    ids: Mapping[tuple[int, int], Cell] = field(default_factory=dict)
    names: Mapping[Cell, str] = field(default_factory=dict)
    rim: tuple[RimLabel, ...] = ()
    cell_names: bool | None = None
    frame: Literal["box", "cells"] = "box"
    cells: tuple[Cell, ...] = field(init=False, repr=False)
    _axial: Mapping[Cell, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.shape:
            raise ValueError("a hex board needs at least one cell")
        if self.orientation not in ("pointy", "flat"):
            raise ValueError("orientation is 'pointy' or 'flat'")
        if self.frame not in ("box", "cells"):
            raise ValueError("frame is 'box' or 'cells'")
        ids = dict(self.ids)
        if ids and (set(ids) != set(self.shape) or len(set(ids.values())) != len(ids)):
            raise ValueError("ids give each cell of the shape a distinct value")
        order = sorted(self.shape, key=lambda c: (c[1], c[0]))
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "names", dict(self.names))
        object.__setattr__(self, "rim", tuple(self.rim))
        object.__setattr__(self, "cells", tuple(ids.get(a, a) for a in order))
        object.__setattr__(self, "_axial", {ids.get(a, a): a for a in order})
        for label in self.rim:
            if label.cell not in self._axial:
                raise ValueError(f"rim label {label.text!r}: no cell {label.cell!r}")
            if label.side not in ("left", "right", "above", "below"):
                raise ValueError(f"rim label {label.text!r}: side is left, right, above "
                                 "or below")

    def __hash__(self) -> int:
        return hash((self.shape, self.orientation, self.fill, self.labels,
                     frozenset(self.ids.items()), frozenset(self.names.items()), self.rim,
                     self.cell_names, self.frame))

    @classmethod
    def hexagon(cls, radius: int, orientation: Literal["pointy", "flat"] = "pointy",
                **options: Any) -> HexBoard:
        """A hexagon of hexes: the centre cell (0, 0) and `radius` rings round it."""
        shape = frozenset((q, r) for q in range(-radius, radius + 1)
                          for r in range(-radius, radius + 1) if abs(q + r) <= radius)
        return cls(shape, orientation, **options)

    @classmethod
    def rhombus(cls, columns: int, rows: int,
                orientation: Literal["pointy", "flat"] = "pointy",
                **options: Any) -> HexBoard:
        """A rhombus of `columns` × `rows` hexes, (0, 0) to (columns-1, rows-1)."""
        shape = frozenset((q, r) for q in range(columns) for r in range(rows))
        return cls(shape, orientation, **options)

    @classmethod
    def numbered(cls, axial: Sequence[tuple[int, int]],
                 orientation: Literal["pointy", "flat"] = "pointy",
                 **options: Any) -> HexBoard:
        """The cells `axial`, numbered 0, 1, 2... in that order: the game's cells are
        numbers (`axial[n]` is cell n's place)."""
        ids = {(q, r): n for n, (q, r) in enumerate(axial)}
        return cls(frozenset(ids), orientation, ids=ids, **options)

    def axial(self, cell: Cell) -> tuple[int, int]:
        """The axial `(q, r)` of `cell` (itself, unless the board has `ids`)."""
        return self._axial[cell]

    def cell_name(self, cell: Cell) -> str:
        """The game's name of the cell (`names`), else a column letter (from the smallest
        q) and a row number (from the smallest r)."""
        if cell in self.names:
            return self.names[cell]
        q, r = self.axial(cell)
        q0 = min(c[0] for c in self.shape)
        r0 = min(c[1] for c in self.shape)
        return f"{_column_letters(q - q0)}{r - r0 + 1}"

    def _unit_centre(self, q: int, r: int) -> Point:
        """The centre of (q, r) for hexes of circumradius 1 (y up, r growing down)."""
        if self.orientation == "pointy":
            return _SQRT3 * (q + r / 2), -1.5 * r
        return 1.5 * q, -_SQRT3 * (r + q / 2)

    def _unit_corners(self) -> list[Point]:
        start = 30.0 if self.orientation == "pointy" else 0.0
        return [(math.cos(math.radians(start + 60 * i)), math.sin(math.radians(start + 60 * i)))
                for i in range(6)]

    def _half_extents(self) -> tuple[float, float]:
        """Half a hex's width and height, for circumradius 1."""
        return (_SQRT3 / 2, 1.0) if self.orientation == "pointy" else (1.0, _SQRT3 / 2)

    def _edge_cells(self) -> list[Cell]:
        """The cells with fewer than six neighbours on the board."""
        steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        return [cell for cell in self.cells
                if any((self.axial(cell)[0] + dq, self.axial(cell)[1] + dr) not in self.shape
                       for dq, dr in steps)]

    def _rim_labels(self, unit: Mapping[Cell, Point]) -> list[Label]:
        """The `rim` labels for hexes of circumradius 1, just outside the frame."""
        half_w, half_h = self._half_extents()
        out = FRAME_SCALE if self.frame == "cells" else 1.05
        labels = []
        for rim in self.rim:
            x, y = unit[rim.cell]
            if rim.side in ("left", "right"):
                sign = -1 if rim.side == "left" else 1
                labels.append(Label(rim.text, x + sign * (half_w * out + 0.25), y, 0.62, 0.7,
                                    rim.bold))
            else:
                sign = 1 if rim.side == "above" else -1
                labels.append(Label(rim.text, x, y + sign * (half_h * out + 0.58), 0.52,
                                    half_w * 1.8, rim.bold))
        return labels

    def fit(self, area: Rect) -> Layout:
        """Hexes as large as fit, with room for the column and row labels (or the rim's)."""
        unit = {cell: self._unit_centre(*self.axial(cell)) for cell in self.cells}
        corners = self._unit_corners()
        edges = self.labels and not self.rim and self._edges_labelled()
        # Label room, in hex radii, left and top (none where cells carry their names).
        margin = 1.2 if edges else 0.0
        grow = FRAME_SCALE if self.frame == "cells" else 1.0
        xs = [x + cx * grow for x, _ in unit.values() for cx, _ in corners]
        ys = [y + cy * grow for _, y in unit.values() for _, cy in corners]
        rim = self._rim_labels(unit) if self.labels else []
        xs += [x for label in rim for x in (label.x - label.width / 2,
                                            label.x + label.width / 2)]
        ys += [y for label in rim for y in (label.y - label.size * 0.6,
                                            label.y + label.size * 0.6)]
        x0, x1 = min(xs) - margin, max(xs)
        y0, y1 = min(ys), max(ys) + margin
        size = min(area.width / (x1 - x0), area.height / (y1 - y0))
        left = area.left + (area.width - (x1 - x0) * size) / 2 - x0 * size
        bottom = area.bottom + (area.height - (y1 - y0) * size) / 2 - y0 * size
        centres = {cell: (left + x * size, bottom + y * size) for cell, (x, y) in unit.items()}
        outlines = {cell: tuple((cx + dx * size, cy + dy * size) for dx, dy in corners)
                    for cell, (cx, cy) in centres.items()}
        labels: list[Label] = []
        names: dict[Cell, Label] = {}
        if edges:
            labels = self._labels(centres, size, margin)
        labels += [Label(label.text, left + label.x * size, bottom + label.y * size,
                         label.size * size, label.width * size, label.bold) for label in rim]
        named = self.cell_names if self.cell_names is not None else self.labels and not edges
        if named and labels:  # a reminder in the cell's lower part: the rim says the rest
            names = {cell: Label(self.cell_name(cell), x, y - size * 0.54, size * 0.35,
                                 size * 1.5, room=size * 0.6)
                     for cell, (x, y) in centres.items()}
        elif named:
            names = {cell: Label(self.cell_name(cell), x, y, size * 0.45, size * 1.2)
                     for cell, (x, y) in centres.items()}
        frame = Rect(left + x0 * size, bottom + y0 * size, (x1 - x0) * size, (y1 - y0) * size)
        frame_shapes: tuple[tuple[Point, ...], ...] = ()
        if self.frame == "cells":
            frame_shapes = tuple(
                tuple((centres[cell][0] + dx * size * grow, centres[cell][1] + dy * size * grow)
                      for dx, dy in corners) for cell in self._edge_cells())
        return Layout(self, area, self.cells, centres, outlines, size * _SQRT3 * 0.86,
                      tuple(labels), frame, dict.fromkeys(self.cells, self.fill),
                      cell_labels=names, frame_shapes=frame_shapes)

    def _edges_labelled(self) -> bool:
        """True if every column starts on the top row and every row on the first column."""
        q0 = min(c[0] for c in self.shape)
        r0 = min(c[1] for c in self.shape)
        return (all((q, r0) in self.shape for q, _ in self.shape)
                and all((q0, r) in self.shape for _, r in self.shape))

    def _labels(self, centres: Mapping[Cell, Point], size: float, margin: float
                ) -> list[Label]:
        """Column letters above each column's top cell, row numbers left of each row's
        first cell, each in the margin `fit` kept for it (`margin` in hex radii)."""
        q0 = min(c[0] for c in self.shape)
        r0 = min(c[1] for c in self.shape)
        half_w, half_h = self._half_extents()
        room = margin * size
        at = {self.axial(cell): centres[cell] for cell in self.cells}
        labels: list[Label] = []
        for q in sorted({c[0] for c in self.shape}):
            top = max((c for c in self.shape if c[0] == q), key=lambda c: at[c][1])
            x, y = at[top]
            labels.append(Label(_column_letters(q - q0), x, y + half_h * size + room / 2,
                                room * 0.7, half_w * size * 1.6))
        for r in sorted({c[1] for c in self.shape}):
            first = min((c for c in self.shape if c[1] == r), key=lambda c: at[c][0])
            x, y = at[first]
            labels.append(Label(str(r - r0 + 1), x - half_w * size - room / 2, y,
                                min(room * 0.7, half_h * size), room * 0.9))
        return labels


#: How much larger than a cell an edge cell's frame hexagon is (`HexBoard(frame="cells")`).
FRAME_SCALE = 1.16


@dataclass(frozen=True)
class Region:
    """A part of a card table: a row of `slots` card places (a hand, a tableau row) or,
    with `pile=True`, a pile: one place, `(name, 0)`, where the game shows the top card
    (a draw or discard pile; `slots` is ignored). The region covers (`left`, `bottom`,
    `width`, `height`) of the table, in shares of it (0 to 1); `title` is written above.
    `breaks` are slots before which the row leaves one more gap between two cards, so
    that groups of a row stand apart (a joker after the numbers 1 to 6).
    """

    name: str
    left: float
    bottom: float
    width: float
    height: float
    slots: int = 1
    pile: bool = False
    title: str = ""
    breaks: tuple[int, ...] = ()


#: A card's width over its height (a poker card).
CARD_ASPECT = 2.5 / 3.5


@dataclass(frozen=True)
class CardTable(Board):
    """A table of card places in named regions; cell `(region.name, slot)`. The table is
    `felt`, an empty card place `fill`.

    Cards in a row that does not fit side by side overlap (a fanned hand), keeping every
    card's left edge visible and clickable; a later slot is drawn over an earlier one.
    A pile is one cell, `(name, 0)`.
    """

    regions: tuple[Region, ...]
    fill: Colour = (30, 78, 50)
    felt: Colour = (38, 96, 62)
    cells: tuple[Cell, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        names = [region.name for region in self.regions]
        if not names or len(set(names)) != len(names):
            raise ValueError("a card table needs regions with distinct names")
        object.__setattr__(self, "cells", tuple(
            (region.name, slot) for region in self.regions
            for slot in range(1 if region.pile else region.slots)))

    def cell_name(self, cell: Cell) -> str:
        """"hand 3" for slot 2 of the region called hand (slots counted from 1)."""
        name, slot = cast(tuple[str, int], cell)
        return f"{name} {slot + 1}"

    def fit(self, area: Rect) -> Layout:
        """Each region scaled into its share of `area`; cards as tall as the region allows."""
        centres: dict[Cell, Point] = {}
        outlines: dict[Cell, tuple[Point, ...]] = {}
        labels: list[Label] = []
        sizes: dict[Cell, float] = {}
        extents: dict[Cell, tuple[float, float]] = {}
        for region in self.regions:
            box = Rect(area.left + region.left * area.width,
                       area.bottom + region.bottom * area.height,
                       region.width * area.width, region.height * area.height)
            title = box.height * 0.16 if region.title else 0.0
            if region.title:
                labels.append(Label(region.title, box.center[0], box.top - title / 2,
                                    title * 0.8, box.width))
            slots = 1 if region.pile else region.slots
            breaks = sorted(b for b in set(region.breaks) if 0 < b < slots)
            height = min(box.height - title,
                         box.width / (CARD_ASPECT * slots + 0.05 * (slots - 1 + len(breaks))))
            height = max(height, min(box.height - title, box.width / CARD_ASPECT) * 0.5)
            width = height * CARD_ASPECT
            step = 0.0 if slots == 1 else min(
                width * 1.05, (box.width - width + width * len(breaks))
                / (slots - 1 + len(breaks)))
            if step < width and slots > 1:  # fanned: no gaps, so no room for breaks
                step = (box.width - width) / (slots - 1)
            gap = max(0.0, step - width)  # a break's room: one more gap between two cards
            used = width + step * (slots - 1) + gap * len(breaks)
            x = box.left + (box.width - used) / 2
            y = box.bottom + (box.height - title - height) / 2
            for slot in range(slots):
                cell = (region.name, slot)
                # A fanned card is hit only on its visible strip; the last one whole.
                visible = width if slot == slots - 1 or step >= width else step
                x0 = x + slot * step + gap * sum(1 for b in breaks if b <= slot)
                outlines[cell] = ((x0, y), (x0 + visible, y), (x0 + visible, y + height),
                                  (x0, y + height))
                centres[cell] = (x0 + width / 2, y + height / 2)
                sizes[cell] = height
                extents[cell] = (width, height)
        return Layout(self, area, self.cells, centres, outlines, min(sizes.values()),
                      tuple(labels), area, dict.fromkeys(self.cells, self.fill), sizes,
                      frame_fill=self.felt, extents=extents)

