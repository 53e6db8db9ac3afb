"""Every game the installed plugins register passes the conformance kit."""

import pytest

from tabletop.plugins import Host
from tabletop.testing import check_game

# The OpenSpiel bridge (an optional example plugin) runs the kit over its 41 games in its
# own tests, bounded for the slow ones; unbounded here it would take minutes.
HOST = Host(disabled=["openspiel"]).load()


def test_the_built_in_plugins_load_cleanly() -> None:
    assert HOST.errors == []
    assert {"verso", "versus"} <= set(HOST.games)


@pytest.mark.parametrize("game_id", sorted(HOST.games))
def test_registered_game_conforms(game_id: str) -> None:
    game = HOST.games[game_id]
    # A game whose rules set no bound on its length (Versus, versus.md §8) is cut here.
    report = check_game(game, seeds=range(3), max_plies=400)
    assert report.games_played >= 3


@pytest.mark.parametrize("game_id", sorted(HOST.games))
def test_every_agent_of_a_game_plays_a_legal_move(game_id: str) -> None:
    import random

    from tabletop.ai import Budget
    from tabletop.record import start

    game = HOST.games[game_id]
    state, _ = start(game, game.info.min_players, {}, 0)
    seat = game.to_move(state)
    assert seat is not None
    for spec in HOST.agent_specs(game_id):
        agent = spec.make(game)
        move = agent.choose(game.observation(state, seat), seat, game.legal_moves(state),
                            Budget(seconds=0.2, iterations=20), random.Random(0))
        assert move in game.legal_moves(state), spec.name
