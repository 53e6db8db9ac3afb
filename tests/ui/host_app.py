"""The host's app as a process of its own, for the test that kills it (issue 33).

    python tests/ui/host_app.py DATA GAME PORT MOVES

opens the app headless (ARCADE_HEADLESS=1) on the data folder DATA, hosts a table of
GAME from its set-up on PORT (the seat here and one online), prints
`hosting <port> <code>`, waits for the friend, plays MOVES moves of the seat here
(printing `played <n>` after each), then keeps drawing frames, serving the table, until
it is killed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

# The app's test driver beside this, and the project's tests above it.
sys.path.insert(0, str(Path(__file__).parents[2]))
sys.path.insert(0, str(Path(__file__).parent))

from online_here import host_here, move_here
from ui_driver import installed_host, open_app, pump, wait_until


def main(argv: list[str]) -> None:
    directory, game, port, moves = Path(argv[1]), argv[2], int(argv[3]), int(argv[4])
    window = open_app(installed_host, directory)
    window.app.port = port  # the friend's app knows this address: kept for Continue
    screen = host_here(window, game)
    seat = screen.seat
    print(f"hosting {seat.hosting.port} {seat.code}", flush=True)
    wait_until(window, lambda: not seat.waiting, 120)
    rng = random.Random(7)
    for played in range(1, moves + 1):
        move_here(window, screen, game, rng)
        print(f"played {played}", flush=True)
    while True:  # the table goes on being served until the test kills this process
        pump(window)


if __name__ == "__main__":
    main(sys.argv)
