"""Verso benchmark (not a test): solo scores per agent, 3-player win share, engine speed.

    .venv/bin/python bench/verso.py                       # everything, default sizes
    .venv/bin/python bench/verso.py solo --agent greedy --games 1000
    .venv/bin/python bench/verso.py solo --agent strong --games 50 --seconds 1.0
    .venv/bin/python bench/verso.py table --games 300 --iterations 200
    .venv/bin/python bench/verso.py speed --games 2000
    .venv/bin/python bench/verso.py playout --games 1000   # the agents' Playout vs the rules
    .venv/bin/python bench/verso.py tune --games 1500      # re-tune the greedy weights

Each figure is printed with the command that reproduces it. Solo games use seeds
0..games-1; the 3-player table rotates `strong`'s seat over the three seats.
`--workers 2` (the default) splits games over two processes. `tune` plays greedy solo
games on seeds 10000.. (never the benchmark's seeds) and searches the weights of
`heuristic.Weights` one at a time, keeping a change only when the mean over the same
deals (common random numbers) rises.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import time
from multiprocessing import Pool
from typing import Any

from games.verso.ai import GreedyAgent, StrongAgent
from games.verso.ai.heuristic import Evaluator, Weights
from games.verso.ai.playout import (
    Playout,
    choice_move,
    final_bank,
    greedy_choice,
    layout_threes,
    reverse_faces,
    turns_left,
)
from games.verso.game import VersoGame
from games.verso.rules import apply_move, legal_moves
from games.verso.state import FINAL, VersoState
from tabletop.ai.base import Budget
from tabletop.ai.randomagent import RandomAgent

GAME = VersoGame()


def make(name: str) -> Any:
    return {"random": RandomAgent, "greedy": GreedyAgent, "strong": StrongAgent}[name]()


def budget(args: argparse.Namespace) -> Budget:
    return Budget(seconds=None if args.iterations else args.seconds,
                  iterations=args.iterations)


def solo_game(job: tuple[str, int, Budget]) -> tuple[int, float, int, float, int]:
    """One solo game: score, seconds deciding, decisions, slowest decision, deals searched."""
    name, seed, limit = job
    agent, rng = make(name), random.Random(seed)
    state = GAME.new_state(1, {}, seed)
    spent, decisions, slowest, rounds = 0.0, 0, 0.0, 0
    while state.turn >= 0:
        moves = GAME.legal_moves(state)
        began = time.perf_counter()
        move = agent.choose(GAME.observation(state, 0), 0, moves, limit, rng)
        took = time.perf_counter() - began
        spent, decisions, slowest = spent + took, decisions + 1, max(slowest, took)
        rounds += getattr(agent, "rounds", 0)
        state = GAME.apply(state, move)
    return state.scores[0], spent, decisions, slowest, rounds


def table_game(job: tuple[int, Budget]) -> float:
    """One 3-player game, `strong` in seat seed % 3 against two `greedy`: its share."""
    seed, limit = job
    seat_of_strong = seed % 3
    agents = [StrongAgent() if s == seat_of_strong else GreedyAgent() for s in range(3)]
    rng = random.Random(seed)
    state = GAME.new_state(3, {}, seed)
    while (seat := GAME.to_move(state)) is not None:
        move = agents[seat].choose(GAME.observation(state, seat), seat,
                                   GAME.legal_moves(state), limit, rng)
        state = GAME.apply(state, move)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.share(seat_of_strong)


def run(func: Any, jobs: list[Any], workers: int) -> list[Any]:
    if workers <= 1:
        return [func(job) for job in jobs]
    with Pool(workers) as pool:
        return pool.map(func, jobs, chunksize=1)


def solo(args: argparse.Namespace) -> None:
    limit = budget(args)
    jobs = [(args.agent, seed, limit) for seed in range(args.games)]
    results = run(solo_game, jobs, args.workers)
    scores = sorted(r[0] for r in results)
    decisions = max(1, sum(r[2] for r in results))
    spent = sum(r[1] for r in results) / decisions
    deals = (f"  deals searched per decision {sum(r[4] for r in results) / decisions:.0f}"
             if args.agent == "strong" else "")
    p90 = scores[int(0.9 * (len(scores) - 1))]
    shares = "  ".join(f">={t}: {100 * sum(s >= t for s in scores) / len(scores):.1f}%"
                       for t in (50, 55, 60, 64))
    print(f"$ {command(args)}")
    print(f"solo {args.agent} over seeds 0..{args.games - 1}: mean {statistics.mean(scores):.2f}"
          f"  median {statistics.median(scores):g}  p90 {p90}  max {scores[-1]}  {shares}"
          f"  mean s/decision {spent:.4f}  slowest {max(r[3] for r in results):.3f} s{deals}"
          f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def table(args: argparse.Namespace) -> None:
    limit = budget(args)
    shares = run(table_game, [(seed, limit) for seed in range(args.games)], args.workers)
    print(f"$ {command(args)}")
    print(f"3 players, strong vs two greedy, {args.games} games, seats rotated: strong's "
          f"win share {100 * sum(shares) / len(shares):.1f}% (fair share 33.3%)")


def speed(args: argparse.Namespace) -> None:
    rng = random.Random(0)
    began, began_cpu = time.perf_counter(), time.process_time()
    for seed in range(args.games):
        state = GAME.new_state(1, {}, seed)
        while state.turn >= 0:
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))])
    rate = args.games / (time.perf_counter() - began)
    # CPU time too: on a shared machine the wall clock also counts other people's work.
    cpu_rate = args.games / (time.process_time() - began_cpu)
    print(f"$ {command(args)}")
    print(f"engine: {rate:.0f} random solo games per second of wall time, {cpu_rate:.0f} "
          f"per second of CPU time (one process; new_state, legal_moves and apply only; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def rules_greedy_choice(ev: Evaluator, state: VersoState) -> int:
    """The greedy policy's choice read from a frozen state (what `Playout.greedy` does on
    its own lists): the layout's bits and 3-point bits, the top face and its reverses."""
    seat = state.turn
    mask = state.masks[seat]
    threes = layout_threes(state.cards, state.layouts[seat])
    if state.phase == FINAL:
        return final_bank(mask, threes)
    top = state.cards.face[state.deck[0]]
    left, players = len(state.deck), state.players
    if players == 1:
        turns = turns_left(left - 2, 1), turns_left(left - 1, 1)
    else:
        turns = turns_left(left - 1, players), turns_left(left, players)
    return greedy_choice(ev, mask, threes, state.squares[seat], top,
                         reverse_faces(state.cards)[top], *turns)


