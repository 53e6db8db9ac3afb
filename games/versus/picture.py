"""A plain-text picture of a Versus board, for terminals, tests and bug reports.

Rows `k` (Brown's home, top) to `a` (Blue's home, bottom), each labelled at both ends
with its first and last cell names; targets in brackets.
"""

from __future__ import annotations

from games.versus.board import CELL_NAMES, RADIUS, ROWS
from games.versus.pieces import FIRST_PAWN, OWNER, SEAT_NAMES, VALUE
from games.versus.words import _


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
    # The symbols stay as drawn in every language; the words around them are translated.
    legend = _("V/v: Blue/Brown VERSUS; B4/b3: pawn of Blue/Brown worth 4/3 to it; "
               "[ ]: target")
    lines.append(legend)
    if to_move is not None:
        lines.append(_("{player} to move. {footer}").format(
            player=_(SEAT_NAMES[to_move]), footer=footer).rstrip())
    else:
        lines.append(footer)
    return "\n".join(lines)
