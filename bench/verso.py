"""Verso benchmark (not a test): solo scores per agent, 3-player win share, engine speed.

    .venv/bin/python bench/verso.py                       # everything, default sizes
    .venv/bin/python bench/verso.py solo --agent greedy --games 1000
    .venv/bin/python bench/verso.py solo --agent strong --games 50 --seconds 1.0
    .venv/bin/python bench/verso.py table --games 300      # at strong's default budget
    .venv/bin/python bench/verso.py table --games 150 --first-seed 20000 --rounds 1
    .venv/bin/python bench/verso.py speed --games 2000
    .venv/bin/python bench/verso.py playout --games 1000   # greedy playouts per second
    .venv/bin/python bench/verso.py tune --games 1500      # re-tune the greedy weights
    .venv/bin/python bench/verso.py calibrate --games 2000 # fit table.win_chance's scale
    .venv/bin/python bench/verso.py peek --games 400       # what hidden faces are worth

Each figure is printed with the command that reproduces it. Solo, table and peek games
are played on a `Table` set up as `tabletop simulate` sets it (`bench/tables.py`), so
a mean score or win share is also printed with the `tabletop simulate` command that gives
it. Solo games use seeds 0..games-1; the 3-player table rotates `strong`'s seat over the
three seats (game i: seat i % 3), on seeds 0..games-1 for the figure and 20000..
(`--first-seed`) for trying a setting (`--rounds`: the table search's look-ahead), so
the reported figure is never tuned on.
`calibrate` fits the scale of the table search's chance of winning (`table.win_chance`)
to greedy 3-player games on seeds 30000...
`--workers 2` (the default) splits games over two processes. Decision times are printed
in wall seconds and in CPU seconds of the deciding process: on a shared machine the wall
clock also counts other people's work, so `--iterations` (a fixed number of deals) with
its CPU time per decision is the reproducible figure. The learned layout values that
`strong` uses are fit by `bench/verso_value.py`. `tune` plays greedy solo
games on seeds 10000.. (never the benchmark's seeds) and searches the weights of
`heuristic.Weights` one at a time, keeping a change only when the mean over the same
deals (common random numbers) rises.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import os
import random
import statistics
import time
from multiprocessing import Pool
from typing import Any

from tables import match_table, simulate_command, timed

from games.verso.ai import StrongAgent
from games.verso.ai import table as table_search
from games.verso.ai.heuristic import Evaluator, Weights
from games.verso.ai.playout import choice_move, finish, state_choice
from games.verso.game import VersoGame
from games.verso.rules import apply_move, legal_moves
from games.verso.state import FINAL
from tabletop.ai.base import Budget
from tabletop.play.session import make_agent
from tabletop.play.simulate import Match
from tabletop.play.table import Table
from tabletop.plugins import Host

GAME = VersoGame()


@functools.cache
def host() -> Host:
    """The installed plugins, loaded once in each process."""
    return Host().load()


def solo_match(name: str, limit: Budget) -> Match:
    """Solo games of agent `name` (`tabletop simulate verso --players 1`)."""
    return Match("verso", 1, (name,), {}, limit)


def table_match(limit: Budget) -> Match:
    """`strong` against two `greedy`, its seat rotated round the table by game."""
    return Match("verso", 3, ("strong", "greedy", "greedy"), {}, limit, rotate=True)


def score(table: Table, seat: int) -> float:
    """The seat's score in the finished game on `table`."""
    outcome = table.outcome
    assert outcome is not None
    return outcome.scores[seat]


def budget(args: argparse.Namespace) -> Budget:
    """The budget asked for; neither --seconds nor --iterations: the agent's default."""
    return Budget(seconds=None if args.iterations else args.seconds,
                  iterations=args.iterations)


