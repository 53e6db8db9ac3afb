"""The `strong` agent: determinized Monte-Carlo search from its seat's observation.

Each round deals one full state consistent with the observation (`sample_state`) and
plays every candidate move from it to the end with the greedy policy for every seat —
neighbours' flips and the solo opponent included, since the rules engine resolves them.
All candidates share each round's deal (common random numbers), so their differences
are measured on the same luck. For `flip`, the card on top is set in turn to each card
the public list allows under the face up, so the flip's value is an average over every
possible reverse with equal weight rather than over the reverses that happened to be
dealt. The candidate with the best mean wins; ties go to the greedy order.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from games.verso.ai.greedy import (
    Position,
    final_choice,
    known_cards,
    move_values,
    reverses,
    threes_of_faces,
)
from games.verso.ai.heuristic import Evaluator
from games.verso.observation import VersoView, sample_state
from games.verso.rules import apply_move, legal_moves
from games.verso.state import EMPTY, FINAL, FLIP, Move, VersoState
from tabletop.ai.base import Budget

DEFAULT_SECONDS = 1.0
BANK_CANDIDATES = 3


def seat_position(state: VersoState, seat: int) -> Position:
    """The valued summary of one seat's layout in a full state (faces up only)."""
    face = state.cards.face
    threes = threes_of_faces([face[c] for c in state.layouts[seat] if c != EMPTY])
    return Position(state.masks[seat], threes, state.squares[seat])


def greedy_move(ev: Evaluator, state: VersoState, moves: Sequence[Move]) -> Move:
    """The greedy policy on a full state, using only what is face up in it."""
    pos = seat_position(state, state.turn)
    if state.phase == FINAL:
        return final_choice(moves, pos.threes)
    top = state.cards.face[state.deck[0]]
    values = move_values(ev, pos, top, reverses(state.cards, top), moves)
    return moves[max(range(len(values)), key=values.__getitem__)]


def playout(ev: Evaluator, state: VersoState) -> VersoState:
    """Play greedy moves for every seat until the game is over."""
    while state.turn >= 0:
        state = apply_move(state, greedy_move(ev, state, legal_moves(state)))
    return state


def result(state: VersoState, seat: int) -> float:
    """How good a finished game is for `seat`: the score solo, else win share and margin."""
    scores = state.scores
    if len(scores) == 1:
        return float(scores[0])
    best_other = max(v for s, v in enumerate(scores) if s != seat)
    mine = scores[seat]
    share = 0.0
    if mine >= best_other:
        share = 1.0 / sum(1 for v in scores if v == mine)
    return 100.0 * share + (mine - best_other)


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
    """Determinized Monte-Carlo search over the greedy policy (about 1 s a decision)."""

    def __init__(self, evaluator: Evaluator | None = None,
                 default_seconds: float = DEFAULT_SECONDS,
                 bank_candidates: int = BANK_CANDIDATES) -> None:
        self.ev = evaluator or Evaluator()
        self.default_seconds = default_seconds
        self.bank_candidates = bank_candidates

    def candidates(self, view: VersoView, seat: int, moves: Sequence[Move]) -> list[Move]:
        """keep, flip and the greedy's best few banks: the moves worth searching."""
        pos = Position(view.masks[seat], threes_of_faces([s[0] for s in view.layouts[seat]]),
                       view.squares[seat])
        under = reverses(view.cards, view.deck_top, known_cards(view))
        values = move_values(self.ev, pos, view.deck_top, under, moves)
        draws = [m for m in moves[:2]]
        ranked = sorted(range(2, len(moves)), key=lambda i: -values[i])
        return draws + [moves[i] for i in ranked[:self.bank_candidates]]

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The candidate with the best mean playout result over shared deals."""
        view: VersoView = observation
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase == FINAL:
            threes = threes_of_faces([s[0] for s in view.layouts[seat]])
            return final_choice(legal_moves, threes)
        moves = self.candidates(view, seat, legal_moves)
        tops = [c for c in view.cards.by_face[view.deck_top]
                if c >> 1 not in known_cards(view)]
        totals = [0.0] * len(moves)
        deadline = budget.deadline(self.default_seconds)
        limit = budget.iterations
        rounds = 0
        while True:
            if limit is not None and rounds >= limit:
                break
            if deadline is not None and rounds > 0 and time.perf_counter() >= deadline:
                break
            deal = sample_state(view, rng)
            for i, move in enumerate(moves):
                start = deal
                if move == FLIP and tops:
                    start = force_top(deal, tops[rounds % len(tops)])
                totals[i] += result(playout(self.ev, apply_move(start, move)), seat)
            rounds += 1
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]
