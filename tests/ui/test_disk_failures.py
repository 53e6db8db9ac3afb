"""Issue 10: disks fail. A read-only data folder, a full disk and a data folder that is a
file each become one message; the game goes on in memory and says once that it cannot be
saved; a good save is never replaced by a bad one.

The tests run as root, where permission bits do not stop writes, so the failures are
real file systems: a tmpfs remounted read-only, and a 64 KB tmpfs filled to the last
byte. (As another user, permission bits and RLIMIT_FSIZE play the same parts.)
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import resource
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from click.testing import CliRunner
from ui_driver import click, click_button, close_app, key, open_app, pump

from tabletop.cli import main
from tabletop.model import RecordError
from tabletop.plugins import Host
from tabletop.record import record_of, start
from tabletop.store.paths import AUTOSAVE, SETTINGS
from tabletop.store.saves import save_copy, write_autosave
from tabletop.store.settings import Settings
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.settings_screen import SettingsScreen
from tests.disks import ROOT, make_read_only, tmpfs


@contextlib.contextmanager
def disk_full(folder: Path) -> Iterator[None]:
    """No byte more can be written in `folder` until the block ends."""
    if ROOT:
        filler = folder / "filler"
        with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
            while True:  # until the tmpfs says "No space left on device"
                out.write(b"\0" * 1024)
        try:
            yield
        finally:
            filler.unlink()
    else:
        old = resource.getrlimit(resource.RLIMIT_FSIZE)
        handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, old[1]))
        try:
            yield
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, old)
            signal.signal(signal.SIGXFSZ, handler)


def texts(window: Any) -> str:
    window.current_view.ensure_built()
    return "\n".join(t.text for t in window.current_view._labels)


def play_cell(window: Any, cell: int) -> GameScreen:
    """A human move on the tic-tac-toe board, by a click and Enter."""
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    click(window, *screen.renderer.cell_rect(cell).center)
    key(window, arcade.key.ENTER)
    pump(window, 3)
    return screen


def start_tictactoe(window: Any) -> GameScreen:
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    return screen


def kept_file(folder: Path) -> Path:
    """The one kept game's record file in the library of `folder`."""
    (path,) = (folder / "games").glob("*.json")
    return path


def said(window: Any, screen: GameScreen) -> str:
    """The game screen's message once the keeper's pending writes are done."""
    window.app.keeper.flush()
    pump(window, 2)
    return str(screen.message)


def test_a_read_only_data_folder_plays_on_unsaved(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "data") as folder:
        window = open_app(ui_games.make_host, folder)
        try:
            start_tictactoe(window)
            play_cell(window, 0)
        finally:
            close_app(window)
        good = kept_file(folder).read_bytes()
        make_read_only(folder)

        window = open_app(ui_games.make_host, folder)
        try:
            # The library cannot be written: the launcher says so in one line, and the
            # games are still listed.
            assert "its games are listed, but nothing is kept" in texts(window)
            assert len(window.app.keeper.library.entries()) == 1
            screen = start_tictactoe(window)
            assert said(window, screen) == "Not saving: the data folder cannot be written"
            play_cell(window, 4)  # the game goes on; said once, not at every move
            play_cell(window, 1)
            assert screen.table.session.moves == [4, 1]
            assert "Not saving" not in said(window, screen)
            click_button(window, "save")
            assert screen.message == "Save failed: Read-only file system"
            assert kept_file(folder).read_bytes() == good  # the last good save is intact

            key(window, arcade.key.ESCAPE)
            pump(window, 2)
            if not isinstance(window.current_view, LauncherScreen):
                click_button(window, "launcher")
            click_button(window, "settings")
            assert isinstance(window.current_view, SettingsScreen)
            click_button(window, "colour_blind")
            assert window.app.settings.colour_blind is True  # applies until the app closes
            assert "Settings cannot be saved" in texts(window)
        finally:
            close_app(window)


def test_a_full_disk_keeps_the_good_save_and_saving_resumes(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "data", "256k") as folder:
        window = open_app(ui_games.make_host, folder)
        try:
            screen = start_tictactoe(window)
            play_cell(window, 0)
            window.app.keeper.flush()
            good = kept_file(folder).read_bytes()
            with disk_full(folder):
                play_cell(window, 4)
                assert said(window, screen) == "Not saving: No space left on device"
                play_cell(window, 1)
                assert "Not saving" not in said(window, screen)
                assert kept_file(folder).read_bytes() == good
                assert not list(folder.rglob("*.tmp"))  # a failed write leaves no temp file
            play_cell(window, 5)  # room again: the kept game catches up with the game
            window.app.keeper.flush()
            assert json.loads(kept_file(folder).read_text())["moves"] == ["a1", "b2", "b1",
                                                                         "c2"]
        finally:
            close_app(window)


