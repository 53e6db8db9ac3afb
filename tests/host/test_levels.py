"""Levels: registered like agents, held to their budget, rated from the committed result."""

import itertools
import json
import random
import types
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop import hookimpl
from tabletop.ai.base import Budget, Level
from tabletop.cli import main
from tabletop.levels import LEVELS_FILE, LeveledAgent, budget_json, describe, measured
from tabletop.play.session import Session
from tabletop.plugins import Host, module_sources
from tabletop.record import Record

ROOT = Path(__file__).parents[2]
CASUAL = Level("Casual", "mcts", Budget(iterations=20), "a short search")


def _host(*levels: Level) -> Host:
    plugin = types.ModuleType("nim_levels")

    @hookimpl
    def tabletop_register_agents(register: Any) -> None:
        for level in levels:
            register("nim", level)

    plugin.tabletop_register_agents = tabletop_register_agents  # type: ignore[attr-defined]
    return Host(module_sources([("nim", tabletop_nim), ("levels", plugin)]),
                disabled=[]).load()


class _Recorder:
    """An agent that notes the budget it was given and plays the first move."""

    def __init__(self) -> None:
        self.budgets: list[Budget] = []

    def choose(self, observation: Any, seat: int, legal_moves: Any, budget: Budget,
               rng: random.Random) -> Any:
        self.budgets.append(budget)
        return legal_moves[0]


def test_a_level_plays_as_an_agent_of_its_name_held_to_its_budget() -> None:
    host = _host(CASUAL)
    spec = host.agent_spec("nim", "Casual")
    assert spec.level == CASUAL and spec.description == "a short search"
    agent = spec.make(host.game("nim"))
    assert isinstance(agent, LeveledAgent)
    # Its iterations replace the ones asked for; the shorter time limit wins.
    assert agent.held(Budget(seconds=0.5)) == Budget(0.5, 20)
    assert agent.held(Budget(iterations=999)) == Budget(None, 20)
    inner = _Recorder()
    timed = LeveledAgent(inner, Budget(seconds=2.0))
    timed.choose(None, 0, [1], Budget(seconds=0.3, iterations=7), random.Random(0))
    assert inner.budgets == [Budget(0.3, 7)]
    # The default opponent is an agent, never a level.
    assert host.strongest_agent("nim").level is None


def test_a_level_is_played_and_kept_under_its_name() -> None:
    host = _host(CASUAL)
    result = CliRunner().invoke(main, ["tournament", "nim", "--agents", "random,Casual",
                                       "--games-per-pair", "2", "--json"],
                                obj={"host": host})
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report["ratings"]) == {"random", "Casual"}
    session = Session.new(host.game("nim"), 2, {}, 3, ["Casual", "random"])
    record = Record.from_json(session.record().to_json())
    assert Session.from_record(host, record).agents == ("Casual", "random")


def test_levels_the_host_cannot_offer_are_refused_on_their_own() -> None:
    host = _host(CASUAL, Level("Ghost", "nobody", Budget(), "plays nothing"),
                 Level("mcts", "random", Budget(), "a level named like an agent"),
                 Level("Casual", "random", Budget(), "a second Casual"),
                 Level("Deep", "Casual", Budget(), "a level of a level"))
    refused = next(p for p in host.plugins if p.name == "levels").refused
    assert len(refused) == 4
    assert "'nobody', which is not an agent of the game" in refused[0]
    assert "reserved" in refused[1] and "already taken" in refused[2]
    assert "'Casual', which is not an agent of the game" in refused[3]
    assert [s.name for s in host.agent_specs("nim")] == ["random", "mcts", "Casual"]


def test_ratings_are_read_from_the_result_file_only_for_the_same_setting(
        tmp_path: Path) -> None:
    path = tmp_path / LEVELS_FILE
    assert measured([CASUAL], path) == (CASUAL,)  # no file: the level plays, unrated
    path.write_text(json.dumps({"levels": [
        {"name": "Casual", "agent": "mcts", "budget": budget_json(CASUAL.budget),
         "rating": 412.4, "low": 300.0, "high": 520.0}]}))
    (rated,) = measured([CASUAL], path)
    assert (rated.rating, rated.low, rated.high) == (412.4, 300.0, 520.0)
    assert describe(rated) == "Casual (rating 412)"
    changed = Level("Casual", "mcts", Budget(iterations=21), "a short search")
    assert measured([changed], path)[0].rating is None  # measured with another budget
    assert describe(changed) == "Casual (not rated yet)"
    path.write_text("{not json")
    assert measured([CASUAL], path) == (CASUAL,)


@pytest.mark.parametrize("game_id", ["verso", "versus"])
def test_each_game_offers_three_rated_levels_150_points_apart(game_id: str) -> None:
    # The committed result of bench/levels.py, with its command and date.
    result = json.loads((ROOT / "games" / game_id / LEVELS_FILE).read_text())
    assert result["command"].startswith(".venv/bin/python bench/levels.py " + game_id)
    assert result["date"] and result["anchor"] == "random"
    levels = [s.level for s in Host().load().agent_specs(game_id) if s.level is not None]
    assert len(levels) >= 3
    ratings = [level.rating for level in levels]
    assert None not in ratings, "a level changed since measured: run bench/levels.py"
    ordered = sorted(r for r in ratings if r is not None)
    assert all(b - a >= 150 for a, b in itertools.pairwise(ordered))
