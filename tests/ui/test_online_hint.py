"""Hints online (issue 33): found by the seat's own app, from what the seat sees, by the
game's own agent; the host is never asked. Versus, and Verso (hidden information)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_online_app import installed_host, said
from ui_driver import click_button, close_app, key, open_app, wait_until

from tabletop.ui._arcade import arcade
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import run


@pytest.mark.parametrize("game", ["versus", "verso"])
def test_the_seat_to_move_gets_a_hint_found_on_its_own_view(tmp_path: Path,
                                                            game: str) -> None:
    window = open_app(installed_host, tmp_path / "app")
    window.app.port = 0
    friend = None
    try:
        click_button(window, f"game:{game}")
        setup = window.current_view
        if setup.players < 2:  # Verso starts solo
            click_button(window, "players+")
        while setup.seats[1] != "online":  # the second seat: a friend from elsewhere
            click_button(window, "seat1-")
        click_button(window, "start")
        screen = window.current_view
        assert isinstance(screen, OnlineScreen), getattr(setup, "error", None)
        seat = screen.seat
        friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent",
                      "random", "--seed", "1"], tmp_path / "friend")
        wait_until(window, lambda: screen.may_move and not screen.animating, 90)
        hint = screen.button_named("hint")
        assert hint is not None and hint.enabled
        key(window, arcade.key.H)
        assert screen.message.startswith("Looking for a hint")
        wait_until(window, lambda: screen.message.startswith("Hint: "), 90)
        assert screen.stage.frame.hint in screen._legal  # a move the host takes
        assert "Hint: " in said(screen)
    finally:
        view: Any = window.current_view
        if isinstance(view, OnlineScreen):
            view.seat.leave()
        close_app(window)
        if friend is not None:
            friend.kill()
