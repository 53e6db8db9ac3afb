"""The set-up screen offers each game's levels by name, measured rating and how each plays."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.levels import LEVELS_FILE
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen
from tests.ui.ui_driver import click_button, close_app, installed_host, open_app, screenshot

ROOT = Path(__file__).parents[2]


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800))
    yield win
    close_app(win)


def texts(window: Any) -> list[str]:
    window.current_view.ensure_built()
    return [t.text for t in window.current_view._labels]


@pytest.mark.parametrize("game_id", ["versus", "verso"])
def test_setup_shows_the_levels_with_the_ratings_of_the_committed_result(
        window: Any, game_id: str) -> None:
    # The app reads the game's levels.json (written by bench/levels.py): the same numbers.
    measured = json.loads((ROOT / "games" / game_id / LEVELS_FILE).read_text())["levels"]
    click_button(window, f"game:{game_id}")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    seat = setup.players - 1  # the last seat of the default table
    shown = []
    for entry in measured:
        click_button(window, f"seat{seat}+")
        assert setup.seats[seat] == entry["name"]  # the levels come first, in order
        labels = texts(window)
        assert f"Computer: {entry['name']} (rating {entry['rating']:.0f})" in labels
        sentence = entry["blurb"][:1].upper() + entry["blurb"][1:]
        assert sentence.rstrip(".") + "." in labels  # a sentence, whole
        shown.append(entry["name"])
    assert len(shown) >= 3
    click_button(window, f"seat{seat}+")  # the levels, then a friend online, then a person
    assert setup.seats[seat] == "online"
    click_button(window, f"seat{seat}+")
    assert setup.seats[seat] == "human"
    click_button(window, f"seat{seat}-")
    click_button(window, f"seat{seat}-")
    if game_id == "versus":
        screenshot(window, "setup_levels_versus")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    assert screen.table.session.agents[seat] == measured[-1]["name"]
