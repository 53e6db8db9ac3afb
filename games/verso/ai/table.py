"""The `strong` agent at a table of 2 to 6 players: a search for the chance of winning.

Solo, a game is its score; at a table only winning counts (§6: highest total wins), so
here every candidate is valued by the chance it leaves its seat of winning. Each round
deals one full state consistent with the observation (`sample_state`, the card on top
set in turn to each card its face allows, as solo), plays the candidate through the
rules, lets every seat play the greedy policy for `ROUNDS` more rounds (the other seats'
turns too: their banks flip our cards, §4.2), and then estimates each seat's final total
as its score plus `Evaluator.layout` of its layout for the draws it has left. The
chance of winning is a logistic of our estimate's lead over the best other one, on a
scale that narrows as the deck runs out (`win_chance`). A game that ends inside the
look-ahead counts its real share of the victory.

Why not whole playouts, as before: a finished playout says little more than won or
lost, a noisy figure for telling two candidates apart, and costs a whole game. The
estimate is smooth, costs a few moves, and counts a bank's flips of the neighbours'
cards (they show in the neighbours' estimates). Against two `greedy`, seats rotated, seeds 0..299
(`bench/verso.py table --games 300`, the default budget below): win share 60.3 %
[54.8, 65.8] at 0.048 CPU s a decision, where whole playouts valued by share and margin
won 51.2 % at 50 deals and 0.152 CPU s. Settings were tried on seeds 20000.. only.

Candidates, shared deals and the pruning of candidates far behind are those of
`strong.StrongAgent` (its `candidates` and `_survivors`), which calls `table_choice`
with itself; this module asks only for what it uses (`DealSearch`), so it never imports
`strong` back.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Protocol

from games.verso.ai.heuristic import Evaluator
from games.verso.ai.playout import choice_move, layout_threes, state_choice
from games.verso.observation import VersoView
from games.verso.rules import apply_move
from games.verso.state import FINAL, Move, VersoState
from tabletop.ai.base import Budget

# Deals a decision when the budget names neither seconds nor iterations.
TABLE_DEALS = 128
# Rounds of greedy moves (one move of every seat) played after the candidate before the
# estimate; None: to the end of the game.
ROUNDS: int | None = 2
# The logistic's scale, in points of lead, at `deck` cards left: `SCALE_BASE +
# SCALE_SLOPE * sqrt(deck)`, at most `SCALE_MAX`. Fit to greedy 3-player self-play
# (`bench/verso.py calibrate --games 2000`, seeds 30000..): rough early, close late.
SCALE_BASE, SCALE_SLOPE, SCALE_MAX = 2.0, 1.8, 9.0


class DealSearch(Protocol):
    """What `table_choice` needs of the agent it searches for (`strong.StrongAgent`)."""

    def evaluator(self, view: VersoView) -> Evaluator:
        """The layout values for this game."""
        ...

    def search(self, view: VersoView, seat: int, value: Callable[[VersoState], float],
               limit: int | None, deadline: float | None, rng: random.Random) -> Move:
        """The candidate with the best mean `value` over shared deals, searching `limit`
        deals or until `deadline`."""
        ...


def draws_left(state: VersoState, seat: int) -> int:
    """How many more cards `seat` will draw if every seat draws on each turn (§6)."""
    if state.phase == FINAL or state.turn < 0:
        return 0
    ahead = (seat - state.turn) % state.players
    return max(0, -(-(len(state.deck) - ahead) // state.players))


def estimates(ev: Evaluator, state: VersoState) -> list[float]:
    """Each seat's expected final total: its score plus what its layout should bring.

    In the final phase only the seats still to bank get their best bank (§6); a layout
    valued with no draws left is worth its best single bank (`Evaluator.terms`).
    """
    players = state.players
    values = []
    for seat in range(players):
        value = float(state.scores[seat])
        # In the final phase the seats bank in turn from `state.turn`, `final_left` more.
        if state.phase != FINAL or (seat - state.turn) % players < state.final_left:
            value += ev.layout(state.masks[seat],
                               layout_threes(state.cards, state.layouts[seat]),
                               state.squares[seat], float(draws_left(state, seat)))
        values.append(value)
    return values


def win_chance(lead: float, deck: int) -> float:
    """The chance of winning with an estimated `lead` over the best other seat."""
    scale = min(SCALE_MAX, SCALE_BASE + SCALE_SLOPE * math.sqrt(deck))
    return 1.0 / (1.0 + math.exp(-lead / scale))


def outlook(ev: Evaluator, state: VersoState, seat: int) -> float:
    """`seat`'s chance of winning from `state`, in percent (its share once it is over)."""
    if state.turn < 0:
        best = max(state.scores)
        if state.scores[seat] < best:
            return 0.0
        return 100.0 / sum(1 for v in state.scores if v == best)
    values = estimates(ev, state)
    lead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
    return 100.0 * win_chance(lead, len(state.deck))


def look_ahead(ev: Evaluator, state: VersoState, rounds: int | None) -> VersoState:
    """`state` after `rounds` more rounds of greedy moves (every seat; None: to the end)."""
    moves, depth = 0, None if rounds is None else rounds * state.players
    while state.turn >= 0 and (depth is None or moves < depth):
        state = apply_move(state, choice_move(state_choice(ev, state), state.masks[state.turn]))
        moves += 1
    return state


def table_choice(agent: DealSearch, view: VersoView, seat: int, budget: Budget,
                 rng: random.Random) -> Move:
    """The candidate of `agent` with the best mean chance of winning over shared deals."""
    ev = agent.evaluator(view)
    limit = budget.iterations
    if limit is None and budget.seconds is None:
        limit = TABLE_DEALS
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    return agent.search(view, seat,
                        lambda after: outlook(ev, look_ahead(ev, after, ROUNDS), seat),
                        limit, deadline, rng)

