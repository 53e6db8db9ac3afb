"""Frame time of the replay screen while it reviews a game in the background (not a test).

    ARCADE_HEADLESS=1 .venv/bin/python bench/review_ui.py [--frames N]

The replay screen of a kept Versus game (`tests/review/versus-expert-random.json`)
starts its review (R) with a budget large enough to outlast the measurement, in a
process pool of 2 as the app does; its frames are timed beside an empty Arcade frame in
alternating blocks (`frames.py`), both in the same 1280×720 headless window. Target
(issue 37): the replay screen stays under 4× an empty frame while it reviews.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frames import SIZE, EmptyView, frame, interleaved, report, with_board

from tabletop.ai.base import Budget
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.ui.app import make_window
from tabletop.ui.replay_screen import ReplayScreen

RECORD = Path(__file__).resolve().parents[1] / "tests" / "review" / "versus-expert-random.json"


def main() -> None:
    """Time the frames while the review runs; print the medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    host = Host().load()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        library = Library.open(directory)
        entry = library.add(Record.read(RECORD), ["Ada", "Bot"])
        library.close()
        window = make_window(host, size=SIZE, visible=False, directory=directory)
        try:
            screen = ReplayScreen.open(window.app, entry.id)
            window.show_view(screen)
            frame(window)
            screen.review_budget = Budget(iterations=200_000)  # outlasts the measurement
            screen.start_review()
            empty = EmptyView(window)
            times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                         "screen": with_board(screen)}, args.frames)
            running = screen.reviewing
            done = screen.review_progress
            screen.cancel_review()
            while screen.reviewing:
                frame(window)
        finally:
            window.app.worker.shutdown()
            window.close()
    print(f"replay screen at {SIZE[0]}x{SIZE[1]} reviewing a {RECORD.name} in the "
          f"background (still running at the end: {running}, progress {done})")
    report("replay frame, reviewing", times,
           f"ARCADE_HEADLESS=1 .venv/bin/python bench/review_ui.py {' '.join(sys.argv[1:])}")


if __name__ == "__main__":
    main()
