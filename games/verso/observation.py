"""What a seat sees of a Verso table (verso.md §3), and full states consistent with it.

Everything hidden in Verso is hidden from everyone, so every seat sees the same: the
faces up (deck top, layouts, discard pile as shown), the faces once shown (the reverse
of a card flipped in public), the deck's size, scores, square flags and whose turn it is.
Cards appear only as faces, never as card ids: an id would give away the face down.
`sample_state` deals the unseen parts at random, consistent with what was seen; the
game hands out both as objects (`VersoCodec`, `VersoSampler`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.verso.cards import CardList, cards_to_data
from games.verso.saving import read_cards, read_int
from games.verso.state import EMPTY, EMPTY_LAYOUT, PHASES, VersoState
from tabletop.model import Sampler, StateFormatError, TabletopError, ViewCodec, check_version

UNSEEN = -1
# A seen card: (face id up, face id of its reverse or UNSEEN).
Seen = tuple[int, int]


@dataclass(frozen=True, slots=True)
class VersoView:
    """One seat's observation: only what is visible or publicly remembered.

    `cards` is the public card list (§1.1 or the variant in play), `deck_top` the face id
    up on the deck (UNSEEN when empty), layouts in key order, the discard pile oldest
    first; `masks` are the layouts' key bits (derived from the faces up).
    """

    cards: CardList
    deck_size: int
    deck_top: int
    layouts: tuple[tuple[Seen, ...], ...]
    masks: tuple[int, ...]
    discard: tuple[Seen, ...]
    scores: tuple[int, ...]
    squares: tuple[bool, ...]
    turn: int
    phase: int
    final_left: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.scores)


def observe(state: VersoState) -> VersoView:
    """The observation of `state` (the same for every seat)."""
    face, known = state.cards.face, state.revealed

    def seen(code: int) -> Seen:
        return face[code], face[code ^ 1] if known >> (code >> 1) & 1 else UNSEEN

    return VersoView(
        state.cards, len(state.deck), face[state.deck[0]] if state.deck else UNSEEN,
        tuple(tuple(seen(c) for c in slots if c != EMPTY) for slots in state.layouts),
        state.masks, tuple(seen(c) for c in state.discard), state.scores, state.squares,
        state.turn, state.phase, state.final_left)


def candidates(cards: CardList, item: Seen) -> tuple[int, ...]:
    """The placed cards that could be behind a seen card (its reverse as §3 allows)."""
    up, down = item
    codes = cards.by_face[up]
    if down == UNSEEN:
        return codes
    return tuple(c for c in codes if cards.face[c ^ 1] == down)


def sample_state(view: VersoView, rng: random.Random) -> VersoState:
    """A full state that `observe` maps to `view`, its unseen parts dealt at random.

    Seen cards get card ids by a randomized backtracking match (each card once); the
    rest of the deck comes from the cards not seen, in random order with random faces.
    """
    cards = view.cards
    items: list[Seen] = [s for layout in view.layouts for s in layout]
    items.extend(view.discard)
    if view.deck_size:
        items.append((view.deck_top, UNSEEN))
    codes = _match(cards, items, rng)
    used = {code >> 1 for code in codes}
    pool = [i for i in range(len(cards)) if i not in used]
    hidden = view.deck_size - 1 if view.deck_size else 0
    if hidden > len(pool):
        raise TabletopError("the observation's deck is larger than the unseen cards")
    rest = tuple(i * 2 + rng.randrange(2) for i in rng.sample(pool, hidden))
    it = iter(codes)
    layouts = []
    revealed = 0
    for layout in view.layouts:
        slots = list(EMPTY_LAYOUT)
        for item in layout:
            code = next(it)
            slots[cards.key[code]] = code
            if item[1] != UNSEEN:
                revealed |= 1 << (code >> 1)
        layouts.append(tuple(slots))
    discard = []
    for item in view.discard:
        code = next(it)
        discard.append(code)
        if item[1] != UNSEEN:
            revealed |= 1 << (code >> 1)
    deck = (next(it), *rest) if view.deck_size else ()
    return VersoState(cards, deck, tuple(layouts), view.masks, tuple(discard), view.scores,
                      view.squares, revealed, view.turn, view.phase, view.final_left)


def _match(cards: CardList, items: list[Seen], rng: random.Random) -> list[int]:
    """Distinct placed cards, one per seen item, chosen at random among the candidates.

    A bipartite matching of seen items to card ids (Kuhn's augmenting paths), visiting
    items and candidates in random order; polynomial even when every card is in play.
    """
    options = [list(candidates(cards, item)) for item in items]
    for codes in options:
        rng.shuffle(codes)
    owner: dict[int, int] = {}  # card id -> index of the item it is matched to
    chosen = [-1] * len(items)

    def augment(index: int, visited: set[int]) -> bool:
        for code in options[index]:
            card = code >> 1
            if card in visited:
                continue
            visited.add(card)
            other = owner.get(card)
            if other is None or augment(other, visited):
                owner[card] = index
                chosen[index] = code
                return True
        return False

    order = list(range(len(items)))
    rng.shuffle(order)
    for index in order:
        if not augment(index, set()):
            raise TabletopError("no set of cards matches this observation")
    return chosen


VIEW_VERSION = 1
VIEW_KEYS = ("version", "cards", "deck_size", "deck_top", "layouts", "masks", "discard",
             "scores", "squares", "turn", "phase", "final_left")


class VersoCodec(ViewCodec):
    """A seat's Verso view on the wire, faces only (`VersoGame.codec`)."""

    def view_to_dict(self, view: VersoView) -> dict[str, Any]:
        """The JSON-ready dict of a view: faces only, as seen (`cards` null: the standard
        deck). An online seat receives this and nothing else of the table."""
        def seen(items: tuple[Seen, ...]) -> list[list[int]]:
            return [[up, down] for up, down in items]

        return {
            "version": VIEW_VERSION,
            "cards": None if view.cards.is_standard else cards_to_data(view.cards),
            "deck_size": view.deck_size, "deck_top": view.deck_top,
            "layouts": [seen(layout) for layout in view.layouts],
            "masks": list(view.masks), "discard": seen(view.discard),
            "scores": list(view.scores), "squares": list(view.squares),
            "turn": view.turn, "phase": view.phase, "final_left": view.final_left,
        }

    def view_from_dict(self, data: Mapping[str, Any]) -> VersoView:
        """The view `view_to_dict` wrote; raises `StateFormatError` if anything is off (the
        view is then checked by dealing a state that matches it)."""
        check_version(data, "Verso view", VIEW_VERSION)
        missing = [k for k in VIEW_KEYS if k not in data]
        if missing:
            raise StateFormatError(f"Verso view is missing {', '.join(missing)}")
        cards = read_cards(data["cards"])

        def seen(items: Any, what: str) -> tuple[Seen, ...]:
            if not isinstance(items, list) or len(items) > 2 * len(cards):
                raise StateFormatError(f"{what} must be a list of seen cards")
            out = []
            for item in items:
                if not isinstance(item, list) or len(item) != 2:
                    raise StateFormatError(f"{what}: a seen card is [face up, face down or -1]")
                out.append((read_int(item[0], what, 0, 41), read_int(item[1], what, UNSEEN, 41)))
            return tuple(out)

        def numbers(items: Any, what: str, low: int, high: int) -> tuple[int, ...]:
            if not isinstance(items, list) or not 1 <= len(items) <= 6:
                raise StateFormatError(f"{what} must be a list of one to six numbers")
            return tuple(read_int(i, what, low, high) for i in items)

        scores = numbers(data["scores"], "scores", 0, 10**6)
        players = len(scores)
        layouts = data["layouts"]
        squares = data["squares"]
        if not isinstance(layouts, list) or len(layouts) != players:
            raise StateFormatError(f"a Verso view needs {players} layouts")
        if not isinstance(squares, list) or len(squares) != players or not all(
                isinstance(s, bool) for s in squares):
            raise StateFormatError("squares must be one true/false per player")
        view = VersoView(
            cards, read_int(data["deck_size"], "deck_size", 0, len(cards)),
            read_int(data["deck_top"], "deck_top", UNSEEN, 41),
            tuple(seen(layout, f"layout {i}") for i, layout in enumerate(layouts)),
            numbers(data["masks"], "masks", 0, 2**48),
            seen(data["discard"], "discard"), scores, tuple(squares),
            read_int(data["turn"], "turn", -1, players - 1),
            read_int(data["phase"], "phase", 0, len(PHASES) - 1),
            read_int(data["final_left"], "final_left", 0, players))
        if len(view.masks) != players:
            raise StateFormatError(f"a Verso view needs {players} masks")
        try:
            sample_state(view, random.Random(0))
        except TabletopError as exc:
            raise StateFormatError(f"Verso view: {exc}") from None
        return view


class VersoSampler(Sampler[VersoState]):
    """Whole Verso tables consistent with a seat's view (`VersoGame.sampler`): every
    seat sees the same, so the seat does not matter."""

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> VersoState:
        """A full state consistent with the view, unseen parts dealt at random."""
        return sample_state(observation, rng)
