"""OpenSpiel's own bots against our levels, through the bridge (`tabletop.env.openspiel`).

    .venv/bin/python bench/environments.py                  # both matches, 100 games each
    .venv/bin/python bench/environments.py versus --games 100 --simulations 40
    .venv/bin/python bench/environments.py verso --games 100 --simulations 40

An outside yardstick for our levels: OpenSpiel's MCTS bot (`open_spiel.python.algorithms.
mcts`, UCT with random rollouts) against Versus Expert, and its information-set MCTS
(`open_spiel.python.algorithms.ismcts`, which deals the hidden cards from its information
state through the bridge's `resample_from_infostate`) against Verso Expert, at two
players. Seats alternate (game i: OpenSpiel's bot in seat i % 2), game i's seed is i
(Verso's deal, the bots' generators). Versus is played with the `ply_limit` option (the
game ends after that many plies and is scored as it stands, versus.md §8), so that random
rollouts end; our Expert plays as the app has it (its level's budget of search nodes or
deals). Each figure is the share of OpenSpiel's bot (a win 1, a draw 1/2) with its 95 %
Wilson interval, then the wins, draws and losses, the time per decision of each side
(CPU seconds of this process), and the command that gives it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from tabletop.ai.base import Budget
from tabletop.env.openspiel import load_game
from tabletop.plugins import Host

COMMAND = ".venv/bin/python bench/environments.py"


def wilson(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share of `points` in `games` (a draw half a point)."""
    if games == 0:
        return (0.0, 1.0)
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def their_bot(kind: str, game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's bot: UCT with random rollouts, or information-set MCTS."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "mcts":
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                            evaluator=evaluator, random_state=rng, solve=False)
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations,
                            random_state=rng)


def play(game_id: str, spiel: Any, kind: str, level: str, simulations: int, seed: int,
         theirs: int, clocks: dict[str, list[float]]) -> float:
    """One game: OpenSpiel's bot in seat `theirs`, our `level` in the other; the result
    for OpenSpiel's bot (1, 1/2 or 0)."""
    host = Host()
    tabletop = host.game(game_id)
    learning = tabletop.spaces()
    assert learning is not None, f"{game_id} has no learning spaces"
    ours = host.make_agent(game_id, level)
    bot = their_bot(kind, spiel, simulations, seed)
    chance = np.random.RandomState(seed)
    rng = random.Random(seed)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=probabilities)))
            continue
        seat = state.current_player()
        start = time.process_time()
        if seat == theirs:
            action = bot.step(state)
            clocks["theirs"].append(time.process_time() - start)
        else:
            now = state._now.state  # the bridge's Tabletop state: our side's view of it
            move = ours.choose(tabletop.observation(now, seat), seat,
                               tabletop.legal_moves(now), Budget(), rng)
            action = learning.action_of(now, move)
            clocks["ours"].append(time.process_time() - start)
        state.apply_action(action)
    value = state.returns()[theirs]
    return 1.0 if value > 0 else 0.5 if value == 0 else 0.0


def match(game_id: str, games: int, simulations: int, ply_limit: int) -> None:
    """Play and print one match."""
    kind, level = ("mcts", "Expert") if game_id == "versus" else ("ismcts", "Expert")
    options = {"ply_limit": ply_limit} if game_id == "versus" else {}
    spiel = load_game(game_id, players=2, options=options)
    clocks: dict[str, list[float]] = {"theirs": [], "ours": []}
    results = []
    began = time.perf_counter()
    for i in range(games):
        results.append(play(game_id, spiel, kind, level, simulations, i, i % 2, clocks))
    points = sum(results)
    low, high = wilson(points, games)
    wins, draws = results.count(1.0), results.count(0.5)
    name = "MCTS" if kind == "mcts" else "IS-MCTS"
    extra = f" --ply-limit {ply_limit}" if game_id == "versus" else ""
    print(f"{game_id}: OpenSpiel {name} ({simulations} simulations, random rollouts) "
          f"against {game_id.capitalize()} {level}, {games} games, seats alternated")
    print(f"  OpenSpiel's share {points / games:.3f} [{low:.3f}, {high:.3f}] "
          f"(W {wins} D {draws} L {games - wins - draws}); ours "
          f"{1 - points / games:.3f} [{1 - high:.3f}, {1 - low:.3f}]")
    print(f"  CPU s a decision: OpenSpiel {np.mean(clocks['theirs']):.3f}, "
          f"ours {np.mean(clocks['ours']):.3f}; {time.perf_counter() - began:.0f} s in all")
    print(f"  {COMMAND} {game_id} --games {games} --simulations {simulations}{extra}")
    sys.stdout.flush()


def main() -> None:
    """Run the matches asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=("versus", "verso"), default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=None,
                        help="OpenSpiel's bot's simulations a decision (default: "
                             "50 for Versus, 200 for Verso)")
    parser.add_argument("--ply-limit", type=int, default=100,
                        help="Versus's ply_limit option (default 100)")
    args = parser.parse_args()
    defaults = {"versus": 50, "verso": 200}
    for game_id in ([args.game] if args.game else ["versus", "verso"]):
        match(game_id, args.games, args.simulations or defaults[game_id], args.ply_limit)


if __name__ == "__main__":
    main()
