"""The rules of Legacy Cards, each in one place (rules.md numbers the sections).

A trick-taking card game: each player is dealt a hand from a 36-card deck; in each trick
every player plays one card, following the suit led if they can, and the highest card of
the suit led takes the trick. Whoever takes the most tricks wins. Hands and the undealt
cards are hidden: a seat sees a `View`. Pure functions over frozen values; no drawing code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.model import IllegalMoveError

SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = range(1, 10)


@dataclass(frozen=True, order=True)
class Card:
    """A card: its suit (an index into `SUITS`) and its rank, 1 (low) to 9 (high).

    Cards sort by suit, then rank: the order hands are kept and legal moves listed in.
    A move is the card played.
    """

    suit: int
    rank: int


#: The whole deck, in sorted order (§1).
DECK = tuple(Card(suit, rank) for suit in range(len(SUITS)) for rank in RANKS)


@dataclass(frozen=True)
class Trick:
    """A trick: the seat that led it and the cards played to it, in play order."""

    leader: int
    cards: tuple[Card, ...] = ()

    def player_of(self, index: int, players: int) -> int:
        """The seat that played the trick's `index`-th card (the seats play in turn)."""
        return (self.leader + index) % players


@dataclass(frozen=True)
class Deal:
    """The whole state of a game: every hand, the undealt cards and the tricks.

    `hands` are sorted; `undealt` are the cards nobody holds (sorted: their order never
    matters); `current` is the trick being played; `tricks` are the finished ones.
    """

    players: int
    hand_size: int
    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    current: Trick
    tricks: tuple[Trick, ...] = ()


@dataclass(frozen=True)
class View:
    """What one seat may see (§5): its own hand, how many cards the others hold, the trick
    on the table and the finished tricks (played face up). Renderers and agents get this."""

    seat: int
    players: int
    hand_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    current: Trick
    tricks: tuple[Trick, ...]


def deal(players: int, hand_size: int, seed: int) -> Deal:
    """Shuffle the deck with `seed` and deal `hand_size` cards to each player (§1)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hands = [deck[seat * hand_size:(seat + 1) * hand_size] for seat in range(players)]
    return start(players, hand_size, hands, deck[players * hand_size:])


def start(players: int, hand_size: int, hands: Sequence[Sequence[Card]],
          undealt: Sequence[Card]) -> Deal:
    """A game about to begin with these hands; seat 0 leads the first trick (§2)."""
    return Deal(players, hand_size, tuple(tuple(sorted(hand)) for hand in hands),
                tuple(sorted(undealt)), Trick(0))


def view_of(state: Deal, seat: int) -> View:
    """What `seat` sees of `state` (§5)."""
    return View(seat, state.players, state.hand_size, state.hands[seat],
                tuple(len(hand) for hand in state.hands), state.current, state.tricks)


def is_over(state: Deal | View) -> bool:
    """True once every card dealt has been played (§4)."""
    return not state.current.cards and len(state.tricks) == state.hand_size


def mover(state: Deal | View) -> int | None:
    """The seat to play: the leader, then the others in turn (§2); None once it is over."""
    if is_over(state):
        return None
    return state.current.player_of(len(state.current.cards), state.players)


def playable(hand: Sequence[Card], trick: Trick) -> list[Card]:
    """The cards of `hand` that may go on `trick`: the suit led if the hand has it (§3)."""
    if trick.cards:
        led = trick.cards[0].suit
        following = [card for card in hand if card.suit == led]
        if following:
            return following
    return list(hand)


def legal_cards(state: Deal) -> list[Card]:
    """The mover's playable cards, in hand order; none once the game is over."""
    seat = mover(state)
    return [] if seat is None else playable(state.hands[seat], state.current)


def trick_winner(trick: Trick, players: int) -> int:
    """The seat that takes a full trick: the highest card of the suit led (§3)."""
    led = trick.cards[0].suit
    best = max(range(len(trick.cards)),
               key=lambda i: trick.cards[i].rank if trick.cards[i].suit == led else 0)
    return trick.player_of(best, players)


def play(state: Deal, card: Card) -> Deal:
    """The state after the mover plays `card` (§2, §3); a full trick is taken at once."""
    seat = mover(state)
    if seat is None:
        raise IllegalMoveError("the game is over")
    if card not in state.hands[seat]:
        raise IllegalMoveError("that card is not in your hand")
    if card not in playable(state.hands[seat], state.current):
        raise IllegalMoveError(f"you must follow {SUITS[state.current.cards[0].suit]}")
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    trick = Trick(state.current.leader, (*state.current.cards, card))
    if len(trick.cards) < state.players:
        return Deal(state.players, state.hand_size, tuple(hands), state.undealt, trick,
                    state.tricks)
    return Deal(state.players, state.hand_size, tuple(hands), state.undealt,
                Trick(trick_winner(trick, state.players)), (*state.tricks, trick))


def tricks_taken(state: Deal | View) -> tuple[int, ...]:
    """How many tricks each seat has taken (its score, §4)."""
    taken = [0] * state.players
    for trick in state.tricks:
        taken[trick_winner(trick, state.players)] += 1
    return tuple(taken)


def dealt_hands(state: Deal) -> tuple[tuple[Card, ...], ...]:
    """The hands as they were dealt: each hand with the cards its seat has played."""
    hands = [list(hand) for hand in state.hands]
    for trick in (*state.tricks, state.current):
        for index, card in enumerate(trick.cards):
            hands[trick.player_of(index, state.players)].append(card)
    return tuple(tuple(sorted(hand)) for hand in hands)


def sample(view: View, rng: random.Random) -> Deal:
    """A whole state `view`'s seat cannot tell from the real one: the cards it has not
    seen dealt at random to the other hands, the rest undealt."""
    seen = set(view.hand)
    for trick in (*view.tricks, view.current):
        seen.update(trick.cards)
    unseen = [card for card in DECK if card not in seen]
    rng.shuffle(unseen)
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(unseen[:size])))
            unseen = unseen[size:]
    return Deal(view.players, view.hand_size, tuple(hands), tuple(sorted(unseen)),
                view.current, view.tricks)
