"""Versus states and moves: frozen values a front end and the host can hold and compare.

`VersusState` is immutable; `VersusGame.apply` returns a new one. A `Move` is the piece's
cell, its destination and whether it is a VERSUS slide, nothing more: like a chess move
it is a small value, and the moves of every position are shared (`STEPS`, `SLIDES`), so
listing the legal moves builds nothing. What a move would do from a given position (the
pawns it attracts, those the limit of §5 keeps) is its `Preview`, which `rules.preview`
builds when asked and keeps in the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from zlib import crc32

from games.versus.board import CELL_NAMES, CELLS, LINES, NEIGHBOURS
from games.versus.options import Rules
from games.versus.pieces import FIRST_PAWN, OWNER, SEAT_NAMES

#: The streaks of §5: `(cell, streak)` for each pawn attracted in the last ply, keyed by
#: the cell it was pulled to (every other pawn's streak is 0).
Streaks = tuple[tuple[int, int], ...]


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
class Preview:
    """What a move would do (§4, §5): the pawns it attracts and the cells of the pawns
    the limit refuses. A pawn step's preview is empty."""

    attractions: tuple[Attraction, ...] = ()
    refused: tuple[int, ...] = ()


#: The preview of a move that does nothing beyond itself (every pawn step).
NO_PREVIEW = Preview()


@dataclass(frozen=True, slots=True)
class Move:
    """One element moved from cell `frm` to cell `to` (cells are numbers, see `board`);
    `versus` is True for a VERSUS slide, False for a pawn step."""

    frm: int
    to: int
    versus: bool
    # Kept, since searches hash moves by the thousand (the host's MCTS keys its tree by
    # them); equal moves have equal hashes as the value is that of `(frm, to, versus)`.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.frm, self.to, self.versus)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def piece(self) -> str:
        """`"VERSUS"` or `"pawn"`."""
        return "VERSUS" if self.versus else "pawn"


def _every_move() -> tuple[dict[int, Move], dict[int, Move]]:
    # Every pawn step and VERSUS slide the board allows, by int code (`frm << 7 | to`):
    # a few thousand values made once, which every position's move list shares.
    steps = {c << 7 | n: Move(c, n, False) for c in range(CELLS) for n in NEIGHBOURS[c]}
    slides = {c << 7 | n: Move(c, n, True)
              for c in range(CELLS) for ray in LINES[c] for n in ray}
    return steps, slides


#: The pawn steps and the VERSUS slides of the board, by int code.
STEPS, SLIDES = _every_move()


class History:
    """The repetition keys of §6.5 since the last filled target, oldest first: an
    immutable sequence that a ply extends in constant time, sharing what came before.

    Random play runs hundreds of plies between two filled targets, so copying a tuple
    of the keys and counting a key in it, every ply, was most of a ply's cost. Here the
    newest keys sit in a short chunk (a ply copies at most `CHUNK` of them) ahead of the
    older chunks. Filters with one bit per key (`marks`) answer "not there" without
    comparing keys: one for the whole history, one per chunk; only the chunks whose
    filter has the key's bit are counted. The bit comes from a CRC, not `hash`, so it is
    the same in every process.
    """

    __slots__ = ("_bits", "_chunk", "_length", "_older", "_seen")
    CHUNK = 64
    #: Filter sizes: the whole history's, then a chunk's (each state keeps both).
    BITS, CHUNK_BITS = 16384, 1024

    def __init__(self, keys: Iterable[bytes] = ()) -> None:
        self._chunk: tuple[bytes, ...] = ()
        self._bits = 0  # the filter of `_chunk`
        self._older: History | None = None  # the history before `_chunk`
        self._length = 0
        self._seen = 0  # the filter of the whole history
        node = self
        for key in keys:
            node = node.add(key)
        self._chunk, self._bits, self._older = node._chunk, node._bits, node._older
        self._length, self._seen = node._length, node._seen

    @classmethod
    def marks(cls, key: bytes) -> tuple[int, int]:
        """The filter bits of `key`: in the whole history's filter and in a chunk's."""
        crc = crc32(key)
        return 1 << (crc & (cls.BITS - 1)), 1 << ((crc >> 14) & (cls.CHUNK_BITS - 1))

    def add(self, key: bytes) -> History:
        """This history followed by `key` (this one is unchanged)."""
        return self.extend(key)[0]

    def extend(self, key: bytes) -> tuple[History, int]:
        """This history followed by `key`, and how many times `key` occurs in it."""
        mark, chunk_mark = self.marks(key)
        new = _new_object(History)
        if len(self._chunk) < self.CHUNK:
            new._chunk, new._older = (*self._chunk, key), self._older
            new._bits = self._bits | chunk_mark
        else:
            new._chunk, new._bits, new._older = (key,), chunk_mark, self
        new._length = self._length + 1
        new._seen = self._seen | mark
        seen = self._count(key, chunk_mark) if self._seen & mark else 0
        return new, seen + 1

    def count(self, key: bytes) -> int:
        """How many times `key` occurs."""
        mark, chunk_mark = self.marks(key)
        return self._count(key, chunk_mark) if self._seen & mark else 0

    def _count(self, key: bytes, chunk_mark: int) -> int:
        total = 0
        node: History | None = self
        while node is not None:
            if node._bits & chunk_mark:
                total += node._chunk.count(key)
            node = node._older
        return total

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[bytes]:
        chunks = []
        node: History | None = self
        while node is not None:
            chunks.append(node._chunk)
            node = node._older
        return chain.from_iterable(reversed(chunks))

    @property
    def last(self) -> bytes | None:
        """The newest key, None if there is none."""
        return self._chunk[-1] if self._chunk else None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self is other or (self._length == other._length and
                                 self._seen == other._seen and list(self) == list(other))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({[key.hex() for key in self]})"


_new_object = object.__new__


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
    history: History = field(default_factory=History)
    end: End | None = None
    # Caches only, filled by `rules` on first use: the legal moves (and their int codes)
    # and the previews asked for.
    # (Not `__init__` arguments, so that `dataclasses.replace` never copies them.)
    _moves: tuple[list[Move], list[int]] | None = field(default=None, init=False,
                                                        compare=False, repr=False)
    _previews: dict[Move, Preview] | None = field(default=None, init=False, compare=False,
                                                  repr=False)

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



def made_state(rules: Rules, board: bytes, pieces: tuple[int, ...], to_move: int,
               streaks: Streaks, ply: int, history: History, end: End | None) -> VersusState:
    """`VersusState(...)` for the rules' once-a-ply path: the same value, built without the
    frozen dataclass's guard on each of its fields (nothing else holds it yet), which
    costs as much as the rest of a ply's bookkeeping. A test checks it stays equal."""
    state = _new_object(VersusState)
    state.__dict__.update(rules=rules, board=board, pieces=pieces, to_move=to_move,
                          streaks=streaks, ply=ply, history=history, end=end)
    return state
