"""Ratings, winning streaks and personal bests in the statistics of a real library.

The games are kept in a real library (SQLite index and files in a temporary folder); the
levels are the installed games' own, with their measured ratings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop.ai.base import AgentSpec, Budget, Level
from tabletop.cli import main
from tabletop.model import Outcome
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.store.stats import (
    people_ratings,
    player_stats,
    rating_scale,
    rating_scales,
    stats_lines,
)


@pytest.fixture(scope="module")
def host() -> Host:
    return Host().load()


def game(game_id: str, agents: tuple[str, ...], scores: tuple[float, ...],
         winners: tuple[int, ...], plies: int = 30) -> Record:
    """A finished record as the index sees it (statistics read the result, not moves)."""
    return Record(game_id, len(agents), {}, 0, None, ("x",) * plies,
                  Outcome(scores, winners, "end"), agents)


def test_the_scale_holds_the_levels_and_the_agents_that_play_exactly_as_one(
        host: Host) -> None:
    """Verso: each level by name; `greedy` is Club and `random` Beginner (levels with no
    budget of their own); `strong` and `mcts` on the app's time were never measured.
    Versus: `random` is the scale's 0 though no level plays it."""
    scales = rating_scales(host)
    verso, versus = scales["verso"], scales["versus"]
    assert [name for name, _ in verso.levels] == ["Beginner", "Casual", "Club", "Expert"]
    assert verso.opponents["greedy"] == verso.opponents["Club"]
    assert verso.opponents["random"].name == "Beginner"
    assert "strong" not in verso.opponents and "mcts" not in verso.opponents
    assert versus.opponents["greedy"].name == "Casual"
    assert versus.opponents["random"].rating == 0.0 and "random" not in dict(versus.levels)
    assert "strong" not in versus.opponents
    assert "reversi" not in scales or scales["reversi"].levels  # only rated games


def test_levels_whose_ratings_are_missing_or_not_finite_make_no_scale() -> None:
    """A rating file may hold any JSON number (NaN, Infinity): such a level rates nothing;
    a level with no rating at all neither."""
    def spec(name: str, rating: float | None) -> AgentSpec:
        level = Level(name, "random", Budget(), "", rating, None, None)
        return AgentSpec(name, "", lambda game: None, 0, level)  # type: ignore[arg-type,return-value]

    assert rating_scale([spec("A", float("nan")), spec("B", float("inf")),
                         spec("C", None)]) is None
    scale = rating_scale([spec("A", float("nan")), spec("B", 300.0)])
    assert scale is not None and scale.levels == (("B", 300.0),)
    assert scale.opponents["B"].low is None


def _odd_library(directory: Path) -> Library:
    """Ada's Verso games against the levels, and games an index may well hold: Ada at
    both seats, three seats with somebody unnamed, a game no longer installed, the
    computer on the app's time, a draw, a one-seat game."""
    library = Library.open(directory)
    results = [("Club", True), ("Club", True), ("Expert", False), ("Casual", True),
               ("Casual", True), ("Expert", True), ("Beginner", True), ("Club", False)]
    for number, (level, won) in enumerate(results):
        library.add(game("verso", ("human", level), (30.0 + number, 20.0) if won else
                         (20.0, 25.0 + number), (0,) if won else (1,), plies=40 - number),
                    ["Ada", level])
    library.add(game("verso", ("human", "human"), (5.0, 3.0), (0,)), ["Ada", "Ada"])
    library.add(game("verso", ("human", "human", "Expert"), (9.0, 1.0, 2.0), (0,)),
                ["Ada", "Player 2", "Expert"])
    library.add(game("chess", ("human", "random"), (1.0, 0.0), (0,)), ["Ada", "random"])
    library.add(game("verso", ("human", "strong"), (1.0, 2.0), (1,)), ["Ada", "strong"])
    library.add(game("verso", ("human", "Club"), (4.0, 4.0), ()), ["Ada", "Club"])
    library.add(game("verso", ("human",), (44.0,), (0,)), ["Ada"])
    library.add(game("versus", ("human", "human"), (1.0, 0.0), (0,)), ["Bob", "Cal"])
    return library


def test_ratings_streaks_and_bests_of_a_library_with_odd_games(host: Host,
                                                                tmp_path: Path) -> None:
    library = _odd_library(tmp_path)
    entries = library.entries()
    scales = rating_scales(host)
    ada = player_stats(entries, host.games, scales=scales)["players"]["Ada"]
    rating = ada["rating"]["verso"]
    # Eight games against the levels, Expert beaten in the three-seat game, and the draw
    # with Club count; Ada against herself and against `strong` do not.
    assert rating["games"] == 10 and rating["unrated_games"] == 2
    assert rating["off_level_games"] == 1  # `strong`; Ada against herself is the other
    assert rating["low"] < rating["rating"] < rating["high"]
    assert rating["words"].startswith("about ") and rating["placement"]
    assert [h["id"] for h in rating["history"]] == [
        e.id for e in sorted(entries, key=lambda e: (e.updated, e.id))
        if e.game == "verso" and e.players > 1
        and not {s.agent for s in e.seats} <= {"human", "strong"}]
    assert rating["history"][-1]["rating"] == rating["rating"]
    # Won 2, lost, won 4, lost; then Ada v Ada (a win, then a loss), the three seats
    # (won), `strong` (lost), the draw (ends a run too): the longest is four, none now.
    assert ada["streaks"]["verso"] == {"current": 0, "longest": 4}
    bests = ada["bests"]["verso"]
    assert bests["score"]["value"] == 36.0  # 30 + 6, against Beginner
    assert bests["margin"]["value"] == 16.0 and bests["quickest_win"]["plies"] == 30
    assert bests["strongest_beaten"]["name"] == "Expert"
    assert "chess" not in ada["rating"] and "chess" in ada["games"]  # no scale, still counted
    # Bob and Cal met nobody rated: no rating on the scale, and the reason is in the row.
    bob = player_stats(entries, host.games, "Bob", scales=scales)["players"]["Bob"]
    assert bob["rating"]["versus"]["rating"] is None
    assert bob["rating"]["versus"]["unrated_games"] == 0  # his game counted, for Cal
    lines = stats_lines(player_stats(entries, host.games, "Ada", scales=scales),
                        {"verso": "Verso"})
    assert any(line.startswith("    rating: about ") and line.endswith(
        "; 2 games not counted: no opponent of known strength") for line in lines)
    assert "    winning streak: 0 now, longest 4" in lines
    assert any(line.startswith("    bests: score 36, beat Expert") for line in lines)
    library.close()


def test_an_agent_shows_its_measured_rating_and_nobody_is_rated_without_scales(
        host: Host, tmp_path: Path) -> None:
    library = _odd_library(tmp_path)
    entries = library.entries()
    club = player_stats(entries, host.games, "Club", scales=rating_scales(host))
    assert club["players"]["Club"]["rating"]["verso"]["measured"] is True
    assert player_stats(entries, host.games)["players"]["Ada"]["rating"] == {}
    assert people_ratings(entries, {}) == {}
    library.close()


def test_stats_json_has_each_persons_rating_with_its_interval(
        host: Host, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _odd_library(tmp_path).close()
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    out = runner.invoke(main, ["stats", "--json"], obj={"host": host})
    assert out.exit_code == 0, out.output
    players: dict[str, Any] = json.loads(out.output)["players"]
    rating = players["Ada"]["rating"]["verso"]
    assert {"rating", "low", "high", "games", "words", "history"} <= set(rating)
    text = runner.invoke(main, ["stats", "--player", "Ada"], obj={"host": host})
    assert text.exit_code == 0 and "    rating: about " in text.output
