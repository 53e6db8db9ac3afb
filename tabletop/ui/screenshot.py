"""Render a recorded position, headless, to a PNG (`tabletop screenshot`): the game screen
at the record's end, or the replay viewer at a chosen ply.

A plugin's code that fails while the screen is built or drawn (its renderer, its game)
is one `TabletopError` naming the plugin, and no picture is written: the app would have
gone back to the launcher or the Library, and a picture of that is not the one asked for.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop.limits import read_text
from tabletop.model import TabletopError
from tabletop.plugins import Host
from tabletop.record import Record


def read_record(record_path: str | Path) -> Record:
    """The record at `record_path`, read capped and without blocking (a named pipe or a
    device is refused before any read); raises `TabletopError` naming the file."""
    try:
        return Record.read(record_path)
    except OSError as exc:
        raise TabletopError(f"cannot read record {record_path}: {exc.strerror or exc}") from None
    except TabletopError as exc:
        raise TabletopError(f"{record_path}: {exc}") from None


#: What the app adds to a plugin's failure for a player; a screenshot has no game to go on.
_APP_ADVICE = " Your game is saved; choose Continue to retry."


def _plain(message: object) -> str:
    """The app's message for a plugin failure, without its advice to the player."""
    text = str(message)
    return text[: -len(_APP_ADVICE)] if text.endswith(_APP_ADVICE) else text


def _draw_frames(window: Any, view: Any, what: str) -> None:
    """Draw two frames of `view` (the first lays out; the second is the picture).

    Raises `TabletopError` naming the plugin if plugin code failed on the way: the app
    then left `view` for the launcher or the Library with the failure as its message.
    The app prints such a failure's traceback to stderr; here the one line says it all.
    """
    noise = io.StringIO()
    with contextlib.redirect_stderr(noise):
        for _ in range(2):
            view.on_update(1 / 60)
            view.on_draw()
    if window.current_view is not view:
        reason = getattr(window.current_view, "message", None) or "a plugin failed"
        raise TabletopError(f"cannot draw {what}: {_plain(reason)}")
    sys.stderr.write(noise.getvalue())  # what else was said (a library's warning) stays


def render_record(host: Host, game_id: str, record_path: str | Path, out_path: str | Path,
                  size: tuple[int, int] = (1280, 800)) -> None:
    """Draw the game screen at the record's final position and save it as a PNG.

    Raises `TabletopError` with a clear message for an unknown game, an unreadable or
    mismatched record, a bad size or an output path that cannot be written.
    """
    width, height = size
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise TabletopError(f"screenshot size {width}x{height} is out of range "
                            "(320x240 to 7680x4320)")
    game = host.load().game(game_id)
    record = read_record(record_path)
    if record.game != game.info.id:
        raise TabletopError(f"record {record_path} is of game {record.game!r}, not {game_id!r}")
    out = Path(out_path)
    if not out.parent.is_dir():
        raise TabletopError(f"cannot write {out}: folder {out.parent} does not exist")
    os.environ.setdefault("ARCADE_HEADLESS", "1")  # before arcade is first imported
    from tabletop.play.session import HUMAN
    from tabletop.play.table import Table
    from tabletop.ui.app import make_window
    from tabletop.ui.failures import PluginFailure
    from tabletop.ui.game_screen import GameScreen

    # A private data dir: a screenshot must not touch the player's autosave or settings.
    with tempfile.TemporaryDirectory() as scratch:
        # Draw only: no AI may start thinking.
        drawn = replace(record, agents=(HUMAN,) * record.players)
        Table.from_record(host, drawn)  # a record that does not replay is said here
        window = make_window(host, size, visible=False, directory=Path(scratch))
        try:
            try:
                with contextlib.redirect_stderr(io.StringIO()):  # the line below says it
                    screen = GameScreen(window.app, game_id, drawn)
            except PluginFailure as failure:
                raise TabletopError(f"cannot draw the position: {_plain(failure)}") from None
            window.show_view(screen)
            screen.show_panel(None)  # the board, not the game-over panel, is the picture
            _draw_frames(window, screen, "the position")
            from tabletop.ui._arcade import arcade

            image = arcade.get_image(0, 0, width, height)
            try:
                image.save(out, format="PNG")
            except OSError as exc:
                raise TabletopError(f"cannot write {out}: {exc}") from None
        finally:
            window.app.worker.shutdown()
            window.close()


