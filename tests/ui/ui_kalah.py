"""Kalah, written as a plugin author would, to prove the board toolkit draws a mancala board.

The rules are Kalah with six pits a side and four seeds a pit: sow counter-clockwise
from one of your pits, one seed a pit, into your own store but not your opponent's; a
last seed in your store plays again; a last seed in an empty pit of yours takes it and
the seeds opposite into your store (when there are any opposite); when one side has no
seed left, each player puts the seeds on their side in their store, and the most seeds
win.

Its renderer, `KalahRenderer` in `test_boards_mancala.py`, is the whole of what a
plugin's `view` would hold. This module imports no drawing code, as a game's rules may not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.hookspecs import hookimpl
from tabletop.model import (
    Game,
    GameInfo,
    IllegalMoveError,
    NotationError,
    Outcome,
    StateFormatError,
)
from tabletop.plugins import Host, module_sources

PITS = 6
SEEDS = 4
#: Index of each player's store; South's pits are 0-5 left to right, North's 7-12 right
#: to left (seen from South), so that sowing goes up the indices.
STORES = (PITS, 2 * PITS + 1)
HOLES = 2 * PITS + 2


@dataclass(frozen=True)
class Sow:
    """Sow the seeds of pit `pit` (0-5 South's, 7-12 North's)."""

    pit: int


@dataclass(frozen=True)
class KalahState:
    pits: tuple[int, ...]  # HOLES counts: pits and stores
    mover: int
    over: bool = False


def own_pits(seat: int) -> range:
    """The indices of `seat`'s pits."""
    return range(0, PITS) if seat == 0 else range(PITS + 1, 2 * PITS + 1)


class Kalah(Game[KalahState, Sow]):
    """Kalah (6, 4) for two: South (seat 0, below) and North."""

    info = GameInfo(id="kalah", name="Kalah", min_players=2, max_players=2,
                    hidden_information=False, description="Sow seeds, fill your store.",
                    rules_help="Sow the seeds of one of your pits, one a pit, "
                               "counter-clockwise. The most seeds in your store win.",
                    seat_names=("South", "North"))

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> KalahState:
        pits = [SEEDS] * HOLES
        pits[STORES[0]] = pits[STORES[1]] = 0
        return KalahState(tuple(pits), 0)

    def to_move(self, state: KalahState) -> int | None:
        return None if state.over else state.mover

    def legal_moves(self, state: KalahState) -> list[Sow]:
        if state.over:
            return []
        return [Sow(i) for i in own_pits(state.mover) if state.pits[i]]

    def apply(self, state: KalahState, move: Sow) -> KalahState:
        if not isinstance(move, Sow) or move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a pit of the player to move with seeds")
        seat, pits = state.mover, list(state.pits)
        hand, pits[move.pit], at = pits[move.pit], 0, move.pit
        while hand:
            at = (at + 1) % HOLES
            if at == STORES[1 - seat]:  # never into the opponent's store
                continue
            pits[at] += 1
            hand -= 1
        opposite = 2 * PITS - at
        if at in own_pits(seat) and pits[at] == 1 and pits[opposite]:
            pits[STORES[seat]] += pits[at] + pits[opposite]
            pits[at] = pits[opposite] = 0
        mover = seat if at == STORES[seat] else 1 - seat
        if not any(pits[i] for i in own_pits(0)) or not any(pits[i] for i in own_pits(1)):
            for side in (0, 1):
                pits[STORES[side]] += sum(pits[i] for i in own_pits(side))
                for i in own_pits(side):
                    pits[i] = 0
            return KalahState(tuple(pits), mover, over=True)
        return KalahState(tuple(pits), mover)

    def outcome(self, state: KalahState) -> Outcome | None:
        if not state.over:
            return None
        south, north = (state.pits[s] for s in STORES)
        if south == north:
            return Outcome((0.5, 0.5), (), f"a draw, {south} seeds each")
        winner = 0 if south > north else 1
        return Outcome((1.0, 0.0) if winner == 0 else (0.0, 1.0), (winner,),
                       f"{max(south, north)} seeds to {min(south, north)}")

    def move_to_text(self, state: KalahState, move: Sow) -> str:
        """The pit's number from the mover's left, 1-6."""
        return str(move.pit - own_pits(state.mover).start + 1)

    def parse_move(self, state: KalahState, text: str) -> Sow:
        if not (text.isdigit() and 1 <= int(text) <= PITS):
            raise NotationError(f"{text!r} is not a pit number, 1 to {PITS}")
        move = Sow(own_pits(state.mover).start + int(text) - 1)
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"pit {text} is empty")
        return move

    def render_text(self, state: KalahState, seat: int | None = None) -> str:
        north = " ".join(f"{state.pits[i]:2}" for i in reversed(own_pits(1)))
        south = " ".join(f"{state.pits[i]:2}" for i in own_pits(0))
        return (f"   {north}\n{state.pits[STORES[1]]:2} {' ' * len(south)} "
                f"{state.pits[STORES[0]]:2}\n   {south}")

    def state_to_dict(self, state: KalahState) -> dict[str, Any]:
        return {"version": 1, "pits": list(state.pits), "mover": state.mover,
                "over": state.over}

    def state_from_dict(self, data: Mapping[str, Any]) -> KalahState:
        try:
            assert data["version"] == 1
            pits = tuple(int(n) for n in data["pits"])
            assert len(pits) == HOLES and min(pits) >= 0
            assert data["mover"] in (0, 1) and isinstance(data["over"], bool)
            return KalahState(pits, data["mover"], data["over"])
        except (AssertionError, KeyError, TypeError, ValueError):
            raise StateFormatError("not a Kalah position") from None


def cell_of(index: int) -> tuple[int, int]:
    """The board cell of a pit or store: South's pits on row 0 from column 1, North's on
    row 1 from column 6 leftwards; North's store is column 0, South's column 7."""
    if index == STORES[0]:
        return (PITS + 1, 0)
    if index == STORES[1]:
        return (0, 0)
    if index < PITS:
        return (index + 1, 0)
    return (2 * PITS + 1 - index, 1)


class Plugin:
    """Kalah's hooks, as a plugin's `plugin.py` has them."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(Kalah())

    @hookimpl
    def tabletop_register_renderers(self, register: Any) -> None:
        register("kalah", "test_boards_mancala:KalahRenderer")


def make_host() -> Host:
    """A host with Kalah alone (also built in the AI worker's process)."""
    return Host(module_sources([("kalah", Plugin())]), disabled=[]).load()
