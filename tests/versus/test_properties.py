"""Property tests over random games (versus.md §3-§7) and the host's conformance kit."""

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.versus.pieces import FIRST_PAWN, OWNER, VALUE
from games.versus.state import Move, VersusState
from tabletop.record import Record, record_of, replay
from tabletop.testing import check_game
from tests.versus.helpers import GAME

SETTINGS = settings(max_examples=15, deadline=None)


def random_game(seed: int, plies: int, **options: object) -> list[VersusState]:
    return random_line(seed, plies, **options)[0]


def random_line(seed: int, plies: int,
                **options: object) -> tuple[list[VersusState], list[Move]]:
    rng = random.Random(seed)
    state = GAME.new_state(2, GAME.info.resolve_options(options), seed)
    states, played = [state], []
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        state = GAME.apply(state, move)
        states.append(state)
        played.append(move)
    return states, played


def _pawn_census(state: VersusState) -> Counter[int]:
    return Counter((code - FIRST_PAWN) >> 1 for code in state.board if code >= FIRST_PAWN)


@SETTINGS
@given(st.integers(0, 10**6), st.booleans())
def test_pieces_never_overlap_and_are_conserved(seed: int, stop: bool) -> None:  # §3, §4
    states = random_game(seed, 300, versus_may_stop_on_target=stop)
    census = _pawn_census(states[0])
    for state in states:
        assert len(state.pieces) == 12 == sum(1 for c in state.board if c)
        assert _pawn_census(state) == census  # pawns keep their sections
        assert sorted(OWNER[state.board[c]] for c in state.pieces
                      if state.board[c] < FIRST_PAWN) == [0, 1]


@SETTINGS
@given(st.integers(0, 10**6))
def test_frozen_pawns_never_change(seed: int) -> None:  # versus.md §3
    states = random_game(seed, 400)
    for before, after in itertools.pairwise(states):
        for t in before.rules.targets:
            if before.board[t] >= FIRST_PAWN:
                assert after.board[t] == before.board[t]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_scores_are_the_sum_over_targets(seed: int) -> None:  # versus.md §7
    final = random_game(seed, 100_000)[-1]  # to the end: no ply cap (§8)
    outcome = GAME.outcome(final)
    assert outcome is not None
    expected = [0, 0]
    for t in final.rules.targets:
        code = final.board[t]
        if code >= FIRST_PAWN:
            expected[OWNER[code]] += VALUE[OWNER[code]][code]
    assert outcome.scores == tuple(float(x) for x in expected)


@SETTINGS
@given(st.integers(0, 10**6))
def test_streaks_only_on_pawns_just_attracted(seed: int) -> None:  # versus.md §5
    states = random_game(seed, 200)
    for state in states:
        for cell, streak in state.streaks:
            assert state.board[cell] >= FIRST_PAWN and 1 <= streak <= 3
            assert OWNER[state.board[cell]] != state.to_move


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 120))
def test_records_replay_exactly(seed: int, plies: int) -> None:  # versus.md §9
    states, moves = random_line(seed, plies)
    options = GAME.info.resolve_options()
    record = record_of(GAME, 2, options, seed, states, moves)
    replayed = replay(GAME, Record.from_json(record.to_json()))
    assert replayed.final == states[-1]


def test_conformance_kit() -> None:  # the plugin contract; versus.md §8: no ply cap
    report = check_game(GAME, seeds=range(4), max_plies=300)
    assert report.games_played == 4
    check_game(GAME, seeds=range(2), max_plies=300,
               options={"versus_may_stop_on_target": True, "repetition_limit": 2})


def test_conformance_kit_on_whole_games() -> None:  # versus.md §6, §8
    # Seeds whose random games end within 1,500 plies, checked to their end.
    report = check_game(GAME, seeds=(0, 3), max_plies=1500, full_check_plies=10,
                        full_check_every=50)
    assert report.games_played == 2 and report.games_cut == 0
