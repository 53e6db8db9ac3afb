"""Keeping a move in the game library: the cost at ply 10 and at ply 1,000 (not a test).

    .venv/bin/python bench/store.py
    .venv/bin/python bench/store.py --samples 31 --dir /var/tmp   # a disk, not tmpfs

A kept move is appended to the game's journal (`tabletop.store.journal`), so keeping
ply 1,000 should cost about what keeping ply 10 costs (goal: at most 1.5 times). Each
sample keeps a game through `Library.save` as the keepers do, move by move, and times the
save of the ply asked for; the figure is the median. The reference, measured in the same
run, is what every move cost before journals: writing the whole game file (and its index
row) at ply 1,000, here forced by an undo.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tabletop.record import Record
from tabletop.store.library import Library

#: Moves appended (untimed) before the timed one, so the journal is not a fresh file.
WARM = 20


def record(plies: int) -> Record:
    """A two-player game of `plies` moves in a short notation (the library does not
    replay what it keeps, so any notation serves)."""
    moves = tuple(f"{'abcdefgh'[n % 8]}{n % 7 + 1}-{'abcdefgh'[n * 3 % 8]}{n % 5 + 1}"
                  for n in range(plies))
    return Record("bench", 2, {"size": 8}, 7, None, moves, None, ("human", "greedy"))


def keep_ply(library: Library, ply: int) -> tuple[float, float]:
    """Seconds to keep move `ply` of a new game, and to write it whole after an undo."""
    start = max(0, ply - 1 - WARM)
    # Built before any clock starts: making the record is the caller's cost (the
    # session's), the same whichever way it is kept.
    records = {plies: record(plies) for plies in range(start, ply + 1)}
    entry = library.add(records[start], ["Ada", "greedy"])
    for plies in range(start + 1, ply):
        library.save(entry.id, records[plies])
    began = time.perf_counter()
    library.save(entry.id, records[ply])
    kept = time.perf_counter() - began
    began = time.perf_counter()
    library.save(entry.id, records[ply - 1])  # an undo: the file is written whole
    whole = time.perf_counter() - began
    return kept, whole


def main() -> None:
    """Print the medians, their ratio and the reference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=15)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where the library is made (default: the system's temp dir)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as scratch:
        library = Library.open(Path(scratch))
        short: list[float] = []
        long: list[float] = []
        whole: list[float] = []
        for _ in range(args.samples):  # interleaved, so a slow moment hits both alike
            short.append(keep_ply(library, 10)[0])
            kept, rewritten = keep_ply(library, 1000)
            long.append(kept)
            whole.append(rewritten)
        library.close()
    at_10, at_1000 = statistics.median(short), statistics.median(long)
    reference = statistics.median(whole)
    print(f"keep ply 10:    {at_10 * 1000:7.3f} ms (median of {args.samples})")
    print(f"keep ply 1,000: {at_1000 * 1000:7.3f} ms")
    print(f"ratio 1,000 / 10: {at_1000 / at_10:.2f} (goal: at most 1.5)")
    print(f"reference, the whole game written at ply 1,000 (each move's cost before the "
          f"journal): {reference * 1000:.3f} ms, {reference / at_10:.1f} x ply 10")


if __name__ == "__main__":
    main()
