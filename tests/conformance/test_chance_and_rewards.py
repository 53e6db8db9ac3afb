"""Chance steps drawn by the host where no agent sees them, and the reward scale.

The contract (docs/plugins.md, "Chance" and "Rewards"): a game lists a chance step's
outcomes and probabilities, the host draws one from the game's seed and the ply, and a
search averages over them; a draw is worth half a win to every seat.
"""

from __future__ import annotations

import random

from tabletop.ai import Budget, MCTSAgent
from tabletop.chance import chance_seed, draw, settle
from tabletop.model import Outcome
from tabletop.model.legacy import reward
from tabletop.play.session import Session
from tabletop.record import Record, replay
from tabletop.testing import check_game, random_record
from tests.conformance.dice_toys import (
    HEADS,
    TAILS,
    CoinCall,
    DrawOrLose,
    Pig,
    SeededCoinCall,
)

SEEDS = range(30)


def _coin_games(game: CoinCall) -> list[tuple[str, str]]:
    """(the call the host's MCTS makes, the coin that then falls) for each seed, the
    agent's own generator the same every time: only the game's seed differs."""
    played = []
    for seed in SEEDS:
        session = Session.new(game, 1, {}, seed, agents=["mcts"])
        call = MCTSAgent(game).choose(game.observation(session.state, 0), 0,
                                      game.legal_moves(session.state),
                                      Budget(iterations=60), random.Random(0))
        session.play(call)
        played.append((call, session.state.coin))
    return played


def test_the_search_cannot_see_the_coming_flip() -> None:
    game = CoinCall()
    # What the agent receives holds no future: the start is the same for every seed.
    assert len({Session.new(game, 1, {}, seed, ["mcts"]).state for seed in SEEDS}) == 1
    played = _coin_games(game)
    # It calls the likelier side every time (averaging over the flips by probability)…
    assert {call for call, _ in played} == {HEADS}
    # …and so loses when the seed's flip is tails: it did not know.
    assert {coin for _, coin in played} == {HEADS, TAILS}


def test_the_old_advice_let_the_search_read_the_flip() -> None:
    # Why the contract changed: drawn from a seed in the state, the flip is known to any
    # search that applies the move, and the agent never loses.
    played = _coin_games(SeededCoinCall())
    assert all(call == coin for call, coin in played)
    assert {coin for _, coin in played} == {HEADS, TAILS}


def test_the_host_draws_each_roll_from_the_seed_and_the_ply() -> None:
    game = Pig()
    rolling = game.apply(game.new_state(2, {}, 0), "roll")
    assert game.chance_outcomes(rolling)  # a chance step, the die not yet in the state
    rolled = settle(game, rolling, seed=5, ply=1)
    face = draw(game.chance_outcomes(rolling), random.Random(chance_seed(5, 1)))
    assert rolled == game.apply_chance(rolling, face)
    assert rolled.last_roll == face and not rolled.rolling
    # Other seeds roll other faces at the same ply.
    faces = {settle(game, rolling, seed, 1).last_roll for seed in range(40)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_a_dice_game_replays_its_rolls_and_keeps_the_contract() -> None:
    game = Pig()
    record = random_record(game, 2, seed=3)
    again = replay(game, Record.from_json(record.to_json()))
    assert random_record(game, 2, seed=3).to_json() == record.to_json()
    assert record.result is not None and game.outcome(again.final) == record.result
    assert len({state.last_roll for state in again.states} - {0}) > 1  # dice were rolled
    check_game(game, seeds=range(6))


def test_a_roll_is_never_taken_back() -> None:
    game = Pig()
    session = Session.new(game, 2, {}, 1, agents=["human", "human"])
    session.play("hold")
    assert session.can_undo()
    session.play("roll")  # the die was seen: undo would replay it knowing the roll
    assert not session.can_undo()


def test_a_draw_is_worth_half_a_win_to_every_seat() -> None:
    draw_result = Outcome((3.0, 3.0, 3.0), (), "drawn")
    shared = Outcome((5.0, 5.0, 1.0), (0, 1), "tied")
    assert [draw_result.reward(seat) for seat in range(3)] == [0.5, 0.5, 0.5]
    assert [shared.reward(seat) for seat in range(3)] == [0.5, 0.5, 0.0]
    assert Outcome((2.0, 1.0), (0,), "won").reward(1) == 0.0
    assert Outcome((0.0,), (), "solo, lost").reward(0) == 0.0
    assert reward(DrawOrLose(), draw_result, 1) == 0.5  # the host's reward: the outcome's


def test_the_search_takes_a_draw_over_a_loss() -> None:
    game = DrawOrLose()
    state = game.new_state(2, {}, 0)
    # Four losing moves come first: with a draw worth no more than a loss, the most
    # visited of equals would be "a".
    for seed in range(5):
        move = MCTSAgent(game).choose(state, 0, game.legal_moves(state),
                                      Budget(iterations=200), random.Random(seed))
        assert move == "draw"
