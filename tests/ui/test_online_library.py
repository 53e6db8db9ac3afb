"""A joined game stays in reach (issue 33): the joiner's Library lists the game as "in
progress, online" from its first move, with Rejoin (the launcher's way back, not a
local Continue or Replay); at its end it is the finished game, once, to replay. A real
host process on the loopback, the joiner's app headless."""

from __future__ import annotations

import random
import time
from pathlib import Path

from online_here import join_here
from test_online_app import installed_host, play_a_move, resign, said
from ui_driver import click_button, close_app, key, open_app, pump, wait_until

from tabletop.store import stats
from tabletop.store.library import Library
from tabletop.store.seen import SeenPly, keep_seen, seen_games, sight
from tabletop.ui._arcade import arcade
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.library_screen import LibraryScreen
from tabletop.ui.online_screen import OnlineScreen
from tests.net.processes import kept, start_host


def test_a_joined_game_is_in_the_library_from_its_first_move_and_once_at_its_end(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=random", "--seed", "4")
    app = tmp_path / "app"
    window = open_app(installed_host, app)
    try:
        screen = join_here(window, address, code)
        rng = random.Random(5)
        play_a_move(window, screen, rng)
        wait_until(window, lambda: screen.may_move, 60)  # the computer answered
        seat = screen.seat
        wait_until(window, lambda: [s.ply for s in seen_games(app)] == [screen.plies], 10)
        # Leave: the seat stays Ada's, the game in her Library as she saw it.
        click_button(window, "launcher")
        key(window, arcade.key.Y)
        assert isinstance(window.current_view, LauncherScreen)
        click_button(window, "library")
        library = window.current_view
        assert isinstance(library, LibraryScreen)
        [seen] = library.seen
        words = said(library)
        assert f"in progress, online, move 3 · joined from {address}" in words
        assert "Versus · Ada (Blue) vs Brown" in words
        # Rejoin, never a local Continue or a Replay of what it cannot replay.
        assert library.button_named(f"open:{seen.id}") is None
        click_button(window, f"rejoin:{seen.id}")
        wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
        again = window.current_view
        assert again.seat.game.seat == seat.game.seat and again.seat.code == code
        play_a_move(window, again, rng)
        resign(window, again)
        again.seat.leave()
        window.show_view(LauncherScreen(window.app))
        pump(window)
        click_button(window, "library")
        library = window.current_view
        assert library.seen == [] and [e.id for e in library.entries] == [seen.id]
        assert library.button_named(f"open:{seen.id}").label == "Replay"
        assert library.button_named(f"rejoin:{seen.id}") is None
    finally:
        view = window.current_view
        if isinstance(view, OnlineScreen):
            view.seat.leave()
        close_app(window)
        try:
            host.popen.wait(timeout=60)  # it ends with its game
        finally:
            if host.popen.poll() is None:
                host.kill()
    [theirs] = kept(app)
    [hosted] = kept(tmp_path / "host")
    assert theirs == hosted and seen_games(app) == []
    opened = Library.open(app)
    try:
        assert len(stats.finished_games(opened.entries())) == 1  # Statistics count it once
    finally:
        opened.close()


def test_a_joined_games_sight_is_deleted_after_asking_and_restored(tmp_path: Path) -> None:
    seen = sight(None, game_id="joined-abc", game="versus", players=2, options={}, seat=1,
                 uri="ws://192.0.2.2:8470/", code="ABCD-EFGH-JKLM",
                 address="192.0.2.2:8470", name="Ada", labels=["Hana (Blue)", "Ada (Brown)"],
                 kinds=["person", "person"], told={0: SeenPly("b2-c3", ("Hana moves.",))},
                 ply=1, to_move=1, view=None, text="", now=time.time())
    keep_seen(tmp_path, seen)
    window = open_app(installed_host, tmp_path)
    try:
        click_button(window, "library")
        library = window.current_view
        assert "in progress, online, move 2 · joined from 192.0.2.2:8470" in said(library)
        click_button(window, "delete:joined-abc")
        assert "Versus · Hana (Blue) vs Ada (Brown) (in progress, online, move 2" \
            in said(library)
        click_button(window, "confirm-delete")
        assert library.seen == [] and seen_games(tmp_path) == []
        assert "moved to the trash" in said(library)
        click_button(window, "restore")
        assert [s.id for s in library.seen] == ["joined-abc"]
        assert seen_games(tmp_path) == [seen]
    finally:
        close_app(window)
