"""Legacy Cards's card notation: the rank and the suit's letter, like `7S` (7 of spades).

Saves, records and the move prompt all use it.
"""

from __future__ import annotations

import re

from tabletop.model import IllegalMoveError, NotationError

from legacy_cards.rules import SUITS, Card, Deal, legal_cards, mover, playable

LETTERS = "SHDC"
_CARD = re.compile(r"([1-9])([SHDC])")


def card_text(card: Card) -> str:
    """The notation of `card`."""
    return f"{card.rank}{LETTERS[card.suit]}"


def read_card(text: str) -> Card:
    """The card `text` names; `NotationError` if it names none."""
    found = _CARD.fullmatch(text.strip().upper())
    if found is None:
        raise NotationError(f"{text!r} is not a card: give a rank 1-9 and a suit letter "
                            "S, H, D or C, like 7S")
    return Card(LETTERS.index(found.group(2)), int(found.group(1)))


def parse_move(state: Deal, text: str) -> Card:
    """The card to play that `text` names; `NotationError` if it is not a card, else
    `IllegalMoveError` if the mover may not play it now."""
    card = read_card(text)
    if card not in legal_cards(state):
        seat = mover(state)
        if seat is None:
            raise IllegalMoveError("the game is over")
        if card not in state.hands[seat]:
            raise IllegalMoveError(f"{card_text(card)} is not in your hand")
        if card not in playable(state.hands[seat], state.current):
            raise IllegalMoveError(f"you must follow {SUITS[state.current.cards[0].suit]}")
    return card