def rules_playout(ev: Evaluator, state: VersoState) -> tuple[VersoState, list[int]]:
    """A greedy game to its end through `rules.apply_move`: the last state, the choices."""
    choices = []
    while state.turn >= 0:
        choice = rules_greedy_choice(ev, state)
        choices.append(choice)
        state = apply_move(state, choice_move(choice, state.masks[state.turn]))
    return state, choices


def playout(args: argparse.Namespace) -> None:
    """The agents' private `Playout` against the same games played through `rules.py`.

    Both play greedy games for every seat from the same starts (solo and 3 players, seeds
    0..games-1); every game must end in the same layouts and scores both ways. Two ratios,
    timed in the same run, alternating the two sides game by game: whole greedy playouts
    (what the `strong` agent pays per deal, the policy included) and the bare transitions
    (the same choices replayed: `Playout.play` against `apply_move`).
    """
    ev = Evaluator()
    starts = [GAME.new_state(players, {}, seed) for seed in range(args.games)
              for players in (1, 3)]
    fast = slow = fast_moves = slow_moves = 0.0
    plies = 0
    for state in starts:
        began = time.process_time()
        game = Playout(ev, state)
        scores = game.finish()
        fast += time.process_time() - began
        began = time.process_time()
        end, choices = rules_playout(ev, state)
        slow += time.process_time() - began
        if scores != end.scores or [tuple(s) for s in game.slots] != list(end.layouts):
            raise SystemExit(f"Playout and rules disagree from {GAME.setup(state)}")
        plies += len(choices)
        began = time.process_time()
        game = Playout(ev, state)
        for choice in choices:
            game.play(choice)
        fast_moves += time.process_time() - began
        began = time.process_time()
        after = state
        for choice in choices:
            after = apply_move(after, choice_move(choice, after.masks[after.turn]))
        slow_moves += time.process_time() - began
    print(f"$ {command(args)}")
    print(f"Playout vs rules over {len(starts)} greedy games ({plies} plies, solo and 3 "
          f"players, all ended alike): whole playouts {len(starts) / fast:.0f} vs "
          f"{len(starts) / slow:.0f} games per CPU second = {slow / fast:.2f}x; "
          f"transitions alone {plies / fast_moves:.0f} vs {plies / slow_moves:.0f} plies "
          f"per CPU second = {slow_moves / fast_moves:.2f}x "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def tune(args: argparse.Namespace) -> None:
    """Coordinate search over the greedy weights on solo playouts with common seeds."""
    states = [GAME.new_state(1, {}, seed) for seed in range(10000, 10000 + args.games)]

    def mean(weights: Weights) -> float:
        ev = Evaluator(weights)
        return statistics.mean(Playout(ev, state).finish()[0] for state in states)

    weights = Weights()
    steps = {"chain": 0.2, "later": 0.1, "points": 0.1, "square": 2.0, "square_power": 1.0,
             "standing": 1.0, "bank_bias": 0.5, "horizon": 2.0}
    best = mean(weights)
    print(f"$ {command(args)}")
    print(f"start: mean {best:.3f} with {weights}")
    for sweep in range(4):
        for name, step in steps.items():
            for sign in (1, -1):
                while True:
                    value = round(getattr(weights, name) + sign * step, 4)
                    if value < 0 or (name == "later" and value > 1):
                        break
                    trial = dataclasses.replace(weights, **{name: value})
                    score = mean(trial)
                    # A small margin so that noise alone does not move the weights.
                    if score <= best + 0.02:
                        break
                    best, weights = score, trial
                    print(f"  {name} = {value:g}: mean {score:.3f}")
        print(f"sweep {sweep}: mean {best:.3f} with {weights}")
        steps = {name: step / 2 for name, step in steps.items()}


def command(args: argparse.Namespace) -> str:
    parts = [".venv/bin/python bench/verso.py", args.what, f"--games {args.games}"]
    if args.what == "solo":
        parts.append(f"--agent {args.agent}")
    if args.what in ("solo", "table") and (args.what == "table" or args.agent == "strong"):
        parts.append(f"--iterations {args.iterations}" if args.iterations
                     else f"--seconds {args.seconds}")
    if args.what in ("solo", "table"):
        parts.append(f"--workers {args.workers}")
    return " ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", nargs="?", default="all",
                        choices=["all", "solo", "table", "speed", "playout", "tune"])
    parser.add_argument("--agent", default="greedy", choices=["random", "greedy", "strong"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=1.0, help="strong's time a move")
    parser.add_argument("--iterations", type=int, default=None,
                        help="strong's deals a move instead of seconds (deterministic)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.what != "all":
        args.games = args.games or {"solo": 1000, "table": 300, "speed": 2000,
                                    "playout": 1000, "tune": 1500}[args.what]
        {"solo": solo, "table": table, "speed": speed, "playout": playout,
         "tune": tune}[args.what](args)
        return
    for agent, games in (("random", 1000), ("greedy", 1000), ("strong", 20)):
        solo(argparse.Namespace(**{**vars(args), "what": "solo", "agent": agent,
                                   "games": args.games or games}))
    table(argparse.Namespace(**{**vars(args), "what": "table", "games": args.games or 300,
                                "iterations": args.iterations or 100}))
    speed(argparse.Namespace(**{**vars(args), "what": "speed", "games": args.games or 2000}))
    playout(argparse.Namespace(**{**vars(args), "what": "playout",
                                  "games": args.games or 1000}))


if __name__ == "__main__":
    main()
