"""Options, game info and outcomes: validation with clear errors."""

import pytest
from tabletop_nim import Nim

from tabletop.model import GameOption, OptionError, Outcome, RecordError


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
