"""Frame time of the Verso table: 6 players mid-game, animating, 1280×720, headless.

Beside it, in the same run and window, an empty Arcade frame (a view that only clears).
A frame is the game screen's update and draw, then `ctx.finish()` so the GPU work (Mesa's
software renderer here) is inside the timing. Targets (issue 6): median ≤ 12 ms and
≤ 4 × the empty frame.

    ARCADE_HEADLESS=1 .venv/bin/python bench/verso_ui.py [--frames N]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

from frames import SIZE, EmptyView, frame, interleaved, report, with_board, without_board
from tables import as_people

import games.verso.plugin
from games.verso.state import FLIP, Bank
from tabletop.ai.base import Budget
from tabletop.play.session import Session
from tabletop.play.table import Table
from tabletop.plugins import Host, module_sources
from tabletop.seats import seats_of
from tabletop.ui.app import make_window
from tabletop.ui.game_screen import GameScreen

COMMAND = "ARCADE_HEADLESS=1 .venv/bin/python bench/verso_ui.py"


def make_host() -> Host:
    """The real Verso plugin, in process."""
    return Host(module_sources([("verso", games.verso.plugin)])).load()


class Drawer:
    """Draws (keeps or flips) four moves in five, else banks: a table that fills up."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        banks = [m for m in legal_moves if isinstance(m, Bank)]
        draws = [m for m in legal_moves if not isinstance(m, Bank)]
        return rng.choice(banks if banks and (rng.random() < 0.2 or not draws) else draws)


def mid_game(host: Host) -> tuple[Session, Any]:
    """A seeded 6-player game played 40 plies on a `Table` by `Drawer`s, as a hotseat
    game, and a bank to animate (flips both neighbours) or else a flip draw."""
    table = Table.new(host, "verso", seats_of(("drawer",) * 6), {}, 2024,
                      agents={"drawer": Drawer()}, max_plies=40)
    table.run()
    session = as_people(host, table)
    banks = [m for m in session.legal_moves() if isinstance(m, Bank)]
    return session, (banks[-1] if banks else FLIP)


def main() -> int:
    """Measure both, print the medians, the ratio and the command; exit 1 over target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()
    host = make_host()
    with tempfile.TemporaryDirectory() as scratch:
        window = make_window(host, SIZE, visible=False, host_factory=make_host,
                             directory=Path(scratch))
        window.app.settings.animation_seconds = 3600.0  # keep the animation running
        try:
            empty = EmptyView(window)
            session, move = mid_game(host)
            window.app.start_game("verso", session)
            screen = window.current_view
            assert isinstance(screen, GameScreen)
            frame(window)
            screen.submit(move)
            assert screen.renderer.animating, "the move did not start an animation"
            times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                         "screen": with_board(screen),
                                         "shell": without_board(screen)}, args.frames)
            assert screen.renderer.animating
        finally:
            window.app.worker.shutdown()
            window.close()
    ok = report("Verso, 6 players, animating", times, f"{COMMAND} --frames {args.frames}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
