"""Connect Four from OpenSpiel in the real app, headless, with real input events.

Launcher (keyboard) → set-up (clicks) → game screen with the toolkit board; a click in
column d drops a red disc to its bottom; the computer (a real AI worker process, on the
installed plugins) answers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

from tabletop_openspiel.view.boards import RED, YELLOW, ConnectFourRenderer

from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen

GAME = "openspiel-connect_four"


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host().load()


def pump(window: Any, frames: int = 1) -> None:
    for _ in range(frames):
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.dispatch_events()


def click(window: Any, x: float, y: float) -> None:
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    pump(window)


def click_button(window: Any, name: str) -> None:
    button = window.current_view.button_named(name)
    assert button is not None and button.enabled, name
    click(window, *button.rect.center)


def press(window: Any, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)
    pump(window)


def wait_until(window: Any, condition: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        pump(window)
        time.sleep(0.01)


def pixel(window: Any, x: float, y: float) -> tuple[int, ...]:
    image = arcade.get_image(0, 0, *window.get_size())
    return tuple(image.getpixel((int(x), window.get_size()[1] - 1 - int(y))))[:3]


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 16) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = make_window(installed_host(), (1280, 800), visible=False,
                      host_factory=installed_host, directory=tmp_path)
    win.app.settings.animation_seconds = 0.05
    win.app.settings.ai_seconds = 0.05
    pump(win)
    yield win
    win.app.worker.shutdown()
    win.close()


def test_connect_four_opens_from_the_launcher_and_a_click_drops_a_disc(window: Any) -> None:
    # The launcher shows its games in pages: Next until Connect Four's card, then Tab to it.
    launcher = window.current_view
    while launcher.button_named(f"game:{GAME}") is None:
        click_button(window, "games:next")
    for _ in range(len(launcher.buttons)):
        focused = launcher.buttons[launcher.focus] if launcher.focus >= 0 else None
        if focused is not None and focused.name == f"game:{GAME}":
            break
        press(window, arcade.key.TAB)
    press(window, arcade.key.ENTER)
    assert isinstance(window.current_view, SetupScreen)
    click_button(window, "seat1+")  # Yellow is played by the computer
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen) and isinstance(screen.renderer, ConnectFourRenderer)
    pump(window, 2)

    # A click on the top cell of column d drops Red's disc at once to its bottom, (3, 0).
    centres = screen.renderer.board_layout.centres
    target = centres[(3, 0)]
    click(window, *centres[(3, 5)])
    assert screen.snapshot.last is not None and screen.snapshot.last[1] == 3
    assert screen.snapshot.notations[0] == "x3"
    wait_until(window, lambda: screen.snapshot.plies == 2 and not screen.renderer.animating)
    pump(window, 2)
    assert near(pixel(window, *target), RED.fill)

    # The computer's disc is where OpenSpiel put it: the lowest free cell of its column.
    assert screen.snapshot.last is not None
    reply = screen.snapshot.last[1]
    landing = (reply, 1 if reply == 3 else 0)
    assert near(pixel(window, *centres[landing]), YELLOW.fill)
