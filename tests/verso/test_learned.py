"""The learned layout values (games/verso/ai/learned.py) and the table they load."""

from __future__ import annotations

import random
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import numpy as np
import pytest

from games.verso.ai.heuristic import BEST, layout_value
from games.verso.ai.learned import (
    ROW,
    VALUE_FILE,
    LearnedEvaluator,
    bucket,
    learned,
    load_table,
)
from games.verso.ai.playout import layout_threes
from games.verso.game import VersoGame

GAME = VersoGame()


def test_the_committed_table_has_a_row_per_half_turn() -> None:
    table = load_table()
    assert table.shape == (34, ROW) and np.isfinite(table).all()
    assert len(learned().rows) == 34


def test_turns_left_pick_a_row_clamped_to_the_table() -> None:
    assert [bucket(t, 34) for t in (-1.0, 0.0, 0.5, 3.0, 16.5, 40.0)] == [0, 0, 1, 6, 33, 33]


def test_a_table_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="rows of"):
        LearnedEvaluator(np.zeros((34, ROW - 1)))


def test_with_no_turns_left_a_layout_is_worth_about_its_best_bank() -> None:  # verso.md §7
    # Once the deck is empty only the one final bank remains: the fit must have found it.
    ev = learned()
    rng = random.Random(5)
    gaps = []
    for seed in range(40):
        state = GAME.new_state(1, {}, seed)
        for _ in range(rng.randrange(4, 30)):
            if state.turn < 0 or state.phase != 0:
                break
            moves = GAME.legal_moves(state)
            state = GAME.apply(state, moves[rng.randrange(len(moves))])
        mask = state.masks[0]
        threes = layout_threes(state.cards, state.layouts[0])
        indices = [(mask >> (7 * c) & 127) << 6 | (threes >> (7 * c + 1) & 63)
                   for c in range(3)]
        gaps.append(layout_value(ev.terms(0.0), mask, threes) - max(BEST[i] for i in indices))
    assert max(abs(g) for g in gaps) < 2.0



def test_the_table_ships_in_the_wheel() -> None:
    # The editable install reads it from the tree; an installed one only if it is listed.
    config = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["games.verso.ai"]
    assert any(fnmatch(VALUE_FILE.name, pattern) for pattern in data)
