"""Chance steps: the host draws a game's dice from the seed, where no agent can see them.

A game with chance during play stops at a state that waits for it
(`tabletop.model.Game.chance_outcomes` lists the outcomes and their probabilities) and
the host resolves it with `settle`: each outcome is drawn from its own generator, seeded
by the text `"{game seed}:chance:{ply}:{step}"` (`chance_seed`), where `ply` is the
number of moves played and `step` counts the chance steps since that move. The game's
state never holds that generator, so an agent — which receives only an observation and
a generator of its own — cannot know a roll before it is made, and the same seed and
moves still give the same game everywhere (a record of moves replays its rolls).

Every way of advancing a game calls `settle` after a new state and after each move:
`tabletop.record` (start and replay), `tabletop.play.session.Session.play`, the conformance
kit. A search (the host's MCTS) calls `draw` with its own generator instead, so that it
averages over the outcomes by their probabilities.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from tabletop.model import Game, TabletopError

__all__ = ["MAX_CHANCE_STEPS", "chance_seed", "draw", "rolled", "settle"]

#: Chance steps in a row after one move before the host calls the game broken (a game
#: whose `apply_chance` never leaves chance would otherwise hang the host).
MAX_CHANCE_STEPS = 1000


def chance_seed(game_seed: int, ply: int, step: int = 0) -> str:
    """The seed of one chance step (see the module's docstring)."""
    return f"{game_seed}:chance:{ply}:{step}"


def draw(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome of `outcomes` (`(outcome, probability)` pairs), drawn by probability.

    Raises `TabletopError` if the probabilities are not positive numbers summing to 1.
    """
    total = 0.0
    for _outcome, probability in outcomes:
        if (isinstance(probability, bool) or not isinstance(probability, int | float)
                or not probability > 0):
            raise TabletopError(f"chance probability {probability!r} is not a positive number")
        total += probability
    if not outcomes or not math.isclose(total, 1.0, rel_tol=0, abs_tol=1e-9):
        raise TabletopError(f"chance probabilities sum to {total:g}, not 1")
    point = rng.random() * total
    for outcome, probability in outcomes:
        point -= probability
        if point < 0:
            return outcome
    return outcomes[-1][0]  # rounding left a sliver past the last: it is the last's


def settle(game: Game[Any, Any], state: Any, seed: int, ply: int) -> Any:
    """`state` with every chance step it waits for drawn from the game's seed.

    `ply` is the number of moves played to reach `state`. A game without chance steps
    gets `state` back as it is (one call of `chance_outcomes`).
    """
    for step in range(MAX_CHANCE_STEPS):
        outcomes = game.chance_outcomes(state)
        if not outcomes:
            return state
        outcome = draw(outcomes, random.Random(chance_seed(seed, ply, step)))
        state = game.apply_chance(state, outcome)
    raise TabletopError(f"{MAX_CHANCE_STEPS} chance steps in a row after move {ply}: "
                        "apply_chance never reaches a seat's move")


def rolled(game: Game[Any, Any], before: Any, move: Any) -> bool:
    """True if playing `move` in `before` leads to a chance step (dice were rolled).

    Such a ply is never undone: the seed draws the same roll again, so a person who took
    the move back would replay it knowing the roll.
    """
    return bool(game.chance_outcomes(game.apply(before, move)))
