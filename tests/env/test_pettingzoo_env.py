"""Tabletop games as PettingZoo AEC environments (`tabletop.env.pettingzoo`): PettingZoo's
own API and seed tests for Verso (2, 3, 4 players), Versus and Reversi, then what the
bridge promises beyond them: masks, zero-sum rewards, the seed, the text, the cut."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed "
                    "(pip install 'tabletop[pettingzoo]')")

from pettingzoo.test import api_test, seed_test

from tabletop.env import returns, spaces_of
from tabletop.env.pettingzoo import env, raw_env
from tabletop.model import IllegalMoveError, Outcome, seat_text

TABLES = [("verso", 2), ("verso", 3), ("verso", 4), ("versus", 2), ("reversi", 2)]


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on dict spaces
@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int) -> None:
    api_test(env(game_id, players), num_cycles=1000)
    seed_test(lambda: env(game_id, players), num_cycles=100)


def test_the_mask_is_the_legal_moves_and_the_tensor_the_seats() -> None:
    table = raw_env("verso", 3)
    table.reset(seed=3)
    game, position, learning = table.game, table.position, table.spaces.learning
    mover = game.to_move(position)
    for seat, agent in enumerate(table.agents):
        seen = table.observe(agent)
        assert np.array_equal(seen["observation"], learning.observation_tensor(position, seat))
        expected = sorted(learning.action_of(position, m) for m in game.legal_moves(position))
        assert list(np.flatnonzero(seen["action_mask"])) == (expected if seat == mover
                                                             else [])


def test_a_game_plays_to_zero_sum_rewards() -> None:
    table = raw_env("reversi")
    table.reset(seed=0)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(table.agents, 0.0)
    for agent in table.agent_iter():
        _, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]))))
    values = sorted(totals.values())
    assert values in ([-1.0, 1.0], [0.0, 0.0])


def test_returns_are_zero_sum_and_a_draw_is_nothing() -> None:
    game = spaces_of("reversi").game
    draw = Outcome((32.0, 32.0), (), "equal discs")
    assert returns(game, draw, 2) == [0.0, 0.0]
    assert returns(game, Outcome((40.0, 24.0), (0,), "more discs"), 2) == [1.0, -1.0]
    three = returns(game, Outcome((9.0, 5.0, 3.0), (0,), "best"), 3)
    assert three == pytest.approx([1.0, -0.5, -0.5]) and sum(three) == pytest.approx(0)
    shared = returns(game, Outcome((9.0, 9.0, 3.0), (0, 1), "tie"), 3)
    assert sum(shared) == pytest.approx(0) and shared[0] == shared[1] > 0
    assert returns(game, None, 2) == [0.0, 0.0]  # a cut game


def test_the_seed_fixes_the_deal_and_the_deal_is_not_observed() -> None:
    one, two, other = raw_env("verso"), raw_env("verso"), raw_env("verso")
    one.reset(seed=11)
    two.reset(seed=11)
    other.reset(seed=12)
    game = one.game
    assert game.state_to_dict(one.position) == game.state_to_dict(two.position)
    assert game.state_to_dict(one.position) != game.state_to_dict(other.position)
    assert "seed" not in one.observe("player_0")


def test_render_is_the_spectators_text() -> None:
    table = raw_env("versus", render_mode="ansi")
    table.reset(seed=0)
    assert table.render() == seat_text(table.game, table.position, None)


def test_a_game_without_a_bound_is_truncated_at_max_plies() -> None:
    table = raw_env("versus", max_plies=6)
    table.reset(seed=0)
    plies = 0
    for agent in table.agent_iter():
        _, _, termination, truncation, _ = table.last()
        if termination or truncation:
            assert truncation and not termination and plies == 6
            table.step(None)
            continue
        table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
        plies += 1


def test_an_illegal_action_is_refused() -> None:
    table = raw_env("reversi")
    table.reset(seed=0)
    with pytest.raises(IllegalMoveError):
        table.step(0)  # a1 outflanks nothing at the start


def test_a_game_without_spaces_is_refused() -> None:
    from tabletop.model import TabletopError
    from tests.conformance.dice_toys import Pig

    with pytest.raises(TabletopError, match="declares no fixed action space"):
        env(Pig())
