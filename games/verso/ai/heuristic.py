"""The evaluation shared by Verso's agents: what a layout is worth, in points to come.

A colour of a layout is summed up by two small ints: `bits` (bit 0 the joker, bit v the
number v) and `threes` (bit v-1 set when the number v shows its 3-point face); together
they index the tables below as `bits * 64 + threes`. `chain_table` gives, for each such
pair, the best total of banking that colour down (bank a run, keep the rest, bank
again…), each later bank discounted because it costs another turn. A layout is then worth
a weighted sum of those chains, the points on show, the progress towards a square, and,
when few turns are left, more and more only the best single bank it still holds (the
game ends with one final bank, §6/§7). The weights were tuned by matches of solo games
with common seeds (see `bench/verso.py tune`), not by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from games.verso.cards import BLUE, Face, value_of
from games.verso.rules import BANKS, bank_discards, bank_points
from games.verso.state import Bank


@dataclass(frozen=True)
class Weights:
    """The tunable weights of the evaluation."""

    chain: float = 0.7         # weight of a colour's bank-down value
    later: float = 0.8625      # discount of each further bank in a chain
    points: float = 0.5        # weight of the points on show (cards to build on)
    square: float = 6.0        # value of square progress not yet scored, at 8 of 9
    square_power: float = 3.75  # how sharply square progress pays off near 9
    standing: float = 3.875    # value of a square standing (its cards also build runs)
    bank_bias: float = 0.25    # extra value of banking now (tempo: a bank uses less deck)
    horizon: float = 1.25      # turns left below which only the best single bank counts more


WEIGHTS = Weights()

# SHOWN[cards][threes]: the points `cards` faces show when `threes` of them are 3-point
# faces — `rules.bank_points` tabulated by those two counts, which is all the bit form
# of a layout keeps (a colour holds at most 7 cards: numbers 1..6 and a joker).
_ONE, _THREE = Face(BLUE, 1, 1).face_id, Face(BLUE, 1, 3).face_id
SHOWN: tuple[tuple[int, ...], ...] = tuple(
    tuple(bank_points([_THREE] * threes + [_ONE] * (cards - threes))
          for threes in range(cards + 1))
    for cards in range(8))


def _option(index: int, move: Bank) -> tuple[int, int, int, int]:
    """A bank's effect on its colour: index, run (6 bits), cards scored, bits freed."""
    run = 0
    for value in move.values:
        run |= 1 << (value - 1)
    removed = 0
    for key in bank_discards(move):
        removed |= 1 << value_of(key)  # bit 0 is the joker (its value is 0)
    return index, run, len(move.values) + (move.joker is not None), removed


def _options(bits: int) -> tuple[tuple[int, int, int, int], ...]:
    """The distinct bank effects of a colour's bits (moves with equal effect merged)."""
    seen: dict[tuple[int, int, int], tuple[int, int, int, int]] = {}
    for index, move in enumerate(BANKS[0][bits]):
        option = _option(index, move)
        seen.setdefault(option[1:], option)
    return tuple(seen.values())


# OPTIONS[bits]: (index into BANKS[colour][bits], run, cards, removed) per distinct effect.
OPTIONS: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    _options(bits) for bits in range(128))


@cache
def chain_table(later: float) -> tuple[float, ...]:
    """CHAIN[bits * 64 + threes]: the best discounted total of banking a colour down."""
    table = [0.0] * (128 * 64)
    order = sorted(range(128), key=lambda b: b.bit_count())
    for bits in order:
        for threes in range(64):
            if threes & ~(bits >> 1):
                continue  # a 3-point number the colour does not hold: never looked up
            best = 0.0
            for _, run, cards, removed in OPTIONS[bits]:
                left = (bits & ~removed) * 64 + (threes & ~(removed >> 1))
                best = max(best, SHOWN[cards][(run & threes).bit_count()]
                           + later * table[left])
            table[bits * 64 + threes] = best
    return tuple(table)


