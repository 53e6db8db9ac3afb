"""Tabletop games as OpenSpiel games (`tabletop.env.openspiel`): OpenSpiel's random
simulation test, with serialization, for Verso (2, 3, 4 players), Versus and Reversi and
a dice race with draws; then chance nodes, information states and the returns."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed "
                              "(pip install 'tabletop[openspiel]'): no open_spiel wheel "
                              "for this Python?")

from tabletop.env.openspiel import DEAL_NODES, DEAL_OUTCOMES, load_game  # noqa: E402
from tests.conformance.dice_toys import Race  # noqa: E402
from tests.env.toys import SpacedPig  # noqa: E402

# Versus is played with its ply_limit option (versus.md §8) so that random games stay
# short: its rules set no bound, and random play runs a thousand plies.
TABLES = [("verso", 2, {}), ("verso", 3, {}), ("verso", 4, {}),
          ("versus", 2, {"ply_limit": 150}), ("reversi", 2, {"size": 6})]


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES)
def test_openspiel_random_simulation_test_passes(game_id: str, players: int,
                                                 options: dict[str, int]) -> None:
    game = load_game(game_id, players, options)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_a_game_with_dice_has_chance_nodes_and_passes() -> None:
    game = load_game(SpacedPig())
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)  # roll: the host's die is a chance node, the game's outcomes
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(6)]


def test_a_draw_is_worth_nothing_to_both() -> None:
    state = load_game(SpacedPig()).new_initial_state()
    held = state._now
    state._now = type(held)(held.table, Race((7, 7), ply=60), (), "", 60)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_verso_deals_by_chance_and_hides_the_deal() -> None:
    game = load_game("verso", 2)
    state = game.new_initial_state()
    for digit in range(DEAL_NODES):
        assert state.is_chance_node() and len(state.chance_outcomes()) == DEAL_OUTCOMES
        state.apply_action(digit * 7)
    twin = game.new_initial_state()
    for digit in range(DEAL_NODES):
        twin.apply_action(digit * 7 + 1)
    verso = state._now.table.spaces.game
    assert verso.state_to_dict(state._now.state) != verso.state_to_dict(twin._now.state)
    for seat in (0, 1):
        assert "deal" not in state.information_state_string(seat)
    # Another deal that the seat cannot tell from this one has its information state.
    seat = state.current_player()
    other = state.resample_from_infostate(seat, lambda: random.random())
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_ismcts_plays_verso_through_the_bridge() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load_game("verso", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(3)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 20,
                           random_state=rng)
    assert bot.step(state) in state.legal_actions()


def test_versus_is_cut_at_max_plies_worth_nothing() -> None:
    game = load_game("versus", max_plies=4)
    assert game.max_game_length() == 4
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() == [0.0, 0.0] and len(state.history()) == 4


def test_a_game_reloads_from_its_string() -> None:
    game = load_game("reversi", options={"size": 6})
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == 37
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy[1]) == str(state)
