"""A person's rating on a game's level scale, with its interval and its history.

The computer levels of a game carry ratings measured by tournament (`levels.json`,
`tabletop.ratings`: Elo-scale Bradley–Terry, `random` = 0). A person's rating is put on
the same scale from their finished games; `docs/rating.md` explains the choices.

**Who beat whom.** As in `tabletop.ratings`: every two seats of a finished game are one
comparison (`tabletop.ratings.beats`: a sole win beats, a shared or no win goes by the
score, equal scores are a draw worth half a win each). A seat is a person (a free
rating, by name), an `Anchor` (a level: its measured rating, held fixed) or nobody
(None: a person who typed no name, an agent whose strength was never measured): a
comparison with nobody tells nothing and is left out.

**The fit.** P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400)). The people's ratings
maximise the log-likelihood of their comparisons, the anchors held fixed, times a prior:
each person is given one virtual drawn game against an opponent at the middle of the
levels (`Scale.centre`, the mean of their ratings). It keeps a perfect record finite, and
while the games are few it holds the rating near the middle of the scale, with an interval
that says how little is known; its tails fall off slowly (linearly in the rating), so a
person far above or below every level is not held back for long. People who played each
other are fitted together; people who never reach an anchor, not even through other
people, have no rating on the scale (their games fix only their differences).

**The interval** is the 95 % likelihood-ratio interval of the penalised likelihood: the
ratings at which twice the fall of the (profile) log-likelihood reaches 3.84, the other
people's ratings refitted at each. Unlike ±1.96 standard errors from the curvature, it is
lopsided where the results are (ten wins against the weakest level bound the rating from
below far more than from above). The levels' own measurement error is not added: it is
shared by everyone rated against them, and "between Club and Expert" is a statement about
the levels as they stand.

**The history** is the rating and interval after each game, refitted on the games so far.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import numpy as np

from tabletop import i18n
from tabletop.ratings import ELO, Finish, beats

#: Half the 95 % point of the chi-squared distribution with one degree of freedom: the
#: fall of the log-likelihood at the ends of the interval.
DROP = 3.841458820694124 / 2
#: Virtual drawn games each person is given against the middle of the levels (the prior).
PRIOR_GAMES = 1.0
_STEPS = 100
_MAX_STEP = 3.0  # natural units (521 Elo): keeps Newton's first steps sane on lopsided results
_TOLERANCE = 1e-7  # natural units: 0.00002 Elo
#: A rating this close to a level's (Elo points) is "near" it.
NEAR = 25.0


@dataclass(frozen=True)
class Anchor:
    """An opponent of known strength: a level's name and measured rating (held fixed),
    and the 95 % interval it was measured with (shown, not used in the fit)."""

    name: str
    rating: float
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class Scale:
    """A game's rating scale: its rated levels (name and rating, to say where a rating
    falls) and the agents whose strength is measured, by agent name (a level, `random`,
    an agent that plays exactly as a level)."""

    levels: tuple[tuple[str, float], ...]
    opponents: dict[str, Anchor]

    @property
    def centre(self) -> float:
        """The middle of the levels, where the prior puts a newcomer: their mean rating."""
        return sum(rating for _, rating in self.levels) / len(self.levels) if self.levels \
            else 0.0


#: What sits at a seat, as the rating sees it: a person's name, an anchor, or nobody.
Side = str | Anchor | None


@dataclass(frozen=True)
class Played:
    """One finished game as the ratings see it: each seat's side, scores and winners."""

    sides: tuple[Side, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Estimate:
    """A person's rating (Elo, on the levels' scale) and its 95 % interval, with what it
    rests on: the games that counted, their comparisons and the points won in them."""

    rating: float
    low: float
    high: float
    games: int
    comparisons: int
    points: float


@dataclass(frozen=True)
class PeopleRatings:
    """Everyone's rating after all the games (`now`, the people who have one) and each
    person's `history`: (index of the game in the input, the estimate after it), one for
    each game of theirs that counted, in order."""

    now: dict[str, Estimate] = field(default_factory=dict)
    history: dict[str, list[tuple[int, Estimate]]] = field(default_factory=dict)


def comparisons(played: Played) -> list[tuple[Side, Side, float]]:
    """The game's comparisons that involve a person: (side, other side, what the first
    scored against the second), each pair of seats once. A seat of nobody, two anchors,
    and a person against themself (two seats of one name) are left out."""
    # `beats` reads only the scores and the winners of a `Finish`.
    finish = Finish("", ("",) * len(played.sides), played.scores, played.winners)
    found: list[tuple[Side, Side, float]] = []
    seats = len(played.sides)
    for seat in range(seats):
        for other in range(seat + 1, seats):
            a, b = played.sides[seat], played.sides[other]
            if a is None or b is None or a == b:
                continue
            if isinstance(a, Anchor) and isinstance(b, Anchor):
                continue
            found.append((a, b, beats(finish, seat, other)))
    return found


def _softplus(x: float) -> float:
    """log(1 + e^x), without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


class _Alone:
    """One person linked to no other, and their penalised log-likelihood: the common case,
    in plain floats (a handful of rows: numpy's overhead would be most of the time).
    Ratings are in natural units here (a rating in Elo is `theta * ELO`)."""

    def __init__(self, rows: list[tuple[float, float, float]]) -> None:
        self.rows = rows  # (opponent's rating, points won, games), the prior's included

    def terms(self, theta: float) -> tuple[float, float, float]:
        """The log-likelihood at `theta`, its slope and its curvature."""
        total = slope = curve = 0.0
        for rating, won, games in self.rows:
            x = theta - rating
            p = 1.0 / (1.0 + math.exp(-x)) if x > -700 else 0.0
            total -= won * _softplus(-x) + (games - won) * _softplus(x)
            slope += won - games * p
            curve -= games * p * (1.0 - p)
        return total, slope, curve

    def fit(self) -> float:
        """The rating of highest penalised likelihood (Newton's method)."""
        theta = sum(r * n for r, _, n in self.rows) / sum(n for _, _, n in self.rows)
        for _ in range(_STEPS):
            _, slope, curve = self.terms(theta)
            step = max(-_MAX_STEP, min(_MAX_STEP, -slope / curve))
            theta += step
            if abs(step) < _TOLERANCE:
                break
        return theta

    def bound(self, best: float, direction: float) -> float:
        """The end of the likelihood-ratio interval above (`direction` 1) or below (-1)
        `best` (see `_Group.bound`)."""
        top, _, curve = self.terms(best)
        theta = best + direction * math.sqrt(2 * DROP / -curve)
        for _ in range(_STEPS):
            value, slope, _ = self.terms(theta)
            step = -(value - (top - DROP)) / slope if slope else 0.0
            if not math.isfinite(step) or abs(step) < _TOLERANCE:
                break
            theta += step
        return theta


class _Group:
    """People linked to each other by their games, and their penalised log-likelihood
    (natural units, as in `_Alone`)."""

    def __init__(self, rows: list[tuple[int, float, float, float]],
                 pairs: list[tuple[int, int, float, float]], size: int) -> None:
        # rows: (person, anchor's rating, won, games); pairs: (person, person, won by the
        # first, games), each pair of people once.
        self.size = size
        self.a_i = np.array([r[0] for r in rows], dtype=int)
        self.a_r, self.a_s, self.a_n = (np.array([r[k] for r in rows], dtype=float)
                                        for k in (1, 2, 3))
        self.p_i = np.array([r[0] for r in pairs], dtype=int)
        self.p_j = np.array([r[1] for r in pairs], dtype=int)
        self.p_s, self.p_n = (np.array([r[k] for r in pairs], dtype=float) for k in (2, 3))
        # Every comparison as (the one, the other: -1 for an anchor); the sums over them
        # in one pass each.
        self.who = np.concatenate([self.a_i, self.p_i, self.p_j])
        self.won = np.concatenate([self.a_s, self.p_s])
        self.games = np.concatenate([self.a_n, self.p_n])

    def _edges(self, theta: np.ndarray) -> np.ndarray:
        """Every comparison's rating difference (the one's minus the other's)."""
        return np.concatenate([theta[self.a_i] - self.a_r, theta[self.p_i] - theta[self.p_j]])

    def loglik(self, theta: np.ndarray) -> float:
        """The penalised log-likelihood of `theta`."""
        x = self._edges(theta)
        return -float((self.won * np.logaddexp(0.0, -x)
                       + (self.games - self.won) * np.logaddexp(0.0, x)).sum())

    def derivatives(self, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The gradient and the Hessian of `loglik` at `theta`."""
        m, anchors = self.size, len(self.a_i)
        p = 1.0 / (1.0 + np.exp(-self._edges(theta)))
        flow = self.won - self.games * p
        weight = self.games * p * (1.0 - p)
        grad = np.bincount(self.who, np.concatenate([flow, -flow[anchors:]]), m)
        hess = np.diag(-np.bincount(self.who, np.concatenate([weight, weight[anchors:]]), m))
        # Each pair of people is one row, so no index repeats here.
        hess[self.p_i, self.p_j] += weight[anchors:]
        hess[self.p_j, self.p_i] += weight[anchors:]
        return grad, hess

    def maximise(self, theta: np.ndarray, pinned: int | None = None) -> np.ndarray:
        """The ratings of highest penalised likelihood from `theta` on, by Newton's method;
        the person `pinned` (if any) is held where `theta` has them (a profile)."""
        theta = theta.copy()
        free = np.array([i for i in range(self.size) if i != pinned], dtype=int)
        for _ in range(_STEPS if len(free) else 0):
            grad, hess = self.derivatives(theta)
            step = np.clip(np.linalg.solve(-hess[free][:, free], grad[free]),
                           -_MAX_STEP, _MAX_STEP)
            theta[free] += step
            if np.abs(step).max() < _TOLERANCE:
                break
        return theta

    def bound(self, best: np.ndarray, who: int, direction: float) -> float:
        """The end of `who`'s likelihood-ratio interval above (`direction` 1) or below
        (-1) the best fit `best`: where the profile log-likelihood (the others refitted)
        has fallen by `DROP`.

        Newton's method on the profile, which is concave: from a first guess short of the
        end the first step lands beyond it, and from there on each step falls short of
        it, nearer every time (far out the slope stays at least half a game per natural
        unit: the prior's virtual draw is half lost there). The profile's slope is the
        likelihood's own in `who`'s direction, the others being at their best."""
        top = self.loglik(best)
        _, hess = self.derivatives(best)
        error = math.sqrt(-np.linalg.inv(hess)[who, who])  # the curvature's standard error
        theta = best.copy()
        # The curvature's 95 % end: where a quadratic log-likelihood would fall by DROP.
        theta[who] += direction * math.sqrt(2 * DROP) * error
        for _ in range(_STEPS):
            theta = self.maximise(theta, pinned=who)
            gap = self.loglik(theta) - (top - DROP)
            slope = self.derivatives(theta)[0][who]
            step = -gap / slope if slope else 0.0
            if not math.isfinite(step) or abs(step) < _TOLERANCE:
                break
            theta[who] += step
        return float(theta[who])


class _Tally:
    """The comparisons so far, summed: per (person, anchor) and per pair of people."""

    def __init__(self, centre: float) -> None:
        self.centre = centre
        self.anchored: dict[tuple[str, str], list[float]] = {}  # rating, won, count
        self.paired: dict[tuple[str, str], list[float]] = {}  # won (by the first), count
        self.theta: dict[str, float] = {}  # the latest fit, to start the next one from
        self.links: dict[str, set[str]] = {}
        self.comparisons: dict[str, int] = {}
        self.points: dict[str, float] = {}
        self.games: dict[str, int] = {}

    def add(self, played: Played) -> set[str]:
        """Count a game's comparisons; the people who had one."""
        touched: set[str] = set()
        for a, b, won in comparisons(played):
            if isinstance(a, Anchor) or (isinstance(b, str) and isinstance(a, str) and b < a):
                a, b, won = b, a, 1.0 - won  # a person first; two people in name order
            assert isinstance(a, str)
            if isinstance(b, Anchor):
                row = self.anchored.setdefault((a, b.name), [b.rating, 0.0, 0.0])
                row[1] += won
                row[2] += 1
                self._count(a, won)
                touched.add(a)
            else:
                assert isinstance(b, str)
                pair = self.paired.setdefault((a, b), [0.0, 0.0])
                pair[0] += won
                pair[1] += 1
                self._count(a, won)
                self._count(b, 1.0 - won)
                self.links.setdefault(a, set()).add(b)
                self.links.setdefault(b, set()).add(a)
                touched |= {a, b}
        for name in touched:
            self.games[name] = self.games.get(name, 0) + 1
        return touched

    def _count(self, name: str, won: float) -> None:
        self.comparisons[name] = self.comparisons.get(name, 0) + 1
        self.points[name] = self.points.get(name, 0.0) + won

    def component(self, name: str) -> list[str]:
        """Everyone linked to `name` by games between people, `name` included, sorted."""
        seen, todo = {name}, [name]
        while todo:
            for other in self.links.get(todo.pop(), ()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return sorted(seen)

    def rated(self, people: list[str]) -> bool:
        """True if some of `people` met an anchor: their ratings are on the scale."""
        members = set(people)
        return any(person in members for person, _ in self.anchored)

    def estimates(self, names: set[str]) -> dict[str, Estimate]:
        """The current estimates of `names` (those on the scale), refitting their groups
        and keeping the fit as the start of the next."""
        found: dict[str, Estimate] = {}
        for name in sorted(names):
            if name in found:
                continue
            people = self.component(name)
            if not self.rated(people):
                continue
            index = {person: i for i, person in enumerate(people)}
            # Games against anchors, then each person's virtual draw against the centre.
            rows = [(index[p], rating / ELO, won, n)
                    for (p, _), (rating, won, n) in self.anchored.items() if p in index]
            rows += [(i, self.centre / ELO, PRIOR_GAMES / 2, PRIOR_GAMES)
                     for i in range(len(people))]
            bounds: dict[str, tuple[float, float, float]] = {}
            if len(people) == 1:
                alone = _Alone([row[1:] for row in rows])
                best = alone.fit()
                bounds[name] = (best, alone.bound(best, -1.0), alone.bound(best, 1.0))
                self.theta[name] = best
            else:
                group = _Group(rows, [(index[p], index[q], won, n) for (p, q), (won, n)
                                      in self.paired.items() if p in index], len(people))
                # From the last fit; a newcomer from the centre, where the prior holds them.
                start = np.array([self.theta.get(p, self.centre / ELO) for p in people])
                fitted = group.maximise(start)
                self.theta.update(zip(people, fitted.tolist(), strict=True))
                for i, person in enumerate(people):
                    if person in names:
                        bounds[person] = (float(fitted[i]), group.bound(fitted, i, -1.0),
                                          group.bound(fitted, i, 1.0))
            for person, (best_, low, high) in bounds.items():
                found[person] = Estimate(best_ * ELO, low * ELO, high * ELO,
                                         self.games.get(person, 0),
                                         self.comparisons.get(person, 0),
                                         self.points.get(person, 0.0))
        return found


def rate_people(games: Sequence[Played], centre: float,
                history_of: Collection[str] | None = None) -> PeopleRatings:
    """The people's ratings after `games` (oldest first) and the history of those in
    `history_of` (None: everyone's), the estimate after each of their games; `centre` is
    where the prior puts a newcomer (`Scale.centre`)."""
    tally = _Tally(centre)
    history: dict[str, list[tuple[int, Estimate]]] = {}
    for number, played in enumerate(games):
        touched = tally.add(played)
        wanted = touched if history_of is None else touched & set(history_of)
        if wanted:
            for name, estimate in tally.estimates(wanted).items():
                history.setdefault(name, []).append((number, estimate))
    # The latest estimate of each person is the fit after all games only if nobody they
    # are linked to played since; refitting everyone once settles that.
    now = tally.estimates(set(tally.games))
    return PeopleRatings(now, history)


def placement(rating: float, levels: Sequence[tuple[str, float]]) -> str:
    """Where `rating` falls among the levels (name, rating): "between Club and Expert",
    "near Club" (within `NEAR` points), "below Casual", "above Expert"; "" with no level."""
    ordered = sorted(levels, key=lambda level: level[1])
    if not ordered:
        return ""
    shown = i18n.translated  # a level by its name in the player's language
    near = min(ordered, key=lambda level: abs(level[1] - rating))
    if abs(near[1] - rating) <= NEAR:
        return i18n.gettext("near {level}").format(level=shown(near[0]))
    if rating < ordered[0][1]:
        return i18n.gettext("below {level}").format(level=shown(ordered[0][0]))
    if rating > ordered[-1][1]:
        return i18n.gettext("above {level}").format(level=shown(ordered[-1][0]))
    below = max((level for level in ordered if level[1] < rating), key=lambda lv: lv[1])
    above = min((level for level in ordered if level[1] > rating), key=lambda lv: lv[1])
    return i18n.gettext("between {lower} and {higher}").format(lower=shown(below[0]),
                                                    higher=shown(above[0]))


def rounded(value: float) -> int:
    """A rating as it is said: to the nearest 10 points (its interval is far wider)."""
    return round(value / 10.0) * 10


def interval_words(estimate: Estimate) -> str:
    """"about 700 ± 120", or "about 420 (130 to 1,260)" when the interval is lopsided
    (its two halves differ by more than 10 points once rounded)."""
    rating = rounded(estimate.rating)
    under, over = rounded(estimate.rating - estimate.low), rounded(estimate.high - estimate.rating)
    number = i18n.number
    if abs(under - over) <= 10:
        return i18n.gettext("about {rating} ± {margin}").format(
            rating=number(rating), margin=number(max(10, (under + over) // 2)))
    return i18n.gettext("about {rating} ({low} to {high})").format(
        rating=number(rating), low=number(rounded(estimate.low)),
        high=number(rounded(estimate.high)))


#: The games a rating rests on before it is said at all: fewer, and one game's luck (a
#: lower bound far below the weakest level, "about 370 (-510 to 940)") reads as nonsense.
RATED_FROM = 5
#: What `describe` says from `RATED_FROM` games while the interval is still wider than
#: the levels' whole range.
TOO_UNCERTAIN = i18n.N_("not yet rated: the games so far leave it too uncertain")


def rated(estimate: Estimate, levels: Sequence[tuple[str, float]]) -> bool:
    """True once the rating is worth saying: `RATED_FROM` games or more, and (where the
    levels are rated) an interval no wider than the range from the weakest level to the
    strongest."""
    ratings = [rating for _, rating in levels]
    wide = len(ratings) > 1 and estimate.high - estimate.low > max(ratings) - min(ratings)
    return estimate.games >= RATED_FROM and not wide


def describe(estimate: Estimate, levels: Sequence[tuple[str, float]]) -> str:
    """"about 700 ± 120 — between Club and Expert" (no levels: the interval alone).
    Before it is worth saying (`rated`): "fewer than 5 games: not yet rated", or from then
    on "not yet rated: the games so far leave it too uncertain" (an interval that reached
    past every level both ways, once "too early to place", is one of these)."""
    if not rated(estimate, levels):
        if estimate.games < RATED_FROM:
            return i18n.ngettext("fewer than {count} game: not yet rated",
                                 "fewer than {count} games: not yet rated",
                                 RATED_FROM).format(count=i18n.number(RATED_FROM))
        return i18n.gettext(TOO_UNCERTAIN)
    where = placement(estimate.rating, levels)
    if not where:
        return interval_words(estimate)
    return i18n.gettext("{rating} — {where}").format(rating=interval_words(estimate), where=where)
