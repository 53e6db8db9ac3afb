"""Verso's agents: legal, observation-only, deterministic under an iteration budget."""

from __future__ import annotations

import random

from games.verso.ai import GreedyAgent, StrongAgent
from games.verso.game import VersoGame
from games.verso.observation import observe
from games.verso.state import FLIP, KEEP, Bank
from tabletop.ai.base import Budget
from tests.verso.scenario import table

GAME = VersoGame()


def test_greedy_plays_whole_games() -> None:
    agent = GreedyAgent()
    for players in (1, 3):
        state = GAME.new_state(players, {}, seed=players)
        rng = random.Random(0)
        while (seat := GAME.to_move(state)) is not None:
            moves = GAME.legal_moves(state)
            move = agent.choose(GAME.observation(state, seat), seat, moves, Budget(), rng)
            assert move in moves
            state = GAME.apply(state, move)
        assert GAME.outcome(state) is not None


def test_greedy_flips_a_face_it_already_holds() -> None:  # verso.md §4.1
    state = table([[("orange", 5, 1)], []], deck=[("orange", 5, 3, "blue", 4)])
    view = GAME.observation(state, 0)
    move = GreedyAgent().choose(view, 0, GAME.legal_moves(state), Budget(), random.Random(1))
    assert move == FLIP


def test_greedy_takes_the_best_final_bank() -> None:  # verso.md §6
    state = table([[("blue", 1, 1), ("blue", 2, 3), ("blue", 3, 3)], []],
                  deck=[("green", 1, 1)], filler=0)
    ending = GAME.apply(state, KEEP)
    ending = GAME.apply(ending, GAME.legal_moves(ending)[0])  # seat 1 passes
    move = GreedyAgent().choose(GAME.observation(ending, 0), 0, GAME.legal_moves(ending),
                                Budget(), random.Random(1))
    assert move == Bank(0, (1, 2, 3))


def test_strong_is_deterministic_with_iterations() -> None:
    state = GAME.new_state(1, {}, seed=9)
    for _ in range(6):
        state = GAME.apply(state, KEEP)
    view = GAME.observation(state, 0)
    moves = GAME.legal_moves(state)
    picks = {StrongAgent().choose(view, 0, moves, Budget(iterations=4), random.Random(3))
             for _ in range(2)}
    assert len(picks) == 1 and picks <= set(moves)


def test_strong_searches_deals_of_what_its_seat_sees() -> None:  # verso.md §3
    state = GAME.new_state(1, {}, seed=4)
    for move in (FLIP, KEEP, FLIP, KEEP):
        state = GAME.apply(state, move)
    view = observe(state)
    agent = StrongAgent()
    shown = {code >> 1 for slots in state.layouts for code in slots} | {
        code >> 1 for code in state.discard}
    tops = [code for code in view.cards.by_face[view.deck_top] if code >> 1 not in shown]
    seen = set()
    for n in range(12):
        top = tops[n % len(tops)]
        deal = agent.deal(view, top, random.Random(n))
        assert observe(deal) == view
        assert deal.deck[0] == top
        seen.add(deal.deck[1:])
    assert len(seen) > 1  # the hidden deck is dealt afresh, not read from the game


def test_strong_respects_a_time_budget_in_multiplayer() -> None:
    import time

    state = GAME.new_state(3, {}, seed=2)
    for _ in range(9):
        state = GAME.apply(state, KEEP)
    seat = GAME.to_move(state)
    assert seat is not None
    began = time.perf_counter()
    move = StrongAgent().choose(GAME.observation(state, seat), seat,
                                GAME.legal_moves(state), Budget(seconds=0.3),
                                random.Random(5))
    assert move in GAME.legal_moves(state)
    assert time.perf_counter() - began < 1.5


def test_strong_is_deterministic_with_iterations_in_multiplayer() -> None:
    state = GAME.new_state(3, {}, seed=4)
    for _ in range(7):
        state = GAME.apply(state, KEEP)
    seat = GAME.to_move(state)
    assert seat is not None
    view, moves = GAME.observation(state, seat), GAME.legal_moves(state)
    picks = {StrongAgent().choose(view, seat, moves, Budget(iterations=16), random.Random(8))
             for _ in range(2)}
    assert len(picks) == 1 and picks <= set(moves)


def test_strong_takes_the_best_final_bank() -> None:  # verso.md §6
    state = table([[("blue", 1, 1), ("blue", 2, 3), ("blue", 3, 3)], []],
                  deck=[("green", 1, 1)], filler=0)
    ending = GAME.apply(state, KEEP)
    ending = GAME.apply(ending, GAME.legal_moves(ending)[0])  # seat 1 passes
    move = StrongAgent().choose(GAME.observation(ending, 0), 0, GAME.legal_moves(ending),
                                Budget(iterations=4), random.Random(1))
    assert move == Bank(0, (1, 2, 3))
