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

from tabletop.model import TabletopError
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.ui import storage
from tabletop.ui._arcade import arcade, load_fonts
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.fullscreen import FullScreen
from tabletop.ui.renderer import Renderer
from tabletop.ui.session import Session
from tabletop.ui.worker import AIWorker, HostFactory, default_factory

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (800, 540)


class PluginFailure(Exception):
    """Plugin code raised; the app names the plugin and goes back to the launcher."""


#: Events that are the frame clock itself; every other event (input, resize, expose,
#: focus) may change what the window shows.
_CLOCK_EVENTS = frozenset({"on_update", "on_fixed_update", "on_draw", "on_refresh"})


class AppWindow(arcade.Window):
    """The app's window: draws only when something changed; stops the AI worker on close.

    Arcade's clock still calls `on_update` 60 times a second (it polls the AI worker and
    advances animations, which costs next to nothing), but a frame is drawn only when an
    event arrived, a screen asked for it (`request_redraw`, which `Screen.invalidate`
    calls) or the screen says it animates. On software OpenGL an idle frame costs ~1 % of
    a core each, so drawing 60 unchanged frames a second burned half a core.
    """

    app: App

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._stale = True  # set before super().__init__, which already sends events
        super().__init__(*args, **kwargs)

    def request_redraw(self) -> None:
        """Draw a frame at the next tick of the clock."""
        self._stale = True

    @property
    def wants_frame(self) -> bool:
        """True if the next tick must draw: something changed or the screen animates."""
        return self._stale or bool(getattr(self.current_view, "animating", False))

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        if event_type not in _CLOCK_EVENTS:
            self._stale = True
        return super().dispatch_event(event_type, *args)

    def draw(self, dt: float) -> None:
        """The event loop's frame: skipped while nothing changed (idle costs nothing)."""
        if not self.wants_frame:
            return
        self._stale = False
        super().draw(dt)

    def on_close(self) -> None:
        self.app.remember_window()
        self.app.worker.shutdown()
        super().on_close()


class App:
    """The state shared by all screens and the navigation between them."""

    def __init__(self, host: Host, window: AppWindow, host_factory: HostFactory,
                 directory: Path,
                 settings: tuple[storage.Settings, str | None] | None = None) -> None:
        """`settings` are the loaded settings and their load message (default: load)."""
        self.host = host
        self.window = window
        self.directory = directory
        self.settings, message = settings or storage.Settings.load(directory)
        self.notice = message
        self.worker = AIWorker(host_factory)
        self.fullscreen = FullScreen(window)

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
            record = Record.from_json(path.read_text(encoding="utf-8"))
            session = Session.from_record(self.host, record)
        except (OSError, UnicodeDecodeError, TabletopError) as exc:
            moved = storage.move_aside(path) if path.exists() else None
            where = f"; it was moved to {moved.name}" if moved else ""
            self.show_launcher(f"The saved game could not be resumed ({exc}){where}.")
            return
        self.start_game(record.game, session)

    def quit(self) -> None:
        """Close the window (the event loop ends), remembering its size."""
        self.remember_window()
        self.window.close()

    # -- services ------------------------------------------------------------------------
    def autosave(self, session: Session) -> None:
        """Write the game in progress atomically to the autosave file."""
        storage.write_autosave(self.directory, session.record())

    def save_settings(self) -> None:
        """Persist the settings."""
        self.settings.save(self.directory)

    def toggle_fullscreen(self) -> None:
        """F11: switch full screen on or off in the same window, and remember it."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_fullscreen()
        self.remember_window()

    def apply_fullscreen(self) -> None:
        """Make the window match the full-screen setting (the screen lays out again)."""
        try:
            self.fullscreen.set(self.settings.fullscreen)
        except Exception as exc:  # the platform refuses: stay windowed, and say so
            self.settings.fullscreen = False
            self.notice = f"Full screen is not available here ({type(exc).__name__})."
        view = self.window.current_view
        if view is not None and hasattr(view, "invalidate"):
            view.invalidate()

    def remember_window(self) -> None:
        """Save the full-screen state and the windowed size for the next launch."""
        width, height = (self.fullscreen.windowed_size if self.fullscreen.on
                         else self.window.get_size())
        self.settings.window_width, self.settings.window_height = int(width), int(height)
        try:
            self.save_settings()
        except OSError as exc:  # a full or read-only disk loses the preference only
            self.notice = f"The settings could not be saved ({exc})."

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


def window_size(settings: storage.Settings) -> tuple[int, int]:
    """The size to open the window at: the one saved last time, else the default."""
    if settings.window_width <= 0 or settings.window_height <= 0:
        return DEFAULT_SIZE
    return (max(MINIMUM_SIZE[0], min(int(settings.window_width), 7680)),
            max(MINIMUM_SIZE[1], min(int(settings.window_height), 4320)))


def make_window(host: Host, size: tuple[int, int] | None = None, visible: bool = True,
                host_factory: HostFactory | None = None,
                directory: Path | None = None) -> AppWindow:
    """The app window showing the launcher, without running the event loop.

    `size` defaults to the size saved at the last close; `host_factory` builds the AI
    worker's own host (default: the installed plugins with the same plugins blocked as
    `host`); `directory` overrides the data directory.
    """
    host.load()
    load_fonts()
    directory = directory or storage.data_dir()
    settings = storage.Settings.load(directory)
    width, height = size or window_size(settings[0])
    # No MSAA: on software OpenGL it multiplies the cost of every frame by ~4-7 (measured
    # in bench/ui.py) and flat boards, text and sprites do not need it.
    window = AppWindow(width, height, "Tabletop", resizable=True, visible=visible,
                       antialiasing=False)
    with contextlib.suppress(Exception):  # headless windows have no size limits to set
        window.set_minimum_size(*MINIMUM_SIZE)
    app = App(host, window, host_factory or default_factory(host), directory, settings)
    window.app = app
    app.show_launcher()
    if app.settings.fullscreen:
        app.apply_fullscreen()  # the same window covers the screen, windowed size kept
    return window


def run_app(host: Host) -> None:
    """Open the app on the launcher and run until the window is closed."""
    window = make_window(host)
    try:
        arcade.run()
    finally:
        window.app.worker.shutdown()
