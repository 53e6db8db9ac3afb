"""The kit's check of a game's analyst (`check_analyst`, `docs/review.md`)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from tabletop.model import (
    Game,
)
from tabletop.record import replay
from tabletop.testing.game import random_record
from tabletop.testing.report import ConformanceError


def check_analyst(game: Game[Any, Any], analyst: Any, players: int | None = None,
                  seeds: Iterable[int] = range(2), plies: int = 4,
                  budget: Any = None) -> None:
    """Check an analyst (`tabletop.ai.base.Analyst`) of `game` on random games: at
    `plies` positions of each game, its `values` give one number in [0, 1] per legal
    move and nothing for a move that is not legal; and in a hidden-information game,
    states sampled from one seat's observation (`tabletop.model.Game.sampler`) get
    the same values for the same generator: the analyst judges only what the seat knows.
    Raises `ConformanceError` listing every problem found."""
    from tabletop.ai.base import Budget, analyst_of

    if analyst_of(analyst) is None:
        raise ConformanceError(f"{type(analyst).__name__} has no values method")
    budget = budget or Budget(iterations=20)
    players = players or game.info.min_players
    problems: list[str] = []
    for seed in seeds:
        played = replay(game, random_record(game, players, seed))
        states = played.states[:-1]
        step = max(1, len(states) // plies)
        for ply in range(0, len(states), step)[:plies]:
            state = states[ply]
            seat = game.to_move(state)
            if seat is None:
                continue
            legal = list(game.legal_moves(state))
            view = game.observation(state, seat)
            values = list(analyst.values(view, seat, legal, budget,
                                         random.Random(f"{seed} {ply}")))
            where = f"seed {seed}, ply {ply}"
            if len(values) != len(legal):
                problems.append(f"{where}: {len(values)} values for {len(legal)} legal moves")
                continue
            if not all(isinstance(v, (int, float)) and 0.0 <= v <= 1.0 for v in values):
                problems.append(f"{where}: a value outside [0, 1]: {values}")
            sampler = game.sampler() if game.info.hidden_information else None
            if sampler is not None:
                other = sampler.sample_state(view, seat, random.Random(seed * 7919 + ply))
                again = list(analyst.values(game.observation(other, seat), seat,
                                            list(game.legal_moves(other)), budget,
                                            random.Random(f"{seed} {ply}")))
                if again != values:
                    problems.append(f"{where}: a state sampled from the seat's observation "
                                    "gets other values: the analyst sees more than the seat")
    if problems:
        raise ConformanceError("analyst: " + "; ".join(problems))
