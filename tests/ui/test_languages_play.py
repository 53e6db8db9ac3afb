"""The game screens and the text game speak French and German (issue 23).

A Versus and a Verso game screen, opened in the app with real events (headless), lay out
their sidebar buttons and turn line in the language chosen, and lay them out again in
another when it changes; `tabletop --lang de play verso --text` plays in German (the
notation typed stays the same).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import close_app, installed_host, key, open_app, pump

from tabletop import i18n
from tabletop.play.session import Session
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen

#: Button name → its label in each language.
BUTTONS = {
    "fr": {"undo": "Défaire (U)", "hint": "Conseil (H)", "rules": "Règles (F1)",
           "new": "Nouvelle partie (N)", "keys": "Touches (?)"},
    "de": {"undo": "Zug zurück (U)", "hint": "Tipp (H)", "rules": "Regeln (F1)",
           "new": "Neue Partie (N)", "keys": "Tasten (?)"},
}
TURN = {"fr": "À jouer : ", "de": "Am Zug: "}
MOVES = {"fr": "Coups", "de": "Züge"}


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path)
    yield win
    close_app(win)
    i18n.set_language("en")


def open_game(window: Any, game_id: str, players: int) -> GameScreen:
    host = window.app.host
    session = Session.new(host.game(game_id), players, {}, 7, ("human",) * players)
    window.app.start_game(game_id, session.record())
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    return screen


def texts(screen: GameScreen) -> list[str]:
    screen.ensure_built()
    return [placed.text for placed in screen.laid_out().items]


def assert_speaks(screen: GameScreen, code: str) -> None:
    for name, label in BUTTONS[code].items():
        button = screen.button_named(name)
        assert button is not None and button.label == label, (name, button)
    # French's no-break spaces (before : ; ? !) read as plain ones here.
    shown = [text.replace("\u00a0", " ") for text in texts(screen)]
    assert any(text.startswith(TURN[code]) for text in shown), shown
    assert MOVES[code] in shown
    assert not any(text.startswith(("To move: ", "Undo (U)")) for text in shown), shown


@pytest.mark.parametrize("game_id, players", [("versus", 2), ("verso", 2)])
@pytest.mark.parametrize("code", ["fr", "de"])
def test_a_game_screen_speaks_the_language(window: Any, game_id: str, players: int,
                                           code: str) -> None:
    i18n.set_language(code)
    screen = open_game(window, game_id, players)
    assert_speaks(screen, code)
    # The keys panel too, opened by its key as a player does.
    key(window, arcade.key.SLASH)
    assert screen.overlay == "keys"
    keys_panel = "\n".join(texts(screen))
    assert {"fr": "Touches", "de": "Tasten"}[code] in keys_panel
    assert {"fr": "Fermer (? ou Échap)", "de": "Schließen (?, Esc)"}[code] in keys_panel


def test_a_game_screen_lays_its_texts_out_again_when_the_language_changes(
        window: Any) -> None:
    i18n.set_language("fr")
    screen = open_game(window, "versus", 2)
    assert_speaks(screen, "fr")
    before = screen.layouts
    i18n.set_language("de")
    # The app asks for a new layout (`invalidate`); the screen sees the language changed.
    screen.invalidate()
    pump(window)
    assert screen.layouts > before
    assert_speaks(screen, "de")
    i18n.set_language("en")
    screen.relayout()
    pump(window)
    assert screen.button_named("undo").label == "Undo (U)"
    assert any(text.startswith("To move: ") for text in texts(screen))


def test_play_text_speaks_german(tmp_path: Path) -> None:
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path), "TABLETOP_LANG": ""}
    tabletop = Path(sys.executable).parent / "tabletop"
    result = subprocess.run(
        [str(tabletop), "--lang", "de", "play", "verso", "--text", "--seed", "3", "--seat",
         "human"], input="help\nnotamove\nquit\n", capture_output=True, text=True,
        env=env, timeout=120)
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "(Mensch) am Zug> " in out  # the prompt
    assert "Geben Sie einen Zug in Notation ein, „help“ für die erlaubten Züge" in out
    assert "Erlaubte Züge: keep, flip" in out  # the notation typed stays as it is
    assert "Partie angehalten." in out
    assert "Legal moves" not in out and "Game stopped" not in out
