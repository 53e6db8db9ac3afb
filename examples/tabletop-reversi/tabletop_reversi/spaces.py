"""Reversi for learning agents: a fixed action space and an observation tensor per seat.

Actions: a placement is its square's index, row by row from a1 (`size` × `size` of
them), and the pass is the one after the last square: `size² + 1` actions (65 on the
board of 8). Observation: 3 planes of `size` × `size`, float32 in {0, 1}, seen from the
seat: its discs, the opponent's discs, and 1 everywhere when it is the seat's move.
Reversi hides nothing, so both seats' tensors hold the same facts. The tensor is built
in plain Python and made an array by `tabletop.env.as_tensor`: the game imports nothing
beyond Tabletop. The game hands these out as one object, `ReversiSpaces` (`Reversi.spaces`).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

from tabletop.env import as_tensor
from tabletop.model import IllegalMoveError, LearningSpaces
from tabletop_reversi import rules
from tabletop_reversi.rules import PASS, Move, Position

PLANES = 3


def shape(size: int) -> tuple[int, int, int]:
    """The observation's shape on a board of `size`."""
    return (PLANES, size, size)


class ReversiSpaces(LearningSpaces[Position, Move]):
    """Reversi's actions and planes (the module's), as `Reversi.spaces` gives them."""

    def action_count(self, players: int, options: Mapping[str, Any]) -> int:
        """Every square of the board of the resolved `size`, then the pass: `size² + 1`."""
        return int(options["size"]) ** 2 + 1

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """3 planes of `size` × `size`: the seat's discs, the opponent's, its move."""
        return shape(int(options["size"]))

    def action_of(self, state: Position, move: Move) -> int:
        """The action of a placement (its square) or of the pass (`size²`)."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a Reversi move")
        return state.size ** 2 if move.square is None else move.square

    def move_of(self, state: Position, action: int) -> Move:
        """The legal move `action` names in `state` (`IllegalMoveError` otherwise)."""
        size = state.size
        try:  # a whole number of any kind (a numpy integer from a learning library too)
            index = -1 if isinstance(action, bool) else operator.index(action)
        except TypeError:
            index = -1
        if not 0 <= index <= size * size:
            raise IllegalMoveError(f"{action!r} is not a Reversi action (0..{size * size})")
        move = PASS if index == size * size else Move(index)
        if move not in rules.legal_moves(state):
            raise IllegalMoveError(f"action {action} is not a legal move here")
        return move

    def observation_tensor(self, state: Position, seat: int) -> Any:
        """The seat's discs, the opponent's, and whether it is the seat's move (a float32
        array of `shape(size)`)."""
        mine, theirs = rules.DISC[seat], rules.DISC[1 - seat]
        discs = state.discs
        turn = 1.0 if state.to_move == seat else 0.0
        values = ([float(d == mine) for d in discs] + [float(d == theirs) for d in discs]
                  + [turn] * len(discs))
        return as_tensor(values, shape(state.size))
