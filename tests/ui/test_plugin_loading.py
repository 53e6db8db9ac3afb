"""The app window opens before the plugins are loaded and keeps drawing while a slow plugin
loads: a splash names each plugin as it loads, then the launcher shows the games."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import click_button, click_continue, close_app, pump, screenshot, wait_until

from games.versus.game import VersusGame
from tabletop import hookimpl
from tabletop.plugins import Host, PluginSource, module_sources
from tabletop.record import record_of, start
from tabletop.store import saves
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.loading import LoadingScreen
from tests.host import hostile


def texts(window: Any) -> str:
    window.current_view.ensure_built()
    # (without the zero-width spaces where a long word may wrap)
    return "\n".join(t.text.replace("\u200b", "") for t in window.current_view._labels)


def test_the_window_draws_a_splash_while_a_slow_plugin_loads(tmp_path: Path) -> None:
    release = threading.Event()

    def slow_import() -> Any:
        # Holds the loading thread until the test has seen the window keep drawing.
        assert release.wait(60), "the test never let the plugin finish"
        return ui_games.Plugin()

    host = Host([*module_sources([("chess", ui_games.FailingPlugin())]),
                 PluginSource("slowpoke", "slow-games", "0.9", slow_import)], disabled=[],
                slow_seconds=0.2)
    window = make_window(host, (1280, 800), visible=False, host_factory=ui_games.make_host,
                         directory=tmp_path, load_in_background=True)
    try:
        assert isinstance(window.current_view, LoadingScreen)
        wait_until(window, lambda: "slowpoke (slow-games 0.9)  is taking a while…" in texts(
            window), seconds=30)
        pump(window, 10)  # frames drawn while the loading thread is held in the import
        assert not host.loaded and isinstance(window.current_view, LoadingScreen)
        shown = texts(window)
        assert "Loading plugins…" in shown and "chess ((in process) -)" in shown
        screenshot(window, "00_loading_plugins")
        assert window.current_view.button_named("quit") is not None
        release.set()
        wait_until(window, lambda: isinstance(window.current_view, LauncherScreen), seconds=30)
        names = {b.name for b in window.current_view.buttons}
        assert {"game:tictactoe", "game:broken"} <= names
        assert "chess (unavailable)" in texts(window)
    finally:
        release.set()
        close_app(window)


def test_quit_while_a_plugin_hangs_closes_the_window(tmp_path: Path) -> None:
    release = threading.Event()
    host = Host([PluginSource("hangs", "hanging", "1", lambda: release.wait(60))],
                disabled=[], slow_seconds=30)
    window = make_window(host, (1000, 700), visible=False, host_factory=ui_games.make_host,
                         directory=tmp_path, load_in_background=True)
    try:
        wait_until(window, lambda: "hangs (hanging 1)  loading…" in texts(window))
        quit_button = window.current_view.button_named("quit")
        # The click's own handler (ui_driver's click would draw a frame after the close).
        window.current_view.on_mouse_press(*map(int, quit_button.rect.center),
                                           arcade.MOUSE_BUTTON_LEFT, 0)
        assert window.closed and not host.loaded
    finally:
        release.set()
        window.app.worker.shutdown()


def test_a_versus_autosave_continues_with_an_impostor_installed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A real installed plugin registers its own game under the id 'versus' (and would load
    # first if entry-point names decided); the good autosave must resume the built-in game.
    site = tmp_path / "site"
    site.mkdir()
    hostile.install(site, "versus-hijack", "hijack_versus", hostile.HIJACK,
                    {"aaa": "hijack_versus"})
    monkeypatch.syspath_prepend(str(site))
    data = tmp_path / "data"
    data.mkdir()
    game = VersusGame()
    state, options = start(game, 2, {}, 5)
    states, moves = [state], []
    for _ in range(4):
        moves.append(game.legal_moves(state)[0])
        state = game.apply(state, moves[-1])
        states.append(state)
    saves.write_autosave(data, record_of(game, 2, options, 5, states, moves,
                                           ("human", "human")))
    window = make_window(Host(disabled=["verso"]), (1280, 800), visible=False, directory=data,
                         load_in_background=True)
    try:
        wait_until(window, lambda: isinstance(window.current_view, LauncherScreen))
        assert "aaa (unavailable): game id 'versus' is already taken by plugin 'versus'" in (
            texts(window))
        click_continue(window)
        screen = window.current_view
        assert isinstance(screen, GameScreen) and isinstance(screen.table.session.game, VersusGame)
        assert screen.table.session.moves == moves
        # The autosave went into the library as it is: nothing was moved aside as unreadable.
        assert not [p.name for p in data.rglob("*") if ".bad-" in p.name]
    finally:
        close_app(window)
        sys.modules.pop("hijack_versus", None)


@pytest.mark.parametrize(("source", "where"), [
    ("raise SystemExit(4)\n", "loading its renderer: SystemExit: 4"),
    ("import sys\nfrom tabletop.ui.fallback import TextRenderer\n\n\n"
     "class Renderer(TextRenderer):\n    def __init__(self, context):\n        sys.exit(5)\n",
     "starting its renderer: SystemExit: 5"),
])
def test_a_renderer_calling_sys_exit_returns_to_the_launcher(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, where: str) -> None:
    (tmp_path / "exiting_view.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))

    class ExitingPlugin:
        @hookimpl
        def tabletop_register_games(self, register: Any) -> None:
            register(ui_games.TicTacToe("exits", "Exits"))

        @hookimpl
        def tabletop_register_renderers(self, register: Any) -> None:
            register("exits", "exiting_view:Renderer")

    host = Host(module_sources([("exiting", ExitingPlugin())]), disabled=[])
    window = make_window(host, (1280, 800), visible=False, host_factory=ui_games.make_host,
                         directory=tmp_path / "data")
    try:
        pump(window)
        click_button(window, "game:exits")
        click_button(window, "start")
        assert isinstance(window.current_view, LauncherScreen)
        assert f"The plugin 'exiting' failed while {where}" in texts(window)
    finally:
        close_app(window)
        sys.modules.pop("exiting_view", None)
