"""The desktop app: one resizable window, its screens, settings, autosave and AI worker.

`run_app(host)` opens the window on the launcher and runs until it is closed.
`make_window(host, size, visible)` builds the same window without running the event loop
(tests, screenshots, benchmarks).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import sys
import traceback
from pathlib import Path
from typing import Any

from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.plugins import Host
from tabletop.ui import storage
from tabletop.ui._arcade import arcade, load_fonts
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.renderer import Renderer
from tabletop.ui.session import Session
from tabletop.ui.worker import AIWorker, HostFactory, default_factory

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (800, 540)


class PluginFailure(Exception):
    """Plugin code raised; the app names the plugin and goes back to the launcher."""


class AppWindow(arcade.Window):
    """The app's window; stops the AI worker when it closes."""

    app: App

    def on_close(self) -> None:
        self.app.worker.shutdown()
        super().on_close()


class App:
    """The state shared by all screens and the navigation between them."""

    def __init__(self, host: Host, window: AppWindow, host_factory: HostFactory,
                 directory: Path) -> None:
        self.host = host
        self.window = window
        self.directory = directory
        storage.clean_stale_temps(directory)
        self.settings, message = storage.Settings.load(directory)
        self.notice = message
        #: Why the last write failed, until a screen shows it (see `take_save_problem`).
        self.save_problem: str | None = None
        self._saving_fails = False
        self.worker = AIWorker(host_factory)

    # -- navigation ----------------------------------------------------------------------
    def show_launcher(self, message: str | None = None) -> None:
        """Go to the launcher, showing `message` (an error or notice) if given."""
        from tabletop.ui.launcher import LauncherScreen

        self.window.show_view(LauncherScreen(self, message or self._take_notice()))

    def _take_notice(self) -> str | None:
        notice, self.notice = self.notice, None
        return notice

    def show_setup(self, game_id: str, preset: Session | None = None) -> None:
        """Go to the set-up screen of a game (pre-filled from `preset` if given)."""
        from tabletop.ui.setup_screen import SetupScreen

        self.window.show_view(SetupScreen(self, game_id, preset))

    def show_settings(self) -> None:
        """Go to the settings screen."""
        from tabletop.ui.settings_screen import SettingsScreen

        self.window.show_view(SettingsScreen(self))

    def start_game(self, game_id: str, session: Session) -> None:
        """Open the game screen on `session` (saving it first, so Continue finds it)."""
        from tabletop.ui.game_screen import GameScreen

        self.autosave(session)
        try:
            screen = GameScreen(self, game_id, session)
        except PluginFailure as failure:
            self.show_launcher(str(failure))
            return
        self.window.show_view(screen)

    def continue_game(self) -> None:
        """Resume the autosave; a save that does not load is moved aside with a message."""
        path = self.directory / storage.AUTOSAVE
        try:
            record = storage.read_autosave(self.directory)
            session = Session.from_record(self.host, record)
        except Exception as exc:  # any failure to read: never a crash, the file kept aside
            self.show_launcher(storage.set_aside(path, "The saved game could not be resumed", exc))
            return
        self.start_game(record.game, session)

    def quit(self) -> None:
        """Close the window (the event loop ends)."""
        self.window.close()

    # -- services ------------------------------------------------------------------------
    def autosave(self, session: Session) -> None:
        """Write the game in progress atomically to the autosave file.

        If the disk refuses (read-only, full, not a folder) the game goes on in memory:
        `save_problem` says so once, not at every move, until a save succeeds again.
        """
        try:
            storage.write_autosave(self.directory, session.record())
        except (OSError, TabletopError) as exc:
            if not self._saving_fails:
                self._saving_fails = True
                # Short: it is a status line of the sidebar ("Not saving: Read-only file
                # system"); the game itself goes on in memory.
                self.save_problem = one_line(f"Not saving: {storage.reason(exc)}")
            return
        self._saving_fails = False

    def take_save_problem(self) -> str | None:
        """The message of a write that failed, once (None if there is nothing new)."""
        problem, self.save_problem = self.save_problem, None
        return problem

    def save_settings(self) -> None:
        """Persist the settings; if the disk refuses, they apply until the app closes."""
        try:
            self.settings.save(self.directory)
        except (OSError, ValueError) as exc:
            self.save_problem = one_line(
                f"Settings cannot be saved ({storage.reason(exc)}); they apply until you quit.")

    def toggle_fullscreen(self) -> None:
        """Switch fullscreen on or off and remember it."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_fullscreen()
        self.save_settings()

    def apply_fullscreen(self) -> None:
        """Make the window match the fullscreen setting (a headless window cannot)."""
        try:
            self.window.set_fullscreen(self.settings.fullscreen)
        except Exception as exc:  # no screen (headless) or the platform refuses
            self.notice = f"Fullscreen is not available here ({type(exc).__name__})."

    def plugin_name(self, game_id: str) -> str:
        """The name of the plugin that registered `game_id`."""
        for plugin in self.host.plugins:
            if game_id in plugin.games:
                return plugin.name
        return game_id

    def make_renderer(self, game_id: str) -> type[Renderer]:
        """The renderer class of a game (the generic one if it registered none)."""
        target = self.host.renderers.get(game_id)
        if target is None:
            return TextRenderer
        module_name, _, attribute = target.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), attribute)
        except Exception as exc:
            raise PluginFailure(self.failure_message(game_id, "loading its renderer", exc)
                                ) from exc
        return cls

    def failure_message(self, game_id: str, where: str, exc: BaseException) -> str:
        """The launcher's message for plugin code that raised (also printed to stderr)."""
        traceback.print_exception(exc, file=sys.stderr)
        return (f"The plugin {self.plugin_name(game_id)!r} failed while {where}: "
                f"{type(exc).__name__}: {exc}. Your game is saved; choose Continue to retry.")


