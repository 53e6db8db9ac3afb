"""A game the table's verdict ended (a resignation out of turn, a clock run out) reads as
over everywhere, and its result invents no points (issue 37): the verdict's scores are
win and loss marks (ratings read them), marked `Outcome.points` False so that no front
end shows them as points; nobody is to move; the log ends with the verdict in the
reader's language; records replay byte for byte, old ones read the same. Real games, the
real record format, the terminal's words."""

from __future__ import annotations

import functools
import json

from tabletop import i18n
from tabletop.play.table import Table, verdict_said
from tabletop.play.terminal import result_text
from tabletop.plugins import Host
from tabletop.record import RESIGNED, TIMEOUT, Record, replay
from tabletop.seats import seats_of


@functools.cache
def installed() -> Host:
    return Host().load()


def played_once() -> tuple[Table, list[Record]]:
    records: list[Record] = []
    table = Table.new(installed(), "versus", seats_of(["human", "human"]), {}, 1,
                      keep=lambda t: records.append(t.record()))
    table.play(table.read_move("a1-b1"))  # Brown is to move
    return table, records


def test_a_resignation_out_of_turn_shows_no_points_and_ends_the_log() -> None:
    table, records = played_once()
    table.resign(0)
    shot = table.snapshot(0)
    assert shot.to_move is None and shot.over and shot.legal == () and shot.special == ()
    outcome = shot.outcome
    assert outcome is not None and not outcome.points and outcome.winners == (1,)
    assert outcome.scores == (0.0, 1.0)  # the marks ratings and statistics read
    assert shot.ending == "Blue resigned."
    assert result_text(installed().game("versus"), outcome, table.labels()) == (
        "Game over (Blue resigned): Brown wins.")
    i18n.set_language("de")
    try:
        assert table.snapshot(0).ending == "Blau hat aufgegeben."
    finally:
        i18n.set_language("en")
    # Kept and read back (a replay, the library's Continue): the same, byte for byte.
    record = records[-1]
    again = Record.from_json(record.to_json())
    assert again.to_json() == record.to_json() and again.ended == RESIGNED
    game = installed().game("versus")
    final = replay(game, again).outcome(game, 1)
    assert final is not None and not final.points and final == record.result
    assert verdict_said(final, table.labels()) == "Blue resigned."
    reopened = Table.from_record(installed(), again, seats_of(["human", "human"]))
    assert reopened.snapshot(0).to_move is None
    assert reopened.snapshot(0).ending == "Blue resigned."
    assert reopened.record().to_json() == record.to_json()


def test_a_timeout_reads_the_same_way() -> None:
    table, _ = played_once()
    table.time_out(1)  # Brown's clock ran out
    shot = table.snapshot(1)
    assert shot.to_move is None and shot.outcome is not None and not shot.outcome.points
    assert shot.outcome.winners == (0,)
    assert shot.ending == "timeout: Brown ran out of time."
    assert table.record().ended == TIMEOUT


def test_an_old_record_of_a_verdict_reads_as_a_verdict() -> None:
    # As issue 33 wrote it (the format is unchanged: `points` is never saved).
    old = json.dumps({
        "format": "tabletop-record", "version": 1, "game": "versus", "players": 2,
        "agents": ["human", "human"],
        "options": {"versus_may_stop_on_target": False, "repetition_limit": 3,
                    "ply_limit": 0, "start_position": None, "targets": None},
        "seed": 1, "setup": None, "moves": ["a1-b1"],
        "result": {"scores": [0.0, 1.0], "winners": [1], "reason": "Blue resigned"},
        "ended": "resigned"}, indent=1, ensure_ascii=False) + "\n"
    record = Record.from_json(old)
    assert record.to_json() == old
    game = installed().game("versus")
    final = replay(game, record).outcome(game, 1)
    assert final is not None and not final.points and final.winners == (1,)
    table = Table.from_record(installed(), record, seats_of(["human", "human"]))
    assert table.to_move is None and table.snapshot(0).ending == "Blue resigned."
    assert table.record().to_json() == old


def test_a_game_its_rules_ended_keeps_its_points_and_its_log() -> None:
    table, _ = played_once()
    resign = table.special_named(1, "resign brown")  # Brown's own move, on its turn
    assert resign is not None
    table.play(resign.move)
    outcome = table.snapshot(0).outcome
    assert outcome is not None and outcome.points and table.snapshot(0).ending == ""
