"""Saving Verso: the versioned state dict, and the explicit set-up a record stores.

Placed cards are written as `[card id, side up]` pairs (side 0 is the 1-point face).
Everything read back is validated and refused with a `StateFormatError` that says what is
wrong; the set-up is checked the same way before a game is rebuilt from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.verso.cards import CardList, cards_from_data, cards_to_data
from games.verso.rules import deck_size, square_full
from games.verso.state import EMPTY, EMPTY_LAYOUT, FINAL, OVER, PHASES, PLAY, VersoState
from tabletop.limits import one_line, shown
from tabletop.model import StateFormatError, check_version

VERSION = 1
KEYS = ("version", "cards", "deck", "layouts", "discard", "scores", "squares", "revealed",
        "turn", "phase", "final_left")


def state_to_dict(state: VersoState) -> dict[str, Any]:
    """The JSON-ready dict of a state (`cards` is null for the standard deck)."""
    def pairs(codes: Any) -> list[list[int]]:
        return [[code >> 1, code & 1] for code in codes if code != EMPTY]

    return {
        "version": VERSION,
        "cards": None if state.cards.is_standard else cards_to_data(state.cards),
        "deck": pairs(state.deck),
        "layouts": [pairs(slots) for slots in state.layouts],
        "discard": pairs(state.discard),
        "scores": list(state.scores),
        "squares": list(state.squares),
        "revealed": [i for i in range(len(state.cards)) if state.revealed >> i & 1],
        "turn": state.turn,
        "phase": PHASES[state.phase],
        "final_left": state.final_left,
    }


def read_int(value: Any, what: str, low: int, high: int) -> int:
    """`value` if it is a whole number in low..high, else a `StateFormatError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StateFormatError(f"{what} must be a whole number in {low}..{high}, "
                               f"not {shown(value)}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"{what} must be a list, not {shown(value)}")
    return value


def read_cards(data: Any) -> CardList:
    """The card list a dict names (null: the standard deck)."""
    try:
        return cards_from_data(data)
    except ValueError as exc:
        raise StateFormatError(f"cards: {one_line(exc)}") from None


def read_codes(data: Any, what: str, cards: CardList, seen: set[int]) -> list[int]:
    """Placed cards from `[id, side]` pairs; each card id may appear once in `seen`."""
    codes = []
    for pair in _list(data, what):
        if not isinstance(pair, list) or len(pair) != 2:
            raise StateFormatError(f"{what}: a card is [card id, side up], not {shown(pair)}")
        card = read_int(pair[0], f"{what}: card id", 0, len(cards) - 1)
        side = read_int(pair[1], f"{what}: side up of card {card}", 0, 1)
        if card in seen:
            raise StateFormatError(f"{what}: card {card} appears twice")
        seen.add(card)
        codes.append(card * 2 + side)
    return codes


def state_from_dict(data: Mapping[str, Any]) -> VersoState:
    """The state `state_to_dict` wrote; raises `StateFormatError` if anything is off."""
    check_version(data, "Verso state", VERSION)
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise StateFormatError(f"Verso state is missing {', '.join(missing)}")
    cards = read_cards(data["cards"])
    scores = [read_int(s, "score", 0, 10**6) for s in _list(data["scores"], "scores")]
    players = read_int(len(scores), "number of players", 1, 6)
    seen: set[int] = set()
    deck = read_codes(data["deck"], "deck", cards, seen)
    raw_layouts = _list(data["layouts"], "layouts")
    if len(raw_layouts) != players:
        raise StateFormatError(f"{len(raw_layouts)} layouts for {players} players")
    layouts, masks = [], []
    for seat, raw in enumerate(raw_layouts):
        slots, mask = list(EMPTY_LAYOUT), 0
        for code in read_codes(raw, f"layout {seat}", cards, seen):
            key = cards.key[code]
            if mask >> key & 1:
                raise StateFormatError(f"layout {seat} holds the face {cards.text(code)} twice")
            slots[key], mask = code, mask | 1 << key
        layouts.append(tuple(slots))
        masks.append(mask)
    discard = read_codes(data["discard"], "discard", cards, seen)
    squares = _list(data["squares"], "squares")
    if len(squares) != players or not all(isinstance(s, bool) for s in squares):
        raise StateFormatError("squares must be one true/false per player")
    for seat, standing in enumerate(squares):
        if standing != square_full(masks[seat]):
            raise StateFormatError(f"square flag of seat {seat} does not match its layout")
    revealed = 0
    for card in _list(data["revealed"], "revealed"):
        revealed |= 1 << read_int(card, "revealed card id", 0, len(cards) - 1)
    phase_name = data["phase"]
    if phase_name not in PHASES:
        raise StateFormatError(f"phase {shown(phase_name)} is not one of {', '.join(PHASES)}")
    phase = PHASES.index(phase_name)
    turn = read_int(data["turn"], "turn", -1, players - 1)
    final_left = read_int(data["final_left"], "final_left", 0, players)
    if (phase == OVER) != (turn == -1):
        raise StateFormatError("turn must be -1 exactly when the game is over")
    if (phase == PLAY) != bool(deck):
        raise StateFormatError("the deck is empty exactly when the game is ending or over")
    if (phase == FINAL) != (final_left > 0):
        raise StateFormatError("final_left counts final banks, only in the final phase")
    return VersoState(cards, tuple(deck), tuple(layouts), tuple(masks), tuple(discard),
                      tuple(scores), tuple(squares), revealed, turn, phase, final_left)


def setup_to_data(state: VersoState) -> dict[str, Any]:
    """The explicit set-up of a new game: the deck top first and the first player (§2)."""
    return {"deck": [[code >> 1, code & 1] for code in state.deck], "first": state.turn}


def setup_from_data(data: Any, cards: CardList, players: int) -> tuple[list[int], int]:
    """The deck (placed cards, top first) and first player of a set-up, validated."""
    if not isinstance(data, Mapping) or set(data) != {"deck", "first"}:
        raise StateFormatError("a Verso set-up is {\"deck\": [[card id, side up], …], "
                               f"\"first\": seat}}, not {shown(data)}")
    deck = read_codes(data["deck"], "set-up deck", cards, set())
    if len(deck) != deck_size(players):
        raise StateFormatError(f"set-up deck has {len(deck)} cards; {players} player(s) "
                               f"need {deck_size(players)}")
    first = read_int(data["first"], "set-up first player", 0, players - 1)
    return deck, first
