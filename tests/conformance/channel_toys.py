"""Hidden-information games for the kit's checks of every channel a seat reads.

- `LiarsDice`: two seats roll two hidden dice each, then bid on all four dice or call the
  last bid, which shows every die; written as docs/plugins.md says (the kit's control).
- `TellingDice`: its log tells the bidder's dice ("Player 2 bids 2x6 holding 1 6").
- `SilentDice`: the call, which ends the game, shows every die, but `reveals` says
  nothing was shown (a showdown: for now a deprecation).
- `SilentSwap`: a seat swaps its hidden card for the top of the hidden deck and sees it,
  but `reveals` says nothing was shown.
- `LossyDice`: its view codec keeps only the last bid of the bidding.
- `Hands`: two seats play the cards of their hidden hands in turn (the kit's control).
- `WrongTurnHands`: its `to_move` names the other seat than the one whose hand
  `legal_moves` lists.
- `ResigningNim`: Nim whose seat to move may resign (a special move; the kit's control).
- `WrongTurnNim`: its `to_move` names the other seat than the one whose resignation
  `special_moves` offers.

Module-level classes (not made inside a test): the kit sends the game to a fresh Python
process for its PYTHONHASHSEED check, which imports this module there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop import Game, GameInfo, Outcome
from tabletop.lines import Line, seat
from tabletop.model import IllegalMoveError, NotationError, StateFormatError, check_version
from tests.host.toys import Duel, DuelState

DICE, FACES, MOST = 2, 6, 4  # dice per seat, faces of a die, the highest count bid


@dataclass(frozen=True)
class Bid:
    """At least `count` dice of all four show `face`; `Bid(0, 0)` calls the last bid."""

    count: int
    face: int


CALL = Bid(0, 0)


@dataclass(frozen=True)
class Cup:
    """Each seat's dice, the bids so far (in order) and whether the last bid was called."""

    dice: tuple[tuple[int, ...], ...]
    bids: tuple[Bid, ...] = ()
    called: bool = False


@dataclass(frozen=True)
class DiceView:
    """What a seat sees: its own dice, the bids, and every die once the bid is called."""

    seat: int
    dice: tuple[int, ...]
    bids: tuple[Bid, ...]
    shown: tuple[tuple[int, ...], ...] | None


