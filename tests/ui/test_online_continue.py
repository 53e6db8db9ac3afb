"""An online game stays online (issue 33): the host leaves, or its app closes, and
Continue on the launcher hosts the same table again; the friend's client comes back by
itself and the game finishes with both records equal. The host's screen never plays the
friend's seat. Versus and Verso, with a real friend process on the loopback."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_online_app import play_a_move, resign, said
from ui_driver import click_button, click_continue, close_app, key, open_app, wait_until

from tabletop.net.seat import hosted_here
from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import free_port, kept, run


def installed_host() -> Host:
    return Host().load()


def _move(window: Any, screen: OnlineScreen, game: str, rng: random.Random) -> None:
    """One move of the seat here: by clicks on Versus's board; on Verso, the first legal
    move handed to the screen as its board hands a chosen card."""
    if game == "versus":
        play_a_move(window, screen, rng)
        return
    wait_until(window, lambda: screen.may_move and not screen.animating, 90)
    ply = screen.plies
    screen.submit(screen._legal[0])
    wait_until(window, lambda: screen.plies > ply, 30)


def _host(window: Any, game: str) -> OnlineScreen:
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


@pytest.mark.parametrize("game", ["versus", "verso"])
def test_leave_then_continue_hosts_the_table_again_and_the_friend_comes_back(
        tmp_path: Path, game: str) -> None:
    window = open_app(installed_host, tmp_path / "app")
    window.app.port = free_port()  # the friend's app knows this address: kept for Continue
    friend = None
    try:
        screen = _host(window, game)
        seat = screen.seat
        friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent",
                      "random", "--name", "Bob", "--seed", "2"], tmp_path / "friend")
        rng = random.Random(7)
        _move(window, screen, game, rng)
        wait_until(window, lambda: screen.may_move, 90)  # Bob answered
        entry = seat.hosting.online.entry
        # Leave: the table closes, the game waits in the library as an online game.
        click_button(window, "launcher")
        key(window, arcade.key.Y)
        assert isinstance(window.current_view, LauncherScreen)
        assert hosted_here(tmp_path / "app", entry)
        click_continue(window)
        again = window.current_view
        assert isinstance(again, OnlineScreen) and not isinstance(again, GameScreen)
        assert again.seat.code == seat.code and again.seat.hosting is not None
        # Bob's client reconnects by itself: his seat is his, never this screen's.
        wait_until(window, lambda: "Bob" in said(again) and again.may_move, 120)
        assert again.online.seat == 0  # the seat here; Bob's is played from his app
        _move(window, again, game, rng)
        if game == "versus":
            resign(window, again)
        else:  # Verso has no resignation: played to its end
            while again.online.outcome is None:
                wait_until(window, lambda: again.online.outcome is not None
                           or (again.may_move and not again.animating), 90)
                if again.online.outcome is None:
                    _move(window, again, game, rng)
        assert "Game over:" in friend.finish(90)
    finally:
        view: Any = window.current_view
        if isinstance(view, OnlineScreen):
            view.seat.leave()
        close_app(window)
        if friend is not None and friend.popen.poll() is None:
            friend.kill()
    [hosted] = kept(tmp_path / "app")
    [theirs] = kept(tmp_path / "friend")
    assert theirs.moves == hosted.moves and len(hosted.moves) >= 4
    assert not hosted_here(tmp_path / "app", entry)  # finished: nothing left to host
