"""The Statistics screen: the numbers drawn match `tabletop stats --json`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from ui_driver import click_button, close_app, installed_host, key, open_app, pump, screenshot

from tabletop import i18n
from tabletop.cli import main
from tabletop.model import Outcome
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.renderer import Rect
from tabletop.ui.stats_screen import StatsScreen

SCORES = (33, 41, 47, 47, 53)  # Ada's Verso solo games, oldest first


def _keep(directory: Path) -> None:
    library = Library.open(directory)
    for score in SCORES:
        library.add(Record("verso", 1, {}, score, None, ("keep",),
                           Outcome((score,), (0,), "the deck ran out"), ("human",)), ["Ada"])
    for scores, winners in (((1, 0), (0,)), ((0, 1), (1,)), ((0.5, 0.5), ())):
        library.add(Record("versus", 2, {}, 1, None, ("x",), Outcome(scores, winners, "end"),
                           ("human", "greedy")), ["Ada", "greedy"])
    library.close()


def _texts(window: Any) -> list[str]:
    window.current_view.ensure_built()
    return [t.text for t in window.current_view._labels]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_charts_show_the_numbers_of_stats_json(tmp_path: Path, size: tuple[int, int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    _keep(tmp_path)
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    out = CliRunner().invoke(main, ["stats", "--player", "Ada", "--json"],
                             obj={"host": installed_host()})
    ada = json.loads(out.output)["players"]["Ada"]
    window = open_app(installed_host, tmp_path, size=size, colour_blind=True)
    try:
        click_button(window, "statistics")
        assert isinstance(window.current_view, StatsScreen)
        shown = _texts(window)
        solo = ada["solo"]["verso"]  # verso.md §7: the rulebook's bands
        assert (f"Verso solo: {solo['games']} games, best {solo['best']:g}, average "
                f"{solo['average']:.1f}") in shown
        for band in solo["bands"][1:]:  # every band: its range and its count
            assert band["label"] in shown
        assert f"<{solo['bands'][1]['from']:g}" in shown  # below the first band
        counts = [int(t) for t in shown if t.isdigit()]
        assert counts == [b["count"] for b in solo["bands"]]
        assert f"best {max(SCORES)}, the last" in shown  # the best is also the latest here
        versus = ada["games"]["versus"]
        assert f"Versus: {versus['games']} played, {versus['win_rate']:.0%} won" in shown
        assert {"W 1", "D 1", "L 1"} <= set(shown)  # letters, not colour alone
        greedy = ada["against"]["greedy"]
        assert f"{greedy['win_rate']:.0%} of {greedy['games']}" in shown
        screenshot(window, f"stats_{size[0]}")
        key(window, arcade.key.ESCAPE)
        assert isinstance(window.current_view, LauncherScreen)
    finally:
        close_app(window)


def test_choosing_a_player_and_a_game(tmp_path: Path) -> None:
    _keep(tmp_path)
    window = open_app(installed_host, tmp_path, size=(1280, 800))
    try:
        window.app.show_stats()
        screen = window.current_view
        # Issue 36: computers are opponents, not players; Versus's `greedy` plays exactly
        # as its Casual level, and is named so, in a section of its own.
        assert screen.players == ["Ada"] and screen.player == "Ada"
        shown = _texts(window)
        assert "greedy" not in shown
        assert shown.index("Against the computer") < shown.index("Casual")
        click_button(window, "player+")
        assert screen.player == "Ada"
        i18n.set_language("de")
        try:
            pump(window)
            assert "Gegen den Computer" in _texts(window)
            assert "Casual" not in _texts(window)  # the level in the player's language
        finally:
            i18n.set_language("en")
        pump(window)
        click_button(window, "game+")  # verso, the first game kept by id
        assert screen.game == "verso" and screen.stats["games"] == {}
        assert "No finished games against anyone yet." in _texts(window)
    finally:
        close_app(window)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_one_solo_game_reads_in_the_singular_and_its_labels_keep_apart(
        tmp_path: Path, size: tuple[int, int]) -> None:
    library = Library.open(tmp_path)
    library.add(Record("verso", 1, {}, 5, None, ("keep",),
                       Outcome((44,), (0,), "the deck ran out"), ("human",)), ["Alice"])
    library.close()
    window = open_app(installed_host, tmp_path, size=size)
    try:
        window.app.show_stats()
        screen = window.current_view
        shown = _texts(window)
        assert "Verso solo: 1 game, best 44" in shown
        assert "The one score so far" in shown and "44" in shown
        assert not any("1 games" in t or "1 scores" in t for t in shown)
        labels = [t for t in screen._labels if t.text.strip()]
        for label in labels:  # every label whole on the screen
            assert label.left >= 0 and label.right <= size[0], label.text
        for i, a in enumerate(labels):  # and no two drawn over each other
            for b in labels[i + 1:]:
                apart = (a.right <= b.left or b.right <= a.left or a.top <= b.bottom
                         or b.top <= a.bottom)
                assert apart, (a.text, b.text)
    finally:
        close_app(window)


def _keep_rated(directory: Path) -> None:
    """Ada's Verso games against each level (won against the two weakest, lost and won
    against Club, lost against Expert), one against the computer on the app's time, and
    two solo games."""
    library = Library.open(directory)
    for round_ in range(3):
        for level, won in (("Beginner", True), ("Casual", True), ("Club", round_ != 1),
                           ("Expert", False)):
            library.add(Record("verso", 2, {}, round_, None, ("x",) * 30,
                               Outcome((30.0, 20.0) if won else (20.0, 30.0),
                                       (0,) if won else (1,), "end"), ("human", level)),
                        ["Ada", level])
    library.add(Record("verso", 2, {}, 9, None, ("x",), Outcome((1, 2), (1,), "end"),
                       ("human", "strong")), ["Ada", "strong"])
    for score in (41, 47):
        library.add(Record("verso", 1, {}, score, None, ("keep",),
                           Outcome((score,), (0,), "the deck ran out"), ("human",)), ["Ada"])
    library.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_rating_shows_in_words_with_its_history_and_nothing_is_cut(
        tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """"Verso: about … — between … and …" as `stats --json` words it, what it rests on,
    its chart with the levels named, the streak and bests under the results bar; every
    text whole in its box and apart from the others, beside the solo scores."""
    _keep_rated(tmp_path)
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    out = CliRunner().invoke(main, ["stats", "--player", "Ada", "--json"],
                             obj={"host": installed_host()})
    ada = json.loads(out.output)["players"]["Ada"]
    rating = ada["rating"]["verso"]
    assert rating["games"] == 12 and rating["unrated_games"] == 1
    window = open_app(installed_host, tmp_path, size=size)
    try:
        window.app.show_stats()
        screen = window.current_view
        shown = _texts(window)
        assert f"Verso: {rating['words']}" in shown
        assert "from 12 games" in shown
        assert "1 game not counted: the computer played on the app's time, not as a level" \
            in shown
        assert ("Verso: the rating after each of 12 games; thin lines: its 95 % interval"
                in shown)
        assert {"Beginner", "Expert"} <= set(shown)  # the levels across the chart
        assert f"now {round(rating['history'][-1]['rating'] / 10) * 10}" in shown
        streak = ada["streaks"]["verso"]
        assert (f"winning streak {streak['current']} (longest {streak['longest']}) · "
                f"best score 30 · beat Club") in shown
        assert any(t.startswith("Verso solo: 2 games") for t in shown)
        width, height = size
        assert screen.laid_out().problems(Rect(0, 0, width, height)) == []
        assert not [p.text for p in screen.laid_out().items if p.cut]
        screenshot(window, f"stats_rating_{width}")
    finally:
        close_app(window)
