"""Legacy Cards's save format: every hand, the undealt cards and the tricks, checked on reading.

    {"version": 1, "players": 2, "hand_size": 5,
     "hands": [["1S", "7H"], ["2D", "9C"]], "undealt": ["3S", ...],
     "tricks": [["4S", "8S"], ...], "table": ["5H"]}

`tricks` are the finished tricks and `table` the trick being played, each card in play
order. Who led each trick follows from the rules (§2, §3), so it is not saved. The deal of
a game (its set-up, kept in records) is `{"hands": [...], "undealt": [...]}`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.model import NotationError, StateFormatError, check_version

from legacy_cards.notation import card_text, read_card
from legacy_cards.rules import DECK, Card, Deal, Trick, dealt_hands, start, trick_winner

VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 4


def to_dict(state: Deal) -> dict[str, Any]:
    """The JSON-ready save of `state`."""
    return {"version": VERSION, "players": state.players, "hand_size": state.hand_size,
            "hands": [_texts(hand) for hand in state.hands],
            "undealt": _texts(state.undealt),
            "tricks": [_texts(trick.cards) for trick in state.tricks],
            "table": _texts(state.current.cards)}


def from_dict(data: Mapping[str, Any]) -> Deal:
    """The state a save holds; `StateFormatError` saying what is wrong if it is invalid."""
    data = check_version(data, "Legacy Cards save", VERSION)
    players, hand_size = _counts(data.get("players"), data.get("hand_size"))
    hands = _card_lists(data.get("hands"), "hands")
    undealt = _cards(data.get("undealt"), "undealt")
    tricks = _card_lists(data.get("tricks"), "tricks")
    table = _cards(data.get("table"), "table")
    _check_whole_deck([*hands, undealt, *tricks, table])
    if len(hands) != players or len(undealt) != len(DECK) - players * hand_size:
        raise StateFormatError(f"{players} hands of {hand_size} cards must be dealt")
    if len(tricks) > hand_size or any(len(trick) != players for trick in tricks) \
            or len(table) >= players or (len(tricks) == hand_size and table):
        raise StateFormatError(f"every trick must hold {players} cards, one per player")
    leader, played = 0, []
    for cards in tricks:  # each trick is led by who took the one before (§2, §3)
        trick = Trick(leader, tuple(cards))
        played.append(trick)
        leader = trick_winner(trick, players)
    current = Trick(leader, tuple(table))
    for seat, hand in enumerate(hands):
        on_table = any(current.player_of(i, players) == seat for i in range(len(table)))
        if len(hand) != hand_size - len(tricks) - on_table:
            raise StateFormatError(f"hand {seat + 1} holds {len(hand)} cards; the tricks "
                                   "played leave it another number")
    state = start(players, hand_size, hands, undealt)
    return Deal(players, hand_size, state.hands, state.undealt, current, tuple(played))


def setup_to_data(state: Deal) -> dict[str, Any]:
    """The deal of `state`'s game: every hand as dealt and the undealt cards."""
    return {"hands": [_texts(hand) for hand in dealt_hands(state)],
            "undealt": _texts(state.undealt)}


def setup_from_data(data: Any, players: int, hand_size: int) -> Deal:
    """The start of a game with the deal `data` (as `setup_to_data` gives it)."""
    if not isinstance(data, Mapping):
        raise StateFormatError("a deal must be a JSON object with hands and undealt cards")
    hands = _card_lists(data.get("hands"), "hands")
    undealt = _cards(data.get("undealt"), "undealt")
    _check_whole_deck([*hands, undealt])
    if len(hands) != players or any(len(hand) != hand_size for hand in hands):
        raise StateFormatError(f"the deal must give {players} hands of {hand_size} cards")
    return start(players, hand_size, hands, undealt)


def _texts(cards: Sequence[Card]) -> list[str]:
    return [card_text(card) for card in cards]


def _counts(players: Any, hand_size: Any) -> tuple[int, int]:
    if not isinstance(players, int) or isinstance(players, bool) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise StateFormatError(f"players must be a whole number from {MIN_PLAYERS} to "
                               f"{MAX_PLAYERS}")
    most = len(DECK) // players
    if not isinstance(hand_size, int) or isinstance(hand_size, bool) \
            or not 1 <= hand_size <= most:
        raise StateFormatError(f"hand_size must be a whole number from 1 to {most}")
    return players, hand_size


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise StateFormatError(f"{what} must be a list of cards like \"7S\"")
    try:
        return [read_card(text) for text in value]
    except NotationError as exc:
        raise StateFormatError(f"{what}: {exc}") from None


def _card_lists(value: Any, what: str) -> list[list[Card]]:
    if not isinstance(value, list):
        raise StateFormatError(f"{what} must be a list of lists of cards")
    return [_cards(item, what) for item in value]


def _check_whole_deck(groups: Sequence[Sequence[Card]]) -> None:
    cards = [card for group in groups for card in group]
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        raise StateFormatError(f"the cards must be the {len(DECK)}-card deck, each once")
