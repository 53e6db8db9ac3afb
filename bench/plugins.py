"""Benchmark plugin loading, and what the boundary costs (output capture, the slow-plugin
timer thread, catching every exception) beside loading the same plugins without it, both
measured in this run.

Run: .venv/bin/python bench/plugins.py
Prints: the median time of `Host().load()` for the installed plugins (discovery included);
for 50 in-process plugins that each register one game, the median load time per plugin
with the boundary and with a pass-through in its place, and their ratio.
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1] / "tests" / "plugins" / "tabletop-nim"))

from tabletop_nim import Nim

from tabletop import boundary, hookimpl
from tabletop.plugins import Host, module_sources

RUNS = 40
PLUGINS = 50


class _Numbered(Nim):
    def __init__(self, index: int) -> None:
        object.__setattr__(self, "info", dataclasses.replace(Nim.info, id=f"nim{index}"))


def _median_seconds(action: Callable[[], Any]) -> float:
    times = []
    for _ in range(RUNS):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def _plugins() -> list[tuple[str, types.ModuleType]]:
    modules = []
    for index in range(PLUGINS):
        module = types.ModuleType(f"p{index}")
        game = _Numbered(index)

        def register_games(register: Any, game: Any = game) -> None:
            register(game)

        module.tabletop_register_games = hookimpl(register_games)  # type: ignore[attr-defined]
        modules.append((f"p{index}", module))
    return modules


def _pass_through(call: Callable[[], Any], output: Any, slow_seconds: float,
                  on_slow: Callable[[], None]) -> tuple[Any, str | None]:
    return call(), None


def main() -> None:
    installed = _median_seconds(lambda: Host(disabled=[]).load())
    print(f"Host().load() of the installed plugins: median {installed * 1000:.2f} ms")
    plugins = _plugins()

    def load() -> None:
        host = Host(module_sources(plugins), disabled=[]).load()
        assert len(host.games) == PLUGINS

    guarded = _median_seconds(load)
    real_run = boundary.run
    boundary.run = _pass_through  # type: ignore[assignment]
    try:
        bare = _median_seconds(load)
    finally:
        boundary.run = real_run
    print(f"{PLUGINS} in-process plugins: {guarded / PLUGINS * 1e6:.0f} µs per plugin with "
          f"the boundary, {bare / PLUGINS * 1e6:.0f} µs without; ratio {guarded / bare:.2f}")


if __name__ == "__main__":
    main()
