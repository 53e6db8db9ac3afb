"""End of the game (versus.md §6) and scoring (§7) on hand-built positions."""

import random

import pytest

from games.versus import rules as R
from games.versus.search import SearchBoard
from games.versus.state import AgreeDraw, Resign
from tests.versus.helpers import BLUE, BROWN, GAME, build, cell, play

# Targets f1, f3, f5, f7, f9, f11 are axial (-5,0), (-3,0), (-1,0), (1,0), (3,0), (5,0).
FIVE_FILLED = [(-5, 0, 3, BLUE), (-3, 0, 2, BROWN), (-1, 0, 3, BLUE), (1, 0, 2, BROWN),
               (3, 0, 1, BROWN)]  # Blue 6, Brown 3 + 3 + 4 = 10; f11 empty


def test_decided_exact_boundary_does_not_end() -> None:  # versus.md §6.3
    # Blue can still reach 6 + 4 = 10 = Brown's banked 10: a tie is possible.
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 4, BLUE)])
    assert GAME.outcome(state) is None


def test_decided_when_banked_exceeds_potential() -> None:  # versus.md §6.3
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 3, BLUE)])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.startswith(R.DECIDED)
    assert outcome.scores == (6.0, 10.0) and outcome.winners == (BROWN,)


def test_decided_after_a_ply() -> None:  # versus.md §6.3
    # Tied 6-6 with two targets empty; Blue banks a 4 and Brown can add at most 1.
    pawns = [(-5, 0, 3, BLUE), (-3, 0, 2, BROWN), (-1, 0, 3, BLUE), (1, 0, 2, BROWN),
             (3, 1, 4, BLUE), (5, -1, 4, BLUE)]
    state = build((-5, 5), (0, -5), pawns)
    assert GAME.outcome(state) is None
    after = play(state, (3, 1), (3, 0))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason.startswith(R.DECIDED)
    assert outcome.winners == (BLUE,)


def test_all_targets_filled_is_reported_before_decided() -> None:  # versus.md §6.1, §6 order
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 5, BLUE)])
    assert GAME.outcome(state) is None
    after = play(state, (4, 1), (5, 0))
    assert R.decided(after.board, after.pieces, after.rules)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason.startswith(R.TARGETS_FULL)
    assert outcome.scores == (11.0, 10.0) and outcome.winners == (BLUE,)


def test_no_legal_move_ends_the_game() -> None:  # versus.md §6.2
    walls = [(4, -5, 3, BLUE), (4, -4, 3, BLUE), (5, -4, 3, BLUE)]
    state = build((-3, 5), (5, -5), walls)
    after = play(state, (-3, 5), (-3, 4))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason.startswith(R.NO_MOVE)
    assert outcome.winners == (BLUE, BROWN)  # 0-0: equal force
    assert GAME.legal_moves(after) == [] and GAME.to_move(after) is None


def test_no_legal_move_is_reported_before_decided() -> None:  # versus.md §6 order
    walls = [(4, -5, 5, BLUE), (4, -4, 5, BLUE), (5, -4, 5, BLUE)]
    state = build((-3, 5), (5, -5), [*walls, (-5, 1, 5, BLUE)])
    after = play(state, (-5, 1), (-5, 0))
    assert R.decided(after.board, after.pieces, after.rules)
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.reason.startswith(R.NO_MOVE)
    assert outcome.winners == (BLUE,)


def _triangle_dance(state):  # type: ignore[no-untyped-def]
    """Blue's two equal pawns turn round a triangle while Brown's VERSUS does too."""
    blue = [((-1, 3), (-1, 2)), ((-2, 3), (-1, 3)), ((-1, 2), (-2, 3))]
    brown = [((3, -4), (4, -4)), ((4, -4), (3, -3)), ((3, -3), (3, -4))]
    for b, r in zip(blue, brown, strict=True):
        state = play(state, *b)
        state = play(state, *r)
    return state


def test_third_repetition_ends_with_interchangeable_pawns() -> None:  # versus.md §6.5
    state = build((-5, 5), (3, -4), [(-2, 3, 3, BLUE), (-1, 3, 3, BLUE)])
    once = _triangle_dance(state)
    # The two pawns swapped places: the same position for the rule, second occurrence.
    assert GAME.outcome(once) is None and once.ply == 6
    twice = _triangle_dance(once)
    outcome = GAME.outcome(twice)
    assert outcome is not None and outcome.reason.startswith(R.REPETITION)
    assert twice.ply == 12


