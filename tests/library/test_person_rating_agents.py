"""Simulated people of known strength: the game's own levels play real games as people.

Verso's levels are measured by tournament (`games/verso/levels.json`). Here a level sits
at a table as a "person" (its seat kept in a real library as a human seat with a name)
against the other levels; `tabletop stats --json` must put that person's 95 % interval
over the level's measured rating, and say where it falls among the levels. The games are
real (the levels' own iteration budgets, so the same seeds give the same games) and take
a few seconds.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop.ai.base import Budget
from tabletop.cli import main
from tabletop.play.simulate import Match, play_game
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.store.stats import rating_scales

#: (the person's name, the level they really are, the levels they play, games each).
PEOPLE = (("Clara", "Club", ("Beginner", "Casual", "Expert"), 12),
          ("Bea", "Beginner", ("Casual", "Club"), 10))


@pytest.fixture(scope="module")
def host() -> Host:
    return Host().load()


def keep_games(host: Host, library: Library, person: str, level: str,
               rivals: tuple[str, ...], each: int, seed: int) -> None:
    """Play `each` Verso games of `level` against each of `rivals`, seats alternated, and
    keep them with `level`'s seat as the person `person`."""
    for number in range(each * len(rivals)):
        rival = rivals[number % len(rivals)]
        seats = (level, rival) if number % 2 == 0 else (rival, level)
        result = play_game(host, Match("verso", 2, seats, {}, Budget()), 0, seed + number)
        record = Record.from_json(result.record)
        mine = seats.index(level)
        agents = tuple("human" if i == mine else a for i, a in enumerate(record.agents))
        names = [person if i == mine else a for i, a in enumerate(record.agents)]
        library.add(dataclasses.replace(record, agents=agents), names)


def test_levels_playing_as_people_are_rated_at_their_measured_strength(
        host: Host, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = Library.open(tmp_path)
    for seed, (person, level, rivals, each) in enumerate(PEOPLE):
        keep_games(host, library, person, level, rivals, each, 1000 * seed)
    library.close()
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    out = CliRunner().invoke(main, ["stats", "--game", "verso", "--json"], obj={"host": host})
    assert out.exit_code == 0, out.output
    players: dict[str, Any] = json.loads(out.output)["players"]
    scale = rating_scales(host)["verso"]
    known = dict(scale.levels)
    for person, level, rivals, each in PEOPLE:
        rating = players[person]["rating"]["verso"]
        games = each * len(rivals)
        assert rating["games"] == games and len(rating["history"]) == games
        assert rating["low"] <= known[level] <= rating["high"], (person, level, rating)
        assert rating["words"].startswith(f"about {round(rating['rating'] / 10) * 10:,}")
    # The strongest level playing as a person is rated above the weakest one.
    assert players["Clara"]["rating"]["verso"]["rating"] > \
        players["Bea"]["rating"]["verso"]["high"]
