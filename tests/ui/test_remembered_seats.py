"""Issue 20: a remembered name comes back at the seat its person had, by seat, in the
set-up screen and in the launcher's quick starts (Alice second against the computer is
not offered the first seat, nor lost)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, key, open_app, pump

from tabletop.play.session import HUMAN
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)


def alice_second_against_the_computer(window: Any) -> None:
    """A Verso game for two with the computer at seat 1 and Alice at seat 2, left at once
    for the launcher (it is kept)."""
    click_button(window, "game:verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    while setup.players < 2:
        click_button(window, "players+")
    click_button(window, "seat0+")  # seat 1: the computer (the first level)
    click_button(window, "name1")
    window.dispatch_event("on_text", "Alice")
    window.dispatch_events()
    pump(window)
    click_button(window, "start")
    assert isinstance(window.current_view, GameScreen)
    key(window, arcade.key.ESCAPE)


def test_the_set_up_offers_a_name_at_the_seat_its_person_had(window: Any) -> None:
    alice_second_against_the_computer(window)
    click_button(window, "game:verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    click_button(window, "players+")  # two again (a new set-up starts at one)
    assert setup.names[:2] == ["", "Alice"]
    setup.ensure_built()
    labels = {b.name: b.label for b in setup.buttons}
    assert labels["name0"] == "Name: Player 1 (type)" and labels["name1"] == "Name: Alice"


def test_a_quick_start_seats_the_remembered_name_where_it_was(window: Any) -> None:
    alice_second_against_the_computer(window)
    click_button(window, "quick:verso:2:1")  # Verso against the computer
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    session = screen.table.session
    assert session.agents[1] == HUMAN and session.agents[0] != HUMAN
    assert window.app.keeper.names_of(screen.table)[1] == "Alice"
