"""Records replay exactly, and a record that does not replay says where and why."""

import json

import pytest
from tabletop_nim import Nim

from tabletop.model import RecordError
from tabletop.record import Record, record_of, replay, start
from tests.host.toys import Duel


def _played(game, seed: int = 3) -> Record:  # type: ignore[no-untyped-def]
    state, options = start(game, 2, {}, seed)
    states, moves = [state], []
    while game.legal_moves(state):
        move = game.legal_moves(state)[-1]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return record_of(game, 2, options, seed, states, moves)


def test_record_round_trips_byte_for_byte() -> None:
    record = _played(Nim())
    text = record.to_json()
    again = replay(Nim(), Record.from_json(text))
    rebuilt = record_of(Nim(), 2, record.options, record.seed, list(again.states),
                        list(again.moves))
    assert rebuilt.to_json() == text
    assert [str(line) for line in again.log[0]] == ["Player 1: 3:5"]  # Game.describe


def test_record_keeps_an_explicit_setup() -> None:
    record = _played(Duel(), seed=11)
    assert record.setup is not None
    data = json.loads(record.to_json())
    data["seed"] = 999  # the set-up, not the seed, rebuilds the deal
    assert replay(Duel(), Record.from_dict(data)).final == replay(Duel(), record).final


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(moves=d["moves"][:-1]), "result differs"),
    (lambda d: d["moves"].__setitem__(0, "9:9"), "move 1 \\('9:9'\\)"),
    (lambda d: d["moves"].__setitem__(1, "nonsense"), "move 2 \\('nonsense'\\)"),
    (lambda d: d.update(version=7), "version 7 is not supported"),
    (lambda d: d.update(game="chess"), "of game 'chess'"),
    (lambda d: d.update(format="something else"), "not a game record"),
    (lambda d: d.update(options={"heaps": "0"}), "set-up"),
    (lambda d: d.update(players=5), "set-up"),
    (lambda d: d["moves"].append("1:1"), "already over"),
    (lambda d: d.pop("seed"), "missing 'seed'"),
])
def test_a_bad_record_is_rejected_saying_where(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(_played(Nim()).to_json())
    edit(data)
    with pytest.raises(RecordError, match=message):
        replay(Nim(), Record.from_dict(data))


def test_non_json_is_not_a_record() -> None:
    with pytest.raises(RecordError, match="invalid JSON"):
        Record.from_json("{not json")
    with pytest.raises(RecordError, match="expected a JSON object"):
        Record.from_json("[1, 2]")


def test_a_game_the_table_ended_keeps_its_verdict() -> None:
    # A person out of time on an online clock: the moves do not end the game, the table
    # did; the record says how, and replays to that result.
    from dataclasses import replace

    from tabletop.model import Outcome

    state, options = start(Nim(), 2, {}, 3)
    move = Nim().legal_moves(state)[0]
    after = Nim().apply(state, move)
    verdict = Outcome((1.0, 0.0), (0,), "timeout: Player 2 ran out of time")
    record = replace(record_of(Nim(), 2, options, 3, [state, after], [move]),
                     result=verdict, ended="timeout")
    again = Record.from_json(record.to_json())
    assert again == record and json.loads(record.to_json())["ended"] == "timeout"
    played = replay(Nim(), again)
    assert played.outcome(Nim(), 1) == verdict and played.outcome(Nim(), 0) is None
    # Every other record is written as before: no "ended" key.
    assert "ended" not in json.loads(_played(Nim()).to_json())
    for bad, why in (({"ended": "bored"}, "ended must be one of"),
                     ({"ended": "timeout", "result": None}, "ended must be one of")):
        with pytest.raises(RecordError, match=why):
            Record.from_dict({**json.loads(record.to_json()), **bad})
    finished = _played(Nim())  # the rules ended it: no verdict may claim it
    with pytest.raises(RecordError, match="the rules ended the game"):
        replay(Nim(), replace(finished, ended="timeout"))
