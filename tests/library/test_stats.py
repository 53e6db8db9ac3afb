"""Statistics over a real library: per game, against whom, by seat, and solo scores."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.verso.game import VersoGame
from games.versus.game import VersusGame
from tabletop.store.library import Library
from tabletop.store.stats import TREND, histogram, player_stats, solo_summary, stats_lines
from tests.library.helpers import finished

GAMES: dict[str, Any] = {"verso": VersoGame(), "versus": VersusGame()}


def _library(tmp_path: Path) -> Library:
    library = Library.open(tmp_path)
    # Ada at Versus: beats greedy as seat 0, loses to Bob as seat 1, draws with strong.
    library.add(finished("versus", (1, 0), (0,), ("human", "greedy")), ["Ada", "greedy"])
    library.add(finished("versus", (1, 0), (0,), ("human", "human")), ["Bob", "Ada"])
    library.add(finished("versus", (0.5, 0.5), (), ("strong", "human")),
                ["strong", "Ada"])
    library.add(finished("versus", (0, 1), (1,), ("human", "greedy")), ["Ada", "greedy"])
    for score in (33, 41, 47, 47, 64):  # Ada's Verso solo scores, oldest first
        library.add(finished("verso", (score,), (0,), ("human",)), ["Ada"])
    return library


def test_per_game_against_each_agent_and_people_and_by_seat(tmp_path: Path) -> None:
    stats = player_stats(_library(tmp_path).entries(), GAMES)
    assert list(stats["players"]) == ["Ada", "Bob"]  # people only, by name
    ada = stats["players"]["Ada"]
    assert ada["games"]["versus"] == {"games": 4, "wins": 1, "draws": 1, "losses": 2,
                                      "win_rate": 0.25}
    assert ada["against"]["greedy"]["games"] == 2 and ada["against"]["greedy"]["wins"] == 1
    assert ada["against"]["strong"]["draws"] == 1
    assert ada["against"]["people"] == {"games": 1, "wins": 0, "draws": 0, "losses": 1,
                                        "win_rate": 0.0}
    seat_names = GAMES["versus"].info.seat_names
    by_seat = ada["by_seat"]["versus"]
    assert by_seat[seat_names[0]]["games"] == 2 and by_seat[seat_names[0]]["wins"] == 1
    assert by_seat[seat_names[1]]["losses"] == 1 and by_seat[seat_names[1]]["draws"] == 1
    assert stats["players"]["Bob"]["against"]["people"]["wins"] == 1


def test_solo_scores_best_average_bands_and_trend(tmp_path: Path) -> None:  # verso.md §7
    solo = player_stats(_library(tmp_path).entries(), GAMES)["players"]["Ada"]["solo"]["verso"]
    assert solo["scores"] == [33, 41, 47, 47, 64] and solo["best"] == 64
    assert solo["average"] == (33 + 41 + 47 + 47 + 64) / 5
    counts = {band["label"]: band["count"] for band in solo["bands"]}
    assert counts == {"under 35": 1, "35–39": 0, "40–44": 1, "45–49": 2, "50–54": 0,
                      "55–59": 0, "60–63": 0, "64+": 1}
    assert solo["trend"] == solo["scores"]


def test_filters_by_player_and_game_and_an_agent_as_player(tmp_path: Path) -> None:
    library = _library(tmp_path)
    only_verso = player_stats(library.entries(), GAMES, game="verso")
    assert list(only_verso["players"]) == ["Ada"]
    assert only_verso["players"]["Ada"]["games"] == {}
    greedy = player_stats(library.entries(), GAMES, player="greedy")["players"]["greedy"]
    assert greedy["games"]["versus"]["wins"] == 1 and greedy["against"]["people"]["games"] == 2
    lines = stats_lines(player_stats(library.entries(), GAMES, player="Ada"),
                        {"versus": "Versus", "verso": "Verso"})
    assert "  Versus: 4 played, 1 won, 1 drawn, 2 lost (25%)" in lines
    assert "  Verso solo: 5 games, best 64, average 46.4" in lines


def test_the_trend_keeps_the_latest_fifty_and_bands_come_from_the_game() -> None:
    scores = [float(i % 70) for i in range(80)]
    summary = solo_summary(scores, GAMES["verso"].info.score_bands)
    assert TREND == 50 and summary["trend"] == scores[-50:] and summary["games"] == 80
    assert sum(r["count"] for r in summary["bands"]) == 80
    assert summary["bands"][-1]["name"] == "the designers' record"
    assert histogram(scores, ()) == []  # a game without bands: no histogram
    assert player_stats([], GAMES) == {"players": {}}
