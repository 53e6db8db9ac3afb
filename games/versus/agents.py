"""The Versus AI players: `greedy` (one ply) and `strong` (alpha-beta search)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.versus import rules as R
from games.versus.evaluation import static_score, win_chance
from games.versus.search import WIN, SearchBoard, Searcher
from games.versus.state import Move, VersusState
from tabletop.ai.base import Budget

DEFAULT_SECONDS = 0.9


def _codes(moves: Sequence[Any]) -> list[int]:
    return [R.encode(m.frm, m.to) for m in moves]


class GreedyAgent:
    """Plays the move whose resulting position evaluates best for it (one ply).

    A move that ends the game is judged by its result; ties are broken by `rng`.
    """

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """Return the best legal move by the static evaluation after it."""
        state: VersusState = observation
        pos = SearchBoard(state)
        best: list[Move] = []
        best_value = -float("inf")
        for move, code in zip(legal_moves, _codes(legal_moves), strict=True):
            undo = pos.make(code)
            final = pos.final_value(pos.moves())
            if final is not None:
                value = -final
            else:
                value = static_score(pos.board, pos.pieces, pos.rules, seat, pos.streaks)
            pos.unmake(undo)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value > best_value - 1e-9:
                best.append(move)
        return best[rng.randrange(len(best))]


class StrongAgent:
    """Alpha-beta (PVS) with iterative deepening, a transposition table and move ordering.

    `Budget.iterations` is a node limit (deterministic for a given `rng`); otherwise it
    searches for `Budget.seconds` or `default_seconds` (0.9 s). `rng` only orders the
    root moves, so equally good moves vary from game to game.
    """

    #: A review's budget a move (`tabletop.play.review`): every move searched with a full
    #: window, twice the nodes of the Expert level's single search.
    review_budget = Budget(iterations=2000)

    def __init__(self, default_seconds: float = DEFAULT_SECONDS) -> None:
        self.default_seconds = default_seconds
        self.last_depth = 0
        self.last_nodes = 0

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """Search the position and return the best legal move found."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        state: VersusState = observation
        deadline = budget.deadline(self.default_seconds)
        if budget.seconds is None and budget.iterations is not None:
            deadline = None
        by_code = dict(zip(_codes(legal_moves), legal_moves, strict=True))
        order = list(by_code)
        rng.shuffle(order)
        searcher = Searcher(budget.iterations, deadline)
        best = searcher.root(SearchBoard(state), order)
        self.last_depth, self.last_nodes = searcher.depth_done, searcher.nodes
        return by_code[best]


    def values(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> list[float]:
        """The analyst's values (`tabletop.ai.base.Analyst`): every legal move searched
        with a full window, as deep as the budget allows for all of them, its score in
        points turned into a chance of winning (`evaluation.win_chance`, as `evaluate`
        does); a won end is 1, a lost one 0, a drawn one 1/2."""
        state: VersusState = observation
        deadline = budget.deadline(self.default_seconds)
        if budget.seconds is None and budget.iterations is not None:
            deadline = None
        codes = _codes(legal_moves)
        searcher = Searcher(budget.iterations, deadline)
        scores = searcher.root_values(SearchBoard(state), codes)
        self.last_depth, self.last_nodes = searcher.depth_done, searcher.nodes
        shallower = searcher.shallower
        if shallower is None:
            return [_chance(scores[code]) for code in codes]
        # The mean of the last two depths: a search that stops after the mover's own
        # move (an odd depth) overrates it, one that stops after the reply underrates
        # it; the two together hold still as the search deepens (bench/review.py).
        return [(_chance(scores[code]) + _chance(shallower[code])) / 2 for code in codes]


def _chance(score: float) -> float:
    """A search score (points, or `WIN` and more for a decided end) as a chance."""
    if score >= WIN / 2:
        return 1.0
    if score <= -WIN / 2:
        return 0.0
    return win_chance(score)
