"""The kit's check of the tutorial a game ships (`tabletop.tutorial`)."""

from __future__ import annotations

from typing import Any, cast

from tabletop.limits import one_line
from tabletop.model import (
    Game,
)
from tabletop.testing.report import ConformanceError, KitReport, _guarded, _Probe


def _tutorial_problems(game: Game[Any, Any]) -> list[str]:
    """What is wrong with the game's tutorial (`tabletop.tutorial.tutorial_problems`), or
    the one reason it cannot be read."""
    from tabletop.tutorial import TutorialError, tutorial_of, tutorial_problems

    try:
        tutorial = tutorial_of(game)
    except TutorialError as exc:
        return [one_line(exc, 300)]
    return tutorial_problems(game, tutorial) if tutorial is not None else []


def check_tutorial(game: Game[Any, Any]) -> None:
    """Check the tutorial `game` ships (its info's `tutorial`); raise `ConformanceError`
    listing what is wrong: it reads (`tabletop.tutorial.read_tutorial`); every step's
    position replays from its start and moves; at each step that asks for a move, the
    learner's seat is to move and every asked move is legal there; every section a step
    cites is a numbered section of the rulebook (its info's `rules_text`), and every
    section of the rulebook is taught by some step or listed in `not_taught` with the
    reason. A game without a tutorial passes."""
    probe = _Probe(game)
    report = KitReport(game.info.id)
    if _guarded(probe, report, "the tutorial",
                lambda: report.problems.extend(_tutorial_problems(
                    cast(Game[Any, Any], probe)))) and not report.problems:
        return
    raise ConformanceError(f"{game.info.id}'s tutorial:\n- " + "\n- ".join(report.problems))
