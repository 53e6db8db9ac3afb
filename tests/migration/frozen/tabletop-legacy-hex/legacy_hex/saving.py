"""Legacy Hex's save format: the board as text rows, checked stone by stone when read back.

    {"version": 1, "size": 5, "rows": ["R....", ".B...", ".....", ".....", "....."]}

Rows run from row 1 (Red's top edge) down; `.` is an empty cell, `R` a red stone and `B`
a blue one. Whose turn it is and who won follow from the stones, so they are not saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.model import StateFormatError, check_version

from legacy_hex.rules import BLUE, EMPTY, RED, Position, chain, joins_edges

VERSION = 1
#: Each seat's stone in saves and in the text picture; "." is an empty cell.
MARKS = "RB"
MIN_SIZE, MAX_SIZE = 3, 11


def to_dict(position: Position) -> dict[str, Any]:
    """The JSON-ready save of `position`."""
    size = position.size
    rows = ["".join("." if position.at(q, r) == EMPTY else MARKS[position.at(q, r)]
                    for q in range(size)) for r in range(size)]
    return {"version": VERSION, "size": size, "rows": rows}


def from_dict(data: Mapping[str, Any]) -> Position:
    """The position a save holds; `StateFormatError` saying what is wrong if it is invalid."""
    data = check_version(data, "Legacy Hex save", VERSION)
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise StateFormatError(f"size must be a whole number from {MIN_SIZE} to {MAX_SIZE}")
    rows = data.get("rows")
    if (not isinstance(rows, list) or len(rows) != size
            or not all(isinstance(row, str) and len(row) == size for row in rows)):
        raise StateFormatError(f"rows must be {size} texts of {size} cells")
    cells = []
    for row in rows:
        for mark in row:
            if mark not in ".RB":
                raise StateFormatError(f"{mark!r} is not a cell: use '.', 'R' or 'B'")
            cells.append(EMPTY if mark == "." else MARKS.index(mark))
    return _checked(Position(size, tuple(cells)))


def _checked(position: Position) -> Position:
    """`position` with its winner, if the stones could come from a real game."""
    reds, blues = position.cells.count(RED), position.cells.count(BLUE)
    if reds - blues not in (0, 1):
        raise StateFormatError("Red moves first and the players alternate: "
                               f"{reds} red and {blues} blue stones cannot happen")
    size = position.size
    joined = {seat for i, seat in enumerate(position.cells) if seat != EMPTY
              and joins_edges(position, chain(position, i % size, i // size), seat)}
    if len(joined) > 1:
        raise StateFormatError("both players have joined their edges")
    if not joined:
        return position
    winner = joined.pop()
    if winner != (reds + blues - 1) % 2:
        raise StateFormatError("the game would have ended when the edges were joined")
    return Position(position.size, position.cells, winner)
