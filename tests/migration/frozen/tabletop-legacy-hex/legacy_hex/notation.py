"""Legacy Hex's move notation: a column letter and a row number, like `c2` (a1 is the top-left
cell, where Red's top edge meets Blue's left edge)."""

from __future__ import annotations

import re

from tabletop.model import IllegalMoveError, NotationError

from legacy_hex.rules import EMPTY, Place, Position, legal_places

_CELL = re.compile(r"([a-z])([1-9][0-9]?)")


def cell_name(q: int, r: int) -> str:
    """The name of a cell: `a1` is q = 0, r = 0."""
    return f"{chr(ord('a') + q)}{r + 1}"


def move_to_text(move: Place) -> str:
    """The notation of `move`."""
    return cell_name(move.q, move.r)


def parse_move(position: Position, text: str) -> Place:
    """The move `text` names; `NotationError` if it is not a cell name, else
    `IllegalMoveError` if that cell cannot be played now."""
    found = _CELL.fullmatch(text.strip().lower())
    if found is None:
        raise NotationError(f"{text!r} is not a cell: give a column letter and a row "
                            "number, like c2")
    move = Place(ord(found.group(1)) - ord("a"), int(found.group(2)) - 1)
    if move not in legal_places(position):
        if not position.on_board(move.q, move.r):
            raise IllegalMoveError(f"{move_to_text(move)} is not on the "
                                   f"{position.size}x{position.size} board")
        if position.at(move.q, move.r) != EMPTY:
            raise IllegalMoveError(f"{move_to_text(move)} is taken")
        raise IllegalMoveError("the game is over")
    return move
