"""Render the game library's screens to PNG at 800×600 and 1280×800, headless.

    ARCADE_HEADLESS=1 .venv/bin/python docs/screens/render.py

A temporary data dir is filled with real games (Verso solo games played by the greedy
agent, a Versus game and a 3-player Verso game in progress), then each screen is drawn
and saved here as `<screen>-<W>x<H>.png`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop.ai.base import Budget
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.seats import seats_of
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window

HERE = Path(__file__).parent
SIZES = ((800, 600), (1280, 800))


def play(host: Host, game_id: str, agents: tuple[str, ...], seed: int,
         plies: int | None = None) -> Any:
    """A real game of `game_id` played on a `Table` by `agents` (60 iterations a move), to
    the end or `plies` moves, as a record whose first seat is a person."""
    table = Table.new(host, game_id, seats_of(agents), {}, seed,
                      budget=Budget(iterations=60), max_plies=plies)
    table.run()
    return replace(table.record(),
                   agents=tuple("human" if i == 0 else a for i, a in enumerate(agents)))


def fill(directory: Path, host: Host) -> None:
    """Real games kept as the app keeps them."""
    library = Library.open(directory)
    for seed in range(12):
        library.add(play(host, "verso", ("greedy",), seed), ["Ada"])
    for seed in range(6):  # finished Versus games: Ada against the agents, both colours
        agents = ("greedy", "random") if seed % 2 else ("random", "greedy")
        names = ["Ada", agents[1]] if seed % 3 else [agents[0], "Ada"]
        record = play(host, "versus", agents, 10 + seed, plies=400)
        if seed % 3 == 0:
            record = replace(record, agents=(agents[0], "human"))
        library.add(record, names)
    library.add(play(host, "versus", ("greedy", "greedy"), 1, plies=40), ["Ada", "greedy"])
    library.add(play(host, "versus", ("greedy", "strong"), 2, plies=30), ["Bob", "strong"])
    library.add(play(host, "verso", ("greedy", "greedy", "greedy"), 3, plies=20),
                ["Ada", "greedy", "greedy"])
    library.close()


def shoot(window: Any, name: str) -> None:
    """Draw two frames and save the picture."""
    for _ in range(2):
        window.dispatch_events()
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
    width, height = window.get_size()
    arcade.get_image(0, 0, width, height).save(HERE / f"{name}-{width}x{height}.png")


def main() -> None:
    host = Host().load()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        began = time.perf_counter()
        fill(directory, host)
        print(f"filled a library in {time.perf_counter() - began:.1f} s", file=sys.stderr)
        for size in SIZES:
            window = make_window(host, size, visible=False, directory=directory)
            app = window.app
            shoot(window, "launcher")
            app.show_setup("versus")
            shoot(window, "setup")
            app.show_library()
            shoot(window, "library")
            view = window.current_view
            view.show_import()
            shoot(window, "library-import")
            view.back()
            view.ask_delete(view.entries[0])
            shoot(window, "library-delete")
            versus = next(e for e in view.entries if e.game == "versus")
            app.show_replay(versus.id)
            window.current_view.go(12)
            shoot(window, "replay-versus")
            solo = next(e for e in view.entries if e.result is not None and e.players == 1)
            app.show_replay(solo.id)
            shoot(window, "replay-verso-solo")
            app.show_stats()
            shoot(window, "statistics")
            app.worker.shutdown()
            app.keeper.close()
            window.close()
    print(f"wrote {len(SIZES)} sizes of each screen into {HERE}")


if __name__ == "__main__":
    main()
