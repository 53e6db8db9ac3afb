"""The Reversi board in the app, built on the host's board toolkit (`tabletop.ui.boards`).

The toolkit does the drawing, the legal squares' dots, the preview of the discs a
placement turns over (from the rules, through `Game.apply`), VALIDATE, the keyboard
cursor, the last-move mark, hints and the animation (the disc grows in, the outflanked
discs turn over); this module only says what stands where and where each move goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache

from tabletop.i18n import N_
from tabletop.ui.boards import BoardRenderer, Cell, MovePath, Piece, SquareBoard
from legacy_spaces_reversi import rules
from legacy_spaces_reversi.rules import Move, Position
from legacy_spaces_reversi.words import CATALOG, _

#: The discs; the letters say their colour in colour-blind mode (in English here: a
#: position is drawn with the letters of the player's language, `discs`).
DISCS = (Piece(fill=(24, 24, 24), edge=(0, 0, 0), symbol="B"),
         Piece(fill=(242, 242, 236), edge=(96, 96, 96), text=(0, 0, 0), symbol="W"))


def discs() -> tuple[Piece, Piece]:
    """`DISCS` with the letters of the player's language ("N" and "B" in French)."""
    return (replace(DISCS[0], symbol=CATALOG.pgettext("the letter on a black disc", "B")),
            replace(DISCS[1], symbol=CATALOG.pgettext("the letter on a white disc", "W")))


@cache
def board_of(size: int) -> SquareBoard:
    """The green board of `size` squares a side, "a1" top left as in rules.md §1."""
    return SquareBoard(size, size, light=(36, 122, 74), rows_down=True)


class ReversiRenderer(BoardRenderer):
    """Discs on a green board; a placement is one click, then VALIDATE."""

    board = board_of(8)

    def board_for(self, view: Position) -> SquareBoard:
        return board_of(view.size)

    def pieces(self, view: Position) -> Mapping[Cell, Piece]:
        size, shown = view.size, discs()
        return {(i % size, i // size): shown[rules.DISC.index(disc)]
                for i, disc in enumerate(view.discs) if disc != rules.EMPTY}

    # Translators: the button of a pass, under the board (the notation a player types
    # stays "pass").
    PASS_BUTTON = N_("pass")

    def move_path(self, view: Position, move: Move) -> MovePath | None:
        if move.square is None:
            return None  # a pass: a button under the board
        return MovePath(to=(move.square % view.size, move.square // view.size))

    def explain(self, cell: Cell) -> str:
        view: Position = self.view
        col, row = cell
        name = rules.square_name(view.size, row * view.size + col)
        if view.discs[row * view.size + col] != rules.EMPTY:
            return _("{square} is taken.").format(square=name)
        return _("A disc on {square} would outflank no disc.").format(square=name)

    def scores(self, view: Position) -> tuple[float, float]:
        return float(view.count(0)), float(view.count(1))
