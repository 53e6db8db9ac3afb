"""The cards and the deck as data (verso.md §1, §1.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.verso.cards import (
    STANDARD,
    Card,
    Face,
    cards_from_data,
    cards_to_data,
    check_card,
)
from games.verso.game import VersoGame
from tabletop.model import OptionError

GAME = VersoGame()


def test_ids_follow_the_written_order() -> None:  # verso.md §1.1
    texts = [tuple(f.text() for f in STANDARD.cards[i].faces) for i in (0, 1, 2, 72)]
    assert texts == [("blue 1 (1 pt)", "green 2 (3 pts)"), ("blue 1 (1 pt)", "green 6 (3 pts)"),
                     ("blue 1 (1 pt)", "orange 2 (3 pts)"),
                     ("blue joker (1 pt)", "green 1 (3 pts)")]
    assert len(STANDARD) == 90 and [c.id for c in STANDARD.cards] == list(range(90))


def test_face_counts_are_symmetric() -> None:  # verso.md §1.1
    faces = [f for card in STANDARD.cards for f in card.faces]
    assert Counter(f.colour for f in faces) == {0: 60, 1: 60, 2: 60}
    numbers = Counter((f.colour, f.value) for f in faces if not f.is_joker)
    assert set(numbers.values()) == {9} and len(numbers) == 18
    assert Counter(f.colour for f in faces if f.is_joker) == {0: 6, 1: 6, 2: 6}


def test_every_card_keeps_the_invariants() -> None:  # verso.md §1
    for card in STANDARD.cards:
        check_card(card)
        assert card.faces[0].points == 1 and card.faces[1].points == 3


@pytest.mark.parametrize(("faces", "message"), [
    ((Face(0, 1, 1), Face(0, 2, 3)), "same colour"),
    ((Face(0, 1, 1), Face(1, 3, 3)), "not adjacent"),
    ((Face(0, 1, 3), Face(1, 2, 1)), "1 point"),
    ((Face(0, 2, 1), Face(1, 0, 3)), "joker must be the 1-point face"),
])
def test_bad_cards_are_refused(faces: tuple[Face, Face], message: str) -> None:  # §1
    with pytest.raises(ValueError, match=message):
        check_card(Card(7, faces))


def test_six_and_one_are_adjacent() -> None:  # verso.md §1
    check_card(Card(0, (Face(0, 6, 1), Face(2, 1, 3))))


def test_deck_data_round_trips() -> None:  # verso.md §1.1 (deck as data)
    data = cards_to_data(STANDARD)
    assert data[0] == [["blue", 1, 1], ["green", 2, 3]]
    assert cards_from_data(data) == STANDARD


def test_variant_deck_option() -> None:  # verso.md §1.1 (a variant card list)
    data = cards_to_data(STANDARD)[:40]
    state = GAME.new_state(2, GAME.info.resolve_options({"deck": data}), seed=1)
    assert len(state.cards) == 40 and len(state.deck) == 30
    with pytest.raises(OptionError, match="need 45"):
        GAME.new_state(3, {"deck": data}, seed=1)


@pytest.mark.parametrize(("data", "message"), [
    ([[["blue", 1, 1], ["blue", 2, 3]]], "same colour"),
    ([[["purple", 1, 1], ["blue", 2, 3]]], "not a colour"),
    ([[["blue", 9, 1], ["green", 2, 3]]], "not a value"),
    ([["blue", 1, 1]], "pair of faces"),
    ([], "non-empty"),
])
def test_bad_deck_option_is_refused(data: object, message: str) -> None:  # verso.md §1
    with pytest.raises(OptionError, match=message):
        GAME.info.resolve_options({"deck": data})
