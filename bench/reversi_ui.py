"""Frame time of a board-toolkit screen (Reversi, the example distribution), beside an
empty frame.

    ARCADE_HEADLESS=1 .venv/bin/python bench/reversi_ui.py [--frames N] [--plies N]

Measured in the same run and the same 1280×720 headless window, in alternating blocks
(see `frames.py`): an *empty frame* (a view that only clears), the *Reversi screen*
(board, sidebar, move log) opened on a seeded game `--plies` plies in (the random agent
on a `Table`), with the toolkit's default animation of the last move running throughout
(its turn-overs in mid-flight, the pointer over a legal square), and the same screen
with the board left out (the shell's share); and, as a reference, the Versus screen (a
renderer written by hand on the same contract) at its start. Targets as for the
built-in games: median ≤ 12 ms and ≤ 4× the empty frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frames import SIZE, EmptyView, frame, interleaved, report, with_board, without_board
from tables import as_people

from tabletop.play.session import Session
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.seats import seats_of
from tabletop.ui.app import make_window
from tabletop.ui.renderer import Ply, Pointer


def mid_game(host: Host, plies: int, seed: int) -> Session:
    """A seeded game of Reversi played `plies` plies on a `Table` by the random agent, as
    a hotseat game."""
    table = Table.new(host, "reversi", seats_of(("random", "random")), {}, seed,
                      max_plies=plies)
    table.run()
    if table.session.outcome is not None:
        raise SystemExit("the seeded game ended early; use fewer --plies")
    return as_people(host, table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    host = Host(disabled=("verso",)).load()
    session = mid_game(host, args.plies, args.seed)
    # The reference: Versus, whose renderer is written by hand on the same contract,
    # at its start position with nothing animating (its cheapest frame).
    versus = Session.new(host.game("versus"), 2, {}, args.seed, ("human", "human"))
    with tempfile.TemporaryDirectory() as tmp:
        window = make_window(host, size=SIZE, visible=False, directory=Path(tmp))
        try:
            window.app.settings.animation_seconds = 3600.0  # one transition throughout
            window.app.start_game("versus", versus)
            reference = window.current_view
            frame(window)
            window.app.start_game("reversi", session)
            screen = window.current_view
            frame(window)
            renderer = screen.renderer
            before, after, move = session.states[-2], session.states[-1], session.moves[-1]
            screen.stage.animate(Ply(before, move, after))
            screen.stage.update(3600.0 * 0.7)  # the placed disc in, its turn-overs under way
            legal = renderer.picker.destinations()
            if legal:
                screen.stage.handle(Pointer(*renderer.board_layout.click_point(legal[0])))
            empty = EmptyView(window)
            times = interleaved(window, {"empty": lambda: window.show_view(empty),
                                         "screen": with_board(screen),
                                         "shell": without_board(screen),
                                         "versus": with_board(reference)}, args.frames)
            assert renderer.animating, "the transition stopped during the measurement"
        finally:
            window.app.worker.shutdown()
            window.app.keeper.close()
            window.close()
    print(f"Reversi screen (board toolkit) at {SIZE[0]}x{SIZE[1]}, position after "
          f"{args.plies} plies (seed {args.seed}), the last move's turn-overs animating")
    report("Reversi screen frame", times,
           f"ARCADE_HEADLESS=1 .venv/bin/python bench/reversi_ui.py {' '.join(sys.argv[1:])}")
    versus_ms = statistics.median(times["versus"])
    print(f"  Versus screen, still    median {versus_ms:7.2f} ms (hand-written renderer, same "
          f"run): Reversi is {statistics.median(times['screen']) / versus_ms:.2f}x it")


if __name__ == "__main__":
    main()
