"""Issue 37: Review is where a finished game is, on the end panel and in the Library: it
opens the replay screen and the computer's review starts at once (a kept review is shown
without running again). Driven headless with real presses on a real library."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import click, click_button, close_app, key, open_app, pump

from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.library_screen import LibraryScreen
from tabletop.ui.renderer import Rect
from tabletop.ui.replay_screen import ReplayScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(ui_games.make_host, tmp_path, size=(800, 600))
    yield win
    close_app(win)


def reviewed(window: Any) -> ReplayScreen:
    """The replay screen once the review it started is done."""
    screen = window.current_view
    assert isinstance(screen, ReplayScreen)
    frames = 0
    while screen.reviewing:  # in the background: the window keeps drawing
        pump(window)
        frames += 1
        assert frames < 20_000
    pump(window)
    assert screen.review is not None, (screen.review_failed, screen._review_done)
    return screen


def test_the_end_panel_and_the_library_review_a_finished_game(window: Any) -> None:
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    game = window.current_view
    assert isinstance(game, GameScreen)
    for cell in (0, 4, 8):  # three moves, then the player to move resigns
        click(window, *game.renderer.cell_rect(cell).center)
        key(window, arcade.key.ENTER)
    click_button(window, "special:resign")
    key(window, arcade.key.Y)
    assert game.overlay == "end"
    click_button(window, "analyse")  # Computer review
    screen = reviewed(window)
    assert len(screen.review.judgements) == len(screen.played.moves)
    assert "Accuracy:" in "\n".join(p.text for p in screen.laid_out().items)
    assert screen.laid_out().problems(Rect(0, 0, 800, 600)) == []

    key(window, arcade.key.ESCAPE)  # to the Library: the row offers Review
    library = window.current_view
    assert isinstance(library, LibraryScreen)
    assert library.laid_out().problems(Rect(0, 0, 800, 600)) == []
    [name] = [b.name for b in library.buttons if b.name.startswith("review:")]
    click_button(window, name)
    again = window.current_view
    assert isinstance(again, ReplayScreen) and not again.reviewing  # kept: not run twice
    assert again.review is not None
    assert again.review.to_dict() == screen.review.to_dict()


def test_g_shows_each_seat_then_every_seat_in_the_graph(window: Any) -> None:
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    game = window.current_view
    for cell in (0, 4, 8, 2):
        click(window, *game.renderer.cell_rect(cell).center)
        key(window, arcade.key.ENTER)
    click_button(window, "special:resign")
    key(window, arcade.key.Y)
    click_button(window, "analyse")
    screen = reviewed(window)
    seen = [screen.graph_seat]
    for _ in range(3):
        key(window, arcade.key.G)
        pump(window)
        seen.append(screen.graph_seat)
        texts = "\n".join(p.text for p in screen.laid_out().items)
        assert screen.laid_out().problems(Rect(0, 0, 800, 600)) == []
        if screen.graph_seat is None:
            assert "Win %: every seat (G)" in texts
    assert seen == [0, 1, None, 0]
