"""A game with chance steps and draws that declares its spaces, for the bridges' chance
nodes and draw values: the Pig race of the conformance toys (`tests/conformance`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.model import IllegalMoveError, LearningSpaces
from tests.conformance.dice_toys import HOLD, ROLL, Pig, Race

MOVES = (ROLL, HOLD)


class SpacedPig(Pig):
    """Pig with actions (0 roll, 1 hold) and a tensor: banks, this turn's points, the
    plies played (each / its bound) and whose turn it is, seen from the seat."""

    info = replace(Pig.info, id="spaced_pig")

    def spaces(self) -> PigSpaces:
        return PigSpaces(self)


class PigSpaces(LearningSpaces[Race, str]):
    """SpacedPig's actions and tensor."""

    game: SpacedPig

    def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
        return len(MOVES)

    def action_of(self, state: Race, move: str) -> int:
        return MOVES.index(move)

    def move_of(self, state: Race, action: int) -> str:
        if action not in (0, 1) or MOVES[action] not in self.game.legal_moves(state):
            raise IllegalMoveError(f"action {action} is not legal here")
        return MOVES[action]

    def observation_shape(self, players: int,
                          options: Mapping[str, Any]) -> tuple[int, ...] | None:
        return (5,)

    def observation_tensor(self, state: Race, seat: int) -> npt.NDArray[np.float32]:
        mine, theirs = state.banked[seat], state.banked[1 - seat]
        return np.array([min(mine / 40, 1), min(theirs / 40, 1),
                         min(state.turn_points / 40, 1), state.ply / self.game.LIMIT,
                         float(state.player == seat)], np.float32)
