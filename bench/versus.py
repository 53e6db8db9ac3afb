"""Versus benchmark: engine speed, generic MCTS, search depth, match strength (not a test).

    .venv/bin/python bench/versus.py                      # everything, default budgets
    .venv/bin/python bench/versus.py --section speed
    .venv/bin/python bench/versus.py --section mcts --mcts-seconds 4
    .venv/bin/python bench/versus.py --section depth --seconds 1
    .venv/bin/python bench/versus.py --section matches --games 200 --nodes 2000 --workers 2

Speeds are random playouts from the start, each game to its end (no ply cap, §8), timed
in this process's CPU time in alternating rounds (python-chess, the private engine, the
`Game` protocol), so a machine shared with other work slows all three alike; each figure
is its best round. Matches alternate colours (game i: seed i, `strong` Blue when i is
even) and are `tabletop simulate`'s own games (`tabletop.play.simulate.run`; each is printed
with its command), except against `mcts` with its own budget or after an `--opening`,
which `simulate` cannot set: those are played on `Table`s with each agent's budget.
`--nodes` gives `strong` a node budget per move (reproducible and independent of machine
load); `--seconds` a time budget instead (`simulate` then stops a decision at its deadline,
and the seat forfeits). The depth and MCTS figures time an agent's decision at positions
reached by agents on a `Table`.
"""

from __future__ import annotations

import argparse
import functools
import random
import shlex
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tables import Budgeted, simulate_command

from games.versus.agents import GreedyAgent, StrongAgent
from games.versus.game import VersusGame
from games.versus.search import SearchBoard
from games.versus.state import VersusState
from tabletop.ai import Budget, MCTSAgent, RandomAgent
from tabletop.play import simulate
from tabletop.play.session import make_agent
from tabletop.play.simulate import Match
from tabletop.play.table import Policy, Table
from tabletop.play.worker import process_pool
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of

GAME = VersusGame()


def command(extra: str) -> str:
    """The command that prints a figure."""
    return f"$ .venv/bin/python bench/versus.py {extra}".rstrip()


# -- engine speed ------------------------------------------------------------------------

class Playouts:
    """Random playouts from the start position, each to its end, counted in plies and
    timed in CPU seconds; `run` plays on for about `seconds` and can be called again."""

    def __init__(self, step: Callable[[random.Random], int]) -> None:
        self.step = step  # plays one game, returns its plies
        self.rng = random.Random(0)
        self.best = 0.0

    def run(self, seconds: float) -> None:
        plies, start = 0, time.process_time()
        while (took := time.process_time() - start) < seconds:
            plies += self.step(self.rng)
        self.best = max(self.best, plies / took)


# The three playouts below are kept bare loops: they time the engines alone (moves and
# their application), not a game in play.
def engine_game(rng: random.Random) -> int:
    """One random game on the engine the AI searches with (`SearchBoard`)."""
    pos = SearchBoard(GAME.new_state(2, GAME.info.resolve_options(), 0))
    plies = 0
    while True:
        moves = pos.moves()
        if pos.final_value(moves) is not None:
            return plies
        pos.make(moves[rng.randrange(len(moves))])
        plies += 1


def game_api_game(rng: random.Random) -> int:
    """One random game through the `Game` protocol, as the host's MCTS and `simulate`
    play it: `to_move`, `legal_moves`, `apply` on immutable states."""
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    plies = 0
    while GAME.to_move(state) is not None:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def chess_game(rng: random.Random) -> int:
    """One python-chess random game (legal moves, push, game-over test)."""
    import chess

    board = chess.Board()
    plies = 0
    while not board.is_game_over():
        moves = list(board.legal_moves)
        board.push(moves[rng.randrange(len(moves))])
        plies += 1
    return plies


def speed(seconds: float, rounds: int) -> None:
    print(command(f"--section speed --speed-seconds {seconds:g} --rounds {rounds}"))
    chess_runs, ours, api = Playouts(chess_game), Playouts(engine_game), Playouts(game_api_game)
    for _ in range(rounds):
        for runner in (chess_runs, ours, api):
            runner.run(seconds / rounds)
    theirs = chess_runs.best
    print(f"  python-chess random playouts  : {theirs:10,.0f} plies per CPU second")
    print(f"  Versus engine random playouts : {ours.best:10,.0f} plies per CPU second "
          f"({ours.best / theirs:.2f}x python-chess, target >= 4)")
    print(f"  Versus Game API playouts      : {api.best:10,.0f} plies per CPU second "
          f"({api.best / theirs:.2f}x python-chess, target >= 3)")


# -- the host's generic MCTS ----------------------------------------------------------------

#: OpenSpiel's Python MCTS (`open_spiel/python/algorithms/mcts.py`, random rollouts) on
#: small games such as tic-tac-toe and Connect Four, as its users report it: a quoted
#: reference, not measured here (OpenSpiel is not installed).
OPENSPIEL_PYTHON_MCTS = "1.3k-4k simulations/s"


