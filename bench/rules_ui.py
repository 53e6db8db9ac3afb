"""Benchmark the Rules screen: a frame of each game's rulebook beside an empty Arcade frame.

Run: .venv/bin/python bench/rules_ui.py   (headless; uses the installed plugins)
The rulebook is laid out once per window size; a frame draws the laid-out text (clipped
to its box in the shader) and the scroll bar. Measured at rest and while scrolling one
line a frame (only the view moves: the glyphs are not laid out again), beside the same
screen with no text (its frame, title and buttons) and an empty Arcade frame.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from dataclasses import replace
from functools import partial
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).parent))

from frames import SIZE, EmptyView, interleaved

from tabletop.plugins import Host
from tabletop.ui.app import make_window
from tabletop.ui.rules_screen import RulesScreen

FRAMES = 200


class Scrolling(RulesScreen):
    """The rules screen scrolling one line every frame (back to the top at the end)."""

    def on_update(self, delta_time: float) -> None:
        self.ensure_built()
        reader = self.reader
        assert reader is not None
        # As the arrow key does: only the view moves.
        self.scroll_to(reader.offset + reader.line if reader.offset < reader.max_offset else 0)


def main() -> int:
    window = make_window(Host(), SIZE, visible=False, directory=Path(tempfile.mkdtemp()))
    empty = EmptyView()
    print("command: python bench/rules_ui.py   (window 1280x720, headless; medians of "
          f"{FRAMES} frames each, measured in alternating blocks)")
    for game_id in ("verso", "versus"):
        info = window.app.host.game(game_id).info
        views = {"empty": empty,
                 "shell": RulesScreen(window.app, replace(info, rules_text="# -"), empty),
                 "at rest": RulesScreen(window.app, info, empty),
                 "scrolling": Scrolling(window.app, info, empty)}
        times = interleaved(window, {name: partial(window.show_view, view)
                                     for name, view in views.items()}, FRAMES)
        base = statistics.median(times["empty"])
        print(f"rules of {game_id}:")
        for name, label in (("empty", "empty Arcade frame"),
                            ("shell", "the screen without its text"),
                            ("at rest", "the rulebook, at rest"),
                            ("scrolling", "the rulebook, one line a frame")):
            median = statistics.median(times[name])
            print(f"  {label:32} median {median:7.2f} ms  ({median / base:5.2f}x empty)")
    window.app.worker.shutdown()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
