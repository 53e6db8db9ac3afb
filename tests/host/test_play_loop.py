"""The one play loop: seeding, agents that fail, games that raise, bounds and timeouts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.ai.base import Budget
from tabletop.cli import main
from tabletop.play.session import (
    HUMAN,
    AgentError,
    Session,
    agent_label,
    decision_seed,
    make_agent,
)
from tabletop.play.simulate import CUT, RULES, TIMEOUT, Match, run
from tabletop.plugins import Host, module_sources
from tabletop.record import Record
from tests.host import play_toys

BUDGET = Budget(iterations=20)


def nim_host() -> Host:
    return Host(module_sources([("nim", tabletop_nim)]), disabled=[]).load()


def _cli(*args: str, host: Host | None = None, stdin: str = "") -> Any:
    return CliRunner().invoke(main, list(args), obj={"host": host or play_toys.make_host()},
                              input=stdin)


def _play_agents(session: Session, host: Host, until: int | None = None) -> None:
    agents = [make_agent(host, "nim", name) for name in session.agents]
    while session.to_move is not None and (until is None or len(session.moves) < until):
        seat = session.to_move
        session.play(session.choose(agents[seat], session.agents[seat], BUDGET))


def test_a_decision_is_seeded_by_game_seed_seat_ply_and_purpose() -> None:
    assert decision_seed(7, 1, 12) == "7:move:1:12"
    assert decision_seed(7, 1, 12, "hint") == "7:hint:1:12"


def test_a_continued_game_makes_the_same_decisions_as_one_played_through() -> None:
    host = nim_host()
    game = host.game("nim")
    whole = Session.new(game, 2, {}, 5, ("mcts", "mcts"))
    _play_agents(whole, host)
    part = Session.new(game, 2, {}, 5, ("mcts", "mcts"))
    _play_agents(part, host, until=3)
    resumed = Session.from_record(host, Record.from_json(part.record().to_json()))
    _play_agents(resumed, host)
    assert resumed.record().moves == whole.record().moves and len(whole.moves) > 3


def test_an_undone_agent_move_is_chosen_again_the_same_way() -> None:
    host = nim_host()
    session = Session.new(host.game("nim"), 2, {}, 9, (HUMAN, "mcts"))
    agent = make_agent(host, "nim", "mcts")
    session.play(session.legal_moves()[0])
    first = session.choose(agent, "mcts", BUDGET)
    session.play(first)
    assert session.undo() and session.moves == []
    session.play(session.legal_moves()[0])
    assert session.choose(agent, "mcts", BUDGET) == first


@pytest.mark.parametrize(("agent", "message"), [
    ("crash", "agent 'crash' (plugin 'toys') failed: RuntimeError: the crash agent always"),
    ("cheat", "agent 'cheat' (plugin 'toys') answered Take(heap=8, count=9), which is not"),
    ("blank", "agent 'blank' (plugin 'toys') answered None, which is not a legal move"),
])
def test_a_failing_agent_is_named_with_its_plugin_in_one_line(agent: str,
                                                              message: str) -> None:
    simulated = _cli("simulate", "nim", "--agents", f"random,{agent}", "--games", "1",
                     "--iterations", "5")
    played = _cli("play", "nim", "--text", "--seat", "random", "--seat", agent)
    for result in (simulated, played):
        assert result.exit_code == 1
        assert message in result.output
        assert "Traceback" not in result.output and result.exception is not None
        assert len([line for line in result.output.splitlines() if "Error" in line]) == 1
    with pytest.raises(AgentError, match="plugin 'toys'"):
        host = play_toys.make_host()
        session = Session.new(host.game("nim"), 2, {}, 1, (agent, agent))
        session.choose(make_agent(host, "nim", agent), agent_label(host, "nim", agent),
                       BUDGET)


@pytest.mark.parametrize(("game", "failing"), [
    ("nim-moves", "KeyError: 'the heap table is corrupt'"),
    ("nim-apply", "ZeroDivisionError: division by zero in apply"),
    ("nim-text", "ValueError: no picture today"),
    ("nim-describe", "TypeError: describe is broken"),
])
def test_a_game_that_raises_gives_one_line_in_play_simulate_and_replay(
        game: str, failing: str, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(Record(game, 2, {"heaps": "3,4,5"}, 0, None, ("3:5", "2:4")).to_json())
    runs = {
        "play": _cli("play", game, "--text", "--seat", "random", "--seat", "random",
                     "--seed", "1"),
        "simulate": _cli("simulate", game, "--games", "2", "--iterations", "5"),
        "replay": _cli("replay", str(record)),
    }
    expected = {  # render_text is not called by simulate; describe only where shown
        "nim-text": {"play", "replay"}, "nim-describe": {"play", "replay"},
    }.get(game, {"play", "simulate", "replay"})
    for name, result in runs.items():
        if name not in expected:
            assert result.exit_code == 0, (name, result.output)
            continue
        assert result.exit_code == 1, (name, result.output)
        assert f"plugin 'shaky' (game '{game}') failed while" in result.output, name
        assert failing in result.output, name
        assert "Traceback" not in result.output, name


def test_max_plies_cuts_games_and_counts_them_apart() -> None:
    cut = _cli("simulate", "nim", "--agents", "random", "--games", "3", "--iterations", "5",
               "--max-plies", "2", "--json", host=nim_host())
    assert cut.exit_code == 0, cut.output
    data = json.loads(cut.stdout)
    assert data["cut"] == 3
    assert {r["reason"] for r in data["results"]} == {"cut at 2 plies (not a rule)"}
    assert {r["ended"] for r in data["results"]} == {CUT}
    assert data["summary"]["random"]["wins"] == 0
    text = _cli("simulate", "nim", "--agents", "random", "--games", "3", "--iterations", "5",
                "--max-plies", "2", host=nim_host())
    assert "3 games cut at 2 plies (not a rule): no result, not counted above" in text.output
    # Without the option, only the rules end a game.
    free = _cli("simulate", "nim", "--agents", "random", "--games", "3", "--iterations", "5",
                "--json", host=nim_host())
    data = json.loads(free.stdout)
    assert data["cut"] == 0 and {r["ended"] for r in data["results"]} == {RULES}


def test_an_agent_past_its_deadline_forfeits_with_the_game_so_far_recorded() -> None:
    host = play_toys.make_host()
    match = Match("nim", 2, ("random", "sleepy"), {}, Budget(seconds=0.1))
    (result,) = run(host, match, 1, 0, host_factory=play_toys.make_host)
    assert (result.ended, result.reason) == (TIMEOUT, "timeout: seat 2 (agent sleepy)")
    assert (result.scores, result.winners, result.plies) == ((1.0, 0.0), (0,), 1)
    record = Record.from_json(result.record)
    assert len(record.moves) == 1 and record.result is None  # not over by the rules
    assert result.seconds[1] < play_toys.SLEEPY_SECONDS / 3


def test_one_seat_means_you_at_seat_one_against_the_strongest_agent(tmp_path: Path) -> None:
    host = Host().load()  # the installed built-in games
    saved = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["play", "versus", "--text", "--seat", "human",
                                       "--seed", "1", "--save", str(saved)],
                                obj={"host": host}, input="quit\n")
    assert result.exit_code == 0, result.output
    assert "(human) to move>" in result.output and "Game stopped." in result.output
    strongest = host.strongest_agent("versus").name
    assert Record.from_json(saved.read_text()).agents == (HUMAN, strongest)


def test_ctrl_c_during_play_text_still_writes_the_record(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    env = dict(os.environ, TABLETOP_DISABLE_PLUGINS="", PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "play", "versus", "--text", "--seed", "4",
         "--seat", "random", "--seat", "human", "--save", str(saved)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert process.stdout is not None
        shown = b""
        while b"(human) to move> " not in shown:  # the agent has moved; a person is asked
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, process.stderr.read() if process.stderr else "no output"
            shown += chunk
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert b"Game interrupted." in out and b"Record written to" in out
    assert b"Traceback" not in err
    record = Record.from_json(saved.read_text())
    assert record.game == "versus" and len(record.moves) == 1 and record.result is None


SLEEPY_PLUGIN = '''
import time
from tabletop import hookimpl
from tabletop.ai.base import AgentSpec


class Sleepy:
    def choose(self, observation, seat, legal_moves, budget, rng):
        time.sleep(30)  # whatever the budget says
        return legal_moves[0]


@hookimpl
def tabletop_register_agents(register):
    register("versus", AgentSpec("sleepy", "ignores its budget", lambda game: Sleepy()))
'''


def test_simulate_stops_an_agent_that_ignores_seconds_and_scores_the_forfeit(
        tmp_path: Path) -> None:
    # A real installed plugin (dist-info + module on the path), a real `tabletop` process.
    (tmp_path / "sleepy_toy.py").write_text(SLEEPY_PLUGIN)
    info = tmp_path / "sleepy_toy-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sleepy-toy\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tabletop]\nsleepytoy = sleepy_toy\n")
    env = dict(os.environ, PYTHONPATH=str(tmp_path), TABLETOP_DISABLE_PLUGINS="")
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "simulate", "versus", "--agents", "random,sleepy",
         "--games", "2", "--rotate", "--seconds", "0.2", "--json"],
        env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [r["reason"] for r in data["results"]] == ["timeout: seat 2 (agent sleepy)",
                                                      "timeout: seat 1 (agent sleepy)"]
    assert [r["winners"] for r in data["results"]] == [[0], [1]]
    assert data["summary"]["sleepy"]["timeouts"] == 2
    assert data["summary"]["random"]["wins"] == 2
    assert data["seconds"] < 20  # two deadlines of 2.2 s, not two sleeps of 30 s
