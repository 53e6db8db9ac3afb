"""Versus for learning agents: a fixed action space and an observation tensor per seat.

Actions. Every move is an element going from one cell to another along one of the six
lines of the board (a pawn step goes to a neighbour, the first cell of a line): the
action space is every such pair of cells, `(from, to)` with `to` on a line from `from`,
numbered in the order of the rules' int code `from << 7 | to` (`ACTIONS`, 2,070 pairs).
Whether the piece is a pawn or the VERSUS is read from the board, so one index names
one move in every position. Resignation and agreed draws are not actions.

Observation (`SHAPE`, 13 planes of 11 × 11, float32 in [0, 1]): the hexagonal board in
axial coordinates, plane[row r + 5][column q + 5] (row 0 is row k, Brown's home row; the
30 squares of the grid that are no cell stay 0). The planes are seen from the seat:
"mine" is the seat's, "theirs" the opponent's. Versus hides nothing, so both seats'
tensors hold the same facts.

 0. the 91 cells of the board        7. frozen pawns (on a target)
 1. targets                          8. streak of §5 (1 per attraction in a row, / 2)
 2. my VERSUS                        9. 1 everywhere if it is my move
 3. their VERSUS                    10. times this position has occurred / repetition limit
 4. pawns I control                 11. plies played / ply limit (0 without a limit)
 5. pawns they control              12. 1 everywhere if a VERSUS may stop on a target
 6. a pawn's sections of my colour / 5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from games.versus import rules as R
from games.versus.board import AXIAL, CELLS, RADIUS
from games.versus.notation import AnyMove
from games.versus.pieces import BLUE_SECTIONS, FIRST_PAWN, OWNER, SECTIONS
from games.versus.state import SLIDES, Move, VersusState
from tabletop.model import IllegalMoveError, LearningSpaces

#: The rules' int code of each action, ascending.
ACTIONS: tuple[int, ...] = tuple(sorted(SLIDES))
#: The action of each int code (-1 for a code that is no action).
_NUMBERED = {code: action for action, code in enumerate(ACTIONS)}
ACTION_OF_CODE: tuple[int, ...] = tuple(_NUMBERED.get(code, -1) for code in range(CELLS << 7))
SIDE = 2 * RADIUS + 1
PLANES = 13
SHAPE = (PLANES, SIDE, SIDE)
#: The grid square of each cell: (row r + RADIUS, column q + RADIUS).
_ROW = np.array([r + RADIUS for _, r in AXIAL])
_COLUMN = np.array([q + RADIUS for q, _ in AXIAL])
_ON_BOARD = np.zeros((SIDE, SIDE), np.float32)
_ON_BOARD[_ROW, _COLUMN] = 1.0
_CODES = np.arange(len(OWNER))
_OWNER = np.array(OWNER)
_IS_PAWN = _CODES >= FIRST_PAWN
_IS_VERSUS = (_CODES > 0) & (_CODES < FIRST_PAWN)
#: Sections of each seat's colour on each pawn code, / 5.
_SHARE = np.array([[BLUE_SECTIONS[c] / SECTIONS if c >= FIRST_PAWN else 0.0
                    for c in range(len(OWNER))],
                   [(SECTIONS - BLUE_SECTIONS[c]) / SECTIONS if c >= FIRST_PAWN else 0.0
                    for c in range(len(OWNER))]], np.float32)


class VersusSpaces(LearningSpaces[VersusState, AnyMove]):
    """Versus's action space and observation planes (the module's), as `VersusGame.spaces`
    gives them."""

    def action_count(self, players: int, options: Mapping[str, Any]) -> int:
        """Every (from, to) pair of cells on a line: 2,070 actions (`ACTIONS`)."""
        return len(ACTIONS)

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """13 planes of 11 × 11 (`SHAPE`)."""
        return SHAPE

    def action_of(self, state: VersusState, move: AnyMove) -> int:
        """The action of a pawn step or VERSUS slide."""
        action = ACTION_OF_CODE[R.encode(move.frm, move.to)] if (
            isinstance(move, Move) and 0 <= move.frm < CELLS and 0 <= move.to < CELLS) else -1
        if action < 0:
            raise IllegalMoveError(f"{move!r} is not a Versus move of the action space")
        return action

    def move_of(self, state: VersusState, action: int) -> Move:
        """The legal move that `action` names in `state` (`IllegalMoveError` otherwise)."""
        if (isinstance(action, bool) or not isinstance(action, int | np.integer)
                or not 0 <= action < len(ACTIONS)):
            raise IllegalMoveError(f"{action!r} is not a Versus action (0..{len(ACTIONS) - 1})")
        if state.end is None:
            moves, codes = R.listed_moves(state)
            code = ACTIONS[action]
            if code in codes:  # a few dozen codes: a scan in C beats building a set
                return moves[codes.index(code)]
        raise IllegalMoveError(f"action {action} is not a legal move here")

    def legal_actions(self, state: VersusState) -> list[int]:
        """The actions of the legal moves, ascending (empty once the game is over)."""
        if state.end is not None:
            return []
        table = ACTION_OF_CODE
        return sorted([table[code] for code in R.listed_moves(state)[1]])

    def observation_tensor(self, state: VersusState, seat: int) -> npt.NDArray[np.float32]:
        """The planes of the module's docstring for `seat`."""
        planes = np.zeros(SHAPE, np.float32)
        rules = state.rules
        codes = np.frombuffer(state.board, np.uint8)
        owner = _OWNER[codes]
        pawn = _IS_PAWN[codes]
        versus = _IS_VERSUS[codes]
        target = np.frombuffer(rules.is_target, np.uint8).astype(bool)
        rows, columns = _ROW, _COLUMN
        planes[0] = _ON_BOARD
        planes[1, rows, columns] = target
        planes[2, rows, columns] = versus & (owner == seat)
        planes[3, rows, columns] = versus & (owner == 1 - seat)
        planes[4, rows, columns] = pawn & (owner == seat)
        planes[5, rows, columns] = pawn & (owner == 1 - seat)
        planes[6, rows, columns] = _SHARE[seat][codes]
        planes[7, rows, columns] = pawn & target
        for cell, streak in state.streaks:
            planes[8, rows[cell], columns[cell]] = min(streak / R.STREAK_LIMIT, 1.0)
        if state.end is None and state.to_move == seat:
            planes[9] = _ON_BOARD
        last = state.history.last
        seen = state.history.count(last) if last is not None else 1
        planes[10] = _ON_BOARD * min(seen / rules.repetition_limit, 1.0)
        if rules.ply_limit:
            planes[11] = _ON_BOARD * min(state.ply / rules.ply_limit, 1.0)
        if rules.may_stop_on_target:
            planes[12] = _ON_BOARD
        return planes
