"""The greedy policy of Verso's agents, and whole-game playouts with it.

The greedy policy values each choice as points now plus `Evaluator.layout` of what it
leaves: keep by the face up, flip by the mean over the faces that may lie under it
(§3: the public card list narrows them to a few), a bank by its points and the layout
left once its two highest cards are gone (§4.2). Choices are small ints: `KEEP_CHOICE`,
`FLIP_CHOICE`, `PASS_CHOICE`, or `colour * 64 + n` for the n-th distinct bank effect of
that colour (`heuristic.OPTIONS`).

`finish` plays a full state to its end with that policy for every seat, through
`rules.apply_move`. (A private mutable copy of the rules used to do this; it bought only
1.8x on whole playouts, below the 2x that would pay for a second copy of the rules —
`bench/verso.py playout` — so the agents call the rules.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.verso.ai.heuristic import BEST, CLIPPED, EFFECTS, OPTIONS, SHOWN, Evaluator
from games.verso.cards import CardList, colour_of, key_of, points_of, value_of
from games.verso.rules import (
    BANKS,
    DRAWS,
    SQUARE_POINTS,
    apply_move,
    is_duplicate,
    square_full,
)
from games.verso.state import EMPTY, FINAL, PASS, Move, VersoState

KEEP_CHOICE, FLIP_CHOICE, PASS_CHOICE = -1, -2, -3
_REVERSES: dict[int, tuple[CardList, tuple[tuple[int, ...], ...]]] = {}


def reverse_faces(cards: CardList) -> tuple[tuple[int, ...], ...]:
    """REV[face id]: the reverse face of every card that has that face (one per card)."""
    entry = _REVERSES.get(id(cards))
    if entry is None or entry[0] is not cards:
        table = tuple(tuple(cards.face[code ^ 1] for code in cards.by_face[face])
                      for face in range(42))
        entry = _REVERSES[id(cards)] = (cards, table)
    return entry[1]


def face_value(ev: Evaluator, mask: int, threes: int, standing: bool, face: int,
               turns: float) -> float:
    """Points now plus the layout's value after adding `face` (lost if a duplicate)."""
    if is_duplicate(mask, face):
        return ev.layout(mask, threes, standing, turns)
    key = key_of(face)
    mask |= 1 << key
    if points_of(face) == 3:
        threes |= 1 << key
    if not standing and square_full(mask):
        return SQUARE_POINTS + ev.layout(mask, threes, True, turns)
    return ev.layout(mask, threes, standing, turns)


def bank_value(ev: Evaluator, mask: int, threes: int, standing: bool, colour: int,
               option: tuple[int, int, int, int], turns: float) -> float:
    """Points of a bank plus the value of the layout it leaves."""
    shift = 7 * colour
    _, run, cards, removed = option
    points = SHOWN[cards][(run & threes >> (shift + 1)).bit_count()]
    mask &= ~(removed << shift)
    threes &= ~(removed << shift)
    return (points + ev.bank_bias
            + ev.layout(mask, threes, standing and square_full(mask), turns))


def final_bank(mask: int, threes: int) -> int:
    """The choice for the one final bank: the most points, PASS_CHOICE if none."""
    best, best_points = PASS_CHOICE, 0
    for colour in range(3):
        shift = 7 * colour
        t = threes >> (shift + 1)
        for n, (_, run, cards, _) in enumerate(OPTIONS[mask >> shift & 127]):
            points = SHOWN[cards][(run & t).bit_count()]
            if points > best_points:
                best, best_points = colour * 64 + n, points
    return best


def choice_values(ev: Evaluator, mask: int, threes: int, standing: bool, top: int,
                  unders: Sequence[int], turns_draw: float, turns_bank: float
                  ) -> list[tuple[float, int]]:
    """(value, choice) for keep, flip (if `unders`) and every distinct bank, in that order.

    The same values as `face_value` and `bank_value`, computed colour by colour from the
    tables: a draw or a bank changes one colour, so only that colour is looked up again.
    """
    index = [(mask & 127) << 6 | (threes >> 1 & 63), (mask >> 1 & 8128) | (threes >> 8 & 63),
             (mask >> 8 & 8128) | (threes >> 15 & 63)]
    b0, b1, b2 = BEST[index[0]], BEST[index[1]], BEST[index[2]]
    others = (max(b1, b2), max(b0, b2), max(b0, b1))  # the best bank outside each colour
    counts = [CLIPPED[i >> 6] for i in index]
    count = counts[0] + counts[1] + counts[2]

    def valuer(turns: float) -> Callable[[int, int], float]:
        """The value of the layout once one colour's index changes (squares scored)."""
        colour_value, square, scale, best = ev.terms(turns)
        values = [colour_value[i] for i in index]
        total = values[0] + values[1] + values[2]

        def after(colour: int, new: int) -> float:
            new_count = count - counts[colour] + CLIPPED[new >> 6]
            value = scale * (total - values[colour] + colour_value[new] + square[new_count])
            if best:
                value += best * max(BEST[new], others[colour])
            if new_count == 9 and not standing:
                value += SQUARE_POINTS
            return value

        return after

    drawn = valuer(turns_draw)

    def draw(face: int) -> float:
        colour, number = colour_of(face), value_of(face)
        old = index[colour]
        if is_duplicate(mask, face):  # it is discarded (§4.1)
            return drawn(colour, old)
        new = old | 1 << (number + 6)
        if points_of(face) == 3:
            new |= 1 << (number - 1)
        return drawn(colour, new)

    choices = [(draw(top), KEEP_CHOICE)]
    if unders:
        flip = 0.0
        for face in unders:
            flip += draw(face)
        choices.append((flip / len(unders), FLIP_CHOICE))
    bias = ev.bank_bias
    banked = valuer(turns_bank)
    for colour in range(3):
        for points, new, n in EFFECTS[index[colour]]:
            choices.append((points + bias + banked(colour, new), colour * 64 + n))
    return choices


