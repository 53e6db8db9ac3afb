"""Fit Verso's learned layout values by self-play (writes games/verso/ai/value.npy).

    .venv/bin/python bench/verso_value.py --games 60000 --rounds 3 --workers 2

Approximate policy iteration on solo games (seeds 100000.., never the benchmark's):
round 0 plays the greedy policy of the hand evaluation, each later round the greedy
policy of the tables fit in the round before. Every decision's afterstate — the layout
right after the player's draw or bank, before the opponent's card — is recorded with
the points the game then still brought, and the tables of `games.verso.ai.learned` are
fit to them by least squares (one small dense system per number of turns left, ridge
towards the hand evaluation where data is thin). A few moves are random (`--explore`)
so that layouts the policy avoids are seen too. After each round the new policy's solo
mean over seeds 0..999 is printed; the table with the best mean is written.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from multiprocessing import Pool

import numpy as np

from games.verso.ai.heuristic import BEST, CLIPPED, EFFECTS, Evaluator
from games.verso.ai.learned import COLOURS_STORED, ROW, STORED, VALUE_FILE, LearnedEvaluator
from games.verso.ai.playout import (
    FLIP_CHOICE,
    KEEP_CHOICE,
    choice_values,
    finish,
    layout_threes,
    play_choice,
    reverse_faces,
    turns_left,
)
from games.verso.cards import colour_of, points_of, value_of
from games.verso.game import VersoGame
from games.verso.rules import SQUARE_POINTS, is_duplicate
from games.verso.state import PLAY

GAME = VersoGame()
ROWS = 34  # solo: at most 33 cards are left once the first draw and opponent are done
POSITION = {index: n for n, index in enumerate(STORED)}


def colour_indices(mask: int, threes: int) -> list[int]:
    """Each colour's `bits * 64 + threes` index."""
    return [(mask & 127) << 6 | (threes >> 1 & 63), (mask >> 1 & 8128) | (threes >> 8 & 63),
            (mask >> 8 & 8128) | (threes >> 15 & 63)]


def afterstate(state: object, choice: int) -> tuple[list[int], int]:
    """The seat's colour indices right after `choice`, and the points it scored."""
    seat = state.turn  # type: ignore[attr-defined]
    cards = state.cards  # type: ignore[attr-defined]
    mask = state.masks[seat]  # type: ignore[attr-defined]
    threes = layout_threes(cards, state.layouts[seat])  # type: ignore[attr-defined]
    index = colour_indices(mask, threes)
    standing = state.squares[seat]  # type: ignore[attr-defined]
    if choice in (KEEP_CHOICE, FLIP_CHOICE):
        code = state.deck[0] ^ (choice == FLIP_CHOICE)  # type: ignore[attr-defined]
        face = cards.face[code]
        if is_duplicate(mask, face):
            return index, 0
        colour, number = colour_of(face), value_of(face)
        new = index[colour] | 1 << (number + 6)
        if points_of(face) == 3:
            new |= 1 << (number - 1)
        index[colour] = new
        full = all(CLIPPED[i >> 6] == 3 for i in index)
        return index, SQUARE_POINTS if full and not standing else 0
    colour, n = divmod(choice, 64)
    points, new, _ = EFFECTS[index[colour]][n]
    index[colour] = new
    return index, points


def play(job: tuple[np.ndarray | None, int, int, float]) -> np.ndarray:
    """Self-play games; one row per decision: bucket, 3 colour positions, count, best,
    points still to come."""
    table, first, games, explore = job
    ev = Evaluator() if table is None else LearnedEvaluator(table)
    rng = random.Random(first)
    rows = []
    for seed in range(first, first + games):
        state = GAME.new_state(1, {}, seed)
        pending = []
        while state.phase == PLAY:
            left = len(state.deck)
            mask = state.masks[0]
            threes = layout_threes(state.cards, state.layouts[0])
            top = state.cards.face[state.deck[0]]
            values = choice_values(ev, mask, threes, state.squares[0], top,
                                   reverse_faces(state.cards)[top],
                                   turns_left(left - 2, 1), turns_left(left - 1, 1))
            if rng.random() < explore:
                choice = values[rng.randrange(len(values))][1]
            else:
                choice = max(values, key=lambda v: v[0])[1]
            index, gained = afterstate(state, choice)
            drawn = choice in (KEEP_CHOICE, FLIP_CHOICE)
            row = max(left - 1 - drawn, 0)
            count = sum(CLIPPED[i >> 6] for i in index)
            pending.append((min(row, ROWS - 1), *(POSITION[i] for i in index), count,
                            max(BEST[i] for i in index), state.scores[0] + gained))
            state = play_choice(state, choice)
        final = finish(ev, state).scores[0]
        rows.extend((*r[:-1], final - r[-1]) for r in pending)
    return np.array(rows, dtype=np.float64)


