"""Issue 20: a quick-started game nobody named is no one's in Statistics: its "Player 1"
is not listed as a person (a person who typed a name is). Issue 36: but it counts, under
"Played without a name", with the advice to type a name to keep one's own figures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, key, open_app, wait_until

from tabletop.store.stats import UNNAMED
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.stats_screen import StatsScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)


def play_to_the_end(window: Any) -> None:
    """A whole Verso solo game by keyboard: draw, keep."""
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    while screen.table.session.outcome is None:
        wait_until(window, lambda: not screen.renderer.animating)
        key(window, arcade.key.P if screen.table.session.state.phase == 1 else arcade.key.D)
        if screen.table.session.outcome is None and screen.table.session.state.phase == 0:
            key(window, arcade.key.K)


def test_a_quick_start_nobody_named_is_not_a_person_in_statistics(window: Any) -> None:
    click_button(window, "quick:verso:1:1")  # Verso solo, in one click: no name typed
    play_to_the_end(window)
    window.app.show_launcher()
    click_button(window, "statistics")
    screen = window.current_view
    assert isinstance(screen, StatsScreen)
    assert "Player 1" not in screen.players and screen.players == [UNNAMED]
    assert screen.player == UNNAMED
    screen.ensure_built()
    shown = [t.text for t in screen._labels]
    assert "Player 1" not in shown
    assert "Played without a name" in shown
    assert any("Verso solo: 1 game" in text for text in shown), shown
    assert any(text.startswith("Type your name at set-up") for text in shown), shown
