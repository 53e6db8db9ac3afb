"""The desktop app: one resizable window, its screens, settings, autosave and AI worker.

Only the launcher and the splash are imported with the app; every other screen is
imported when it is first shown, off the path to the first frame.

`run_app(host)` opens the window at once, loads the plugins behind a splash (a slow plugin
never holds the window back), then shows the launcher and runs until the window is closed.
`make_window(host, size, visible)` builds the same window without running the event loop
(tests, screenshots, benchmarks).
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import traceback
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.ai.base import Budget
from tabletop.i18n import N_, _
from tabletop.limits import one_line
from tabletop.model import GameInfo, TabletopError
from tabletop.net.protocol import DEFAULT_PORT
from tabletop.play.table import Table
from tabletop.play.worker import AIWorker, HostFactory, default_factory
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import Seat
from tabletop.store.paths import data_dir, reason
from tabletop.store.records import read_game
from tabletop.store.saves import clean_temps
from tabletop.store.settings import Settings
from tabletop.ui._arcade import arcade, load_fonts
from tabletop.ui.failures import PluginFailure
from tabletop.ui.fullscreen import FullScreen
from tabletop.ui.keeper import GameKeeper
from tabletop.ui.keys import forget_released_tab, normal_key, shift_tab_symbols
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.loading import LoadingScreen, PluginLoader
from tabletop.ui.navigator import Navigator
from tabletop.ui.sound import SoundBoard

if TYPE_CHECKING:
    from tabletop.net.joined import Joined
    from tabletop.net.seat import OnlineSeat
    from tabletop.ui.renderer import Renderer

#: What the app was doing when a plugin's renderer failed to load (`failure_message`).
LOADING_RENDERER = N_("loading its renderer")

DEFAULT_SIZE = (1280, 800)
MINIMUM_SIZE = (800, 540)


#: Events that are the frame clock itself; every other event (input, resize, expose,
#: focus) may change what the window shows.
_CLOCK_EVENTS = frozenset({"on_update", "on_fixed_update", "on_draw", "on_refresh"})


class AppWindow(arcade.Window):
    """The app's window: draws only when something changed; stops the AI worker on close.

    Arcade's clock still calls `on_update` 60 times a second (it polls the AI worker and
    advances animations, which costs next to nothing), but a frame is drawn only when an
    event arrived, a screen asked for it (`request_redraw`, which `Screen.invalidate`
    calls) or the screen says it animates (and once more when it stops, for the picture
    the animation ends on: a screen that animates need not ask for it). On software
    OpenGL an idle frame costs ~1 % of a core each, so drawing 60 unchanged frames a
    second burned half a core.
    """

    app: App

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._stale = True  # set before super().__init__, which already sends events
        #: True if the last frame drawn was an animation's: its end needs one more frame.
        self._animated_last = False
        self._shift_tab: frozenset[int] = frozenset()
        super().__init__(*args, **kwargs)
        self._shift_tab = shift_tab_symbols(self)

    def request_redraw(self) -> None:
        """Draw a frame at the next tick of the clock."""
        self._stale = True

    @property
    def wants_frame(self) -> bool:
        """True if the next tick must draw: something changed, the screen animates, or
        it has just stopped (the tick that ended an animation left its last frame on
        screen, with the moving things in mid-flight)."""
        return self._stale or self._animated_last or self._animating

    @property
    def _animating(self) -> bool:
        return bool(getattr(self.current_view, "animating", False))

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        if event_type not in _CLOCK_EVENTS:
            self._stale = True
        if event_type in ("on_key_press", "on_key_release") and args:
            # Every screen sees Shift+Tab as Tab with Shift (X sends another key).
            if event_type == "on_key_release":
                forget_released_tab(getattr(self, "pressed_keys", None), args[0],
                                    self._shift_tab)
            args = (*normal_key(args[0], args[1], self._shift_tab), *args[2:])
        return super().dispatch_event(event_type, *args)

    def draw(self, dt: float) -> None:
        """The event loop's frame: skipped while nothing changed (idle costs nothing)."""
        if not self.wants_frame:
            return
        self._stale = False
        self._animated_last = self._animating
        super().draw(dt)

    def on_close(self) -> None:
        self.app.stop_listening()
        # A screen that holds something beyond the app's own (an online table hosted
        # here: its server writes the game) lets it go first.
        closing = getattr(self.current_view, "closing", None)
        if callable(closing):
            closing()
        self.app.remember_window()
        self.app.worker.shutdown()
        self.app.keeper.close()
        super().on_close()


