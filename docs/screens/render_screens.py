"""Render the screens changed for issue 12 (focus, confirmations, click reasons) to PNG.

Run: .venv/bin/python docs/screens/render_screens.py
Drives the real app headless with real input events (as the UI tests do) on the installed
games, at 800×600 and 1280×800, and writes docs/screens/<screen>-<W>x<H>.png.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

from games.versus.board import CELL_OF_NAME
from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window

HERE = Path(__file__).parent
SIZES = ((800, 600), (1280, 800))


def pump(window: Any, frames: int = 2) -> None:
    for _ in range(frames):
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.dispatch_events()


def key(window: Any, symbol: int, modifiers: int = 0) -> None:
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()
    pump(window, 1)


def click(window: Any, x: float, y: float) -> None:
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()
    pump(window, 1)


def click_button(window: Any, name: str) -> None:
    """Click a button by name; a game's card on the launcher is first found by turning
    the launcher's pages, as a player does."""
    view = window.current_view
    while (button := view.button_named(name)) is None and name.startswith("game:"):
        turn = view.button_named("games:next")
        if turn is None or not turn.enabled:
            break
        click(window, *turn.rect.center)
    assert button is not None, name
    click(window, *button.rect.center)


def settle(window: Any) -> None:
    """Let animations end (the animation pace is set short)."""
    for _ in range(200):
        pump(window, 1)
        view = window.current_view
        if not getattr(view, "animating", False) and getattr(view, "thinking", None) is None:
            break


def start(window: Any, game_id: str, seats: dict[int, int] | None = None,
          players: int | None = None) -> Any:
    click_button(window, f"game:{game_id}")
    setup = window.current_view
    while players is not None and setup.players < players:
        click_button(window, "players+")
    for seat, steps in (seats or {}).items():
        for _ in range(steps):
            click_button(window, f"seat{seat}+")
    click_button(window, "start")
    settle(window)
    return window.current_view


def versus_cell(screen: Any, name: str) -> tuple[float, float]:
    return screen.renderer.board_layout.centres[CELL_OF_NAME[name]]


def scenes() -> dict[str, Callable[[Any], None]]:
    def board_focus(window: Any) -> None:
        start(window, "versus", {1: 1})

    def button_focus(window: Any) -> None:
        start(window, "versus", {1: 1})
        key(window, arcade.key.TAB)

    def resign_confirm(window: Any) -> None:
        start(window, "versus", {1: 1})
        click_button(window, "special:resign blue")

    def click_explained(window: Any) -> None:
        screen = start(window, "versus", {1: 1})
        click(window, *versus_cell(screen, "k1"))  # a Brown pawn: not Blue's to move

    def verso_solo(window: Any) -> None:
        start(window, "verso")
        key(window, arcade.key.TAB)
        key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)  # back on the board

    return {"game-board-focus": board_focus, "game-button-focus": button_focus,
            "game-resign-confirm": resign_confirm, "game-click-explained": click_explained,
            "verso-solo-board-focus": verso_solo}


def render(scenes: dict[str, Callable[[Any], None]], chosen: list[str] | None = None
           ) -> None:
    """Render each scene (those `chosen`, if given) at every size, in a fresh app with a
    short animation pace, no sound and a temporary data folder, to `<name>-<W>x<H>.png`."""
    host = Host().load()
    for name, scene in scenes.items():
        if chosen and name not in chosen:
            continue
        for width, height in SIZES:
            with tempfile.TemporaryDirectory() as data:
                window = make_window(host, (width, height), visible=False,
                                     directory=Path(data))
                window.app.settings.animation_seconds = 0.05
                window.app.settings.ai_seconds = 0.05
                window.app.settings.volume = 0.0
                try:
                    pump(window)
                    scene(window)
                    pump(window)
                    out = HERE / f"{name}-{width}x{height}.png"
                    arcade.get_image(0, 0, width, height).save(out)
                    print(out)
                finally:
                    window.app.worker.shutdown()
                    window.app.keeper.close()
                    window.close()


def main() -> None:
    """Render every scene at every size."""
    render(scenes())


if __name__ == "__main__":
    main()
