"""Reversi's rules, each test naming the section of rules.md it checks."""

from __future__ import annotations

import pytest
from tabletop_reversi import rules
from tabletop_reversi.game import Reversi
from tabletop_reversi.rules import PASS, Move, Position

from tabletop.model import IllegalMoveError, NotationError, StateFormatError

GAME = Reversi()


def position(rows: list[str], to_move: int | None = 0) -> Position:
    """A position from a picture: one string per row from the top, x Black, o White."""
    discs = "".join(rows).replace("x", rules.BLACK).replace("o", rules.WHITE)
    return Position(len(rows), discs, to_move)


def square(name: str, size: int = 8) -> int:
    found = rules.square_of(size, name)
    assert found is not None
    return found


def test_start_has_four_crossed_discs_and_black_first() -> None:  # rules.md §2
    state = GAME.new_state(2, {"size": 8}, seed=0)
    assert GAME.to_move(state) == 0
    assert [rules.square_name(8, s) for s, d in enumerate(state.discs) if d == rules.WHITE] \
        == ["d4", "e5"]
    assert [rules.square_name(8, s) for s, d in enumerate(state.discs) if d == rules.BLACK] \
        == ["e4", "d5"]


def test_black_opens_on_the_four_classic_squares() -> None:  # rules.md §3
    state = GAME.new_state(2, {"size": 8}, seed=0)
    assert [GAME.move_to_text(state, m) for m in GAME.legal_moves(state)] == \
        ["d3", "c4", "f5", "e6"]


def test_a_placement_must_outflank() -> None:  # rules.md §3
    state = GAME.new_state(2, {"size": 8}, seed=0)
    with pytest.raises(IllegalMoveError, match="outflanks no disc"):
        GAME.parse_move(state, "a1")
    with pytest.raises(IllegalMoveError, match="d4 is taken"):
        GAME.parse_move(state, "d4")


def test_every_outflanked_line_turns_and_only_those() -> None:  # rules.md §4
    state = position([
        "x.x.x...",
        ".ooo....",
        "xo.o....",
        ".ooo....",
        "x.x.o...",
        "........",
        "........",
        "........",
    ])
    after = GAME.apply(state, Move(square("c3")))
    turned = {rules.square_name(8, s) for s in range(64)
              if state.discs[s] == rules.WHITE and after.discs[s] == rules.BLACK}
    # Six lines close on a Black disc; two do not, and their discs stay White.
    assert turned == {"b2", "c2", "d2", "b3", "b4", "c4"}
    assert after.discs[square("d3")] == rules.WHITE  # its line runs on to an empty e3
    assert after.discs[square("d4")] == rules.WHITE  # past White's e5 to an empty f6
    assert after.discs[square("c3")] == rules.BLACK


def test_pass_only_without_a_placement() -> None:  # rules.md §5
    start = GAME.new_state(2, {"size": 8}, seed=0)
    with pytest.raises(IllegalMoveError, match="only when you cannot place"):
        GAME.parse_move(start, "pass")
    # White has no disc to outflank with, Black still has moves: White must pass.
    blocked = position([
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxo",
        "xxxxxxx.",
        "xxxxxx..",
        "xxxxxx..",
    ], to_move=1)
    assert GAME.legal_moves(blocked) == [PASS]
    after = GAME.apply(blocked, PASS)
    assert GAME.to_move(after) == 0 and GAME.move_to_text(after, PASS) == "pass"


def test_game_ends_when_neither_can_place_and_most_discs_wins() -> None:  # §6, §7
    state = position([
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxxx",
        "xxxxxxoo",
        "xxxxxxo.",
    ], to_move=0)
    after = GAME.apply(state, Move(square("h8")))
    assert GAME.to_move(after) is None and GAME.legal_moves(after) == []
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (64.0, 0.0)


def test_equal_discs_are_a_draw() -> None:  # rules.md §7
    state = position(["xxxooo"] * 6, to_move=None)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "equal" in outcome.reason


def test_sizes_six_and_ten() -> None:  # rules.md §1
    for size in (6, 10):
        state = GAME.new_state(2, {"size": size}, seed=0)
        assert len(state.discs) == size * size and state.count(0) == state.count(1) == 2


def test_notation_errors_are_one_line() -> None:
    state = GAME.new_state(2, {"size": 8}, seed=0)
    for junk in ("", "z9", "d", "d0", "i1", "3d", "pas"):
        with pytest.raises(NotationError, match="is not a square"):
            GAME.parse_move(state, junk)


def test_saved_positions_are_checked() -> None:
    state = GAME.new_state(2, {"size": 8}, seed=0)
    data = GAME.state_to_dict(state)
    assert GAME.state_from_dict(data) == state
    for bad in ({**data, "size": 7}, {**data, "discs": data["discs"][:-1]},
                {**data, "discs": data["discs"].replace(".", "?", 1)},
                {**data, "to_move": None}, {**data, "to_move": True}, {**data, "version": 2}):
        with pytest.raises(StateFormatError):
            GAME.state_from_dict(bad)


def test_evaluate_prefers_the_side_holding_corners() -> None:
    corner = position(["x......."] + ["........"] * 2 + ["...ox..."] + ["...xo..."]
                      + ["........"] * 3)
    black, white = GAME.evaluate(corner)
    assert black > 0.5 > white and black + white == pytest.approx(1.0)


def test_every_citation_names_a_section_of_rules_md() -> None:
    # The rulebook the app shows (F1) is the one the code and tests cite.
    import re
    from pathlib import Path

    import tabletop_reversi

    package = Path(tabletop_reversi.__file__).parent
    text = (package / "rules.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (\d+)\. \S", text, re.MULTILINE)
    assert sections == [str(n) for n in range(1, 8)]
    assert GAME.info.rules_text == text and GAME.info.rules_help
    cited = []
    for path in [*package.glob("*.py"), *Path(__file__).parent.glob("*.py")]:
        for number in re.findall(r"§(\d+)", path.read_text(encoding="utf-8")):
            cited.append(number)
            assert number in sections, f"{path.name}: §{number}"
    assert len(cited) > 20
