"""Options, game info and outcomes: validation with clear errors."""

import pytest
from tabletop_nim import Nim

from tabletop.lines import Line, seat
from tabletop.model import GameInfo, GameOption, OptionError, Outcome, RecordError


def test_option_parses_and_validates_each_kind() -> None:
    assert GameOption("n", 3, "", int, minimum=1, maximum=5).parse(" 4 ") == 4
    assert GameOption("b", False, "", bool).parse("Yes") is True
    assert GameOption("c", "a", "", str, choices=("a", "b")).parse("b") == "b"
    assert GameOption("o", None, "", object).parse('{"x": [1]}') == {"x": [1]}


@pytest.mark.parametrize(("option", "text", "message"), [
    (GameOption("n", 3, "", int, minimum=1, maximum=5), "9", "above 5"),
    (GameOption("n", 3, "", int, minimum=1), "0", "below 1"),
    (GameOption("n", 3, "", int), "three", "not a whole number"),
    (GameOption("b", False, "", bool), "maybe", "not true/false"),
    (GameOption("c", "a", "", str, choices=("a", "b")), "z", "not one of a, b"),
    (GameOption("o", None, "", object), "{", "not valid JSON"),
])
def test_option_rejects_bad_text_clearly(option: GameOption, text: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        option.parse(text)


def test_resolve_options_rejects_unknown_names_and_checks_values() -> None:
    info = Nim.info
    assert info.resolve_options({}) == {"heaps": "3,4,5"}
    with pytest.raises(OptionError, match="no option 'size'"):
        info.resolve_options({"size": 3})
    with pytest.raises(OptionError, match="heaps must be"):
        info.resolve_options({"heaps": "0,99"})
    with pytest.raises(OptionError, match="played by 2 players"):
        info.check_players(3)


def test_outcome_shares_a_tied_victory() -> None:
    outcome = Outcome((5, 5, 2), (0, 1), "deck empty")
    assert outcome.share(0) == outcome.share(1) == 0.5 and outcome.share(2) == 0
    assert Outcome.from_dict(outcome.to_dict()) == outcome
    with pytest.raises(RecordError):
        Outcome.from_dict({"scores": 1})


def test_people_names_take_the_place_of_numbered_seats_in_lines() -> None:
    common = {"hidden_information": False, "description": "", "rules_help": ""}
    numbered = GameInfo(id="g", name="G", min_players=2, max_players=12, **common)
    coloured = GameInfo(id="c", name="C", min_players=2, max_players=2,
                        seat_names=("Blue", "Brown"), **common)
    assert numbered.player_label(1, "Ada") == "Ada" and numbered.player_label(1) == "Player 2"
    assert coloured.player_label(0, "Bob") == "Bob (Blue)"
    assert coloured.player_label(0, "Blue") == "Blue"  # a name that is the seat's own
    line = Line.of("{a} banks; Player 12 waits; {b} flips.", a=seat(0), b=seat(1))
    assert line.render([numbered.player_label(0, "A\\1"), numbered.player_label(1)]) == (
        "A\\1 banks; Player 12 waits; Player 2 flips.")  # the name as typed
