"""`strong` at a table of several players: its estimates and its search (`ai/table.py`)."""

from __future__ import annotations

import random

from games.verso.ai import StrongAgent
from games.verso.ai import table as table_search
from games.verso.ai.heuristic import Evaluator
from games.verso.game import VersoGame
from games.verso.state import KEEP, Bank
from tabletop.ai.base import Budget
from tests.verso.scenario import table

GAME = VersoGame()
EV = Evaluator()


def test_every_card_is_drawn_once_by_the_seats_in_turn() -> None:  # verso.md §6
    state = GAME.new_state(3, {}, seed=5)
    for _ in range(4):
        state = GAME.apply(state, KEEP)
    drawn = [table_search.draws_left(state, seat) for seat in range(3)]
    assert sum(drawn) == len(state.deck)
    assert drawn[state.turn] == max(drawn)


def test_a_finished_game_counts_its_share_of_the_victory() -> None:  # verso.md §6
    state = table([[("blue", 1, 1)], [("green", 1, 1)], [("orange", 1, 1)]],
                  deck=[("green", 4, 1)], filler=0, scores=(9, 9, 4))
    while state.turn >= 0:
        state = GAME.apply(state, GAME.legal_moves(state)[-1])
    best = max(state.scores)
    for seat in range(3):
        expected = 100.0 / state.scores.count(best) if state.scores[seat] == best else 0.0
        assert table_search.outlook(EV, state, seat) == expected


def test_only_seats_still_to_bank_count_a_final_bank() -> None:  # verso.md §6
    run = [("blue", 1, 3), ("blue", 2, 3), ("blue", 3, 3)]
    state = table([run, [("green", 1, 3), ("green", 2, 3)], [("orange", 5, 1)]],
                  deck=[("orange", 2, 1)], filler=0, scores=(10, 10, 10))
    state = GAME.apply(state, KEEP)  # seat 0 draws the last card: the final phase
    assert state.turn == 1
    before = table_search.estimates(EV, state)
    assert before == [19.0, 16.0, 10.0]  # everyone may still bank: 3+3+3 and 3+3
    banked = GAME.apply(state, next(m for m in GAME.legal_moves(state)
                                    if isinstance(m, Bank)))  # seat 1 banks green 1-2
    # Its points moved from the estimate to the score; its layout counts no more.
    assert table_search.estimates(EV, banked) == [19.0, 16.0, 10.0]
    passed = GAME.apply(state, next(m for m in GAME.legal_moves(state)
                                    if not isinstance(m, Bank)))
    assert table_search.estimates(EV, passed) == [19.0, 10.0, 10.0]


def test_the_chance_of_winning_grows_with_the_lead_and_with_fewer_cards() -> None:
    assert table_search.win_chance(0.0, 20) == 0.5
    assert table_search.win_chance(5.0, 20) > table_search.win_chance(2.0, 20) > 0.5
    assert table_search.win_chance(5.0, 1) > table_search.win_chance(5.0, 30)
    assert table_search.win_chance(-5.0, 1) < table_search.win_chance(-5.0, 30)


def test_a_bank_that_flips_the_neighbours_is_valued_by_their_loss() -> None:  # verso.md §4.2
    """Two banks score the same; only the green one makes both neighbours flip their
    green 6 to a 3-point face they already hold, a duplicate they must discard."""
    mine = [("blue", 1, 1), ("blue", 2, 1), ("green", 1, 1), ("green", 2, 1)]
    theirs = [("green", 6, 1, "orange", 1), ("green", 5, 1), ("orange", 1, 3)]
    others = [("green", 6, 1, "orange", 5), ("green", 5, 1), ("orange", 5, 3)]
    state = table([mine, theirs, others], deck=[("orange", 4, 1)], filler=30)
    banks = {move.colour: GAME.apply(state, move) for move in GAME.legal_moves(state)
             if isinstance(move, Bank) and len(move.values) == 2}
    blue, green = table_search.estimates(EV, banks[0]), table_search.estimates(EV, banks[1])
    assert green[1] < blue[1] and green[2] < blue[2]
    assert table_search.outlook(EV, banks[1], 0) > table_search.outlook(EV, banks[0], 0)


def test_the_default_budget_is_a_fixed_number_of_deals() -> None:
    state = GAME.new_state(3, {}, seed=11)
    for _ in range(8):
        state = GAME.apply(state, KEEP)
    seat = GAME.to_move(state)
    assert seat is not None
    view, moves = GAME.observation(state, seat), GAME.legal_moves(state)
    agent = StrongAgent()
    picks = {agent.choose(view, seat, moves, Budget(), random.Random(4)) for _ in range(2)}
    assert len(picks) == 1 and picks <= set(moves)
    assert 0 < agent.rounds <= table_search.TABLE_DEALS
