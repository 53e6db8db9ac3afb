"""Render the screens changed for issue 12's player's words (set-up options, settings,
AI turns told in words, end screens, legend) to PNG.

Run: .venv/bin/python docs/screens/render_words.py [SCENE ...]
Drives the real app headless with real input events, at 800×600 and 1280×800, and writes
docs/screens/<scene>-<W>x<H>.png (helpers shared with render_screens.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from render_screens import click_button, key, pump, render, settle, start

from tabletop.seats import Seat
from tabletop.testing import random_record
from tabletop.ui._arcade import arcade


def scenes() -> dict[str, Callable[[Any], None]]:
    def versus_setup(window: Any) -> None:
        click_button(window, "game:versus")
        click_button(window, "seat1+")

    def verso_setup(window: Any) -> None:
        click_button(window, "game:verso")
        click_button(window, "players+")

    def settings(window: Any) -> None:
        window.app.show_settings()

    def versus_ai_move(window: Any) -> None:
        window.app.settings.ai_pause_seconds = 5.0
        screen = start(window, "versus", {0: 1, 1: 1})
        for _ in range(600):  # until the first computer move is on show
            pump(window, 1)
            if screen.snapshot.plies and not screen.animating:
                break

    def verso_legend(window: Any) -> None:
        start(window, "verso", players=3)
        key(window, arcade.key.L)
        settle(window)

    def versus_legend(window: Any) -> None:
        start(window, "versus", {1: 1})
        key(window, arcade.key.L)

    def verso_solo_end(window: Any) -> None:
        # A whole solo game played on a `Table` by the random agent (seed 3), kept for a person.
        host = window.app.host
        window.app.start_game("verso", random_record(host.game("verso"), 1, 3),
                              [Seat.person(0, "Ada")])
        pump(window, 2)

    def versus_end(window: Any) -> None:
        start(window, "versus", {1: 1})
        click_button(window, "special:resign blue")
        key(window, arcade.key.Y)

    return {"verso-solo-end": verso_solo_end, "versus-end": versus_end,
            "setup-versus": versus_setup, "setup-verso": verso_setup,
            "settings": settings, "versus-ai-move-told": versus_ai_move,
            "verso-legend": verso_legend, "versus-legend": versus_legend}


def main() -> None:
    """Render the scenes named on the command line (all without names)."""
    render(scenes(), sys.argv[1:])


if __name__ == "__main__":
    main()
