"""The rules of Legacy Square, each in one place (rules.md numbers the sections).

N in a row: the players take turns putting one of their marks on an empty cell of a
square grid; the first to have `line` marks in a straight row wins. Pure functions over
a frozen `Position`; no drawing code here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import IllegalMoveError

EMPTY = -1
#: The four directions a line can run in: along a row, a column and both diagonals.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True)
class Place:
    """Put the mover's mark on the cell at `column`, `row` (0-based, row 0 at the bottom)."""

    column: int
    row: int


@dataclass(frozen=True)
class Position:
    """A position: the grid's side, the line that wins, the players and the marks.

    `cells` holds one entry per cell, row by row from the bottom, each the seat whose mark
    is there or `EMPTY`. `winner` is the seat that completed a line, if any.
    """

    size: int
    line: int
    players: int
    cells: tuple[int, ...]
    winner: int | None = None

    def at(self, column: int, row: int) -> int:
        """The seat whose mark is on (`column`, `row`), or `EMPTY`."""
        return self.cells[row * self.size + column]

    def on_board(self, column: int, row: int) -> bool:
        """True if (`column`, `row`) is a cell of the grid."""
        return 0 <= column < self.size and 0 <= row < self.size


def new_position(size: int, line: int, players: int) -> Position:
    """An empty grid (§1)."""
    return Position(size, line, players, (EMPTY,) * (size * size))


def marks_played(position: Position) -> int:
    """How many marks are on the grid."""
    return sum(1 for seat in position.cells if seat != EMPTY)


def is_over(position: Position) -> bool:
    """True once a line is made (§3) or the grid is full (§4)."""
    return position.winner is not None or EMPTY not in position.cells


def mover(position: Position) -> int | None:
    """The seat to move: the seats take turns from seat 0 (§1); None once it is over."""
    return None if is_over(position) else marks_played(position) % position.players


def legal_places(position: Position) -> list[Place]:
    """Every empty cell, row by row from the bottom (§2); none once the game is over."""
    if is_over(position):
        return []
    size = position.size
    return [Place(i % size, i // size) for i, seat in enumerate(position.cells)
            if seat == EMPTY]


def line_through(position: Position, column: int, row: int) -> tuple[tuple[int, int], ...]:
    """The cells of a line of `position.line` or more marks through (`column`, `row`), or ().

    Only the cell's own seat counts (§3): the line is made of one player's marks.
    """
    seat = position.at(column, row)
    if seat == EMPTY:
        return ()
    for dc, dr in DIRECTIONS:
        run = [(column, row)]
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while position.on_board(c, r) and position.at(c, r) == seat:
                run.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(run) >= position.line:
            return tuple(sorted(run))
    return ()


def winning_line(position: Position) -> tuple[tuple[int, int], ...]:
    """The cells of a completed line anywhere on the grid (for saves and drawing), or ()."""
    for index, seat in enumerate(position.cells):
        if seat != EMPTY:
            line = line_through(position, index % position.size, index // position.size)
            if line:
                return line
    return ()


def place(position: Position, move: Place) -> Position:
    """The position after the mover puts a mark on `move`'s cell (§2, §3)."""
    seat = mover(position)
    if seat is None:
        raise IllegalMoveError("the game is over")
    if not position.on_board(move.column, move.row):
        raise IllegalMoveError("that cell is not on the grid")
    if position.at(move.column, move.row) != EMPTY:
        raise IllegalMoveError("that cell is taken")
    cells = list(position.cells)
    cells[move.row * position.size + move.column] = seat
    after = Position(position.size, position.line, position.players, tuple(cells))
    made = bool(line_through(after, move.column, move.row))
    return Position(after.size, after.line, after.players, after.cells,
                    seat if made else None)


def scores(position: Position) -> tuple[float, ...]:
    """1 for the player who made a line, 0 for everyone else (and for all in a draw)."""
    return tuple(1.0 if seat == position.winner else 0.0 for seat in range(position.players))
