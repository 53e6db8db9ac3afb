"""The evaluation shared by Verso's agents: what a layout is worth, in points to come.

A colour of a layout is summed up by two small ints: `bits` (bit 0 the joker, bit v the
number v) and `threes` (bit v-1 set when the number v shows its 3-point face). `CHAIN`
gives, for every such pair, the best total of banking that colour down (bank a run, keep
the rest, bank again…), each later bank discounted because it costs another turn. A
layout's value is then a weighted sum of those chains, the points on show and the
progress towards a square. The tables are built once, on first use (about 0.2 s).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.verso.rules import BANKS
from games.verso.state import Bank


@dataclass(frozen=True)
class Weights:
    """The tunable weights of the evaluation (measured on solo games, see bench/verso.py)."""

    chain: float = 0.8      # weight of a colour's bank-down value
    later: float = 0.6      # discount of each further bank in a chain
    points: float = 0.3     # weight of the points on show (cards to build on)
    square: float = 4.0     # value of a complete square progress not yet scored
    bank_bias: float = 0.0  # extra value of banking now (tempo)


WEIGHTS = Weights()


def bank_points(move: Bank, threes: int) -> int:
    """The points a bank scores, given the colour's 3-point bits (the joker is 1 point)."""
    total = 1 if move.joker is not None else 0
    for value in move.values:
        total += 3 if threes >> (value - 1) & 1 else 1
    return total


def after_bank(move: Bank, bits: int, threes: int) -> tuple[int, int]:
    """A colour's (bits, threes) once `move`'s two highest cards are discarded (§4.2)."""
    for value in move.run()[-2:]:
        if value == move.joker:
            bits &= ~1
        else:
            bits &= ~(1 << value)
            threes &= ~(1 << (value - 1))
    return bits, threes


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
            for move in BANKS[0][bits]:
                left_bits, left_threes = after_bank(move, bits, threes)
                value = (bank_points(move, threes)
                         + later * table[left_bits * 64 + left_threes])
                best = max(best, value)
            table[bits * 64 + threes] = best
    return tuple(table)


def square_progress(mask: int) -> int:
    """How near a layout is to a square: the sum over colours of min(count, 3), 0..9."""
    return (min((mask & 127).bit_count(), 3) + min((mask >> 7 & 127).bit_count(), 3)
            + min((mask >> 14).bit_count(), 3))


class Evaluator:
    """Scores layouts with one set of weights (the chain table is shared and cached)."""

    __slots__ = ("chain", "w")

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.w = weights
        self.chain = chain_table(weights.later)

    def layout(self, mask: int, threes: int, standing: bool) -> float:
        """The points a layout is expected to bring (not counting the score so far).

        `threes` has bit `key` set for each number face worth 3 points.
        """
        w = self.w
        chain = self.chain
        value = 0.0
        on_show = 0
        for colour in range(3):
            bits = mask >> (7 * colour) & 127
            t = threes >> (7 * colour + 1) & 63
            value += chain[bits * 64 + t]
            on_show += bits.bit_count() + 2 * t.bit_count()
        value = w.chain * value + w.points * on_show
        if not standing:
            progress = square_progress(mask)
            value += w.square * (progress / 9.0) ** 3
        return value
