"""Issue 20: a resignation ends the game for good, as its dialog says: the U and R keys
refuse to take it back, and say why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import click, click_button, close_app, key, open_app

from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(ui_games.make_host, tmp_path, size=(1280, 800))
    yield win
    close_app(win)


def texts(window: Any) -> str:
    window.current_view.ensure_built()
    return "\n".join(t.text for t in window.current_view._labels)


def test_u_after_a_resignation_leaves_the_game_resigned_and_says_so(window: Any) -> None:
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    click(window, *screen.renderer.cell_rect(0).center)  # a1, previewed
    key(window, arcade.key.ENTER)  # and played: a move before the resignation
    played = list(screen.table.session.moves)
    assert played
    click_button(window, "special:resign")
    key(window, arcade.key.Y)  # yes, resign
    assert screen.table.session.outcome is not None and screen.overlay == "end"
    click_button(window, "review")  # the board again, with its status line and U
    key(window, arcade.key.U)
    assert screen.table.session.moves == [*played, "resign"]
    assert "Nothing that may be undone: the game was resigned." in texts(window)
    key(window, arcade.key.R)
    assert screen.table.session.moves == [*played, "resign"]
    kept = window.app.keeper
    kept.flush()
    record = kept.library.read_record(kept.entry_id(screen.table))
    assert record.moves[-1] == "resign"  # the kept game is the resigned one
