"""The host's generic agents play any game through the protocol."""

import random

from tabletop_nim import Nim

from tabletop.ai import Budget, MCTSAgent, RandomAgent
from tabletop.play.session import Session
from tests.host.toys import Duel


def _play(game, agents, seed: int, budget: Budget) -> tuple[float, ...]:  # type: ignore[no-untyped-def]
    # Through the one play loop, with its seeding rule.
    names = [type(agent).__name__ for agent in agents]
    session = Session.new(game, 2, {}, seed, names)
    while (seat := session.to_move) is not None:
        session.play(session.choose(agents[seat], names[seat], budget))
    return session.outcome.scores


def test_mcts_beats_random_at_nim() -> None:
    game = Nim()
    wins = 0
    for seed in range(20):
        mcts_seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[mcts_seat] = MCTSAgent(game)  # type: ignore[call-overload]
        wins += _play(game, agents, seed, Budget(iterations=300))[mcts_seat] == 1
    assert wins >= 17


def test_mcts_finds_the_winning_nim_move() -> None:
    game = Nim()
    state = game.new_state(2, {"heaps": "1,2"}, 0)  # taking 1 from heap 2 wins
    move = MCTSAgent(game).choose(state, 0, game.legal_moves(state),
                                  Budget(iterations=400), random.Random(1))
    assert game.move_to_text(state, move) == "2:1"


def test_mcts_is_deterministic_with_an_iteration_budget() -> None:
    game = Duel()
    runs = {_play(game, [MCTSAgent(game), MCTSAgent(game)], 5, Budget(iterations=60))
            for _ in range(3)}
    assert len(runs) == 1


def test_mcts_plays_hidden_information_from_the_observation_only() -> None:
    game = Duel()
    # Seed 14 deals seat 0 a 9 and seat 1 a 1: seat 0 must keep, seat 1 must swap,
    # each deciding from its own observation (the other card is sampled, not seen).
    state = game.new_state(2, {}, 14)
    assert state.hands == (9, 1)
    keep = MCTSAgent(game).choose(game.observation(state, 0), 0, game.legal_moves(state),
                                  Budget(iterations=300), random.Random(0))
    assert keep == "keep"
    state = game.apply(state, "keep")
    swap = MCTSAgent(game).choose(game.observation(state, 1), 1, game.legal_moves(state),
                                  Budget(iterations=300), random.Random(0))
    assert swap == "swap"


def test_mcts_respects_a_time_budget() -> None:
    import time

    game = Nim()
    state = game.new_state(2, {"heaps": "9,9,9,9,9,9"}, 0)
    began = time.perf_counter()
    MCTSAgent(game).choose(state, 0, game.legal_moves(state), Budget(seconds=0.2),
                           random.Random(0))
    assert time.perf_counter() - began < 1.5
