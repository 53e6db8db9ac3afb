"""Render the Rules screen (F1) of each game to PNG, headless.

Run: .venv/bin/python docs/screens/render_rules.py
Drives the real app with real key presses on the installed games: launcher → set-up →
game → F1, then a number key to open a section. Writes docs/screens/rules-<game>-<W>x<H>.png
(the top of the rulebook, at 800×600 and 1280×800) and rules-<game>-section-<N>-1280x800.png.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window
from tabletop.ui.rules_screen import RulesScreen

HERE = Path(__file__).parent
SIZES = ((800, 600), (1280, 800))
#: A section worth a picture of its own: a Verso bank, a Versus attraction.
SECTIONS = {"verso": 4, "versus": 4}
NUMBER_KEYS = (arcade.key.KEY_1, arcade.key.KEY_2, arcade.key.KEY_3, arcade.key.KEY_4,
               arcade.key.KEY_5, arcade.key.KEY_6, arcade.key.KEY_7, arcade.key.KEY_8,
               arcade.key.KEY_9)


def pump(window: Any, frames: int = 2) -> None:
    for _ in range(frames):
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.dispatch_events()


def key(window: Any, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)
    window.dispatch_events()
    pump(window, 1)


def press(window: Any, name: str) -> None:
    button = window.current_view.button_named(name)
    assert button is not None, name
    x, y = button.rect.center
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()
    pump(window, 1)


def save(window: Any, name: str) -> None:
    pump(window)
    width, height = window.get_size()
    out = HERE / f"{name}-{width}x{height}.png"
    arcade.get_image(0, 0, width, height).save(out)
    print(out)


def main() -> None:
    """Every game's rules at every size, and one section of each at the larger size."""
    host = Host().load()
    for game_id in ("verso", "versus"):
        for width, height in SIZES:
            with tempfile.TemporaryDirectory() as data:
                window = make_window(host, (width, height), visible=False,
                                     directory=Path(data))
                try:
                    pump(window)
                    press(window, f"game:{game_id}")
                    press(window, "start")
                    key(window, arcade.key.F1)
                    assert isinstance(window.current_view, RulesScreen)
                    save(window, f"rules-{game_id}")
                    if (width, height) == SIZES[-1]:
                        section = SECTIONS[game_id]
                        key(window, NUMBER_KEYS[section - 1])
                        save(window, f"rules-{game_id}-section-{section}")
                finally:
                    window.app.worker.shutdown()
                    window.close()


if __name__ == "__main__":
    main()
