"""A person's rating on the levels' scale (`tabletop.person_rating`, docs/rating.md).

Simulated people of known strength play the levels by the Bradley–Terry model itself:
their estimates and intervals are checked against the strength they were given.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from tabletop.person_rating import (
    DROP,
    Anchor,
    Estimate,
    Played,
    Scale,
    _Alone,
    _Group,
    comparisons,
    describe,
    interval_words,
    placement,
    rate_people,
)
from tabletop.ratings import ELO

# Verso's measured levels (games/verso/levels.json).
LEVELS = (Anchor("Beginner", 0.0), Anchor("Casual", 366.9), Anchor("Club", 604.7),
          Anchor("Expert", 811.5))
SCALE = Scale(tuple((a.name, a.rating) for a in LEVELS), {a.name: a for a in LEVELS})
CENTRE = SCALE.centre


def win(person: str, other: str | Anchor, won: bool, first: bool = True) -> Played:
    """A two-seat game `person` won or lost against `other` (seat 0 if `first`)."""
    sides = (person, other) if first else (other, person)
    winner = 0 if won == first else 1
    scores = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
    return Played(sides, scores, (winner,))


def simulated(rng: random.Random, strength: float, games: int,
              opponents: tuple[Anchor, ...] = LEVELS, name: str = "Sim") -> list[Played]:
    """`games` games of a person of Elo `strength` against the levels, drawn from the
    model: P(win) = 1 / (1 + 10^((R_level - strength) / 400))."""
    played = []
    for number in range(games):
        level = opponents[number % len(opponents)]
        won = rng.random() < 1.0 / (1.0 + 10 ** ((level.rating - strength) / 400))
        played.append(win(name, level, won, first=number % 2 == 0))
    return played


def test_simulated_people_of_known_strength_are_covered_by_their_intervals() -> None:
    """Across people from below Beginner to far above Expert, and from 3 to 120 games,
    the 95 % intervals hold the strength the people were given about 95 % of the time,
    and the estimates close in on it as the games grow."""
    rng = random.Random(24)
    covered = trials = 0
    errors: dict[int, list[float]] = {}
    for strength in (-150.0, 0.0, 250.0, 500.0, 700.0, 900.0, 1200.0):
        for games in (3, 12, 40, 120):
            for _ in range(12):
                now = rate_people(simulated(rng, strength, games), CENTRE,
                                  history_of=()).now["Sim"]
                covered += now.low <= strength <= now.high
                trials += 1
                errors.setdefault(games, []).append(abs(now.rating - strength))
    assert 0.91 <= covered / trials <= 0.99, covered / trials
    typical = {games: float(np.median(found)) for games, found in errors.items()}
    assert typical[120] < typical[40] < typical[12] and typical[120] < 80, typical


def test_a_person_at_a_level_playing_it_is_rated_about_that_level() -> None:
    """Half the games won against Club alone: the rating is Club's, whatever the count."""
    games = [win("Ada", LEVELS[2], number % 2 == 0) for number in range(200)]
    now = rate_people(games, CENTRE).now["Ada"]
    # The prior's one virtual draw with the middle of the levels pulls a little.
    assert abs(now.rating - 604.7) < 5 and now.low < 604.7 < now.high
    assert placement(now.rating, SCALE.levels) == "near Club"


def test_a_perfect_record_is_finite_and_its_interval_lopsided() -> None:
    """Ten wins out of ten against Beginner: a finite rating well above Beginner, and an
    interval that reaches much further above (nothing bounds it there but the prior)
    than below (ten wins rule out a weak player)."""
    now = rate_people([win("Ada", LEVELS[0], True) for _ in range(10)], CENTRE).now["Ada"]
    assert math.isfinite(now.rating) and math.isfinite(now.high) and now.rating > 300
    assert now.high - now.rating > 1.5 * (now.rating - now.low)
    assert "(" in interval_words(now)  # said as a range, not ± one number


def test_few_games_give_wide_intervals_that_narrow_as_games_are_played() -> None:
    """No game, no rating; after each game the interval is the rating after that game;
    the interval narrows as the games grow (here, an even record against Casual and Club)."""
    assert rate_people([], CENTRE).now == {}
    games = [win("Ada", LEVELS[1 + n % 2], n % 4 < 2) for n in range(40)]
    rated = rate_people(games, CENTRE)
    history = rated.history["Ada"]
    assert [number for number, _ in history] == list(range(40))
    widths = [e.high - e.low for _, e in history]
    assert widths[0] > 900 and widths[-1] < 450
    assert widths[39] < widths[19] < widths[9] < widths[0]
    assert history[-1][1] == rated.now["Ada"]
    assert history[-1][1].games == 40 and history[-1][1].points == 20


def test_games_against_other_people_enter_by_linking_their_ratings() -> None:
    """Bob never met a level, only Ada, who did: he is on the scale through her, and
    beating her puts him above her. Cal and Dee only met each other: no rating."""
    games = [win("Ada", LEVELS[2], n % 2 == 0) for n in range(40)]
    games += [win("Bob", "Ada", n % 4 != 0) for n in range(12)]  # Bob wins 9 of 12
    games += [win("Cal", "Dee", True) for _ in range(5)]
    rated = rate_people(games, CENTRE)
    ada, bob = rated.now["Ada"], rated.now["Bob"]
    assert bob.rating > ada.rating and bob.games == 12 and ada.games == 52
    assert bob.high - bob.low > ada.high - ada.low  # one step further from the anchors
    assert "Cal" not in rated.now and "Dee" not in rated.now
    assert "Cal" not in rated.history