def prior_row(row: int) -> np.ndarray:
    """The hand evaluation's terms at this row, in the stored layout."""
    colour, square, scale, best = Evaluator().terms(row / 2)
    values = np.zeros(ROW)
    values[:COLOURS_STORED] = scale * np.array([colour[i] for i in STORED])
    values[COLOURS_STORED:COLOURS_STORED + 10] = scale * np.array(square)
    values[-1] = best
    return values


def fit(data: np.ndarray, ridge: float) -> np.ndarray:
    """Least-squares tables, one dense ridge system per row (towards the prior)."""
    table = np.zeros((ROWS, ROW))
    size = ROW
    for row in range(ROWS):
        part = data[data[:, 0] == row]
        prior = prior_row(row)
        if len(part) == 0:
            table[row] = prior
            continue
        cols = [part[:, k].astype(np.int64) for k in (1, 2, 3)]
        cols.append(COLOURS_STORED + part[:, 4].astype(np.int64))
        best, target = part[:, 5], part[:, 6]
        normal = np.zeros(size * size)
        rhs = np.zeros(size)
        for a in cols:
            rhs += np.bincount(a, weights=target, minlength=size)
            for b in cols:
                normal += np.bincount(a * size + b, minlength=size * size)
            extra = np.bincount(a * size + size - 1, weights=best, minlength=size * size)
            normal += extra
            normal += extra.reshape(size, size).T.ravel()
        normal[size * size - 1] += float(best @ best)
        rhs[-1] += float(best @ target)
        matrix = normal.reshape(size, size) + ridge * np.eye(size)
        table[row] = np.linalg.solve(matrix, rhs + ridge * prior)
    return table


def mean_score(table: np.ndarray | None, games: int, workers: int) -> float:
    """The solo mean of the policy over seeds 0..games-1 (the benchmark's seeds)."""
    chunks = [(table, first, min(500, games - first)) for first in range(0, games, 500)]
    with Pool(workers) as pool:
        scores = [s for part in pool.map(_scores, chunks) for s in part]
    return statistics.mean(scores)


def _scores(job: tuple[np.ndarray | None, int, int]) -> list[int]:
    table, first, games = job
    ev = Evaluator() if table is None else LearnedEvaluator(table)
    return [finish(ev, GAME.new_state(1, {}, seed)).scores[0]
            for seed in range(first, first + games)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60000, help="self-play games a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--ridge", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--start", choices=["hand", "file"], default="hand")
    args = parser.parse_args()
    print(f"$ .venv/bin/python bench/verso_value.py --games {args.games} --rounds "
          f"{args.rounds} --explore {args.explore} --ridge {args.ridge} --start {args.start}")
    table = None if args.start == "hand" else np.load(VALUE_FILE)
    best_table, best_mean = table, mean_score(table, 1000, args.workers)
    print(f"start ({args.start}): greedy solo mean {best_mean:.2f} over seeds 0..999")
    for n in range(args.rounds):
        began = time.perf_counter()
        step = 1000
        jobs = [(table, 100000 + n * args.games + first, min(step, args.games - first),
                 args.explore) for first in range(0, args.games, step)]
        with Pool(args.workers) as pool:
            data = np.concatenate(pool.map(play, jobs))
        table = fit(data, args.ridge)
        score = mean_score(table, 1000, args.workers)
        print(f"round {n}: {len(data)} afterstates, fit, greedy solo mean {score:.2f} "
              f"over seeds 0..999 ({time.perf_counter() - began:.0f} s)")
        if score > best_mean:
            best_table, best_mean = table, score
    if best_table is not None:
        np.save(VALUE_FILE, best_table.astype(np.float32))
        print(f"wrote {VALUE_FILE} (greedy solo mean {best_mean:.2f})")


if __name__ == "__main__":
    main()
