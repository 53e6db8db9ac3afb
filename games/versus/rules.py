"""The rules of Versus (versus.md §2-§7): the start, a ply's transition, the one end test.

Every rule lives here once; the `Game` adapter (`game`), the AI's private mutable search
position (`search`), the evaluation and the view call these functions.

Two layers. The board functions work on a `bytes`/`bytearray` of 91 codes (see
`pieces`) and `pieces`, the occupied cells; a move is the int `frm << 7 | to`. They are
what the search makes and unmakes moves with. The state functions (`start`, `advance`,
`listed_moves`, `preview`) build the frozen `VersusState`s of the game from them.

Streaks (§5) are a tuple of `(cell, streak)` pairs: after any ply only the pawns
attracted in it have a streak above zero, so the tuple is short and keyed by the cell
the pawn was pulled to.

The rule options (`Rules`, in `options`) and the state's values (`state`) sit below this
module, which builds states and reads options; neither imports it back. `Rules` and
`NO_PLY_LIMIT` are imported here, so `rules.Rules` still names them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, cast

from games.versus.board import CELL_NAMES, CELLS, INDEX, LINES, NEIGHBOURS
from games.versus.options import NO_PLY_LIMIT, Rules
from games.versus.pieces import (
    BLUE,
    CODES,
    COLOURS,
    DOMINANT,
    FIRST_PAWN,
    IS_PAWN,
    SECTIONS,
    VALUE,
)
from games.versus.state import (
    NO_PREVIEW,
    SLIDES,
    STEPS,
    Attraction,
    End,
    History,
    Move,
    Preview,
    Streaks,
    VersusState,
    made_state,
)

Pull = tuple[int, int]

#: A streak at or above this refuses the attraction by a non-dominating player (§5).
STREAK_LIMIT = 2

# End reasons, in the order §6 checks them, then the experiments' ply cap (§8).
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


# -- moves and attraction (§3, §4, §5) ----------------------------------------------------

def streak_of(streaks: Streaks, cell: int) -> int:
    """The streak of the pawn on `cell` (0 unless it was attracted in the last ply)."""
    for c, s in streaks:
        if c == cell:
            return s
    return 0


def limit_refuses(code: int, cell: int, player: int, streaks: Streaks) -> bool:
    """True if the limit of §5 keeps the pawn `code` on `cell` from `player`'s VERSUS:
    `player` does not hold its dominating colour and its streak is 2 or more."""
    return DOMINANT[code] != player and streak_of(streaks, cell) >= STREAK_LIMIT


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


def refused_stops(board: bytes | bytearray, pieces: Sequence[int], player: int,
                  rules: Rules) -> list[int]:
    """The slides of `player`'s VERSUS that only the stop rule of §3 refuses: along a
    line of free cells to a target, which `rules` keep it off unless the option
    `versus_may_stop_on_target` is on (then there are none). For explaining a refusal:
    the moves are those `legal_moves` gives with the option on, less the legal ones."""
    if rules.may_stop_on_target:
        return []
    legal = set(legal_moves(board, pieces, player, rules))
    lifted = replace(rules, may_stop_on_target=True)
    return [m for m in legal_moves(board, pieces, player, lifted) if m not in legal]


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
    With `frm == to` it is what a VERSUS standing on `to` sees (the evaluation's threats).
    """
    pulls: list[Pull] = []
    refused: list[int] = []
    target = rules.is_target
    for ray in LINES[to]:
        prev = -1
        for n in ray:
            code = board[n]
            if not code or n == frm:  # the cell the VERSUS left counts as free
                prev = n
                continue
            if (code >= FIRST_PAWN and code & 1 != player and prev >= 0
                    and not target[n]):
                if streaks and limit_refuses(code, n, player, streaks):
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


# -- scores and the end (§6, §7) ----------------------------------------------------------

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
    return sum([IS_PAWN[board[t]] for t in rules.targets])


def empty_targets(board: bytes | bytearray, rules: Rules) -> tuple[int, ...]:
    """The targets that hold no pawn (§6.3): a VERSUS parked on a target, under option
    `versus_may_stop_on_target`, does not fill it, since its owner can still move it."""
    return tuple(t for t in rules.targets if board[t] < FIRST_PAWN)


def potential(board: bytes | bytearray, pieces: Sequence[int], seat: int, rules: Rules,
              bank: int) -> int:
    """The most `seat` could still score (§6.3): `bank` plus the best values to fill the
    empty targets with, from the pawns not on targets."""
    target = rules.is_target
    empty = len(empty_targets(board, rules))
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


