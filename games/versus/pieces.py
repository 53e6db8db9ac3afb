"""The pieces (versus.md §2) as small integer codes, and the start position as data.

A cell of the board holds one code: `EMPTY`, a VERSUS (`BLUE_VERSUS`, `BROWN_VERSUS`) or
a pawn `pawn_code(blue_sections, controller)`. Seats are 0 (Blue) and 1 (Brown). The
tables below, indexed by code, answer every question the rules ask about a piece.

The start position (the standard one is `rules.START_POSITION`) and the target set are
options given as JSON data and validated here, so a variant can load its own:

    {"versus": {"blue": "a3", "brown": "k4"},
     "pawns": [{"cell": "a1", "blue": 2, "brown": 3, "control": "blue"}, ...]}

    ["f1", "f3", "f5", "f7", "f9", "f11"]          (targets; cells may also be [q, r])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.versus.board import (
    CELL_NAMES,
    CELLS,
    DEFAULT_TARGETS,
    cell_from_data,
)
from tabletop.i18n import N_
from tabletop.lines import Line, SeatArg

BLUE, BROWN = 0, 1
#: The seats as the game names them, in English (the host shows them translated).
SEAT_NAMES = (N_("Blue"), N_("Brown"))
COLOURS = ("blue", "brown")
SECTIONS = 5

EMPTY = 0
BLUE_VERSUS = 1
BROWN_VERSUS = 2
FIRST_PAWN = 4
CODES = FIRST_PAWN + 2 * (SECTIONS + 1)


def versus_code(seat: int) -> int:
    """The code of `seat`'s VERSUS."""
    return BLUE_VERSUS + seat


def pawn_code(blue_sections: int, controller: int) -> int:
    """The code of a pawn with `blue_sections` blue sections, controlled by `controller`."""
    return FIRST_PAWN + 2 * blue_sections + controller


def _table(fn: Any) -> tuple[int, ...]:
    return tuple(fn(code) for code in range(CODES))


#: 1 for a pawn code.
IS_PAWN = _table(lambda c: int(c >= FIRST_PAWN))
#: The seat that controls the piece (VERSUS: its owner), -1 for an empty cell.
OWNER = _table(lambda c: -1 if c == EMPTY or c == 3 else
               (c - BLUE_VERSUS if c < FIRST_PAWN else c & 1))
#: Blue sections of a pawn (0 for anything else).
BLUE_SECTIONS = _table(lambda c: (c - FIRST_PAWN) >> 1 if c >= FIRST_PAWN else 0)
#: `VALUE[seat][code]`: the pawn's value to `seat` (its sections of that colour), §2.
VALUE: tuple[tuple[int, ...], tuple[int, ...]] = (
    _table(lambda c: BLUE_SECTIONS[c] if c >= FIRST_PAWN else 0),
    _table(lambda c: SECTIONS - BLUE_SECTIONS[c] if c >= FIRST_PAWN else 0),
)
#: The seat holding the pawn's dominating colour (3 or more sections), §2.
DOMINANT = _table(lambda c: BLUE if BLUE_SECTIONS[c] * 2 > SECTIONS else BROWN)


def describe_code(code: int) -> str:
    """A piece in words, e.g. "Blue's pawn of 3 blue and 2 brown sections" (its value to
    its controller is the count of its controller's colour, §2)."""
    text, args = piece_words(code, "owner")
    return Line.of(text, **args).render(SEAT_NAMES)


def piece_kind(code: int) -> int:
    """Which words name the piece `code` (not empty): 0 a pawn Blue controls, 1 a pawn
    Brown controls, 2 a VERSUS. A line has a whole template for each, so a translation
    words the pawn's colours its own way (`piece_args` gives the arguments)."""
    return OWNER[code] if IS_PAWN[code] else 2


def piece_args(code: int, field: str) -> dict[str, Any]:
    """The arguments naming the piece `code` (not empty) in a line: its controller, the
    seat `{field}`, and for a pawn its counts `{field_own}` and `{field_other}`."""
    owner = OWNER[code]
    if not IS_PAWN[code]:
        return {field: SeatArg(owner)}
    own = VALUE[owner][code]
    return {field: SeatArg(owner), f"{field}_own": own, f"{field}_other": SECTIONS - own}