def _best_bank_table() -> tuple[int, ...]:
    table = [0] * (128 * 64)
    for bits in range(128):
        for threes in range(64):
            table[bits * 64 + threes] = max(
                (SHOWN[cards][(run & threes).bit_count()]
                 for _, run, cards, _ in OPTIONS[bits]), default=0)
    return tuple(table)


# BEST[bits * 64 + threes]: the points of the best single bank of a colour.
BEST: tuple[int, ...] = _best_bank_table()
# CLIPPED[bits]: a colour's card count towards a square, min(count, 3).
CLIPPED: tuple[int, ...] = tuple(min(bits.bit_count(), 3) for bits in range(128))


def _bank_effects(index: int) -> tuple[tuple[int, int, int], ...]:
    bits, threes = index >> 6, index & 63
    return tuple((SHOWN[cards][(run & threes).bit_count()],
                  (bits & ~removed) << 6 | (threes & ~(removed >> 1)), n)
                 for n, (_, run, cards, removed) in enumerate(OPTIONS[bits]))


# EFFECTS[bits * 64 + threes]: (points, index left, option number) of each distinct bank.
EFFECTS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    _bank_effects(index) for index in range(128 * 64))


class Terms(NamedTuple):
    """An evaluation's tables at one number of turns left (see `Evaluator.terms`).

    A layout is worth `scale * (sum of colour[i] over its colours + square[n])
    + best * (the points of its best single bank)`, where `i` is a colour's
    `bits * 64 + threes` index and `n` the layout's clipped card count towards a square
    (0..9; 9 means the square stands, §5).
    """

    colour: Sequence[float]
    square: Sequence[float]
    scale: float
    best: float


class Evaluator:
    """One set of weights turned into lookup tables (built once per weights)."""

    __slots__ = ("colour", "horizon", "square", "standing", "w")

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.w = weights
        chain = chain_table(weights.later)
        # An index whose 3-point bits name a number the colour does not hold is never
        # looked up (as in `chain_table`): it is worth 0.
        self.colour = tuple(
            0.0 if (i & 63) & ~(i >> 7) else
            weights.chain * chain[i]
            + weights.points * SHOWN[(i >> 6).bit_count()][(i & 63).bit_count()]
            for i in range(128 * 64))
        # By the clipped count towards a square; 9 is a square standing (its cards also
        # build runs), which `square_standing` always equals (§5).
        self.square = tuple([weights.square * (p / 8.0) ** weights.square_power
                             for p in range(9)] + [weights.standing])
        self.standing = weights.standing
        self.horizon = weights.horizon

    @property
    def bank_bias(self) -> float:
        """The extra value of banking now (tempo)."""
        return self.w.bank_bias

    def terms(self, turns: float) -> Terms:
        """The tables at about `turns` turns left: when few are left, the value moves
        from the whole layout towards its best single bank (the game ends with one)."""
        if turns < self.horizon:
            share = turns / self.horizon
            return Terms(self.colour, self.square, share, 1.0 - share)
        return Terms(self.colour, self.square, 1.0, 0.0)

    def layout(self, mask: int, threes: int, standing: bool, turns: float = 99.0) -> float:
        """The points a layout is expected to bring (not counting the score so far).

        `threes` has bit `key` set for each number face worth 3 points; `turns` is about
        how many turns of the seat are left before the final bank. `standing` must be
        the layout's square flag, which is true exactly when it holds 3 of each colour.
        """
        return layout_value(self.terms(turns), mask, threes)


def layout_value(terms: Terms, mask: int, threes: int) -> float:
    """A layout's value under one evaluation's `terms`."""
    i0 = (mask & 127) << 6 | (threes >> 1 & 63)
    i1 = (mask >> 1 & 8128) | (threes >> 8 & 63)
    i2 = (mask >> 8 & 8128) | (threes >> 15 & 63)
    colour = terms.colour
    count = CLIPPED[mask & 127] + CLIPPED[mask >> 7 & 127] + CLIPPED[mask >> 14]
    value = terms.scale * (colour[i0] + colour[i1] + colour[i2] + terms.square[count])
    if terms.best:
        value += terms.best * max(BEST[i0], BEST[i1], BEST[i2])
    return value
