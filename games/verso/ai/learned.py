"""A learned evaluation of Verso layouts: tables fit by self-play, one per turns left.

`heuristic.Evaluator` values a layout with a few hand-shaped terms and tuned weights.
`LearnedEvaluator` has the same shape — a value per colour (by its `bits * 64 + threes`
index), a value by the count towards a square and a weight on the best single bank — but
every entry is fit, separately for each number of turns left, to the points the
policy went on to score in solo self-play games (`bench/verso_value.py`, least squares
with numpy, ridge towards the hand evaluation where games were few). Colours share one
table: the card list of §1.1 is the same under a turn of the colour cycle.

The tables live in `value.npy` beside this module: row `b` holds the terms for `b / 2`
turns left (in solo, `b` is the deck's size once the opponent has taken its card,
§7), as `COLOURS_STORED` colour values (the indices of `STORED`, in order), then 10 square
values, then the weight of the best bank.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import numpy as np

from games.verso.ai.heuristic import Evaluator, Terms

VALUE_FILE = Path(__file__).with_name("value.npy")
# The colour indices a layout can have: the 3-point bits name numbers the colour holds.
STORED: tuple[int, ...] = tuple(i for i in range(128 * 64) if not (i & 63) & ~(i >> 7))
COLOURS_STORED = len(STORED)
ROW = COLOURS_STORED + 10 + 1


def bucket(turns: float, rows: int) -> int:
    """The table row for about `turns` turns left."""
    return min(max(round(2 * turns), 0), rows - 1)


def terms_of_row(row: np.ndarray) -> Terms:
    """One stored row as lookup tables (Python tuples: the agents index them by the
    million, and a tuple's item is faster to read than a numpy scalar)."""
    colour = [0.0] * (128 * 64)
    for index, value in zip(STORED, row[:COLOURS_STORED].tolist(), strict=True):
        colour[index] = value
    square = tuple(row[COLOURS_STORED:COLOURS_STORED + 10].tolist())
    return Terms(tuple(colour), square, 1.0, float(row[-1]))


class LearnedEvaluator(Evaluator):
    """The evaluation of `value.npy`: fit tables, one row per half turn left."""

    __slots__ = ("rows",)

    def __init__(self, table: np.ndarray | None = None) -> None:
        super().__init__()
        table = load_table() if table is None else table
        if table.ndim != 2 or table.shape[1] != ROW:
            raise ValueError(f"a value table has rows of {ROW} numbers, not {table.shape}")
        self.rows = tuple(terms_of_row(row) for row in table)

    @property
    def bank_bias(self) -> float:
        """No tempo bonus: the turns a bank saves are in the fit tables already."""
        return 0.0

    def terms(self, turns: float) -> Terms:
        """The fit tables for about `turns` turns left."""
        return self.rows[bucket(turns, len(self.rows))]


@cache
def load_table() -> np.ndarray:
    """The committed value tables (read once)."""
    table: np.ndarray = np.load(VALUE_FILE)
    return table


@cache
def learned() -> LearnedEvaluator:
    """The shared learned evaluator (its tables are built once per process)."""
    return LearnedEvaluator()
