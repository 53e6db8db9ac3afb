"""`tabletop tournament`: the schedule, the ratings, the folder, resuming, the backends."""

import json
import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner
from PIL import Image

from tabletop import ratings as R
from tabletop.ai.base import Budget
from tabletop.cli import main
from tabletop.play import choices
from tabletop.play import tournament as T
from tabletop.plugins import Host, module_sources
from tabletop.record import Record


def _nim_host() -> Host:
    return Host(module_sources([("nim", tabletop_nim)]), disabled=[])


def _run(*args: str, host: Host | None = None) -> Any:
    return CliRunner().invoke(main, list(args), obj={"host": host or _nim_host()})


def _same_games(report: dict[str, Any]) -> dict[str, Any]:
    """The report without what depends on the machine (time) or on the run (resumed)."""
    return {k: v for k, v in report.items() if k not in ("seconds", "played")}


NIM = ("tournament", "nim", "--agents", "random,mcts", "--games-per-pair", "6",
       "--iterations", "30", "--seed", "5", "--json")


# -- the schedule ------------------------------------------------------------------------------
def test_two_player_round_robin_alternates_seats_on_shared_seeds() -> None:
    games = T.schedule(["a", "b", "c"], 2, 5, seed=10)  # 5 rounds up to 6 per pair
    by_table = Counter(g.table for g in games)
    assert by_table == {("a", "b"): 6, ("a", "c"): 6, ("b", "c"): 6}
    ab = [g for g in games if g.table == ("a", "b")]
    assert [g.seating for g in ab[:2]] == [("a", "b"), ("b", "a")]
    assert [g.seed for g in ab] == [10, 10, 11, 11, 12, 12]  # each seed in both colours
    assert len({g.name for g in games}) == len(games)


def test_multiplayer_rotates_every_agent_through_every_seat_against_the_field() -> None:
    games = T.schedule(["strong", "greedy"], 3, 3, seed=0)
    assert {g.table for g in games} == {("strong", "strong", "greedy"),
                                        ("strong", "greedy", "greedy")}
    lone = [g.seating for g in games if g.table == ("strong", "greedy", "greedy")]
    assert sorted(s.index("strong") for s in lone) == [0, 1, 2]
    # With more agents than seats, every group of distinct agents meets.
    assert T.tables(["a", "b", "c", "d"], 3) == [("a", "b", "c"), ("a", "b", "d"),
                                                 ("a", "c", "d"), ("b", "c", "d")]


def test_budget_text_is_parsed_or_refused_in_one_line() -> None:
    # The older `--budget` spelling, parsed by the one parser of choices.
    assert choices.budget_text("iterations=50") == Budget(iterations=50)
    assert choices.budget_text("seconds=0.5,iterations=9") == Budget(0.5, 9)
    for bad in ("iterations=0", "turns=3", "seconds=x", "iterations=3,iterations=4"):
        with pytest.raises(choices.ChoiceError, match="expected iterations=N"):
            choices.budget_text(bad)


# -- the ratings -------------------------------------------------------------------------------
def _finishes(wins: int, draws: int, losses: int,
              seats: tuple[str, str] = ("a", "b")) -> list[R.Finish]:
    """Games of seats[0] against seats[1]: its wins, the draws, its losses."""
    games = [((0,), (1.0, 0.0))] * wins + [((0, 1), (0.5, 0.5))] * draws + [
        ((1,), (0.0, 1.0))] * losses
    return [R.Finish("+".join(seats), seats, scores, winners) for winners, scores in games]


def test_bradley_terry_on_the_elo_scale_with_draws_as_half_wins() -> None:
    ratings, _ = R.rate(_finishes(60, 0, 20), ["a", "b"])
    # 60 of 80 plus the prior's half of one virtual game: p = 60.5 / 81.
    expected = 400 * math.log10(60.5 / 20.5)
    assert ratings["a"].rating == 0  # the first agent anchors when random is absent
    assert ratings["b"].rating == pytest.approx(-expected, abs=0.01)
    assert ratings["b"].low < ratings["b"].rating < ratings["b"].high
    drawn, _ = R.rate(_finishes(10, 40, 10), ["b", "a"])
    assert drawn["a"].rating == pytest.approx(0, abs=1e-6)
    half, _ = R.rate(_finishes(30, 20, 10), ["b", "a"])  # 40 points of 60
    assert half["a"].rating == pytest.approx(400 * math.log10(40.5 / 20.5), abs=0.01)


def test_a_perfect_record_gets_a_finite_rating_and_a_wide_interval() -> None:
    ratings, standings = R.rate(_finishes(8, 0, 0, ("a", "random")), ["a", "random"])
    a = ratings["a"]
    assert ratings["random"].rating == 0  # random anchors wherever it is listed
    assert math.isfinite(a.rating) and a.rating > 300
    assert a.high - a.low > 400  # 8 games say little, however one-sided
    assert standings["a"].win_share == 1.0


def test_multiplayer_comparisons_and_standings() -> None:
    # Three seats: x wins, y and z tie on score below it.
    finish = R.Finish("t", ("x", "y", "z"), (5.0, 2.0, 2.0), (0,))
    assert [R.beats(finish, 0, 1), R.beats(finish, 1, 2), R.beats(finish, 2, 0)] == [1, .5, 0]
    ratings, standings = R.rate([finish] * 6, ["x", "y", "z"])
    assert ratings["y"].rating == pytest.approx(ratings["z"].rating)
    assert ratings["x"].rating == 0 and ratings["y"].rating < 0
    assert standings["x"].mean_score == 5.0 and standings["y"].win_share == 0.0


