"""Legacy Hex on screen: the hexagons and the stones, drawn by Tabletop's board toolkit.

The toolkit (`tabletop.ui.boards`) does the drawing, clicks, preview with VALIDATE,
keyboard cursor, last-move mark, hint and animation; this module only says which stone
stands on which hexagon, which hexagon each move fills, and tints each player's edges.
The only module that imports arcade.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from typing import cast

from tabletop.ui.boards import (
    BoardRenderer,
    Cell,
    Colour,
    HexBoard,
    Layout,
    MovePath,
    Piece,
)

from legacy_hex.rules import BLUE, EMPTY, RED, Place, Position

#: Each seat's stone, with a letter for colour-blind mode.
STONES = {
    RED: Piece(fill=(204, 52, 44), edge=(90, 20, 16), symbol="R"),
    BLUE: Piece(fill=(40, 92, 200), edge=(16, 36, 90), symbol="B"),
}
#: The tint of the hexagons along each player's edges (§3).
EDGE_TINT: dict[int, Colour] = {RED: (232, 176, 164), BLUE: (168, 188, 232)}
CORNER: Colour = (206, 182, 200)


@cache
def rhombus(size: int) -> HexBoard:
    """The board: a `size` x `size` rhombus of pointy hexagons, "a1" at the top left."""
    return HexBoard.rhombus(size, size, fill=(226, 210, 172))


class LegacyHexRenderer(BoardRenderer):
    """Draws Legacy Hex's board; a click on an empty hexagon previews the stone there."""

    board_layout: Layout

    def board_for(self, view: Position) -> HexBoard:
        """The rhombus of the position (its size is an option)."""
        return rhombus(view.size)

    def layout(self) -> None:
        """Lay the board out, its top and bottom rows in Red's tint, its sides in Blue's."""
        super().layout()
        cells = [cast(tuple[int, int], cell) for cell in self.board_layout.cells]
        last = max(q for q, _ in cells)
        fill = dict(self.board_layout.fill)
        for q, r in cells:
            red, blue = r in (0, last), q in (0, last)
            if red or blue:
                fill[(q, r)] = CORNER if red and blue else EDGE_TINT[RED if red else BLUE]
        self.board_layout = dataclasses.replace(self.board_layout, fill=fill)

    def pieces(self, view: Position) -> Mapping[Cell, Piece]:
        """The stone on each hexagon that has one."""
        return {(i % view.size, i // view.size): STONES[seat]
                for i, seat in enumerate(view.cells) if seat != EMPTY}

    def move_path(self, view: Position, move: Place) -> MovePath:
        """A move fills one hexagon: clicking it chooses the move."""
        return MovePath(to=(move.q, move.r))
