"""Frame time of the Versus screen, mid-game with a move animating, beside an empty frame.

    ARCADE_HEADLESS=1 .venv/bin/python bench/versus_ui.py [--frames N] [--plies N]

Both are measured in the same run and the same 1280×720 headless window, in alternating
blocks so that both see the same load (the machine may be shared). An *empty frame* is
a bare `arcade.View` that only clears; a *Versus frame* is the app's game screen
(board, sidebar, move log) resumed from an autosave of a seeded game `--plies` plies in
(played on a `Table` by an agent that often pulls pawns),
with the renderer replaying the last VERSUS move's transition (its pulls in mid-flight)
throughout. Each frame is update + draw, dispatched as the event loop does, + flip, and
ends with `ctx.finish()` so the GPU work (Mesa's software renderer headless) is inside
the time. Target (issue 5): median ≤ 12 ms and ≤ 4× the empty frame.
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
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frames import SIZE, EmptyView, frame, interleaved, report, with_board, without_board
from tables import as_people

from games.versus.state import Move
from tabletop.ai.base import Budget
from tabletop.play.session import Session
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.seats import seats_of
from tabletop.store import saves
from tabletop.ui.app import make_window
from tabletop.ui.renderer import Ply


class Puller:
    """Pulls pawns one move in two (every time at ply `last`), else any VERSUS move."""

    def __init__(self, game: Any, last: int) -> None:
        self.game, self.last = game, last

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        moves = [m for m in legal_moves if isinstance(m, Move)]
        pulls = [m for m in moves if self.game.preview(observation, m).attractions]
        last = observation.ply == self.last
        return rng.choice(pulls if pulls and (last or rng.random() < 0.5) else moves)


def mid_game(host: Host, plies: int, seed: int) -> Session:
    """A seeded game played `plies` plies on a `Table` by `Puller`s, as a hotseat game:
    it ends on a VERSUS move pulling pawns."""
    game = host.game("versus")
    table = Table.new(host, "versus", seats_of(("puller", "puller")), {}, seed,
                      agents={"puller": Puller(game, plies - 1)}, max_plies=plies)
    table.run()
    if table.session.outcome is not None:
        raise SystemExit(f"the seeded game ended at ply {len(table.session.moves)}; use "
                         "fewer --plies")
    return as_people(host, table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--plies", type=int, default=40)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()

    host = Host(disabled=("verso",)).load()
    session = mid_game(host, args.plies, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        saves.write_autosave(directory, session.record())
        window = make_window(host, size=SIZE, visible=False, directory=directory)
        try:
            # One transition long enough to run through every measured frame.
            window.app.settings.animation_seconds = 3600.0
            # The old autosave went into the library at start: continue that game.
            window.app.continue_game(window.app.keeper.in_progress()[0].id)
            screen = window.current_view
            frame(window)  # lay the screen out and show the position
            renderer = screen.renderer
            before, after, move = session.states[-2], session.states[-1], session.moves[-1]
            screen.stage.animate(Ply(before, move, after))
            screen.stage.update(3600.0 * 0.6)  # the pull phase: slide done, pawns on their way
            empty = EmptyView(window)
            times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                         "screen": with_board(screen),
                                         "shell": without_board(screen)}, args.frames)
            assert renderer.animating, "the transition stopped during the measurement"
        finally:
            window.app.worker.shutdown()
            window.close()
    print(f"Versus screen at {SIZE[0]}x{SIZE[1]}, position after {args.plies} plies "
          f"(seed {args.seed}), a VERSUS move's pulls animating")
    report("Versus screen frame", times,
           f"ARCADE_HEADLESS=1 .venv/bin/python bench/versus_ui.py {' '.join(sys.argv[1:])}")


if __name__ == "__main__":
    main()
