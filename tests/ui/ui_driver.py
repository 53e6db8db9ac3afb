"""Drive the app window with real input events, headless, and look at its pixels."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window

SHOTS = Path(__file__).parent / "screenshots"


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host().load()


def pump(window: Any, frames: int = 1) -> None:
    """Run `frames` update + draw cycles through the window's event queue."""
    for _ in range(frames):
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.dispatch_events()


def click(window: Any, x: float, y: float) -> None:
    """A left click (press and release) at window pixels (x, y)."""
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()
    pump(window)


def show_game_card(window: Any, game_id: str) -> Any:
    """On the launcher, turn its pages (Next, as a player does) until the card of `game_id`
    shows; the card's button (None if no page has it)."""
    view = window.current_view
    while view.button_named("games:previous") is not None and \
            view.button_named("games:previous").enabled:
        click(window, *view.button_named("games:previous").rect.center)
    while (card := view.button_named(f"game:{game_id}")) is None:
        turn = view.button_named("games:next")
        if turn is None or not turn.enabled:
            return None
        click(window, *turn.rect.center)
    return card


def click_button(window: Any, name: str) -> None:
    """Click the centre of the current screen's button called `name` (a game's card on the
    launcher is looked for on every page)."""
    if name.startswith("game:") and window.current_view.button_named(name) is None and \
            window.current_view.button_named("games:next") is not None:
        show_game_card(window, name.removeprefix("game:"))
    button = window.current_view.button_named(name)
    assert button is not None, f"no button {name!r} on {type(window.current_view).__name__}: " \
        f"{[b.name for b in window.current_view.buttons]}"
    assert button.enabled, f"button {name!r} is disabled"
    click(window, *button.rect.center)


def click_continue(window: Any) -> None:
    """Click Continue on the launcher's newest game in progress."""
    names = [b.name for b in window.current_view.buttons if b.name.startswith("continue:")]
    assert names, "the launcher shows no game in progress"
    click_button(window, names[0])


def kept_records(window: Any) -> list[Any]:
    """The records of the app's kept games, newest first (after pending writes)."""
    keeper = window.app.keeper
    keeper.flush()
    return [keeper.library.read_record(e.id) for e in keeper.library.entries()]


def key(window: Any, symbol: int, modifiers: int = 0) -> None:
    """Press and release a key."""
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()
    pump(window)


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    """Press and release a key, and draw nothing: the frames are the app's clock's to draw
    (see `run_clock`), as in the real event loop."""
    window.dispatch_event("on_key_press", symbol, modifiers)
    window.dispatch_event("on_key_release", symbol, modifiers)
    window.dispatch_events()


def run_clock(window: Any, seconds: float) -> int:
    """Let `seconds` pass as the app's clock does on a display, 60 ticks a second: each
    tick updates, then asks the window to draw, which it does only on demand (a change,
    an animation). Returns how many frames it drew (the `idle` the app keeps)."""
    drawn = [0]

    def count() -> None:
        drawn[0] += 1

    window.push_handlers(on_draw=count)
    queued, window._enable_event_queue = window._enable_event_queue, False  # as app.run
    try:
        for _ in range(round(seconds * 60)):
            window.dispatch_event("on_update", 1 / 60)
            window.draw(1 / 60)
    finally:
        window._enable_event_queue = queued
        window.remove_handlers(on_draw=count)
    return drawn[0]


def wait_until(window: Any, condition: Callable[[], bool], seconds: float = 30) -> None:
    """Pump frames until `condition()` holds (the AI worker runs in another process)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        pump(window)
        time.sleep(0.01)


def screenshot(window: Any, name: str) -> Any:
    """Draw a frame, save it as screenshots/<name>.png and return the image."""
    pump(window)
    SHOTS.mkdir(exist_ok=True)
    image = arcade.get_image(0, 0, *window.get_size())
    image.save(SHOTS / f"{name}.png")
    return image


def pixel(window: Any, x: float, y: float) -> tuple[int, ...]:
    """The colour at window pixels (x, y) (y up, as arcade counts)."""
    image = arcade.get_image(0, 0, *window.get_size())
    return tuple(image.getpixel((int(x), window.get_size()[1] - 1 - int(y))))[:3]


def open_app(host_factory: Callable[[], Host], directory: Path, *,
             size: tuple[int, int] = (1280, 720), animation: float = 0.05,
             colour_blind: bool = False) -> Any:
    """A hidden app window on `host_factory()`'s games, its data kept in `directory`.

    The AI worker rebuilds the host with the same (picklable) factory. AI seats think
    briefly so that games against the computer finish quickly.
    """
    window = make_window(host_factory(), size, visible=False, host_factory=host_factory,
                         directory=directory)
    window.app.settings.animation_seconds = animation
    window.app.settings.ai_seconds = 0.05
    window.app.settings.ai_pause_seconds = 0.0  # computer moves follow each other at once
    window.app.settings.colour_blind = colour_blind
    pump(window)
    return window


def close_app(window: Any) -> None:
    """Stop the AI worker, write the kept games and close the window."""
    window.app.worker.shutdown()
    window.app.keeper.close()
    window.close()
