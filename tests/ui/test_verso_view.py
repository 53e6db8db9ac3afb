"""The arcade-free parts of the Verso table (`games.verso.view.preview`, `animation`,
`geometry`): what it explains, computed from a seat's view only (no window needed)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from games.verso.cards import BLUE, GREEN, ORANGE, STANDARD
from games.verso.game import VersoGame
from games.verso.observation import UNSEEN, observe
from games.verso.rules import apply_move, bank_cards, new_game
from games.verso.state import EMPTY, FLIP, KEEP, PLAY, Bank, Draw, VersoState
from games.verso.view.motions import transitions
from games.verso.view.places import table_geometry
from games.verso.view.preview import (
    DECK,
    DISCARD,
    bank_preview,
    banks_for,
    distinct_outcomes,
    layout_by_key,
)
from tabletop.ui.renderer import Rect

GAME = VersoGame()


def with_layouts(players: int, layouts: list[list[tuple[int, int, int]]]) -> VersoState:
    """A position whose layouts hold these faces (deck: the rest of the cards)."""
    used: set[int] = set()
    slots_list = []
    masks = []
    for faces in layouts:
        slots, mask = [EMPTY] * 21, 0
        for colour, value, points in faces:
            code = next(c for c in range(180) if c >> 1 not in used and STANDARD.face[c] ==
                        (21 if points == 3 else 0) + colour * 7 + value)
            used.add(code >> 1)
            slots[colour * 7 + value] = code
            mask |= 1 << (colour * 7 + value)
        slots_list.append(tuple(slots))
        masks.append(mask)
    deck = tuple(i * 2 for i in range(90) if i not in used)[:20]
    start = new_game(STANDARD, players, deck, 0)
    return VersoState(start.cards, deck, tuple(slots_list), tuple(masks), (), start.scores,
                      start.squares, 0, 0, start.phase, 0)


def test_preview_of_the_rulebook_bank() -> None:
    # verso.md §4.2: blue 3 (1) – joker as 4 (1) – 5 (3) scores 5; the joker and 5 go.
    state = with_layouts(3, [[(BLUE, 3, 1), (BLUE, 0, 1), (BLUE, 5, 3)],
                             [(BLUE, 2, 1), (BLUE, 6, 3), (GREEN, 1, 1)],
                             [(GREEN, 4, 1), (BLUE, 0, 1)]])
    view = observe(state)
    preview = bank_preview(view, 0, Bank(BLUE, (3, 5), 4))
    assert preview.points == 5
    assert sorted(preview.discards) == [BLUE * 7 + 0, BLUE * 7 + 5]
    # Next player first, then the previous one: highest blue, a joker only if alone.
    assert preview.flips == ((1, BLUE * 7 + 6), (2, BLUE * 7 + 0))
    after = GAME.apply(state, Bank(BLUE, (3, 5), 4))
    assert after.scores[0] == preview.points


def test_joker_value_is_asked_only_when_the_discards_differ() -> None:
    # §4.2: 3, 4 and a joker: as 2 it discards 3 and 4, as 5 it discards 4 and the joker.
    state = with_layouts(1, [[(GREEN, 3, 1), (GREEN, 4, 1), (GREEN, 0, 1)]])
    legal = GAME.legal_moves(state)
    cards = frozenset({GREEN * 7 + 3, GREEN * 7 + 4, GREEN * 7})
    assert len(distinct_outcomes(banks_for(legal, GREEN, cards))) == 2
    # 3, joker, 5: the joker can only be 4, nothing to ask.
    state = with_layouts(1, [[(GREEN, 3, 1), (GREEN, 5, 1), (GREEN, 0, 1)]])
    cards = frozenset({GREEN * 7 + 3, GREEN * 7 + 5, GREEN * 7})
    assert len(distinct_outcomes(banks_for(GAME.legal_moves(state), GREEN, cards))) == 1
    # Two cards: both are discarded whatever the joker stands for.
    state = with_layouts(1, [[(ORANGE, 3, 1), (ORANGE, 0, 1)]])
    cards = frozenset({ORANGE * 7 + 3, ORANGE * 7})
    moves = banks_for(GAME.legal_moves(state), ORANGE, cards)
    assert len(moves) == 2 and len(distinct_outcomes(moves)) == 1


@pytest.mark.parametrize("seed", range(6))
def test_transitions_account_for_every_card_that_moved(seed: int) -> None:
    # Every card that left a layout or reached the discard pile is animated once.
    rng = random.Random(seed)
    players = 1 + seed
    state = GAME.new_state(players, {}, seed)
    while GAME.to_move(state) is not None:
        legal = GAME.legal_moves(state)
        banks = [m for m in legal if isinstance(m, Bank)]
        move = rng.choice(banks) if banks and rng.random() < 0.3 else (
            rng.choice([KEEP, FLIP]) if state.phase == 0 else rng.choice(list(legal)))
        after = GAME.apply(state, move)
        before_view, after_view = observe(state), observe(after)
        motions, _ = transitions(before_view, move, after_view, state.turn)
        new_discards = len(after.discard) - len(state.discard)
        assert sum(1 for m in motions if m.end[0] == DISCARD) == new_discards
        if isinstance(move, Draw):
            drawn = [m for m in motions if m.start == (DECK, 0)
                     and m.face == before_view.deck_top]
            assert drawn
            # §4.1: a drawn duplicate is discarded, and the table says why.
            assert (drawn[0].end[0] == DISCARD) == ("no duplicates" in str(drawn[0].note))
        state = after


@pytest.mark.parametrize("size", [(938, 691), (1280, 720), (1800, 1000)])
@pytest.mark.parametrize("players", range(1, 7))
def test_layouts_fit_without_overlap(size: tuple[int, int], players: int) -> None:
    area = Rect(14, 14, *size)
    geo = table_geometry(area, players)

    def inside(inner: Rect, outer: Rect) -> bool:
        return (outer.left - 0.5 <= inner.left and inner.right <= outer.right + 0.5
                and outer.bottom - 0.5 <= inner.bottom and inner.top <= outer.top + 0.5)

    def apart(a: Rect, b: Rect) -> bool:
        return (a.right <= b.left + 0.5 or b.right <= a.left + 0.5
                or a.top <= b.bottom + 0.5 or b.top <= a.bottom + 0.5)

    strip_items = [geo.deck, geo.discard, geo.buttons, geo.message]
    frames = [p.frame for p in geo.panels]
    for a, b in itertools.combinations(strip_items + frames, 2):
        assert apart(a, b)
    for rect in strip_items + frames:
        assert inside(rect, area)
    for panel in geo.panels:
        assert panel.card_w >= 24  # a card stays readable with 6 players
        slots = [panel.slot(k) for k in range(21)]
        for slot in slots:
            assert inside(slot, panel.frame)
            assert slot.top <= panel.header.bottom + 0.5
        for a, b in itertools.combinations(slots, 2):
            assert apart(a, b)


def check_preview(state: VersoState, move: Bank) -> None:
    """The bank preview of `move` against what `apply` then does (verso.md §4.2, §6)."""
    seat = state.turn
    view = observe(state)
    preview = bank_preview(view, seat, move)
    if state.solo:
        # The solo opponent's card (§7) comes after the bank and may flip one of the
        # banker's cards; with the deck out of the way the bank alone is what changes.
        state = dataclasses.replace(state, deck=())
    after = apply_move(state, move)
    new_discards = after.discard[len(state.discard):]
    # §4.2 step 3: the banker scores the points shown (a bank never completes a square).
    assert after.scores[seat] - state.scores[seat] == preview.points
    # §4.2 step 4: the two previewed cards leave the layout for the pile; the rest stay.
    for key in bank_cards(move).values():
        code = state.layouts[seat][key]
        if key in preview.discards:
            assert after.layouts[seat][key] == EMPTY and code in new_discards
        else:
            assert after.layouts[seat][key] == code
    assert len(preview.discards) == 2
    # §4.2 step 2: each previewed neighbour flips that card; nobody else's layout moves.
    flipped = dict(preview.flips)
    assert len(flipped) == len(preview.flips)
    for other in range(state.players):
        if other == seat:
            continue
        if other not in flipped:
            assert after.layouts[other] == state.layouts[other]
            continue
        key = flipped[other]
        code = state.layouts[other][key]
        reverse = code ^ 1
        reverse_key = state.cards.key[reverse]
        shown = layout_by_key(view, other)[key]
        assert shown[1] in (UNSEEN, state.cards.face[reverse])  # the preview's "→" face
        assert after.layouts[other][key] == EMPTY
        if state.masks[other] >> reverse_key & 1:  # §4.2: a flipped duplicate is discarded
            assert reverse in new_discards
            assert after.layouts[other][reverse_key] == state.layouts[other][reverse_key]
        else:
            assert after.layouts[other][reverse_key] == reverse
        untouched = [k for k in range(21) if k not in (key, reverse_key)]
        assert [after.layouts[other][k] for k in untouched] == [
            state.layouts[other][k] for k in untouched]
    if state.phase != PLAY:
        assert not preview.flips  # §6: no flips in the final banks


@pytest.mark.parametrize("players", range(1, 7))
def test_every_bank_preview_is_what_apply_does(players: int) -> None:  # verso.md §4.2, §6
    rng = random.Random(players)
    checked = 0
    for seed in range(30):
        state = GAME.new_state(players, {}, 100 * players + seed)
        while state.turn >= 0:
            legal = GAME.legal_moves(state)
            banks = [m for m in legal if isinstance(m, Bank)]
            for move in banks:
                check_preview(state, move)
            checked += len(banks)
            # Mostly draws, so that layouts grow and hold long sequences and jokers.
            move = rng.choice(banks) if banks and rng.random() < 0.2 else (
                rng.choice([KEEP, FLIP]) if state.phase == PLAY else rng.choice(list(legal)))
            state = GAME.apply(state, move)
    assert checked > 500
