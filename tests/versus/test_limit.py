"""The repeated-attraction limit (versus.md §5)."""

from tests.versus.helpers import BLUE, BROWN, GAME, build, cell, move, name, play, pulls, shown

# A pawn on the centre, in the line of both VERSUS; a second brown pawn (Q) that Blue's
# VERSUS sees from (0, 2); a spare brown pawn (R) far away for a quiet Brown move.


def tug(blue_sections: int):  # type: ignore[no-untyped-def]
    """Blue attracts the centre pawn, Brown attracts it back: its streak is 2."""
    state = build((0, 4), (0, -4), [(0, 0, blue_sections, BROWN), (-3, 2, 1, BROWN),
                                    (5, -5, 1, BROWN)])
    state = play(state, (0, 4), (0, 3))
    assert state.controller(cell(0, 1)) == BLUE
    assert state.streaks == ((cell(0, 1), 1),)
    state = play(state, (0, -4), (0, -3))
    assert state.controller(cell(0, 0)) == BROWN
    assert state.streaks == ((cell(0, 0), 2),)
    return state


def test_non_dominating_player_is_refused_but_the_move_stays_legal() -> None:  # versus.md §5
    state = tug(blue_sections=2)  # brown dominates
    m = move(state, (0, 3), (0, 2))
    assert shown(state, m).refused == (cell(0, 0),)
    # The other attraction of the same move still happens.
    assert pulls(state, m) == {(name(-3, 2), name(-2, 2))}
    after = GAME.apply(state, m)
    assert after.controller(cell(0, 0)) == BROWN
    assert after.controller(cell(-2, 2)) == BLUE
    assert after.streaks == ((cell(-2, 2), 1),)  # the refused pawn was left alone
    assert any("limit" in str(line) for line in GAME.describe(state, m, after))


def test_dominating_player_is_never_refused() -> None:  # versus.md §5
    state = tug(blue_sections=3)  # blue dominates
    m = move(state, (0, 3), (0, 2))
    assert not shown(state, m).refused
    assert (name(0, 0), name(0, 1)) in pulls(state, m)
    after = GAME.apply(state, m)
    assert after.controller(cell(0, 1)) == BLUE
    assert dict(after.streaks)[cell(0, 1)] == 3
    # Now Brown, who does not dominate, is refused on the next ply.
    back = move(after, (0, -3), (0, -2))
    assert shown(after, back).refused == (cell(0, 1),)


def test_may_attract_again_after_the_pawn_was_left_alone() -> None:  # versus.md §5
    state = tug(blue_sections=2)
    state = play(state, (0, 3), (0, 2))  # refused: counts as a ply it was left alone
    state = play(state, (5, -5), (4, -4))  # Brown plays elsewhere
    m = move(state, (0, 2), (0, 3))
    assert (name(0, 0), name(0, 1)) in pulls(state, m) and not shown(state, m).refused


def test_refused_ply_resets_the_streak_at_once() -> None:  # versus.md §5
    state = tug(blue_sections=2)
    state = play(state, (0, 3), (0, 2))
    assert cell(0, 0) not in dict(state.streaks)


def test_a_pawn_step_resets_every_streak() -> None:  # versus.md §5
    state = build((0, 4), (5, -5), [(0, 0, 2, BROWN), (-4, 4, 3, BLUE)])
    state = play(state, (0, 4), (0, 3))
    assert state.streaks
    state = play(state, (5, -5), (4, -5))
    assert state.streaks == ()
    assert state.to_move == BLUE