def past_ply_limit(ply: int, rules: Rules) -> bool:
    """True if an experiment's ply cap is set and `ply` plies reach it (§8: not a rule)."""
    return rules.ply_limit != NO_PLY_LIMIT and ply >= rules.ply_limit


def end_reason(board: bytes | bytearray, pieces: Sequence[int], to_move: int,
               rules: Rules, *, occurrences: int = 1, ply: int = 0,
               targets_full: bool | None = None, can_move: bool | None = None,
               is_decided: bool | None = None) -> str | None:
    """Why the game is over with `to_move` to play, else None: THE end test (§6).

    Checks, in the order §6 reports them: all targets full (§6.1), no legal move (§6.2),
    decided (§6.3), this position's `occurrences` reaching the repetition limit (§6.5),
    then an experiment's ply cap (§8). A caller that already knows some of the facts
    passes them (`targets_full`, `can_move`, `is_decided`); the others are worked out.
    """
    if targets_full is None:
        targets_full = filled_targets(board, rules) == len(rules.targets)
    if targets_full:
        return TARGETS_FULL
    if can_move is None:
        can_move = has_move(board, pieces, to_move, rules)
    if not can_move:
        return NO_MOVE
    if is_decided is None:
        is_decided = decided(board, pieces, rules)
    if is_decided:
        return DECIDED
    if occurrences >= rules.repetition_limit:
        return REPETITION
    if past_ply_limit(ply, rules):
        return PLY_LIMIT
    return None


# The two bytes a piece adds to a position key, by `cell * CODES + code`, made once.
_PAIRS = tuple(bytes((cell, code)) for cell in range(CELLS) for code in range(CODES))
_TURNS = (b"\x00", b"\x01")


def position_key(board: bytes | bytearray, pieces: Sequence[int], to_move: int,
                 streaks: Streaks) -> bytes:
    """The position as compared by the repetition rule (§6.5).

    Pieces, control, streaks and the player to move; a pawn is known only by its code
    (sections and controller), so pawns with the same sections are interchangeable.
    The bytes are: the player to move, then `cell, code` for each piece by cell, then
    `128 | cell, streak` for each streak by cell.
    """
    pairs = _PAIRS
    key = _TURNS[to_move] + b"".join([pairs[c * CODES + board[c]] for c in sorted(pieces)])
    if streaks:
        key += bytes([x for c, s in sorted(streaks) for x in (128 | c, s)])
    return key


# -- states: the start, a ply, the legal moves and their previews ------------------------

def _start_position() -> dict[str, Any]:
    # §2 [ruling]: each home row, read from its owner's left, holds pawn 2/3, 4/1, VERSUS,
    # 3/2, 1/4, 3/2 (own/other sections); Brown's is the half-turn image of Blue's.
    blue_row = [(-5, 5), (-4, 5), (-3, 5), (-2, 5), (-1, 5), (0, 5)]
    own = [2, 4, None, 3, 1, 3]
    pawns: list[dict[str, Any]] = []
    versus: dict[str, str] = {}
    for seat, colour in enumerate(COLOURS):
        for (q, r), value in zip(blue_row, own, strict=True):
            cell = CELL_NAMES[INDEX[(q, r) if seat == BLUE else (-q, -r)]]
            if value is None:
                versus[colour] = cell
                continue
            blue = value if seat == BLUE else SECTIONS - value
            pawns.append({"cell": cell, "blue": blue, "brown": SECTIONS - blue,
                          "control": colour})
    return {"versus": versus, "pawns": pawns}


#: The start position of §2 as data (the default of the `start_position` option; a
#: variant gives its own in the same shape, read by `pieces.board_from_data`).
START_POSITION: dict[str, Any] = _start_position()


class VersusOnTarget(ValueError):
    """A start position puts a VERSUS on a target, and the rules keep it off them."""

    def __init__(self, cell: str) -> None:
        super().__init__(f"a VERSUS starts on target {cell}, which needs "
                         "versus_may_stop_on_target")
        self.cell = cell


