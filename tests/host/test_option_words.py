"""Options shown to a player (issue 35): a refused value is data on the `OptionError`, and
`tabletop.play.option_words`, the front ends' one module, words it with the option's
title, help line, named presets and the set-up's steps."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop import i18n
from tabletop.limits import MAX_FILE_BYTES
from tabletop.model import GameInfo, GameOption, OptionError, OptionRefusal
from tabletop.play import option_words
from tabletop.plugins import Host


@pytest.fixture
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_an_option_without_words_is_titled_from_its_name() -> None:
    option = GameOption("ply_limit", 0, "after this many plies", kind=int, minimum=0)
    assert option_words.title(option) == "Ply limit"
    assert option_words.help_line(option) == "after this many plies"
    assert option_words.value_text(option, 0) == "0"
    assert option_words.step(option, 0, -1) == 0  # the minimum holds
    assert option_words.value_text(GameOption("fast", False, "", kind=bool), True) == "on"


def test_presets_name_values_and_step_round() -> None:
    option = GameOption("first", -1, "", kind=int, minimum=-1,
                        presets=(("At random", -1), ("Player 1", 0), ("Player 2", 1)))
    assert option_words.value_text(option, -1) == "At random"
    assert option_words.step(option, -1, 1) == 0
    assert option_words.step(option, -1, -1) == 1  # wraps round
    assert option_words.step(option, 7, 1) == -1  # a value no preset names: the first
    flag = GameOption("flag", False, "", kind=bool, presets=(("No", False), ("Yes", True)))
    assert option_words.value_text(flag, False) == "No"
    assert option_words.step(flag, False, 1) is True
    size = GameOption("size", 8, "", kind=int, choices=(6, 8, 10))
    assert [option_words.step(size, v, 1) for v in (6, 8, 10, 7)] == [8, 10, 6, 6]


def test_every_built_in_option_has_words_and_data_only_through_presets() -> None:
    host = Host().load()
    for game_id in ("verso", "versus"):
        for option in host.game(game_id).info.options:
            assert option.label and option.help, (game_id, option.name)
            if option.kind is object:
                names = [name for name, _ in option.presets]
                assert names and option_words.value_text(option, option.default) in names


def _heaps(value: Any) -> None:
    if value != [3, 4, 5]:
        raise ValueError("heaps must be 3,4,5 here")


FLAG = GameOption("fast", False, "", kind=bool)
COUNT = GameOption("count", 3, "", kind=int, minimum=1, maximum=5)
SIZE = GameOption("size", 8, "", kind=int, choices=(6, 8, 10))
NAME = GameOption("name", "", "")
DATA = GameOption("heaps", None, "", kind=object, check=_heaps)


@pytest.mark.parametrize(("option", "typed", "given", "refusal"), [
    (FLAG, "maybe", None, OptionRefusal("fast", "not_true_false", "maybe")),
    (FLAG, None, 1, OptionRefusal("fast", "not_true_false", 1)),
    (COUNT, "three", None, OptionRefusal("count", "not_whole_number", "three")),
    (COUNT, None, True, OptionRefusal("count", "not_whole_number", True)),
    (NAME, None, 3, OptionRefusal("name", "not_text", 3)),
    (SIZE, "7", None, OptionRefusal("size", "not_offered", 7, (6, 8, 10))),
    (COUNT, "0", None, OptionRefusal("count", "below", 0, 1)),
    (COUNT, None, 9, OptionRefusal("count", "above", 9, 5)),
    (DATA, "[NaN]", None, OptionRefusal("heaps", "bad_data", [float("nan")], None,
                                        "a number that is not finite (NaN or infinity)")),
    (DATA, "[" * 5000 + "]" * 5000, None,
     OptionRefusal("heaps", "too_deep", "[" * 5000 + "]" * 5000)),
    (DATA, " " * (MAX_FILE_BYTES + 1), None,
     OptionRefusal("heaps", "too_large", " " * (MAX_FILE_BYTES + 1))),
    (DATA, "[1, 2]", None, OptionRefusal("heaps", "check", [1, 2], None,
                                         "heaps must be 3,4,5 here")),
])
def test_a_refused_value_is_data(option: GameOption, typed: str | None, given: Any,
                                 refusal: OptionRefusal) -> None:
    with pytest.raises(OptionError) as refused:
        option.parse(typed) if typed is not None else option.validate(given)
    found = refused.value.refusal
    assert found is not None
    if refusal.problem == "bad_data":  # NaN is not NaN: compare its text
        assert repr(found) == repr(refusal)
    else:
        assert found == refusal
    assert str(refused.value).startswith(f"option {option.name!r}: ")  # the command line's


def test_data_that_is_not_json_says_the_parsers_reason() -> None:
    with pytest.raises(OptionError) as refused:
        DATA.parse("{")
    found = refused.value.refusal
    assert found is not None and (found.problem, found.value) == ("not_json", "{")
    assert found.detail and found.detail in str(refused.value)
    assert "not valid JSON" in str(refused.value)


INFO = GameInfo("toy", "Toy", 2, 2, False, "", "", options=(
    COUNT, SIZE, DATA, GameOption("repeats", 3, "", kind=int, minimum=2,
                                  label="Repeated positions",
                                  presets=(("Twice", 2), ("Three times", 3)))))


@pytest.mark.parametrize(("name", "value", "words"), [
    ("count", 9, "Count: 9 is above the highest, 5."),
    ("size", 7, "Size: 7 is not offered (choose 6, 8, 10)."),
    ("repeats", 1, "Repeated positions: 1 is below the lowest, Twice."),
    ("heaps", [1], "Heaps: heaps must be 3,4,5 here."),
])
def test_a_refusal_is_worded_for_a_player_from_its_data(name: str, value: Any,
                                                        words: str) -> None:
    with pytest.raises(OptionError) as refused:
        INFO.resolve_options({name: value})
    assert option_words.refusal_words(refused.value, INFO) == words
    assert name in str(refused.value)  # the command line names it as it is typed


def test_a_games_own_words_and_other_errors_are_shown_as_given() -> None:
    own = OptionError("option 'count': 4 is no good here", "Count: four is no good here.")
    assert option_words.refusal_words(own, INFO) == "Count: four is no good here."
    assert option_words.refusal_words(OptionError("no such game"), INFO) == "no such game"


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


@pytest.mark.parametrize(("language", "player", "command_line"), [
    ("en", "Repeated positions: 1 is below the lowest, Twice.",
     "option 'repetition_limit': 1 is below 2"),
    ("fr", "Positions répétées : 1 est sous le minimum, Deux fois.",
     "option 'repetition_limit' : 1 est inférieur à 2"),
    ("de", "Wiederholte Stellungen: 1 liegt unter dem Minimum, Zweimal.",
     "Option 'repetition_limit': 1 liegt unter 2"),
])
def test_one_refusal_in_each_language_for_a_player_and_the_command_line(
        english: None, language: str, player: str, command_line: str) -> None:
    """The same refused value of Versus's option, worded from its data in the player's
    language: the set-up's sentence names the option by its label and the bound by its
    preset's name, the command line's by its name and number (typed the same everywhere),
    as `tabletop play` says it in a real process."""
    info = Host().load().game("versus").info
    i18n.set_language(language)
    with pytest.raises(OptionError) as refused:
        info.resolve_options({"repetition_limit": 1})
    assert refused.value.refusal == OptionRefusal("repetition_limit", "below", 1, 2)
    assert _plain(option_words.refusal_words(refused.value, info)) == player
    assert _plain(str(refused.value)) == command_line
    environ = {name: value for name, value in os.environ.items()
               if name not in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(ARCADE_HEADLESS="1", LANG="C.UTF-8")
    done = subprocess.run([sys.executable, "-m", "tabletop", "--lang", language, "play",
                           "versus", "--text", "--option", "repetition_limit=1"],
                          env=environ, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and _plain(done.stderr).rstrip().endswith(
        f"--option : {command_line}" if language == "fr" else f"--option: {command_line}")
