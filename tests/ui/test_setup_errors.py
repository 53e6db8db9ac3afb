"""Set-up errors in a player's words (issue 12): a choice the set-up screen can make that
does not make a game is refused naming the option by its label and its value by its
preset's name, never by the option's name or raw value as the command line types them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import close_app, installed_host, key, open_app

from games.verso.cards import STANDARD, cards_to_data
from games.versus.board import CELL_NAMES
from games.versus.pieces import DEFAULT_TARGET_NAMES
from tabletop import i18n
from tabletop.model import GameOption, TabletopError
from tabletop.play import option_words
from tabletop.play.session import HUMAN, Session
from tabletop.play.table import Table
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen

K = arcade.key


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    yield win
    close_app(win)


def _versus_on_a_target() -> dict[str, Any]:
    """A start position with Blue's VERSUS on a target (only the literal reading allows it)."""
    free = [cell for cell in CELL_NAMES if cell not in DEFAULT_TARGET_NAMES]
    return {"versus": {"blue": DEFAULT_TARGET_NAMES[0], "brown": free[0]},
            "pawns": [{"cell": free[-1], "blue": 3, "control": "blue"},
                      {"cell": free[-2], "blue": 2, "control": "brown"}]}


#: Options a set-up can start from besides the defaults: a game first started from the
#: command line with data, whose New game keeps its options (set-up shows them "custom").
KEPT_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "verso": [{"deck": cards_to_data(STANDARD)[:35]}],  # a solo-sized deck
    "versus": [{"start_position": _versus_on_a_target(), "versus_may_stop_on_target": True}],
    "reversi": [],
}


def reachable(option: GameOption, start: Any) -> list[Any]:
    """Every value the set-up's "<" and ">" reach from `start` (`option_words.step`)."""
    values = [start]
    while (value := option_words.step(option, values[-1], 1)) not in values or \
            type(value) is not type(values[values.index(value)]):
        values.append(value)
    return values


def raw_leaks(message: str, options: tuple[GameOption, ...]) -> list[str]:
    """The option names a message shows as the command line types them."""
    leaks = [o.name for o in options
             if o.name not in option_words.title(o).lower() and o.name in message]
    return leaks + (["option '…'"] if "option '" in message else [])


@pytest.mark.parametrize("game_id", list(KEPT_OPTIONS))
def test_every_set_up_error_names_options_by_label(window: Any, game_id: str) -> None:
    """Every player count × every value of every option the set-up reaches, from the
    defaults and from a kept game's options: each refusal in the options' words."""
    app = window.app
    game = app.host.game(game_id)
    info = game.info
    messages: set[str] = set()
    for given in [{}, *KEPT_OPTIONS[game_id]]:
        preset = Session.new(game, info.min_players if given else info.max_players, given, 1,
                             [HUMAN] * (info.min_players if given else info.max_players))
        app.show_setup(game_id, Table(None, preset))
        setup = window.current_view
        assert isinstance(setup, SetupScreen)
        start = dict(setup.options)
        ranges = [reachable(o, start[o.name]) for o in info.options]
        for players in range(info.min_players, info.max_players + 1):
            for values in itertools.product(*ranges):
                setup.players = players
                setup.options = {o.name: v for o, v in zip(info.options, values, strict=True)}
                try:
                    setup.new_game(seed=1)
                except TabletopError as exc:
                    messages.add(option_words.refusal_words(exc, info))
    for message in messages:
        assert not raw_leaks(message, info.options), message
        assert message.startswith(tuple(f"{option_words.title(o)}: "
                                        for o in info.options)), message
    expected = {"verso": 2, "versus": 1, "reversi": 0}[game_id]  # first player, deck; target
    assert len({m.split(":")[0] for m in messages}) == expected, messages


