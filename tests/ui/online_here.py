"""The seat here at a table hosted from the app, driven as a player does: host it from
the set-up, move, play to the end. Shared by the tests of issue 33 and the host app run
as a process of its own (`host_app.py`)."""

from __future__ import annotations

import random
from typing import Any

from test_online_app import play_a_move, resign
from ui_driver import click_button, key, pump, wait_until

from tabletop.ui._arcade import arcade
from tabletop.ui.online_screen import OnlineScreen


def move_here(window: Any, screen: OnlineScreen, game: str, rng: random.Random) -> None:
    """One move of the seat here: by clicks on Versus's board; on Verso, the first legal
    move handed to the screen as its board hands a chosen card."""
    if game == "versus":
        play_a_move(window, screen, rng)
        return
    wait_until(window, lambda: screen.may_move and not screen.animating, 90)
    ply = screen.plies
    screen.submit(screen._legal[0])
    wait_until(window, lambda: screen.plies > ply, 30)


def join_here(window: Any, address: str, code: str, name: str = "Ada") -> OnlineScreen:
    """Join a table from the launcher's Join screen, typing its address, code and name."""
    click_button(window, "join")
    for field, text in (("address", address), ("code", code), ("name", name)):
        click_button(window, field)
        window.dispatch_event("on_text", text)
        pump(window)
    key(window, arcade.key.ENTER)
    wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
    return window.current_view


def host_here(window: Any, game: str) -> OnlineScreen:
    """Host a table of `game` from the launcher's set-up: the seat here and one online."""
    click_button(window, f"game:{game}")
    setup = window.current_view
    if setup.players < 2:  # Verso starts solo
        click_button(window, "players+")
    while setup.seats[1] != "online":
        click_button(window, "seat1-")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, OnlineScreen), getattr(setup, "error", None)
    return screen


def play_to_the_end(window: Any, screen: OnlineScreen, game: str,
                    rng: random.Random) -> None:
    """Versus: one move more, then resign; Verso (no resignation): played to its end."""
    if game == "versus":
        move_here(window, screen, game, rng)
        resign(window, screen)
        return
    while screen.online.outcome is None:
        wait_until(window, lambda: screen.online.outcome is not None
                   or (screen.may_move and not screen.animating), 90)
        if screen.online.outcome is None:
            move_here(window, screen, game, rng)