def plugin_files(*objects: Any) -> tuple[str, ...]:
    """The source directories of the given objects' classes (their plugin's code)."""
    dirs = []
    for obj in objects:
        try:
            dirs.append(str(Path(inspect.getfile(type(obj))).resolve().parent))
        except (TypeError, OSError):
            continue
    return tuple(dirs)


def raised_in(exc: BaseException, directories: tuple[str, ...]) -> bool:
    """True if any frame of the exception's traceback runs code from `directories`."""
    for frame in traceback.extract_tb(exc.__traceback__):
        path = str(Path(frame.filename).resolve())
        if any(path.startswith(d) for d in directories):
            return True
    return False


def make_window(host: Host, size: tuple[int, int] = DEFAULT_SIZE, visible: bool = True,
                host_factory: HostFactory | None = None,
                directory: Path | None = None) -> AppWindow:
    """The app window showing the launcher, without running the event loop.

    `host_factory` builds the AI worker's own host (default: the installed plugins with
    the same plugins blocked as `host`); `directory` overrides the data directory.
    """
    host.load()
    load_fonts()
    # No MSAA: on software OpenGL it multiplies the cost of every frame by ~4-7 (measured
    # in bench/ui.py) and flat boards, text and sprites do not need it.
    window = AppWindow(size[0], size[1], "Tabletop", resizable=True, visible=visible,
                       antialiasing=False)
    with contextlib.suppress(Exception):  # headless windows have no size limits to set
        window.set_minimum_size(*MINIMUM_SIZE)
    app = App(host, window, host_factory or default_factory(host),
              directory or storage.data_dir())
    window.app = app
    if app.settings.fullscreen:
        app.apply_fullscreen()
    app.show_launcher()
    return window


def run_app(host: Host) -> None:
    """Open the app on the launcher and run until the window is closed."""
    window = make_window(host)
    try:
        arcade.run()
    finally:
        window.app.worker.shutdown()
