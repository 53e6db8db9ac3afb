"""Structured lines: what a game says is a template with named arguments, seats among
them, that the host words with its labels for the seats (issue 20, item 4)."""

import pickle

import pytest
from tabletop_reversi.game import Reversi
from tabletop_reversi.rules import start as reversi_start

from games.verso.cards import BLUE
from games.verso.game import VersoGame
from games.verso.state import Bank
from games.versus.game import VersusGame
from games.versus.state import Resign
from tabletop.lines import (
    Line,
    SeatArg,
    default_labels,
    from_data,
    render,
    seat,
    template_problem,
    to_data,
)
from tabletop.model import IllegalMoveError, OptionError, Outcome
from tabletop.testing import ConformanceError, check_game
from tests.conformance.kit_toys import MisspokenNim
from tests.verso.scenario import table
from tests.versus.helpers import BLUE as VERSUS_BLUE
from tests.versus.helpers import BROWN, build, move

VERSO, VERSUS = VersoGame(), VersusGame()


def test_a_line_names_its_seats_by_the_labels_given() -> None:
    line = Line.of("{player} banks {cards} for {points} points.", points=12, cards="red 3 4 5",
                   player=seat(1))
    assert line.args == (("cards", "red 3 4 5"), ("player", SeatArg(1)), ("points", 12))
    assert line.seats == (1,) and line.named["points"] == 12
    assert line.render(["Ada", "Bob"]) == "Bob banks red 3 4 5 for 12 points."
    # No label for the seat (or an empty one): the neutral "Player N".
    assert line.render(["Ada"]) == line.render(["Ada", ""]) == str(line) \
        == "Player 2 banks red 3 4 5 for 12 points."
    assert f"{line}" == str(line)
    assert Line.of("{n:>3}|{s!r}", n=7, s="x").render(()) == "  7|'x'"
    assert Line.of("{{literal}} {text}", text="t").render(()) == "{literal} t"


def test_render_shows_a_plain_text_as_written() -> None:
    assert render("Player 2 {takes} 3", ["Ada", "Bob"]) == "Player 2 {takes} 3"
    assert render(Line.of("{p} takes 3", p=seat(1)), ["Ada", "Bob"]) == "Bob takes 3"


@pytest.mark.parametrize("text", [
    "{who} takes {count}",  # a field with no argument
    "{} takes",  # a positional field
    "{0} takes",
    "{player.index} takes",  # an attribute lookup
    "{player[0]} takes",
    "{count:q} takes",  # a format the value does not have
    "{count:{width}} takes",  # a nested field
    "{count takes",  # unbalanced braces
    "count} takes",
])
def test_a_broken_template_never_raises(text: str) -> None:
    line = Line.of(text, player=seat(0), count=3)
    shown = line.render(["Ada"])
    assert shown == f"{text} (count=3, player=Ada)"  # the raw text, then the arguments
    assert template_problem(line) is not None
    assert render(line, ()) == f"{text} (count=3, player=Player 1)"


def test_template_problem_accepts_a_fitting_line_and_names_bad_values() -> None:
    assert template_problem(Line.of("{p} scores {n}", p=seat(0), n=2.5)) is None
    assert template_problem("any text {at} all") is None
    assert "list" in str(template_problem(Line.of("{p}", p=[1])))
    with pytest.raises(ValueError):
        seat(-1)


def test_lines_travel_as_json_data() -> None:
    line = Line.of("{player} passes ({why}).", player=seat(2), why="no move", n=None)
    data = to_data(line)
    assert data == {"text": "{player} passes ({why}).",
                    "args": {"n": None, "player": {"seat": 2}, "why": "no move"}}
    assert from_data(data) == line and from_data("plain") == to_data("plain") == "plain"
    for junk in (3, {"text": "x"}, {"text": "x", "args": {"p": {"who": 1}}},
                 {"text": "x", "args": {"p": [1]}}):
        with pytest.raises(ValueError):
            from_data(junk)


def test_default_labels_are_the_games_seat_names() -> None:
    assert default_labels(VERSUS.info, 2) == ("Blue", "Brown")
    assert default_labels(VERSO.info, 3) == ("Player 1", "Player 2", "Player 3")


def _verso_bank() -> list[str | Line]:
    # Seat 1 banks blue: seats 2 then 0 (the next player first, verso.md §4.2) have none to flip.
    state = table([[("green", 1, 1)], [("blue", 1, 1), ("blue", 2, 1)], [("green", 4, 1)]],
                  turn=1)
    bank = Bank(BLUE, (1, 2))
    return list(VERSO.describe(state, bank, VERSO.apply(state, bank)))


