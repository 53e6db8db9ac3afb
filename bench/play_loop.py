"""What the one driver costs: `simulate` on a `Table` against a bare loop (not a test).

    .venv/bin/python bench/play_loop.py [--games 40] [--rounds 3]

For each built-in game, random-versus-random games with an iteration budget are played
three times in this run, on the same seeds:

- a bare loop: one generator per game, `legal_moves`, `apply`, nothing else;
- the contract's loop: what any driver that keeps the contract must do and nothing more
  (the seat's observation for the agent, a generator per decision seeded by the seeding
  rule, the agent's choice, `apply`, the chance steps drawn by the host), unguarded;
- `tabletop.play.simulate.play_game`: a `Table` (guards, the answer checked against the legal
  moves, the in-place check, events, the record written).

The figures are plies per second, best of `--rounds`, and the table's speed as a ratio of
each reference's: against the contract's loop it is the driver's own cost. With real
agents a decision takes milliseconds to seconds, and the loop's cost disappears.
"""

from __future__ import annotations

import argparse
import random
import time

from tabletop.ai import RandomAgent
from tabletop.ai.base import Budget
from tabletop.chance import settle
from tabletop.play.session import decision_seed
from tabletop.play.simulate import Match, play_game
from tabletop.plugins import Host
from tabletop.record import start

COMMAND = ".venv/bin/python bench/play_loop.py"


def bare(host: Host, game_id: str, games: int) -> tuple[int, float]:
    """Plies played and seconds taken by the bare loop."""
    # Kept a bare loop on purpose: it is the reference the table is measured against.
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


def contract(host: Host, game_id: str, games: int) -> tuple[int, float]:
    """Plies played and seconds taken by the contract's loop (unguarded, unchecked)."""
    game = host.game(game_id)
    agent = RandomAgent()
    budget = Budget(iterations=1)
    plies = 0
    began = time.perf_counter()
    for seed in range(games):
        state, _ = start(game, 2, {}, seed)
        ply = 0
        while (seat := game.to_move(state)) is not None:
            rng = random.Random(decision_seed(seed, seat, ply))
            move = agent.choose(game.observation(state, seat), seat, game.legal_moves(state),
                                budget, rng)
            ply += 1
            state = settle(game, game.apply(state, move), seed, ply)
        plies += ply
    return plies, time.perf_counter() - began


def table(host: Host, game_id: str, games: int) -> tuple[int, float]:
    """Plies played and seconds taken by `simulate`'s games, each on a `Table`."""
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
        for name, loop in (("bare loop", bare), ("contract", contract), ("table", table)):
            best = 0.0
            for _ in range(args.rounds):
                plies, seconds = loop(host, game_id, args.games)
                best = max(best, plies / seconds)
            rates[name] = best
            print(f"{game_id:7} {name:10} {best:10.0f} plies/s")
        print(f"{game_id:7} table / bare loop: {rates['table'] / rates['bare loop']:.2f}x")
        print(f"{game_id:7} table / contract's loop: {rates['table'] / rates['contract']:.2f}x")


if __name__ == "__main__":
    main()
