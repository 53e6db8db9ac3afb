"""Ratings from game results: Elo-scale Bradley–Terry by maximum likelihood, with intervals.

**Who beat whom.** Every two seats of a finished game held by different agents are one
comparison: a seat that shares the win beats a seat that does not; when both or neither
win, the higher score beats the lower, and equal scores are a draw (half a win each). A
two-player game is one comparison; a game of K seats gives up to K(K-1)/2 of them.

**The model.** P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400)), fitted by Newton's method
on the log-likelihood, anchored so that the anchor agent (`random` if present, else the
first agent) is 0. An agent that won (or lost) every game it played has no finite maximum
likelihood rating; so that such records still get a number, every pair of agents that met
is given one virtual drawn game (half a win each way), a prior worth 1 game in each pair.

**Intervals.** A rating's 95 % interval is the wider of two: ±1.96 standard errors from
the likelihood's curvature at the fit, and the 2.5–97.5 percentiles of a bootstrap (the
games of each table, the same agents at the same seats, resampled with replacement and
everything refitted). The curvature alone would treat the comparisons of one multiplayer
game as independent; the bootstrap alone says nothing about a perfect record (every
resample is the same). The bootstrap draws from a generator seeded by the caller: the same
games give the same intervals.

Mean score and win share per agent (a shared win counts 1/k) come with bootstrap
intervals from the same resamples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tabletop import i18n

#: Elo points per natural-log unit of the odds.
ELO = 400.0 / math.log(10.0)
#: Virtual drawn games given to every pair that met (see the module docstring).
PRIOR_GAMES = 1.0
BOOTSTRAP = 400
_NEWTON_STEPS = 60
_MAX_STEP = 3.0  # natural units: keeps Newton's first steps sane on lopsided results


@dataclass(frozen=True)
class Finish:
    """One finished game as the ratings see it: who sat where and how it ended."""

    table: str
    agents: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Rating:
    """One agent's Elo rating (anchor = 0), its 95 % interval and what it rests on."""

    rating: float
    low: float
    high: float
    comparisons: int
    points: float


@dataclass(frozen=True)
class Standing:
    """One agent's mean score and win share per seat played, with 95 % intervals."""

    seats: int
    mean_score: float
    score_low: float
    score_high: float
    win_share: float
    share_low: float
    share_high: float


def beats(finish: Finish, seat: int, other: int) -> float:
    """What seat `seat` scored against `other` in `finish`: 1, 0.5 or 0."""
    mine, theirs = seat in finish.winners, other in finish.winners
    if mine != theirs:
        return 1.0 if mine else 0.0
    a, b = finish.scores[seat], finish.scores[other]
    return 1.0 if a > b else 0.0 if a < b else 0.5


def anchor_of(agents: Sequence[str]) -> str:
    """The agent rated 0: `random` if it plays, else the first."""
    return "random" if "random" in agents else agents[0]


def _tables(finishes: Sequence[Finish]) -> list[np.ndarray]:
    """The indices of the games of each table, tables in first-seen order."""
    order: dict[str, list[int]] = {}
    for g, finish in enumerate(finishes):
        order.setdefault(finish.table, []).append(g)
    return [np.array(games) for games in order.values()]


def _per_game(finishes: Sequence[Finish], agents: Sequence[str]) -> tuple[np.ndarray, ...]:
    """Per game: points[i, j] of agent i against j, comparisons[i, j], and per agent the
    summed score, seats held and win shares."""
    index = {name: i for i, name in enumerate(agents)}
    n, count = len(agents), len(finishes)
    points = np.zeros((count, n, n))
    pairs = np.zeros((count, n, n))
    score = np.zeros((count, n))
    seats = np.zeros((count, n))
    share = np.zeros((count, n))
    for g, finish in enumerate(finishes):
        who = [index[name] for name in finish.agents]
        for seat, i in enumerate(who):
            score[g, i] += finish.scores[seat]
            seats[g, i] += 1
            if seat in finish.winners:
                share[g, i] += 1.0 / len(finish.winners)
            for other in range(seat + 1, len(who)):
                j = who[other]
                if i == j:
                    continue
                won = beats(finish, seat, other)
                points[g, i, j] += won
                points[g, j, i] += 1.0 - won
                pairs[g, i, j] += 1
                pairs[g, j, i] += 1
    return points, pairs, score, seats, share


