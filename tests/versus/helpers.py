"""Hand-built Versus positions for the rule tests, given in axial coordinates."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.versus import rules as R
from games.versus.board import CELL_NAMES, INDEX
from games.versus.game import VersusGame
from games.versus.state import End, History, Move, Preview, VersusState

GAME = VersusGame()
BLUE, BROWN = 0, 1


def cell(q: int, r: int) -> int:
    """The cell number of axial `(q, r)`."""
    return INDEX[(q, r)]


def name(q: int, r: int) -> str:
    """The name of axial `(q, r)`."""
    return CELL_NAMES[INDEX[(q, r)]]


def build(blue: tuple[int, int], brown: tuple[int, int],
          pawns: list[tuple[int, int, int, int]], to_move: int = BLUE,
          streaks: tuple[tuple[tuple[int, int], int], ...] = (),
          **options: Any) -> VersusState:
    """A position: the VERSUS cells and pawns `(q, r, blue_sections, controller)`."""
    data = {"versus": {"blue": list(blue), "brown": list(brown)},
            "pawns": [{"cell": [q, r], "blue": b, "control": "brown" if c else "blue"}
                      for q, r, b, c in pawns]}
    state = GAME.new_state(2, GAME.info.resolve_options({"start_position": data, **options}),
                           0)
    if to_move == BLUE and not streaks:
        return state
    marks = tuple((cell(*qr), s) for qr, s in streaks)
    key = R.position_key(state.board, state.pieces, to_move, marks)
    reason = R.end_reason(state.board, state.pieces, to_move, state.rules)
    return dataclasses.replace(state, to_move=to_move, streaks=marks, history=History((key,)),
                               end=None if reason is None else End(reason))


def move(state: VersusState, frm: tuple[int, int], to: tuple[int, int]) -> Move:
    """The legal move from `frm` to `to` (fails the test if there is none)."""
    for m in GAME.legal_moves(state):
        if isinstance(m, Move) and m.frm == cell(*frm) and m.to == cell(*to):
            return m
    raise AssertionError(f"{name(*frm)}-{name(*to)} is not legal")


def shown(state: VersusState, m: Move) -> Preview:
    """What the move would do from `state`: the preview a front end shows."""
    return GAME.preview(state, m)


def pulls(state: VersusState, m: Move) -> set[tuple[str, str]]:
    """The attractions of a move from `state` as `(from, to)` names."""
    return {(CELL_NAMES[a.frm], CELL_NAMES[a.to]) for a in shown(state, m).attractions}


def play(state: VersusState, frm: tuple[int, int], to: tuple[int, int]) -> VersusState:
    """The state after the move `frm` → `to`."""
    return GAME.apply(state, move(state, frm, to))


def code_at(state: VersusState, q: int, r: int) -> int:
    """The piece code at axial `(q, r)`."""
    return state.board[cell(q, r)]