def render_replay(host: Host, record_path: str | Path, ply: int, out_path: str | Path,
                  size: tuple[int, int] = (1280, 800)) -> None:
    """Draw the replay viewer of a record at `ply` (0: the start) and save it as a PNG.

    The record is kept in a private, temporary library (never the player's). Raises
    `TabletopError` with a clear message for a record that does not replay, a ply out of
    range or an output path that cannot be written.
    """
    out = Path(out_path)
    if not out.parent.is_dir():
        raise TabletopError(f"cannot write {out}: folder {out.parent} does not exist")
    # Read here first, capped and without blocking, before anything slow: the library's
    # own reading must never meet a named pipe (it would wait forever) or a device.
    try:
        read_text(Path(record_path))
    except OSError as exc:
        raise TabletopError(f"cannot read record {record_path}: "
                            f"{exc.strerror or exc}") from None
    except ValueError as exc:
        raise TabletopError(f"cannot read record {record_path}: {exc}") from None
    os.environ.setdefault("ARCADE_HEADLESS", "1")  # before arcade is first imported
    from tabletop.record import replay
    from tabletop.store.library import Library
    from tabletop.ui.app import make_window
    from tabletop.ui.failures import PluginFailure
    from tabletop.ui.replay_screen import ReplayScreen

    with tempfile.TemporaryDirectory() as scratch:
        def check(record: Record) -> None:
            replay(host.game(record.game), record)

        library = Library.open(Path(scratch))
        try:
            entry = library.import_file(Path(record_path), check)
        finally:
            library.close()  # closed on a refused record too: the scratch dir goes next
        if not 0 <= ply <= entry.plies:
            raise TabletopError(f"--ply {ply} is out of range: the record has {entry.plies} "
                                f"moves (0 is the start)")
        window = make_window(host, size, visible=False, directory=Path(scratch))
        try:
            try:
                with contextlib.redirect_stderr(io.StringIO()):  # the line below says it
                    screen = ReplayScreen.open(window.app, entry.id)
            except PluginFailure as failure:
                raise TabletopError(f"cannot draw the replay: {_plain(failure)}") from None
            window.show_view(screen)
            with contextlib.redirect_stderr(io.StringIO()):
                screen.go(ply)  # a failure shows in the next check: the Library is shown
            _draw_frames(window, screen, f"the replay at ply {ply}")
            from tabletop.ui._arcade import arcade

            try:
                arcade.get_image(0, 0, *size).save(out, format="PNG")
            except OSError as exc:
                raise TabletopError(f"cannot write {out}: {exc}") from None
        finally:
            window.app.worker.shutdown()
            window.app.keeper.close()
            window.close()


#: The screens `tabletop screenshot --screen` draws; the ones that need `--game` or
#: `--record` say so in `render_screen`.
SCREENS = ("launcher", "setup", "settings", "library", "stats", "rules", "game", "replay",
           "tutorial")


