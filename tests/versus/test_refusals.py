"""Why a move is refused (versus.md §3, §6, §8): the reason follows the game's options.

Each option that changes what is legal is tried both ways: the refusal names the rule
for a move that breaks it, and the same move is played when the option allows it.
"""

import pytest

from games.versus import rules as R
from games.versus.board import CELL_NAMES
from games.versus.state import Move, VersusState
from tabletop.model import IllegalMoveError
from tests.versus.helpers import BLUE, BROWN, GAME, build, cell, move, name

FAR_BROWN = (5, -5)  # a Brown VERSUS out of the way
STOP_RULE = "may not stop on the target"
LINE_RULE = "a VERSUS slides in a straight line over free cells only"


def refusal(state: VersusState, text: str) -> str:
    """The reason `parse_move` and `apply` give for the move `text` (they must agree)."""
    with pytest.raises(IllegalMoveError) as parsed:
        GAME.parse_move(state, text)
    frm, to = text.lstrip("V").split("-")
    piece = Move(cell_named(frm), cell_named(to), text.startswith("V"))
    with pytest.raises(IllegalMoveError) as applied:
        GAME.apply(state, piece)
    reason = str(parsed.value)
    assert str(applied.value) == reason
    return reason


def cell_named(text: str) -> int:
    return CELL_NAMES.index(text)


def slide_to_f5(**options: object) -> VersusState:
    """Blue's VERSUS on d5 with a free line up to the target f5 and on to g5."""
    return build((-1, 2), FAR_BROWN, [(4, 1, 3, BLUE)], **options)


def test_the_stop_rule_refuses_a_slide_onto_a_target_by_default() -> None:  # versus.md §3
    state = slide_to_f5()
    assert (name(-1, 2), name(-1, 0)) == ("d5", "f5")
    reason = refusal(state, "Vd5-f5")
    assert STOP_RULE + " f5" in reason
    assert '"VERSUS on a target"' in reason  # the option that would allow it (§8)


def test_with_the_option_on_the_same_slide_is_played() -> None:  # versus.md §3, §8
    state = slide_to_f5(versus_may_stop_on_target=True)
    played = GAME.apply(state, GAME.parse_move(state, "Vd5-f5"))
    assert played.board[cell(-1, 0)] == 1  # Blue's VERSUS stands on the target


@pytest.mark.parametrize("stop", [False, True])
def test_a_slide_off_a_line_is_refused_for_the_line_either_way(stop: bool) -> None:
    # versus.md §3: no option allows it, so the stop rule is never the reason given.
    state = slide_to_f5(versus_may_stop_on_target=stop)
    for text in ("Vd5-f3", "Vd5-f1"):  # targets, but not on a line from d5
        reason = refusal(state, text)
        assert reason == LINE_RULE and STOP_RULE not in reason


@pytest.mark.parametrize("stop", [False, True])
def test_a_blocked_line_to_a_target_is_refused_for_the_line_either_way(stop: bool) -> None:
    # versus.md §3: a pawn on e5 blocks d5-f5; the option would not open the line.
    state = build((-1, 2), FAR_BROWN, [(-1, 1, 3, BLUE)], versus_may_stop_on_target=stop)
    assert refusal(state, "Vd5-f5") == LINE_RULE


def test_other_targets_move_the_stop_rule_with_them() -> None:  # versus.md §3, §8
    # The target is e5 alone: f5 is an ordinary cell and e5 refuses the VERSUS.
    state = slide_to_f5(targets=["e5"])
    assert STOP_RULE + " e5" in refusal(state, "Vd5-e5")
    GAME.apply(state, GAME.parse_move(state, "Vd5-f5"))
    allowed = slide_to_f5(targets=["e5"], versus_may_stop_on_target=True)
    GAME.apply(allowed, GAME.parse_move(allowed, "Vd5-e5"))


def test_other_targets_freeze_the_pawns_on_them() -> None:  # versus.md §3, §8
    # Brown's 1/4 pawn keeps the game open (§6.3): Blue's 3 banked on e10 can be beaten.
    pawn = [(4, 1, 3, BLUE), (2, -4, 1, BROWN)]
    assert (name(4, 1), name(3, 1)) == ("e10", "e9")
    frozen = build((-1, 2), FAR_BROWN, pawn, targets=["e10", "f5"])
    assert GAME.to_move(frozen) == BLUE
    assert refusal(frozen, "e10-e9").startswith("the pawn on e10 is frozen on a target")
    free = build((-1, 2), FAR_BROWN, pawn)
    GAME.apply(free, GAME.parse_move(free, "e10-e9"))


def _shuffle(state: VersusState) -> VersusState:
    """Both VERSUS step out and back (nothing attracted): the position comes back."""
    for frm, to in (((-1, 2), (-2, 2)), ((5, -5), (5, -4)), ((-2, 2), (-1, 2)),
                    ((5, -4), (5, -5))):
        state = GAME.apply(state, move(state, frm, to))
    return state


def test_a_repetition_limit_of_two_ends_the_game_and_the_refusal_says_so() -> None:
    # versus.md §6.5, §8: the start position back once is its second occurrence.
    ended = _shuffle(slide_to_f5(repetition_limit=2))
    assert ended.end is not None and ended.end.reason == R.REPETITION
    assert refusal(ended, "Vd5-e5").startswith("the game is over: position repeated")
    going = _shuffle(slide_to_f5())  # the default limit, 3: the same move is played
    GAME.apply(going, GAME.parse_move(going, "Vd5-e5"))


def test_a_ply_limit_ends_the_game_and_the_refusal_says_so() -> None:  # versus.md §8
    state = slide_to_f5(ply_limit=1)
    capped = GAME.apply(state, GAME.parse_move(state, "Vd5-e5"))
    assert refusal(capped, "Vk6-j7").startswith("the game is over: ply limit reached")
    state = slide_to_f5()  # no limit (the default): Brown plays on
    going = GAME.apply(state, GAME.parse_move(state, "Vd5-e5"))
    GAME.apply(going, GAME.parse_move(going, "Vk6-j7"))


@pytest.mark.parametrize("stop", [False, True])
def test_refused_stops_are_exactly_the_slides_the_option_adds(stop: bool) -> None:
    # versus.md §3, §8: the rules' own account, which the refusal above reads.
    state = slide_to_f5(versus_may_stop_on_target=stop)
    refused = R.refused_stops(state.board, state.pieces, BLUE, state.rules)
    if stop:
        assert refused == []
    else:
        on = slide_to_f5(versus_may_stop_on_target=True)
        added = set(R.legal_moves(on.board, on.pieces, BLUE, on.rules)) - set(
            R.legal_moves(state.board, state.pieces, BLUE, state.rules))
        assert set(refused) == added and R.encode(cell(-1, 2), cell(-1, 0)) in added
        assert all(state.rules.is_target[m & 127] for m in refused)