class LiarsDice(Game[Cup, Bid]):
    """Bid higher than the last bid, or call it: the bid holds if enough dice show it."""

    info = GameInfo(id="liars_dice", name="Liar's Dice", min_players=2, max_players=2,
                    hidden_information=True, description="Bid on hidden dice.",
                    rules_help="Bid higher or call; a called bid that holds wins.",
                    max_plies=MOST * FACES + 1)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Cup:
        if setup is not None:
            return Cup(tuple(tuple(int(d) for d in hand) for hand in setup))
        rng = random.Random(seed)
        return Cup(tuple(tuple(rng.randint(1, FACES) for _ in range(DICE))
                           for _ in range(players)))

    def setup(self, state: Cup) -> Any:
        return [list(hand) for hand in state.dice]

    def to_move(self, state: Cup) -> int | None:
        return None if state.called else len(state.bids) % 2

    def legal_moves(self, state: Cup) -> list[Bid]:
        if state.called:
            return []
        last = (state.bids[-1].count, state.bids[-1].face) if state.bids else (0, 0)
        higher = [Bid(count, face) for count in range(1, MOST + 1)
                  for face in range(1, FACES + 1) if (count, face) > last]
        return higher + ([CALL] if state.bids else [])

    def apply(self, state: Cup, move: Bid) -> Cup:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a bid you may make now")
        if move == CALL:
            return replace(state, called=True)
        return replace(state, bids=(*state.bids, move))

    def outcome(self, state: Cup) -> Outcome | None:
        if not state.called:
            return None
        last = state.bids[-1]
        bidder = (len(state.bids) - 1) % 2
        holds = sum(hand.count(last.face) for hand in state.dice) >= last.count
        winner = bidder if holds else 1 - bidder
        line = Line.of("{player} wins the call.", player=seat(winner))
        scores = tuple(1.0 if s == winner else 0.0 for s in range(2))
        return Outcome(scores, (winner,), line.english(), line)

    def move_to_text(self, state: Cup, move: Bid) -> str:
        return "call" if move == CALL else f"{move.count}x{move.face}"

    def parse_move(self, state: Cup, text: str) -> Bid:
        word = text.strip().lower()
        count, x, face = word.partition("x")
        if word == "call":
            move = CALL
        elif x and count.isdigit() and face.isdigit() and len(word) == 3:
            move = Bid(int(count), int(face))
        else:
            raise NotationError(f"{text!r}: bid like 2x6, or call")
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{text!r} is not a bid you may make now")
        return move

    def describe(self, before: Cup, move: Bid, after: Cup) -> list[str | Line]:
        mover = self.to_move(before)
        if move == CALL:
            return [Line.of("{player} calls.", player=seat(mover or 0))]
        return [Line.of("{player} bids {count}x{face}.", player=seat(mover or 0),
                        count=move.count, face=move.face)]

    def render_text(self, state: Cup, seat: int | None = None) -> str:
        bids = " ".join(self.move_to_text(state, bid) for bid in state.bids) or "-"
        own = "" if seat is None else f"your dice {state.dice[seat]}, "
        shown = f", dice {state.dice}" if state.called else ""
        return f"{own}bids {bids}{shown}"

    def state_to_dict(self, state: Cup) -> dict[str, Any]:
        return {"version": 1, "dice": [list(hand) for hand in state.dice],
                "bids": [[bid.count, bid.face] for bid in state.bids],
                "called": state.called}

    def state_from_dict(self, data: Mapping[str, Any]) -> Cup:
        data = check_version(data, "Liar's Dice state", 1)
        try:
            return Cup(tuple(tuple(int(d) for d in hand) for hand in data["dice"]),
                         tuple(Bid(int(c), int(f)) for c, f in data["bids"]),
                         bool(data["called"]))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Liar's Dice state") from None

    def observation(self, state: Cup, seat: int) -> DiceView:
        return DiceView(seat, state.dice[seat], state.bids,
                        state.dice if state.called else None)

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> Cup:
        if observation.shown is not None:
            return Cup(observation.shown, observation.bids, True)
        dice = [tuple(rng.randint(1, FACES) for _ in range(DICE)) for _ in range(2)]
        dice[seat] = observation.dice
        return Cup(tuple(dice), observation.bids)

    def reveals(self, before: Cup, move: Bid, after: Cup) -> bool:
        return move == CALL  # every die is shown

    def view_to_dict(self, view: Any) -> dict[str, Any]:
        return {"version": 1, "seat": view.seat, "dice": list(view.dice),
                "bids": [[bid.count, bid.face] for bid in view.bids],
                "shown": None if view.shown is None else [list(h) for h in view.shown]}

    def view_from_dict(self, data: Mapping[str, Any]) -> DiceView:
        data = check_version(data, "Liar's Dice view", 1)
        try:
            shown = data["shown"]
            return DiceView(int(data["seat"]), tuple(int(d) for d in data["dice"]),
                            tuple(Bid(int(c), int(f)) for c, f in data["bids"]),
                            None if shown is None else tuple(tuple(int(d) for d in hand)
                                                             for hand in shown))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Liar's Dice view") from None


class TellingDice(LiarsDice):
    """Wrong: every seat's log tells the bidder's hidden dice."""

    info = replace(LiarsDice.info, id="telling_dice")

    def describe(self, before: Cup, move: Bid, after: Cup) -> list[str | Line]:
        mover = self.to_move(before) or 0
        if move == CALL:
            return super().describe(before, move, after)
        return [Line.of("{player} bids {count}x{face} holding {dice}.", player=seat(mover),
                        count=move.count, face=move.face,
                        dice=" ".join(map(str, before.dice[mover])))]


class SilentDice(LiarsDice):
    """Wrong: the call shows every die, but `reveals` says nothing was shown."""

    info = replace(LiarsDice.info, id="silent_dice")

    def reveals(self, before: Cup, move: Bid, after: Cup) -> bool:
        return False