def start(rules: Rules, board: bytes) -> VersusState:
    """The state of a new game on `board` (`START_POSITION` unless a variant gives
    another), Blue to move (§3), already over if an end of §6 holds; raises
    `VersusOnTarget` if a VERSUS starts on a target it may not stop on."""
    if not rules.may_stop_on_target:
        for t in rules.targets:
            if 0 < board[t] < FIRST_PAWN:
                raise VersusOnTarget(CELL_NAMES[t])
    pieces = tuple(i for i, code in enumerate(board) if code)
    key = position_key(board, pieces, 0, ())
    reason = end_reason(board, pieces, 0, rules)
    return VersusState(rules, board, pieces, 0, (), 0, History((key,)),
                       End(reason) if reason else None)


def advance(state: VersusState, code: int) -> VersusState:
    """The state after the legal int move `code` (not checked), with its end, if any.

    The repetition history restarts whenever a target is filled: a filled target never
    empties (§3), so no earlier position can recur. §6.1 and §6.3 are looked at only
    then too: §6.3 depends only on the pawns on the targets and the values of the pawns
    off them (values, not control).
    """
    rules = state.rules
    board = bytearray(state.board)
    pieces = list(state.pieces)
    target = rules.is_target
    # A target is filled by a pawn stepping on it or a pawn attracted onto it.
    gained = target[code & 127] if board[code >> 7] >= FIRST_PAWN else 0
    pulls, _, streaks = play(board, pieces, code, state.to_move, state.streaks, rules)
    for _, dst in pulls:
        gained += target[dst]
    pieces.sort()
    nxt = 1 - state.to_move
    ply = state.ply + 1
    key = position_key(board, pieces, nxt, streaks)
    if gained:
        history, occurrences = History((key,)), 1
        reason = end_reason(board, pieces, nxt, rules, ply=ply)
    else:
        # §6.1 and §6.3 held before this ply as they do now: not, since the game went on.
        history, occurrences = state.history.extend(key)
        reason = end_reason(board, pieces, nxt, rules, occurrences=occurrences, ply=ply,
                            targets_full=False, is_decided=False)
    return made_state(rules, bytes(board), tuple(pieces), nxt, streaks, ply, history,
                      End(reason) if reason else None)


def finish(state: VersusState, end: End) -> VersusState:
    """The state ended by `end` outside play: a resignation or an agreed draw (§6.4)."""
    return VersusState(state.rules, state.board, state.pieces, state.to_move, state.streaks,
                       state.ply + 1, state.history, end)


def _by_code(*tables: dict[int, Move]) -> list[Move]:
    # A flat list indexed by int code (later tables win): faster to index than a dict.
    # Codes no table holds are never looked up: `legal_moves` lists only moves.
    flat = cast(list[Move], [None] * (CELLS << 7))
    for table in tables:
        for code, move in table.items():
            flat[code] = move
    return flat


_STEP_OR_SLIDE, _SLIDE = _by_code(SLIDES, STEPS), _by_code(SLIDES)


def listed_moves(state: VersusState) -> tuple[list[Move], list[int]]:
    """The legal moves of a state that is not over, and the same as int codes, listed on
    first use and kept in the state. Moves are shared values (one per piece kind, origin
    and destination), so listing them builds nothing."""
    listed = state._moves
    if listed is None:
        board = state.board
        codes = legal_moves(board, state.pieces, state.to_move, state.rules)
        # A pawn step and a VERSUS slide of one cell share a code, hence two tables: the
        # first gives the step where there is one; then the VERSUS's moves, one block
        # since codes are listed by origin, are read from the table of slides.
        step = _STEP_OR_SLIDE
        moves = [step[c] for c in codes]
        versus = board.index(1 + state.to_move) << 7
        low = bisect_left(codes, versus)
        high = bisect_left(codes, versus + 128, low)
        slide = _SLIDE
        moves[low:high] = [slide[c] for c in codes[low:high]]
        listed = (moves, codes)
        object.__setattr__(state, "_moves", listed)
    return listed


def preview(state: VersusState, move: Move) -> Preview:
    """What `move` would do from `state` (§4, §5): the pawns it attracts, where they land
    (frozen if on a target), and the pawns the limit keeps. Built on first request and
    kept in the state; a pawn step attracts nothing."""
    if not move.versus:
        return NO_PREVIEW
    cache = state._previews
    if cache is None:
        cache = {}
        object.__setattr__(state, "_previews", cache)
    found = cache.get(move)
    if found is None:
        pulls, refused = attractions(state.board, move.frm, move.to, state.to_move,
                                     state.streaks, state.rules)
        target = state.rules.is_target
        found = cache[move] = Preview(
            tuple(Attraction(a, b, bool(target[b])) for a, b in pulls), tuple(refused))
    return found