def solo_game(job: tuple[str, int, Budget]
              ) -> tuple[int, float, int, float, int, float, float]:
    """One solo game on a `Table` set as `tabletop simulate` sets it: score, seconds
    deciding, decisions, slowest decision, deals searched, CPU seconds deciding, slowest
    decision in CPU seconds."""
    name, seed, limit = job
    agent = make_agent(host(), "verso", name)
    table = match_table(host(), solo_match(name, limit), seed, seed, {name: agent})
    spent, decisions, slowest, rounds, cpu, slowest_cpu = 0.0, 0, 0.0, 0, 0.0, 0.0
    for took in timed(table):
        spent, decisions, slowest = spent + took.wall, decisions + 1, max(slowest, took.wall)
        cpu, slowest_cpu = cpu + took.cpu, max(slowest_cpu, took.cpu)
        rounds += getattr(agent, "rounds", 0)
    return (int(score(table, 0)), spent, decisions, slowest, rounds, cpu, slowest_cpu)


def table_game(job: tuple[int, int, Budget, int]
               ) -> tuple[float, float, int, float]:
    """Game `index` of the 3-player match (`strong` against two `greedy`, its seat rotated
    by the index) on a `Table`: its share, its CPU seconds deciding, its decisions and
    its slowest decision (CPU s). `rounds` is the table search's look-ahead
    (`table.ROUNDS`; 0 leaves the default)."""
    index, seed, limit, rounds = job
    if rounds:
        table_search.ROUNDS = None if rounds < 0 else rounds
    match = table_match(limit)
    seat_of_strong = match.seating(index).index("strong")
    table = match_table(host(), match, index, seed)
    cpu, decisions, slowest = 0.0, 0, 0.0
    for took in timed(table):
        if took.seat == seat_of_strong:
            cpu, decisions, slowest = cpu + took.cpu, decisions + 1, max(slowest, took.cpu)
    outcome = table.outcome
    assert outcome is not None
    return outcome.share(seat_of_strong), cpu, decisions, slowest


class PeekingAgent(StrongAgent):
    """`strong` told part of what its seat may not see: a measure of what that hidden
    information is worth to the same search, never a player (the bench sets `truth`).

    `peek` "top": every deal has the true card on top, so `flip` is valued by the face
    really under it; "deck": every deal is the true state (the whole deck and every
    face down), the search and its greedy continuation unchanged.
    """

    def __init__(self, peek: str) -> None:
        super().__init__()
        self.peek = peek
        self.truth: Any = None

    def deal(self, view: Any, top: int | None, rng: random.Random) -> Any:
        if self.peek == "deck":
            return self.truth
        return super().deal(view, self.truth.deck[0], rng)


def peek_game(job: tuple[str, int, Budget]) -> int:
    """One solo game of `strong` on a `Table`, honest ("none") or told what `peek` names
    (the true position, given to the agent before each of its decisions)."""
    peek, seed, limit = job
    agent = StrongAgent() if peek == "none" else PeekingAgent(peek)
    table = match_table(host(), solo_match("strong", limit), seed, seed, {"strong": agent})
    while table.agent_to_move:
        if isinstance(agent, PeekingAgent):
            agent.truth = table.state
        table.advance()
    return int(score(table, 0))


def peek(args: argparse.Namespace) -> None:
    """What hidden information is worth to `strong`: the same search on the same seeds,
    honest, told the face down of the card on top, and told the whole deal."""
    limit = Budget(iterations=args.iterations or 200)
    print(f"$ {command(args)}")
    honest: list[int] = []
    for what in ("none", "top", "deck"):
        scores = run(peek_game, [(what, seed, limit) for seed in range(args.games)],
                     args.workers)
        label = {"none": "honest (what its seat sees)",
                 "top": "told the face down of the card on top",
                 "deck": "told the whole deal (deck order, every face down)"}[what]
        line = f"solo strong {label}: mean {statistics.mean(scores):.2f}"
        if what == "none":
            honest = scores
        else:
            diffs = [a - b for a, b in zip(scores, honest, strict=True)]
            se = statistics.stdev(diffs) / math.sqrt(len(diffs))
            line += f"  ({statistics.mean(diffs):+.2f} ± {1.96 * se:.2f} against honest)"
        print(f"{line}  over seeds 0..{args.games - 1}, {limit.iterations} deals a decision",
              flush=True)
        if what == "none":  # the told agents cheat: no `tabletop simulate` equivalent
            same = simulate_command(solo_match("strong", limit), args.games, 0, args.workers)
            print(f"  (honest, the same games: $ {same})")


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
          f"  mean s/decision {spent:.4f}  slowest {max(r[3] for r in results):.3f} s"
          f"  (CPU s/decision {sum(r[5] for r in results) / decisions:.4f}, slowest "
          f"{max(r[6] for r in results):.3f}){deals}"
          f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    same = simulate_command(solo_match(args.agent, limit), args.games, 0, args.workers)
    print(f"  (the same games, its mean score: $ {same})")


