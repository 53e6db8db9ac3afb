"""GameOption's words for players: title, help line, named presets and stepping."""

from __future__ import annotations

from tabletop.model import GameOption
from tabletop.plugins import Host


def test_an_option_without_words_is_titled_from_its_name() -> None:
    option = GameOption("ply_limit", 0, "after this many plies", kind=int, minimum=0)
    assert option.title == "Ply limit"
    assert option.help_line == "after this many plies"
    assert option.value_text(0) == "0"
    assert option.step(0, -1) == 0  # the minimum holds
    assert GameOption("fast", False, "", kind=bool).value_text(True) == "on"


def test_presets_name_values_and_step_round() -> None:
    option = GameOption("first", -1, "", kind=int, minimum=-1,
                        presets=(("At random", -1), ("Player 1", 0), ("Player 2", 1)))
    assert option.value_text(-1) == "At random"
    assert option.step(-1, 1) == 0
    assert option.step(-1, -1) == 1  # wraps round
    assert option.step(7, 1) == -1  # a value no preset names starts at the first
    flag = GameOption("flag", False, "", kind=bool, presets=(("No", False), ("Yes", True)))
    assert flag.value_text(False) == "No" and flag.step(False, 1) is True


def test_every_built_in_option_has_words_and_data_only_through_presets() -> None:
    host = Host().load()
    for game_id in ("verso", "versus"):
        for option in host.game(game_id).info.options:
            assert option.label and option.help, (game_id, option.name)
            if option.kind is object:
                names = [name for name, _ in option.presets]
                assert names and option.value_text(option.default) in names
