"""Legacy Square on screen: the grid and the marks, drawn by Tabletop's board toolkit.

The toolkit (`tabletop.ui.boards`) does the drawing, clicks, preview with VALIDATE,
keyboard cursor, last-move mark, hint and animation; this module only says which mark
stands on which cell and which cell each move fills. The only module that imports arcade.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from tabletop.ui.boards import BoardRenderer, Cell, MovePath, Piece, SquareBoard

from legacy_square.rules import EMPTY, Place, Position

#: Each seat's mark: a shape and a letter as well as a colour, so colour is never the
#: only clue (the letter is the mark in the text picture and saves).
MARKS = (
    Piece(fill=(206, 64, 52), shape="diamond", label="X"),
    Piece(fill=(44, 96, 196), shape="disc", label="O"),
    Piece(fill=(56, 150, 72), shape="triangle", label="T"),
    Piece(fill=(150, 86, 178), shape="square", label="S"),
)


@cache
def grid(size: int) -> SquareBoard:
    """The board of a `size` x `size` grid: cell (column, row), "a1" at the lower left."""
    return SquareBoard(size, size, light=(222, 204, 164), dark=(206, 186, 144))


class LegacySquareRenderer(BoardRenderer):
    """Draws Legacy Square's grid; a click on an empty cell previews the mark there."""

    def board_for(self, view: Position) -> SquareBoard:
        """The grid of the position (its size is an option)."""
        return grid(view.size)

    def pieces(self, view: Position) -> Mapping[Cell, Piece]:
        """The mark on each cell that has one."""
        return {(i % view.size, i // view.size): MARKS[seat]
                for i, seat in enumerate(view.cells) if seat != EMPTY}

    def move_path(self, view: Position, move: Place) -> MovePath:
        """A move fills one cell: clicking it chooses the move."""
        return MovePath(to=(move.column, move.row))
