"""Nim for Tabletop: take any number of counters from one heap; who takes the last wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop import Game, GameInfo, GameOption, Outcome, hookimpl
from tabletop.model import IllegalMoveError, NotationError, OptionError, StateFormatError


def _check_heaps(text: str) -> None:
    sizes = text.split(",")
    if not 1 <= len(sizes) <= 6 or not all(s.isdigit() and 1 <= int(s) <= 9 for s in sizes):
        raise OptionError("heaps must be 1 to 6 sizes from 1 to 9, like 3,4,5")


@dataclass(frozen=True)
class Nim(Game["NimState", "Take"]):
    """Two players take turns; a move takes 1 or more counters from one heap."""

    info = GameInfo(
        id="nim", name="Nim", min_players=2, max_players=2, hidden_information=False,
        description="Take counters from a heap; who takes the last one wins.",
        rules_help="On your turn take one or more counters from a single heap. "
                   "The player who takes the last counter wins.",
        max_plies=54,
        options=(GameOption("heaps", "3,4,5", "heap sizes", str, check=_check_heaps),),
    )

    def new_state(self, players: int, options: Any, seed: int, setup: Any = None) -> NimState:
        heaps = tuple(int(s) for s in options["heaps"].split(","))
        return NimState(heaps, 0)

    def to_move(self, state: NimState) -> int | None:
        return None if not any(state.heaps) else state.player

    def legal_moves(self, state: NimState) -> list[Take]:
        return [Take(h, n) for h, size in enumerate(state.heaps) for n in range(1, size + 1)]

    def apply(self, state: NimState, move: Take) -> NimState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        heaps = list(state.heaps)
        heaps[move.heap] -= move.count
        return NimState(tuple(heaps), 1 - state.player)

    def outcome(self, state: NimState) -> Outcome | None:
        if any(state.heaps):
            return None
        winner = 1 - state.player  # the player who took the last counter
        return Outcome((1.0 - winner, float(winner)), (winner,), "the last counter was taken")

    def move_to_text(self, state: NimState, move: Take) -> str:
        return f"{move.heap + 1}:{move.count}"

    def parse_move(self, state: NimState, text: str) -> Take:
        heap, _, count = text.strip().partition(":")
        if not (heap.isdigit() and count.isdigit()):
            raise NotationError(f"{text!r} is not HEAP:COUNT, e.g. 2:3")
        move = Take(int(heap) - 1, int(count))
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"cannot take {count} from heap {heap}")
        return move

    def render_text(self, state: NimState, seat: int | None = None) -> str:
        rows = [f"{i + 1}: {'o' * n}" for i, n in enumerate(state.heaps)]
        return "\n".join([*rows, f"Player {state.player + 1} to move"])

    def state_to_dict(self, state: NimState) -> dict[str, Any]:
        return {"version": 1, "heaps": list(state.heaps), "player": state.player}

    def state_from_dict(self, data: Any) -> NimState:
        try:
            if data["version"] != 1 or data["player"] not in (0, 1):
                raise ValueError
            return NimState(tuple(int(h) for h in data["heaps"]), data["player"])
        except (KeyError, TypeError, ValueError):
            raise StateFormatError(f"not a Nim state: {data!r}") from None


@dataclass(frozen=True)
class NimState:
    """The heap sizes and the seat to move."""

    heaps: tuple[int, ...]
    player: int


@dataclass(frozen=True)
class Take:
    """Take `count` counters from heap number `heap` (0-based)."""

    heap: int
    count: int


@hookimpl
def tabletop_register_games(register: Any) -> None:
    """Register Nim with the host."""
    register(Nim())
