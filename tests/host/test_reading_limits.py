"""Issue 10: records, state dicts and options are bounded and typed where they are read."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from games.verso.game import VersoGame
from games.versus.game import VersusGame
from tabletop.limits import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_ITEMS,
    MAX_MESSAGE,
    data_problem,
    one_line,
    read_text,
    shown,
)
from tabletop.model import OptionError, RecordError, StateFormatError, TabletopError
from tabletop.record import Record, record_of, replay, start
from tests.fuzz.mutations import is_clear


def versus_record() -> dict[str, Any]:
    game = VersusGame()
    state, options = start(game, 2, {}, 4)
    states, moves = [state], []
    for _ in range(6):
        move = game.legal_moves(state)[0]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return json.loads(record_of(game, 2, options, 4, states, moves, ("human", "random"))
                      .to_json())


@pytest.mark.parametrize(("field", "value", "message"), [
    ("version", True, "record version True is not supported"),
    ("version", 1.0, "record version 1.0 is not supported"),
    ("version", "1", "record version '1' is not supported"),
    ("seed", True, "record's seed must be a whole number"),
    ("seed", 2.0, "record's seed must be a whole number"),
    ("seed", 2**64, "record's seed must be a whole number"),
    ("players", True, "record's players must be a whole number"),
    ("agents", 5, "record's agents must be a list of names, not 5"),
    ("agents", "x", "record's agents must be a list of names, not 'x'"),
    ("agents", [1, 2], "record's agents must be a name"),
    ("agents", ["human"], "record's agents name 1 players for 2 seats"),
    ("agents", ["A" * 100, "random"], "record's agents must be a name of 1 to 64"),
    ("agents", ["A" * 100_000, "random"], "a text longer than 10,000 characters in 'agents'"),
    ("game", ["versus"], "record's game must be a name"),
    ("moves", "a4-b5", "record's moves must be a list"),
    ("moves", ["a4-b5", 7], "record's moves: move 2 must be a text"),
    ("options", [], "record's options must be an object"),
    ("result", {"scores": [1, "2"], "winners": [], "reason": "r"}, "result scores"),
    ("result", {"scores": [1, 2], "winners": [True], "reason": "r"}, "result winners"),
    ("result", {"scores": [1, 2], "winners": [], "reason": None}, "result reason"),
    ("result", "won", "result must be an object of scores, winners and reason"),
])
def test_each_field_is_typed_and_named(field: str, value: Any, message: str) -> None:
    data = {**versus_record(), field: value}
    with pytest.raises(RecordError, match=message.replace("(", r"\(")) as refused:
        Record.from_dict(data)
    assert len(str(refused.value)) <= MAX_MESSAGE


def test_junk_in_a_versus_setup_is_refused() -> None:
    # Versus has no chance (versus.md §2): its records' set-up is null, nothing else.
    for junk in ({"deck": [[0, 0]]}, "junk", [1, 2, 3], 0):
        record = Record.from_dict({**versus_record(), "setup": junk})
        with pytest.raises(RecordError, match=r"record's setup .* is not one Versus would"):
            replay(VersusGame(), record)
    replay(VersusGame(), Record.from_dict(versus_record()))  # null stays fine


def test_a_verso_setup_reads_back_as_written() -> None:
    game = VersoGame()
    state, options = start(game, 2, {}, 9)
    record = record_of(game, 2, options, 9, [state], [])
    assert replay(game, Record.from_json(record.to_json())).final == state


@pytest.mark.parametrize(("text", "message"), [
    ('{"seed": ' + "9" * 5000 + "}", "not a game record: a number is too long"),
    ("[" * 100_000 + "]" * 100_000, "not a game record: nested too deeply"),
    ("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5), "expected a JSON object"),
    ('{"format": "tabletop-record", "x": ' + "[" * 40 + "]" * 40 + "}",
     f"nested more than {MAX_DEPTH} levels deep"),
    ('{"format": "tabletop-record", "x": [' + ",".join(["0"] * (MAX_ITEMS + 1)) + "]}",
     "more than 200,000 values"),
    ('{"format": "tabletop-record", "x": NaN}', "not finite"),
])
def test_hostile_json_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message) as refused:
        Record.from_json(text)
    assert "\n" not in str(refused.value) and len(str(refused.value)) <= MAX_MESSAGE


def test_the_file_read_is_capped(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: no need to write 16 MB
    with pytest.raises(RecordError, match="larger than 16 MB"):
        Record.read(big)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError, match="not text"):
        Record.read(binary)
    with pytest.raises(ValueError, match="larger than 1 KB"):
        read_text(big, 1024)
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)  # no writer: a plain read would wait forever
    with pytest.raises(RecordError, match="not a regular file"):
        Record.read(pipe)


@pytest.mark.parametrize("game", [VersoGame(), VersusGame()], ids=["verso", "versus"])
def test_state_readers_refuse_a_loose_version_and_huge_data(game: Any) -> None:
    state, _ = start(game, 2, {}, 1)
    data = game.state_to_dict(state)
    for version in (True, 1.0, "1"):
        with pytest.raises(StateFormatError, match="version"):
            game.state_from_dict({**data, "version": version})
    with pytest.raises(StateFormatError, match="more than 200,000 values"):
        game.state_from_dict({**data, "history": [0] * (MAX_ITEMS + 1)})
    with pytest.raises(StateFormatError, match="longer than 10,000"):
        game.state_from_dict({**data, "phase": "p" * 20_000, "rules": "r" * 20_000})


def test_object_options_refuse_deep_huge_and_giant_numbers() -> None:
    deck = VersoGame().info.option("deck")
    for text, message in (("[" * 5000 + "]" * 5000, "nested too deeply"),
                          ("[" + "9" * 5000 + "]", "not valid JSON"),
                          ("[" * 40 + "]" * 40, "nested more than"),
                          ("[" + ",".join(["1"] * (MAX_ITEMS + 1)) + "]", "more than")):
        with pytest.raises(OptionError, match=message) as refused:
            deck.parse(text)
        assert len(str(refused.value)) <= MAX_MESSAGE


def test_one_line_and_shown_bound_every_message() -> None:
    assert one_line("a\nb\r\n\tc\x1b[31m") == "a b c [31m"
    assert one_line("x" * 10_000) == "x" * (MAX_MESSAGE - 1) + "…"
    assert len(one_line("y" * 50_000_000)) == MAX_MESSAGE
    assert len(shown(["z" * 10**6] * 10**5)) <= 80
    assert shown("short") == "'short'"
    deep: list[Any] = []
    for _ in range(sys.getrecursionlimit() * 3):
        deep = [deep]
    assert data_problem(deep) == f"nested more than {MAX_DEPTH} levels deep"
    assert data_problem({"a": [1, 2.5, "x", None, True]}) is None
    assert data_problem([float("inf")]) is not None


def test_a_message_from_a_game_is_cut_at_the_boundary() -> None:
    # A set-up quoted back in full once made a 120 KB message.
    data = {**versus_record(), "setup": [[0, 0]] * 20_000}
    record = Record.from_dict(data)
    with pytest.raises(TabletopError) as refused:
        replay(VersusGame(), record)
    assert len(str(refused.value)) <= MAX_MESSAGE


def test_a_bad_card_in_a_saved_verso_deck_is_quoted_short() -> None:
    game = VersoGame()
    state, _ = start(game, 2, {}, 1)
    data = {**game.state_to_dict(state), "cards": [[["blue", 1, 1], ["green", 2, 3]],
                                                   [7] * 100_000]}
    with pytest.raises(StateFormatError, match="cards: card 1") as refused:
        game.state_from_dict(data)
    assert is_clear(refused.value)  # one line: the deck's words cut, plus where
