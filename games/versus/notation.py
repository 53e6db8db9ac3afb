"""Move notation and the text picture of the board.

Cells are named by row letter and number along the row (see `board`): `a` is Blue's home
row at the bottom, `k` Brown's at the top, `f` the central axis. A pawn step is written
`b2-c2`, a VERSUS slide `Va3-e3`, and the moves outside play `resign blue`,
`resign brown` (or just `resign` for the player to move) and `draw`. Case and spaces
around the dash do not matter when reading.
"""

from __future__ import annotations

import re

from games.versus.board import CELL_NAMES, CELL_OF_NAME, RADIUS, ROWS
from games.versus.pieces import COLOURS, FIRST_PAWN, OWNER, SEAT_NAMES, VALUE
from games.versus.state import AgreeDraw, Move, Resign

AnyMove = Move | Resign | AgreeDraw

_STEP = re.compile(r"^(v)?\s*([a-k]\d{1,2})\s*[-\s]\s*([a-k]\d{1,2})$")
_RESIGN = re.compile(r"^resign(?:\s+(blue|brown))?$")


class BadText(ValueError):
    """Text that is not Versus notation (the game turns it into `NotationError`)."""


def move_text(move: AnyMove) -> str:
    """The notation of a move."""
    if isinstance(move, Resign):
        return f"resign {COLOURS[move.seat]}"
    if isinstance(move, AgreeDraw):
        return "draw"
    prefix = "V" if move.versus else ""
    return f"{prefix}{CELL_NAMES[move.frm]}-{CELL_NAMES[move.to]}"


def read_text(text: str, to_move: int) -> tuple[str, int, int, bool | None]:
    """Parse notation into `(kind, a, b, versus)`.

    `kind` is `"move"` (a = from cell, b = to cell, `versus` True/None for "V" given or
    not), `"resign"` (a = the seat) or `"draw"`. Raises `BadText` on anything else.
    """
    if not isinstance(text, str):
        raise BadText(f"{text!r} is not text")
    word = " ".join(text.strip().lower().split())
    if word == "draw":
        return "draw", 0, 0, None
    resign = _RESIGN.match(word)
    if resign:
        seat = to_move if resign.group(1) is None else COLOURS.index(resign.group(1))
        return "resign", seat, 0, None
    step = _STEP.match(word)
    if not step:
        raise BadText(f"{text!r} is not a Versus move (write e.g. 'b2-c2', 'Va3-e3', "
                      "'resign' or 'draw')")
    frm, to = CELL_OF_NAME.get(step.group(2)), CELL_OF_NAME.get(step.group(3))
    for name, cell in ((step.group(2), frm), (step.group(3), to)):
        if cell is None:
            raise BadText(f"{name!r} is not a cell of the board")
    assert frm is not None and to is not None
    return "move", frm, to, True if step.group(1) else None


def piece_glyph(code: int, on_target: bool) -> str:
    """Four characters for a cell: `V`/`v` the Blue/Brown VERSUS, `B4`/`b3` a pawn of
    Blue/Brown with its value to its controller, `.` free, brackets for a target."""
    if code == 0:
        inner = " ."
    elif code < FIRST_PAWN:
        inner = " V" if OWNER[code] == 0 else " v"
    else:
        seat = OWNER[code]
        inner = ("B" if seat == 0 else "b") + str(VALUE[seat][code])
    return f"[{inner}]" if on_target else f" {inner} "


def render(board: bytes, is_target: bytes, to_move: int | None, footer: str) -> str:
    """The board picture: rows `k` (top) to `a` (bottom), each labelled at both ends with
    its first and last cell names."""
    lines = []
    for row in ROWS:
        indent = " " * (2 * (RADIUS - (len(row) - RADIUS - 1)))
        cells = "".join(piece_glyph(board[c], bool(is_target[c])) for c in row)
        first, last = CELL_NAMES[row[0]], CELL_NAMES[row[-1]]
        lines.append(f"{first:>3} {indent}{cells}{indent} {last}")
    legend = ("V/v: Blue/Brown VERSUS; B4/b3: pawn of Blue/Brown worth 4/3 to it; "
              "[ ]: target")
    lines.append(legend)
    if to_move is not None:
        lines.append(f"{SEAT_NAMES[to_move]} to move. {footer}".rstrip())
    else:
        lines.append(footer)
    return "\n".join(lines)
