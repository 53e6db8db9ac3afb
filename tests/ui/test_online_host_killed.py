"""An online game stays online when the host's app is killed (issue 33): the host's app,
a process of its own (`host_app.py`), hosts a table and plays; it is killed (SIGKILL)
mid-game. The app opened again on its data folder offers the game on the launcher;
Continue hosts the same table again, the friend's client (a `tabletop join` process,
never touched) comes back by itself, and the game finishes with both records equal.
Real processes, sockets and files."""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from online_here import play_to_the_end
from test_online_app import installed_host, said
from ui_driver import click_continue, close_app, open_app, wait_until

from tabletop.net.credentials import hosted_here
from tabletop.store.seen import seen_games
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import Process, free_port, kept, run

DRIVER = [sys.executable, str(Path(__file__).with_name("host_app.py"))]


@pytest.mark.parametrize("game", ["versus", "verso"])
def test_the_host_app_killed_mid_game_continues_and_the_friend_comes_back_by_itself(
        tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data, port = tmp_path / "app", free_port()
    monkeypatch.setenv("ARCADE_HEADLESS", "1")  # the host's app: a window nobody sees
    host = Process([str(data), game, str(port), "2"], data, command=DRIVER)
    friend = None
    window: Any = None
    try:
        text = host.wait_for(lambda t: "hosting " in t, 120)
        _, served, code = next(li for li in text.splitlines()
                               if li.startswith("hosting ")).split()
        friend = run(["join", f"127.0.0.1:{served}", code, "--agent", "random", "--name",
                      "Bob", "--seed", "2"], tmp_path / "friend")
        host.wait_for(lambda t: "played 2" in t, 180)
        os.kill(host.popen.pid, signal.SIGKILL)  # mid-game: no Leave, nothing said
        host.popen.wait()
        friend.wait_for(lambda t: "reconnecting" in t, 60)
        assert friend.popen.poll() is None  # it waits for the host, untouched
        [entry] = [e for e in os.listdir(data / "games") if e.endswith(".json")]
        assert hosted_here(data, entry.removesuffix(".json"))
        window = open_app(installed_host, data)
        click_continue(window)
        screen = window.current_view
        assert isinstance(screen, OnlineScreen) and screen.seat.hosting is not None
        assert screen.seat.code == code and screen.seat.hosting.port == int(served)
        # Bob's client is back by itself: his seat is his, and play goes on.
        friend.wait_for(lambda t: "Connected again." in t, 120)
        wait_until(window, lambda: "Bob" in said(screen) and not screen.seat.waiting
                   and not any(e.get("away") for e in screen.online.seats), 60)
        play_to_the_end(window, screen, game, random.Random(8))
        assert "Game over:" in friend.finish(120)
    finally:
        if host.popen.poll() is None:
            host.kill()
        if window is not None:
            view: Any = window.current_view
            if isinstance(view, OnlineScreen):
                view.seat.leave()
            close_app(window)
        if friend is not None and friend.popen.poll() is None:
            friend.kill()
    [hosted] = kept(data)
    [theirs] = kept(tmp_path / "friend")
    assert theirs == hosted and len(hosted.moves) >= 5 and hosted.result is not None
    assert seen_games(tmp_path / "friend") == []  # its sight became the game, once
