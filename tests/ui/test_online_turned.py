"""Each seat sees the board from its own side, online (issue 33), with real `tabletop`
processes on the loopback: the app that joins a Versus table as Brown draws Brown's home
row at the bottom, and clicks where it draws them play its moves; the app that hosts as
Blue keeps Blue's there. On Verso the display of the seat at the screen comes last in the
panels' grid, nearest the player, for the host's seat as for the joiner's."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_online_app import play_a_move, type_into
from test_online_continue import _host
from test_turned_board import BLUE, BROWN, own_pieces_below
from ui_driver import click_button, close_app, key, open_app, wait_until

from games.verso.view.places import panel_order, table_geometry
from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.online_screen import OnlineScreen
from tabletop.ui.renderer import Rect
from tests.net.processes import Process, run, start_host


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host().load()


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path / "app", size=(1024, 700))
    win.app.port = 0  # any free port: tests run side by side
    yield win
    view = win.current_view
    if isinstance(view, OnlineScreen):
        view.seat.leave()
    close_app(win)


def join(window: Any, tmp_path: Path, game: str) -> tuple[OnlineScreen, Process]:
    """The app joins a `tabletop host` whose first seat is the computer's: seat 2 here."""
    host, address, code = start_host(tmp_path / "host", game, "--seat=random",
                                     "--seat=remote", "--seed", "4")
    click_button(window, "join")
    type_into(window, "address", address)
    type_into(window, "code", code)
    type_into(window, "name", "Bob")
    key(window, arcade.key.ENTER)
    wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
    screen = window.current_view
    assert screen.seat.game.seat == BROWN
    wait_until(window, lambda: screen.may_move and not screen.animating, 60)
    return screen, host


def test_the_joiner_sees_its_own_pawns_at_the_bottom_and_plays_there(
        window: Any, tmp_path: Path) -> None:
    screen, host = join(window, tmp_path, "versus")
    try:
        assert screen.renderer.turned
        own_pieces_below(screen, BROWN)
        play_a_move(window, screen, random.Random(2))  # clicks on the cells as drawn
        wait_until(window, lambda: screen.may_move and not screen.animating, 60)
        own_pieces_below(screen, BROWN)
    finally:
        host.kill()


def test_the_host_keeps_its_own_pawns_at_the_bottom(window: Any, tmp_path: Path) -> None:
    screen = _host(window, "versus")
    seat = screen.seat
    friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent", "random",
                  "--name", "Bob", "--seed", "1"], tmp_path / "bob")
    try:
        wait_until(window, lambda: not seat.waiting and screen.may_move, 60)
        assert not screen.renderer.turned
        own_pieces_below(screen, BLUE)
    finally:
        friend.kill()


def panel_below(screen: OnlineScreen, seat: int) -> bool:
    """True if `seat`'s display is the last of the grid: below the other's, or to its
    right where the two stand side by side."""
    geo = screen.renderer.geometry
    mine, other = geo.panels[seat].frame, geo.panels[1 - seat].frame
    if mine.top <= other.bottom + 0.5:
        return True
    return abs(mine.top - other.top) < 0.5 and mine.left >= other.right - 0.5


def test_verso_puts_the_joiners_own_display_last(window: Any, tmp_path: Path) -> None:
    screen, host = join(window, tmp_path, "verso")
    try:
        assert panel_below(screen, BROWN)
    finally:
        host.kill()


def test_verso_puts_the_hosts_own_display_last(window: Any, tmp_path: Path) -> None:
    screen = _host(window, "verso")
    seat = screen.seat
    friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent", "random",
                  "--name", "Ann", "--seed", "1"], tmp_path / "ann")
    try:
        wait_until(window, lambda: not seat.waiting and screen.renderer.geometry is not None,
                   60)
        assert panel_below(screen, BLUE)
    finally:
        friend.kill()


@pytest.mark.parametrize("size", [(800, 470), (1280, 620)])
def test_verso_panels_in_order_with_the_own_display_last(size: tuple[int, int]) -> None:
    area = Rect(0, 0, *size)
    assert panel_order(3, None) == (0, 1, 2)
    assert panel_order(3, 0) == (1, 2, 0) and panel_order(3, 2) == (0, 1, 2)
    for own in (0, 1):
        geo = table_geometry(area, 2, own)
        mine, other = geo.panels[own].frame, geo.panels[1 - own].frame
        assert geo.panels[own].seat == own
        assert mine.top <= other.bottom + 0.5 or mine.left >= other.right - 0.5
