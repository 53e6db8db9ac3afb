"""Moves (versus.md §3) and attraction (§4) on hand-built positions."""

from games.versus.board import CELLS, DEFAULT_TARGETS, NEIGHBOURS
from games.versus.pieces import pawn_code
from games.versus.state import Move
from tests.versus.helpers import (
    BLUE,
    BROWN,
    GAME,
    build,
    cell,
    code_at,
    move,
    name,
    play,
    pulls,
    shown,
)

FAR_BROWN = (5, -5)  # a Brown VERSUS out of the way


def destinations(state, frm):  # type: ignore[no-untyped-def]
    return {name_of(m.to) for m in GAME.legal_moves(state)
            if isinstance(m, Move) and m.frm == cell(*frm)}


def name_of(c: int) -> str:
    from games.versus.board import CELL_NAMES
    return CELL_NAMES[c]


def test_board_has_91_cells_and_six_targets_on_the_axis() -> None:  # versus.md §1
    assert CELLS == 91
    assert [name_of(t) for t in DEFAULT_TARGETS] == ["f1", "f3", "f5", "f7", "f9", "f11"]
    assert sum(len(n) == 6 for n in NEIGHBOURS) == 61


def test_start_position_cell_by_cell() -> None:  # versus.md §2
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    assert code_at(state, -3, 5) == 1 and code_at(state, 3, -5) == 2
    blue_row = [((-5, 5), 2), ((-4, 5), 4), ((-2, 5), 3), ((-1, 5), 1), ((0, 5), 3)]
    for (q, r), own in blue_row:
        assert code_at(state, q, r) == pawn_code(own, BLUE)
        assert code_at(state, -q, -r) == pawn_code(5 - own, BROWN)
    assert GAME.to_move(state) == BLUE


def test_pawn_steps_to_free_neighbours_only() -> None:  # versus.md §3
    state = build((-5, 5), FAR_BROWN, [(0, 2, 3, BLUE), (1, 2, 3, BLUE), (0, 1, 2, BROWN)])
    assert destinations(state, (0, 2)) == {name(-1, 2), name(-1, 3), name(0, 3), name(1, 1)}


def test_pawn_on_a_target_is_frozen() -> None:  # versus.md §3
    state = build((-5, 5), FAR_BROWN, [(-1, 0, 3, BLUE), (2, 2, 3, BLUE)])
    assert destinations(state, (-1, 0)) == set()
    assert state.frozen(cell(-1, 0))


def test_versus_slides_over_free_cells_and_stops_before_pieces() -> None:  # versus.md §3
    state = build((0, 3), FAR_BROWN, [(2, 3, 3, BLUE)])
    east = {d for d in destinations(state, (0, 3)) if d.startswith("c")}
    assert east == {name(q, 3) for q in range(-5, 2) if q != 0}


def test_versus_passes_over_but_cannot_stop_on_a_target() -> None:  # versus.md §3
    state = build((-1, 2), FAR_BROWN, [(4, 1, 3, BLUE)])
    reach = destinations(state, (-1, 2))
    assert name(-1, 0) not in reach
    assert name(-1, -1) in reach and name(-1, 1) in reach


def test_versus_may_stop_on_a_target_with_the_option() -> None:  # versus.md §3, §8
    state = build((-1, 2), FAR_BROWN, [(4, 1, 3, BLUE)], versus_may_stop_on_target=True)
    assert name(-1, 0) in destinations(state, (-1, 2))


def test_attraction_along_every_clear_line() -> None:  # versus.md §4
    state = build((0, 4), FAR_BROWN, [(-3, 3, 2, BROWN), (0, 0, 2, BROWN), (2, 3, 1, BROWN)])
    m = move(state, (0, 4), (0, 3))
    assert pulls(state, m) == {(name(-3, 3), name(-2, 3)), (name(0, 0), name(0, 1)),
                        (name(2, 3), name(1, 3))}
    after = GAME.apply(state, m)
    for q, r in ((-2, 3), (0, 1), (1, 3)):
        assert after.controller(cell(q, r)) == BLUE
    assert code_at(after, 0, 1) == pawn_code(2, BLUE)  # flipped, same sections
    assert code_at(after, 0, 0) == 0


def test_line_blocked_by_own_pawn() -> None:  # versus.md §4
    state = build((0, 4), FAR_BROWN, [(1, 3, 3, BLUE), (2, 3, 2, BROWN)])
    assert pulls(state, move(state, (0, 4), (-2, 4))) == set()
    # With the VERSUS west of its own pawn, the brown pawn behind it stays put.
    assert not pulls(state, move(state, (0, 4), (0, 3)))


def test_line_blocked_by_the_other_versus() -> None:  # versus.md §4
    state = build((0, 4), (0, 1), [(0, -1, 2, BROWN)])
    assert not pulls(state, move(state, (0, 4), (0, 3)))


def test_line_blocked_by_a_frozen_pawn_which_is_not_attracted() -> None:  # versus.md §4
    state = build((1, 4), FAR_BROWN, [(1, 0, 2, BROWN), (1, -2, 2, BROWN), (-4, 4, 5, BLUE)])
    m = move(state, (1, 4), (1, 3))
    assert not pulls(state, m)
    after = GAME.apply(state, m)
    assert after.controller(cell(1, 0)) == BROWN and after.controller(cell(1, -2)) == BROWN


def test_adjacent_enemy_pawn_is_neither_moved_nor_flipped() -> None:  # versus.md §4
    state = build((-1, 3), FAR_BROWN, [(1, 3, 2, BROWN)])
    after = play(state, (-1, 3), (0, 3))
    assert after.controller(cell(1, 3)) == BROWN


def test_versus_backing_away_attracts_the_pawn_it_left() -> None:  # versus.md §4
    state = build((0, 3), FAR_BROWN, [(1, 3, 2, BROWN)])
    m = move(state, (0, 3), (-1, 3))
    assert pulls(state, m) == {(name(1, 3), name(0, 3))}


def test_only_the_versus_attracts() -> None:  # versus.md §4
    state = build((-5, 5), FAR_BROWN, [(0, 3, 3, BLUE), (0, 0, 2, BROWN)])
    after = play(state, (0, 3), (0, 2))
    assert after.controller(cell(0, 0)) == BROWN


def test_pawn_pulled_onto_a_target_freezes_for_the_new_controller() -> None:  # versus.md §4
    state = build((-1, 4), FAR_BROWN, [(-1, -1, 4, BROWN), (2, 2, 3, BLUE)])
    m = move(state, (-1, 4), (-1, 2))
    assert [(a.frozen, name_of(a.to)) for a in shown(state, m).attractions] == [(True, name(-1, 0))]
    after = GAME.apply(state, m)
    assert after.frozen(cell(-1, 0)) and after.controller(cell(-1, 0)) == BLUE
    assert destinations(after, (-1, 0)) == set()


def test_brown_attracts_blue_pawns_too() -> None:  # versus.md §4
    state = build((-5, 5), (0, -3), [(0, 1, 3, BLUE)], to_move=BROWN)
    after = play(state, (0, -3), (0, -2))
    assert after.controller(cell(0, 0)) == BROWN
