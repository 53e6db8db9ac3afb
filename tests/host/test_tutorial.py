"""Tutorials as data: every section of the rulebooks taught or said why not, the shipped
tutorials passing the conformance kit, the kit catching each kind of broken tutorial
(also inside `check_game`), the scaffold's tutorials passing it for every board, and the
place a player reached kept in the data folder.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.verso.game import VersoGame
from games.versus.game import INFO, VersusGame
from tabletop.model import Game
from tabletop.scaffold import create_game
from tabletop.store import tutorials
from tabletop.store.paths import TUTORIALS
from tabletop.testing import ConformanceError, check_game, check_tutorial
from tabletop.tutorial import (
    TutorialError,
    read_tutorial,
    rule_sections,
    tutorial_of,
    tutorial_problems,
    untaught,
)

ROOT = Path(__file__).parents[2]
GAMES = {"verso": VersoGame, "versus": VersusGame}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_section_of_the_rulebook_is_taught_or_says_why_not(game_id: str) -> None:
    """Each numbered heading of docs/rules/<game>.md is cited by a step, or listed in the
    tutorial's not_taught with its reason."""
    rulebook = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    tutorial = tutorial_of(GAMES[game_id]())
    assert tutorial is not None
    sections = [section for section, _ in rule_sections(rulebook)]
    assert len(sections) >= 11  # every heading, the subsections too
    assert untaught(tutorial, rulebook) == []
    for section in sections:
        taught = [step.number for step in tutorial.steps if section in step.teaches]
        reason = tutorial.not_taught.get(section, "")
        assert taught or len(reason) > 20, section
        assert not (taught and reason), section
    # Taught in the rulebook's order: where a section is first cited as a step's lesson
    # (its first section), that step comes after those of the sections before it. One
    # first cited beside another lesson (what the game shows, the score of a pawn just
    # frozen, the subsections of the end) may come early.
    first = {}
    for step in tutorial.steps:
        for index, section in enumerate(step.teaches):
            first.setdefault(section, (step.number, index))
    leading = [first[s][0] for s in sections if s in first and first[s][1] == 0]
    assert leading == sorted(leading)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_shipped_tutorial_passes_the_kit_and_ends_with_a_real_game(game_id: str) -> None:
    game = GAMES[game_id]()
    check_tutorial(game)
    tutorial = tutorial_of(game)
    assert tutorial is not None
    assert tutorial.opponent in {"Beginner", "Casual"}  # each game's weakest level
    assert any(step.asks for step in tutorial.steps)
    assert tutorial.glance is not None and tutorial.glance.pictures
    for step in tutorial.steps:
        if step.asks:
            assert step.why_not and step.done, step.title


def test_reversi_ships_a_tutorial_that_passes_the_kit() -> None:
    reversi = importlib.import_module("tabletop_reversi.game").Reversi()
    check_tutorial(reversi)
    tutorial = tutorial_of(reversi)
    assert tutorial is not None and tutorial.steps[-2].ask == ("pass",)


# -- the kit on broken tutorials -----------------------------------------------------------
GOOD = """
title = "Learn"
[not_taught]
"\u00a78" = "The options are chosen at set-up; this plays the defaults."
[[step]]
title = "All"
teaches = [{all}]
text = "Everything at once."
{extra}
"""


def _sections(game: Game[Any, Any], *but: str) -> str:
    """The sections of the game's rulebook, quoted for TOML, but the ones named and the
    one `GOOD` lists as not taught."""
    left_out = {"\u00a78", *but}
    return ", ".join(f'"{s}"' for s, _ in rule_sections(game.info.rules_text)
                     if s not in left_out)


def _versus_with(text: str) -> VersusGame:
    """Versus shipping the tutorial `text` instead of its own."""
    class Taught(VersusGame):
        info = replace(INFO, tutorial=text)

    return Taught()


def _problems(extra: str, teaches: str | None = None) -> list[str]:
    plain = VersusGame()
    game = _versus_with(GOOD.format(all=teaches or _sections(plain), extra=extra))
    tutorial = tutorial_of(game)
    assert tutorial is not None
    return tutorial_problems(game, tutorial)


def test_a_good_tutorial_has_no_problem() -> None:
    assert _problems('moves = ["a4-b4"]\nask = ["k6-j7"]\nwhy_not = "That one."') == [
        "step 1 (All) asks for a move, but the seat to move is 1, not the learner's (0)"]
    assert _problems('ask = ["a4-b4"]\nwhy_not = "That one."') == []


@pytest.mark.parametrize(("extra", "said"), [
    ('moves = ["a4-d4"]', "its position does not replay: move 1 ('a4-d4')"),
    ('ask = ["a4-c4"]\nwhy_not = "x"', "the asked move 'a4-c4' is refused"),
    ('ask = ["zz"]\nwhy_not = "x"', "the asked move 'zz' is refused"),
    ('ask = ["Va3-f3"]\nwhy_not = "x"', "the asked move 'Va3-f3' is refused"),
])
def test_the_kit_says_which_step_is_wrong_and_why(extra: str, said: str) -> None:
    found = _problems(extra)
    assert len(found) == 1 and found[0].startswith("step 1 (All)") and said in found[0], found


