"""The engine's and the agents' fast paths agree with the rules (verso.md §4–§7, §8)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.verso.ai.heuristic import OPTIONS, Evaluator
from games.verso.ai.learned import learned
from games.verso.ai.playout import (
    FLIP_CHOICE,
    KEEP_CHOICE,
    bank_value,
    choice_move,
    choice_values,
    face_value,
    finish,
    layout_threes,
    reverse_faces,
    solo_rollout,
    state_choice,
)
from games.verso.game import VersoGame
from games.verso.rules import apply_move, legal_moves
from games.verso.state import Bank, Draw
from tabletop.model import IllegalMoveError
from tests.verso.scenario import table

GAME = VersoGame()


@settings(max_examples=30, deadline=None)
@given(players=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_the_log_does_not_change_the_game(players: int, seed: int) -> None:  # §8
    state = GAME.new_state(players, {}, seed)
    rng = random.Random(seed)
    while state.turn >= 0:
        moves = legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        log: list[str] = []
        after = apply_move(state, move, log)
        assert apply_move(state, move) == after and log
        state = after


@pytest.mark.parametrize("ev", [Evaluator(), learned()], ids=["hand", "learned"])
@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_greedy_playouts_play_legal_moves_to_the_end(players: int, ev: Evaluator
                                                     ) -> None:  # verso.md §4–§7
    for seed in range(15):
        start = state = GAME.new_state(players, {}, seed)
        while state.turn >= 0:
            move = choice_move(state_choice(ev, state), state.masks[state.turn])
            assert move in legal_moves(state)
            state = apply_move(state, move)
        assert finish(ev, start) == state


def test_moves_equal_to_legal_ones_are_accepted() -> None:  # §4.2
    state = table([[("blue", 1, 1), ("blue", 2, 3)], []], deck=[("green", 1, 1)])
    assert apply_move(state, Bank(0, (1, 2))).scores[0] == 4
    assert apply_move(state, Draw(False)).masks[0] != state.masks[0]
    with pytest.raises(IllegalMoveError):
        apply_move(state, Bank(1, (1, 2)))


@pytest.mark.parametrize("ev", [Evaluator(), learned()], ids=["hand", "learned"])
def test_incremental_values_equal_the_direct_evaluation(ev: Evaluator) -> None:
    rng = random.Random(4)
    for seed in range(40):
        state = GAME.new_state(1 + seed % 3, {}, seed)
        while state.turn >= 0 and state.phase == 0:
            seat = state.turn
            mask = state.masks[seat]
            threes = layout_threes(state.cards, state.layouts[seat])
            top = state.cards.face[state.deck[0]]
            unders = reverse_faces(state.cards)[top]
            standing = state.squares[seat]
            turns_draw, turns_bank = rng.uniform(0, 4), rng.uniform(0, 4)
            fast = dict((c, v) for v, c in choice_values(
                ev, mask, threes, standing, top, unders, turns_draw, turns_bank))
            assert fast[KEEP_CHOICE] == pytest.approx(
                face_value(ev, mask, threes, standing, top, turns_draw))
            assert fast[FLIP_CHOICE] == pytest.approx(sum(
                face_value(ev, mask, threes, standing, f, turns_draw) for f in unders)
                / len(unders))
            for choice, value in fast.items():
                if choice >= 0:
                    colour, n = divmod(choice, 64)
                    option = OPTIONS[mask >> (7 * colour) & 127][n]
                    assert value == pytest.approx(bank_value(
                        ev, mask, threes, standing, colour, option, turns_bank))
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("ev", [Evaluator(), learned()], ids=["hand", "learned"])
def test_a_rollout_deep_enough_is_the_whole_playout(ev: Evaluator) -> None:  # verso.md §7
    for seed in range(10):
        state = GAME.new_state(1, {}, seed)
        assert solo_rollout(ev, state, 100) == finish(ev, state).scores[0]


def test_a_rollout_cut_short_adds_the_best_choice_value() -> None:  # verso.md §7
    ev = learned()
    state = GAME.new_state(1, {}, 3)
    mask = state.masks[0]
    top = state.cards.face[state.deck[0]]
    left = len(state.deck)
    best = max(v for v, _ in choice_values(
        ev, mask, layout_threes(state.cards, state.layouts[0]), False, top,
        reverse_faces(state.cards)[top], (left - 2) / 2, (left - 1) / 2))
    assert solo_rollout(ev, state, 0) == pytest.approx(best)
