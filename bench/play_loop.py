"""What the one play loop costs: `simulate` through `Session` against a bare loop (not a test).

    .venv/bin/python bench/play_loop.py [--games 40] [--rounds 3]

For each built-in game, random-versus-random games with an iteration budget are played
twice in this run, on the same seeds: by a bare loop (one generator per game, `legal_moves`,
`apply`, nothing else) and by `tabletop.simulate.play_game` (the session: a generator per
decision, the agent's answer checked, the record written). The figure is plies per
second, best of `--rounds`, and the session's speed as a ratio of the bare loop's. With
real agents a decision takes milliseconds to seconds, and the loop's cost disappears.
"""

from __future__ import annotations

import argparse
import random
import time

from tabletop.ai.base import Budget
from tabletop.plugins import Host
from tabletop.record import start
from tabletop.simulate import Match, play_game

COMMAND = ".venv/bin/python bench/play_loop.py"


def bare(host: Host, game_id: str, games: int) -> tuple[int, float]:
    """Plies played and seconds taken by the bare loop."""
    game = host.game(game_id)
    plies = 0
    began = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = start(game, 2, {}, seed)
        while game.to_move(state) is not None:
            legal = game.legal_moves(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
            plies += 1
    return plies, time.perf_counter() - began


def session(host: Host, game_id: str, games: int) -> tuple[int, float]:
    """Plies played and seconds taken by `simulate`'s loop through the session."""
    match = Match(game_id, 2, ("random", "random"), {}, Budget(iterations=1))
    plies = 0
    began = time.perf_counter()
    for seed in range(games):
        plies += play_game(host, match, seed, seed).plies
    return plies, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    host = Host().load()
    print(f"$ {COMMAND} --games {args.games} --rounds {args.rounds}")
    for game_id in ("verso", "versus"):
        rates = {}
        for name, loop in (("bare loop", bare), ("session", session)):
            best = 0.0
            for _ in range(args.rounds):
                plies, seconds = loop(host, game_id, args.games)
                best = max(best, plies / seconds)
            rates[name] = best
            print(f"{game_id:7} {name:10} {best:10.0f} plies/s")
        print(f"{game_id:7} session / bare loop: {rates['session'] / rates['bare loop']:.2f}x")


if __name__ == "__main__":
    main()
