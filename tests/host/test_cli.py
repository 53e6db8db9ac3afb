"""The launcher's commands, in process and as a real installed third-party plugin."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.plugins import Host, module_sources

NIM_DIST = Path(__file__).parents[1] / "plugins" / "tabletop-nim"


def _run(*args: str, stdin: str = "") -> Any:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    return CliRunner().invoke(main, list(args), obj={"host": host}, input=stdin)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The Nim distribution really installed (pip) plus a broken distribution beside it."""
    root = tmp_path_factory.mktemp("site")
    # Built from a copy: a build writes egg-info beside the sources, and the tests put
    # that folder on sys.path, where the metadata would register Nim a second way.
    source = tmp_path_factory.mktemp("nim-source") / "tabletop-nim"
    shutil.copytree(NIM_DIST, source, ignore=shutil.ignore_patterns("*.egg-info", "build"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(root), str(source)], check=True)
    broken = root / "broken_games-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-games\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text("[tabletop]\nbroken = broken_games_gone\n")
    env = dict(os.environ, PYTHONPATH=str(root), TABLETOP_DISABLE_PLUGINS="")
    return env


def _tabletop(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_installed_plugin_is_listed_and_broken_one_reported(site: dict[str, str]) -> None:
    listing = _tabletop(site, "plugins", "--json")
    assert listing.returncode == 0, listing.stderr
    data = json.loads(listing.stdout)
    nim = next(p for p in data["plugins"] if p["name"] == "nim")
    assert (nim["distribution"], nim["version"], nim["games"]) == ("tabletop-nim", "1.0.0",
                                                                    ["nim"])
    broken = next(e for e in data["errors"] if e["name"] == "broken")
    assert broken["distribution"] == "broken-games" and broken["version"] == "0.1"
    assert "No module named 'broken_games_gone'" in broken["error"]
    games = _tabletop(site, "games")
    assert "nim  Nim (2 players)" in games.stdout
    assert "plugin 'broken' (broken-games 0.1)" in games.stderr


def test_installed_plugin_plays_simulates_and_replays(site: dict[str, str],
                                                     tmp_path: Path) -> None:
    played = _tabletop(site, "play", "nim", "--text", "--seed", "1", "--seat", "human",
                       "--seat", "random", "--save", str(tmp_path / "game.json"),
                       stdin="help\n3:5\n2:4\n1:3\n1:1\n1:2\n")
    assert played.returncode == 0, played.stderr
    assert "Legal moves: 1:1, 1:2" in played.stdout
    assert "Record written" in played.stdout
    simulated = _tabletop(site, "simulate", "nim", "--agents", "random,mcts", "--games", "4",
                          "--rotate", "--iterations", "30", "--workers", "2", "--json",
                          "--records", str(tmp_path / "records"))
    assert simulated.returncode == 0, simulated.stderr
    result = json.loads(simulated.stdout)
    assert result["agents"] == ["random", "mcts"]
    assert [r["agents"] for r in result["results"]][:2] == [["random", "mcts"],
                                                            ["mcts", "random"]]
    replayed = _tabletop(site, "replay", str(tmp_path / "records" / "nim-2.json"))
    assert replayed.returncode == 0, replayed.stderr
    assert "Game over (the last counter was taken)" in replayed.stdout


def test_simulate_json_has_every_field_and_is_identical_for_any_worker_count() -> None:
    one = _run("simulate", "nim", "--agents", "mcts,random", "--games", "5", "--seed", "7",
               "--iterations", "40", "--json")
    assert one.exit_code == 0, one.output
    data = json.loads(one.stdout)
    assert set(data) == {"game", "games", "agents", "results", "summary", "cut", "seconds"}
    assert set(data["results"][0]) == {"seed", "agents", "scores", "winners", "plies", "reason",
                                       "ended"}
    assert [r["seed"] for r in data["results"]] == [7, 8, 9, 10, 11]
    row = data["summary"]["mcts"]
    assert set(row) == {"mean_score", "wins", "win_rate", "seconds_per_move", "timeouts"}
    assert row["wins"] + data["summary"]["random"]["wins"] == 5
    again = _run("simulate", "nim", "--agents", "mcts,random", "--games", "5", "--seed", "7",
                 "--iterations", "40", "--json")
    assert json.loads(again.stdout)["results"] == data["results"]


def test_play_reprompts_on_bad_input_and_stops_at_end_of_input() -> None:
    result = _run("play", "nim", "--text", "--seed", "3", "--seat", "human", "--seat", "human",
                  stdin="zz\n7:1\n1:1\n")
    assert result.exit_code == 0
    assert "Not played: 'zz' is not HEAP:COUNT" in result.output
    assert "Not allowed: cannot take 1 from heap 7." in result.output
    assert "Player 1: 1:1" in result.output and "Game stopped." in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["play", "chess", "--text"], "no game 'chess' is installed"),
    (["play", "nim", "--text", "--seat", "wizard", "--seat", "human"], "no agent 'wizard'"),
    (["play", "nim", "--text", "--players", "3"], "played by 2 players"),
    (["play", "nim"], "play GAME --text"),
    (["simulate", "nim", "--option", "heaps"], "is not key=value"),
    (["simulate", "nim", "--option", "heaps=0,0"], "heaps must be"),
    (["simulate", "nim", "--option", "size=3"], "no option 'size'"),
    (["simulate", "nim", "--agents", "a,b,c"], "played by 2 players"),
    (["simulate", "nim", "--games", "0"], "0 is not in the range"),
    (["simulate", "nim", "--seconds", "-1"], "not a number of seconds in (0, 3600]"),
    # NaN compares false to everything: it once passed every check and hung simulate.
    (["simulate", "nim", "--seconds", "nan"], "not a number of seconds in (0, 3600]"),
    (["simulate", "nim", "--seconds", "inf"], "not a number of seconds in (0, 3600]"),
    (["play", "nim", "--text", "--seconds", "NaN"], "not a number of seconds in (0, 3600]"),
    (["simulate", "nim", "--iterations", "0"], "0 is not in the range"),
    (["simulate", "nim", "--workers", "100000"], "100000 is not in the range"),
    (["simulate", "nim", "--games", "99999999999"], "is not in the range"),
    (["simulate", "nim", "--seed", "1" + "0" * 30], "is not in the range"),
    (["play", "nim", "--text", "--players", "0"], "0 is not in the range"),
    (["screenshot", "nim", "--record", "x.json", "--out", "x.png", "--size", "²x²"],
     "is not WIDTHxHEIGHT"),
    (["screenshot", "nim", "--record", "x.json", "--out", "x.png", "--size", "٣٠٠x٣٠٠"],
     "is not WIDTHxHEIGHT"),
    (["replay", "/nonexistent/record.json"], "cannot read"),
    (["screenshot", "nim", "--record", "x.json", "--out", "x.png", "--size", "big"],
     "is not WIDTHxHEIGHT"),
])
def test_bad_options_give_a_clear_error(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_screenshot_usage_says_game_is_optional() -> None:
    """Issue 35: `--screen launcher` needs no game, so the usage line brackets GAME."""
    result = _run("screenshot", "--help")
    assert result.exit_code == 0
    usage = result.output.splitlines()[0]
    assert usage.endswith("screenshot [OPTIONS] [GAME]"), usage


def test_replay_rejects_a_corrupt_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "tabletop-record", "version": 1, "game": "nim", "players": 2,'
                    ' "options": {}, "seed": 0, "setup": null, "moves": ["1:1", "9:9"]}')
    result = _run("replay", str(path))
    assert result.exit_code == 1
    assert "move 2 ('9:9'): cannot take 9 from heap 9" in result.output
    path.write_bytes(b"\xff\xfe garbage")
    assert "not a game record" in _run("replay", str(path)).output


def test_the_app_without_a_screen_says_so_instead_of_a_traceback() -> None:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    result = CliRunner().invoke(main, [], obj={"host": host}, env={
        "DISPLAY": None, "WAYLAND_DISPLAY": None, "ARCADE_HEADLESS": None})
    assert result.exit_code == 1
    assert "needs a screen" in result.output and "play GAME --text" in result.output
