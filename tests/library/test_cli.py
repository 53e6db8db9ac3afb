"""`play --text` games are kept in the library; `tabletop stats` counts them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.plugins import Host, module_sources
from tabletop.store.library import FINISHED, IN_PROGRESS, Library
from tests.library.helpers import NIM_SOURCE, ROOT

# Heaps 3,4,5 with seed 1: these moves finish the game with seat 0 taking the last one.
NIM_WIN = "3:5\n2:4\n1:3\n"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    return tmp_path


def _run(*args: str, stdin: str = "", nim: bool = True) -> Any:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[]) if nim else Host()
    return CliRunner().invoke(main, list(args), obj={"host": host}, input=stdin)


def test_text_games_are_kept_and_counted_by_name(data: Path) -> None:
    played = _run("play", "nim", "--text", "--seed", "1", "--seat", "human", "--seat", "human",
                  "--name", "Ada", "--name", "Bob", stdin=NIM_WIN + "1:1\n1:1\n1:1\n")
    assert played.exit_code == 0, played.output
    assert "Kept in the game library: " in played.output
    (entry,) = Library.open(data).entries()
    assert entry.status == FINISHED and [s.player for s in entry.seats] == ["Ada", "Bob"]
    # Names default to the last used: Ada again, now stopped half way against random.
    _run("play", "nim", "--text", "--seed", "2", "--seat", "human", "--seat", "random",
         stdin="1:1\n")
    newest = Library.open(data).entries()[0]
    assert newest.status == IN_PROGRESS and newest.plies >= 1
    assert [s.player for s in newest.seats] == ["Ada", "random"]
    stats = json.loads(_run("stats", "--json").output)
    ada = stats["players"]["Ada"]
    nim = ada["games"]["nim"]
    assert nim["games"] == 1 and nim["wins"] + nim["losses"] == 1  # the stopped game: not yet
    assert ada["against"]["people"]["games"] == 1
    assert set(stats["players"]) == {"Ada", "Bob"}
    text = _run("stats", "--player", "Bob").output
    assert text.startswith("Bob\n  Nim: 1 played")


def test_a_solo_game_is_counted_with_its_score(data: Path) -> None:  # verso.md §7
    played = _run("play", "verso", "--text", "--seat", "greedy", "--seed", "4", nim=False)
    assert played.exit_code == 0, played.output
    (entry,) = Library.open(data).entries()
    assert entry.result is not None
    score = entry.result.scores[0]
    solo = json.loads(_run("stats", "--player", "greedy", "--game", "verso", "--json",
                           nim=False).output)["players"]["greedy"]["solo"]["verso"]
    assert solo["scores"] == [score] and solo["best"] == score
    assert sum(band["count"] for band in solo["bands"]) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["stats", "--player", "Nobody"], "nobody called 'Nobody' has a kept game"),
    (["stats", "--game", "chess"], "no game 'chess' is installed or kept"),
    (["play", "nim", "--text", "--name", "A", "--name", "B"], "2 names given for 1 human"),
    (["play", "nim", "--text", "--name", " "], "a name cannot be empty"),
])
def test_bad_input_is_one_line(data: Path, args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_stats_lists_unreadable_files_and_says_when_there_is_nothing(data: Path) -> None:
    assert _run("stats").output == "No finished games yet.\n"
    (data / "games").mkdir(exist_ok=True)
    (data / "games" / "torn.json").write_text('{"format": "tabletop-record"', "utf-8")
    result = _run("stats")
    assert result.exit_code == 0 and "unreadable: " in result.output
    assert "torn.json: not a game record: invalid JSON" in result.output
    assert json.loads(_run("stats", "--json").output)["unreadable"][0]["file"].endswith(
        "torn.json")


def test_a_killed_terminal_game_keeps_its_moves(tmp_path: Path) -> None:
    """A real `tabletop play --text` process, killed after two moves: both are kept."""
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join([str(ROOT), str(NIM_SOURCE)]))
    proc = subprocess.Popen([sys.executable, "-m", "tabletop", "play", "verso", "--text",
                             "--seed", "3", "--seat", "human", "--seat", "human",
                             "--name", "Ada", "--name", "Bob"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    prompts = 0
    buffer = ""
    while prompts < 3:
        char = proc.stdout.read(1)
        assert char, proc.stderr.read() if proc.stderr else ""
        buffer += char
        if buffer.endswith("to move> "):
            prompts += 1
            if prompts < 3:
                proc.stdin.write("keep\n")
                proc.stdin.flush()
    proc.kill()
    proc.wait()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            stream.close()
    (entry,) = Library.open(tmp_path).entries()
    assert entry.plies == 2 and [s.player for s in entry.seats] == ["Ada", "Bob"]


def test_text_play_names_the_people_it_was_given(data: Path) -> None:
    """verso.md §7 solo to the end by keeping every card: the log and the result name
    the player as given (`--name`), not "Player 1"."""
    played = _run("play", "verso", "--text", "--players", "1", "--seed", "5",
                  "--name", "Alice", stdin="keep\n" * 40 + "pass\n", nim=False)
    assert played.exit_code == 0, played.output
    assert "Alice (human) to move> Alice draws" in played.output
    assert "Player 1" not in played.output  # the board in text too
    assert any(line.startswith("Game over (") and "; Alice wins." in line
               for line in played.output.splitlines())
