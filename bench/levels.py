"""Measure a game's levels: a tournament of its levels and `random`, written to levels.json.

    .venv/bin/python bench/levels.py GAME [--games-per-pair 20] [--workers 2] [--seed 0]

The levels are those the game's plugin registers (`tabletop.ai.Level`); each plays with its
own budget (iteration budgets: the result does not depend on the machine). Every level and
`random` meet in a round robin with colours alternated; the Elo ratings (random = 0) and
95 % intervals are written, with this command and the date, to `levels.json` beside the
game's module (the file the plugin reads back into its levels, and the app shows). The
gaps between consecutive levels are printed: they should be 150 points or more.
Games are kept in --keep (default: a folder under /tmp), so an interrupted run resumes.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import sys
from pathlib import Path

from tabletop.ai.base import Budget
from tabletop.levels import LEVELS_FILE, budget_json
from tabletop.play import tournament as T
from tabletop.plugins import Host
from tabletop.store.files import write_atomic

COMMAND = ".venv/bin/python bench/levels.py"


def main() -> None:
    """Run the levels' tournament and write the game's levels.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games-per-pair", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep", type=Path, default=None)
    args = parser.parse_args()
    host = Host().load()
    game = host.game(args.game)
    levels = [s.level for s in host.agent_specs(args.game) if s.level is not None]
    if len(levels) < 3:
        sys.exit(f"{args.game} registers {len(levels)} levels; at least 3 are needed")
    names = ["random"] + [level.name for level in levels]
    keep = args.keep or Path("/tmp") / f"tabletop-levels-{args.game}-{args.seed}"
    players = max(game.info.min_players, 2)
    command = (f"{COMMAND} {args.game} --games-per-pair {args.games_per_pair} "
               f"--seed {args.seed}")
    print(command)
    settings = T.Settings(args.game, players, Budget(), {})
    outcome = T.run(host, settings, names, args.games_per_pair, args.seed, keep,
                    T.PROCESS, args.workers,
                    progress=lambda done, total: print(f"\r  {done}/{total} games", end="",
                                                       file=sys.stderr, flush=True))
    print(file=sys.stderr)
    for line in T.report_lines(outcome, game.info.name):
        print(line)
    entries = []
    for level in levels:
        r = outcome.ratings[level.name]
        entries.append({"name": level.name, "agent": level.agent,
                        "budget": budget_json(level.budget), "blurb": level.blurb,
                        "rating": T.tenths(r.rating), "low": T.tenths(r.low),
                        "high": T.tenths(r.high)})
    ordered = sorted(entries, key=lambda e: e["rating"])
    for weaker, stronger in itertools.pairwise(ordered):
        print(f"  {stronger['name']} - {weaker['name']}: "
              f"{stronger['rating'] - weaker['rating']:.0f} points")
    module = sys.modules[type(game).__module__].__file__
    assert module is not None
    path = Path(module).parent / LEVELS_FILE
    report = outcome.to_json()
    result = {
        "game": args.game, "players": players, "command": command,
        "date": datetime.date.today().isoformat(), "games": report["games"],
        "games_per_pair": args.games_per_pair, "seed": args.seed, "anchor": "random",
        "prior": report["prior"], "levels": entries,
        "ratings": report["ratings"],
    }
    write_atomic(path, json.dumps(result, indent=1) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