def greedy_choice(ev: Evaluator, mask: int, threes: int, standing: bool, top: int,
                  unders: Sequence[int], turns_draw: float, turns_bank: float) -> int:
    """The choice of highest one-step value (the first on ties: keep, flip, banks)."""
    best_value, best = -1e18, KEEP_CHOICE
    for value, choice in choice_values(ev, mask, threes, standing, top, unders, turns_draw,
                                       turns_bank):
        if value > best_value:
            best_value, best = value, choice
    return best


def turns_left(deck_after: int, players: int) -> float:
    """About how many turns a seat has left when `deck_after` cards remain.

    Solo, a turn uses two cards (a draw and the opponent's card); with more players each
    other seat's draw uses one.
    """
    return max(deck_after, 0) / (2 if players == 1 else players)


def choice_move(choice: int, mask: int) -> Move:
    """The rules' move object for a choice (one of the objects `legal_moves` returns)."""
    if choice == KEEP_CHOICE:
        return DRAWS[0]
    if choice == FLIP_CHOICE:
        return DRAWS[1]
    if choice == PASS_CHOICE:
        return PASS
    colour, n = divmod(choice, 64)
    bits = mask >> (7 * colour) & 127
    return BANKS[colour][bits][OPTIONS[bits][n][0]]


def layout_threes(cards: CardList, slots: Sequence[int]) -> int:
    """The 3-point bits (by key) of a layout's slots in a full state."""
    face = cards.face
    threes = 0
    for code in slots:
        if code != EMPTY and points_of(face[code]) == 3:
            threes |= 1 << key_of(face[code])
    return threes


def state_choice(ev: Evaluator, state: VersoState) -> int:
    """The greedy policy's choice for the seat to move in a full state (faces up only:
    the face down of the deck's top card is valued by its possible reverses)."""
    seat = state.turn
    mask = state.masks[seat]
    threes = layout_threes(state.cards, state.layouts[seat])
    if state.phase == FINAL:
        return final_bank(mask, threes)
    top = state.cards.face[state.deck[0]]
    left, players = len(state.deck), state.players
    if players == 1:
        turns = turns_left(left - 2, 1), turns_left(left - 1, 1)
    else:
        turns = turns_left(left - 1, players), turns_left(left, players)
    return greedy_choice(ev, mask, threes, state.squares[seat], top,
                         reverse_faces(state.cards)[top], *turns)


def play_choice(state: VersoState, choice: int) -> VersoState:
    """The state after the seat to move plays `choice`, by the rules."""
    return apply_move(state, choice_move(choice, state.masks[state.turn]))


def finish(ev: Evaluator, state: VersoState) -> VersoState:
    """Play the greedy policy for every seat to the end of the game, by the rules."""
    while state.turn >= 0:
        state = apply_move(state, choice_move(state_choice(ev, state), state.masks[state.turn]))
    return state


def state_value(ev: Evaluator, state: VersoState) -> float:
    """The solo score a state is expected to end with: its score, plus the greedy's best
    choice value (a choice's value counts the points it scores and the layout left)."""
    seat = state.turn
    if seat < 0:
        return float(state.scores[0])
    mask = state.masks[seat]
    threes = layout_threes(state.cards, state.layouts[seat])
    if state.phase == FINAL:
        choice = final_bank(mask, threes)
        return float(state.scores[0]) + (0 if choice == PASS_CHOICE else
                                         EFFECTS[_index(mask, threes, choice >> 6)]
                                         [choice & 63][0])
    top = state.cards.face[state.deck[0]]
    left = len(state.deck)
    values = choice_values(ev, mask, threes, state.squares[seat], top,
                           reverse_faces(state.cards)[top], turns_left(left - 2, 1),
                           turns_left(left - 1, 1))
    return state.scores[0] + max(v for v, _ in values)


def _index(mask: int, threes: int, colour: int) -> int:
    """One colour's `bits * 64 + threes` index."""
    shift = 7 * colour
    return (mask >> shift & 127) << 6 | (threes >> (shift + 1) & 63)


def solo_rollout(ev: Evaluator, state: VersoState, depth: int) -> float:
    """A solo state's expected final score: `depth` greedy moves, then `state_value`."""
    for _ in range(depth):
        if state.turn < 0:
            break
        state = apply_move(state, choice_move(state_choice(ev, state), state.masks[0]))
    return state_value(ev, state)