class App:
    """The state shared by all screens and the navigation between them.

    The one implementation of both `Services` (what a screen may use) and `Navigator`
    (how it reaches another screen): the only module that imports the screens.
    """

    def __init__(self, host: Host, window: AppWindow, host_factory: HostFactory,
                 directory: Path, budget: Budget | None = None,
                 settings: tuple[Settings, str | None] | None = None) -> None:
        """`settings` are the loaded settings and their load message (default: load)."""
        self.host = host
        self.budget = budget
        self.window = window
        self.directory = directory
        clean_temps(directory)
        self.settings, message = settings or Settings.load(directory)
        self.keeper = GameKeeper(directory)
        self.notice = " ".join(m for m in (message, *self.keeper.messages) if m) or None
        #: Why the last settings write failed, until a screen shows it.
        self.save_problem: str | None = None
        self.worker = AIWorker(host_factory)
        self.fullscreen = FullScreen(window)
        self.sounds = SoundBoard(lambda: self.settings.volume)
        self.loader: PluginLoader | None = None  # set while plugins load behind the splash
        #: The port a table hosted here is served on (taken: any free one).
        self.port = DEFAULT_PORT
        self._start_language()

    # -- language ------------------------------------------------------------------------
    def _start_language(self) -> None:
        """Speak the language of `--lang`, `TABLETOP_LANG`, Settings or the system (as the
        command line chooses it, `tabletop.cli.language`), and follow every change."""
        flag = i18n.flag_of(sys.argv[1:])
        code, _warning = i18n.resolve(flag if flag in i18n.LANGUAGES else None,
                                      self.settings.language or None)
        i18n.set_language(code)
        me = weakref.ref(self)

        def changed(code: str) -> None:
            app = me()
            if app is None:
                stop()
            else:
                app.language_changed()

        stop = i18n.on_change(changed)
        self._stop_listening = stop

    def stop_listening(self) -> None:
        """Follow the language no longer (the window closes)."""
        self._stop_listening()

    def set_language(self, code: str) -> None:
        """Settings' Language: `code` ("" for the system's) is saved and every screen
        shows its texts in it at once."""
        self.settings.language = code
        self.save_settings()
        i18n.set_language(code or i18n.resolve(None, None)[0])

    def language_changed(self) -> None:
        """The language changed: the pictures drawn with words are drawn again, and the
        screen shown is laid out again (its texts made anew); a screen kept underneath
        (the game under its rules) is laid out again when it is shown (`on_show_view`)."""
        from tabletop.ui import thumbnails

        thumbnails.forget()
        view = self.window.current_view
        if view is not None and hasattr(view, "invalidate"):
            view.invalidate()
        self.window.request_redraw()

    # -- navigation ----------------------------------------------------------------------
    @property
    def navigator(self) -> Navigator:
        """The way between the screens: the app itself (it alone knows them)."""
        return self

    def show_launcher(self, message: str | None = None) -> None:
        """Go to the launcher, showing `message` (an error or notice) if given."""
        if self.loader is not None and not self.loader.done:
            self.window.show_view(LoadingScreen(self, self.loader))
            return
        self.window.show_view(LauncherScreen(self, message or self._take_notice()))

    def _take_notice(self) -> str | None:
        notice, self.notice = self.notice, None
        problem = self.take_save_problem()
        return " ".join(m for m in (notice, problem) if m) or None

    def show_setup(self, game_id: str, preset: Table | None = None,
                   position: Record | None = None) -> None:
        """Go to the set-up screen of a game (pre-filled from `preset` if given; only the
        seats, for a new game that plays on from the moves of `position`)."""
        from tabletop.ui.setup_screen import SetupScreen

        self.window.show_view(SetupScreen(self, game_id, preset, position))

    def show_library(self, message: str | None = None) -> None:
        """Go to the Library screen (every kept game)."""
        from tabletop.ui.library_screen import LibraryScreen

        self.window.show_view(LibraryScreen(self, message))

    def show_stats(self) -> None:
        """Go to the Statistics screen."""
        from tabletop.ui.stats_screen import StatsScreen

        self.window.show_view(StatsScreen(self))

    def show_replay(self, entry_id: str, review: bool = False) -> None:
        """Open the replay viewer on a kept game (a message if it does not replay); with
        `review`, the computer's review of it starts at once (a kept one is shown)."""
        from tabletop.ui.replay_screen import ReplayScreen

        try:
            screen = ReplayScreen.open(self, entry_id)
        except PluginFailure as failure:
            self.show_library(str(failure))
            return
        except TabletopError as exc:
            self.show_library(_("The game cannot be replayed ({problem}).").format(
                problem=exc))
            return
        self.window.show_view(screen)
        if review:
            screen.start_review()

    def open_entry(self, entry_id: str) -> None:
        """A kept game: replayed if finished, else continued."""
        library = self.keeper.library
        try:
            finished = library is not None and library.get(entry_id).result is not None
        except TabletopError as exc:
            self.show_launcher(str(exc))
            return
        if finished:
            self.show_replay(entry_id)
        else:
            self.continue_game(entry_id)

    def show_settings(self) -> None:
        """Go to the settings screen."""
        from tabletop.ui.settings_screen import SettingsScreen

        self.window.show_view(SettingsScreen(self))

    def show_rules(self, info: GameInfo, back: arcade.View,
                   symbols: Sequence[str] = ()) -> None:
        """Go to the rules of the game `info` (the board's legend `symbols` last); closing
        them shows `back` again."""
        from tabletop.ui.rules_screen import RulesScreen

        self.window.show_view(RulesScreen(self, info, back, symbols))

    def back(self, view: arcade.View) -> None:
        """Show again `view`, a screen left open underneath."""
        self.window.show_view(view)

    def start_game(self, game_id: str, game: Record, seats: Sequence[Seat] | None = None,
                   entry_id: str | None = None) -> None:
        """Open the game screen on the game of `game` (a new game's opening or a kept
        game), kept in the library (a new entry unless `entry_id` continues one; `seats`
        as set up, else as kept), saved first so that Continue finds it."""
        from tabletop.ui.game_screen import GameScreen

        try:
            screen = GameScreen(self, game_id, game, seats, entry_id)
        except PluginFailure as failure:
            self.show_launcher(str(failure))
            return
        self.window.show_view(screen)

    def host_game(self, game_id: str, kinds: Sequence[str], names: Sequence[str],
                  options: dict[str, Any], seed: int, time_limit: float | None) -> None:
        """Host an online table here and show the seat of the person here; raises
        `TabletopError` if it cannot be hosted."""
        from tabletop.net.seat import OnlineSeat

        seat = OnlineSeat.host_table(self.host, self.directory, game_id, kinds, names,
                                     options, seed, time_limit, budget=self.ai_budget(),
                                     port=self.port)
        self.play_online(seat)

    def show_tutorial(self, game_id: str, step: int | None = None) -> None:
        """Go to the tutorial of `game_id` at `step` (default: where it was left); the
        launcher says why if it cannot be shown."""
        from tabletop.ui.tutorial_screen import TutorialScreen  # loads when asked for

        try:
            screen = TutorialScreen.open(self, game_id, step)
        except PluginFailure as failure:
            self.show_launcher(str(failure))
            return
        except TabletopError as exc:
            self.show_launcher(one_line(_("The tutorial cannot be shown: {problem}").format(
                problem=exc)))
            return
        self.window.show_view(screen)

    def show_join(self, rejoin: Joined | None = None) -> None:
        """Go to the Join screen; with `rejoin` (a table this machine holds a seat at),
        its fields filled in and the seat taken again at once."""
        from tabletop.ui.join_screen import JoinScreen  # online play loads when asked for

        screen = JoinScreen(self)
        self.window.show_view(screen)
        if rejoin is not None:
            screen.rejoin(rejoin)

    def play_online(self, seat: OnlineSeat) -> None:
        """Show the game screen of a seat at an online table."""
        from tabletop.ui.online_screen import OnlineScreen  # online play loads when asked

        try:
            screen = OnlineScreen(self, seat)
        except PluginFailure as failure:
            seat.leave()
            self.show_launcher(str(failure))
            return
        self.window.show_view(screen)

    def continue_game(self, entry_id: str) -> None:
        """Resume a kept game; one that does not load is moved aside with a message. An
        online table hosted here is hosted again (`continue_online`): never played on at
        this screen, where the friends' seats would be this screen's to play."""
        from tabletop.net.credentials import hosted_here

        if hosted_here(self.directory, entry_id) or self._played_online(entry_id):
            self.continue_online(entry_id)
            return
        try:
            record = self.keeper.resume(self.host, entry_id)
        except Exception as exc:  # any failure to read: never a crash, the file kept aside
            try:
                moved: str | None = self.keeper.set_aside(entry_id)
            except Exception:
                moved = None
            words = (_("The saved game could not be resumed ({problem}).") if moved is None
                     else _("The saved game could not be resumed ({problem}); it was moved "
                            "to {file}."))
            self.show_launcher(one_line(words.format(problem=reason(exc), file=moved)))
            return
        self.start_game(record.game, record, entry_id=entry_id)

    def _played_online(self, entry_id: str) -> bool:
        """True if the kept game `entry_id` was played at an online table."""
        library = self.keeper.library
        try:
            return library is not None and \
                read_game(library.get(entry_id).file)[1].get("origin") == "online"
        except (OSError, ValueError, TabletopError):
            return False  # unreadable: continuing it says why

    def continue_online(self, entry_id: str) -> None:
        """Host the online table kept as `entry_id` again, with its code and seat tokens
        (the friends' apps reconnect by themselves), and show the seat here; the launcher
        says why if it cannot be."""
        from tabletop.net.seat import OnlineSeat

        self.keeper.flush()
        try:
            seat = OnlineSeat.rehost(self.host, self.directory, entry_id,
                                     budget=self.ai_budget(), port=self.port)
        except TabletopError as exc:
            self.show_launcher(one_line(_("This game was played online and cannot be "
                                          "hosted again: {problem}").format(problem=exc)))
            return
        self.play_online(seat)

    def quit(self) -> None:
        """Close the window (the event loop ends), remembering its size."""
        self.remember_window()
        self.window.close()

    def ai_budget(self) -> Budget:
        """The AI seats' budget: the one the app was opened with, else the thinking time
        set in Settings."""
        return self.budget or Budget(seconds=self.settings.ai_seconds)

    # -- services ------------------------------------------------------------------------
    def request_redraw(self) -> None:
        """Draw a frame at the next tick of the clock."""
        self.window.request_redraw()

    def autosave(self, game: Table) -> None:
        """Keep the game in the library: queued here, written by the keeper's thread.

        If the disk refuses (read-only, full, not a folder) the game goes on in memory:
        `take_save_problem` says so once, not at every move, until a save succeeds again.
        """
        self.keeper.keep(game)

    def take_save_problem(self) -> str | None:
        """The message of a write that failed, once (None if there is nothing new)."""
        errors = self.keeper.take_errors()
        problem = self.save_problem or (one_line(errors[-1]) if errors else None)
        self.save_problem = None
        return problem

    def save_settings(self) -> None:
        """Persist the settings; if the disk refuses, they apply until the app closes."""
        try:
            self.settings.save(self.directory)
        except (OSError, ValueError) as exc:
            self.save_problem = one_line(
                _("Settings cannot be saved ({problem}); they apply until you quit.").format(
                    problem=reason(exc)))

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
            self.notice = _("Full screen is not available here ({problem}).").format(
                problem=type(exc).__name__)
        view = self.window.current_view
        if view is not None and hasattr(view, "invalidate"):
            view.invalidate()

    def remember_window(self) -> None:
        """Save the full-screen state and the windowed size for the next launch."""
        width, height = (self.fullscreen.windowed_size if self.fullscreen.on
                         else self.window.get_size())
        self.settings.window_width, self.settings.window_height = int(width), int(height)
        self.save_settings()  # a full or read-only disk loses the preference only

    def plugin_name(self, game_id: str) -> str:
        """The name of the plugin that registered `game_id`."""
        owner = self.host.owner(game_id)
        return owner.name if owner is not None else game_id

    def make_renderer(self, game_id: str) -> type[Renderer]:
        """The renderer class of a game (the generic one if it registered none)."""
        from tabletop.ui.fallback import TextRenderer  # not on the way to the first frame

        target = self.host.renderers.get(game_id)
        if target is None:
            return TextRenderer
        module_name, _, attribute = target.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), attribute)
        except (Exception, SystemExit) as exc:  # plugin code never ends the app
            raise PluginFailure(self.failure_message(game_id, LOADING_RENDERER, exc)
                                ) from exc
        return cls

    def failure_message(self, game_id: str, where: str, exc: BaseException) -> str:
        """The launcher's message for plugin code that raised (also printed to stderr);
        `where` is what the plugin was doing, in English ("loading its renderer", marked
        with `N_` by the caller), put in the player's language here."""
        traceback.print_exception(exc, file=sys.stderr)
        return _("The plugin {plugin} failed while {doing}: {error}. Your game is saved; "
                 "choose Continue to retry.").format(
            plugin=repr(self.plugin_name(game_id)), doing=i18n.translated(where),
            error=f"{type(exc).__name__}: {exc}")


