"""A special move's button names the move and, in parentheses, the seat making it, in the
player's language: "Resign (Blue)", "Abandonner (Bleu)", "Aufgeben (Blau)" (issue 36)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, open_app, pump

from tabletop import i18n
from tabletop.play.session import Session
from tabletop.ui.game_screen import GameScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(800, 600))
    yield win
    close_app(win)
    i18n.set_language("en")


def _specials(screen: GameScreen) -> dict[str, str]:
    screen.ensure_built()
    return {b.name: b.label for b in screen.buttons if b.name.startswith("special:")}


@pytest.mark.parametrize(("code", "blue", "brown", "draw"), [
    ("en", "Resign (Blue)", "Resign (Brown)", "Offer: draw"),
    ("fr", "Abandonner (Bleu)", "Abandonner (Marron)", "Proposer la nulle"),
    ("de", "Aufgeben (Blau)", "Aufgeben (Braun)", "Remis anbieten"),
])
def test_the_resign_button_names_the_seat_in_parentheses(
        window: Any, code: str, blue: str, brown: str, draw: str) -> None:
    i18n.set_language(code)
    host = window.app.host
    window.app.start_game("versus", Session.new(host.game("versus"), 2, {}, 7,
                                                ("human", "human")).record())
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    # The other person at this screen may resign out of turn (issue 33): a button of
    # their own, worded the same way.
    assert _specials(screen) == {"special:resign blue": blue, "special:draw": draw,
                                 "special:resign:1": brown}
    # Blue moves (a real move on the board's game): the buttons are Brown's now.
    screen.submit(screen.snapshot.legal[0])
    pump(window, 30)
    assert _specials(screen) == {"special:resign brown": brown, "special:draw": draw,
                                 "special:resign:0": blue}
    click_button(window, "special:resign brown")  # it still resigns (asks to confirm)
    assert screen.overlay == "confirm"
