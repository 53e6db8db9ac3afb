"""The terminal is a view of the table: a person's move is a proposal (`Table.propose`),
and the terminal follows the table's answer as the app does. A draw offered to the
computer is declined, a resignation is asked about first, a draw between people needs
the other's yes; and the table keeps each move before any listener hears of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tabletop.play.table import Event, Played, Table
from tabletop.play.terminal import play_text
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of


def _terminal(agents: list[str], answers: list[str], keep: Any = None) -> tuple[Table,
                                                                                   list[str]]:
    table = Table.new(Host().load(), "versus", seats_of(agents), {}, 1, keep=keep)
    replies = iter(answers)
    said: list[str] = []
    play_text(table, ask=lambda prompt: said.append(prompt) or next(replies, None),
              say=said.append)
    return table, said


def test_a_draw_offered_to_the_computer_is_declined_and_play_goes_on() -> None:
    table, said = _terminal(["human", "random"], ["draw"])
    assert "The computer declines the offer." in said
    assert table.session.moves == [] and table.outcome is None
    assert said[-1] == "Game stopped."


def test_a_resignation_is_asked_about_first() -> None:
    table, said = _terminal(["human", "random"], ["resign", "n"])
    assert any(line.startswith("Blue: resign") and line.endswith("[y/N] ") for line in said)
    assert "Not played: Blue keeps playing." in said and table.session.moves == []
    table, said = _terminal(["human", "random"], ["resign", "y"])
    assert table.outcome is not None and table.outcome.winners == (1,)
    assert table.record().moves == ("resign blue",)


def test_a_draw_between_people_needs_the_others_yes() -> None:
    table, said = _terminal(["human", "human"], ["draw", "n"])
    assert any("do you accept? [y/N]" in line for line in said)
    assert "Brown declines the offer." in said and table.session.moves == []
    table, said = _terminal(["human", "human"], ["draw", "y"])
    assert table.outcome is not None and table.outcome.winners == ()
    assert table.outcome.reason == "draw agreed"


def test_the_table_keeps_a_move_before_a_failing_listener_hears_of_it() -> None:
    """A listener that raises (a renderer's animation, say) costs no kept move."""
    kept: list[Record] = []

    def keep(table: Table) -> None:
        kept.append(table.record())

    table = Table.new(Host().load(), "versus", seats_of(["human", "random"]), {}, 1,
                      keep=keep)

    def failing(event: Event) -> None:
        if isinstance(event, Played):
            raise RuntimeError("the animation failed")

    table.listen(failing)
    move = table.session.legal_moves()[0]
    with pytest.raises(RuntimeError):
        table.propose(move)
    assert [len(record.moves) for record in kept] == [1]


def test_play_text_offers_the_computer_no_draw_and_asks_before_resigning(
        tmp_path: Path) -> None:
    """The command of the report, by a real process: `draw` is declined (nothing is kept
    as a draw), `resign` is asked about and kept only after yes."""
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path), "TABLETOP_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "play", "versus", "--text", "--seat", "human",
         "--seat", "random", "--seed", "1"],
        input="draw\nresign\nn\nresign\ny\n", capture_output=True, text=True, env=env,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "The computer declines the offer." in done.stdout
    assert "draw agreed" not in done.stdout
    assert "Not played: Blue keeps playing." in done.stdout
    [kept] = list((tmp_path / "games").glob("*.json"))
    record = json.loads(kept.read_text(encoding="utf-8"))
    assert record["moves"] == ["resign blue"]
    assert record["result"]["winners"] == [1]
