"""Seconds of a game review, and how its marks hold under a deeper look (not a test).

    .venv/bin/python bench/review.py [--workers 2] [--seed 0]

1. A 60-ply Versus game (Expert against Club, the first 60 plies) and a 4-player Verso
   game (Expert against three Club, the first 80 plies) are reviewed with the review's
   default analyst and budget (`tabletop.play.review.analyst_choice`) in a process pool of
   `--workers`, as `tabletop review` does: seconds, seconds per ply, and the first half
   of each game alone (the cost should grow linearly with the plies).
2. Expert against random (the fixed records of `tests/review/`): each seat's accuracy
   and its inaccuracies, mistakes and blunders.
3. Every flagged move of those reviews (inaccuracy, mistake, blunder) is judged again
   with four times the budget: how many marks hold. Aim: at least 90 % of blunders are
   still at least mistakes.
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from functools import partial
from pathlib import Path

from tabletop.ai.base import Budget
from tabletop.play import review as R
from tabletop.play.table import Table
from tabletop.play.worker import entry_point_host
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of

COMMAND = ".venv/bin/python bench/review.py"
RECORDS = Path(__file__).resolve().parent.parent / "tests" / "review"
ORDER = (R.BEST, R.GOOD, R.INACCURACY, R.MISTAKE, R.BLUNDER)


def game_of(host: Host, game_id: str, agents: tuple[str, ...], plies: int,
            seed: int) -> Record:
    """The first `plies` plies of the first game from `seed` on that lasts that long."""
    while True:
        table = Table.of_game(host, host.game(game_id), seats_of(agents), {}, seed)
        table.run()
        record = table.session.record()
        if len(record.moves) >= plies:
            return dataclasses.replace(record, moves=record.moves[:plies], result=None)
        seed += 1


def timed(host: Host, record: Record, workers: int) -> tuple[R.Review, float]:
    """The review of `record` and its seconds."""
    began = time.perf_counter()
    result = R.review(host, record, workers=workers)
    return result, time.perf_counter() - began


def deeper(host: Host, record: Record, result: R.Review, workers: int
           ) -> list[tuple[str, str]]:
    """(mark, mark with 4x the budget) of every flagged move of `result`; each blunder's
    loss at both budgets is printed."""
    budget = Budget(iterations=(result.budget.iterations or R.MCTS_ITERATIONS) * 4)
    flagged = [j for j in result.judgements if j.mark in R.FLAGGED]
    if not flagged:
        return []
    plies = [j.ply for j in flagged]
    chunks = [plies[i::workers] for i in range(workers)]
    from tabletop.play.worker import process_pool

    with process_pool(workers) as pool:
        factory = partial(entry_point_host, tuple(host.disabled))
        futures = [pool.submit(R._judge_in_process, factory, record, chunk,
                               result.analyst, budget, 0) for chunk in chunks if chunk]
        again = {j.ply: j for future in futures for j in future.result()}
    for j in flagged:
        if j.mark == R.BLUNDER:
            deep = again[j.ply]
            print(f"  blunder, {record.game} ply {j.ply + 1} {j.played}: loses {j.loss:.1f} "
                  f"(best {j.best}); with 4x the budget {deep.loss:.1f} (best {deep.best}),"
                  f" {deep.mark}")
    return [(j.mark, again[j.ply].mark) for j in flagged]


def main() -> None:
    """Run the three parts and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    host = Host().load()
    print(f"{COMMAND} --workers {args.workers} --seed {args.seed}")
    pairs: list[tuple[str, str]] = []
    for game_id, agents, plies in (("versus", ("Expert", "Club"), 60),
                                   ("verso", ("Expert", "Club", "Club", "Club"), 80)):
        record = game_of(host, game_id, agents, plies, args.seed)
        result, seconds = timed(host, record, args.workers)
        half = dataclasses.replace(record, moves=record.moves[:plies // 2])
        _, half_seconds = timed(host, half, args.workers)
        print(f"{game_id} {len(agents)} players, {plies} plies, analyst {result.analyst} "
              f"{result.budget.iterations} iterations, {args.workers} workers: "
              f"{seconds:.1f} s ({seconds / plies:.3f} s a ply); first {plies // 2} plies "
              f"{half_seconds:.1f} s ({half_seconds / (plies // 2):.3f} s a ply)")
        pairs += deeper(host, record, result, args.workers)
    for name in ("versus-expert-random", "versus-random-expert", "verso-expert-random",
                 "verso-expert-random-2"):
        record = Record.read(RECORDS / f"{name}.json")
        result, seconds = timed(host, record, args.workers)
        figures = ", ".join(
            f"{record.agents[s.seat]} {s.accuracy:.1f} % ({s.inaccuracies}/{s.mistakes}/"
            f"{s.blunders})" for s in result.summaries() if s.accuracy is not None)
        print(f"{name}: {figures}  [accuracy (inaccuracies/mistakes/blunders)], "
              f"{seconds:.1f} s")
        pairs += deeper(host, record, result, args.workers)
    print("re-judged with 4x the budget:")
    for mark in (R.BLUNDER, R.MISTAKE, R.INACCURACY):
        own = [after for before, after in pairs if before == mark]
        if not own:
            continue
        same = sum(after == mark for after in own)
        held = sum(ORDER.index(after) >= ORDER.index(mark) - (mark == R.BLUNDER)
                   for after in own)
        print(f"  {mark}: {len(own)}, same mark {100 * same / len(own):.0f} %, "
              f"still {'at least a mistake' if mark == R.BLUNDER else 'as bad'} "
              f"{100 * held / len(own):.0f} %, still flagged "
              f"{100 * sum(a in R.FLAGGED for a in own) / len(own):.0f} %")


if __name__ == "__main__":
    main()
