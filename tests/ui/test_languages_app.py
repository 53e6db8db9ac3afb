"""Languages in the app: Settings' Language applies at once to every screen, is saved and
opens the app in it next time; the words of a count follow each language's plural rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import click_button, close_app, key, open_app

from tabletop import i18n
from tabletop.ui._arcade import arcade
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.library_screen import LibraryScreen
from tabletop.ui.settings_screen import SettingsScreen
from tabletop.ui.stats_screen import StatsScreen


def texts(window: Any) -> list[str]:
    """Every text the current screen laid out (its `TextBoxes`)."""
    window.current_view.ensure_built()
    return [placed.text for placed in window.current_view.laid_out().items]


def choose(window: Any, code: str) -> None:
    """In Settings, press Language's ">" until `code` is chosen (as a player does)."""
    for _ in range(len(i18n.LANGUAGES) + 1):
        if window.app.settings.language == code:
            return
        click_button(window, "language+")
    raise AssertionError(f"Settings never offered {code!r}")


def saved_language(directory: Path) -> str:
    return str(json.loads((directory / "settings.json").read_text())["language"])


def test_the_language_chosen_in_settings_shows_at_once_and_stays(tmp_path: Path) -> None:
    window = open_app(ui_games.make_host, tmp_path)
    try:
        assert i18n.language() == "en" and "Settings" in texts(window)
        click_button(window, "settings")
        assert isinstance(window.current_view, SettingsScreen)
        assert "Language" in texts(window) and "System (English)" in texts(window)
        choose(window, "fr")
        # The screen's own words are French at once, the choice named in its own words.
        shown = texts(window)
        assert i18n.language() == "fr"
        assert {"Réglages", "Langue", "Français", "Retour"} <= set(shown), shown
        assert saved_language(tmp_path) == "fr"
        key(window, arcade.key.ESCAPE)
        assert isinstance(window.current_view, LauncherScreen)
        shown = texts(window)
        assert {"Bibliothèque", "Réglages", "Quitter", "Partie rapide"} <= set(shown), shown
        assert "Library" not in shown
    finally:
        close_app(window)

    i18n.set_language("en")  # a new run starts from nothing: Settings choose French
    window = open_app(ui_games.make_host, tmp_path)
    try:
        assert i18n.language() == "fr" and "Bibliothèque" in texts(window)
        click_button(window, "settings")
        choose(window, "de")
        assert {"Einstellungen", "Sprache", "Deutsch", "Zurück"} <= set(texts(window))
        click_button(window, "back")
        assert {"Bibliothek", "Einstellungen", "Beenden"} <= set(texts(window))
        assert saved_language(tmp_path) == "de"
        # The first choice follows the system (here English), saved as "".
        click_button(window, "settings")
        choose(window, "")
        assert i18n.language() == "en" and saved_language(tmp_path) == ""
        assert {"Settings", "Language", "System (English)"} <= set(texts(window))
    finally:
        close_app(window)


def test_tabletop_lang_wins_over_settings(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "fr"}))
    monkeypatch.setenv("TABLETOP_LANG", "de")
    window = open_app(ui_games.make_host, tmp_path)
    try:
        assert i18n.language() == "de" and "Bibliothek" in texts(window)
    finally:
        close_app(window)


def test_a_screen_kept_open_follows_a_change_of_language(tmp_path: Path) -> None:
    window = open_app(ui_games.make_host, tmp_path)
    try:
        click_button(window, "library")
        assert isinstance(window.current_view, LibraryScreen)
        assert "Library" in texts(window)
        i18n.set_language("de")  # from anywhere: the screen shown lays out again
        assert "Bibliothek" in texts(window)
    finally:
        close_app(window)


@pytest.mark.parametrize(("code", "none", "one", "two"), [
    ("en", "0 games · page 1 of 1", "from 1 game", "from 2 games"),
    ("fr", "0 partie · page 1 sur 1", "sur 1 partie", "sur 2 parties"),
    ("de", "0 Partien · Seite 1 von 1", "aus 1 Partie", "aus 2 Partien"),
])
def test_counts_of_games_follow_each_languages_plural(tmp_path: Path, code: str, none: str,
                                                      one: str, two: str) -> None:
    i18n.set_language(code)
    assert StatsScreen._rating_details({"rating": 500.0, "games": 1}) == [one]
    assert StatsScreen._rating_details({"rating": 500.0, "games": 2}) == [two]
    window = open_app(ui_games.make_host, tmp_path)
    try:
        i18n.set_language(code)
        click_button(window, "library")
        assert none in texts(window)  # French counts 0 as one, German as many
    finally:
        close_app(window)
