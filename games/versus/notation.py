"""Move notation: how a move is written and read back (versus.md §9).

Cells are named by row letter and number along the row (see `board`): `a` is Blue's home
row at the bottom, `k` Brown's at the top, `f` the central axis. A pawn step is written
`b2-c2`, a VERSUS slide `Va3-e3`, and the moves outside play `resign blue`,
`resign brown` (or just `resign` for the player to move) and `draw`. Case and spaces
around the dash do not matter when reading.
"""

from __future__ import annotations

import re

from games.versus.board import CELL_NAMES, CELL_OF_NAME
from games.versus.pieces import COLOURS
from games.versus.state import AgreeDraw, Move, Resign
from tabletop.i18n import N_
from tabletop.lines import Line

AnyMove = Move | Resign | AgreeDraw

#: The resignations as the app's buttons word them (`tabletop.i18n.translated` of the
#: notation): the notation itself stays "resign blue" in every language.
RESIGN_WORDS = (
    # Translators: a button (the host capitalizes the first letter): Blue resigns.
    N_("resign blue"),
    # Translators: a button (the host capitalizes the first letter): Brown resigns.
    N_("resign brown"),
)

_STEP = re.compile(r"^(v)?\s*([a-k]\d{1,2})\s*[-\s]\s*([a-k]\d{1,2})$")
_RESIGN = re.compile(r"^resign(?:\s+(blue|brown))?$")


class BadText(ValueError):
    """Text that is not Versus notation (the game turns it into `NotationError`); `line`
    says why, the notation an argument of it (the host puts it in the player's
    language)."""

    def __init__(self, line: Line) -> None:
        super().__init__(str(line))
        self.line = line


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
        raise BadText(Line.of("{text} is not text", text=repr(text)))
    word = " ".join(text.strip().lower().split())
    if word == "draw":
        return "draw", 0, 0, None
    resign = _RESIGN.match(word)
    if resign:
        seat = to_move if resign.group(1) is None else COLOURS.index(resign.group(1))
        return "resign", seat, 0, None
    step = _STEP.match(word)
    if not step:
        raise BadText(Line.of("{text} is not a Versus move (write e.g. 'b2-c2', 'Va3-e3', "
                              "'resign' or 'draw')", text=repr(text)))
    frm, to = CELL_OF_NAME.get(step.group(2)), CELL_OF_NAME.get(step.group(3))
    for name, cell in ((step.group(2), frm), (step.group(3), to)):
        if cell is None:
            raise BadText(Line.of("{cell} is not a cell of the board", cell=repr(name)))
    assert frm is not None and to is not None
    return "move", frm, to, True if step.group(1) else None
