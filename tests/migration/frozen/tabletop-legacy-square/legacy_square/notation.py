"""Legacy Square's move notation: a column letter and a row number, like `b3` (a1 is bottom left)."""

from __future__ import annotations

import re

from tabletop.model import IllegalMoveError, NotationError

from legacy_square.rules import EMPTY, Place, Position, legal_places

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(column: int, row: int) -> str:
    """The name of a cell: `a1` is column 0, row 0."""
    return f"{chr(ord('a') + column)}{row + 1}"


def move_to_text(move: Place) -> str:
    """The notation of `move`."""
    return cell_name(move.column, move.row)


def parse_move(position: Position, text: str) -> Place:
    """The move `text` names; `NotationError` if it is not a cell name, else
    `IllegalMoveError` if that cell cannot be played now."""
    found = _CELL.fullmatch(text.strip().lower())
    if found is None:
        raise NotationError(f"{text!r} is not a cell: give a column letter and a row "
                            "number, like b3")
    move = Place(ord(found.group(1)) - ord("a"), int(found.group(2)) - 1)
    if move not in legal_places(position):
        if not position.on_board(move.column, move.row):
            raise IllegalMoveError(f"{move_to_text(move)} is not on the "
                                   f"{position.size}x{position.size} grid")
        if position.at(move.column, move.row) != EMPTY:
            raise IllegalMoveError(f"{move_to_text(move)} is taken")
        raise IllegalMoveError("the game is over")
    return move
