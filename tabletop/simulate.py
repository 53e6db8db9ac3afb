"""AI-versus-AI games, headless, in one process or a pool; results identical for any pool.

Game i of a run uses seed `seed + i`, and each seat's agent draws from a generator seeded
by that game seed and the seat, so a game's moves do not depend on which worker plays it
(for agents given an iteration budget; a time budget depends on the machine's speed).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.ai.base import Budget
from tabletop.plugins import Host
from tabletop.record import Record, record_of, start


@dataclass(frozen=True)
class Match:
    """What to play: the game, seats, options, budget and which plugins to block."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: Mapping[str, Any]
    budget: Budget
    disabled: tuple[str, ...] = ()
    rotate: bool = False

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent of each seat in game `index` (rotated round the seats if asked)."""
        n = len(self.agents)
        shift = index % n if self.rotate else 0
        return tuple(self.agents[(seat - shift) % n] for seat in range(n))


@dataclass(frozen=True)
class GameResult:
    """One finished game, with the time each seat spent thinking."""

    seed: int
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    plies: int
    reason: str
    seconds: tuple[float, ...]
    moves: tuple[int, ...]
    record: str

    def to_json(self) -> dict[str, Any]:
        """The per-game entry of `simulate --json`."""
        return {"seed": self.seed, "agents": list(self.agents), "scores": list(self.scores),
                "winners": list(self.winners), "plies": self.plies, "reason": self.reason}


def play_game(host: Host, match: Match, index: int, seed: int) -> GameResult:
    """Play game number `index` of `match` with seed `seed` to the end."""
    game = host.game(match.game)
    seating = match.seating(index)
    agents = [host.make_agent(match.game, name) for name in seating]
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(match.players)]
    state, resolved = start(game, match.players, match.options, seed)
    states, moves = [state], []
    seconds = [0.0] * match.players
    counts = [0] * match.players
    while (seat := game.to_move(state)) is not None:
        legal = game.legal_moves(state)
        began = time.perf_counter()
        move = agents[seat].choose(game.observation(state, seat), seat, legal, match.budget,
                                   rngs[seat])
        seconds[seat] += time.perf_counter() - began
        counts[seat] += 1
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    outcome = game.outcome(state)
    assert outcome is not None  # the loop ends only when nobody is to move
    record = record_of(game, match.players, resolved, seed, states, moves, seating)
    return GameResult(seed, seating, outcome.scores, outcome.winners, len(moves),
                      outcome.reason, tuple(seconds), tuple(counts), record.to_json())


@functools.cache
def _worker_host(disabled: tuple[str, ...]) -> Host:
    # Loaded on a worker's first game and reused for its later ones.
    return Host(disabled=disabled).load()


def _play_in_worker(match: Match, index: int, seed: int) -> GameResult:
    return play_game(_worker_host(match.disabled), match, index, seed)


def run(host: Host, match: Match, games: int, seed: int, workers: int = 1) -> Iterator[GameResult]:
    """Play `games` games (seeds `seed`..`seed + games - 1`), yielding results in order."""
    if workers <= 1:
        for i in range(games):
            yield play_game(host, match, i, seed + i)
        return
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(_play_in_worker, match, i, seed + i) for i in range(games)]
        for future in futures:
            yield future.result()


def summarize(results: Sequence[GameResult]) -> dict[str, dict[str, float]]:
    """Per agent name: mean score, wins (a shared win counts 1/k), win rate, s/move."""
    table: dict[str, dict[str, float]] = {}
    for result in results:
        for seat, name in enumerate(result.agents):
            row = table.setdefault(name, {"seats": 0, "score": 0.0, "wins": 0.0,
                                          "seconds": 0.0, "moves": 0})
            row["seats"] += 1
            row["score"] += result.scores[seat]
            if seat in result.winners:
                row["wins"] += 1.0 / len(result.winners)
            row["seconds"] += result.seconds[seat]
            row["moves"] += result.moves[seat]
    return {
        name: {
            "mean_score": row["score"] / row["seats"],
            "wins": row["wins"],
            "win_rate": row["wins"] / row["seats"],
            "seconds_per_move": row["seconds"] / row["moves"] if row["moves"] else 0.0,
        }
        for name, row in sorted(table.items())
    }


def write_records(results: Sequence[GameResult], folder: Any,
                  name: Callable[[GameResult], str]) -> None:
    """Write each game's record as JSON into `folder` (created if missing)."""
    from pathlib import Path

    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    for result in results:
        Record.from_json(result.record)  # never write a record we could not read back
        (path / name(result)).write_text(result.record, encoding="utf-8")
