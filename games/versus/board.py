"""The Versus board (versus.md §1): 91 hexagons, their names, neighbours and lines.

Cells are numbered 0..90 in reading order: the top row (Brown's home row, axial
`r = -5`) first, left to right, down to Blue's home row (`r = +5`). Every table here is
computed once at import, so the rules and the AI only index tuples in their inner loops.

A cell's name is its row letter and its number along the row: rows are `a` (Blue's home
row, at the bottom) up to `k` (Brown's home row, at the top); numbers count from 1 at
the left end of each row. The central axis is row `f` (`f1`..`f11`).
"""

from __future__ import annotations

from collections.abc import Sequence

SIDE = 6
RADIUS = SIDE - 1
ROW_LETTERS = "abcdefghijk"

#: The six axial unit vectors: east, north-east, north-west, west, south-west, south-east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _row_start(r: int) -> int:
    """The smallest `q` of row `r`."""
    return max(-RADIUS, -RADIUS - r)


def _row_end(r: int) -> int:
    """The largest `q` of row `r`."""
    return min(RADIUS, RADIUS - r)


#: Axial coordinates `(q, r)` of each cell, in cell-number order.
AXIAL: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(_row_start(r), _row_end(r) + 1)
)
CELLS = len(AXIAL)
INDEX: dict[tuple[int, int], int] = {qr: i for i, qr in enumerate(AXIAL)}

#: Cell names (`a1`..`k6`) in cell-number order, and the reverse map.
CELL_NAMES: tuple[str, ...] = tuple(
    f"{ROW_LETTERS[RADIUS - r]}{q - _row_start(r) + 1}" for q, r in AXIAL
)
CELL_OF_NAME: dict[str, int] = {name: i for i, name in enumerate(CELL_NAMES)}

#: Rows from the top of the picture (row `k`) to the bottom (row `a`), as cell numbers.
ROWS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(q, r)] for q in range(_row_start(r), _row_end(r) + 1))
    for r in range(-RADIUS, RADIUS + 1)
)


def on_board(q: int, r: int) -> bool:
    """True if axial `(q, r)` is one of the 91 cells."""
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def _tables() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    # Every cell's neighbour in every direction (-1 off the board), then the rays walked
    # from it. 91 cells by 6 directions: plain tuples, built once at import, are what the
    # rules index in their inner loops (numpy would only add its import time here).
    step = tuple(
        tuple(INDEX[(q + dq, r + dr)] if on_board(q + dq, r + dr) else -1
              for dq, dr in DIRECTIONS)
        for q, r in AXIAL
    )
    rays = []
    for cell in range(CELLS):
        per_direction = []
        for d in range(len(DIRECTIONS)):
            line = []
            nxt = step[cell][d]
            while nxt >= 0:
                line.append(nxt)
                nxt = step[nxt][d]
            per_direction.append(tuple(line))
        rays.append(tuple(per_direction))
    return step, tuple(rays)


#: `STEP[cell][d]`: the neighbour of `cell` in direction `d`, or -1 off the board.
STEP, _RAYS = _tables()
#: `NEIGHBOURS[cell]`: the on-board neighbours, in direction order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(x for x in row if x >= 0) for row in STEP
)
#: `LINES[cell]`: the cells along each direction from `cell` that has any, nearest first
#: (the form the rules loop over).
LINES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(ray for ray in rays if ray) for rays in _RAYS
)


def distance(a: int, b: int) -> int:
    """The number of steps between two cells."""
    (q1, r1), (q2, r2) = AXIAL[a], AXIAL[b]
    return max(abs(q1 - q2), abs(r1 - r2), abs((q1 + r1) - (q2 + r2)))


#: `DISTANCE[a][b]`, for evaluation code that needs it in a loop.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(distance(a, b) for b in range(CELLS)) for a in range(CELLS)
)

#: The six targets of §1, on the central axis at q = -5, -3, -1, 1, 3, 5.
DEFAULT_TARGETS: tuple[int, ...] = tuple(INDEX[(q, 0)] for q in (-5, -3, -1, 1, 3, 5))


def parse_cell(text: str) -> int:
    """The cell named `text` (a name like `f6`); raises `ValueError` if there is none."""
    cell = CELL_OF_NAME.get(text.strip().lower())
    if cell is None:
        raise ValueError(f"{text!r} is not a cell (rows a-k, numbered from 1 at the left)")
    return cell


def cell_from_data(value: object) -> int:
    """A cell given as data: a name (`"f6"`) or axial coordinates (`[q, r]`)."""
    if isinstance(value, str):
        return parse_cell(value)
    if (isinstance(value, Sequence) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        q, r = int(value[0]), int(value[1])
        if not on_board(q, r):
            raise ValueError(f"({q}, {r}) is off the board")
        return INDEX[(q, r)]
    raise ValueError(f"{value!r} is not a cell (give a name like 'f6' or [q, r])")
