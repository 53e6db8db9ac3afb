"""Issue 19: the set-up screen's name field holds at most `MAX_PLAYER_NAME` shown
characters, the bound `play --name` checks; a pasted 100 KB text or a remembered name
that long never reaches a label."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, key, open_app, pump

from tabletop.limits import MAX_PLAYER_NAME
from tabletop.ui._arcade import arcade
from tabletop.ui.setup_screen import SetupScreen


def type_text(window: Any, text: str) -> None:
    """A text event as the window gets one from the keyboard (or a paste)."""
    window.dispatch_event("on_text", text)
    window.dispatch_events()
    pump(window)


@pytest.fixture
def window(tmp_path: Path) -> Any:
    win = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    yield win
    close_app(win)


def test_the_name_field_stops_at_the_bound_and_drops_control_characters(
        window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # A name remembered from a library written before the bound (or edited by hand).
    monkeypatch.setattr(window.app.keeper, "last_names", lambda game: ["R" * 100_000])
    click_button(window, "game:versus")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    assert setup.names[0] == "R" * MAX_PLAYER_NAME
    click_button(window, "name0")
    for _ in range(MAX_PLAYER_NAME):
        key(window, arcade.key.BACKSPACE)
    assert setup.names[0] == ""
    type_text(window, "x" * 100_000)  # a paste
    assert setup.names[0] == "x" * MAX_PLAYER_NAME
    key(window, arcade.key.BACKSPACE)
    type_text(window, "\x1b\n\tA")  # only what can be shown is typed
    assert setup.names[0] == "x" * (MAX_PLAYER_NAME - 1) + "A"
    type_text(window, "Z")  # full: the field takes no more
    assert setup.names[0] == "x" * (MAX_PLAYER_NAME - 1) + "A"
    setup.ensure_built()
    label = next(b.label for b in setup.buttons if b.name == "name0")
    assert len(label) <= MAX_PLAYER_NAME + len("Name: ")
