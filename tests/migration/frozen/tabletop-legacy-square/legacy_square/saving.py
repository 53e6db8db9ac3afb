"""Legacy Square's save format: the grid as text rows, checked cell by cell when read back.

    {"version": 1, "size": 3, "line": 3, "players": 2, "rows": ["X.O", ".X.", "..."]}

Rows run from the top of the grid down; `.` is an empty cell and each seat has its mark
(`MARKS`). Whose turn it is and who won follow from the marks, so they are not saved.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypeGuard

from tabletop.model import StateFormatError, check_version

from legacy_square.rules import EMPTY, Position, line_through

VERSION = 1
#: Each seat's mark in saves and in the text picture; "." is an empty cell.
MARKS = "XOTS"
MIN_SIZE, MAX_SIZE = 3, 9


def to_dict(position: Position) -> dict[str, Any]:
    """The JSON-ready save of `position`."""
    size = position.size
    rows = ["".join("." if position.at(c, r) == EMPTY else MARKS[position.at(c, r)]
                    for c in range(size)) for r in reversed(range(size))]
    return {"version": VERSION, "size": size, "line": position.line,
            "players": position.players, "rows": rows}


def from_dict(data: Mapping[str, Any]) -> Position:
    """The position a save holds; `StateFormatError` saying what is wrong if it is invalid."""
    data = check_version(data, "Legacy Square save", VERSION)
    size, line, players = data.get("size"), data.get("line"), data.get("players")
    if not _whole(size) or not MIN_SIZE <= size <= MAX_SIZE:
        raise StateFormatError(f"size must be a whole number from {MIN_SIZE} to {MAX_SIZE}")
    if not _whole(line) or not 3 <= line <= size:
        raise StateFormatError(f"line must be a whole number from 3 to the size {size}")
    if not _whole(players) or not 2 <= players <= len(MARKS):
        raise StateFormatError(f"players must be a whole number from 2 to {len(MARKS)}")
    rows = data.get("rows")
    if (not isinstance(rows, list) or len(rows) != size
            or not all(isinstance(row, str) and len(row) == size for row in rows)):
        raise StateFormatError(f"rows must be {size} texts of {size} cells")
    marks = MARKS[:players]
    cells = [EMPTY] * (size * size)
    for top_row, text in enumerate(rows):
        for column, mark in enumerate(text):
            if mark != "." and mark not in marks:
                raise StateFormatError(f"{mark!r} is not a mark of {players} players "
                                       f"({'.' + marks})")
            if mark != ".":
                cells[(size - 1 - top_row) * size + column] = marks.index(mark)
    return _checked(Position(size, line, players, tuple(cells)))


def _checked(position: Position) -> Position:
    """`position` with its winner, if the marks could come from a real game."""
    count = Counter(seat for seat in position.cells if seat != EMPTY)
    played = sum(count.values())
    # Seats take turns from seat 0, so the first `played % players` seats have one more.
    expected = [played // position.players + (seat < played % position.players)
                for seat in range(position.players)]
    if [count[seat] for seat in range(position.players)] != expected:
        raise StateFormatError("the numbers of marks do not follow the turns")
    size = position.size
    makers = {position.cells[i] for i in range(len(position.cells))
              if position.cells[i] != EMPTY and line_through(position, i % size, i // size)}
    if len(makers) > 1:
        raise StateFormatError("more than one player has a line")
    if not makers:
        return position
    winner = makers.pop()
    if winner != (played - 1) % position.players:
        raise StateFormatError("the game would have ended when the line was made")
    return Position(position.size, position.line, position.players, position.cells, winner)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