def piece_words(code: int, field: str) -> tuple[str, dict[str, Any]]:
    """`describe_code` as part of a `tabletop.lines.Line`: the template, in which the
    controller is the seat argument `{field}` (its counts `{field_own}` and
    `{field_other}`), and its arguments, so the host names the seat."""
    if code == EMPTY:
        return "an empty hexagon", {}
    owner = OWNER[code]
    if not IS_PAWN[code]:
        return f"{{{field}}}'s VERSUS", {field: SeatArg(owner)}
    own = VALUE[owner][code]
    return (f"{{{field}}}'s pawn of {{{field}_own}} {COLOURS[owner]} and "
            f"{{{field}_other}} {COLOURS[1 - owner]} sections",
            {field: SeatArg(owner), f"{field}_own": own, f"{field}_other": SECTIONS - own})


# -- the start position and targets as data ---------------------------------------------

#: The targets of §1 as data (the default of the `targets` option).
DEFAULT_TARGET_NAMES: list[str] = [CELL_NAMES[t] for t in DEFAULT_TARGETS]


def _seat_of(word: object, where: str) -> int:
    if isinstance(word, str) and word.lower() in COLOURS:
        return COLOURS.index(word.lower())
    raise ValueError(f"{where}: control must be 'blue' or 'brown', not {word!r}")


def board_from_data(data: Any) -> bytes:
    """The board codes of a start position given as data; raises `ValueError` if invalid.

    Checks: exactly one VERSUS per colour, at least one pawn, every cell on the board and
    used once, every pawn with 5 sections split between blue and brown.
    """
    if not isinstance(data, Mapping):
        raise ValueError("start position must be an object with 'versus' and 'pawns'")
    unknown = set(data) - {"versus", "pawns"}
    if unknown:
        raise ValueError(f"start position has unknown keys {sorted(unknown)}")
    versus, pawns = data.get("versus"), data.get("pawns")
    if not isinstance(versus, Mapping) or set(versus) != set(COLOURS):
        raise ValueError("start position needs exactly one VERSUS per colour: "
                         "'versus': {'blue': cell, 'brown': cell}")
    if not isinstance(pawns, list) or not pawns:
        raise ValueError("start position needs a non-empty list of 'pawns'")
    board = bytearray(CELLS)

    def place(cell_data: object, code: int, what: str) -> None:
        try:
            cell = cell_from_data(cell_data)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
        if board[cell]:
            raise ValueError(f"{what}: cell {CELL_NAMES[cell]} is already taken "
                             "(pieces overlap)")
        board[cell] = code

    for seat, colour in enumerate(COLOURS):
        place(versus[colour], versus_code(seat), f"{colour} VERSUS")
    for n, pawn in enumerate(pawns, 1):
        what = f"pawn {n}"
        if not isinstance(pawn, Mapping) or not {"cell", "blue", "control"} <= set(pawn):
            raise ValueError(f"{what}: needs 'cell', 'blue' (sections) and 'control'")
        blue = pawn["blue"]
        brown = pawn.get("brown", SECTIONS - blue if isinstance(blue, int) else None)
        if (not isinstance(blue, int) or isinstance(blue, bool) or not isinstance(brown, int)
                or isinstance(brown, bool) or blue < 0 or brown < 0
                or blue + brown != SECTIONS):
            raise ValueError(f"{what}: needs {SECTIONS} sections in all, blue + brown "
                             f"(got blue={blue!r}, brown={brown!r})")
        place(pawn["cell"], pawn_code(blue, _seat_of(pawn["control"], what)), what)
    return bytes(board)


def targets_from_data(data: Any) -> tuple[int, ...]:
    """The target cells given as data (a non-empty list of distinct cells), sorted."""
    if not isinstance(data, list) or not data:
        raise ValueError("targets must be a non-empty list of cells")
    cells = [cell_from_data(item) for item in data]
    if len(set(cells)) != len(cells):
        raise ValueError("targets list the same cell twice")
    return tuple(sorted(cells))


def check_start(value: Any) -> None:
    """Validator of the `start_position` option (None means the spec's)."""
    if value is not None:
        board_from_data(value)


def check_targets(value: Any) -> None:
    """Validator of the `targets` option (None means the spec's)."""
    if value is not None:
        targets_from_data(value)