def nim_game() -> Any:
    """The example plugin's Nim (tests/plugins/tabletop-nim), imported from the tree."""
    source = Path(__file__).resolve().parents[1] / "tests" / "plugins" / "tabletop-nim"
    sys.path.insert(0, str(source))
    from tabletop_nim import Nim

    return Nim()


def position(game: Any, seed: int, plies: int) -> Any:
    """The position `plies` moves into a game of `game` played on a `Table` by the random
    agent from seed `seed` (earlier if the game ends)."""
    table = Table.of_game(None, game, seats_of(("random", "random")), {}, seed,
                          agents={"random": RandomAgent()}, max_plies=plies)
    table.run()
    return table.state


def mcts_rate(game: Any, seconds: float, plies: int) -> tuple[float, int]:
    """Simulations per CPU second of `MCTSAgent` on `game`, from positions `plies` random
    plies into seeded games, with its default playout length; and that length.

    Only the agent's decisions are timed: each is a micro-benchmark of the agent at a
    fixed position (its `choose` called directly: no game is played on)."""
    agent = MCTSAgent(game)
    sims, spent, seed = 0, 0.0, 0
    while spent < seconds:
        seed += 1
        state = position(game, seed, plies)
        seat = game.to_move(state)
        if seat is None or len(game.legal_moves(state)) < 2:
            continue
        began = time.process_time()
        agent.choose(state, seat, game.legal_moves(state), Budget(iterations=200),
                     random.Random(seed))
        spent += time.process_time() - began
        sims += 200
    return sims / spent, agent.rollout_limit


def mcts(seconds: float) -> None:
    print(command(f"--section mcts --mcts-seconds {seconds:g}"))
    for name, game, plies in (("Versus", GAME, 20), ("Nim 3,4,5", nim_game(), 1)):
        rate, rollout = mcts_rate(game, seconds, plies)
        print(f"  tabletop.ai.MCTSAgent on {name:9}: {rate:8,.0f} simulations per CPU "
              f"second (playouts of at most {rollout} plies, 200 per move)")
    print(f"  OpenSpiel's Python MCTS (quoted, not measured): {OPENSPIEL_PYTHON_MCTS} "
          "on small games")


# -- search depth --------------------------------------------------------------------------

class MostlyGreedy:
    """Greedy seven moves in ten, else a random move: varied but plausible positions."""

    def __init__(self) -> None:
        self.greedy = GreedyAgent()

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        if rng.random() < 0.7:
            return self.greedy.choose(observation, seat, legal_moves, budget, rng)
        return legal_moves[rng.randrange(len(legal_moves))]


def midgame_positions(count: int = 10) -> list[VersusState]:
    """Fixed mid-game positions: games played on a `Table` by `MostlyGreedy` from seeds
    0..count-1, 16 to 34 plies in (the position before the last move if it ended)."""
    positions = []
    for i in range(count):
        table = Table.of_game(None, GAME, seats_of(("mostly greedy",) * 2), {}, i,
                              agents={"mostly greedy": MostlyGreedy()}, max_plies=16 + 2 * i)
        table.run()
        states = table.session.states
        positions.append(states[-2] if GAME.to_move(states[-1]) is None else states[-1])
    return positions


def depth(seconds: float) -> None:
    print(command(f"--section depth --seconds {seconds:g}"))
    depths = []
    for i, state in enumerate(midgame_positions()):
        # Kept a direct `choose`: it times the search at a fixed position (no game played).
        agent = StrongAgent()
        agent.choose(state, state.to_move, GAME.legal_moves(state), Budget(seconds=seconds),
                     random.Random(0))
        depths.append(agent.last_depth)
        print(f"  position {i} (ply {state.ply:2}, {len(GAME.legal_moves(state)):2} moves): "
              f"depth {agent.last_depth}, {agent.last_nodes:,} nodes")
    print(f"  depth reached in {seconds:g} s: min {min(depths)}, "
          f"mean {sum(depths) / len(depths):.1f} (target >= 5)")


# -- matches ---------------------------------------------------------------------------------

@functools.cache
def host() -> Host:
    """The installed plugins, loaded once in each process."""
    return Host().load()


def outline(record: str, winners: Sequence[int]) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    """A finished game's winners, its length in plies and its moves (to count distinct
    games)."""
    moves = tuple(Record.from_json(record).moves)
    return tuple(winners), len(moves), moves