class SilentSwap(Duel):
    """Wrong: a swap shows the mover the card it drew, but `reveals` says nothing."""

    info = replace(Duel.info, id="silent_swap")

    def reveals(self, before: DuelState, move: str, after: DuelState) -> bool:
        return False


class LossyDice(LiarsDice):
    """Wrong: the view read back from its dict keeps only the last bid."""

    info = replace(LiarsDice.info, id="lossy_dice")

    def view_from_dict(self, data: Mapping[str, Any]) -> DiceView:
        view = super().view_from_dict(data)
        return replace(view, bids=view.bids[-1:])


CARDS = tuple(range(1, 10))  # one of each, three dealt to each seat
HAND = 3


@dataclass(frozen=True)
class Deal:
    """Each seat's hidden hand and the cards played so far, in order."""

    hands: tuple[tuple[int, ...], ...]
    played: tuple[int, ...] = ()


@dataclass(frozen=True)
class HandView:
    """What a seat sees: its own hand and the cards played."""

    seat: int
    hand: tuple[int, ...]
    played: tuple[int, ...]


class Hands(Game[Deal, int]):
    """In turn, each seat plays a card of its hidden hand; the higher total played wins."""

    info = GameInfo(id="hands", name="Hands", min_players=2, max_players=2,
                    hidden_information=True, description="Play your hidden cards.",
                    rules_help="Play a card a turn; the higher total wins.",
                    max_plies=2 * HAND)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Deal:
        if setup is not None:
            return Deal(tuple(tuple(int(c) for c in hand) for hand in setup))
        cards = list(CARDS)
        random.Random(seed).shuffle(cards)
        return Deal((tuple(sorted(cards[:HAND])), tuple(sorted(cards[HAND:2 * HAND]))))

    def setup(self, state: Deal) -> Any:
        return [list(hand) for hand in state.hands]

    def mover(self, state: Deal) -> int | None:
        """The seat whose hand is played from, or None once every card is played."""
        return None if len(state.played) == 2 * HAND else len(state.played) % 2

    def to_move(self, state: Deal) -> int | None:
        return self.mover(state)

    def legal_moves(self, state: Deal) -> list[int]:
        mover = self.mover(state)
        return [] if mover is None else list(state.hands[mover])

    def apply(self, state: Deal, move: int) -> Deal:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a card in the hand to play")
        mover = len(state.played) % 2
        hands = list(state.hands)
        hands[mover] = tuple(card for card in hands[mover] if card != move)
        return Deal(tuple(hands), (*state.played, move))

    def outcome(self, state: Deal) -> Outcome | None:
        if self.mover(state) is not None:
            return None
        totals = (float(sum(state.played[0::2])), float(sum(state.played[1::2])))
        winners = (0,) if totals[0] > totals[1] else (1,)
        line = Line.of("{player} played the higher cards.", player=seat(winners[0]))
        return Outcome(totals, winners, line.english(), line)

    def move_to_text(self, state: Deal, move: int) -> str:
        return str(move)

    def parse_move(self, state: Deal, text: str) -> int:
        if not text.strip().isdigit():
            raise NotationError(f"{text!r} is not a card")
        card = int(text)
        if card not in self.legal_moves(state):
            raise IllegalMoveError(f"{text!r} is not a card in the hand to play")
        return card

    def render_text(self, state: Deal, seat: int | None = None) -> str:
        own = "" if seat is None else f"your hand {state.hands[seat]}, "
        return f"{own}played {state.played}"

    def state_to_dict(self, state: Deal) -> dict[str, Any]:
        return {"version": 1, "hands": [list(hand) for hand in state.hands],
                "played": list(state.played)}

    def state_from_dict(self, data: Mapping[str, Any]) -> Deal:
        data = check_version(data, "Hands state", 1)
        try:
            return Deal(tuple(tuple(int(c) for c in hand) for hand in data["hands"]),
                        tuple(int(c) for c in data["played"]))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Hands state") from None

    def observation(self, state: Deal, seat: int) -> HandView:
        return HandView(seat, state.hands[seat], state.played)

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> Deal:
        unseen = [c for c in CARDS if c not in observation.hand and c not in observation.played]
        rng.shuffle(unseen)
        theirs = HAND - len(observation.played[1 - seat::2])
        hands: list[Sequence[int]] = [(), ()]
        hands[seat], hands[1 - seat] = observation.hand, sorted(unseen[:theirs])
        return Deal((tuple(hands[0]), tuple(hands[1])), observation.played)