def test_repetition_limit_option() -> None:  # versus.md §6.5, §8
    state = build((-5, 5), (3, -4), [(-2, 3, 3, BLUE), (-1, 3, 3, BLUE)], repetition_limit=2)
    outcome = GAME.outcome(_triangle_dance(state))
    assert outcome is not None and outcome.reason.startswith(R.REPETITION)


def test_pawns_with_other_sections_are_not_interchangeable() -> None:  # versus.md §6.5
    state = build((-5, 5), (3, -4), [(-2, 3, 3, BLUE), (-1, 3, 4, BLUE)])
    assert GAME.outcome(_triangle_dance(_triangle_dance(state))) is None


def test_ply_limit_option_ends_the_game() -> None:  # versus.md §8: an experiment's cap
    state = build((-5, 5), (3, -4), [(-2, 3, 3, BLUE), (-1, 3, 4, BLUE)], ply_limit=4)
    state = play(play(state, (-1, 3), (-1, 2)), (3, -4), (4, -4))
    state = play(play(state, (-2, 3), (-1, 3)), (4, -4), (3, -3))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.startswith(R.PLY_LIMIT)


def test_scores_count_pawns_on_targets_for_their_controller() -> None:  # versus.md §7
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 4, BLUE)])
    assert R.banked(state.board, state.rules) == (6, 10)


def test_resignation_loses_whatever_the_score() -> None:  # versus.md §6.4, §7
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 4, BLUE)])
    after = GAME.apply(state, Resign(BROWN))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (BLUE,) and "resigned" in outcome.reason
    assert GAME.legal_moves(after) == [] and GAME.special_moves(after) == []


def test_agreed_draw() -> None:  # versus.md §6.4
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    assert AgreeDraw() in GAME.special_moves(state)
    assert AgreeDraw() not in GAME.legal_moves(state)
    outcome = GAME.outcome(GAME.apply(state, AgreeDraw()))
    assert outcome is not None and outcome.winners == () and outcome.reason == R.AGREED_DRAW
    assert outcome.reward(BLUE) == outcome.reward(BROWN) == 0.5


@pytest.mark.parametrize("options", [{"repetition_limit": 1}, {"ply_limit": -1}])
def test_option_bounds(options: dict[str, int]) -> None:  # versus.md §8
    from tabletop.model import OptionError

    with pytest.raises(OptionError):
        GAME.info.resolve_options(options)


def test_a_default_game_has_no_ply_limit() -> None:  # versus.md §8
    assert GAME.info.max_plies is None
    assert GAME.info.resolve_options()["ply_limit"] == R.NO_PLY_LIMIT
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    assert not R.past_ply_limit(10**9, state.rules)
    # Seed 1's random game runs past the old cap of 1000 plies and ends only by §6.
    rng = random.Random(1)
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
    assert state.ply > 1000 and state.end is not None
    assert state.end.reason in (R.TARGETS_FULL, R.NO_MOVE, R.DECIDED, R.REPETITION)


def test_a_versus_parked_on_a_target_does_not_fill_it() -> None:  # versus.md §6.3
    # Five targets hold pawns (Blue 6, Brown 10); Blue's VERSUS stands on the sixth, f11,
    # which the option allows. The target holds no pawn, so it counts as empty: Blue's
    # 4/1 pawn off the targets could still tie (6 + 4 = 10) and the game goes on.
    state = build((5, 0), (0, -5), [*FIVE_FILLED, (4, 1, 4, BLUE)],
                  versus_may_stop_on_target=True)
    assert GAME.outcome(state) is None
    assert R.empty_targets(state.board, state.rules) == (cell(5, 0),)
    assert R.potential(state.board, state.pieces, BLUE, state.rules, 6) == 10
    assert not R.decided(state.board, state.pieces, state.rules)
    # A 3/2 pawn could reach only 9: then the parked VERSUS does not save Blue (§6.3).
    lost = build((5, 0), (0, -5), [*FIVE_FILLED, (4, 1, 3, BLUE)],
                 versus_may_stop_on_target=True)
    outcome = GAME.outcome(lost)
    assert outcome is not None and outcome.reason.startswith(R.DECIDED)


def test_the_search_and_the_game_share_the_end_test() -> None:  # versus.md §6
    state = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 3, BLUE)])
    assert GAME.outcome(state) is not None
    assert SearchBoard(state).final_value() is not None
    going = build((-5, 5), (0, -5), [*FIVE_FILLED, (4, 1, 4, BLUE)])
    assert SearchBoard(going).final_value() is None