def test_the_kit_wants_every_section_taught_or_its_reason() -> None:
    game = VersusGame()
    found = _problems("", teaches=_sections(game, "\u00a75"))
    assert found == ["no step teaches \u00a75 and not_taught does not say why"]
    unknown = _problems("", teaches=_sections(game) + ', "\u00a712"')
    assert unknown == ["step 1 teaches \u00a712, which the rulebook does not have"]


@pytest.mark.parametrize(("text", "said"), [
    ("title = [", "the tutorial is not TOML"),
    ('[[step]]\ntitle = "x"\nteaches = ["\u00a71"]\ntext = "x"\ncolour = 1',
     "step 1 has no field 'colour'"),
    ('[[step]]\ntitle = "x"\nteaches = ["\u00a71"]\ntext = "x"\nask = ["a4-b4"]',
     "step 1 asks for a move: why_not says why"),
    ('[[step]]\ntitle = "x"\nteaches = ["one"]\ntext = "x"', "'one' is not a section"),
    ('seat = 2\n[[step]]\ntitle = "x"\nteaches = ["\u00a71"]\ntext = "x"',
     "the tutorial's seat is a whole number in 0..1"),
    ('title = "x"', "a tutorial has 1 to 200 [[step]] tables"),
])
def test_a_tutorial_that_cannot_be_read_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(TutorialError) as refused:
        read_tutorial(text, INFO)
    assert said in str(refused.value) and "\n" not in str(refused.value)
    with pytest.raises(ConformanceError, match="tutorial"):
        check_tutorial(_versus_with(text))


def test_check_game_runs_the_tutorial_check() -> None:
    broken = _versus_with(GOOD.format(all=_sections(VersusGame()),
                                      extra='ask = ["b2-b3"]\nwhy_not = "x"'))
    with pytest.raises(ConformanceError, match=r"tutorial: step 1 .* 'b2-b3' is refused"):
        check_game(broken, seeds=range(1), max_plies=10)


def test_a_step_goes_on_from_the_one_before_unless_it_starts_again() -> None:
    tutorial = read_tutorial("""
players = 2
[[step]]
title = "a"
teaches = ["\u00a71"]
text = "a"
moves = ["a4-b4"]
[[step]]
title = "b"
teaches = ["\u00a71"]
text = "b"
moves = ["k6-j7"]
[[step]]
title = "c"
teaches = ["\u00a71"]
text = "c"
start = true
moves = ["a5-b5"]
[[step]]
title = "d"
teaches = ["\u00a71"]
text = "d"
seed = 3
""", INFO)
    assert [step.moves for step in tutorial.steps] == [
        ("a4-b4",), ("a4-b4", "k6-j7"), ("a5-b5",), ()]
    assert tutorial.steps[3].start.seed == 3 and tutorial.steps[2].start.seed == 0
    assert tutorial.step(2).record("versus").moves == ("a4-b4", "k6-j7")
    with pytest.raises(TutorialError, match="steps 1 to 4, not 5"):
        tutorial.step(5)


# -- the scaffold's tutorials --------------------------------------------------------------
@pytest.fixture
def scaffolds(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in [name for name in sys.modules if name.startswith("tut_")]:
        del sys.modules[name]


@pytest.mark.parametrize(("board", "players"), [("square", 2), ("square", 4), ("hex", 2),
                                                ("cards", 2), ("cards", 4)])
def test_the_scaffold_writes_a_tutorial_that_passes_the_kit(scaffolds: Path, board: str,
                                                             players: int) -> None:
    name = f"tut_{board}{players}"
    made = create_game(name, scaffolds / name, players, board)
    assert (made.directory / name / "tutorial.toml").is_file()
    sys.path.insert(0, str(made.directory))
    try:
        module = importlib.import_module(f"{name}.game")
        game = next(value for value in vars(module).values()
                    if isinstance(value, type) and issubclass(value, Game)
                    and value is not Game)()
        tutorial = tutorial_of(game)
        assert tutorial is not None and any(step.asks for step in tutorial.steps)
        check_tutorial(game)
    finally:
        sys.path.remove(str(made.directory))


# -- the place reached ---------------------------------------------------------------------
def test_the_step_reached_is_kept_per_game_and_a_damaged_file_set_aside(tmp_path: Path) -> None:
    assert tutorials.place(tmp_path, "versus") == 1
    tutorials.keep_place(tmp_path, "versus", 7)
    tutorials.keep_place(tmp_path, "verso", 2)
    tutorials.keep_place(tmp_path, "versus", 9)
    assert tutorials.places(tmp_path) == ({"verso": 2, "versus": 9}, None)
    assert not list(tmp_path.glob("*.tmp"))  # written whole, beside, then renamed
    with pytest.raises(ValueError):
        tutorials.keep_place(tmp_path, "versus", 0)
    (tmp_path / TUTORIALS).write_text(json.dumps(
        {"version": 1, "steps": {"versus": 3, "verso": "two", "x": 10**6}}))
    assert tutorials.places(tmp_path) == ({"versus": 3}, None)  # the bad entries dropped
    (tmp_path / TUTORIALS).write_text("{not json")
    steps, message = tutorials.places(tmp_path)
    assert steps == {} and message is not None and "moved to" in message
    assert not (tmp_path / TUTORIALS).exists()
    assert tutorials.place(tmp_path, "versus") == 1