def window_size(settings: Settings) -> tuple[int, int]:
    """The size to open the window at: the one saved last time, else the default."""
    if settings.window_width <= 0 or settings.window_height <= 0:
        return DEFAULT_SIZE
    return (max(MINIMUM_SIZE[0], min(int(settings.window_width), 7680)),
            max(MINIMUM_SIZE[1], min(int(settings.window_height), 4320)))


def make_window(host: Host, size: tuple[int, int] | None = None, visible: bool = True,
                host_factory: HostFactory | None = None,
                directory: Path | None = None, budget: Budget | None = None,
                load_in_background: bool = False) -> AppWindow:
    """The app window showing the launcher, without running the event loop.

    `size` defaults to the size saved at the last close; `host_factory` builds the AI
    worker's own host (default: the installed plugins with the same plugins blocked as
    `host`); `directory` overrides the data directory; `budget` fixes the AI seats' budget
    (e.g. iterations, for a reproducible game) instead of the thinking time in Settings.
    With `load_in_background`, the plugins load in a thread while the window shows a
    splash naming them, and the launcher follows; otherwise they load before the window
    opens.
    """
    if not load_in_background:
        host.load()
    load_fonts()
    directory = directory or data_dir()
    settings = Settings.load(directory)
    width, height = size or window_size(settings[0])
    # No MSAA: on software OpenGL it multiplies the cost of every frame by ~4-7 (measured
    # in bench/ui.py) and flat boards, text and sprites do not need it.
    window = AppWindow(width, height, "Tabletop", resizable=True, visible=visible,
                       antialiasing=False)
    with contextlib.suppress(Exception):  # headless windows have no size limits to set
        window.set_minimum_size(*MINIMUM_SIZE)
    app = App(host, window, host_factory or default_factory(host), directory, budget,
              settings)
    window.app = app
    if load_in_background:
        app.loader = PluginLoader(host).start()
    app.show_launcher()
    if app.settings.fullscreen:
        app.apply_fullscreen()  # the same window covers the screen, windowed size kept
    return window


def run_app(host: Host, entry_id: str | None = None) -> None:
    """Open the app and run until the window is closed: on the launcher (the plugins load
    behind a splash), or on the kept game `entry_id` (the plugins load first)."""
    window = make_window(host, load_in_background=entry_id is None)
    if entry_id is not None:
        window.app.open_entry(entry_id)
    try:
        arcade.run()
    finally:
        window.app.worker.shutdown()
        window.app.keeper.close()
