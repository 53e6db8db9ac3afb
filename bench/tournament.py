"""Games per second of `tabletop tournament` for 1 and 2 workers on both backends (not a test).

    .venv/bin/python bench/tournament.py [--game verso] [--games-per-pair 8]

The same tournament (the game's own agents and `random`, an iteration budget, the same
seeds) is played four times in this run: a process pool of 1 and of 2 workers, and Ray
with 1 and 2 tasks at once (a local Ray started for each, its start-up counted apart).
Every run must give the same games; the figures are games/s and the ratio to the process
backend's 1 worker. Ray's start-up (seconds) is printed on its own line: on a cluster it is
paid once, not per tournament. The machine has 2 cores shared with other work: expect
less than 2x from 2 workers.
"""

from __future__ import annotations

import argparse
import logging
import time

from tabletop.ai.base import Budget
from tabletop.play import tournament as T
from tabletop.plugins import Host

COMMAND = ".venv/bin/python bench/tournament.py"


def main() -> None:
    """Run the four tournaments and print games/s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="verso")
    parser.add_argument("--games-per-pair", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=8)
    args = parser.parse_args()
    host = Host().load()
    agents = ["random"] + [s.name for s in host.agent_specs(args.game)
                           if s.name not in ("random", "mcts") and s.level is None]
    settings = T.Settings(args.game, 2, Budget(iterations=args.iterations), {})
    print(f"{COMMAND} --game {args.game} --games-per-pair {args.games_per_pair} "
          f"--iterations {args.iterations}")
    print(f"agents {', '.join(agents)}")
    reference: float | None = None
    games: list[str] | None = None
    import ray

    for backend, workers in ((T.PROCESS, 1), (T.PROCESS, 2), (T.RAY, 1), (T.RAY, 2)):
        if backend == T.RAY:
            began = time.perf_counter()
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING)
            print(f"  ray start-up with {workers} CPUs: {time.perf_counter() - began:.1f} s")
        try:
            began = time.perf_counter()
            outcome = T.run(host, settings, agents, args.games_per_pair, 0, None, backend,
                            workers)
            seconds = time.perf_counter() - began
        finally:
            if backend == T.RAY:
                ray.shutdown()
        records = [r.record for r in outcome.results]
        if games is None:
            games = records
        same = "same games" if records == games else "DIFFERENT GAMES"
        rate = len(records) / seconds
        reference = reference or rate
        print(f"  {backend:8} {workers} worker{'s' if workers > 1 else ' '}  "
              f"{len(records)} games in {seconds:6.2f} s  {rate:7.2f} games/s  "
              f"x{rate / reference:.2f}  {same}")


if __name__ == "__main__":
    main()
