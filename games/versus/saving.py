"""The save format of a Versus state (version 1), and its validation.

Pieces are saved in the same shape as the `start_position` option, so a saved position
can be loaded as a variant's start; the rest is the rule options, the player to move,
the §5 streaks, the ply count, the §6.5 repetition history and the end, if any.
`ply_limit` is saved as a whole number, 0 for none (the default since the cap stopped
being a rule, §8); saves from before, which hold a positive cap, load with that cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.versus import rules as R
from games.versus.board import CELL_NAMES, parse_cell
from games.versus.pieces import (
    BLUE_SECTIONS,
    COLOURS,
    FIRST_PAWN,
    OWNER,
    SECTIONS,
    board_from_data,
    targets_from_data,
)
from games.versus.state import End, History, VersusState
from tabletop.limits import one_line, shown
from tabletop.model import StateFormatError, check_version

VERSION = 1
KEYS = {"version", "rules", "position", "to_move", "streaks", "ply", "history", "end"}
REASONS = (R.TARGETS_FULL, R.NO_MOVE, R.DECIDED, R.REPETITION, R.PLY_LIMIT, R.RESIGNED,
           R.AGREED_DRAW)


def position_data(board: bytes) -> dict[str, Any]:
    """The pieces of `board` in the `start_position` data shape."""
    versus: dict[str, str] = {}
    pawns = []
    for cell, code in enumerate(board):
        if not code:
            continue
        if code < FIRST_PAWN:
            versus[COLOURS[OWNER[code]]] = CELL_NAMES[cell]
        else:
            blue = BLUE_SECTIONS[code]
            pawns.append({"cell": CELL_NAMES[cell], "blue": blue, "brown": SECTIONS - blue,
                          "control": COLOURS[OWNER[code]]})
    return {"versus": versus, "pawns": pawns}


def to_dict(state: VersusState) -> dict[str, Any]:
    """The JSON-ready dict of `state`."""
    rules = state.rules
    end = state.end
    return {
        "version": VERSION,
        "rules": {"targets": [CELL_NAMES[t] for t in rules.targets],
                  "may_stop_on_target": rules.may_stop_on_target,
                  "repetition_limit": rules.repetition_limit,
                  "ply_limit": rules.ply_limit},
        "position": position_data(state.board),
        "to_move": COLOURS[state.to_move],
        "streaks": [[CELL_NAMES[c], s] for c, s in state.streaks],
        "ply": state.ply,
        "history": [key.hex() for key in state.history],
        "end": None if end is None else {"reason": end.reason, "resigned": end.resigned},
    }


def _int(value: Any, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{what} must be a whole number of at least {low}")
    return value


def from_dict(data: Mapping[str, Any]) -> VersusState:
    """The state saved by `to_dict`; raises `StateFormatError` saying what is wrong."""
    check_version(data, "Versus state", VERSION)
    if set(data) != KEYS:
        raise StateFormatError(f"Versus state keys must be {sorted(KEYS)}, "
                               f"got {sorted(data)}")
    try:
        return _parse(data)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise StateFormatError(f"invalid Versus state: {one_line(exc)}") from None


def _parse(data: Mapping[str, Any]) -> VersusState:
    spec = data["rules"]
    if not isinstance(spec["may_stop_on_target"], bool):
        raise ValueError("may_stop_on_target must be true or false")
    rules = R.Rules(targets_from_data(spec["targets"]), spec["may_stop_on_target"],
                    _int(spec["repetition_limit"], "repetition_limit", 2),
                    _int(spec["ply_limit"], "ply_limit", 0))
    board = board_from_data(data["position"])
    pieces = tuple(i for i, code in enumerate(board) if code)
    if data["to_move"] not in COLOURS:
        raise ValueError("to_move must be 'blue' or 'brown'")
    to_move = COLOURS.index(data["to_move"])
    streaks = []
    if not isinstance(data["streaks"], list):
        raise ValueError("streaks must be a list of [cell, count] pairs")
    for entry in data["streaks"]:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
            raise ValueError(f"a streak is [cell, count], not {shown(entry)}")
        cell_name, streak = entry
        cell = parse_cell(cell_name)
        if board[cell] < FIRST_PAWN:
            raise ValueError(f"streak on {cell_name}, which holds no pawn")
        streaks.append((cell, _int(streak, "a streak", 1)))
    ply = _int(data["ply"], "ply", 0)
    history = History(bytes.fromhex(key) for key in data["history"])
    key = R.position_key(board, pieces, to_move, tuple(streaks))
    end_data = data["end"]
    end = None
    if end_data is not None:
        reason, resigned = end_data["reason"], end_data["resigned"]
        if reason not in REASONS:
            raise ValueError(f"unknown end reason {shown(reason)}")
        if (resigned is None) != (reason != R.RESIGNED) or resigned not in (None, 0, 1):
            raise ValueError("'resigned' must name the seat exactly when a player resigned")
        end = End(reason, resigned)
    elif history.last != key:
        raise ValueError("the history must end with the current position")
    elif R.end_reason(board, pieces, to_move, rules, occurrences=history.count(key),
                      ply=ply) is not None:
        raise ValueError("the position is over but the state has no end")
    return VersusState(rules, board, pieces, to_move, tuple(streaks), ply, history, end)
