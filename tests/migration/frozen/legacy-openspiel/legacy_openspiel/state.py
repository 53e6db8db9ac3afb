"""The bridge's frozen state: OpenSpiel's action history and the seed of the chance to come.

A Tabletop state must be an immutable value; an OpenSpiel state is a mutable C++ object.
`SpielState` is the value (parameters, every action since the start, chance outcomes
included, and the seed) and carries the native state built from it as a cache that is
never changed: `advance` clones it, applies one action and resolves the chance nodes that
follow, so every `SpielState` stands at a decision or at the end.

Chance is drawn from the seed and the number of actions before it, never from a global
generator, so the same seed and the same moves give the same game. An *observation* of a
chance game is the same value with `seed` None: the history is public, the dice to come
are not.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any


@dataclass(frozen=True)
class SpielState:
    """A position of a bridged game: `history` from the start of a game with `parameters`.

    `parameters` are the OpenSpiel parameters that differ from the defaults, as sorted
    pairs. `seed` draws the chance outcomes still to come (None in an observation).
    `native` is the OpenSpiel state after `history` (read it; never change it).
    """

    parameters: tuple[tuple[str, Any], ...]
    history: tuple[int, ...]
    seed: int | None
    native: Any = field(compare=False, repr=False)
    #: Derived data computed on demand (the move labels); not part of the value.
    cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def parameter_dict(self) -> dict[str, Any]:
        """The parameters as a dict."""
        return dict(self.parameters)


def chance_outcome(native: Any, seed: int, index: int) -> int:
    """The chance action drawn at a chance node that is action number `index` of a game.

    The generator is seeded from the game's seed and `index` only (the text seeding of
    `random.Random` is stable across runs and platforms), so undoing a move and playing
    another does not draw again from a shared stream.
    """
    outcomes = native.chance_outcomes()
    roll = random.Random(f"openspiel-chance:{seed}:{index}").random()
    bounds = list(accumulate(probability for _, probability in outcomes))
    # A roll above the summed probabilities (rounding) takes the last outcome.
    return int(outcomes[min(bisect_right(bounds, roll), len(outcomes) - 1)][0])


def settle(native: Any, history: list[int], seed: int) -> None:
    """Resolve chance nodes in `native` (in place) until a decision or the end."""
    while native.is_chance_node():
        action = chance_outcome(native, seed, len(history))
        native.apply_action(action)
        history.append(action)


def start(game: Any, parameters: Mapping[str, Any], seed: int) -> SpielState:
    """The first decision (or end) of a new game of the loaded OpenSpiel `game`."""
    native = game.new_initial_state()
    history: list[int] = []
    settle(native, history, seed)
    return SpielState(tuple(sorted(parameters.items())), tuple(history), seed, native)


def advance(state: SpielState, action: int) -> SpielState:
    """The state after the seat to move plays `action` (legal) and chance has spoken."""
    if state.seed is None:
        raise ValueError("an observation cannot be played on: its chance is hidden")
    native = state.native.clone()
    native.apply_action(action)
    history = [*state.history, action]
    settle(native, history, state.seed)
    return SpielState(state.parameters, tuple(history), state.seed, native)


def rebuild(game: Any, parameters: Mapping[str, Any], history: list[int],
            seed: int | None) -> SpielState:
    """The state reached by `history` from the start; `ValueError` saying where it fails.

    Every action must be legal where it is played (a chance action must be a possible
    outcome); the history must stop at a decision or at the end of the game.
    """
    native = game.new_initial_state()
    for number, action in enumerate(history, 1):
        if native.is_terminal():
            raise ValueError(f"action {number} ({action}) comes after the end of the game")
        # At a chance node OpenSpiel's legal actions are its possible outcomes.
        if action not in native.legal_actions():
            raise ValueError(f"action {number} ({action}) is not legal there")
        native.apply_action(action)
    if native.is_chance_node():
        raise ValueError("the history stops at a chance node, not at a decision")
    return SpielState(tuple(sorted(parameters.items())), tuple(history), seed, native)

