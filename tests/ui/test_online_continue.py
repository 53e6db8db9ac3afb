"""An online game stays online (issue 33): the host leaves, or its app closes, and
Continue on the launcher hosts the same table again; the friend's client comes back by
itself and the game finishes with both records equal. The host's screen never plays the
friend's seat. Versus and Verso, with a real friend process on the loopback."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from online_here import host_here, move_here, play_to_the_end
from test_online_app import said
from ui_driver import click_button, click_continue, close_app, key, open_app, wait_until

from tabletop.net.credentials import hosted_here
from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import free_port, kept, run


def installed_host() -> Host:
    return Host().load()


@pytest.mark.parametrize("game", ["versus", "verso"])
def test_leave_then_continue_hosts_the_table_again_and_the_friend_comes_back(
        tmp_path: Path, game: str) -> None:
    window = open_app(installed_host, tmp_path / "app")
    window.app.port = free_port()  # the friend's app knows this address: kept for Continue
    friend = None
    try:
        screen = host_here(window, game)
        seat = screen.seat
        friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent",
                      "random", "--name", "Bob", "--seed", "2"], tmp_path / "friend")
        rng = random.Random(7)
        move_here(window, screen, game, rng)
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
        play_to_the_end(window, again, game, rng)
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
