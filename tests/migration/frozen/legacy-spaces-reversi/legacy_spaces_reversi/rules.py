"""The rules of Reversi (rules.md), each in one place, on frozen positions.

Squares are indexes into `Position.discs`, row by row from the top-left square "a1";
`rules.md` gives the section numbers the functions cite.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.i18n import N_

#: What a square holds: empty, a Black disc, a White disc (`Position.discs` characters).
EMPTY, BLACK, WHITE = ".", "b", "w"
#: The disc of each seat: Black is seat 0 and moves first (rules.md §2).
DISC = (BLACK, WHITE)
#: The seats' names, in English (marked for the catalog: the host shows them translated).
SEAT_NAMES = (N_("Black"), N_("White"))
#: Board sizes the `size` option allows (rules.md §1).
SIZES = (6, 8, 10)
#: The eight directions a line of discs can run in, as (column step, row step).
DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@dataclass(frozen=True)
class Position:
    """A Reversi position: `discs` has one character per square (`size` × `size`, row
    by row from a1), `to_move` is the seat to play, or None once the game is over."""

    size: int
    discs: str
    to_move: int | None

    def count(self, seat: int) -> int:
        """How many discs of `seat`'s colour are on the board."""
        return self.discs.count(DISC[seat])


@dataclass(frozen=True)
class Move:
    """Placing a disc on `square`, or passing when `square` is None (rules.md §5)."""

    square: int | None

    @property
    def is_pass(self) -> bool:
        """True for a pass."""
        return self.square is None


PASS = Move(None)


def start(size: int) -> Position:
    """The set-up (rules.md §2): two discs of each colour crossed in the centre, the
    top-left and bottom-right of the four White; Black to move."""
    discs = [EMPTY] * (size * size)
    low, high = size // 2 - 1, size // 2
    for col, row, disc in ((low, low, WHITE), (high, high, WHITE),
                           (high, low, BLACK), (low, high, BLACK)):
        discs[row * size + col] = disc
    return Position(size, "".join(discs), 0)


def outflanked(discs: str, size: int, seat: int, square: int) -> tuple[int, ...]:
    """The opponent discs a disc of `seat` placed on `square` would outflank (rules.md
    §3): in each direction, an unbroken line of opponent discs closed by one of the
    mover's own. Empty if the square is taken or the placement outflanks nothing."""
    if discs[square] != EMPTY:
        return ()
    own, other = DISC[seat], DISC[1 - seat]
    col, row = square % size, square // size
    turned: list[int] = []
    for dc, dr in DIRECTIONS:
        line: list[int] = []
        c, r = col + dc, row + dr
        while 0 <= c < size and 0 <= r < size and discs[r * size + c] == other:
            line.append(r * size + c)
            c, r = c + dc, r + dr
        if line and 0 <= c < size and 0 <= r < size and discs[r * size + c] == own:
            turned += line
    return tuple(sorted(turned))


def placements(discs: str, size: int, seat: int) -> list[int]:
    """Every square where `seat` may place a disc (rules.md §3), from a1 row by row."""
    return [square for square in range(size * size)
            if discs[square] == EMPTY and outflanked(discs, size, seat, square)]


def legal_moves(position: Position) -> list[Move]:
    """The placements of the player to move, or the pass when there is none (§5);
    nothing once the game is over (§6)."""
    seat = position.to_move
    if seat is None:
        return []
    squares = placements(position.discs, position.size, seat)
    return [Move(square) for square in squares] if squares else [PASS]


def play(position: Position, move: Move) -> Position:
    """The position after a legal `move` (the caller checks legality): the placed disc
    and every disc it outflanks turn to the mover's colour (§4); then the opponent moves,
    unless neither player can place, which ends the game (§6)."""
    seat = position.to_move
    assert seat is not None
    discs = position.discs
    if move.square is not None:
        cells = list(discs)
        for square in (move.square, *outflanked(discs, position.size, seat, move.square)):
            cells[square] = DISC[seat]
        discs = "".join(cells)
    return Position(position.size, discs, next_to_move(discs, position.size, 1 - seat))


def next_to_move(discs: str, size: int, seat: int) -> int | None:
    """`seat` if the game goes on with it to move (it places or must pass, §5), None if
    neither player can place: the game is over (§6)."""
    if placements(discs, size, seat) or placements(discs, size, 1 - seat):
        return seat
    return None


def winners(position: Position) -> tuple[int, ...]:
    """Who wins a finished game (§7): the seat with more discs; nobody on equal counts."""
    black, white = position.count(0), position.count(1)
    if black == white:
        return ()
    return (0,) if black > white else (1,)


def square_name(size: int, square: int) -> str:
    """The name of a square: column letter and row number from the top ("d3")."""
    return f"{chr(ord('a') + square % size)}{square // size + 1}"


def square_of(size: int, name: str) -> int | None:
    """The square called `name` ("d3") on a board of `size`, None if there is none."""
    name = name.strip().lower()
    if len(name) < 2 or not ("a" <= name[0] <= "z") or not name[1:].isdigit():
        return None
    col, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
    if not (0 <= col < size and 0 <= row < size):
        return None
    return row * size + col
