"""Issue 19: every count, seed and name the command line takes has an upper bound, and
going past it is refused at once with one line (no run that goes on for ever, no 100 KB
name stalling every screen); `new-game` names give distributions pip installs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.cli import MAX_GAMES, MAX_PLIES, MAX_WORKERS, main
from tabletop.limits import MAX_MESSAGE, MAX_PLAYER_NAME, SEED_RANGE, player_name_problem
from tabletop.play import tournament as T
from tabletop.plugins import Host, module_sources
from tabletop.scaffold import ScaffoldError, check_name, create_game, distribution_name

HUGE = str(10**30)
TOO_BIG_SEED = str(SEED_RANGE[1] + 1)
#: PEP 508's name, which pip (and setuptools) require of `project.name`.
PEP_508_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?")


def _run(*args: str) -> Any:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    return CliRunner().invoke(main, list(args), obj={"host": host})


def _refused(result: Any, *words: str) -> str:
    """The one error line of a refused command (exit code 2), checked for `words`."""
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert result.exit_code == 2, result.output
    assert len(errors) == 1 and len(errors[0]) < MAX_MESSAGE + 80, result.output[:600]
    assert "Traceback" not in result.output
    for word in words:
        assert word in errors[0], errors[0]
    return errors[0]


TOURNAMENT = ("tournament", "nim", "--agents", "random,mcts")


@pytest.mark.parametrize(("args", "words"), [
    # simulate
    (("simulate", "nim", "--games", HUGE), ("--games", f"1<=x<={MAX_GAMES}")),
    (("simulate", "nim", "--workers", "1000"), ("--workers", f"1<=x<={MAX_WORKERS}")),
    (("simulate", "nim", "--players", HUGE), ("--players",)),
    (("simulate", "nim", "--max-plies", HUGE), ("--max-plies", f"1<=x<={MAX_PLIES}")),
    (("simulate", "nim", "--iterations", HUGE), ("--iterations",)),
    (("simulate", "nim", "--seconds", "1e30"), ("--seconds",)),
    (("simulate", "nim", "--seed", TOO_BIG_SEED), ("--seed",)),
    # tournament
    ((*TOURNAMENT, "--games-per-pair", HUGE), ("--games-per-pair", f"1<=x<={MAX_GAMES}")),
    ((*TOURNAMENT, "--seed", HUGE), ("--seed",)),
    ((*TOURNAMENT, "--seed", str(SEED_RANGE[1])), ("--seed", "must stay within")),
    ((*TOURNAMENT, "--players", HUGE), ("--players",)),
    ((*TOURNAMENT, "--max-plies", HUGE), ("--max-plies",)),
    ((*TOURNAMENT, "--workers", HUGE), ("--workers",)),
    ((*TOURNAMENT, "--workers", str(MAX_WORKERS + 1)), ("--workers", "at most 64 processes")),
    ((*TOURNAMENT, "--budget", f"iterations={HUGE}"), ("--budget", "at most iterations=")),
    ((*TOURNAMENT, "--budget", "seconds=1e30"), ("--budget", "at most")),
    ((*TOURNAMENT, "--budget", "seconds=inf"), ("--budget", "positive numbers")),
    ((*TOURNAMENT, "--budget", "seconds=nan"), ("--budget", "positive numbers")),
    ((*TOURNAMENT, "--budget", "x" * 100_000), ("--budget", "...")),
    (("tournament", "nim", "--agents", "random," + "m" * 100_000), ("--agents", "no agent")),
    # play, screenshot, new-game
    (("play", "nim", "--text", "--players", HUGE), ("--players",)),
    (("play", "nim", "--text", "--iterations", HUGE), ("--iterations",)),
    (("play", "nim", "--text", "--seed", HUGE), ("--seed",)),
    (("screenshot", "nim", "--ply", HUGE, "--out", "x.png"), ("--ply",)),
    (("screenshot", "nim", "--ply", "-1", "--out", "x.png"), ("--ply",)),
    (("screenshot", "--screen", "launcher", "--size", "99999x99999", "--out", "x.png"),
     ("--size", "from 200 to 8192")),
    (("new-game", "fresh_game", "--players", HUGE), ("--players",)),
])
def test_every_count_and_seed_has_an_upper_bound(args: tuple[str, ...],
                                                 words: tuple[str, ...]) -> None:
    _refused(_run(*args), *words)


def test_a_tournament_of_too_many_games_in_all_is_refused_before_any_is_listed() -> None:
    # Each table's games are within the bound, not the whole schedule: refused by
    # counting, without listing 1.5 million games first.
    args = ["tournament", "verso", "--agents", "random,greedy,strong", "--games-per-pair",
            str(MAX_GAMES // 2)]
    result = CliRunner().invoke(main, args, obj={"host": Host(disabled=[])})
    _refused(result, "--games-per-pair", "1,500,000 games in all, more than 1,000,000")


@pytest.mark.parametrize(("agents", "players", "per_pair"),
                         [(3, 2, 5), (2, 3, 7), (4, 3, 3), (5, 5, 1), (2, 6, 12)])
def test_the_schedule_is_counted_without_listing_it(agents: int, players: int,
                                                    per_pair: int) -> None:
    listed = T.schedule([str(i) for i in range(agents)], players, per_pair, 0)
    assert T.schedule_size(agents, players, per_pair) == len(listed)


# -- people's names ---------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "words"), [
    ("N" * 100_000, ("--name", f"is longer than {MAX_PLAYER_NAME} characters")),
    ("N" * (MAX_PLAYER_NAME + 1), ("--name", "is longer than")),
    ("Ada\x1b[2J", ("--name", "control or invisible character")),
    ("Ada\nBob", ("--name", "control or invisible character")),
])
def test_play_refuses_a_name_too_long_or_with_control_characters(
        name: str, words: tuple[str, ...]) -> None:
    _refused(_run("play", "nim", "--text", "--name", "Ada", "--name", name), *words)


def test_a_name_at_the_bound_is_a_name() -> None:
    assert player_name_problem("N" * MAX_PLAYER_NAME) is None
    assert player_name_problem("Zoë Ōtsuka-Smith") is None


# -- new-game names ---------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "message"), [
    ("x_", "not a usable game name"), ("_x", "not a usable game name"),
    ("x__y", "not a usable game name"), ("x-y", "not a usable game name"),
    ("x.y", "not a usable game name"), ("", "not a usable game name"),
    ("a" * 32, "not a usable game name"), ("x" * 100_000, "not a usable game name"),
    ("match", "it is a Python keyword"), ("test", "it is reserved"),
    ("tests", "it is reserved"), ("os", "standard library"), ("idlelib", "standard library"),
    ("tabletop", "a Python module named 'tabletop' already exists"),
    ("nim", "already installed"),
])
def test_new_game_refuses_a_name_pip_or_python_would_trip_on(
        tmp_path: Path, name: str, message: str) -> None:
    result = _run("new-game", name, "--dir", str(tmp_path / "out"))
    assert result.exit_code == 1 and message in result.output
    assert result.output.count("\n") == 1 and len(result.output) < MAX_MESSAGE + 20
    assert not (tmp_path / "out").exists()  # refused before anything is written


ACCEPTED = ["ab", "a1", "x2_y3", "three_in_a_row", "z" + "9" * 30]


@pytest.mark.parametrize("name", ACCEPTED)
def test_an_accepted_name_gives_pep_508_names(name: str) -> None:
    assert check_name(name) == name and name.isidentifier()
    assert PEP_508_NAME.fullmatch(distribution_name(name))
    # Already in PEP 503's normal form: what pip lists is what we wrote.
    assert distribution_name(name) == re.sub(r"[-_.]+", "-", distribution_name(name)).lower()


def test_an_accepted_name_really_pip_installs(tmp_path: Path) -> None:
    # The edgiest accepted name (digits, several words) through a real pip build and install,
    # as the scaffold's end-to-end test installs its games; "x_" was written but not
    # installable before (setuptools: "project.name must be pep508-identifier").
    name = "x2_y3_z"
    made = create_game(name, tmp_path / "src", 2, "square")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--target", str(site), str(made.directory)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert (site / name / "plugin.py").is_file()
    assert (site / "tabletop_x2_y3_z-0.1.0.dist-info").is_dir()
    with pytest.raises(ScaffoldError, match="not a usable game name"):
        check_name("x_")
