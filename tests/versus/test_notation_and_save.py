"""Notation, pictures, log lines, the save format and option data (versus.md §8, §9)."""

import json
from typing import Any

import pytest

from games.versus import rules as R
from games.versus.board import CELL_NAMES, ROWS
from games.versus.state import AgreeDraw, Move, Resign
from tabletop.lines import render
from tabletop.model import IllegalMoveError, NotationError, OptionError, StateFormatError
from tests.versus.helpers import BLUE, BROWN, GAME, build, move

START = GAME.new_state(2, GAME.info.resolve_options(), 0)


def test_cell_names_rows_a_to_k() -> None:  # notation
    assert [len(row) for row in ROWS] == [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    assert CELL_NAMES[ROWS[-1][0]] == "a1" and CELL_NAMES[ROWS[0][-1]] == "k6"
    assert CELL_NAMES[ROWS[5][10]] == "f11"


def test_move_notation_round_trips_and_reads_loosely() -> None:  # versus.md §9
    for m in GAME.legal_moves(START):
        assert GAME.parse_move(START, GAME.move_to_text(START, m)) == m
    slide = GAME.parse_move(START, " v A3 - E3 ")
    assert isinstance(slide, Move) and slide.versus and GAME.move_to_text(START, slide) == "Va3-e3"
    assert GAME.parse_move(START, "a3-e3") == slide
    assert GAME.parse_move(START, "resign") == Resign(BLUE)
    assert GAME.parse_move(START, "Resign Brown") == Resign(BROWN)
    assert GAME.parse_move(START, "draw") == AgreeDraw()


@pytest.mark.parametrize("text", ["", "a1", "a1-", "x1-a2", "a7-b1", "a1-b1-c1", "resign red"])
def test_garbage_is_a_notation_error(text: str) -> None:  # versus.md §9
    with pytest.raises(NotationError):
        GAME.parse_move(START, text)


@pytest.mark.parametrize("text", ["a1-c1", "Va1-b1", "k1-j1", "Va3-f3", "f6-f7", "Va3-a4"])
def test_well_formed_illegal_moves(text: str) -> None:  # versus.md §3
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(START, text)


def test_apply_refuses_illegal_moves() -> None:  # versus.md §3
    with pytest.raises(IllegalMoveError):
        GAME.apply(START, Move(0, 10, False))


def test_board_picture_has_cell_labels_on_its_edges() -> None:  # versus.md §9
    text = GAME.render_text(START)
    lines = text.splitlines()
    assert lines[0].split()[0] == "k1" and lines[0].split()[-1] == "k6"
    assert lines[10].split()[0] == "a1" and lines[10].split()[-1] == "a6"
    assert "[ .]" in lines[5] and "Blue to move" in text


def test_describe_names_the_move_attractions_and_freezes() -> None:  # versus.md §9
    state = build((-1, 4), (5, -5), [(-1, -1, 4, BROWN), (2, 2, 3, BLUE)])
    m = move(state, (-1, 4), (-1, 2))
    after = GAME.apply(state, m)
    lines = [render(line, GAME.info.seat_names) for line in GAME.describe(state, m, after)]
    assert lines[0].startswith("Blue slides the VERSUS from ")
    assert any("pulls Brown's pawn of 1 brown and 4 blue sections" in line for line in lines)
    assert any("frozen" in line for line in lines)


def test_state_dict_round_trips_through_json() -> None:  # versus.md §9
    state = START
    for _ in range(6):
        state = GAME.apply(state, GAME.legal_moves(state)[3])
    data = json.loads(json.dumps(GAME.state_to_dict(state)))
    back = GAME.state_from_dict(data)
    assert back == state and GAME.state_to_dict(back) == data


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(version=2),
    lambda d: d.pop("history"),
    lambda d: d.update(to_move="red"),
    lambda d: d["position"]["pawns"].append({"cell": "a1", "blue": 1, "control": "blue"}),
    lambda d: d.update(streaks=[["f6", 1]]),
    lambda d: d.update(end={"reason": "boredom", "resigned": None}),
    lambda d: d.update(history=["zz"]),
])
def test_bad_state_dicts_are_refused(spoil) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(GAME.state_to_dict(START)))
    spoil(data)
    with pytest.raises(StateFormatError):
        GAME.state_from_dict(data)


def _start_with(change):  # type: ignore[no-untyped-def]
    data = json.loads(json.dumps(R.START_POSITION))
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["pawns"].__setitem__(0, {**d["pawns"][0], "cell": "a2"}), "overlap"),
    (lambda d: d["pawns"].__setitem__(0, {**d["pawns"][0], "cell": [6, 0]}), "off the board"),
    (lambda d: d["pawns"].__setitem__(0, {**d["pawns"][0], "cell": "z9"}), "not a cell"),
    (lambda d: d["pawns"].__setitem__(0, {**d["pawns"][0], "brown": 4}), "5 sections"),
    (lambda d: d["versus"].pop("brown"), "one VERSUS per colour"),
    (lambda d: d.update(pawns=[]), "non-empty"),
    (lambda d: d["pawns"].__setitem__(0, {**d["pawns"][0], "control": "red"}), "control"),
])
def test_start_position_data_is_validated(change, message: str) -> None:  # type: ignore[no-untyped-def]  # versus.md §8
    with pytest.raises(OptionError, match=message):
        GAME.info.resolve_options({"start_position": _start_with(change)})


@pytest.mark.parametrize("targets", [[], ["f1", "f1"], ["f1", [9, 9]], "f1"])
def test_target_data_is_validated(targets: object) -> None:  # versus.md §8
    with pytest.raises(OptionError):
        GAME.info.resolve_options({"targets": targets})


def test_other_targets_and_start_as_data() -> None:  # versus.md §8
    options = GAME.info.resolve_options({"targets": ["f6"], "start_position": R.START_POSITION})
    state = GAME.new_state(2, options, 0)
    assert state.rules.targets == (ROWS[5][5],)
    option = GAME.info.option("targets")
    assert option.parse('["f6", [1, 0]]') == ["f6", [1, 0]]


def test_versus_may_not_start_on_a_target_by_default() -> None:  # versus.md §3
    data = _start_with(lambda d: d["versus"].update(blue="f1"))
    with pytest.raises(OptionError, match="target"):
        GAME.new_state(2, GAME.info.resolve_options({"start_position": data}), 0)


def test_default_options_reproduce_the_spec() -> None:  # versus.md §8
    options = GAME.info.resolve_options()
    assert options["versus_may_stop_on_target"] is False
    assert options["repetition_limit"] == 3
    assert options["start_position"] is None and options["targets"] is None
    assert GAME.info.seat_names == ("Blue", "Brown") and not GAME.info.hidden_information


def test_describe_reuses_the_preview_of_the_move(  # versus.md §9
        monkeypatch: pytest.MonkeyPatch) -> None:
    traced = []
    real = R.attractions

    def counted(*args: Any) -> Any:
        traced.append(args[1:3])
        return real(*args)

    monkeypatch.setattr(R, "attractions", counted)
    state = build((-1, 4), (5, -5), [(-1, -1, 4, BROWN), (2, 2, 3, BLUE)])
    m = move(state, (-1, 4), (-1, 2))
    shown = GAME.preview(state, m)  # what the front end showed
    after = GAME.apply(state, m)  # the ply traces the lines once more, making the move
    assert len(traced) == 2
    lines = [render(line, GAME.info.seat_names) for line in GAME.describe(state, m, after)]
    assert len(traced) == 2 and GAME.preview(state, m) is shown
    assert sum("VERSUS pulls" in line for line in lines) == len(shown.attractions) == 1