def own_game(job: tuple[Match, int, dict[str, Budget], int]
             ) -> tuple[tuple[int, ...], int, tuple[str, ...]]:
    """Game `index` of `match` (seed `index`) on a `Table`, each agent with its own budget,
    after `opening` random plies shared by the two games of a colour-swapped pair."""
    match, index, budgets, opening = job
    agents = {name: Budgeted(make_agent(host(), "versus", name), budgets[name])
              for name in match.agents}
    table = Table.new(host(), "versus", seats_of(match.seating(index)), {}, index,
                      budget=Budget(), policy=Policy.ABORT, agents=agents)
    opening_rng = random.Random(index // 2)
    for _ in range(opening):  # the table plays the scripted opening for the seat to move
        moves = table.session.legal_moves()
        table.play(moves[opening_rng.randrange(len(moves))])
    table.run()
    outcome = table.outcome
    assert outcome is not None
    return outline(table.session.record().to_json(), outcome.winners)


def match(opponent: str, games: int, budgets: dict[str, Budget], workers: int,
          opening: int) -> None:
    """`strong` against `opponent`, colours alternating (game i: seed i, `strong` Blue in
    the even ones): with one budget for both and no opening, `tabletop simulate`'s own
    games (`tabletop.play.simulate.run`); else on tables where each agent has its budget."""
    strong = budgets["strong"]
    plan = Match("versus", 2, ("strong", opponent), {}, strong, rotate=True)
    # greedy and random ignore their budget: only mcts's differs from strong's in effect.
    own = opponent == "mcts" and budgets["mcts"] != strong
    start = time.perf_counter()
    if own or opening:
        jobs = [(plan, i, budgets, opening) for i in range(games)]
        with process_pool(workers) as pool:  # a killed bench leaves no process playing on
            results = list(pool.map(own_game, jobs, chunksize=1))
    else:
        results = [outline(r.record, r.winners)
                   for r in simulate.run(host(), plan, games, 0, workers)]
    tally: Counter[str] = Counter()
    plies = 0
    finals = set()
    for i, (winners, ply, final) in enumerate(results):
        plies += ply
        finals.add(final)
        if opponent == "strong":
            tally["Blue" if winners == (0,) else "Brown" if winners == (1,) else "draw"] += 1
            continue
        strong_seat = plan.seating(i).index("strong")
        tally["win" if winners == (strong_seat,) else "loss" if len(winners) == 1
              else "draw"] += 1
    took = time.perf_counter() - start
    if opponent == "strong":
        print(f"  strong vs strong: Blue wins {tally['Blue']}, draws {tally['draw']}, "
              f"Brown wins {tally['Brown']} of {games} "
              f"(Blue {100 * tally['Blue'] / games:.1f} %)")
    else:
        print(f"  strong vs {opponent}: {tally['win']} wins, {tally['draw']} draws, "
              f"{tally['loss']} losses of {games} "
              f"({100 * tally['win'] / games:.1f} % wins)")
    print(f"    mean length {plies / games:.0f} plies, {len(finals)} distinct games, "
          f"{took:.0f} s")
    if own or opening:
        print("    (each agent its own budget, or an opening: no `tabletop simulate` "
              "equivalent)")
    else:
        print(f"    (the same games: $ {simulate_command(plan, games, 0, workers)})")


def matches(args: argparse.Namespace) -> None:
    strong = (Budget(seconds=args.seconds) if args.nodes is None
              else Budget(iterations=args.nodes))
    budgets = {"strong": strong, "greedy": Budget(), "random": Budget(),
               "mcts": Budget(iterations=args.mcts_iterations)}
    for opponent in args.opponents.split(","):
        games = args.games if opponent != "mcts" else args.mcts_games or args.games
        budget = (f"--nodes {args.nodes}" if args.nodes is not None
                  else f"--seconds {args.seconds:g}")
        extra = (f" --mcts-iterations {args.mcts_iterations} --mcts-games {games}"
                 if opponent == "mcts" else "")
        if args.opening:
            extra += f" --opening {args.opening}"
        print(command(f"--section matches --opponents {opponent} --games {games} "
                      f"{budget} --workers {args.workers}{extra}"))
        match(opponent, games, budgets, args.workers, args.opening)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--section", choices=["all", "speed", "mcts", "depth", "matches"],
                        default="all")
    parser.add_argument("--speed-seconds", type=float, default=15.0,
                        help="CPU seconds for each contender, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--mcts-seconds", type=float, default=4.0,
                        help="CPU seconds of MCTS per game")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="strong's time per move (depth, and matches without --nodes)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="strong's node budget per move in matches")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponents", default="greedy,random,mcts,strong")
    parser.add_argument("--mcts-iterations", type=int, default=200)
    parser.add_argument("--mcts-games", type=int, default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opening", type=int, default=0,
                        help="random plies before the agents take over (variety)")
    args = parser.parse_args()
    print("Versus benchmark;", "invoked as:", shlex.join(sys.argv))
    if args.section in ("all", "speed"):
        speed(args.speed_seconds, args.rounds)
    if args.section in ("all", "mcts"):
        mcts(args.mcts_seconds)
    if args.section in ("all", "depth"):
        depth(args.seconds)
    if args.section in ("all", "matches"):
        matches(args)


if __name__ == "__main__":
    main()
