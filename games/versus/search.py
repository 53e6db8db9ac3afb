"""Alpha-beta search for Versus: the private, mutable engine behind the `strong` agent.

The game's states are immutable; search instead makes and unmakes moves on one
`SearchBoard` (a bytearray board, a Zobrist hash, repetition counts), calling the same
move generator and attraction rule as the game (`rules`). Nothing here leaks out: the
agent copies the state in and returns one of the legal moves.

Negamax with principal-variation search, iterative deepening, a transposition table,
and move ordering by TT move, attractions and target steps, killers and history.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from games.versus import rules as R
from games.versus.board import CELLS, LINES
from games.versus.evaluation import static_score
from games.versus.pieces import CODES, FIRST_PAWN, VALUE
from games.versus.state import VersusState

WIN = 10_000.0
INF = 1e9
EXACT, LOWER, UPPER = 0, 1, 2
LMR_AFTER = 4
TACTICAL = 1e4
NULL_REDUCTION = 2
FUTILITY_MARGIN = (0.0, 0.8, 1.6)

_rng = random.Random(20_240_404)
Z_PIECE = tuple(tuple(_rng.getrandbits(64) for _ in range(CODES)) for _ in range(CELLS))
Z_STREAK = tuple(tuple(_rng.getrandbits(64) for _ in range(4)) for _ in range(CELLS))
Z_SIDE = _rng.getrandbits(64)


class OutOfTime(Exception):
    """Raised inside the search when the node or time budget is spent."""


def hash_key(key: bytes) -> int:
    """The Zobrist hash of a repetition key (`rules.position_key`)."""
    h = Z_SIDE if key[0] else 0
    for i in range(1, len(key), 2):
        cell, value = key[i], key[i + 1]
        if cell & 128:
            h ^= Z_STREAK[cell & 127][min(value, 3)]
        else:
            h ^= Z_PIECE[cell][value]
    return h


class SearchBoard:
    """A position that moves are made and unmade on, with its hash and history counts."""

    def __init__(self, state: VersusState) -> None:
        self.rules = state.rules
        self.board = bytearray(state.board)
        self.pieces = list(state.pieces)
        self.side = state.to_move
        self.streaks = state.streaks
        self.ply = state.ply
        self.filled = R.filled_targets(self.board, self.rules)
        # Whether §6.3 holds changes only when a pawn reaches a target (banked scores and
        # the pawns off targets change only then), so it is recomputed only then.
        self.decided = R.decided(self.board, self.pieces, self.rules)
        self.hash = hash_key(R.position_key(self.board, self.pieces, self.side, self.streaks))
        self.counts: dict[int, int] = {}
        for key in state.history:
            h = hash_key(key)
            self.counts[h] = self.counts.get(h, 0) + 1

    def moves(self) -> list[int]:
        """The legal int moves of the side to move."""
        return R.legal_moves(self.board, self.pieces, self.side, self.rules)

    def make(self, move: int) -> tuple[int, list[R.Pull], R.Streaks, int, int, bool]:
        """Play `move`; return what `unmake` needs."""
        board = self.board
        frm, to = move >> 7, move & 127
        code = board[frm]
        old = (self.hash, self.filled, self.decided)
        old_streaks = self.streaks
        pulls, _, streaks = R.play(board, self.pieces, move, self.side, old_streaks,
                                   self.rules)
        h = self.hash ^ Z_SIDE ^ Z_PIECE[frm][code] ^ Z_PIECE[to][code]
        target = self.rules.is_target
        if code >= FIRST_PAWN and target[to]:
            self.filled += 1
        for src, dst in pulls:
            moved = board[dst]
            h ^= Z_PIECE[src][moved ^ 1] ^ Z_PIECE[dst][moved]
            if target[dst]:
                self.filled += 1
        for c, s in old_streaks:
            h ^= Z_STREAK[c][min(s, 3)]
        for c, s in streaks:
            h ^= Z_STREAK[c][min(s, 3)]
        if self.filled != old[1]:
            self.decided = R.decided(board, self.pieces, self.rules)
        self.hash = h
        self.streaks = streaks
        self.side ^= 1
        self.ply += 1
        self.counts[h] = self.counts.get(h, 0) + 1
        return move, pulls, old_streaks, old[0], old[1], old[2]

    def unmake(self, undo: tuple[int, list[R.Pull], R.Streaks, int, int, bool]) -> None:
        """Take back the move `make` returned `undo` for."""
        move, pulls, old_streaks, h, filled, decided = undo
        self.counts[self.hash] -= 1
        board, pieces = self.board, self.pieces
        for src, dst in reversed(pulls):
            board[src] = board[dst] ^ 1
            board[dst] = 0
            pieces[pieces.index(dst)] = src
        frm, to = move >> 7, move & 127
        board[frm] = board[to]
        board[to] = 0
        pieces[pieces.index(to)] = frm
        self.hash, self.filled, self.streaks, self.decided = h, filled, old_streaks, decided
        self.side ^= 1
        self.ply -= 1

    def make_null(self) -> tuple[int, R.Streaks]:
        """Pass the turn (search only): streaks lapse as in a ply without attraction."""
        old = (self.hash, self.streaks)
        h = self.hash ^ Z_SIDE
        for c, s in self.streaks:
            h ^= Z_STREAK[c][min(s, 3)]
        self.hash, self.streaks = h, ()
        self.side ^= 1
        return old

    def unmake_null(self, undo: tuple[int, R.Streaks]) -> None:
        """Take back `make_null`."""
        self.hash, self.streaks = undo
        self.side ^= 1

    def final_value(self, moves: Sequence[int] | None = None) -> float | None:
        """The value for the side to move if the game is over here (§6, by the rules' one
        end test `rules.end_reason`), else None.

        `moves` are the legal moves if already listed (else only their existence is
        checked)."""
        rules = self.rules
        reason = R.end_reason(
            self.board, self.pieces, self.side, rules,
            occurrences=self.counts.get(self.hash, 0), ply=self.ply,
            targets_full=self.filled == len(rules.targets),
            can_move=None if moves is None else bool(moves), is_decided=self.decided)
        if reason is None:
            return None
        bank = R.banked(self.board, rules)
        diff = bank[self.side] - bank[1 - self.side]
        if diff == 0:
            return 0.0
        return (WIN if diff > 0 else -WIN) + diff


class Searcher:
    """Iterative-deepening PVS over a `SearchBoard`, within a node or time budget."""

    def __init__(self, max_nodes: int | None, deadline: float | None) -> None:
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[int, tuple[int, float, int, int]] = {}
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}
        self.depth_done = 0
        #: `root_values`' values one depth shallower than those it returned (None: it
        #: finished depth 1 only).
        self.shallower: dict[int, float] | None = None

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise OutOfTime
        if self.deadline is not None and not self.nodes & 255 and \
                time.perf_counter() >= self.deadline:
            raise OutOfTime

    def _order(self, pos: SearchBoard, moves: list[int], tt_move: int,
               depth: int) -> list[tuple[float, int]]:
        board, rules, side = pos.board, pos.rules, pos.side
        target = rules.is_target
        killers = self.killers.get(depth, ())
        history = self.history
        value = VALUE[side]
        # Where the VERSUS would attract something, traced back from each enemy pawn
        # (cheaper than tracing each slide; it ignores the cell the VERSUS leaves and §5).
        gain: dict[int, float] = {}
        for c in pos.pieces:
            code = board[c]
            if code >= FIRST_PAWN and code & 1 != side and not target[c]:
                worth = 1e4 + value[code] * 100
                for ray in LINES[c]:
                    bonus = worth + (value[code] * 200 if target[ray[0]] else 0)
                    for n in ray:
                        if board[n]:
                            break
                        if n != ray[0]:
                            gain[n] = gain.get(n, 0.0) + bonus
        scored = []
        for m in moves:
            frm, to = m >> 7, m & 127
            if m == tt_move:
                score = 1e7
            elif board[frm] >= FIRST_PAWN:
                score = 1e5 + value[board[frm]] * 100 if target[to] else 0.0
            else:
                score = gain.get(to, 0.0)
            # Tactical moves (TT, attractions, target steps) score 1e4 and more; killers
            # and history order the quiet ones below that.
            if m in killers:
                score += 5e3
            score += min(history.get(m, 0), 4e3)
            scored.append((score, m))
        scored.sort(key=lambda x: -x[0])
        return scored

    def negamax(self, pos: SearchBoard, depth: int, alpha: float, beta: float,
                height: int) -> float:
        """The value of `pos` for the side to move, searched `depth` plies."""
        self._tick()
        if depth <= 0:
            final = pos.final_value()
            if final is None:
                return static_score(pos.board, pos.pieces, pos.rules, pos.side, pos.streaks)
            return final - height if final > 0 else final + height if final < 0 else 0.0
        stand = None
        if depth <= 2 and height > 0:
            # Reverse futility: near the leaves a static score far above beta stands.
            final = pos.final_value()
            if final is not None:
                return final - height if final > 0 else final + height if final < 0 else 0.0
            stand = static_score(pos.board, pos.pieces, pos.rules, pos.side, pos.streaks)
            if stand - FUTILITY_MARGIN[depth] >= beta and abs(beta) < WIN / 2:
                return stand
        moves = pos.moves()
        final = pos.final_value(moves)
        if final is not None:
            return final - height if final > 0 else final + height if final < 0 else 0.0
        entry = self.tt.get(pos.hash)
        tt_move = -1
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and height > 0:
                if e_flag == EXACT:
                    return e_value
                if e_flag == LOWER and e_value >= beta:
                    return e_value
                if e_flag == UPPER and e_value <= alpha:
                    return e_value
        # Null move: if passing still holds beta, a real move will too (Versus has no
        # zugzwang worth the cost: a player always has moves and any move may help).
        if (depth >= 3 and height > 0 and beta < WIN / 2 and static_score(
                pos.board, pos.pieces, pos.rules, pos.side, pos.streaks) >= beta):
            undo_null = pos.make_null()
            try:
                value = -self.negamax(pos, depth - 1 - NULL_REDUCTION, -beta, -beta + 1e-3,
                                      height + 1)
            finally:
                pos.unmake_null(undo_null)
            if value >= beta:
                return value
        start_alpha = alpha
        best, best_move = -INF, -1
        # Futility: near the leaves, quiet moves cannot lift a hopeless static score.
        futile = (stand is not None and abs(alpha) < WIN / 2
                  and stand + FUTILITY_MARGIN[depth] <= alpha)
        for i, (order_score, m) in enumerate(self._order(pos, moves, tt_move, height)):
            if futile and i > 0 and order_score < TACTICAL:
                break  # moves are ordered: the rest are quiet too
            undo = pos.make(m)
            try:
                if i == 0:
                    value = -self.negamax(pos, depth - 1, -beta, -alpha, height + 1)
                else:
                    # Late quiet moves are first searched a ply shallower (LMR).
                    reduce = 0
                    if depth >= 3 and i >= LMR_AFTER and order_score < TACTICAL:
                        reduce = 2 if depth >= 5 and i >= 3 * LMR_AFTER else 1
                    value = -self.negamax(pos, depth - 1 - reduce, -alpha - 1e-3, -alpha,
                                          height + 1)
                    if reduce and value > alpha:
                        value = -self.negamax(pos, depth - 1, -alpha - 1e-3, -alpha,
                                              height + 1)
                    if alpha < value < beta:
                        value = -self.negamax(pos, depth - 1, -beta, -alpha, height + 1)
            finally:
                pos.unmake(undo)
            if value > best:
                best, best_move = value, m
            if value > alpha:
                alpha = value
            if alpha >= beta:
                killers = self.killers.setdefault(height, [])
                if m not in killers:
                    killers.insert(0, m)
                    del killers[2:]
                self.history[m] = self.history.get(m, 0) + depth * depth
                break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.tt[pos.hash] = (depth, best, flag, best_move)
        return best

    def root(self, pos: SearchBoard, moves: list[int], max_depth: int = 64) -> int:
        """The best of `moves` (already in a chosen tie-break order) at the deepest
        fully searched depth."""
        best = moves[0]
        order = list(moves)
        for depth in range(1, max_depth + 1):
            scores: dict[int, float] = {}
            alpha = -INF
            try:
                for m in order:
                    undo = pos.make(m)
                    try:
                        if alpha == -INF:
                            value = -self.negamax(pos, depth - 1, -INF, INF, 1)
                        else:
                            value = -self.negamax(pos, depth - 1, -alpha - 1e-3, -alpha, 1)
                            if value > alpha:
                                value = -self.negamax(pos, depth - 1, -INF, -alpha, 1)
                    finally:
                        pos.unmake(undo)
                    scores[m] = value
                    if value > alpha:
                        alpha = value
            except OutOfTime:
                if scores and max(scores.values()) > scores.get(order[0], -INF):
                    best = max(order, key=lambda m: scores.get(m, -INF))
                break
            # Stable sort keeps the tie-break order among equal scores.
            order.sort(key=lambda m: -scores[m])
            best = order[0]
            self.depth_done = depth
            if abs(scores[best]) >= WIN / 2:
                break
        return best

    def root_values(self, pos: SearchBoard, moves: list[int],
                    max_depth: int = 64) -> dict[int, float]:
        """Each of `moves`' value for the side to move, every one searched with a full
        window (an analyst needs each move's value, not only the best one's), at the
        deepest depth searched for all of them within the budget. Depth 1 is always
        finished, whatever the budget."""
        values: dict[int, float] = {}
        self.shallower = None
        for m in moves:  # depth 1, outside the budget: a value for every move
            undo = pos.make(m)
            try:
                final = pos.final_value()
                values[m] = (-final if final is not None else
                             -static_score(pos.board, pos.pieces, pos.rules, pos.side,
                                           pos.streaks))
            finally:
                pos.unmake(undo)
        self.depth_done = 1
        order = sorted(moves, key=lambda m: -values[m])
        for depth in range(2, max_depth + 1):
            scores: dict[int, float] = {}
            try:
                for m in order:
                    undo = pos.make(m)
                    try:
                        scores[m] = -self.negamax(pos, depth - 1, -INF, INF, 1)
                    finally:
                        pos.unmake(undo)
            except OutOfTime:
                break
            self.shallower, values = values, scores
            order.sort(key=lambda m: -scores[m])
            self.depth_done = depth
            if all(abs(v) >= WIN / 2 for v in scores.values()):
                break
        return values
