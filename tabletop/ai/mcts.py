"""A generic Monte-Carlo tree search agent over the `Game` protocol.

Perfect-information games are searched directly (UCT). A hidden-information game that
provides a sampler (`Game.sampler`) is searched by single-observer information-set MCTS: each
iteration draws a full state consistent with the seat's observation, and a child's
exploration term counts the iterations in which its move was available. Playouts are
random and cut after `rollout_limit` plies, where the game's `evaluate` (or a neutral
value) scores the position. A game that provides `evaluate` gets short playouts by
default: its estimate is worth more than a long random walk in a game whose random play
takes a thousand plies to end.

Chance steps (`Game.chance_outcomes`) are drawn inside the search from the agent's own
generator, by their probabilities: every iteration meets a roll of its own, so a move's
value is its average over the rolls (open-loop sampling), and the search never learns
the roll the host will draw from the game's seed. The value of a result is
`Outcome.reward`: a win 1, a draw 1/2, a loss 0 by default, so a draw is played for when
nothing better can be reached.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

from tabletop.ai.base import Budget
from tabletop.chance import MAX_CHANCE_STEPS, draw
from tabletop.model import Game, Sampler, TabletopError
from tabletop.model.legacy import reward


class _Node:
    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class MCTSAgent:
    """UCT / information-set MCTS with random playouts; works for any registered game.

    Given a `Budget` with `iterations` and no `seconds` it is deterministic for a given
    random generator; otherwise it searches until the time runs out (default 1 s).
    """

    #: Playout lengths by default: with the game's own `evaluate`, and without one.
    SHORT_ROLLOUT, LONG_ROLLOUT = 12, 200

    def __init__(self, game: Game[Any, Any], exploration: float = 1.4,
                 rollout_limit: int | None = None, default_seconds: float = 1.0) -> None:
        self.game = game
        self.exploration = exploration
        if rollout_limit is None:
            evaluates = type(game).evaluate is not Game.evaluate
            rollout_limit = self.SHORT_ROLLOUT if evaluates else self.LONG_ROLLOUT
        self.rollout_limit = rollout_limit
        self.default_seconds = default_seconds
        # Looked at once: a game without chance steps pays nothing for them in the search.
        self.chance = type(game).chance_outcomes is not Game.chance_outcomes
        #: What deals the hidden parts of a hidden-information game (None: nothing hidden).
        self.sampler = game.sampler() if game.info.hidden_information else None

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """Search from `observation` and return the most visited legal move."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        sampler = self._sampler()
        deadline = budget.deadline(self.default_seconds)
        limit = budget.iterations
        root = _Node(None)
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            state = (sampler.sample_state(observation, seat, rng) if sampler is not None
                     else observation)
            self._iterate(root, state, legal_moves, rng)
            done += 1
        return max(legal_moves, key=lambda m: (root.children[m].visits
                                               if m in root.children else -1))

    def _sampler(self) -> Sampler[Any] | None:
        """The game's sampler where something is hidden; raises `TabletopError` for a
        hidden-information game that has none (its observation is no state to search)."""
        if self.sampler is None and self.game.info.hidden_information:
            raise TabletopError(f"{self.game.info.id} cannot sample hidden states: its "
                                "Game.sampler returns None")
        return self.sampler

    def values(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> list[float]:
        """The analyst's values (`tabletop.ai.base.Analyst`): each legal move's mean
        reward for `seat` over the search from `observation` (a move no iteration reached
        gets the mean of those reached). A hidden-information game is searched over
        states sampled from the observation alone."""
        sampler = self._sampler()
        deadline = budget.deadline(self.default_seconds)
        # Every move is tried once before any is tried twice, so the budget covers them.
        limit = max(budget.iterations or 0, len(legal_moves)) if budget.iterations else None
        root = _Node(None)
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done >= len(legal_moves) and \
                    time.perf_counter() >= deadline:
                break
            state = (sampler.sample_state(observation, seat, rng) if sampler is not None
                     else observation)
            self._iterate(root, state, legal_moves, rng)
            done += 1
        means = {m: child.total / child.visits for m, child in root.children.items()
                 if child.visits}
        fallback = sum(means.values()) / len(means) if means else 0.5
        return [min(1.0, max(0.0, means.get(m, fallback))) for m in legal_moves]

    def _iterate(self, root: _Node, state: Any, root_moves: Sequence[Any],
                 rng: random.Random) -> None:
        game = self.game
        node = root
        path = [root]
        moves: Sequence[Any] = root_moves
        while True:
            mover = game.to_move(state)
            if mover is None:
                break
            untried = [m for m in moves if m not in node.children]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = _Node(mover)
                child.available = 1
                node.children[move] = child
                state = self._step(state, move, rng)
                path.append(child)
                break
            move = self._select(node, moves)
            state = self._step(state, move, rng)
            node = node.children[move]
            path.append(node)
            moves = game.legal_moves(state)
        values = self._playout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += values(visited.mover)

    def _step(self, state: Any, move: Any, rng: random.Random) -> Any:
        """`move` played, then any chance step drawn by its probabilities from `rng`."""
        state = self.game.apply(state, move)
        if self.chance:
            for _ in range(MAX_CHANCE_STEPS):
                outcomes = self.game.chance_outcomes(state)
                if not outcomes:
                    break
                state = self.game.apply_chance(state, draw(outcomes, rng))
        return state

    def _select(self, node: _Node, moves: Sequence[Any]) -> Any:
        c = self.exploration
        best, best_score = moves[0], -math.inf
        for m in moves:
            child = node.children[m]
            score = (child.total / child.visits
                     + c * math.sqrt(math.log(child.available) / child.visits))
            if score > best_score:
                best, best_score = m, score
        return best

    def _playout(self, state: Any, rng: random.Random) -> Any:
        game = self.game
        for _ in range(self.rollout_limit):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = self._step(state, moves[rng.randrange(len(moves))], rng)
        outcome = game.outcome(state)
        if outcome is not None:
            return lambda seat: reward(game, outcome, seat)
        estimate = game.evaluate(state)
        if estimate is not None:
            return lambda seat: estimate[seat]
        return lambda seat: 0.5