def test_verso_first_player_offers_only_seats_of_the_table(window: Any) -> None:
    """verso.md §2: the first player is a seat of the game. Chosen by keyboard only, the
    set-up offers only the seats the table has, and a table made smaller takes back a
    first player who no longer has a seat."""
    app = window.app
    app.show_setup("verso")
    setup = window.current_view
    option = setup.game.info.option("first_player")

    def press(target: str, times: int = 1) -> None:
        while setup.focus_name != target:
            key(window, K.TAB)
        for _ in range(times):
            key(window, K.ENTER)

    press("players+")
    assert setup.players == 2
    offered = []
    for _ in range(4):
        press("option:first_player+")
        offered.append(option_words.value_text(option, setup.options["first_player"]))
    assert offered == ["Player 1", "Player 2", "At random", "Player 1"]
    for _ in range(4):
        press("players+")
    assert setup.players == 6
    press("option:first_player-", 2)  # back past At random to the last seat
    assert option_words.value_text(option, setup.options["first_player"]) == "Player 6"
    while setup.players > 2:
        press("players-")
    assert setup.options["first_player"] == -1  # At random: Player 6 has no seat now
    press("start")
    assert isinstance(window.current_view, GameScreen)


def test_verso_first_player_beyond_the_table_in_words() -> None:
    """The same choice made where nothing filters it (a kept game's options, the command
    line) is refused in the option's and presets' words."""
    game = installed_host().game("verso")
    with pytest.raises(TabletopError) as refused:
        game.new_state(2, {"first_player": 3}, 0)
    assert refused.value.words == ("Who plays first: Player 4 has no seat in a game of 2 "
                                   "players; choose At random, Player 1 or Player 2.")


def test_verso_alone_is_not_asked_who_plays_first(window: Any) -> None:
    """verso.md §7: a solo game has one player, so the set-up leaves out who plays first
    (`GameOption.min_players`); a second player brings it back."""
    window.app.show_setup("verso", Table(None, Session.new(window.app.host.game("verso"), 1,
                                                           {}, 1, [HUMAN])))
    setup = window.current_view
    assert setup.players == 1

    def shown() -> tuple[set[str], set[str]]:
        setup.ensure_built()
        return ({t.text for t in setup._labels},
                {b.name for b in setup.buttons if b.name})

    texts, names = shown()
    assert "Who plays first" not in texts and "option:first_player+" not in names
    assert "Deck" in texts  # the other options stay
    while setup.focus_name != "players+":
        key(window, K.TAB)
    key(window, K.ENTER)
    texts, names = shown()
    assert setup.players == 2
    assert "Who plays first" in texts and "option:first_player+" in names


#: Versus's repeated positions at 1 (a kept game's value the option refuses), as the
#: set-up says it in each language: its label and its lowest preset's name, from the data.
SAID_ON_THE_SET_UP = {
    "en": "Repeated positions: 1 is below the lowest, Twice.",
    "fr": "Positions répétées : 1 est sous le minimum, Deux fois.",
    "de": "Wiederholte Stellungen: 1 liegt unter dem Minimum, Zweimal.",
}


def test_a_refused_value_is_said_in_the_players_language_at_start(window: Any) -> None:
    """Issue 35: a value the option refuses reaches the set-up as data on the error
    (`OptionError.refusal`); Start, pressed from the keyboard, says it in the player's
    language, the option by its label and the bound by its preset's name, never the
    command line's `repetition_limit`; worded when shown, it follows a change of language
    at once, as every other text of the screen does."""
    app = window.app
    app.show_setup("versus")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    setup.options["repetition_limit"] = 1  # kept before the option's minimum
    while setup.focus_name != "start":
        key(window, K.TAB)
    key(window, K.ENTER)
    assert window.current_view is setup  # refused, not started
    try:
        for language, said in [*SAID_ON_THE_SET_UP.items(), ("en", SAID_ON_THE_SET_UP["en"])]:
            i18n.set_language(language)
            setup.ensure_built()
            shown = [t.text.replace("\u200b", "").replace("\u00a0", " ")
                     for t in setup._labels]
            assert said in shown, shown
            assert not any("repetition_limit" in text for text in shown)
    finally:
        i18n.set_language("en")
