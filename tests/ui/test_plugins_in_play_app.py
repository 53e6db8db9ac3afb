"""In the app, a game whose code calls `sys.exit` or changes its input while it is played
sends the player back to the launcher with one line naming the plugin; the event loop
goes on and the game stays in the library as it was after its last move.

A real (headless) window; the hostile games are the installed-distribution plugin of
`tests.host.hostile_play`, imported from its site folder and registered through a Host.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from ui_driver import close_app, kept_records, key, open_app, pump

from tabletop.play.session import HUMAN, Session
from tabletop.plugins import Host, module_sources
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tests.host import hostile_play


@pytest.mark.parametrize(("game_id", "failure"), [
    ("nim-exit", "failed while applying a move: SystemExit: 3 at play_hostile.py:"),
    ("nim-mutate", "failed while playing: the position changed in place"),
])
def test_a_game_failing_in_play_returns_to_the_launcher_with_the_game_kept(
        game_id: str, failure: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    site.mkdir()
    hostile_play.install_play_hostile(site)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "play_hostile", raising=False)
    plugin = importlib.import_module("play_hostile")

    def host() -> Host:
        return Host(module_sources([("play_hostile", plugin)]), disabled=[]).load()

    window = open_app(host, tmp_path / "data", animation=0.0)
    try:
        app = window.app
        app.start_game(game_id, Session.new(app.host.game(game_id), 2, {}, 1,
                                            (HUMAN, HUMAN)).record())
        played = 0
        while isinstance(window.current_view, GameScreen) and played < 12:
            screen = window.current_view
            # Enter on the board plays its selected move, the first of a new position.
            assert screen.board_focused and screen.renderer.selected == 0
            key(window, arcade.key.ENTER)
            played += 1
        view = window.current_view
        assert isinstance(view, LauncherScreen), "the failure did not leave the game"
        assert view.message.startswith(f"Plugin 'play_hostile' (game '{game_id}') {failure}")
        assert view.message.endswith("Your game is saved; choose Continue to retry.")
        pump(window, 3)  # the event loop goes on
        (record,) = kept_records(window)
        assert record.game == game_id and len(record.moves) == played - 1
    finally:
        close_app(window)
