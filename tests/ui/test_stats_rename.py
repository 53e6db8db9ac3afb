"""Renaming and merging players from Statistics, with real clicks and keys (issue 36)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, click_button, close_app, installed_host, key, open_app, screenshot

from tabletop.model import Outcome
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.stats_screen import StatsScreen


def _keep(directory: Path) -> None:
    library = Library.open(directory)
    for scores, winners in (((1, 0), (0,)), ((0, 1), (1,))):
        library.add(Record("versus", 2, {}, 1, None, ("x",), Outcome(scores, winners, "end"),
                           ("human", "greedy")), ["Alice", "greedy"])
    library.add(Record("versus", 2, {}, 1, None, ("x",), Outcome((1, 0), (0,), "end"),
                       ("human", "greedy")), ["Alicelicex", "greedy"])
    library.close()


def _type(window: Any, text: str) -> None:
    """Type `text` as the window's text event brings it."""
    window.dispatch_event("on_text", text)
    window.dispatch_events()


def _texts(screen: StatsScreen) -> list[str]:
    screen.ensure_built()
    return [t.text for t in screen._labels]


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_typo_is_merged_into_the_name_from_statistics_and_the_library_follows(
        tmp_path: Path, size: tuple[int, int]) -> None:
    _keep(tmp_path)
    window = open_app(installed_host, tmp_path, size=size)
    try:
        click_button(window, "statistics")
        screen = window.current_view
        assert isinstance(screen, StatsScreen)
        assert screen.players == ["Alice", "Alicelicex"]
        click_button(window, "player+")
        assert screen.player == "Alicelicex"
        click_button(window, "rename")
        assert screen.renaming is not None and screen.focus_name == "rename-field"
        assert "Rename Alicelicex" in _texts(screen)
        # The whole name is selected: typing replaces it; the arrows and Backspace edit.
        _type(window, "Alicex")
        key(window, arcade.key.LEFT)
        key(window, arcade.key.BACKSPACE)
        assert screen.renaming.text == "Alicx"
        key(window, arcade.key.END)
        key(window, arcade.key.BACKSPACE)
        _type(window, "e")
        assert screen.renaming.text == "Alice"
        # The name of another player: the panel says the two become one, the button merges.
        assert "Alice has 2 games: the two become one player." in _texts(screen)
        assert screen.button_named("confirm-rename").label == "Merge"
        screenshot(window, f"stats_merge_{size[0]}")
        key(window, arcade.key.ENTER)  # Enter in the field merges
        assert screen.renaming is None
        assert screen.players == ["Alice"] and screen.player == "Alice"
        assert "Alicelicex and Alice are one player now: 1 game moved to Alice." \
            in _texts(screen)
        library = window.app.keeper.library
        assert {s.player for e in library.entries() for s in e.seats} == {"Alice", "greedy"}
        assert screen.stats["games"]["versus"]["games"] == 3
        screenshot(window, f"stats_merged_{size[0]}")
    finally:
        close_app(window)


def test_a_bad_name_cannot_be_given_and_escape_changes_nothing(tmp_path: Path) -> None:
    _keep(tmp_path)
    window = open_app(installed_host, tmp_path, size=(1280, 800))
    try:
        click_button(window, "statistics")
        screen = window.current_view
        click_button(window, "rename")
        key(window, arcade.key.BACKSPACE)  # the selected name goes: the field is empty
        assert screen.renaming.text == ""
        assert any(t.startswith("The name") and t.endswith("is empty.")
                   for t in _texts(screen))
        assert not screen.button_named("confirm-rename").enabled
        _type(window, "Player 2")
        assert not screen.button_named("confirm-rename").enabled
        # A click in the field puts the caret where it is clicked, not at the start.
        field = screen.button_named("rename-field")
        click(window, field.rect.right - 2, field.rect.center[1])
        assert screen.renaming.caret == len("Player 2")
        key(window, arcade.key.ESCAPE)
        assert screen.renaming is None and isinstance(window.current_view, StatsScreen)
        library = window.app.keeper.library
        assert {s.player for e in library.entries() for s in e.seats} == \
            {"Alice", "Alicelicex", "greedy"}
        key(window, arcade.key.ESCAPE)
        assert not isinstance(window.current_view, StatsScreen)
    finally:
        close_app(window)