def test_a_person_named_player_3_is_shown_right_in_verso() -> None:  # verso.md §8
    lines = _verso_bank()
    labels = ("Player 3", "Bob", "Carol")  # "Player 3" sits at seat 0, Carol at seat 2
    assert [render(line, labels) for line in lines[:3]] == [
        "Bob banks blue 1 2.",
        "Carol has no blue card to flip.",
        "Player 3 has no blue card to flip.",
    ]
    # The game's own words are unchanged with its labels.
    assert [render(line, default_labels(VERSO.info, 3)) for line in lines] == [
        "Player 2 banks blue 1 2.",
        "Player 3 has no blue card to flip.",
        "Player 1 has no blue card to flip.",
        "Player 2 scores 2 points.",
        "Player 2 discards blue 1 (1 pt).",
        "Player 2 discards blue 2 (1 pt).",
    ]


def test_a_person_named_player_3_is_shown_right_in_versus() -> None:  # versus.md §9
    state = build((-1, 4), (5, -5), [(-1, -1, 4, BROWN), (2, 2, 3, VERSUS_BLUE)])
    slide = move(state, (-1, 4), (-1, 2))
    lines = VERSUS.describe(state, slide, VERSUS.apply(state, slide))
    labels = tuple(VERSUS.info.player_label(i, name) for i, name in enumerate(["Player 3", "Bob"]))
    assert [render(line, labels) for line in lines] == [
        "Player 3 (Blue) slides the VERSUS from b5 to d5 (Vb5-d5).",
        "  The VERSUS pulls Bob (Brown)'s pawn of 1 brown and 4 blue sections from g4 to f5; "
        "it turns to Player 3 (Blue).",
        "  It lands on the target f5 and is frozen there: it scores 4 points for "
        "Player 3 (Blue).",
        "Game over: the game is decided, Player 3 (Blue) 4 - Bob (Brown) 0.",
    ]
    assert [render(line, VERSUS.info.seat_names) for line in lines] == [
        "Blue slides the VERSUS from b5 to d5 (Vb5-d5).",
        "  The VERSUS pulls Brown's pawn of 1 brown and 4 blue sections from g4 to f5; "
        "it turns to Blue.",
        "  It lands on the target f5 and is frozen there: it scores 4 points for Blue.",
        "Game over: the game is decided, Blue 4 - Brown 0.",
    ]


def test_an_outcome_keeps_its_text_for_records_and_its_line_for_the_host() -> None:
    state = build((-1, 4), (5, -5), [(-1, -1, 4, BROWN)])
    resigned = VERSUS.outcome(VERSUS.apply(state, Resign(0)))
    assert resigned is not None and resigned.reason == "Blue resigned"
    assert resigned.to_dict() == {"scores": [0.0, 0.0], "winners": [1],
                                  "reason": "Blue resigned"}
    assert render(resigned.said, ["Ada (Blue)", "Bob (Brown)"]) == "Ada (Blue) resigned"
    # The line is neither saved nor compared: an outcome read back from a record equals it.
    again = Outcome.from_dict(resigned.to_dict())
    assert again == resigned and again.line is None and again.said == "Blue resigned"


def test_reversi_says_its_lines_with_seats_as_arguments() -> None:
    game, state = Reversi(), reversi_start(8)
    placed = game.parse_move(state, "d3")
    [line] = game.describe(state, placed, game.apply(state, placed))
    assert render(line, default_labels(game.info, 2)) == "Black plays d3 and turns over d4."
    assert render(line, ["Player 2 (Black)", "Ada (White)"]).startswith("Player 2 (Black) plays")


def test_a_refusal_may_be_a_line() -> None:
    error = IllegalMoveError(Line.of("{player} has already passed", player=seat(1)))
    assert str(error) == "Player 2 has already passed"
    assert render(error.line, ["Ada", "Bob"]) == "Bob has already passed"
    again = pickle.loads(pickle.dumps(error))  # from a worker process
    assert isinstance(again, IllegalMoveError) and again.line == error.line
    plain = IllegalMoveError("not here")
    assert plain.line == "not here" and render(plain.line, ["Ada"]) == "not here"
    option = OptionError(Line.of("{player} cannot go first", player=seat(3)), "Seat 4 no")
    assert str(option) == "Player 4 cannot go first" and option.words == "Seat 4 no"


def test_the_kit_names_a_line_whose_template_does_not_fit() -> None:
    with pytest.raises(ConformanceError, match="template does not fit"):
        check_game(MisspokenNim(), seeds=range(1))
