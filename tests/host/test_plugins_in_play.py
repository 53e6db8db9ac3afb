"""Plugin code *in play* is guarded like at load: a game that raises, calls `sys.exit` or
`os._exit`, prints, changes its input in `apply`, or leaves a thread running, or a renderer
that fails, ends that game with one line naming the plugin; stdout (`--json`) stays clean
and the record kept replays.

The hostile games are real installed distributions (`tests.host.hostile_play`) run by
real `tabletop` processes, each with a timeout: exit codes, hangs at exit and `os._exit`
can only be seen from outside.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tabletop_nim import Nim, NimState

from tabletop.boundary import PluginFailed
from tabletop.play.session import Session, fingerprint
from tabletop.record import Record, replay
from tests.host import hostile_play
from tests.host.toys import MutatingNim

#: The example distributions `make test` installs: left out, so only the built-ins and the
#: hostile plugins load (and quickly).
EXAMPLES = "reversi,openspiel"
PLUGIN = "plugin 'play_hostile'"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("play-hostile-site")
    hostile_play.install_play_hostile(root)
    return root


def tabletop(site: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run `python -m tabletop ARGS` with the plugins of `site` installed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site),
                                                        str(hostile_play.NIM_SOURCE)]),
               TABLETOP_DISABLE_PLUGINS=EXAMPLES, ARCADE_HEADLESS="1")
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=env,
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def error_lines(stderr: str) -> list[str]:
    """The `Error:` lines a command wrote (its progress bar and warnings left out)."""
    return [line for line in stderr.splitlines() if line.startswith("Error:")]


def replays(path: Path, game_id: str) -> Record:
    """The record at `path`, replayed with well-behaved Nim under the same game id."""
    record = Record.from_json(path.read_text())

    class Plain(Nim):
        info = dataclasses.replace(Nim.info, id=game_id)

    replay(Plain(), record)
    return record


def play(site: Path, game_id: str, save: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """`play GAME --text` between two random agents, saved to `save`."""
    return tabletop(site, "play", game_id, "--text", "--seat", "random", "--seat", "random",
                    "--seed", "1", "--save", str(save), *extra)


def test_sys_exit_in_a_games_code_ends_that_game_in_one_line_with_the_record_kept(
        site: Path, tmp_path: Path) -> None:
    save = tmp_path / "exit.json"
    played = play(site, "nim-exit", save)
    assert played.returncode == 1, played.stderr
    (line,) = error_lines(played.stderr)
    assert line.startswith(f"Error: {PLUGIN} (game 'nim-exit') failed while applying a move: "
                           "SystemExit: 3 at play_hostile.py:")
    assert "Traceback" not in played.stderr
    assert f"Record written to {save}" in played.stdout
    record = replays(save, "nim-exit")
    assert len(record.moves) >= 2 and record.result is None  # the moves before the exit

    records = tmp_path / "records"
    simulated = tabletop(site, "simulate", "nim-exit", "--games", "2", "--json",
                         "--records", str(records))
    assert simulated.returncode == 1 and simulated.stdout == ""
    (line,) = error_lines(simulated.stderr)
    assert f"{PLUGIN} (game 'nim-exit') failed while applying a move: SystemExit: 3" in line
    kept = replays(records / "nim-exit-0.json", "nim-exit")  # game 0, up to the failure
    assert len(kept.moves) >= 1 and kept.result is None


def test_what_a_game_prints_in_play_never_reaches_stdout(site: Path, tmp_path: Path) -> None:
    warning = f"warning: {PLUGIN} (game 'nim-print') printed during play: python print"
    for workers in ("1", "2"):  # in this process, and in a pool's processes
        simulated = tabletop(site, "simulate", "nim-print", "--games", "3", "--workers",
                             workers, "--json")
        assert simulated.returncode == 0, simulated.stderr
        data = json.loads(simulated.stdout)  # one clean object: nothing else on stdout
        assert data["games"] == 3 and {r["ended"] for r in data["results"]} == {"rules"}
        if workers == "1":  # a pool process sends what it is given to stderr unnamed
            assert warning in simulated.stderr
    save = tmp_path / "print.json"
    played = play(site, "nim-print", save)
    assert played.returncode == 0, played.stderr
    assert "python print" not in played.stdout and warning in played.stderr
    assert replays(save, "nim-print").result is not None


def test_an_apply_that_changes_its_input_ends_the_game_and_the_record_still_replays(
        site: Path, tmp_path: Path) -> None:
    changed = "failed while playing: the position changed in place"
    save = tmp_path / "mutate.json"
    played = play(site, "nim-mutate", save)
    assert played.returncode == 1, played.stderr
    (line,) = error_lines(played.stderr)
    assert line.startswith(f"Error: {PLUGIN} (game 'nim-mutate') {changed}")
    assert replays(save, "nim-mutate").result is None
    # An agent's search applies moves to the live position: the change is seen there.
    searched = tabletop(site, "simulate", "nim-mutate", "--agents", "mcts", "--iterations",
                        "30", "--games", "1", "--json")
    assert searched.returncode == 1 and searched.stdout == ""
    (line,) = error_lines(searched.stderr)
    assert line.startswith(f"Error: {PLUGIN} (game 'nim-mutate') {changed}")


def test_a_session_rebuilds_a_position_changed_in_place_before_it_fails() -> None:
    game = MutatingNim()
    session = Session.new(game, 2, {}, 3, ("human", "human"))
    with pytest.raises(PluginFailed, match=r"plugin 'nim' \(game 'nim'\) failed while "
                                           r"playing: the position changed in place"):
        session.play(session.legal_moves()[0])
    assert session.moves == [] and session.state == Nim().new_state(2, {"heaps": "3,4,5"}, 3)
    # For a frozen dataclass state the check is a field-by-field identity test.
    state = NimState((1, 2), 0)
    before = fingerprint(game, state)
    assert fingerprint(game, state) == before
    object.__setattr__(state, "player", 1)
    assert fingerprint(game, state) != before


def test_os_exit_loses_only_the_move_in_play_and_a_pool_names_the_plugin(
        site: Path, tmp_path: Path) -> None:
    save = tmp_path / "osexit.json"
    played = play(site, "nim-osexit", save)
    # Nothing in the process survives os._exit(0): the status is the plugin's. The save
    # written after every move holds the game up to the move being made.
    assert played.returncode == 0
    record = replays(save, "nim-osexit")
    assert len(record.moves) >= 2 and record.result is None
    pooled = tabletop(site, "simulate", "nim-osexit", "--games", "2", "--workers", "2",
                      "--json")
    assert pooled.returncode == 1 and pooled.stdout == ""
    (line,) = error_lines(pooled.stderr)
    assert line.startswith(f"Error: {PLUGIN} (game 'nim-osexit') failed while playing: a "
                           "process playing its games ended abruptly")


def test_a_plugins_thread_that_never_ends_never_holds_a_command(tmp_path: Path) -> None:
    hostile_play.install_thread_games(tmp_path)
    listed = tabletop(tmp_path, "games", "--json", timeout=30)
    assert listed.returncode == 0, listed.stderr
    assert "nim-thread" in {g["id"] for g in json.loads(listed.stdout)}
    assert "tick" not in listed.stdout  # the thread's prints go to stderr
    simulated = tabletop(tmp_path, "simulate", "nim-thread", "--games", "2", "--json",
                         timeout=30)
    assert simulated.returncode == 0 and json.loads(simulated.stdout)["games"] == 2
    failed = tabletop(tmp_path, "simulate", "no-such-game", timeout=30)
    assert failed.returncode == 1  # the command's own exit status, thread or no thread
    assert error_lines(failed.stderr) == [
        "Error: no game 'no-such-game' is installed (games: nim-thread, verso, versus)"]


def test_screenshot_with_a_failing_renderer_names_the_plugin_and_writes_nothing(
        site: Path, tmp_path: Path) -> None:
    record = tmp_path / "draw.json"
    record.write_text(Record("nim-draw", 2, {}, 1, None, ("1:1", "2:1")).to_json())
    picture = tmp_path / "shot.png"
    for args in (["nim-draw", "--record", str(record)],
                 ["--screen", "game", "--game", "nim-draw"]):
        shot = tabletop(site, "screenshot", *args, "--out", str(picture), "--size", "640x480")
        assert shot.returncode == 1, shot.stderr
        assert shot.stderr.splitlines()[-1:] == error_lines(shot.stderr)
        (line,) = error_lines(shot.stderr)
        assert f"The {PLUGIN} failed while drawing: RuntimeError: the brush broke" in line
        assert "Traceback" not in shot.stderr and not picture.exists()
