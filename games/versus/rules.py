"""The rules of Versus (versus.md §3-§7) as lean functions over a board of piece codes.

The board is a `bytes`/`bytearray` of 91 codes (see `pieces`), `pieces` the occupied
cells. A move is the int `frm << 7 | to`. Both the immutable game (`game.VersusGame`) and
the AI's private mutable search position call these same functions, so there is one
move generator and one attraction rule.

Streaks (§5) are a tuple of `(cell, streak)` pairs: after any ply only the pawns
attracted in it have a streak above zero, so the tuple is short and keyed by the cell
the pawn was pulled to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.versus.board import CELLS, LINES, NEIGHBOURS
from games.versus.pieces import DOMINANT, FIRST_PAWN, IS_PAWN, OWNER, VALUE

Streaks = tuple[tuple[int, int], ...]
Pull = tuple[int, int]

#: A streak at or above this refuses the attraction by a non-dominating player (§5).
STREAK_LIMIT = 2

# End reasons, in the order §6 checks them, then ours.
TARGETS_FULL = "all targets hold pawns"
NO_MOVE = "no legal move"
DECIDED = "the game is decided"
REPETITION = "position repeated"
PLY_LIMIT = "ply limit reached"
RESIGNED = "resigned"
AGREED_DRAW = "draw agreed"


def encode(frm: int, to: int) -> int:
    """The int form of a move from `frm` to `to`."""
    return frm << 7 | to


def decode(move: int) -> tuple[int, int]:
    """`(frm, to)` of an int move."""
    return move >> 7, move & 127


@dataclass(frozen=True)
class Rules:
    """The rule options of one game (§8) with the tables derived from them."""

    targets: tuple[int, ...]
    may_stop_on_target: bool = False
    repetition_limit: int = 3
    ply_limit: int = 2000
    is_target: bytes = field(init=False, repr=False, compare=False)
    versus_stop: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mask = bytearray(CELLS)
        for t in self.targets:
            mask[t] = 1
        stop = bytes(1 for _ in range(CELLS)) if self.may_stop_on_target else bytes(
            1 - m for m in mask)
        object.__setattr__(self, "is_target", bytes(mask))
        object.__setattr__(self, "versus_stop", stop)


def streak_of(streaks: Streaks, cell: int) -> int:
    """The streak of the pawn on `cell` (0 unless it was attracted in the last ply)."""
    for c, s in streaks:
        if c == cell:
            return s
    return 0


def legal_moves(board: bytes | bytearray, pieces: Sequence[int], player: int,
                rules: Rules) -> list[int]:
    """Every move of `player` (§3), ordered by origin in `pieces`, then direction, distance.

    A pawn steps to a free neighbour unless it is frozen on a target; the VERSUS slides
    over free cells and may stop where `rules.versus_stop` allows.
    """
    out: list[int] = []
    append = out.append
    target = rules.is_target
    vcode = 1 + player
    for c in pieces:
        code = board[c]
        if code == vcode:
            stop = rules.versus_stop
            base = c << 7
            for ray in LINES[c]:
                for n in ray:
                    if board[n]:
                        break
                    if stop[n]:
                        append(base | n)
        elif code >= FIRST_PAWN and code & 1 == player and not target[c]:
            base = c << 7
            for n in NEIGHBOURS[c]:
                if not board[n]:
                    append(base | n)
    return out


def has_move(board: bytes | bytearray, pieces: Sequence[int], player: int,
             rules: Rules) -> bool:
    """True if `player` has any legal move (cheaper than listing them)."""
    target = rules.is_target
    vcode = 1 + player
    for c in pieces:
        code = board[c]
        if code == vcode:
            stop = rules.versus_stop
            for ray in LINES[c]:
                for n in ray:
                    if board[n]:
                        break
                    if stop[n]:
                        return True
        elif code >= FIRST_PAWN and code & 1 == player and not target[c]:
            for n in NEIGHBOURS[c]:
                if not board[n]:
                    return True
    return False


def attractions(board: bytes | bytearray, frm: int, to: int, player: int,
                streaks: Streaks, rules: Rules) -> tuple[list[Pull], list[int]]:
    """What `player`'s VERSUS moving `frm` → `to` attracts (§4), and what §5 refuses.

    Lines are traced from `to` with `frm` already free. In each direction the first piece
    met is attracted if it is an opponent's pawn, not frozen, at distance 2 or more: it
    comes one cell closer. Returns the pulls `(from, to)` and the refused pawns' cells.
    """
    pulls: list[Pull] = []
    refused: list[int] = []
    target = rules.is_target
    for ray in LINES[to]:
        prev = -1
        for n in ray:
            code = board[n] if n != frm else 0
            if not code:
                prev = n
                continue
            if (code >= FIRST_PAWN and code & 1 != player and prev >= 0
                    and not target[n]):
                if DOMINANT[code] != player and streaks and \
                        streak_of(streaks, n) >= STREAK_LIMIT:
                    refused.append(n)
                else:
                    pulls.append((n, prev))
            break
    return pulls, refused


def play(board: bytearray, pieces: list[int], move: int, player: int, streaks: Streaks,
         rules: Rules) -> tuple[list[Pull], list[int], Streaks]:
    """Make `move` on `board` and `pieces` in place; return pulls, refused, new streaks.

    The caller has checked that `move` is legal. Attracted pawns move one cell and flip
    to `player` (§4); the new streaks count only the pawns attracted in this ply (§5).
    """
    frm, to = move >> 7, move & 127
    code = board[frm]
    if code >= FIRST_PAWN:
        board[to] = code
        board[frm] = 0
        pieces[pieces.index(frm)] = to
        return [], [], ()
    pulls, refused = attractions(board, frm, to, player, streaks, rules)
    board[to] = code
    board[frm] = 0
    pieces[pieces.index(frm)] = to
    if not pulls:
        return pulls, refused, ()
    new: list[tuple[int, int]] = []
    for src, dst in pulls:
        board[dst] = board[src] ^ 1
        board[src] = 0
        pieces[pieces.index(src)] = dst
        new.append((dst, streak_of(streaks, src) + 1))
    return pulls, refused, tuple(new)


def banked(board: bytes | bytearray, rules: Rules) -> tuple[int, int]:
    """Each seat's score now: its pawns on targets, at their value to it (§7)."""
    blue = brown = 0
    for t in rules.targets:
        code = board[t]
        if code >= FIRST_PAWN:
            if code & 1:
                brown += VALUE[1][code]
            else:
                blue += VALUE[0][code]
    return blue, brown