class WrongTurnHands(Hands):
    """Wrong: `to_move` names the seat whose hand is not the one played from."""

    info = replace(Hands.info, id="wrong_turn_hands")

    def to_move(self, state: Deal) -> int | None:
        mover = self.mover(state)
        return None if mover is None else 1 - mover


@dataclass(frozen=True)
class Resign:
    """The seat `seat` resigns (a special move: the other seat wins)."""

    seat: int


@dataclass(frozen=True)
class Heaps:
    """Nim's heaps and whose turn it is, and the seat that resigned (None: nobody)."""

    heaps: tuple[int, ...]
    player: int
    resigned: int | None = None


class ResigningNim(Game[Heaps, Any]):
    """Take counters from one heap (the last taker wins); the seat to move may resign."""

    info = GameInfo(id="resigning_nim", name="Resigning Nim", min_players=2, max_players=2,
                    hidden_information=False, description="Nim, with resigning.",
                    rules_help="Take from one heap; the last taker wins.", max_plies=12)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Heaps:
        return Heaps((3, 4, 5), 0)

    def to_move(self, state: Heaps) -> int | None:
        return None if self._over(state) else state.player

    def _over(self, state: Heaps) -> bool:
        return state.resigned is not None or not any(state.heaps)

    def legal_moves(self, state: Heaps) -> list[Any]:
        if self._over(state):
            return []
        return [(heap, count) for heap, size in enumerate(state.heaps)
                for count in range(1, size + 1)]

    def special_moves(self, state: Heaps) -> list[Any]:
        return [] if self._over(state) else [Resign(state.player)]

    def apply(self, state: Heaps, move: Any) -> Heaps:
        if move in self.special_moves(state):
            return replace(state, resigned=move.seat)
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        heap, count = move
        heaps = list(state.heaps)
        heaps[heap] -= count
        return Heaps(tuple(heaps), 1 - state.player)

    def outcome(self, state: Heaps) -> Outcome | None:
        if not self._over(state):
            return None
        winner = 1 - (state.resigned if state.resigned is not None else state.player)
        line = Line.of("{player} wins.", player=seat(winner))
        return Outcome((1.0 - winner, float(winner)), (winner,), line.english(), line)

    def move_to_text(self, state: Heaps, move: Any) -> str:
        return "resign" if isinstance(move, Resign) else f"{move[0] + 1}:{move[1]}"

    def parse_move(self, state: Heaps, text: str) -> Any:
        word = text.strip()
        if word == "resign":
            if not self.special_moves(state):
                raise IllegalMoveError("the game is over")
            return self.special_moves(state)[0]
        heap, colon, count = word.partition(":")
        if not (colon and heap.isdigit() and count.isdigit()):
            raise NotationError(f"{text!r} is not HEAP:COUNT or resign")
        move = (int(heap) - 1, int(count))
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{text!r} is not a legal move here")
        return move

    def render_text(self, state: Heaps, seat: int | None = None) -> str:
        return f"heaps {state.heaps}"

    def state_to_dict(self, state: Heaps) -> dict[str, Any]:
        return {"version": 1, "heaps": list(state.heaps), "player": state.player,
                "resigned": state.resigned}

    def state_from_dict(self, data: Mapping[str, Any]) -> Heaps:
        data = check_version(data, "Resigning Nim state", 1)
        try:
            resigned = data["resigned"]
            return Heaps(tuple(int(h) for h in data["heaps"]), int(data["player"]),
                         None if resigned is None else int(resigned))
        except (KeyError, TypeError, ValueError):
            raise StateFormatError("not a Resigning Nim state") from None


class WrongTurnNim(ResigningNim):
    """Wrong: `to_move` names the other seat than the one whose resignation is offered
    (and whose turn the rules say it is)."""

    info = replace(ResigningNim.info, id="wrong_turn_nim")

    def to_move(self, state: Heaps) -> int | None:
        return None if self._over(state) else 1 - state.player
