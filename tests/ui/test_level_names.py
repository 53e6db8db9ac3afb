"""Issue 20: a computer seat is named by its level's name, the set-up's words, wherever a
kept game is listed: the Library's rows, the replay's title, Statistics' opponents (never
the agent id "strong" that a quick start or `play --agent strong` keeps)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, key, open_app, pump

from tabletop.levels import computer_name
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.replay_screen import ReplayScreen
from tabletop.ui.stats_screen import StatsScreen
from tests.library.helpers import finished


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)


def texts(window: Any) -> list[str]:
    window.current_view.ensure_built()
    return [t.text for t in window.current_view._labels]


def test_an_agent_is_named_by_the_level_that_plays_it() -> None:
    specs = installed_host().agent_specs("versus")
    assert computer_name(specs, "Club") == "Club"  # a level: its own name
    assert computer_name(specs, "strong") == "Expert"  # the strongest level playing it
    assert computer_name(specs, "random") == "random"  # no level plays it


def test_the_library_and_the_replay_name_a_quick_starts_computer_by_its_level(
        window: Any) -> None:
    # The quick start says the level on its button and plays a newcomer's: Beginner.
    assert window.current_view.button_named("quick:verso:2:1").label == (
        "Verso against Beginner")
    click_button(window, "quick:verso:2:1")
    screen = window.current_view
    assert isinstance(screen, GameScreen) and "Beginner" in screen.table.session.agents
    # During play the seat is named with its level, on the table and in the scores.
    pump(window)
    assert screen.renderer.seat_label(1) == "Player 2 · Beginner"  # the table's panel
    assert any(t.startswith("Scores:") and "Player 2 (Beginner)" in t
               for t in screen.sidebar().scores)  # in brackets: the scores part by "·"
    key(window, arcade.key.ESCAPE)
    assert any(t.endswith("Player 1 vs Beginner") for t in texts(window))  # in progress
    click_button(window, "library")
    shown = texts(window)
    assert "Verso · Player 1 vs Beginner" in shown
    entry = window.app.keeper.library.entries()[0]
    # The replay viewer of the game so far (the Library's Open continues a game in
    # progress; a finished one opens here).
    window.show_view(ReplayScreen.open(window.app, entry.id))
    assert "Player 1 vs Beginner" in texts(window)
    # An agent a level plays on the app's time is named by that level, never its id.
    assert computer_name(window.app.host.agent_specs("verso"), "strong") == "Expert"


def test_statistics_name_the_opponents_by_level(window: Any) -> None:
    library = window.app.keeper.library
    library.add(finished("versus", (1, 0), (0,), ("human", "strong")), ["Ada", "strong"])
    library.add(finished("versus", (0, 1), (1,), ("human", "Expert")), ["Ada", "Expert"])
    library.add(finished("versus", (1, 0), (0,), ("human", "greedy")), ["Ada", "greedy"])
    click_button(window, "statistics")
    screen = window.current_view
    assert isinstance(screen, StatsScreen) and screen.player == "Ada"
    rows = screen.opponents()
    assert set(rows) == {"Expert", "Casual"}  # "strong" and "Expert" are one opponent
    assert rows["Expert"]["games"] == 2 and rows["Expert"]["wins"] == 1
    shown = texts(window)
    assert "Expert" in shown and "Casual" in shown
    assert "strong" not in shown and "greedy" not in shown
