"""Versus states and moves: frozen values a front end and the host can hold and compare.

`VersusState` is immutable; `VersusGame.apply` returns a new one. A `Move` names the
piece's cell and destination and carries, for a front end's preview, the attractions it
would make and the pawns the limit of §5 would refuse; those two fields are computed
from the position and do not take part in comparing moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.versus.board import CELL_NAMES
from games.versus.pieces import FIRST_PAWN, OWNER, SEAT_NAMES
from games.versus.rules import Rules, Streaks


@dataclass(frozen=True, slots=True)
class Attraction:
    """A pawn pulled one cell towards the VERSUS (§4); `frozen` if it lands on a target."""

    frm: int
    to: int
    frozen: bool = False

    def __str__(self) -> str:
        mark = " (frozen)" if self.frozen else ""
        return f"{CELL_NAMES[self.frm]}>{CELL_NAMES[self.to]}{mark}"


@dataclass(frozen=True, slots=True)
class Move:
    """One element moved from cell `frm` to cell `to` (cells are numbers, see `board`).

    `versus` is True for a VERSUS slide, False for a pawn step. `attractions` and
    `refused` (cells of pawns §5 keeps in place) preview what the move does; they are
    derived from the position, so only `frm`, `to` and `versus` are compared.
    """

    frm: int
    to: int
    versus: bool
    attractions: tuple[Attraction, ...] = field(default=(), compare=False)
    refused: tuple[int, ...] = field(default=(), compare=False)

    @property
    def piece(self) -> str:
        """`"VERSUS"` or `"pawn"`."""
        return "VERSUS" if self.versus else "pawn"


@dataclass(frozen=True, slots=True)
class Resign:
    """`seat` resigns and loses (§6.4). Offered to people only, never to agents."""

    seat: int


@dataclass(frozen=True, slots=True)
class AgreeDraw:
    """Both players agree to a draw (§6.4). Offered to people only, never to agents."""


@dataclass(frozen=True)
class End:
    """Why the game ended: the reason (see `rules`) and who resigned, if anyone."""

    reason: str
    resigned: int | None = None


@dataclass(frozen=True)
class VersusState:
    """A Versus position with everything the rules need to go on from it.

    `board` holds a piece code per cell; `pieces` the occupied cells, sorted; `streaks`
    the §5 counts of the pawns attracted in the last ply; `history` the repetition keys
    (§6.5) since the last target was filled (positions before that cannot recur);
    `end` is set once the game is over.
    """

    rules: Rules
    board: bytes
    pieces: tuple[int, ...]
    to_move: int
    streaks: Streaks = ()
    ply: int = 0
    history: tuple[bytes, ...] = ()
    end: End | None = None
    # The legal moves, and the same by int code, listed on first use (a cache only).
    _moves: tuple[list[Move], dict[int, Move]] | None = field(default=None, compare=False,
                                                               repr=False)

    def piece_at(self, cell: int) -> int:
        """The piece code on `cell` (0 if empty)."""
        return self.board[cell]

    def controller(self, cell: int) -> int:
        """The seat controlling the piece on `cell`, -1 if the cell is empty."""
        return OWNER[self.board[cell]]

    def frozen(self, cell: int) -> bool:
        """True if `cell` holds a pawn on a target (it never moves again, §3)."""
        return self.board[cell] >= FIRST_PAWN and bool(self.rules.is_target[cell])

    @property
    def mover_name(self) -> str:
        """The name of the seat to move."""
        return SEAT_NAMES[self.to_move]
