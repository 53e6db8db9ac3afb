"""Benchmark the launcher: frame time beside an empty Arcade frame, and time to first frame.

Run: .venv/bin/python bench/ui.py   (headless; uses the installed plugins)
Targets (issue 5): launcher median frame ≤ 12 ms and ≤ 4× the empty frame; process start
to the first drawn launcher frame ≤ 1.5× a bare Arcade window's.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("ARCADE_HEADLESS", "1")

FRAMES = 200

_BARE = """
import os, time
t0 = float(os.environ["T0"])
import arcade
w = arcade.Window(1280, 720, "bare", visible=False)
class V(arcade.View):
    def on_draw(self):
        self.clear()
w.show_view(V())
w.dispatch_event("on_draw"); w.dispatch_events(); w.ctx.finish()
print(time.time() - t0)
"""

_APP = """
import os, time
t0 = float(os.environ["T0"])
from tabletop.plugins import Host
from tabletop.ui.app import make_window
w = make_window(Host(), (1280, 720), visible=False)
w.dispatch_event("on_draw"); w.dispatch_events(); w.ctx.finish()
print(time.time() - t0)
"""


#: The optional plugins `make play` does not install (the OpenSpiel bridge, with its 40
#: games and the OpenSpiel library: installed for the tests, see the Makefile).
OPTIONAL_PLUGINS = "openspiel"


def _first_frame(code: str, disabled: str = "") -> float:
    """Seconds from process start to the first drawn frame of one run of `code` (with the
    plugins named in `disabled` left out)."""
    env = dict(os.environ, T0=repr(time.time()), ARCADE_HEADLESS="1",
               TABLETOP_DATA_DIR=tempfile.mkdtemp(), TABLETOP_DISABLE_PLUGINS=disabled)
    # Bytecode is written and used, as at any start after the first on a player's
    # machine (a shell with PYTHONDONTWRITEBYTECODE would compile every changed module
    # again at each start).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1])


def startup(runs: int = 7) -> tuple[float, float, float]:
    """Median seconds to the first frame of a bare window, of the app as `make play`
    installs it and of the app with every installed plugin, their runs alternating (so a
    busier moment of the machine weighs on all alike)."""
    bare: list[float] = []
    played: list[float] = []
    every: list[float] = []
    _first_frame(_BARE)  # a first start each, untimed: the bytecode is written
    _first_frame(_APP)
    for _ in range(runs):
        bare.append(_first_frame(_BARE))
        played.append(_first_frame(_APP, OPTIONAL_PLUGINS))
        every.append(_first_frame(_APP))
    return statistics.median(bare), statistics.median(played), statistics.median(every)


def main() -> None:
    """Print each figure with the command that measured it."""
    os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp()
    from frames import SIZE, EmptyView, interleaved, report

    from tabletop.plugins import Host
    from tabletop.ui.app import make_window

    window = make_window(Host(), SIZE, visible=False)
    launcher = window.current_view
    empty = EmptyView(window)
    try:
        times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                     "screen": lambda: window.show_view(launcher)}, FRAMES)
    finally:
        window.app.worker.shutdown()
        window.close()
    report("launcher frame", times, ".venv/bin/python bench/ui.py")
    bare, played, every = startup()
    print(f"start to first frame: bare Arcade window {bare * 1000:.0f} ms; launcher as "
          f"`make play` installs it {played * 1000:.0f} ms, ratio {played / bare:.2f}; with "
          f"every installed plugin (+ {OPTIONAL_PLUGINS}) {every * 1000:.0f} ms, ratio "
          f"{every / bare:.2f}  [command: .venv/bin/python bench/ui.py]")


if __name__ == "__main__":
    main()
