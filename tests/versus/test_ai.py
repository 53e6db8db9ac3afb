"""The Versus AI players, the host's generic MCTS on Versus, and plugin registration."""

import random

import pytest

from games.versus import rules as R
from games.versus.agents import GreedyAgent, StrongAgent
from games.versus.search import SearchBoard, Searcher, hash_key
from tabletop.ai import Budget, MCTSAgent, RandomAgent
from tabletop.plugins import Host
from tests.versus.helpers import BLUE, BROWN, GAME, build, cell, move, pulls, shown
from tests.versus.test_properties import random_game


def play_out(agents, seed: int, budget: Budget):  # type: ignore[no-untyped-def]
    state = GAME.new_state(2, GAME.info.resolve_options(), seed)
    rngs = [random.Random(seed * 2 + seat) for seat in range(2)]
    while (seat := GAME.to_move(state)) is not None:
        legal = GAME.legal_moves(state)
        choice = agents[seat].choose(GAME.observation(state, seat), seat, legal, budget,
                                     rngs[seat])
        assert choice in legal
        state = GAME.apply(state, choice)
    return state


def test_plugin_registers_the_game_and_agents() -> None:
    host = Host()
    host.load()
    assert "versus" in host.games
    names = {spec.name: spec.strength for spec in host.agent_specs("versus")}
    assert host.strongest_agent("versus").name == "strong"
    assert names["greedy"] == 20 and names["strong"] == 30
    assert {"random", "mcts"} <= set(names)


def test_search_board_make_unmake_restores_and_matches_the_rules() -> None:
    for state in random_game(3, 120)[::7]:
        pos = SearchBoard(state)
        before = (bytes(pos.board), sorted(pos.pieces), pos.hash, pos.streaks, pos.decided)
        codes = pos.moves()
        assert codes == [R.encode(m.frm, m.to) for m in GAME.legal_moves(state)]
        for code in codes:
            undo = pos.make(code)
            after = GAME.apply(state, next(m for m in GAME.legal_moves(state)
                                           if R.encode(m.frm, m.to) == code))
            assert bytes(pos.board) == after.board and pos.streaks == after.streaks
            assert pos.hash == hash_key(after.history.last or b"")
            assert (pos.final_value() is not None) == (after.end is not None)
            pos.unmake(undo)
        assert (bytes(pos.board), sorted(pos.pieces), pos.hash, pos.streaks,
                pos.decided) == before


def test_greedy_takes_an_attraction_onto_a_target() -> None:  # versus.md §4
    state = build((-1, 4), (5, -5), [(-1, -1, 1, BROWN), (2, 2, 3, BLUE)])
    choice = GreedyAgent().choose(state, BLUE, GAME.legal_moves(state), Budget(),
                                  random.Random(0))
    assert cell(-1, 0) in {a.to for a in shown(state, choice).attractions}
    assert pulls(state, move(state, (-1, 4), (-1, 2)))  # the test position is as meant


def test_strong_finds_the_winning_freeze() -> None:  # versus.md §6.3
    state = build((-1, 4), (5, -5), [(-1, -1, 1, BROWN), (2, 2, 3, BLUE)])
    choice = StrongAgent().choose(state, BLUE, GAME.legal_moves(state),
                                  Budget(iterations=3000), random.Random(0))
    assert cell(-1, 0) in {a.to for a in shown(state, choice).attractions}


def test_strong_is_deterministic_for_a_node_budget() -> None:
    state = random_game(5, 30)[-1]
    picks = {StrongAgent().choose(state, state.to_move, GAME.legal_moves(state),
                                  Budget(iterations=2000), random.Random(7))
             for _ in range(2)}
    assert len(picks) == 1


def test_strong_reaches_depth_four_on_a_small_node_budget() -> None:
    state = random_game(11, 24)[-1]
    searcher = Searcher(20_000, None)
    order = [R.encode(m.frm, m.to) for m in GAME.legal_moves(state)]
    searcher.root(SearchBoard(state), order)
    assert searcher.depth_done >= 4


@pytest.mark.parametrize("seed", [0, 1])
def test_strong_beats_random(seed: int) -> None:
    agents = [StrongAgent(), RandomAgent()]
    if seed % 2:
        agents.reverse()
    final = play_out(agents, seed, Budget(iterations=400))
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winners == (seed % 2,)


def test_greedy_beats_random() -> None:
    final = play_out([GreedyAgent(), RandomAgent()], 3, Budget())
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.winners == (BLUE,)


def test_generic_mcts_plays_versus_to_the_end() -> None:
    final = play_out([MCTSAgent(GAME, rollout_limit=20), GreedyAgent()], 4,
                     Budget(iterations=12))
    assert GAME.outcome(final) is not None
    assert all(0.0 <= v <= 1.0 for v in GAME.evaluate(random_game(4, 40)[-1]) or ())
