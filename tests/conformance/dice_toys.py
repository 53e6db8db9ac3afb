"""Small games with chance and draws, for the contract's chance steps and reward scale.

- `Pig`: a dice race written as docs/plugins.md says (explicit chance steps).
- `CoinCall`: call a loaded coin (heads 4 times in 5), then the host flips it.
- `SeededCoinCall`: the same game written by the old advice, the coming flip drawn from
  a seed held in the state, where a search can read it.
- `DrawOrLose`: the first seat may take a draw, or play one of four moves that lose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop import Game, GameInfo, Outcome
from tabletop.model import IllegalMoveError, NotationError, StateFormatError, check_version

ROLL, HOLD = "roll", "hold"
FACES = tuple((face, 1 / 6) for face in range(1, 7))


@dataclass(frozen=True)
class Race:
    """Banked points, the points of this turn, whose turn, plies played, the last roll,
    and whether a roll is waiting to be made (a chance step)."""

    banked: tuple[int, int]
    turn_points: int = 0
    player: int = 0
    ply: int = 0
    last_roll: int = 0
    rolling: bool = False


class Pig(Game[Race, str]):
    """Roll a die as often as you dare: a 1 loses the turn's points; hold to bank them.
    First to 20 wins; after 60 plies the higher bank wins (equal banks: a draw)."""

    info = GameInfo(id="pig_race", name="Pig race", min_players=2, max_players=2,
                    hidden_information=False, max_plies=60,
                    description="A dice race: roll or hold.",
                    rules_help="Roll: a 1 ends your turn with nothing; else add the roll. "
                               "Hold: bank your points. 20 wins.")
    TARGET, LIMIT = 20, 60

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Race:
        return Race((0, 0))

    def chance_outcomes(self, state: Race) -> Sequence[tuple[Any, float]]:
        return FACES if state.rolling else ()

    def apply_chance(self, state: Race, outcome: Any) -> Race:
        if outcome == 1:  # the turn's points are lost and the die passes on
            return replace(state, turn_points=0, player=1 - state.player, last_roll=1,
                           rolling=False)
        return replace(state, turn_points=state.turn_points + outcome, last_roll=outcome,
                       rolling=False)

    def _over(self, state: Race) -> bool:
        return max(state.banked) >= self.TARGET or state.ply >= self.LIMIT

    def to_move(self, state: Race) -> int | None:
        return None if self._over(state) else state.player

    def legal_moves(self, state: Race) -> Sequence[str]:
        return () if self._over(state) else (ROLL, HOLD)

    def apply(self, state: Race, move: str) -> Race:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} cannot be played now")
        if move == ROLL:  # the die is rolled by the host: a chance step
            return replace(state, ply=state.ply + 1, rolling=True)
        banked = list(state.banked)
        banked[state.player] += state.turn_points
        return Race((banked[0], banked[1]), 0, 1 - state.player, state.ply + 1)

    def outcome(self, state: Race) -> Outcome | None:
        if not self._over(state):
            return None
        a, b = state.banked
        winners = (0,) if a > b else (1,) if b > a else ()
        return Outcome((float(a), float(b)), winners, "the race is over")

    def move_to_text(self, state: Race, move: str) -> str:
        return move

    def parse_move(self, state: Race, text: str) -> str:
        if text.strip() not in (ROLL, HOLD):
            raise NotationError(f"{text!r}: say roll or hold")
        if text.strip() not in self.legal_moves(state):
            raise IllegalMoveError("the race is over")
        return text.strip()

    def render_text(self, state: Race, seat: int | None = None) -> str:
        return (f"banked {state.banked[0]}-{state.banked[1]}, this turn "
                f"{state.turn_points} (last roll {state.last_roll or '-'}); "
                f"Player {state.player + 1} to play")

    def state_to_dict(self, state: Race) -> dict[str, Any]:
        return {"version": 1, "banked": list(state.banked), "turn": state.turn_points,
                "player": state.player, "ply": state.ply, "last": state.last_roll,
                "rolling": state.rolling}

    def state_from_dict(self, data: Mapping[str, Any]) -> Race:
        data = check_version(data, "Pig race state", 1)
        try:
            a, b = (int(v) for v in data["banked"])
            return Race((a, b), int(data["turn"]), int(data["player"]), int(data["ply"]),
                        int(data["last"]), bool(data["rolling"]))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Pig race state") from None


HEADS, TAILS = "heads", "tails"


@dataclass(frozen=True)
class Call:
    """The call made (None before it), the coin once flipped, and (old way only) the seed
    of the coming flip."""

    call: str | None = None
    coin: str | None = None
    seed: int = 0


class CoinCall(Game[Call, str]):
    """Solo: call heads or tails; the coin, loaded 4 to 1 for heads, is then flipped by
    the host (a chance step)."""

    info = GameInfo(id="coin_call", name="Coin call", min_players=1, max_players=1,
                    hidden_information=False, max_plies=1, description="Call the coin.",
                    rules_help="Call heads or tails; the coin falls heads 4 times in 5.")

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Call:
        return Call()

    def chance_outcomes(self, state: Call) -> Sequence[tuple[Any, float]]:
        return ((HEADS, 0.8), (TAILS, 0.2)) if state.call and not state.coin else ()

    def apply_chance(self, state: Call, outcome: Any) -> Call:
        return replace(state, coin=outcome)

    def to_move(self, state: Call) -> int | None:
        return None if state.call else 0

    def legal_moves(self, state: Call) -> Sequence[str]:
        return () if state.call else (HEADS, TAILS)

    def apply(self, state: Call, move: str) -> Call:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} cannot be called now")
        return replace(state, call=move)

    def outcome(self, state: Call) -> Outcome | None:
        if not state.call:
            return None
        won = state.call == state.coin
        return Outcome((float(won),), (0,) if won else (), f"the coin fell {state.coin}")

    def move_to_text(self, state: Call, move: str) -> str:
        return move

    def parse_move(self, state: Call, text: str) -> str:
        if text not in (HEADS, TAILS):
            raise NotationError(f"{text!r}: say heads or tails")
        if text not in self.legal_moves(state):
            raise IllegalMoveError("the coin was called")
        return text

    def render_text(self, state: Call, seat: int | None = None) -> str:
        return f"call {state.call or '-'}, coin {state.coin or '-'}"

    def state_to_dict(self, state: Call) -> dict[str, Any]:
        return {"version": 1, "call": state.call, "coin": state.coin, "seed": state.seed}

    def state_from_dict(self, data: Mapping[str, Any]) -> Call:
        data = check_version(data, "Coin call state", 1)
        try:
            return Call(data["call"], data["coin"], int(data["seed"]))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Coin call state") from None


class SeededCoinCall(CoinCall):
    """The old advice: the flip is "drawn from state the seed produced" — in `apply`,
    from a seed kept in the state, which a search applying moves reads as well."""

    info = replace(CoinCall.info, id="seeded_coin_call")

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Call:
        return Call(seed=seed)

    def chance_outcomes(self, state: Call) -> Sequence[tuple[Any, float]]:
        return ()

    def apply(self, state: Call, move: str) -> Call:
        called = super().apply(state, move)
        coin = HEADS if random.Random(state.seed).random() < 0.8 else TAILS
        return replace(called, coin=coin)


@dataclass(frozen=True)
class Standoff:
    """Moves so far."""

    moves: tuple[str, ...] = ()


class DrawOrLose(Game[Standoff, str]):
    """Seat 1 plays a, b, c or d (then seat 2's only move wins) or takes a draw."""

    info = GameInfo(id="draw_or_lose", name="Draw or lose", min_players=2, max_players=2,
                    hidden_information=False, max_plies=2, description="Take the draw.",
                    rules_help="a-d lose to the reply; draw ends it drawn.")

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Standoff:
        return Standoff()

    def _over(self, state: Standoff) -> bool:
        return state.moves[-1:] in (("draw",), ("win",))

    def to_move(self, state: Standoff) -> int | None:
        return None if self._over(state) else len(state.moves)

    def legal_moves(self, state: Standoff) -> Sequence[str]:
        if self._over(state):
            return ()
        return ("win",) if state.moves else ("a", "b", "c", "d", "draw")

    def apply(self, state: Standoff, move: str) -> Standoff:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} cannot be played now")
        return Standoff((*state.moves, move))

    def outcome(self, state: Standoff) -> Outcome | None:
        if not self._over(state):
            return None
        if state.moves[-1] == "draw":
            return Outcome((0.0, 0.0), (), "drawn")
        return Outcome((0.0, 1.0), (1,), "the reply wins")

    def move_to_text(self, state: Standoff, move: str) -> str:
        return move

    def parse_move(self, state: Standoff, text: str) -> str:
        if text not in ("a", "b", "c", "d", "draw", "win"):
            raise NotationError(f"{text!r} is not a move")
        if text not in self.legal_moves(state):
            raise IllegalMoveError(f"{text!r} cannot be played now")
        return text

    def render_text(self, state: Standoff, seat: int | None = None) -> str:
        return " ".join(state.moves) or "-"

    def state_to_dict(self, state: Standoff) -> dict[str, Any]:
        return {"version": 1, "moves": list(state.moves)}

    def state_from_dict(self, data: Mapping[str, Any]) -> Standoff:
        data = check_version(data, "Draw or lose state", 1)
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise StateFormatError("not a Draw or lose state")
        return Standoff(tuple(moves))
