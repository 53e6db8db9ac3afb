"""The names people type at set-up are the names the game shows: the turn and score
lines, the board's own labels and message, the move log, the end and the replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, key, open_app, pump, wait_until

from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen


def type_name(window: Any, seat: int, name: str) -> None:
    """Click a seat's name field, clear it and type `name` (real key and text events)."""
    click_button(window, f"name{seat}")
    for _ in range(30):
        key(window, arcade.key.BACKSPACE)
    window.dispatch_event("on_text", name)
    window.dispatch_events()
    pump(window)


def shown(window: Any) -> str:
    screen = window.current_view
    screen.ensure_built()
    board = [p.text for p in screen.stage.placed()] if isinstance(
        screen, GameScreen) else []
    return "\n".join([t.text for t in screen._labels] + board)


@pytest.fixture
def window(tmp_path: Path) -> Any:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)


def test_verso_for_two_shows_the_typed_names_everywhere(window: Any) -> None:
    click_button(window, "game:verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    while setup.players < 2:
        click_button(window, "players+")
    type_name(window, 0, "Alice")
    type_name(window, 1, "Bruno")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    first = screen.table.session.to_move
    mover, other = ("Alice", "Bruno") if first == 0 else ("Bruno", "Alice")
    text = shown(window)
    assert f"To move: {mover}" in text
    assert "Scores: Alice 0 · Bruno 0" in text
    assert f"{mover}: draw" in text  # the board's message names the mover
    assert "Player 1" not in text and "Player 2" not in text
    key(window, arcade.key.D)
    key(window, arcade.key.K)
    pump(window, 2)
    text = shown(window)
    assert f"{mover} draws" in text  # the move log: the rules' "Player N", named
    assert f"To move: {other}" in text
    assert "Player 1" not in text and "Player 2" not in text


def test_versus_names_a_person_beside_the_colour_and_keeps_the_computer_a_level(
        window: Any) -> None:
    click_button(window, "game:versus")
    type_name(window, 0, "Bob")
    click_button(window, "seat1+")  # Brown: the first level
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    text = shown(window)
    assert "To move: Bob (Blue)" in text
    # A name alone (long ones read whole); the computer with its level (issue 36).
    assert "Scores: Bob 0 · Brown (Casual) 0" in text


def test_a_replay_and_its_result_use_the_names(window: Any) -> None:
    click_button(window, "game:verso")
    type_name(window, 0, "Alice")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    while screen.table.session.outcome is None:  # a whole solo game by keyboard: draw, keep
        wait_until(window, lambda: not screen.renderer.animating)
        key(window, arcade.key.P if screen.table.session.state.phase == 1 else arcade.key.D)
        if screen.table.session.outcome is None and screen.table.session.state.phase == 0:
            key(window, arcade.key.K)
    score = screen.table.session.outcome.scores[0]
    window.app.show_library()
    entry = window.app.keeper.library.entries()[0]
    click_button(window, f"open:{entry.id}")
    text = shown(window)
    assert f"Alice {score:g}; Alice wins" in text
    assert "Player 1" not in text
