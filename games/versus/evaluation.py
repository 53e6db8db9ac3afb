"""A static evaluation of Versus positions, in points, shared by the AI and `evaluate`.

Banked points (§7) count in full. A pawn still in play counts for its controller a share
of its value that grows as it nears an empty target, because that is how it can still
be banked; pawns worth more to the opponent than to their controller are worth keeping
from the opponent too. The VERSUS is rewarded for the enemy pawns it sees at distance 2
or more (what it could attract next, §4) unless the limit of §5 would refuse them: the
rules' own `attractions` says which, so the rule is written once. (A private copy of it
here was no faster: `bench/versus.py --section depth` and a fixed node budget gave the
same figures, about 50,000 nodes per CPU second, with either.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.versus.board import DISTANCE
from games.versus.options import Rules
from games.versus.pieces import FIRST_PAWN, VALUE
from games.versus.rules import attractions, empty_targets
from games.versus.state import Streaks

# Share of a pawn's value by its distance to the nearest empty target (index = distance).
PLACE_WEIGHT = (1.0, 0.62, 0.42, 0.32, 0.26, 0.22, 0.2, 0.19, 0.18, 0.17, 0.16, 0.16)
# What keeping a pawn away from the opponent is worth, per point of its value to them.
DENY_WEIGHT = 0.08
# Per point of value of an enemy pawn the VERSUS could attract next.
THREAT_WEIGHT = 0.12


_WEIGHTS: dict[tuple[int, ...], tuple[float, ...]] = {}


def _weights(empty: tuple[int, ...]) -> tuple[float, ...]:
    """`PLACE_WEIGHT` of each cell's distance to the nearest of the `empty` targets,
    computed once per set of empty targets."""
    table = _WEIGHTS.get(empty)
    if table is None:
        last = len(PLACE_WEIGHT) - 1
        table = tuple(PLACE_WEIGHT[min(last, min(DISTANCE[c][t] for t in empty))]
                      for c in range(len(DISTANCE)))
        _WEIGHTS[empty] = table
    return table


#: Points of lead that make a chance of winning of 1/(1+e^-1), about 73 % (`win_chance`).
CHANCE_SCALE = 4.0


def win_chance(score: float) -> float:
    """The chance of winning, in [0, 1], that a lead of `score` points stands for: the
    logistic `1 / (1 + exp(-score / CHANCE_SCALE))`, shared by `evaluate` and the
    analyst."""
    return 1.0 / (1.0 + math.exp(-max(-200.0, min(200.0, score)) / CHANCE_SCALE))


def static_score(board: bytes | bytearray, pieces: Sequence[int], rules: Rules,
                 seat: int, streaks: Streaks = ()) -> float:
    """The position's worth to `seat` minus its worth to the opponent, in points."""
    target = rules.is_target
    empty = empty_targets(board, rules)
    weights = _weights(empty) if empty else ()
    total = 0.0
    blue_vals, brown_vals = VALUE
    for c in pieces:
        code = board[c]
        if code < FIRST_PAWN:
            continue
        sign = 1.0 if code & 1 == 0 else -1.0
        own = blue_vals[code] if sign > 0 else brown_vals[code]
        if target[c]:
            total += sign * own
            continue
        if not empty:
            continue
        total += sign * (own * weights[c] + (5 - own) * DENY_WEIGHT)
    if empty:
        total += _threats(board, rules, 0, streaks) - _threats(board, rules, 1, streaks)
    return total if seat == 0 else -total


def _threats(board: bytes | bytearray, rules: Rules, seat: int, streaks: Streaks) -> float:
    """What `seat`'s VERSUS threatens: the value to `seat` of the pawns it would attract
    (§4, §5) if it stopped again where it stands, as `rules.attractions` decides."""
    home = board.find(1 + seat)  # one VERSUS a side; found in C, not by a loop
    if home < 0:
        return 0.0
    # A move from `home` to `home` frees no other cell, so its attractions are what the
    # VERSUS sees from where it stands.
    pulls = attractions(board, home, home, seat, streaks, rules)[0]
    if not pulls:
        return 0.0
    value = VALUE[seat]
    gain = 0
    for src, _ in pulls:
        gain += value[board[src]]
    return gain * THREAT_WEIGHT