def render_screen(host: Host, name: str, out_path: str | Path, size: tuple[int, int],
                  game_id: str | None = None, record_path: str | Path | None = None,
                  step: int | None = None) -> None:
    """Draw the screen `name` (one of `SCREENS`) headless and save it as a PNG.

    `game` draws the position at the end of `record_path` (or a new game of `game_id`);
    `replay` the replay viewer at the end of `record_path`; `setup` and `rules` need
    `game_id`; `tutorial` draws step `step` (from 1; default 1) of `game_id`'s tutorial.
    The app's data (library, settings) is a private temporary folder.
    Raises `TabletopError` with a clear message for anything missing or unusable.
    """
    if name not in SCREENS:
        raise TabletopError(f"unknown screen {name!r} (one of: {', '.join(SCREENS)})")
    if step is not None and name != "tutorial":
        raise TabletopError("--step goes with --screen tutorial")
    width, height = size
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise TabletopError(f"screenshot size {width}x{height} is out of range "
                            "(320x240 to 7680x4320)")
    if name == "replay" or (name == "game" and record_path is not None):
        if record_path is None:
            raise TabletopError("--screen replay needs --record FILE")
        if name == "replay":
            record = read_record(record_path)
            render_replay(host, record_path, len(record.moves), out_path, size)
        else:
            render_record(host, game_id or read_record(record_path).game, record_path,
                          out_path, size)
        return
    if name in ("setup", "rules", "game", "tutorial") and game_id is None:
        raise TabletopError(f"--screen {name} needs --game ID")
    game = host.load().game(game_id) if game_id is not None else None
    if name == "tutorial" and game is not None:
        _check_step(game, step or 1)
    out = Path(out_path)
    if not out.parent.is_dir():
        raise TabletopError(f"cannot write {out}: folder {out.parent} does not exist")
    os.environ.setdefault("ARCADE_HEADLESS", "1")  # before arcade is first imported
    from tabletop.play.session import HUMAN, plugin_of_game
    from tabletop.play.table import Table
    from tabletop.ui.app import make_window
    from tabletop.ui.game_screen import GameScreen
    from tabletop.ui.rules_screen import RulesScreen

    with tempfile.TemporaryDirectory() as scratch:
        window = make_window(host, size, visible=False, directory=Path(scratch))
        app = window.app
        try:
            if name == "setup" and game is not None:
                app.show_setup(game.info.id)
            elif name == "tutorial" and game is not None:
                with contextlib.redirect_stderr(io.StringIO()):  # a failure is said below
                    app.show_tutorial(game.info.id, step or 1)
                view = window.current_view
                if getattr(view, "teaches", None) != game.info.id:  # back at the launcher
                    reason = getattr(view, "message", None) or "it failed"
                    raise TabletopError(f"cannot draw the tutorial: {_plain(reason)}")
            elif name == "rules" and game is not None:
                launcher = window.current_view
                assert launcher is not None  # make_window shows the launcher
                window.show_view(RulesScreen(app, game.info, launcher))
            elif name == "game" and game is not None:
                info = game.info
                opening = Table.opening(game, info.min_players,
                                        {o.name: o.default for o in info.options}, 1,
                                        [HUMAN] * info.min_players,
                                        plugin_of_game(host, info.id))
                with contextlib.redirect_stderr(io.StringIO()):  # a failure is said below
                    app.start_game(info.id, opening)
                if not isinstance(window.current_view, GameScreen):  # back at the launcher
                    reason = getattr(window.current_view, "message", None) or "it failed"
                    raise TabletopError(f"cannot draw the game screen: {_plain(reason)}")
            else:
                {"launcher": app.show_launcher, "settings": app.show_settings,
                 "library": app.show_library, "stats": app.show_stats}[name]()
            view = window.current_view
            assert view is not None  # every branch above shows a screen
            _draw_frames(window, view, f"the {name} screen")
            from tabletop.ui._arcade import arcade

            try:
                arcade.get_image(0, 0, *size).save(out, format="PNG")
            except OSError as exc:
                raise TabletopError(f"cannot write {out}: {exc}") from None
        finally:
            app.worker.shutdown()
            app.keeper.close()
            window.close()


def _check_step(game: Any, step: int) -> None:
    """Refuse a game without a tutorial, or a step it does not have, in one line."""
    from tabletop.tutorial import tutorial_of

    tutorial = tutorial_of(game)
    if tutorial is None:
        raise TabletopError(f"{game.info.name} has no tutorial")
    if not 1 <= step <= len(tutorial.steps):
        raise TabletopError(f"--step {step} is out of range: {tutorial.title} has steps 1 "
                            f"to {len(tutorial.steps)}")
