"""Verso's cards: faces, cards, the 90-card deck of verso.md §1.1, and deck validation.

A face is (colour, value, points); value 0 stands for the joker. Every card has two faces
and face 0 is always its 1-point face. The deck is data: `STANDARD` is the reconstruction
of §1.1 (card ids and face order exactly as written there) and `cards_from_data` reads any
other card list, checking it against the invariants of §1 (`check_card_data` raises a
`ValueError` that says which card is wrong and why).

For speed the engine works on small ints:
- a *placed card* (`code`) is `card id * 2 + side up`;
- a *face id* is `side * 21 + colour * 7 + value` (0..41; side 1 is the 3-point face);
- a *key* is `colour * 7 + value` (0..20): two faces with the same key may never lie in
  one layout (same colour and number, or two jokers of one colour).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

BLUE, GREEN, ORANGE = 0, 1, 2
COLOURS = ("blue", "green", "orange")
JOKER = 0
VALUES = (1, 2, 3, 4, 5, 6)
_COLOUR_WORDS = {"blue": BLUE, "sea": BLUE, "green": GREEN, "land": GREEN,
                 "orange": ORANGE, "sky": ORANGE}


def next_colour(colour: int, steps: int = 1) -> int:
    """The colour `steps` places after `colour` in the cycle blue → green → orange."""
    return (colour + steps) % 3


def wrap(value: int) -> int:
    """A number value brought back into 1..6 cyclically (7 → 1, 0 → 6)."""
    return (value - 1) % 6 + 1


@dataclass(frozen=True)
class Face:
    """One face of a card: colour, value (0 = joker) and points (1 or 3)."""

    colour: int
    value: int
    points: int

    @property
    def is_joker(self) -> bool:
        """True for a joker face."""
        return self.value == JOKER

    @property
    def key(self) -> int:
        """The no-duplicate key of this face (colour and value)."""
        return key_for(self.colour, self.value)

    @property
    def face_id(self) -> int:
        """The small-int face id (0..41), points included."""
        return (21 if self.points == 3 else 0) + self.key

    def text(self) -> str:
        """The face in words, e.g. `blue 3 (1 pt)`, `green 4 (3 pts)` or `orange joker (1 pt)`."""
        value = "joker" if self.is_joker else str(self.value)
        unit = "pt" if self.points == 1 else "pts"  # an abbreviation takes the plural too
        return f"{COLOURS[self.colour]} {value} ({self.points} {unit})"


def key_for(colour: int, value: int) -> int:
    """The no-duplicate key (and layout slot) of a colour and value (0 = joker)."""
    return colour * 7 + value


def key_of(face_id: int) -> int:
    """The no-duplicate key (colour and value, points dropped) of a face id."""
    return face_id % 21


def colour_of(face_id: int) -> int:
    """The colour of a face id; a key decodes the same way (it is a 1-point face id)."""
    return face_id % 21 // 7


def value_of(face_id: int) -> int:
    """The value of a face id (0 for a joker); a key decodes the same way."""
    return face_id % 7


def points_of(face_id: int) -> int:
    """The points of a face id: 3 for side 1, 1 for side 0 (§1)."""
    return 3 if face_id >= 21 else 1


def face_of_id(face_id: int) -> Face:
    """The face a face id stands for."""
    return Face(colour_of(face_id), value_of(face_id), points_of(face_id))


def face_text(face_id: int) -> str:
    """A face id in words."""
    return _FACE_TEXT[face_id]


@dataclass(frozen=True)
class Card:
    """A card: its id and its two faces (face 0 is the 1-point face)."""

    id: int
    faces: tuple[Face, Face]


def _build_standard() -> tuple[Card, ...]:
    """The 90 cards of verso.md §1.1, in exactly the id order written there."""
    faces: list[tuple[Face, Face]] = []
    for colour in (BLUE, GREEN, ORANGE):
        for value in VALUES:
            for other in (next_colour(colour), next_colour(colour, 2)):
                for step in (+1, -1):
                    faces.append((Face(colour, value, 1), Face(other, wrap(value + step), 3)))
    for colour in (BLUE, GREEN, ORANGE):
        for value in VALUES:
            other = next_colour(colour) if value % 2 else next_colour(colour, 2)
            faces.append((Face(colour, JOKER, 1), Face(other, value, 3)))
    return tuple(Card(i, pair) for i, pair in enumerate(faces))


def check_card(card: Card) -> None:
    """Raise `ValueError` if `card` breaks an invariant of verso.md §1."""
    low, high = card.faces
    where = f"card {card.id} ({low.text()} / {high.text()})"
    for face in (low, high):
        if face.colour not in (BLUE, GREEN, ORANGE):
            raise ValueError(f"{where}: colour {face.colour!r} is not blue, green or orange")
        if face.value not in range(7):
            raise ValueError(f"{where}: value {face.value!r} is not 1..6 or a joker")
    if low.colour == high.colour:
        raise ValueError(f"{where}: both faces have the same colour")
    if (low.points, high.points) != (1, 3):
        raise ValueError(f"{where}: face 0 must be worth 1 point and face 1 worth 3")
    if high.is_joker:
        raise ValueError(f"{where}: a joker must be the 1-point face")
    if not low.is_joker and high.value not in (wrap(low.value + 1), wrap(low.value - 1)):
        raise ValueError(f"{where}: the two numbers are not adjacent (cyclically)")


@dataclass(frozen=True, eq=False)
class CardList:
    """A list of cards with the lookup tables the engine uses, indexed by placed card.

    Two card lists are equal when they hold the same cards (ids and faces).
    """

    cards: tuple[Card, ...]
    face: tuple[int, ...] = field(init=False, repr=False)
    key: tuple[int, ...] = field(init=False, repr=False)
    by_face: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        face, key = [], []
        for card in self.cards:
            for side in (0, 1):
                f = card.faces[side]
                face.append(f.face_id)
                key.append(f.key)
        object.__setattr__(self, "face", tuple(face))
        object.__setattr__(self, "key", tuple(key))
        by_face: list[list[int]] = [[] for _ in range(42)]
        for code, face_id in enumerate(face):
            by_face[face_id].append(code)
        object.__setattr__(self, "by_face", tuple(tuple(codes) for codes in by_face))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, CardList) and self.cards == other.cards)

    def __hash__(self) -> int:
        return hash(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def is_standard(self) -> bool:
        """True for the standard deck of §1.1."""
        return self == STANDARD

    def text(self, code: int) -> str:
        """The face up of a placed card, in words."""
        return face_text(self.face[code])


def cards_from_faces(pairs: Sequence[tuple[Face, Face]]) -> CardList:
    """A validated card list from face pairs (ids are positions)."""
    cards = tuple(Card(i, (low, high)) for i, (low, high) in enumerate(pairs))
    if not cards:
        raise ValueError("a deck needs at least one card")
    for card in cards:
        check_card(card)
    return CardList(cards)


def _face_from_data(data: Any, where: str) -> Face:
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        raise ValueError(f"{where}: a face is [colour, value, points], not {data!r}")
    colour, value, points = data
    if not isinstance(colour, str) or colour.lower() not in _COLOUR_WORDS:
        raise ValueError(f"{where}: {colour!r} is not a colour (blue, green, orange)")
    if isinstance(value, str) and value.lower() in ("joker", "j"):
        value = JOKER
    if isinstance(value, bool) or not isinstance(value, int) or value not in (*VALUES, JOKER):
        raise ValueError(f"{where}: {value!r} is not a value (1..6 or \"joker\")")
    if isinstance(points, bool) or points not in (1, 3):
        raise ValueError(f"{where}: {points!r} points is not 1 or 3")
    return Face(_COLOUR_WORDS[colour.lower()], value, points)


def cards_from_data(data: Any) -> CardList:
    """Read a card list given as data and check it against verso.md §1.

    The data is a list of cards, each a pair of faces `[colour, value, points]`, face 0
    first (the 1-point face), e.g. `[["blue", 1, 1], ["green", 2, 3]]`; value is 1..6 or
    `"joker"`. A card's id is its position. None stands for the standard deck (§1.1).
    Raises `ValueError` naming the first bad card.
    """
    if data is None:
        return STANDARD
    if not isinstance(data, (list, tuple)) or not data:
        raise ValueError("the deck must be a non-empty list of cards")
    pairs = []
    for i, card in enumerate(data):
        if not isinstance(card, (list, tuple)) or len(card) != 2:
            raise ValueError(f"card {i}: a card is a pair of faces, not {card!r}")
        pairs.append((_face_from_data(card[0], f"card {i}"),
                      _face_from_data(card[1], f"card {i}")))
    return cards_from_faces(pairs)


def cards_to_data(cards: CardList) -> list[list[list[Any]]]:
    """The JSON-ready data form of a card list (`cards_from_data` reads it back)."""
    return [[[COLOURS[f.colour], "joker" if f.is_joker else f.value, f.points]
             for f in card.faces] for card in cards.cards]


def check_deck_option(value: Any) -> None:
    """Validate the `deck` option: None (the standard deck) or a card list as data."""
    if value is not None:
        cards_from_data(value)


def colour_number(word: str) -> int | None:
    """The colour a word names (blue/sea, green/land, orange/sky, or b/g/o), else None."""
    word = word.lower()
    if word in _COLOUR_WORDS:
        return _COLOUR_WORDS[word]
    return {"b": BLUE, "g": GREEN, "o": ORANGE}.get(word)


# Face ids are a closed set of 42, so their words are built once (log lines are frequent).
_FACE_TEXT = tuple(face_of_id(face_id).text() for face_id in range(42))
STANDARD = cards_from_faces([card.faces for card in _build_standard()])

