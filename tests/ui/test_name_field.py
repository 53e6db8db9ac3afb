"""Issue 20: the set-up screen's name field edits like a text field. A remembered name is
selected when the field gets the focus (typing replaces it), a caret moves with Left,
Right, Home and End (and a click), Backspace and Delete remove a character or the
selection, Ctrl+A selects all; the caret and the selection are drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, click_button, close_app, installed_host, key, open_app, pump

from tabletop.limits import MAX_PLAYER_NAME
from tabletop.ui._arcade import arcade
from tabletop.ui.setup_screen import SetupScreen

K = arcade.key


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)


def type_text(window: Any, text: str) -> None:
    window.dispatch_event("on_text", text)
    window.dispatch_events()
    pump(window)


def remember(window: Any, name: str) -> SetupScreen:
    """Play a Verso game as `name` (solo), leave it, and open a new set-up of Verso."""
    click_button(window, "game:verso")
    click_button(window, "name0")
    type_text(window, name)
    click_button(window, "start")
    key(window, K.ESCAPE)  # back to the launcher: the game is kept with the name
    click_button(window, "game:verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    return setup


def test_typing_over_a_remembered_name_replaces_it(window: Any) -> None:
    setup = remember(window, "Alice")
    assert setup.names[0] == "Alice"
    click_button(window, "name0")  # the whole name is selected
    type_text(window, "Carol")
    assert setup.names[0] == "Carol"  # not "AliceCarol"
    key(window, K.TAB)
    key(window, K.TAB, K.MOD_SHIFT)  # back by the keyboard: selected again
    type_text(window, "Dan")
    assert setup.names[0] == "Dan"


def test_the_caret_moves_and_the_editing_keys_edit_at_it(window: Any) -> None:
    setup = remember(window, "Alice")
    click_button(window, "name0")
    key(window, K.END)  # the selection is dropped, the caret after the last letter
    type_text(window, "!")
    assert setup.names[0] == "Alice!"
    key(window, K.LEFT)
    key(window, K.LEFT)
    type_text(window, "X")
    assert setup.names[0] == "AlicXe!"
    key(window, K.HOME)
    type_text(window, "Y")
    assert setup.names[0] == "YAlicXe!"
    key(window, K.DELETE)
    assert setup.names[0] == "YlicXe!" and setup.caret == 1
    key(window, K.BACKSPACE)
    assert setup.names[0] == "licXe!" and setup.caret == 0
    key(window, K.BACKSPACE)  # nothing before the caret
    assert setup.names[0] == "licXe!"
    key(window, K.RIGHT)
    key(window, K.RIGHT)
    for _ in range(3):
        key(window, K.RIGHT, K.MOD_SHIFT)  # "cXe" selected
    assert setup.selected == (2, 5)
    type_text(window, "ke")
    assert setup.names[0] == "like!"
    key(window, K.A, K.MOD_CTRL)  # Ctrl+A selects all
    key(window, K.DELETE)
    assert setup.names[0] == ""
    assert setup.focus_name == "name0"  # Left, Right and the rest never left the field


def test_a_click_in_the_field_puts_the_caret_there(window: Any) -> None:
    setup = remember(window, "Alice")
    click_button(window, "name0")
    rects = setup.caret_rects()
    assert rects is not None
    selection = rects[1]
    assert selection is not None and selection.width > 20  # "Alice", selected
    click(window, selection.left + 1, selection.bottom + 2)  # before the "A"
    assert setup.caret == 0 and setup.selected == (0, 0)
    type_text(window, "Z")
    assert setup.names[0] == "ZAlice"


def test_the_bound_holds_when_typing_into_the_middle(window: Any) -> None:
    setup = remember(window, "Alice")
    click_button(window, "name0")
    key(window, K.HOME)
    type_text(window, "x" * 100)
    assert setup.names[0] == "x" * (MAX_PLAYER_NAME - 5) + "Alice"
    type_text(window, "\x1b\t")  # control characters are never typed
    assert len(setup.names[0]) == MAX_PLAYER_NAME
    key(window, K.A, K.MOD_CTRL)
    type_text(window, "  Bo")  # a name does not start with spaces
    assert setup.names[0] == "Bo"


def count(window: Any, rect: Any, test: Any) -> int:
    image = arcade.get_image(0, 0, *window.get_size())
    h = window.get_size()[1]
    box = (int(rect.left), int(h - rect.top), int(rect.right) + 1, int(h - rect.bottom))
    return sum(1 for pixel in image.crop(box).getdata() if test(*pixel[:3]))


def test_the_caret_and_the_selection_are_drawn(window: Any) -> None:
    setup = remember(window, "Alice")
    click_button(window, "name0")
    pump(window)
    rects = setup.caret_rects()
    assert rects is not None and rects[1] is not None
    selection = rects[1]
    # The selection is tinted with the accent (blue), which no button colour is.
    assert count(window, selection, lambda r, g, b: b > 140 and g > 95 and r < 130) > 100
    key(window, K.END)
    rects = setup.caret_rects()
    assert rects is not None and rects[1] is None
    caret = rects[0]
    # The caret: a bar of text colour, right of the name's last letter.
    assert count(window, caret, lambda r, g, b: min(r, g, b) > 220) >= caret.height - 2
