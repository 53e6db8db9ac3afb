"""Boards for the bridged grid games, on the host's toolkit (`tabletop.ui.boards`).

Each renderer reads the position from OpenSpiel itself, never from our own copy of the
rules: the stones from the observation tensor (player 0's, whose planes are "player 0",
"player 1", "empty" in an order each game fixes) and the move's cells from its action id
or its notation. The toolkit does the rest: clicks, VALIDATE, previews (through
`Game.apply`), hints, the last-move mark and the animation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from tabletop.ui.boards import BoardRenderer, Cell, HexBoard, MovePath, Piece, SquareBoard
from legacy_openspiel.state import SpielState


def planes(view: SpielState) -> Any:
    """Player 0's observation tensor of the position, shaped as OpenSpiel declares."""
    if "planes" not in view.cache:  # move_path asks once per legal move
        shape = view.native.get_game().observation_tensor_shape()
        view.cache["planes"] = np.asarray(view.native.observation_tensor(0)).reshape(shape)
    return view.cache["planes"]


def stones(layer: Any, cell_of: Any, piece: Piece) -> dict[Cell, Piece]:
    """`piece` on the cell of every (row, column) where the tensor plane `layer` is set."""
    return {cell_of(int(row), int(col)): piece for row, col in zip(*np.nonzero(layer),
                                                                   strict=True)}


RED = Piece(fill=(200, 40, 40), edge=(90, 10, 10), symbol="X")
YELLOW = Piece(fill=(240, 200, 40), edge=(120, 90, 0), text=(0, 0, 0), symbol="O")
BLUE = Piece(fill=(40, 90, 210), edge=(10, 30, 90), symbol="O")
BLACK = Piece(fill=(24, 24, 24), edge=(0, 0, 0), symbol="B")
WHITE = Piece(fill=(242, 242, 236), edge=(96, 96, 96), text=(0, 0, 0), symbol="W")


@cache
def _square(columns: int, rows: int, light: tuple[int, int, int],
            dark: tuple[int, int, int] | None = None, rows_down: bool = False) -> SquareBoard:
    return SquareBoard(columns, rows, light=light, dark=dark, rows_down=rows_down)


class ConnectFourRenderer(BoardRenderer):
    """Discs in a blue frame; a click anywhere in a column drops a disc into it.

    OpenSpiel: planes x, o, empty; tensor row 0 is the bottom row; an action is a column.
    """

    confirm_moves = False  # a drop is one click, as on a real Connect Four frame

    def board_for(self, view: SpielState) -> SquareBoard:
        _, rows, columns = planes(view).shape
        return _square(columns, rows, (30, 60, 150))

    def pieces(self, view: SpielState) -> Mapping[Cell, Piece]:
        board = planes(view)
        return {**stones(board[0], lambda r, c: (c, r), RED),
                **stones(board[1], lambda r, c: (c, r), YELLOW)}

    def move_path(self, view: SpielState, move: int) -> MovePath:
        filled = int(np.count_nonzero(planes(view)[2][:, move] == 0))
        return MovePath(to=(move, filled))

    def activate(self, cell: Cell | None) -> bool:
        """A click anywhere in a column drops the disc into it, as in the real frame."""
        if cell is not None and self.view is not None and cell[0] in self.legal_moves:
            cell = self.move_path(self.view, cell[0]).to
        return super().activate(cell)

    def explain(self, cell: Cell) -> str:
        return f"Column {self.board_layout.board.cell_name(cell)[0]} is full."


class HexRenderer(BoardRenderer):
    """Red (x) and blue (o) stones on OpenSpiel's rhombus; one click places a stone.

    OpenSpiel: x joins the top and bottom edges, o the left and right; planes 0-3 are o's
    (plain, and touching its edges or winning), 4 is empty, 5-8 are x's; action = row ×
    columns + column.
    """

    def board_for(self, view: SpielState) -> HexBoard:
        _, rows, columns = planes(view).shape
        return _rhombus(columns, rows)

    def pieces(self, view: SpielState) -> Mapping[Cell, Piece]:
        board = planes(view)
        return {**stones(board[5:].sum(axis=0), lambda r, c: (c, r), RED),
                **stones(board[:4].sum(axis=0), lambda r, c: (c, r), BLUE)}

    def move_path(self, view: SpielState, move: int) -> MovePath:
        columns = planes(view).shape[2]
        return MovePath(to=(move % columns, move // columns))

    def status(self) -> str:
        """The usual line, and which edges each colour joins."""
        return f"{super().status()}  Red joins top and bottom, blue left and right."


@cache
def _rhombus(columns: int, rows: int) -> HexBoard:
    return HexBoard.rhombus(columns, rows, fill=(222, 200, 160))


_STEP = re.compile(r"([a-z])(\d+)([a-z])(\d+)\*?")


class BreakthroughRenderer(BoardRenderer):
    """Black and white pawns on a chequered board; click a pawn, then where it goes.

    OpenSpiel: planes black, white, empty; tensor row 0 is rank 8; a move's notation is
    its two squares (`a7a6`, a capture ends in `*`).
    """

    def board_for(self, view: SpielState) -> SquareBoard:
        _, rows, columns = planes(view).shape
        return _square(columns, rows, (222, 196, 150), (150, 110, 70))

    def pieces(self, view: SpielState) -> Mapping[Cell, Piece]:
        board = planes(view)
        rows = board.shape[1]
        return {**stones(board[0], lambda r, c: (c, rows - 1 - r), BLACK),
                **stones(board[1], lambda r, c: (c, rows - 1 - r), WHITE)}

    def move_path(self, view: SpielState, move: int) -> MovePath | None:
        text = view.native.action_to_string(view.native.current_player(), move)
        step = _STEP.fullmatch(text)
        if step is None:
            return None
        frm = (ord(step[1]) - ord("a"), int(step[2]) - 1)
        return MovePath(frm=frm, to=(ord(step[3]) - ord("a"), int(step[4]) - 1))


class OthelloRenderer(BoardRenderer):
    """Black and white discs on green, "a1" top left; a pass is a button under the board.

    OpenSpiel: planes empty, player 0 (black), player 1 (white) from player 0's side;
    action = row × 8 + column, 64 is the pass.
    """

    board = _square(8, 8, (36, 122, 74), rows_down=True)

    def pieces(self, view: SpielState) -> Mapping[Cell, Piece]:
        board = planes(view)
        return {**stones(board[1], lambda r, c: (c, r), BLACK),
                **stones(board[2], lambda r, c: (c, r), WHITE)}

    def move_path(self, view: SpielState, move: int) -> MovePath | None:
        return None if move == 64 else MovePath(to=(move % 8, move // 8))

    def scores(self, view: SpielState) -> tuple[float, float]:
        """The discs of each colour."""
        board = planes(view)
        return float(board[1].sum()), float(board[2].sum())
