"""Small games for host tests: a hidden-information card duel and broken variants of Nim."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tabletop_nim import Nim, NimState, Take

from tabletop import Game, GameInfo, Outcome, hookimpl
from tabletop.model import IllegalMoveError, NotationError, Sampler, StateFormatError
from tabletop.plugins import Host, module_sources


@dataclass(frozen=True)
class DuelState:
    """Each player holds a hidden card; `deck` is the hidden draw pile."""

    hands: tuple[int, int]
    deck: tuple[int, ...]
    turn: int  # plies played; 4 in all


@dataclass(frozen=True)
class DuelView:
    """What a seat sees: its own card, the turn, the size of the deck."""

    seat: int
    card: int
    turn: int
    deck_size: int


class Duel(Game[DuelState, str]):
    """Two players alternately keep or swap their hidden card; the higher card wins."""

    info = GameInfo(id="duel", name="Duel", min_players=2, max_players=2,
                    hidden_information=True, description="Keep or swap a hidden card.",
                    rules_help="Higher card after four plies wins.", max_plies=4)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> DuelState:
        if setup is not None:
            (a, b), deck = setup
            return DuelState((a, b), tuple(deck), 0)
        cards = list(range(1, 10))
        random.Random(seed).shuffle(cards)
        return DuelState((cards[0], cards[1]), tuple(cards[2:]), 0)

    def setup(self, state: DuelState) -> Any:
        return [list(state.hands), list(state.deck)]

    def to_move(self, state: DuelState) -> int | None:
        return None if state.turn >= 4 else state.turn % 2

    def legal_moves(self, state: DuelState) -> list[str]:
        return [] if state.turn >= 4 else ["keep", "swap"]

    def apply(self, state: DuelState, move: str) -> DuelState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not legal now")
        seat = state.turn % 2
        if move == "keep":
            return replace(state, turn=state.turn + 1)
        hands = list(state.hands)
        hands[seat], deck = state.deck[0], (*state.deck[1:], hands[seat])
        return DuelState((hands[0], hands[1]), deck, state.turn + 1)

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.turn < 4:
            return None
        a, b = state.hands
        return Outcome((float(a), float(b)), (0,) if a > b else (1,), "cards shown")

    def move_to_text(self, state: DuelState, move: str) -> str:
        return move

    def parse_move(self, state: DuelState, text: str) -> str:
        if text not in ("keep", "swap"):
            raise NotationError(f"{text!r}: say keep or swap")
        if text not in self.legal_moves(state):
            raise IllegalMoveError("the game is over")
        return text

    def render_text(self, state: DuelState, seat: int | None = None) -> str:
        return f"turn {state.turn}, deck {len(state.deck)}"

    def state_to_dict(self, state: DuelState) -> dict[str, Any]:
        return {"version": 1, "hands": list(state.hands), "deck": list(state.deck),
                "turn": state.turn}

    def state_from_dict(self, data: Mapping[str, Any]) -> DuelState:
        try:
            if data["version"] != 1:
                raise ValueError
            a, b = data["hands"]
            return DuelState((int(a), int(b)), tuple(int(c) for c in data["deck"]),
                             int(data["turn"]))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Duel state") from None

    def reveals(self, before: DuelState, move: str, after: DuelState) -> bool:
        return move == "swap"  # the mover sees the card it drew

    def observation(self, state: DuelState, seat: int) -> Any:
        return DuelView(seat, state.hands[seat], state.turn, len(state.deck))

    def sampler(self) -> Sampler[DuelState] | None:
        return DuelSampler()


class DuelSampler(Sampler[DuelState]):
    """Duel's hidden cards dealt at random around the seat's own."""

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> DuelState:
        unseen = [c for c in range(1, 10) if c != observation.card]
        rng.shuffle(unseen)
        hands = [0, 0]
        hands[seat], hands[1 - seat] = observation.card, unseen[0]
        return DuelState((hands[0], hands[1]), tuple(unseen[1:1 + observation.deck_size]),
                         observation.turn)


class Peek(Duel):
    """Duel whose text shows a seat its own card (and a spectator none)."""

    def render_text(self, state: DuelState, seat: int | None = None) -> str:
        if seat is None:
            return f"spectator: turn {state.turn}"
        return f"seat {seat} holds {state.hands[seat]}: turn {state.turn}"


class PeekPlugin:
    """Registers Peek through a real host (the table asks the host for its agents)."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(Peek())


def peek_host() -> Host:
    """A host of the Peek plugin alone."""
    return Host(module_sources([("peek", PeekPlugin())]), disabled=[]).load()


class LeakyDuel(Duel):
    """Wrong: the observation shows the opponent's card."""

    def observation(self, state: DuelState, seat: int) -> Any:
        return (state.hands, state.turn)

    def sampler(self) -> Sampler[DuelState] | None:
        return LeakySampler()


class LeakySampler(DuelSampler):
    """Deals from LeakyDuel's observation (which shows both hands)."""

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> DuelState:
        view = DuelView(seat, observation[0][seat], observation[1], 7)
        return super().sample_state(view, seat, rng)


class BlindDuel(Duel):
    """Wrong: hidden information but no way to sample what is hidden."""

    def sampler(self) -> Sampler[DuelState] | None:
        return None


class MutatingNim(Nim):
    """Wrong: apply changes its input (through a list smuggled into the state)."""

    def apply(self, state: NimState, move: Take) -> NimState:
        after = super().apply(state, move)
        object.__setattr__(state, "player", after.player)
        return after


class SloppyNotationNim(Nim):
    """Wrong: the notation of a move parses back to another move."""

    def move_to_text(self, state: NimState, move: Take) -> str:
        return f"{move.heap + 1}:1"


class EndlessNim(Nim):
    """Wrong: declares a maximum length its games exceed."""

    info = replace(Nim.info, max_plies=2)


class UnboundedNim(Nim):
    """Right: declares no maximum length (its rules set none), so the kit needs a bound."""

    info = replace(Nim.info, max_plies=None)


class LenientNim(Nim):
    """Wrong: parse_move accepts anything."""

    def parse_move(self, state: NimState, text: str) -> Take:
        try:
            return super().parse_move(state, text)
        except NotationError:
            return self.legal_moves(state)[0]


class LingeringNim(Nim):
    """Wrong: offers a move after the game is over."""

    def legal_moves(self, state: NimState) -> list[Take]:
        return super().legal_moves(state) or [Take(0, 0)]


class ForgetfulNim(Nim):
    """Wrong: its state dict loses whose turn it is."""

    def state_from_dict(self, data: Any) -> NimState:
        return replace(super().state_from_dict(data), player=0)


class ShuffledNim(Nim):
    """Wrong: legal moves in an unstable order."""

    calls: ClassVar[list[int]] = [0]

    def legal_moves(self, state: NimState) -> list[Take]:
        moves = super().legal_moves(state)
        self.calls[0] += 1
        return moves[::-1] if self.calls[0] % 2 else moves
