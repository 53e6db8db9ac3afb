"""A real process that keeps Nim games in a library: `python -m tests.library.writer DIR N`.

Used by the tests to write from two processes at once and to be killed with SIGKILL in
the middle of writing. Each game is added, then saved after every move, as the app does.
It prints `ready` once the library is open, then one line per saved move (game id, plies,
time).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tabletop_nim import Nim

from tabletop.library import Library
from tabletop.record import record_of, start


def keep_games(directory: Path, games: int, tag: str) -> None:
    """Play `games` Nim games (first legal move each time), saving after every move."""
    nim = Nim()
    library = Library.open(directory)
    print("ready", flush=True)
    for number in range(games):
        state, options = start(nim, 2, {"heaps": "3,4"}, number)
        states, moves = [state], []
        record = record_of(nim, 2, options, number, states, moves, ("human", "random"))
        entry = library.add(record, [f"{tag}", "random"])
        while nim.to_move(state) is not None:
            move = nim.legal_moves(state)[0]
            state = nim.apply(state, move)
            states.append(state)
            moves.append(move)
            library.save(entry.id, record_of(nim, 2, options, number, states, moves,
                                             ("human", "random")))
            print(f"{entry.id} {len(moves)} {time.time()}", flush=True)
    library.close()


if __name__ == "__main__":
    keep_games(Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "W")