# -- the command -------------------------------------------------------------------------------
def test_tournament_is_identical_for_any_worker_count(tmp_path: Path) -> None:
    # The installed games: a pool's processes load the plugins from entry points.
    verso = ("tournament", "verso", "--agents", "random,greedy,strong", "--games-per-pair",
             "4", "--budget", "iterations=4", "--seed", "9", "--json")
    one = _run(*verso, "--workers", "1", host=Host().load())
    two = _run(*verso, "--workers", "2", "--out", str(tmp_path / "two"), host=Host().load())
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert _same_games(first) == _same_games(second)
    assert first["games"] == 12 and first["anchor"] == "random"
    assert set(first["ratings"]) == {"random", "greedy", "strong"}
    assert first["ratings"]["random"]["rating"] == 0
    assert first["ratings"]["greedy"]["rating"] > 0


def test_out_keeps_every_record_a_chart_and_resumes_only_what_is_missing(
        tmp_path: Path) -> None:
    out = tmp_path / "t"
    small = _run(*NIM, "--out", str(out))
    assert small.exit_code == 0, small.output
    records = sorted((out / T.GAMES_DIR).glob("*.json"))
    assert len(records) == 6
    record = Record.from_json(records[0].read_text())
    assert record.game == "nim" and record.result is not None
    with Image.open(out / T.CHART_FILE) as chart:
        assert chart.format == "PNG" and chart.width == 1000
    # A larger tournament on the same folder plays only the new games ...
    bigger = _run(*NIM[:5], "10", *NIM[6:], "--out", str(out))
    assert bigger.exit_code == 0, bigger.output
    assert json.loads(bigger.stdout)["played"] == 4
    # ... an interrupted write (a cut last line, a lost record) costs only those games ...
    results = out / T.RESULTS_FILE
    lines = results.read_text().splitlines()
    results.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])
    (out / T.GAMES_DIR / json.loads(lines[0])["file"]).unlink()
    again = _run(*NIM[:5], "10", *NIM[6:], "--out", str(out))
    assert json.loads(again.stdout)["played"] == 2
    fresh = _run(*NIM[:5], "10", *NIM[6:])
    assert _same_games(json.loads(again.stdout)) == _same_games(json.loads(fresh.stdout))
    # ... and other settings on the same folder are refused in one line.
    other = _run(*NIM[:7], "31", *NIM[8:], "--out", str(out))
    assert other.exit_code == 1
    assert "other settings (budget)" in other.output and "Traceback" not in other.output


def test_terminal_table_names_each_agent_with_rating_and_interval() -> None:
    result = _run(*NIM[:-1])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "Elo ratings, random = 0, 95 % intervals" in lines[0]
    assert lines[2].split()[0] == "mcts" and lines[3].split()[0] == "random"


def test_multiplayer_tournament_reports_mean_score_and_win_share() -> None:
    result = _run("tournament", "verso", "--players", "3", "--agents", "random,greedy",
                  "--games-per-pair", "3", "--json", host=Host().load())
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 6 and report["players"] == 3
    seats = Counter((r["agents"].index(a), a) for r in report["results"]
                    for a in r["agents"] if r["agents"].count(a) == 1)
    assert seats == {(s, a): 1 for s in range(3) for a in ("random", "greedy")}
    greedy = report["standings"]["greedy"]
    low, high = greedy["win_share_interval"]
    assert low <= greedy["win_share"] <= high


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "random"], "at least two different agents"),
    (["--agents", "random,nobody"], "no agent 'nobody'"),
    (["--agents", "random,mcts", "--budget", "moves=3"], "expected iterations=N"),
    (["--agents", "random,mcts", "--ray-address", "x:1"], "only with --backend ray"),
])
def test_bad_input_gives_a_clear_error(args: list[str], message: str) -> None:
    result = _run("tournament", "nim", *args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_ray_backend_without_ray_says_how_to_install_it() -> None:
    blocked = ("import sys; sys.modules['ray'] = None; from tabletop.cli import main; "
               "main(['tournament', 'verso', '--agents', 'random,greedy', "
               "'--games-per-pair', '2', '--backend', 'ray'])")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, TABLETOP_DISABLE_PLUGINS=""))
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == f"Error: {T.RAY_MISSING}"


def test_ray_backend_gives_the_process_backend_results(tmp_path: Path) -> None:
    import ray  # installed by `make test` (the `ray` extra)

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        host = Host().load()
        settings = T.Settings("verso", 2, Budget(iterations=4), {})
        agents = ["random", "greedy", "strong"]
        on_ray = T.run(host, settings, agents, 4, 3, tmp_path / "ray", backend=T.RAY)
        local = T.run(host, settings, agents, 4, 3, backend=T.PROCESS, workers=2)
    finally:
        ray.shutdown()
    assert [r.record for r in on_ray.results] == [r.record for r in local.results]
    assert _same_games(on_ray.to_json()) == _same_games(local.to_json())
    assert len(list((tmp_path / "ray" / T.GAMES_DIR).glob("*.json"))) == 12
