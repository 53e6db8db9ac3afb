"""Frame timing shared by the UI benchmarks: a screen's frame beside an empty Arcade frame.

One definition of a frame for every figure: the view's update, its draw dispatched as the
event loop does, the buffer flip, and `ctx.finish()` so that the GPU work (Mesa's
software renderer, headless) is inside the time. The *empty frame* is a view that only
clears the window. Measurements alternate in blocks, so that load from other processes
on a shared machine falls on all of them alike.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

from tabletop.ui._arcade import arcade

SIZE = (1280, 720)


class EmptyView(arcade.View):
    """The baseline: a frame that only clears the window."""

    def on_draw(self) -> None:
        self.clear()


def frame(window: Any) -> None:
    """One frame of the window's current view."""
    window.dispatch_event("on_update", 1 / 60)
    window.dispatch_event("on_draw")
    window.dispatch_events()  # pyglet queues events dispatched outside its loop
    window.flip()


def timed(window: Any, frames: int, warmup: int = 3) -> list[float]:
    """Milliseconds per frame of the current view, after `warmup` uncounted frames."""
    times = []
    for i in range(warmup + frames):
        window.ctx.finish()
        start = time.perf_counter()
        frame(window)
        window.ctx.finish()
        if i >= warmup:
            times.append((time.perf_counter() - start) * 1000)
    return times


def interleaved(window: Any, setups: Mapping[str, Callable[[], None]], frames: int,
                blocks: int = 10) -> dict[str, list[float]]:
    """Frame times per named set-up, measured in alternating blocks.

    Each set-up puts the window in the state to measure (shows a view, patches a
    renderer); they run in turn before every block.
    """
    times: dict[str, list[float]] = {name: [] for name in setups}
    for _ in range(blocks):
        for name, setup in setups.items():
            setup()
            times[name] += timed(window, max(1, frames // blocks))
    return times


#: The renderer's drawing methods, left out for the shell's share.
DRAWING = ("draw", "draw_still")


def without_board(screen: Any) -> Callable[[], None]:
    """A set-up that shows `screen` with its renderer's board left out (the shell's share)."""
    def setup() -> None:
        screen.window.show_view(screen)
        for name in DRAWING:
            setattr(screen.renderer, name, lambda: None)
        screen.drop_still()  # a still picture is painted again, without the board
    return setup


def with_board(screen: Any) -> Callable[[], None]:
    """A set-up that shows `screen` whole."""
    def setup() -> None:
        screen.window.show_view(screen)
        for name in DRAWING:
            screen.renderer.__dict__.pop(name, None)
        screen.drop_still()
    return setup


def report(name: str, times: Mapping[str, list[float]], command: str,
           target_ms: float = 12.0, target_ratio: float = 4.0) -> bool:
    """Print the medians, the ratio to the empty frame and the command; True if on target."""
    empty = statistics.median(times["empty"])
    screen = statistics.median(times["screen"])
    ratio = screen / empty
    print(f"command: {command}")
    print(f"  empty Arcade frame      median {empty:7.2f} ms")
    print(f"  {name:22}  median {screen:7.2f} ms  (p90 "
          f"{statistics.quantiles(times['screen'], n=10)[-1]:.2f} ms)")
    if "shell" in times:
        shell = statistics.median(times["shell"])
        print(f"  the same, board left out median {shell:6.2f} ms ({shell / empty:.2f}x empty: "
              "the shell's share)")
    ok = screen <= target_ms and ratio <= target_ratio
    print(f"  ratio {ratio:.2f}x the empty frame; targets <= {target_ms:g} ms "
          f"{'met' if screen <= target_ms else 'MISSED'}, <= {target_ratio:g}x "
          f"{'met' if ratio <= target_ratio else 'MISSED'}")
    return ok
