"""The app keeps every game: several in progress at once, named seats, Save's message.

Driven headless with real input events, on a real library in the test's data dir.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import ui_games
from ui_driver import (
    click,
    click_button,
    close_app,
    kept_records,
    key,
    open_app,
    pump,
    screenshot,
)

from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.store.paths import AUTOSAVE
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.setup_screen import SetupScreen

ROOT = Path(__file__).parents[2]


def _open(directory: Path, size: tuple[int, int] = (1280, 800)) -> Any:
    return open_app(ui_games.make_host, directory, size=size)


def _type(window: Any, text: str) -> None:
    window.dispatch_event("on_text", text)
    window.dispatch_events()
    pump(window)


def _play(window: Any, game_id: str, cells: list[int], name: str | None = None) -> GameScreen:
    """From the launcher: set up `game_id` (typing a name for seat 1), play `cells`, Esc."""
    click_button(window, f"game:{game_id}")
    assert isinstance(window.current_view, SetupScreen)
    if name is not None:
        click_button(window, "name0")
        for _ in range(30):
            key(window, arcade.key.BACKSPACE)
        _type(window, name)
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    for cell in cells:
        click(window, *screen.renderer.cell_rect(cell).center)
        key(window, arcade.key.ENTER)
        pump(window, 3)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherScreen)
    return screen


def _continue_buttons(window: Any) -> list[str]:
    return [b.name for b in window.current_view.buttons if b.name.startswith("continue:")]


def test_two_games_in_progress_are_both_continued_after_a_restart(tmp_path: Path) -> None:
    # Tall enough for the plugin that fails to load (its red line above the games in
    # progress) and two games' cards.
    tall = (1280, 1000)
    window = _open(tmp_path, tall)
    try:
        first = _play(window, "tictactoe", [0, 4], name="Ada")
        second = _play(window, "tictactoe", [8], name="Bob")  # a second game of the same
        assert first.table.session is not second.table.session
        assert len(_continue_buttons(window)) == 2  # starting one never replaced the other
        screenshot(window, "library_launcher_two_in_progress")
    finally:
        close_app(window)
    window = _open(tmp_path, tall)
    try:
        buttons = _continue_buttons(window)
        assert len(buttons) == 2
        shown = "\n".join(t.text for t in window.current_view._labels)
        assert "Bob vs Player 2" in shown and "Ada vs Player 2" in shown
        assert "move 2" in shown and "move 3" in shown
        click_button(window, buttons[1])  # the older game: Ada's
        resumed = window.current_view
        assert isinstance(resumed, GameScreen) and resumed.table.session.moves == [0, 4]
        click(window, *resumed.renderer.cell_rect(8).center)
        key(window, arcade.key.ENTER)
        key(window, arcade.key.ESCAPE)
        click_button(window, _continue_buttons(window)[1])  # now Bob's is the older
        again = window.current_view
        assert isinstance(again, GameScreen) and again.table.session.moves == [8]
        key(window, arcade.key.ESCAPE)
        records = kept_records(window)
        assert sorted(len(r.moves) for r in records) == [1, 3]  # one entry each, no copies
    finally:
        close_app(window)


def test_seat_names_are_remembered_and_ai_seats_named_by_agent(tmp_path: Path) -> None:
    window = _open(tmp_path)
    try:
        _play(window, "tictactoe", [0], name="Ada Lovelace")
        click_button(window, "game:tictactoe")
        setup = window.current_view
        assert isinstance(setup, SetupScreen)
        assert setup.names[0] == "Ada Lovelace"  # the last used
        assert setup.button_named("name0").label == "Name: Ada Lovelace"
        click_button(window, "seat1+")  # seat 2: the first agent
        assert setup.button_named("name1") is None  # an AI seat has no name field
        assert setup.buttons[setup.focus].name == "seat1+"  # the focus stays put
        screenshot(window, "library_setup_names")
        click_button(window, "start")
        key(window, arcade.key.ESCAPE)
        library = window.app.keeper.library
        window.app.keeper.flush()
        newest = library.entries()[0]
        agent = window.app.host.agent_specs("tictactoe")[0].name
        assert [s.player for s in newest.seats] == ["Ada Lovelace", agent]
    finally:
        close_app(window)


def test_the_old_autosave_is_moved_into_the_library(tmp_path: Path) -> None:
    record = Record("tictactoe", 2, {"misere": False, "handicap": 0}, 1, None, ("a1",),
                    None, ("human", "human"))
    (tmp_path / AUTOSAVE).write_text(record.to_json(), encoding="utf-8")
    window = _open(tmp_path)
    try:
        assert not (tmp_path / AUTOSAVE).exists()
        assert (tmp_path / "autosave.migrated.json").read_text("utf-8") == record.to_json()
        click_button(window, _continue_buttons(window)[0])
        assert window.current_view.table.session.moves == [0]
    finally:
        close_app(window)


def test_save_says_the_full_path_inside_the_sidebar(tmp_path: Path) -> None:
    deep = tmp_path / "a-rather-long-folder-name" / "for-the-user-data-of-tabletop"
    window = _open(deep, size=(800, 600))
    try:
        click_button(window, "game:tictactoe")
        click_button(window, "start")
        key(window, arcade.key.S)
        screen = window.current_view
        screen.ensure_built()
        (saved,) = (deep / "saves").glob("*.json")
        message = next(t for t in screen._labels if t.text.startswith("Saved to"))
        assert message.text.replace("\u200b", "") == f"Saved to {saved}"
        assert message.content_width <= message.width + 2  # pyglet rounds glyph advances
        assert message.left >= screen.width - screen.px(340) - screen.px(16)
        screenshot(window, "library_saved_message_800")
    finally:
        close_app(window)


def test_open_keeps_a_record_and_refuses_a_bad_file_in_one_line(tmp_path: Path) -> None:
    record = Record("tictactoe", 2, {"misere": False, "handicap": 0}, 1, None, ("a1", "b2"),
                    None, ("human", "human"))
    source = tmp_path / "shared.json"
    source.write_text(record.to_json(), encoding="utf-8")
    data = tmp_path / "data"
    env = dict(os.environ, TABLETOP_DATA_DIR=str(data), ARCADE_HEADLESS="1",
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "ui"), str(ROOT)]))
    script = ("import sys, ui_games; from tabletop.cli import main; "
              "main(sys.argv[1:], obj={'host': ui_games.make_host()})")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop-record", "version": 1, "game": "tictactoe", '
                   '"players": 2, "options": {}, "seed": 1, "moves": ["a1", "a1"]}')
    refused = subprocess.run([sys.executable, "-c", script, "open", str(bad)], env=env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert f"{bad}: move 2 ('a1')" in refused.stderr
    # A good file: kept, then the app opens on it; the window is closed from outside.
    proc = subprocess.Popen([sys.executable, "-c", script, "open", str(source)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    proc.kill()
    proc.communicate()
    assert line.startswith("Kept in the game library: ")
    (entry,) = Library.open(data).entries()
    assert entry.status == "imported" and entry.plies == 2
