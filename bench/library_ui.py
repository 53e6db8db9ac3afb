"""Benchmark the Statistics screen: its frame time beside an empty Arcade frame.

Run: .venv/bin/python bench/library_ui.py   (headless; uses the installed plugins)
The library holds 1,000 real Verso games (bench/library.py's), half of them solo, so the
screen draws full charts. Also: the time to lay the screen out (count and build), paid
once when it opens, and the Library screen's frame. Targets as for the other screens:
median frame <= 12 ms and <= 4x the empty frame.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).parent))

FRAMES = 200
GAMES = 1000


def main() -> None:
    """Print each figure with the command that measured it."""
    from frames import SIZE, EmptyView, interleaved, report
    from library import fill

    from tabletop.plugins import Host
    from tabletop.ui.app import make_window
    from tabletop.ui.library_screen import LibraryScreen
    from tabletop.ui.stats_screen import StatsScreen

    directory = Path(tempfile.mkdtemp())
    fill(directory, GAMES)
    window = make_window(Host(), SIZE, visible=False, directory=directory)
    app = window.app
    try:
        opened = []
        for _ in range(5):
            began = time.perf_counter()
            stats = StatsScreen(app)
            stats.ensure_built()
            opened.append((time.perf_counter() - began) * 1000)
        library = LibraryScreen(app)
        empty = EmptyView(window)
        command = ".venv/bin/python bench/library_ui.py"
        times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                     "screen": lambda: window.show_view(stats)}, FRAMES)
        report(f"Statistics, {GAMES} games", times, command)
        print(f"  opening the Statistics screen (count + lay out): median "
              f"{statistics.median(opened):.1f} ms of 5")
        times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                     "screen": lambda: window.show_view(library)}, FRAMES)
        report(f"Library, {GAMES} games", times, command)
    finally:
        app.worker.shutdown()
        app.keeper.close()
        window.close()


if __name__ == "__main__":
    main()
