"""Render Reversi (examples/tabletop-reversi, drawn by the board toolkit) to PNG.

Run: ARCADE_HEADLESS=1 .venv/bin/python docs/screens/render_reversi.py
Drives the real app headless with real clicks on the installed example distribution, at
800×600 and 1280×800: seven opening moves, then White's choice of f3 previewed (the
discs it would turn over shown as ghosts, VALIDATE offered) with the last move marked.
Writes docs/screens/reversi-<W>x<H>.png and reversi-colour-blind-<W>x<H>.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).parent))

from render_screens import HERE, SIZES, click, click_button, pump

from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window

OPENING = ("d3", "c5", "f6", "f5", "e6", "e3", "c3")


def square(window: Any, name: str) -> tuple[float, float]:
    layout = window.current_view.renderer.board_layout
    return layout.click_point((ord(name[0]) - ord("a"), int(name[1:]) - 1))


def shoot(size: tuple[int, int], colour_blind: bool, name: str) -> None:
    host = Host(disabled=("verso", "versus")).load()
    with tempfile.TemporaryDirectory() as folder:
        window = make_window(host, size, visible=False, directory=Path(folder))
        window.app.settings.animation_seconds = 0.0
        window.app.settings.colour_blind = colour_blind
        click_button(window, "game:reversi")
        click_button(window, "start")
        for move in OPENING:
            click(window, *square(window, move))
            click_button(window, "validate")
        click(window, *square(window, "f3"))
        # The pointer rests on another legal square, outlined as it would be.
        window.dispatch_event("on_mouse_motion", *map(int, square(window, "d2")), 0, 0)
        pump(window, 3)
        arcade.get_image(0, 0, *size).save(HERE / f"{name}-{size[0]}x{size[1]}.png")
        window.app.worker.shutdown()
        window.app.keeper.close()
        window.close()


def main() -> None:
    for size in SIZES:
        shoot(size, False, "reversi")
        shoot(size, True, "reversi-colour-blind")
    print(f"wrote Reversi at {len(SIZES)} sizes into {HERE}")


if __name__ == "__main__":
    main()