def test_comparisons_leave_out_nobody_two_anchors_and_a_person_against_themself() -> None:
    """Three seats: Ada, Club and Expert (Ada second of three): two comparisons for Ada,
    none between the levels; an unnamed seat and Ada's own second seat count for
    nothing; a shared win with equal scores is a draw."""
    played = Played(("Ada", LEVELS[2], LEVELS[3]), (3.0, 5.0, 1.0), (1,))
    assert comparisons(played) == [("Ada", LEVELS[2], 0.0), ("Ada", LEVELS[3], 1.0)]
    assert comparisons(Played(("Ada", None, "Ada"), (1.0, 0.0, 0.0), (0,))) == []
    assert comparisons(Played(("Ada", "Bob"), (2.0, 2.0), (0, 1))) == [("Ada", "Bob", 0.5)]


def test_the_fast_path_for_one_person_agrees_with_the_general_fit() -> None:
    """`_Alone` (plain floats, one person) and `_Group` (numpy, any number) fit and bound
    the same likelihood alike, on random records."""
    rng = random.Random(5)
    for _ in range(40):
        rows = [(CENTRE / ELO, 0.5, 1.0)]  # the prior's virtual draw
        for level in LEVELS:
            games = rng.randrange(0, 9)
            if games:
                rows.append((level.rating / ELO, float(rng.randrange(games + 1)), float(games)))
        alone = _Alone(rows)
        group = _Group([(0, *row) for row in rows], [], 1)
        best = alone.fit()
        fitted = group.maximise(np.array([0.0]))
        assert best == pytest.approx(fitted[0], abs=1e-6)
        for direction in (-1.0, 1.0):
            end = alone.bound(best, direction)
            assert end == pytest.approx(group.bound(fitted, 0, direction), abs=1e-6)
            # At each end the log-likelihood has fallen by DROP from its top.
            assert alone.terms(best)[0] - alone.terms(end)[0] == pytest.approx(DROP, abs=1e-6)


def test_the_profile_interval_of_a_linked_person_is_where_the_likelihood_falls() -> None:
    """With two people the end of Bob's interval is where the log-likelihood, Ada
    refitted, has fallen by DROP (a likelihood-ratio interval, not a curvature one)."""
    games = [win("Ada", LEVELS[1 + n % 3], n % 3 != 2) for n in range(30)]
    games += [win("Bob", "Ada", n % 3 == 0) for n in range(9)]
    bob = rate_people(games, CENTRE).now["Bob"]
    group = _Group([(0, a.rating / ELO, won, n) for a, won, n in (
        (LEVELS[1], 10.0, 10.0), (LEVELS[2], 10.0, 10.0), (LEVELS[3], 0.0, 10.0))]
        + [(0, CENTRE / ELO, 0.5, 1.0), (1, CENTRE / ELO, 0.5, 1.0)],
        [(0, 1, 6.0, 9.0)], 2)  # Ada first (names in order): she won 6 of 9
    best = group.maximise(np.zeros(2))
    assert best[1] * ELO == pytest.approx(bob.rating, abs=1e-3)
    for end in (bob.low, bob.high):
        pinned = best.copy()
        pinned[1] = end / ELO
        refitted = group.maximise(pinned, pinned=1)
        assert group.loglik(best) - group.loglik(refitted) == pytest.approx(DROP, abs=1e-5)


def test_the_rating_in_words() -> None:
    """"about 700 ± 120 — between Club and Expert": rounded to tens, placed among the
    levels ("near" a level within 25 points, below the lowest, above the highest)."""
    levels = SCALE.levels
    assert describe(Estimate(703.0, 583.0, 823.0, 20, 20, 11.0), levels) == \
        "about 700 ± 120 — between Club and Expert"
    assert describe(Estimate(420.0, 230.0, 860.0, 8, 8, 3.0), levels) == \
        "about 420 (230 to 860) — between Casual and Club"
    # Issue 36: fewer than 5 games, or an interval wider than the levels' whole range, is
    # not yet a rating: a lower bound far below Beginner read as nonsense.
    assert describe(Estimate(370.0, -510.0, 940.0, 1, 1, 0.0), levels) == \
        "fewer than 5 games: not yet rated"
    assert describe(Estimate(420.0, 130.0, 1260.0, 3, 3, 3.0), levels) == \
        "fewer than 5 games: not yet rated"
    assert describe(Estimate(490.0, -110.0, 1380.0, 6, 6, 1.0), levels) == \
        "not yet rated: the games so far leave it too uncertain"
    # Without rated levels, 5 games are enough for the interval alone.
    assert describe(Estimate(490.0, -110.0, 1380.0, 6, 6, 1.0), ()) == \
        "about 490 (-110 to 1,380)"
    assert placement(-80.0, levels) == "below Beginner"
    assert placement(1300.0, levels) == "above Expert"
    assert placement(590.0, levels) == "near Club"
    assert placement(500.0, ()) == ""
    assert describe(Estimate(500.0, 400.0, 600.0, 9, 9, 5.0), ()) == "about 500 ± 100"
    assert Scale((), {}).centre == 0.0 and SCALE.centre == pytest.approx(445.775)