def test_a_data_folder_that_is_a_file(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file")
    window = open_app(ui_games.make_host, not_a_folder)
    try:
        screen = start_tictactoe(window)
        assert said(window, screen) == "Not saving: a file is in the way"
        play_cell(window, 0)
        assert screen.table.session.moves == [0]
    finally:
        close_app(window)
    assert not_a_folder.read_text() == "a file"

    host = Host(disabled=[])
    result = CliRunner().invoke(main, ["app"], obj={"host": host},
                                env={"TABLETOP_DATA_DIR": str(not_a_folder)})
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"Error: cannot use {not_a_folder} as the data folder: "
        "a file is in the way"]


def test_stale_temp_files_are_cleaned_at_start(tmp_path: Path) -> None:
    stale = [tmp_path / f"{AUTOSAVE}.k3j2h1.tmp", tmp_path / f"{SETTINGS}.x9y8.tmp"]
    (tmp_path / "saves").mkdir()
    stale.append(tmp_path / "saves" / "verso-20260101-000000.json.a1b2.tmp")
    fresh = tmp_path / f"{AUTOSAVE}.inuse1.tmp"  # another window may be writing it now
    other = tmp_path / "notes.tmp"
    for path in [*stale, fresh, other]:
        path.write_text("{")
    an_hour_ago = time.time() - 3600
    for path in [*stale, other]:
        os.utime(path, (an_hour_ago, an_hour_ago))
    window = open_app(ui_games.make_host, tmp_path)
    try:
        assert not any(path.exists() for path in stale)
        assert fresh.exists() and other.exists()
    finally:
        close_app(window)


def test_settings_refuse_each_bad_field_alone(tmp_path: Path) -> None:
    (tmp_path / SETTINGS).write_text(
        '{"ai_seconds": NaN, "animation_seconds": 0.3, "colour_blind": 1, "fullscreen": false}')
    settings, message = Settings.load(tmp_path)
    assert settings == Settings(animation_seconds=0.3)
    assert message == ("Settings: ai_seconds must be a number of seconds in 0.01..60; "
                       "colour_blind must be true or false (the default is used instead).")
    for bad in ("Infinity", "-1", "1e308", "0", '"2"', "[1]"):
        (tmp_path / SETTINGS).write_text(f'{{"ai_seconds": {bad}}}')
        settings, message = Settings.load(tmp_path)
        assert settings.ai_seconds == Settings().ai_seconds and message, bad
    with pytest.raises(ValueError, match="ai_seconds"):
        Settings(ai_seconds=float("nan")).save(tmp_path)
    window = open_app(ui_games.make_host, tmp_path)  # the notice reaches the launcher
    try:
        assert "ai_seconds must be a number" in texts(window)
    finally:
        close_app(window)


def test_simulate_checks_the_records_folder_before_playing(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "ro") as folder:
        make_read_only(folder)
        result = CliRunner().invoke(main, ["simulate", "versus", "--games", "1000",
                                           "--records", str(folder / "out")],
                                    obj={"host": Host(disabled=[])})
        # Refused by the check before the first game ("cannot write into"), not after the
        # last one ("cannot write the records into").
        assert result.exit_code == 2
        assert f"cannot write into {folder / 'out'}: Read" in result.output
        assert "games of" not in result.output


def test_a_record_that_would_not_read_back_never_replaces_a_save(tmp_path: Path) -> None:
    host = ui_games.make_host()
    game = host.game("tictactoe")
    state, options = start(game, 2, {}, 1)
    record = record_of(game, 2, options, 1, [state], [], ("human", "human"))
    write_autosave(tmp_path, record)
    good = (tmp_path / AUTOSAVE).read_bytes()
    unreadable = dataclasses.replace(record, agents=("a" * 100, "human"))  # name too long
    with pytest.raises(RecordError, match="agents must be a name"):
        write_autosave(tmp_path, unreadable)
    with pytest.raises(RecordError):
        save_copy(tmp_path, unreadable)
    assert (tmp_path / AUTOSAVE).read_bytes() == good
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [AUTOSAVE]
