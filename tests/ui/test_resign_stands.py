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


def test_at_one_screen_the_person_not_to_move_resigns_with_a_button_of_their_own(
        tmp_path: Path) -> None:
    # Issue 33: hot-seat Versus, Blue to move; Brown, at the same screen, resigns now.
    from ui_driver import installed_host, kept_records, pump

    from tabletop.play.table import Table
    from tabletop.record import RESIGNED
    from tabletop.seats import Seat

    host = installed_host()
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0.0)
    try:
        opening = Table.opening(host.game("versus"), 2, {}, 1, ["human", "human"])
        win.app.start_game("versus", opening, [Seat.person(0), Seat.person(1)])
        screen = win.current_view
        assert isinstance(screen, GameScreen) and screen.snapshot.to_move == 0
        pump(win, 2)
        names = [b.name for b in screen.buttons if b.name.startswith("special:")]
        assert names == ["special:resign blue", "special:draw", "special:resign:1"]
        button = screen.button_named("special:resign:1")
        assert button is not None and button.label == "Resign (Brown)"
        click_button(win, "special:resign:1")
        panel = screen.panel()
        assert screen.overlay == "confirm" and panel is not None
        assert panel.heading == "Brown: resign?" and "Blue wins." in panel.text
        key(win, arcade.key.Y)
        assert screen.overlay == "end" and screen.table.ended == RESIGNED
        [record] = kept_records(win)
        assert record.moves == () and record.ended == RESIGNED
        assert record.result is not None and record.result.winners == (0,)
        assert record.result.reason == "Brown resigned"
    finally:
        close_app(win)


def test_resigning_while_the_computer_thinks_invents_no_points_and_ends_the_log(
        tmp_path: Path) -> None:
    # Issue 37, as a player met it: Versus against the computer (Expert), in German;
    # Blue plays, then resigns at once while the computer thinks, and confirms with Y.
    from ui_driver import installed_host, pump, wait_until

    from games.versus.board import CELL_OF_NAME
    from tabletop import i18n
    from tabletop.play.table import Table
    from tabletop.record import RESIGNED
    from tabletop.seats import Seat

    host = installed_host()
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0.0)
    i18n.set_language("de")
    try:
        win.app.settings.ai_seconds = 30.0  # it is still thinking when Blue resigns
        opening = Table.opening(host.game("versus"), 2, {}, 1, ["human", "Expert"])
        win.app.start_game("versus", opening,
                           [Seat.person(0), Seat.computer(1, "Expert", "Expert")])
        screen = win.current_view
        assert isinstance(screen, GameScreen)
        pump(win, 2)
        for cell in ("a1", "b1"):
            click(win, *screen.renderer.board_layout.centres[CELL_OF_NAME[cell]])
        key(win, arcade.key.ENTER)
        wait_until(win, lambda: screen.thinking is not None)
        assert screen.table.plies == 1
        button = screen.button_named("special:resign")
        assert button is not None and button.label == "Aufgeben (Blau)"
        click_button(win, "special:resign")
        key(win, arcade.key.Y)
        assert screen.overlay == "end" and screen.table.ended == RESIGNED
        assert screen.table.plies == 1  # the computer's move was never played
        panel = screen.panel()
        assert panel is not None and "gewinnt" in panel.text
        assert "Blau hat aufgegeben" in panel.text
        assert "Punkt" not in panel.text and "Sieger" not in panel.text  # no marks shown
        # The sidebar keeps the game's own standing: nobody banked a point.
        assert all(" 1" not in line for line in screen.sidebar().scores)
        click_button(win, "review")  # "Brett ansehen": the board, over
        pump(win, 2)
        status = screen.renderer.status()
        assert status == "Partie beendet." and "am Zug" not in status
        shown = texts(win)
        assert "am Zug" not in shown.replace("Am Zug", "")
        assert screen.sidebar().ending == "Blau hat aufgegeben."
        assert "Blau hat aufgegeben." in shown  # the move log's last line
    finally:
        i18n.set_language("en")
        close_app(win)