def fit(points: np.ndarray, pairs: np.ndarray, anchor: int) -> np.ndarray:
    """Bradley–Terry strengths in natural units, anchor 0, for a batch of data sets.

    `points` and `pairs` have shape (B, n, n); the prior of `PRIOR_GAMES` drawn games is
    added to each pair that met. Returns shape (B, n).
    """
    met = (pairs > 0).astype(float)
    points = points + met * PRIOR_GAMES / 2
    pairs = pairs + met * PRIOR_GAMES
    batch, n = points.shape[0], points.shape[1]
    free = [i for i in range(n) if i != anchor]
    theta = np.zeros((batch, n))
    for _ in range(_NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(theta[:, None, :] - theta[:, :, None]))  # P(i beats j)
        grad = (points - pairs * p).sum(axis=2)
        w = pairs * p * (1.0 - p)
        hess = w - np.eye(n)[None] * w.sum(axis=2)[:, :, None]
        sub = hess[:, free][:, :, free]
        step = np.linalg.solve(-sub, grad[:, free][:, :, None])[:, :, 0]
        step = np.clip(step, -_MAX_STEP, _MAX_STEP)
        theta[:, free] += step
        if np.abs(step).max() < 1e-10:
            break
    return theta


def standard_errors(theta: np.ndarray, points: np.ndarray, pairs: np.ndarray,
                    anchor: int) -> np.ndarray:
    """Standard errors (natural units) of the strengths `theta` (shape n) from the
    curvature of the log-likelihood, prior included; 0 for the anchor."""
    met = (pairs > 0).astype(float)
    pairs = pairs + met * PRIOR_GAMES
    n = len(theta)
    free = [i for i in range(n) if i != anchor]
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    w = pairs * p * (1.0 - p)
    hess = w - np.diag(w.sum(axis=1))
    errors = np.zeros(n)
    errors[free] = np.sqrt(np.diag(np.linalg.inv(-hess[np.ix_(free, free)])))
    return errors


def rate(finishes: Sequence[Finish], agents: Sequence[str], seed: int = 0,
         resamples: int = BOOTSTRAP) -> tuple[dict[str, Rating], dict[str, Standing]]:
    """Ratings (anchored by `anchor_of`) and standings of `agents` over `finishes`."""
    n = len(agents)
    if not finishes:
        raise ValueError(i18n.gettext("no finished games to rate"))
    points, pairs, score, seats, share = _per_game(finishes, agents)
    count = len(finishes)
    rng = np.random.Generator(np.random.PCG64(seed))
    weights = np.zeros((resamples, count))
    for games in _tables(finishes):
        drawn = rng.integers(0, len(games), size=(resamples, len(games)))
        for r in range(resamples):
            np.add.at(weights[r], games[drawn[r]], 1.0)
    weights = np.vstack([np.ones((1, count)), weights])  # row 0: the data as played
    flat = (weights @ points.reshape(count, n * n)).reshape(-1, n, n)
    flat_pairs = (weights @ pairs.reshape(count, n * n)).reshape(-1, n, n)
    anchor = list(agents).index(anchor_of(agents))
    theta = fit(flat, flat_pairs, anchor)
    elo = theta * ELO
    errors = standard_errors(theta[0], flat[0], flat_pairs[0], anchor) * ELO
    seat_sums = weights @ seats
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_scores = (weights @ score) / seat_sums
        shares = (weights @ share) / seat_sums
    ratings: dict[str, Rating] = {}
    standings: dict[str, Standing] = {}
    for i, name in enumerate(agents):
        low, high = np.percentile(elo[1:, i], [2.5, 97.5])
        low = min(low, elo[0, i] - 1.96 * errors[i])
        high = max(high, elo[0, i] + 1.96 * errors[i])
        ratings[name] = Rating(float(elo[0, i]), float(low), float(high),
                               int(pairs[:, i, :].sum()), float(points[:, i, :].sum()))
        s_low, s_high = np.nanpercentile(mean_scores[1:, i], [2.5, 97.5])
        w_low, w_high = np.nanpercentile(shares[1:, i], [2.5, 97.5])
        standings[name] = Standing(int(seats[:, i].sum()), float(mean_scores[0, i]),
                                   float(s_low), float(s_high), float(shares[0, i]),
                                   float(w_low), float(w_high))
    return ratings, standings
