"""A real process that keeps Nim games as the app does: `python -m tests.library.writer DIR N`.

Used by the tests to write from two processes at once and to be killed with SIGKILL in
the middle of writing. `python -m tests.library.writer DIR N TAG wait` writes only once a
line comes on its stdin. Each game gets its library entry through the app's `GameKeeper`
(its writer thread), which saves it after every move. It prints `ready` once the library
is open, then one line per move written (game id, plies, time).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tabletop_nim import Nim

from tabletop.play.session import Session
from tabletop.ui.keeper import GameKeeper


def keep_games(directory: Path, games: int, tag: str, wait: bool = False) -> None:
    """Play `games` Nim games (first legal move each time), kept after every move; with
    `wait`, start only when a line comes on stdin (after `ready`)."""
    nim = Nim()
    keeper = GameKeeper(directory)
    print("ready", flush=True)
    if wait:
        sys.stdin.readline()
    for number in range(games):
        session = Session.new(nim, 2, {"heaps": "3,4"}, number, ("human", "random"))
        game_id = keeper.start(session, [tag])
        while session.to_move is not None:
            session.play(nim.legal_moves(session.state)[0])
            keeper.keep(session)  # queued, as after a move on screen
            keeper.flush()  # so that the line below reports a write that is on disk
            print(f"{game_id} {len(session.moves)} {time.time()}", flush=True)
    keeper.close()


if __name__ == "__main__":
    keep_games(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "W",
               sys.argv[4:5] == ["wait"])
