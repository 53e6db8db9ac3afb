"""The Library screen driven headless with real input events, on a real library."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ui_games
from ui_driver import click_button, close_app, key, open_app, pump, screenshot

from tabletop.model import Outcome
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.library_screen import LibraryScreen

OPTIONS = {"misere": False, "handicap": 0}
# Crosses (seat 0) completes the first row: a1 b1 c1 against a2 b2.
WIN = ("a1", "a2", "b1", "b2", "c1")


def _record(moves: tuple[str, ...], agents: tuple[str, ...] = ("human", "human"),
            seed: int = 1) -> Record:
    result = Outcome((1.0, 0.0), (0,), "three in a row") if moves == WIN else None
    return Record("tictactoe", 2, OPTIONS, seed, None, moves, result, agents)


def _fill(directory: Path) -> dict[str, str]:
    """Three kept games, oldest first: Ada's win, Bob's game in progress, a torn file."""
    library = Library.open(directory)
    won = library.add(_record(WIN), ["Ada", "Bob"])
    going = library.add(_record(("b2",), ("human", "random"), seed=2), ["Bob", "random"])
    (directory / "games" / "torn.json").write_text("{", encoding="utf-8")
    library.close()
    return {"won": won.id, "going": going.id}


def _open_library(directory: Path, size: tuple[int, int] = (1280, 800)) -> Any:
    window = open_app(ui_games.make_host, directory, size=size)
    click_button(window, "library")
    assert isinstance(window.current_view, LibraryScreen)
    return window


def _shown(window: Any) -> str:
    window.current_view.ensure_built()
    return "\n".join(t.text for t in window.current_view._labels)


def test_lists_every_game_newest_first_and_filters(tmp_path: Path) -> None:
    ids = _fill(tmp_path)
    window = _open_library(tmp_path)
    try:
        screen = window.current_view
        assert [e.id for e in screen.entries] == ["torn", ids["going"], ids["won"]]
        text = _shown(window)
        assert "Tic-tac-toe · Ada vs Bob" in text and "Ada wins" in text
        assert "in progress, move 2" in text and "unreadable: not a game record" in text
        assert screen.button_named(f"open:{ids['won']}").label == "Replay"
        assert screen.button_named(f"open:{ids['going']}").label == "Continue"
        assert screen.button_named("open:torn") is None  # only Delete for a torn file
        screenshot(window, "library_list")
        click_button(window, "filter-player+")  # people first: Ada
        assert screen.player == "Ada" and [e.id for e in screen.entries] == [ids["won"]]
        click_button(window, "filter-player+")  # Bob: both his games
        assert [e.id for e in screen.entries] == [ids["going"], ids["won"]]
        click_button(window, "filter-player-")
        click_button(window, "filter-player-")  # back to everyone
        click_button(window, "filter-game+")
        assert screen.game == "tictactoe" and len(screen.entries) == 2
        click_button(window, f"open:{ids['going']}")
        resumed = window.current_view
        assert isinstance(resumed, GameScreen) and resumed.table.session.moves == [4]
    finally:
        close_app(window)


def test_delete_asks_first_and_moves_the_file_to_the_trash(tmp_path: Path) -> None:
    ids = _fill(tmp_path)
    window = _open_library(tmp_path)
    try:
        kept = tmp_path / "games" / f"{ids['won']}.json"
        text = kept.read_text("utf-8")
        click_button(window, f"delete:{ids['won']}")
        assert "Delete this game?" in _shown(window)
        screenshot(window, "library_delete_confirm")
        key(window, arcade.key.ESCAPE)  # Cancel: nothing moves
        assert kept.exists() and window.current_view.mode == "list"
        click_button(window, f"delete:{ids['won']}")
        screen = window.current_view
        assert screen.buttons[screen.focus].name == "cancel"  # the safe answer is focused
        key(window, arcade.key.ENTER)  # and Enter takes it: nothing moves
        assert kept.exists() and screen.mode == "list"
        click_button(window, f"delete:{ids['won']}")
        click_button(window, "confirm-delete")
        assert not kept.exists()
        assert (tmp_path / "trash" / kept.name).read_text("utf-8") == text
        assert ids["won"] not in [e.id for e in screen.entries]
        said = _shown(window)
        assert "moved to the trash" in said and ids["won"] not in said  # the game, no hash
        click_button(window, "restore")  # Restore: the game is back, as it was
        assert kept.read_text("utf-8") == text and not (tmp_path / "trash" / kept.name).exists()
        assert ids["won"] in [e.id for e in screen.entries]
        assert "restored" in _shown(window) and screen.button_named("restore") is None
    finally:
        close_app(window)


def test_import_from_the_saves_folder_and_by_a_typed_path(tmp_path: Path) -> None:
    data = tmp_path / "data"
    saves = data / "saves"
    saves.mkdir(parents=True)
    (saves / "tictactoe-from-a-friend.json").write_text(_record(WIN).to_json(), "utf-8")
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(_record(("a1", "b2"), seed=5).to_json(), "utf-8")
    window = _open_library(data)
    try:
        click_button(window, "import")
        screenshot(window, "library_import")
        click_button(window, "save:tictactoe-from-a-friend.json")
        screen = window.current_view
        assert screen.mode == "list" and "Imported tictactoe-from-a-friend.json" in _shown(window)
        (entry,) = screen.entries
        assert entry.status == "imported" and entry.result is not None
        # The same file again: kept once.
        click_button(window, "import")
        click_button(window, "save:tictactoe-from-a-friend.json")
        assert "Imported already" in _shown(window) and len(screen.entries) == 1
        # A typed path, with a typo first: a one-line error, nothing kept.
        click_button(window, "import")
        click_button(window, "path")
        window.dispatch_event("on_text", str(elsewhere) + "x")
        pump(window)
        key(window, arcade.key.ENTER)
        assert "cannot read" in _shown(window) and screen.mode == "import"
        click_button(window, "path")
        key(window, arcade.key.BACKSPACE)
        key(window, arcade.key.ENTER)
        assert "Imported elsewhere.json" in _shown(window) and len(screen.entries) == 2
        click_button(window, f"open:{screen.entries[0].id}")  # in progress: Continue
        assert window.current_view.table.session.moves == [0, 4]
    finally:
        close_app(window)


def test_back_to_the_launcher_and_an_empty_library(tmp_path: Path) -> None:
    window = _open_library(tmp_path, size=(800, 600))
    try:
        assert "No games kept yet." in _shown(window)
        screenshot(window, "library_empty_800")
        key(window, arcade.key.ESCAPE)
        assert isinstance(window.current_view, LauncherScreen)
    finally:
        close_app(window)


def test_unplayed_games_go_to_the_trash_in_one_click_and_come_back(tmp_path: Path) -> None:
    """Games started and left at move 1 or 2: one button sends them all to the trash,
    Restore brings them all back; played and finished games stay."""
    ids = _fill(tmp_path)  # Bob's game is one move in: unplayed
    library = Library.open(tmp_path)
    fresh = library.add(_record(()), ["Cy", "Di"])
    played = library.add(_record(("a1", "a2", "b1")), ["Ed", "Flo"])
    library.close()
    window = _open_library(tmp_path, size=(800, 600))
    try:
        screen = window.current_view
        discard = screen.button_named("discard-unplayed")
        assert discard is not None and discard.label == "Discard 2 unplayed games"
        click_button(window, "discard-unplayed")
        gone = {ids["going"], fresh.id}
        assert {p.stem for p in (tmp_path / "trash").iterdir()} == gone
        assert {e.id for e in screen.entries} == {"torn", ids["won"], played.id}
        assert "2 unplayed games moved to the trash." in _shown(window)
        assert screen.button_named("discard-unplayed") is None  # none left to discard
        click_button(window, "restore")
        assert gone <= {e.id for e in screen.entries} and not any(
            (tmp_path / "trash").iterdir())
        assert "2 unplayed games restored." in _shown(window)
        assert screen.button_named("discard-unplayed") is not None
    finally:
        close_app(window)
