"""The keys a new player meets first (issue 36): Enter chooses a Verso card as Space does,
a bank is made with the arrows and Enter alone, Enter says why when it cannot act, and the
Keys panel (?) lists each game's own keys, in the player's language.

Real key events through the app (headless), as in `test_keyboard_games.py`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_keyboard_games import human_turn, set_up
from ui_driver import close_app, installed_host, key, open_app, pump

from games.verso import words as verso_words
from games.versus import words as versus_words
from tabletop import i18n
from tabletop.play.session import Session
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen

K = arcade.key


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    # The size the player reported from.
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0)
    yield win
    close_app(win)
    i18n.set_language("en")


def ring_to(window: Any, screen: GameScreen, card: int) -> None:
    """Move the focus ring onto `card` (a slot: colour * 7 + value) with the arrows."""
    for _ in range(30):
        if screen.renderer.cursor == card:
            return
        key(window, K.RIGHT)
    raise AssertionError(f"the ring never reached card {card}")


def test_enter_on_a_card_chooses_it_as_space_does(window: Any) -> None:
    screen = set_up(window, "verso", 2, {1: "Beginner"}, seed="12")
    assert human_turn(window, screen)
    renderer = screen.renderer
    # No card yet: Enter says what to do instead of doing nothing.
    key(window, K.ENTER)
    assert renderer.selected == set()
    assert screen.message.endswith("You have no cards to choose yet: draw one (D).")
    key(window, K.D)
    key(window, K.K)
    assert human_turn(window, screen)
    # Cards, but no ring on one yet.
    key(window, K.ENTER)
    assert renderer.selected == set()
    assert "Put the ring on one of your cards with the arrow keys first" in screen.message
    key(window, K.RIGHT)
    card = renderer.cursor
    assert card is not None
    key(window, K.ENTER)
    assert renderer.selected == {card}
    key(window, K.ENTER)  # again: put back, as Space does
    assert renderer.selected == set()
    key(window, K.SPACE)
    assert renderer.selected == {card}
    key(window, K.NUM_ENTER)
    assert renderer.selected == set()


def test_a_bank_made_with_the_arrows_and_enter_only(window: Any) -> None:
    from games.verso.state import Bank

    screen = set_up(window, "verso", 2, {1: "Beginner"}, seed="12")
    s = screen.table.session
    renderer = screen.renderer
    for _turn in range(40):
        assert human_turn(window, screen)
        banks = [m for m in s.legal_moves() if isinstance(m, Bank) and m.joker is None]
        if banks:
            move = min(banks, key=lambda m: len(m.values))
            for card in sorted(7 * move.colour + value for value in move.values):
                ring_to(window, screen, card)
                key(window, K.ENTER)
            if renderer.pending_move == move:
                before = len(s.moves)
                key(window, K.ENTER)  # VALIDATE
                assert s.moves[before] == move
                return
            key(window, K.ESCAPE)
        key(window, K.D)
        key(window, K.K)
    raise AssertionError("no bank by Enter in 40 turns")


def open_game(window: Any, game_id: str) -> GameScreen:
    host = window.app.host
    session = Session.new(host.game(game_id), 2, {}, 7, ("human", "human"))
    window.app.start_game(game_id, session.record())
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    return screen


def keys_panel_lines(window: Any, screen: GameScreen) -> list[str]:
    key(window, K.SLASH)
    assert screen.overlay == "keys"
    screen.ensure_built()
    # French's no-break spaces (before :) read as plain ones here.
    return [placed.text.replace("\u00a0", " ") for placed in screen.laid_out().items]


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_keys_panel_lists_versos_own_keys(window: Any, code: str) -> None:
    i18n.set_language(code)
    screen = open_game(window, "verso")
    shown = "\n".join(keys_panel_lines(window, screen))
    _ = verso_words._
    sep = {"en": ": ", "fr": " : "}[code]
    for name, what in (("D", "draw the deck's top card"),
                       ("K", "keep the drawn card face up"),
                       ("F", "flip the drawn card for its other face"),
                       ("P", "pass (final round)")):
        assert f"{name}{sep}{_(what)}".replace("\u00a0", " ") in shown, (name, shown)
    assert {"en": "Keys", "fr": "Touches"}[code] in shown
    if code == "en":
        assert "Space, Enter: choose the card under the ring for a bank, or put it back" \
            in shown


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_keys_panel_lists_versuss_own_keys(window: Any, code: str) -> None:
    i18n.set_language(code)
    screen = open_game(window, "versus")
    shown = "\n".join(keys_panel_lines(window, screen))
    _ = versus_words._
    sep = {"en": ": ", "fr": " : "}[code]
    what = _("choose the piece under the ring, then the hexagon it goes to")
    assert f"{_('Space, Enter')}{sep}{what}".replace("\u00a0", " ") in shown, shown
    assert {"en": "Keys", "fr": "Touches"}[code] in shown
