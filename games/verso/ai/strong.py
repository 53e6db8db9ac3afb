"""The `strong` agent: determinized Monte-Carlo search from its seat's observation.

Each round deals one full state consistent with the observation (`sample_state`) and
plays every candidate move in it through the rules — the solo opponent's card and
neighbours' flips included. With more players the search is `table.table_choice`'s
(the chance of winning after a short greedy look-ahead). Solo, the search looks two steps
ahead instead (`depth` 0, `playout.solo_rollout`): the candidate, the opponent's card
and the next card on top as dealt, then the best next choice by the learned layout
values (`learned`), whose own value counts everything after it: on seeds 0..39 as good
as whole playouts (45.3 against 45.8, within the noise) at a tenth of the time, and 46.1
over seeds 0..399 at 200 deals (`bench/verso.py solo --agent strong --iterations 200`,
0.013 CPU s a decision). All candidates share each round's deal (common random numbers),
so their differences are measured on the same luck. The card on top is set in turn to
each card the public list allows under its face up, so `flip` is valued by an average
over every possible reverse with equal weight (the exact expectation over the reverses,
sampled evenly) rather than over the reverses that happened to be dealt.

Candidates are keep, flip and the few banks the greedy evaluation ranks highest
(moves with the same effect are searched once). Rounds are spent in batches: after each
batch, candidates far behind the leader (by more than a few standard errors of the paired
differences) are dropped, so the budget goes to the close calls. The best mean wins;
ties go to the greedy order. With `Budget(iterations=N)` it plays exactly N rounds (the
same choice for the same rng); otherwise it stops at the deadline (default 1 s).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from games.verso.ai.greedy import known_cards, threes_of_faces, view_choice, view_turns
from games.verso.ai.heuristic import Evaluator
from games.verso.ai.learned import learned
from games.verso.ai.playout import (
    FLIP_CHOICE,
    KEEP_CHOICE,
    choice_move,
    choice_values,
    final_bank,
    finish,
    play_choice,
    solo_rollout,
)
from games.verso.ai.table import ROUNDS, TABLE_DEALS, look_ahead, outlook, table_choice
from games.verso.game import SOLO_SCALE
from games.verso.observation import VersoView, sample_state
from games.verso.rules import apply_move
from games.verso.state import EMPTY, FINAL, Move, VersoState
from tabletop.ai.base import Budget

DEFAULT_SECONDS = 1.0
BANK_CANDIDATES = 6
BATCH = 8
SOLO_DEPTH = 0  # solo: two steps ahead, then the learned values (see the module's text)
PRUNE_SIGMAS = 3.0


def force_top(state: VersoState, code: int) -> VersoState:
    """`state` with the placed card `code` on top of the deck, if it is free to move.

    The card comes from deeper in the deck (swapped with the top) or from the box; if it
    is already face up somewhere, the state is returned unchanged.
    """
    deck = list(state.deck)
    card = code >> 1
    for i, other in enumerate(deck):
        if other >> 1 == card:
            deck[i], deck[0] = deck[0], code
            break
    else:
        face_up = [c for slots in state.layouts for c in slots if c != EMPTY]
        if any(c >> 1 == card for c in (*face_up, *state.discard)):
            return state
        deck[0] = code
    return VersoState(state.cards, tuple(deck), state.layouts, state.masks, state.discard,
                      state.scores, state.squares, state.revealed, state.turn, state.phase,
                      state.final_left)


class StrongAgent:
    """Determinized Monte-Carlo search over the greedy policy (about 1 s a decision).

    `evaluator` values layouts (unless given: the learned tables solo, the hand weights
    with more players, since the tables were fit by solo self-play and their effect on a
    table of several players is not measured); `depth` is how many greedy moves a solo
    rollout plays before it adds the best choice value (None: play every game to its end).
    """

    #: A review's budget a move (`tabletop.play.review`): the Expert level's 128 deals, every
    #: legal move played in each (more deals take a review of 80 plies past 30 s).
    review_budget = Budget(iterations=TABLE_DEALS)

    def __init__(self, evaluator: Evaluator | None = None,
                 default_seconds: float = DEFAULT_SECONDS,
                 bank_candidates: int = BANK_CANDIDATES,
                 depth: int | None = SOLO_DEPTH) -> None:
        self.solo_ev = evaluator or learned()
        self.table_ev = evaluator or Evaluator()
        self.default_seconds = default_seconds
        self.bank_candidates = bank_candidates
        self.depth = depth
        self.rounds = 0  # deals searched by the last decision (for benchmarks)

    def evaluator(self, view: VersoView) -> Evaluator:
        """The layout values for this game: solo or at a table of several players."""
        return self.solo_ev if view.players == 1 else self.table_ev

    def candidates(self, view: VersoView, seat: int) -> list[int]:
        """keep, flip and the greedy's best few banks: the choices worth searching."""
        mask = view.masks[seat]
        threes = threes_of_faces([item[0] for item in view.layouts[seat]])
        # Only the banks are ranked here (keep and flip are always searched): no unders.
        values = choice_values(self.evaluator(view), mask, threes, view.squares[seat],
                               view.deck_top, (), *view_turns(view))
        banks = sorted((v for v in values if v[1] >= 0), key=lambda v: -v[0])
        return [KEEP_CHOICE, FLIP_CHOICE] + [c for _, c in banks[:self.bank_candidates]]

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The candidate with the best mean playout result over shared deals."""
        view: VersoView = observation
        mask = view.masks[seat]
        self.rounds = 0
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase == FINAL:
            threes = threes_of_faces([item[0] for item in view.layouts[seat]])
            return choice_move(final_bank(mask, threes), mask)
        if view.players > 1:
            # At a table the search values the chance of winning (`table`, which builds
            # on this agent's candidates, deals and pruning, passed as `self`).
            return table_choice(self, view, seat, budget, rng)
        ev = self.evaluator(view)
        depth = self.depth

        def value(after: VersoState) -> float:
            if depth is not None:
                return solo_rollout(ev, after, depth)
            return float(finish(ev, after).scores[0])  # the whole game, by the greedy policy

        return self.search(view, seat, value, budget.iterations,
                           budget.deadline(self.default_seconds), rng)

    def search(self, view: VersoView, seat: int, value: Callable[[VersoState], float],
               limit: int | None, deadline: float | None, rng: random.Random) -> Move:
        """The candidate with the best mean `value` of its deals (the state right after it
        in each shared deal), searching `limit` deals or until `deadline`."""
        mask = view.masks[seat]
        choices = self.candidates(view, seat)
        known = known_cards(view)
        tops = [c for c in view.cards.by_face[view.deck_top] if c >> 1 not in known]
        n = len(choices)
        totals = [0.0] * n
        # products[i][j]: the sum over deals of result i times result j, for the variance
        # of paired differences (the deals are shared, so the pairs are what count).
        products = [[0.0] * n for _ in range(n)]
        alive = list(range(n))
        began = time.perf_counter()
        rounds = 0
        values = [0.0] * n
        while len(alive) > 1:
            if limit is not None and rounds >= limit:
                break
            if deadline is not None and rounds > 0:
                now = time.perf_counter()
                # Stop when one more deal, at the mean cost so far, would overrun.
                if now + (now - began) / rounds >= deadline:
                    break
            deal = self.deal(view, tops[rounds % len(tops)] if tops else None, rng)
            for i in alive:
                values[i] = value(play_choice(deal, choices[i]))
                totals[i] += values[i]
            for i in alive:
                row, mine = products[i], values[i]
                for j in alive:
                    row[j] += mine * values[j]
            rounds += 1
            # The first test waits for two batches: a variance from 8 deals is too rough.
            if rounds % BATCH == 0 and rounds > BATCH:
                alive = self._survivors(alive, totals, products, rounds)
        self.rounds = rounds
        if rounds == 0:
            return choice_move(view_choice(self.evaluator(view), view, seat), mask)
        best = max(alive, key=lambda i: (totals[i], -i))
        return choice_move(choices[best], mask)

    def values(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> list[float]:
        """The analyst's values (`tabletop.ai.base.Analyst`): every legal move played in
        the same deals drawn from the observation (the card on top set in turn to each
        card its face allows, as `search`), valued as `choose` values its candidates: at
        a table the chance of winning after the look-ahead, solo the expected score over
        70 (the game's reward). `Budget(iterations=N)` is N deals (default 128)."""
        view: VersoView = observation
        ev = self.evaluator(view)
        limit = budget.iterations
        if limit is None and budget.seconds is None:
            limit = TABLE_DEALS
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        depth = self.depth if self.depth is not None else SOLO_DEPTH

        def value(after: VersoState) -> float:
            if view.players == 1:
                return min(max(solo_rollout(ev, after, depth) / SOLO_SCALE, 0.0), 1.0)
            return outlook(ev, look_ahead(ev, after, ROUNDS), seat) / 100.0

        tops: list[int] = []
        if view.phase != FINAL and view.deck_size:
            known = known_cards(view)
            tops = [c for c in view.cards.by_face[view.deck_top] if c >> 1 not in known]
        totals = [0.0] * len(legal_moves)
        rounds = 0
        while (limit is None or rounds < limit) and (
                deadline is None or rounds == 0 or time.perf_counter() < deadline):
            deal = self.deal(view, tops[rounds % len(tops)] if tops else None, rng)
            for i, move in enumerate(legal_moves):
                totals[i] += value(apply_move(deal, move))
            rounds += 1
        return [total / rounds for total in totals]

    def deal(self, view: VersoView, top: int | None, rng: random.Random) -> VersoState:
        """One full state consistent with `view`, with the placed card `top` (if any) on
        top of the deck: the deals every search round shares between its candidates."""
        deal = sample_state(view, rng)
        return deal if top is None else force_top(deal, top)

    @staticmethod
    def _survivors(alive: list[int], totals: list[float], products: list[list[float]],
                   rounds: int) -> list[int]:
        """The candidates not clearly behind the leader.

        A candidate goes when its mean trails the leader's by more than `PRUNE_SIGMAS`
        standard errors of their paired difference over the shared deals.
        """
        leader = max(alive, key=lambda i: totals[i])
        keep = []
        for i in alive:
            gap = (totals[leader] - totals[i]) / rounds
            square = products[leader][leader] - 2 * products[leader][i] + products[i][i]
            var = max(square / rounds - gap * gap, 0.0)
            if i == leader or gap < PRUNE_SIGMAS * math.sqrt(var / rounds) + 1e-9:
                keep.append(i)
        return keep
