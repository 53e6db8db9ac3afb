"""The rules of Legacy Hex, each in one place (rules.md numbers the sections).

A Hex-like connection game: two players take turns placing a stone on an empty cell of a
rhombus of hexagons; Red joins the top and bottom edges, Blue the left and right edges,
and the first to join their two edges with a chain of their stones wins. Cells are in
axial coordinates (`q` along a row, `r` the row). Pure functions over a frozen
`Position`; no drawing code here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import IllegalMoveError

EMPTY = -1
RED, BLUE = 0, 1
#: The six neighbours of a hexagon in axial coordinates.
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True)
class Place:
    """Put the mover's stone on the cell (`q`, `r`): `q` along the row, `r` the row."""

    q: int
    r: int


@dataclass(frozen=True)
class Position:
    """A position: the side of the rhombus, the stones, and the winner if any.

    `cells` holds one entry per cell, row by row (`r`), each RED, BLUE or `EMPTY`.
    """

    size: int
    cells: tuple[int, ...]
    winner: int | None = None

    def at(self, q: int, r: int) -> int:
        """The seat whose stone is on (`q`, `r`), or `EMPTY`."""
        return self.cells[r * self.size + q]

    def on_board(self, q: int, r: int) -> bool:
        """True if (`q`, `r`) is a cell of the board."""
        return 0 <= q < self.size and 0 <= r < self.size


def new_position(size: int) -> Position:
    """An empty board (§1)."""
    return Position(size, (EMPTY,) * (size * size))


def stones_played(position: Position) -> int:
    """How many stones are on the board."""
    return sum(1 for seat in position.cells if seat != EMPTY)


def is_over(position: Position) -> bool:
    """True once a player has joined their edges (§3). A full board always has a chain,
    so there is no draw (§4)."""
    return position.winner is not None


def mover(position: Position) -> int | None:
    """Red moves first and the players alternate (§1); None once the game is over."""
    return None if is_over(position) else stones_played(position) % 2


def legal_places(position: Position) -> list[Place]:
    """Every empty cell, row by row (§2); none once the game is over."""
    if is_over(position):
        return []
    size = position.size
    return [Place(i % size, i // size) for i, seat in enumerate(position.cells)
            if seat == EMPTY]


def chain(position: Position, q: int, r: int) -> set[tuple[int, int]]:
    """The cells of the chain of same-coloured stones that (`q`, `r`) belongs to."""
    seat = position.at(q, r)
    found = {(q, r)}
    todo = [(q, r)]
    while todo:
        cq, cr = todo.pop()
        for dq, dr in NEIGHBOURS:
            nq, nr = cq + dq, cr + dr
            if (nq, nr) not in found and position.on_board(nq, nr) \
                    and position.at(nq, nr) == seat:
                found.add((nq, nr))
                todo.append((nq, nr))
    return found


def joins_edges(position: Position, cells: set[tuple[int, int]], seat: int) -> bool:
    """True if `cells` touch both of `seat`'s edges (§3): top and bottom rows for Red,
    left and right columns for Blue."""
    last = position.size - 1
    along = [r for _, r in cells] if seat == RED else [q for q, _ in cells]
    return 0 in along and last in along


def winning_chain(position: Position) -> set[tuple[int, int]]:
    """The cells of a chain that joins its owner's edges (for saves and drawing), or none."""
    for index, seat in enumerate(position.cells):
        if seat != EMPTY:
            cells = chain(position, index % position.size, index // position.size)
            if joins_edges(position, cells, seat):
                return cells
    return set()


def place(position: Position, move: Place) -> Position:
    """The position after the mover places a stone on `move`'s cell (§2, §3)."""
    seat = mover(position)
    if seat is None:
        raise IllegalMoveError("the game is over")
    if not position.on_board(move.q, move.r):
        raise IllegalMoveError("that cell is not on the board")
    if position.at(move.q, move.r) != EMPTY:
        raise IllegalMoveError("that cell is taken")
    cells = list(position.cells)
    cells[move.r * position.size + move.q] = seat
    after = Position(position.size, tuple(cells))
    joined = joins_edges(after, chain(after, move.q, move.r), seat)
    return Position(after.size, after.cells, seat if joined else None)


def scores(position: Position) -> tuple[float, float]:
    """1 for the player who joined their edges, 0 for the other."""
    return (1.0 if position.winner == RED else 0.0, 1.0 if position.winner == BLUE else 0.0)
