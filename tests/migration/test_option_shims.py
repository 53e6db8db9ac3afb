"""An older plugin that shows its own options (issue 35): `GameOption.title`, `help_line`,
`value_text`, `step` and `refusal` still answer as they did for one release, each said
once as a `PluginDeprecationWarning` naming what to write instead; the host itself never
calls them (the built-in games play without a warning)."""

from __future__ import annotations

import types
import warnings

import pytest

from tabletop.model import GameOption, OptionError, PluginDeprecationWarning
from tabletop.model import options as options_module
from tabletop.play import option_words
from tabletop.plugins import Host, PluginSource

FIRST = GameOption("first_player", -1, "who plays first", kind=int, minimum=-1, maximum=1,
                   presets=(("At random", -1), ("Player 1", 0), ("Player 2", 1)))
LIMIT = GameOption("ply_limit", 0, "after this many plies", kind=int, minimum=0)


@pytest.fixture(autouse=True)
def unsaid(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no shim said yet in this process."""
    monkeypatch.setattr(options_module, "_SAID", set())


def test_each_shim_answers_as_before_and_warns_once() -> None:
    with pytest.warns(PluginDeprecationWarning, match=r"GameOption\.title is deprecated.*"
                      r"tabletop\.play\.option_words.*label"):
        assert LIMIT.title == "Ply limit"
    with pytest.warns(PluginDeprecationWarning, match=r"GameOption\.help_line .*help="):
        assert LIMIT.help_line == "after this many plies"
    with pytest.warns(PluginDeprecationWarning, match=r"GameOption\.value_text .*presets"):
        assert FIRST.value_text(-1) == "At random"
    with pytest.warns(PluginDeprecationWarning, match=r"GameOption\.step .*arrows"):
        assert FIRST.step(1, 1) == -1
    with pytest.warns(PluginDeprecationWarning, match=r"GameOption\.refusal .*as data"):
        error = FIRST.refusal("2 is no seat", "Player 3 has no seat")
    assert isinstance(error, OptionError) and error.refusal is None
    assert str(error) == "option 'first_player': 2 is no seat"
    assert error.words == "First player: Player 3 has no seat."
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once: the second time is quiet
        assert LIMIT.title == "Ply limit" and FIRST.value_text(0) == "Player 1"
        assert GameOption("fast", False, "", kind=bool).value_text(True) == "on"


def test_the_shims_and_the_host_agree_on_every_value() -> None:
    """The host's words are the shims' answers, value by value (one behaviour, moved)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginDeprecationWarning)
        for option in (FIRST, LIMIT, GameOption("size", 8, "", kind=int, choices=(6, 8))):
            assert option.title == option_words.title(option)
            assert option.help_line == option_words.help_line(option)
            for value in (-1, 0, 1, 6, 8):
                assert option.value_text(value) == option_words.value_text(option, value)
                for step in (-1, 1):
                    assert option.step(value, step) == option_words.step(option, value, step)


def test_the_built_in_games_and_the_set_up_words_call_no_shim() -> None:
    host = Host().load()
    with warnings.catch_warnings():
        warnings.simplefilter("error", PluginDeprecationWarning)
        for game_id in ("verso", "versus"):
            game = host.game(game_id)
            for option in game.info.options:
                option_words.title(option), option_words.help_line(option)
                option_words.value_text(option, option.default)
                option_words.step(option, option.default, 1)
        verso = host.game("verso")
        for options in ({"first_player": 3}, {"deck": [["x"]]}):
            with pytest.raises(OptionError) as refused:
                verso.new_state(2, options, 0)
            assert option_words.refusal_words(refused.value, verso.info)


def test_a_shim_met_as_a_plugin_loads_is_listed_with_the_plugin() -> None:
    """`tabletop plugins` lists what a plugin meets while it loads (here an old plugin
    titling its own option), with what to write instead."""

    def load() -> types.SimpleNamespace:
        assert LIMIT.title == "Ply limit"  # an old plugin showing its own option
        return types.SimpleNamespace(__name__="old_options")

    with pytest.warns(PluginDeprecationWarning):  # said again for Python once heard
        host = Host([PluginSource("old_options", "old-options", "1.0", load)],
                    disabled=[]).load()
    assert host.errors == []
    [said] = host.plugins[0].deprecations
    assert said.startswith("GameOption.title is deprecated: the host shows options itself "
                           "(tabletop.play.option_words); name the option by its label")
