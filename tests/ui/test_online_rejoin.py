"""A joined game stays in reach (issue 33): the joiner's app is closed mid-game; started
again, its launcher offers the table back, and one click takes the same seat again."""

from __future__ import annotations

import random
from pathlib import Path

from online_here import join_here
from test_online_app import installed_host, play_a_move, resign, said
from ui_driver import click_button, close_app, open_app, wait_until

from tabletop.net.joined import joined_tables
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import kept, start_host


def test_a_joiner_restarted_rejoins_its_seat_from_the_launcher_in_one_click(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=random", "--seed", "4")
    window = open_app(installed_host, tmp_path / "app")
    try:
        screen = join_here(window, address, code)
        rng = random.Random(5)
        play_a_move(window, screen, rng)
        seat = screen.seat.game.seat
    finally:
        # The app goes (its window closed: the link closes as when it is killed); the
        # seat stays the joiner's.
        view = window.current_view
        if isinstance(view, OnlineScreen):
            view.closing()
        close_app(window)
    [joined] = joined_tables(tmp_path / "app")
    assert (joined.address, joined.code, joined.name) == (address, code, "Ada")
    window = open_app(installed_host, tmp_path / "app")
    try:
        launcher = window.current_view
        assert isinstance(launcher, LauncherScreen)
        assert "Versus · online" in said(launcher)
        click_button(window, f"rejoin:{code}")  # one click
        wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
        again = window.current_view
        assert again.seat.game.seat == seat and "Ada (Blue) (you)" in said(again)
        play_a_move(window, again, rng)
        resign(window, again)
        assert "Game over" in said(again)
    finally:
        view = window.current_view
        if isinstance(view, OnlineScreen):
            view.seat.leave()
        close_app(window)
    assert "Game over:" in host.finish(60)
    assert joined_tables(tmp_path / "app") == []  # over: nothing left to offer back
    [hosted] = kept(tmp_path / "host")
    [mine] = kept(tmp_path / "app")
    assert mine.moves == hosted.moves