def table(args: argparse.Namespace) -> None:
    limit = budget(args)
    seeds = range(args.first_seed, args.first_seed + args.games)
    results = run(table_game, [(index, seed, limit, args.rounds)
                               for index, seed in enumerate(seeds)], args.workers)
    shares = [r[0] for r in results]
    cpu = sum(r[1] for r in results) / max(1, sum(r[2] for r in results))
    share = sum(shares) / len(shares)
    # A 95 % interval of the mean share (normal approximation over the games).
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0
    print(f"$ {command(args)}")
    print(f"3 players, strong vs two greedy, seeds {seeds.start}..{seeds.stop - 1}, seats "
          f"rotated: strong's win share {100 * share:.1f}% [{100 * (share - half):.1f}, "
          f"{100 * (share + half):.1f}] (fair share 33.3%)  strong's CPU s/decision "
          f"{cpu:.4f}, slowest {max(r[3] for r in results):.3f}  (load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if args.rounds:
        print("  (--rounds changes the search: no `tabletop simulate` equivalent)")
    else:
        same = simulate_command(table_match(limit), args.games, seeds.start, args.workers)
        print(f"  (the same games, strong's win rate: $ {same})")


def speed(args: argparse.Namespace) -> None:
    # Kept a bare loop: it times the engine alone (new_state, legal_moves, apply).
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


def playout(args: argparse.Namespace) -> None:
    """Greedy playouts through `rules.py`, what the `strong` agent searches with.

    Greedy games for every seat from the same starts (solo and 3 players, seeds
    0..games-1). Until this section the agents had a private mutable copy of the rules
    (`Playout`); measured here in one run against these same games it bought 1.81x on
    whole playouts (4.90x on the transitions alone), below the 2x that would pay for a
    second copy of the rules, so it was deleted (commit "Verso AI: playouts call the
    rules"). This prints the throughput the agents now get.
    """
    # Kept: it times the search's own playouts (`playout.finish`), never a game in play.
    ev = Evaluator()
    starts = [GAME.new_state(players, {}, seed) for seed in range(args.games)
              for players in (1, 3)]
    began = time.process_time()
    for state in starts:
        finish(ev, state)
    spent = time.process_time() - began
    print(f"$ {command(args)}")
    print(f"greedy playouts through the rules: {len(starts)} games (solo and 3 players) "
          f"at {len(starts) / spent:.0f} games per CPU second "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def calibrate(args: argparse.Namespace) -> None:
    """Fit `table.win_chance`'s scale to greedy 3-player self-play (seeds 30000..).

    At every move of every game, each seat's estimated lead (`table.estimates`) is paired
    with its share of the victory at the end; the scale `base + slope * sqrt(deck)`
    (at most `cap`) of highest log-likelihood is printed, and the best single scale at
    a few deck sizes to show the shape.
    """
    import numpy as np

    # Kept: it fits a term of the search on the search's own greedy playouts (the
    # `playout` policy stepped through `rules.apply_move`), not on games in play.
    ev = Evaluator()
    rows = []
    for seed in range(30000, 30000 + args.games):
        state = GAME.new_state(3, {}, seed)
        seen = []
        while state.turn >= 0:
            if state.phase != FINAL:
                seen.append((len(state.deck), table_search.estimates(ev, state)))
            state = apply_move(state, choice_move(state_choice(ev, state),
                                                  state.masks[state.turn]))
        best = max(state.scores)
        winners = sum(1 for v in state.scores if v == best)
        for size, values in seen:
            for seat in range(3):
                ahead = values[seat] - max(v for s, v in enumerate(values) if s != seat)
                rows.append((size, ahead, 1.0 / winners if state.scores[seat] == best else 0))
    data = np.array(rows)
    deck, lead, won = data[:, 0], data[:, 1], data[:, 2]

    def likelihood(pick: Any, scale: Any) -> float:
        """The mean log-likelihood of the shares `won[pick]` under `scale`."""
        chance = np.clip(1.0 / (1.0 + np.exp(-lead[pick] / scale)), 1e-9, 1 - 1e-9)
        return float(np.mean(won[pick] * np.log(chance)
                             + (1 - won[pick]) * np.log(1 - chance)))

    print(f"$ {command(args)}")
    scales = np.arange(0.5, 20, 0.25)
    for size in (1, 3, 5, 10, 20, 30, 40):
        pick = deck == size
        fits = [likelihood(pick, scale) for scale in scales]
        print(f"  {size} cards left: best single scale {scales[int(np.argmax(fits))]:.2f}")
    everything = np.ones(len(data), dtype=bool)
    fit, base, slope, cap = max(
        (likelihood(everything, np.minimum(cap, base + slope * np.sqrt(deck))), base, slope,
         cap)
        for base in np.arange(1.0, 6.01, 0.5) for slope in np.arange(0.4, 3.01, 0.2)
        for cap in (7.0, 8.0, 9.0, 10.0))
    print(f"scale = min({cap:g}, {base:g} + {slope:.1f} * sqrt(deck)): mean log-likelihood "
          f"{fit:.4f} over {len(data)} leads from {args.games} greedy games")


def tune(args: argparse.Namespace) -> None:
    """Coordinate search over the greedy weights on solo playouts with common seeds."""
    # Kept: it tunes the search's own playouts (`playout.finish`), never a game in play.
    states = [GAME.new_state(1, {}, seed) for seed in range(10000, 10000 + args.games)]

    def mean(weights: Weights) -> float:
        ev = Evaluator(weights)
        return statistics.mean(finish(ev, state).scores[0] for state in states)

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
    if args.what == "table" and args.first_seed:
        parts.append(f"--first-seed {args.first_seed}")
    if args.what == "table" and args.rounds:
        parts.append(f"--rounds {args.rounds}")
    if args.what in ("solo", "table") and (args.what == "table" or args.agent == "strong"):
        if args.iterations:
            parts.append(f"--iterations {args.iterations}")
        elif args.seconds:
            parts.append(f"--seconds {args.seconds}")
    if args.what == "peek":
        parts.append(f"--iterations {args.iterations or 200}")
    if args.what in ("solo", "table", "peek"):
        parts.append(f"--workers {args.workers}")
    return " ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", nargs="?", default="all",
                        choices=["all", "solo", "table", "speed", "playout", "tune",
                                 "calibrate", "peek"])
    parser.add_argument("--agent", default="greedy", choices=["random", "greedy", "strong"])
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=None,
                        help="strong's time a move (default: strong's own budget)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="strong's deals a move instead of seconds (deterministic)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=0,
                        help="table: the first seed (tuning runs use 20000.., never 0..)")
    parser.add_argument("--rounds", type=int, default=0,
                        help="table: strong's look-ahead in rounds of moves (-1: to the "
                             "end; 0: its default)")
    args = parser.parse_args()
    if args.what != "all":
        args.games = args.games or {"solo": 1000, "table": 300, "speed": 2000,
                                    "playout": 1000, "tune": 1500, "calibrate": 2000,
                                    "peek": 400}[args.what]
        {"solo": solo, "table": table, "speed": speed, "playout": playout,
         "tune": tune, "calibrate": calibrate, "peek": peek}[args.what](args)
        return
    for agent, games in (("random", 1000), ("greedy", 1000), ("strong", 20)):
        solo(argparse.Namespace(**{**vars(args), "what": "solo", "agent": agent,
                                   "games": args.games or games}))
    table(argparse.Namespace(**{**vars(args), "what": "table", "games": args.games or 300}))
    speed(argparse.Namespace(**{**vars(args), "what": "speed", "games": args.games or 2000}))
    playout(argparse.Namespace(**{**vars(args), "what": "playout",
                                  "games": args.games or 1000}))


if __name__ == "__main__":
    main()