def filled_targets(board: bytes | bytearray, rules: Rules) -> int:
    """How many targets hold a pawn."""
    return sum(IS_PAWN[board[t]] for t in rules.targets)


def potential(board: bytes | bytearray, pieces: Sequence[int], seat: int, rules: Rules,
              bank: int) -> int:
    """The most `seat` could still score (§6.3): `bank` plus the best values to fill the
    empty targets with, from the pawns not on targets."""
    target = rules.is_target
    empty = len(rules.targets) - filled_targets(board, rules)
    if empty <= 0:
        return bank
    table = VALUE[seat]
    values = sorted((table[board[c]] for c in pieces
                     if board[c] >= FIRST_PAWN and not target[c]), reverse=True)
    return bank + sum(values[:empty])


def decided(board: bytes | bytearray, pieces: Sequence[int], rules: Rules) -> bool:
    """True if the leader can no longer be tied or beaten (§6.3)."""
    bank = banked(board, rules)
    if bank[0] == bank[1]:
        return False
    leader = 0 if bank[0] > bank[1] else 1
    trailer = 1 - leader
    return bank[leader] > potential(board, pieces, trailer, rules, bank[trailer])


def end_reason(board: bytes | bytearray, pieces: Sequence[int], to_move: int,
               rules: Rules) -> str | None:
    """The first of §6.1-§6.3 that holds with `to_move` to play, else None.

    Repetition (§6.5) and the ply limit need the history and are the caller's.
    """
    if filled_targets(board, rules) == len(rules.targets):
        return TARGETS_FULL
    if not has_move(board, pieces, to_move, rules):
        return NO_MOVE
    if decided(board, pieces, rules):
        return DECIDED
    return None


def position_key(board: bytes | bytearray, pieces: Sequence[int], to_move: int,
                 streaks: Streaks) -> bytes:
    """The position as compared by the repetition rule (§6.5).

    Pieces, control, streaks and the player to move; a pawn is known only by its code
    (sections and controller), so pawns with the same sections are interchangeable.
    """
    key = bytearray([to_move])
    for c in sorted(pieces):
        key.append(c)
        key.append(board[c])
    for c, s in sorted(streaks):
        key.append(128 | c)
        key.append(s)
    return bytes(key)


def owner(board: bytes | bytearray, cell: int) -> int:
    """The seat controlling the piece on `cell`, -1 if empty."""
    return OWNER[board[cell]]
