"""Game library benchmark: the time to open a library of N games (not a test).

    .venv/bin/python bench/library.py                 # 1,000 games
    .venv/bin/python bench/library.py --games 5000

The games are real Verso games played with random moves (half solo, half two-player), kept
through `Library.add` as the app keeps them. Figures, each the median of `--repeat` runs:
- open: `Library.open` on an existing index (what every app start pays: it checks each
  file's size and mtime and reads none);
- rebuild: `Library.open` with the index deleted (every file read and indexed);
- list: every entry with its seats, newest first (the Library screen's query);
- stats: `player_stats` over every entry (the Statistics screen's numbers).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from games.verso.game import VersoGame
from tabletop.store.library import INDEX, Library
from tabletop.store.stats import player_stats
from tabletop.testing import random_record

GAME = VersoGame()


def fill(directory: Path, count: int) -> None:
    """Keep `count` random Verso games in a library at `directory`."""
    library = Library.open(directory)
    for seed in range(count):
        players = 1 if seed % 2 == 0 else 2
        agents = ("human",) if players == 1 else ("human", "greedy")
        names = ["Ada"] if players == 1 else [("Ada", "Bob")[seed % 4 // 2], "greedy"]
        library.add(random_record(GAME, players, seed, agents), names)
    library.close()


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """The median wall time of `action`, in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        action()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        began = time.perf_counter()
        fill(directory, args.games)
        filled = time.perf_counter() - began
        print(f"$ .venv/bin/python bench/library.py {' '.join(sys.argv[1:])}".rstrip())
        print(f"kept {args.games} games in {filled:.1f} s "
              f"({filled / args.games * 1000:.2f} ms per game kept)")

        def reopen() -> None:
            Library.open(directory).close()

        def rebuild() -> None:
            for name in (INDEX, INDEX + "-wal", INDEX + "-shm"):
                (directory / name).unlink(missing_ok=True)
            Library.open(directory).close()

        library = Library.open(directory)
        games = {"verso": GAME}
        figures = {
            "open (index present)": median_ms(reopen, args.repeat),
            "rebuild (index missing)": median_ms(rebuild, args.repeat),
            "list every entry": median_ms(library.entries, args.repeat),
            "stats of every player": median_ms(
                lambda: player_stats(library.entries(), games), args.repeat),
        }
        library.close()
        for name, ms in figures.items():
            print(f"{name:26} {ms:8.1f} ms  (median of {args.repeat}, {args.games} games)")


if __name__ == "__main__":
    main()
