"""Running a plugin's code at the host's boundary (its import and its hooks).

Three things a plugin's load-time code must never do to the host, and how `run` stops them:

- print into a command's output (a single line breaks `tabletop games --json`): whatever
  the calling thread writes to `sys.stdout`/`sys.stderr` goes into the plugin's
  `CapturedOutput` instead, while other threads (the app's window) write as usual; in the
  main thread (the CLI) file descriptor 1 is redirected too, so a subprocess or C code
  writing to stdout is caught as well;
- stall every command without a word: a timer thread calls `on_slow` after a few seconds;
- end the process: any exception but KeyboardInterrupt, `SystemExit` included, becomes a
  one-line description of the failure, returned to the host.

Not caught: writes to file descriptor 2 (stderr noise never breaks a command's output),
and to descriptor 1 from a plugin loading in another thread (the app's loading thread: a
process-wide redirection there would swallow the window's own output).

The same guard holds while a game is played (`in_play`, used by `tabletop.play.session`): what
the game's code (or an agent's) prints is captured, and any exception, `SystemExit`
included, becomes a `PluginFailed` naming the plugin, which ends that game. What cannot be
contained in the process: `os._exit`, a crash of the interpreter, and threads the plugin
starts (the CLI ends its process without waiting for them: `tabletop.cli`).
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import tempfile
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from tabletop.i18n import N_, _
from tabletop.lines import Line
from tabletop.model import TabletopError

T = TypeVar("T")

SLOW_ENV = "TABLETOP_PLUGIN_SLOW_SECONDS"
DEFAULT_SLOW_SECONDS = 3.0
OUTPUT_LIMIT = 4000  # characters of a plugin's output kept for `tabletop plugins`
MESSAGE_LIMIT = 300  # characters of an exception's text kept in a load error


class Refusal(TabletopError):
    """The host refused something a plugin registered; the message is shown as it is."""


class PluginFailed(TabletopError):
    """A game's plugin code failed while the game was played: it raised, exited or broke
    the contract (an `apply` that changed its input). The message is one line naming the
    plugin; the game it was playing ends there.

    `record` is the JSON record of that game up to the failure, where the host kept one.
    """

    def __init__(self, message: str | Line, plugin: str = "") -> None:
        super().__init__(message)
        self.plugin = plugin
        self.record: str | None = None


class CapturedOutput:
    """What one plugin printed, kept up to `limit` characters (the rest is counted)."""

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        self._parts: list[str] = []
        self._kept = 0
        self.limit = limit
        self.dropped = 0

    def write(self, text: str) -> None:
        """Keep `text`, or as much of it as the limit allows."""
        room = self.limit - self._kept
        if room > 0:
            self._parts.append(text[:room])
            self._kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))

    @property
    def text(self) -> str:
        """The output kept, with a note of how much was cut."""
        kept = "".join(self._parts)
        return kept + (_("… ({count} more characters)").format(count=self.dropped)
                       if self.dropped else "")


class _Router:
    """Stands in for `sys.stdout`/`sys.stderr`: a thread with a sink writes into it."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.sinks: dict[int, CapturedOutput] = {}

    def write(self, text: str) -> int:
        sink = self.sinks.get(threading.get_ident())
        if sink is None:
            written = self.real.write(text)
            return len(text) if written is None else int(written)
        sink.write(str(text))
        return len(text)

    def flush(self) -> None:
        if threading.get_ident() not in self.sinks:
            self.real.flush()

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...: the real stream's
        return getattr(self.real, name)


_install_lock = threading.Lock()
#: Every router ever installed, by the stream it wraps, never freed: CPython 3.11's
#: `print` holds a *borrowed* reference to `sys.stdout` while it writes, so a router
#: freed when the main thread puts the real stream back would crash a thread that is
#: printing through it at that moment (a plugin's thread that prints). Reusing them also
#: spares a new object at every guarded move.
_routers: dict[tuple[str, int], _Router] = {}
_kept: list[_Router] = []


@contextmanager
def capturing(sink: CapturedOutput) -> Iterator[None]:
    """Route this thread's writes to `sys.stdout` and `sys.stderr` into `sink`."""
    thread = threading.get_ident()
    if _routed_to(sink, thread):  # nested (a guarded move inside a guarded game): as is
        yield
        return
    routers: list[tuple[str, _Router, CapturedOutput | None]] = []
    with _install_lock:
        for name in ("stdout", "stderr"):
            stream = getattr(sys, name)
            if not isinstance(stream, _Router):
                key = (name, id(stream))
                router = _routers.get(key)
                if router is None or router.real is not stream:
                    router = _routers[key] = _Router(stream)
                    _kept.append(router)  # an id may be reused: never free a router
                stream = router
                setattr(sys, name, stream)
            routers.append((name, stream, stream.sinks.get(thread)))
            stream.sinks[thread] = sink
    try:
        yield
    finally:
        with _install_lock:
            for name, router, previous in routers:
                if previous is not None:
                    router.sinks[thread] = previous
                else:
                    router.sinks.pop(thread, None)
                # The last thread out puts the real stream back (unless plugin code has
                # since wrapped it: then the router stays and passes everything through).
                if not router.sinks and getattr(sys, name) is router:
                    setattr(sys, name, router.real)


def _routed_to(sink: CapturedOutput, thread: int) -> bool:
    """True if both streams already send this thread's writes to `sink`."""
    out, err = sys.stdout, sys.stderr
    return (isinstance(out, _Router) and isinstance(err, _Router)
            and out.sinks.get(thread) is sink and err.sinks.get(thread) is sink)


@contextmanager
def capturing_fd1(sink: CapturedOutput) -> Iterator[None]:
    """In the main thread, send file descriptor 1 to a temporary file and `sink` its text."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        _flush_stdout()
        saved = os.dup(1)
    except (OSError, ValueError):  # no stdout at all (a windowed launch): nothing to guard
        yield
        return
    try:
        with tempfile.TemporaryFile() as caught:
            os.dup2(caught.fileno(), 1)
            try:
                yield
            finally:
                _flush_stdout()  # what plugin code buffered in sys.__stdout__ goes there too
                os.dup2(saved, 1)
                caught.seek(0)
                text = caught.read(OUTPUT_LIMIT * 4).decode("utf-8", "replace")
                if text:
                    sink.write(text)
    finally:
        os.close(saved)


def _flush_stdout() -> None:
    for stream in (sys.__stdout__, getattr(sys.stdout, "real", sys.stdout)):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()


def run(call: Callable[[], T], output: CapturedOutput, slow_seconds: float,
        on_slow: Callable[[], None]) -> tuple[T | None, str | None]:
    """Run plugin code: `(its result, None)`, or `(None, why it failed)` on any exception
    but KeyboardInterrupt. Its output goes to `output`; `on_slow` is called from a timer
    thread if it is still running after `slow_seconds`."""
    timer = threading.Timer(slow_seconds, on_slow)
    timer.daemon = True
    timer.start()
    try:
        with capturing(output), capturing_fd1(output):
            return call(), None
    except KeyboardInterrupt:
        raise
    except Refusal as exc:
        return None, str(exc)
    except BaseException as exc:  # SystemExit too: a plugin never ends the host
        return None, describe(exc)
    finally:
        timer.cancel()


class in_play:
    """Guard plugin code run while a game is played (`doing` says what, for the message).

    What this thread prints goes to `output`. A `TabletopError` passes through as it is
    (an agent's failure already names the agent; a `PluginFailed` its plugin); any other
    exception but KeyboardInterrupt, `SystemExit` included, becomes a `PluginFailed`:
    `plugin 'p' (game 'g') failed while DOING: Type: message at file.py:line`.

    A class rather than a generator: it runs around every move, often nested in the
    guard of a whole game, where it then only translates exceptions.
    """

    __slots__ = ("_capture", "doing", "game_id", "output", "plugin")

    def __init__(self, plugin: str, game_id: str, doing: str, output: CapturedOutput) -> None:
        self.plugin, self.game_id, self.doing, self.output = plugin, game_id, doing, output
        self._capture: contextlib.AbstractContextManager[None] | None = None

    def __enter__(self) -> None:
        if not _routed_to(self.output, threading.get_ident()):
            self._capture = capturing(self.output)
            self._capture.__enter__()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: Any) -> None:
        if self._capture is not None:
            self._capture.__exit__(None, None, None)
            self._capture = None
        if exc is None or isinstance(exc, KeyboardInterrupt | TabletopError):
            return
        # SystemExit too: a game's code never ends the host.
        # A line (template and arguments): an online host sends it as data, for each
        # client to word in its own language; `str()` is the host's words.
        raise PluginFailed(Line.of(
            "{plugin} failed while {doing}: {error}",
            plugin=Line.of("plugin {plugin} (game {game})", plugin=repr(self.plugin),
                           game=repr(self.game_id)),
            doing=self.doing, error=describe(exc, full_path=False)), self.plugin) from exc


#: What the host may be doing when a game's code fails (`in_play`'s `doing`), marked for
#: the catalogs wherever the guard is put: "failed while {doing}".
DOINGS = (N_("playing"), N_("setting up the game"), N_("writing the record"),
          N_("showing the position"), N_("writing the hint"), N_("scoring the game"),
          N_("listing the legal moves"), N_("reading a move"), N_("showing a seat its view"),
          N_("describing a move"), N_("describing the move"), N_("checking a move"),
          N_("explaining a move"), N_("rebuilding the position"), N_("choosing a move"),
          N_("replaying the record"), N_("showing the game"), N_("playing the tournament"),
          # The app's screens, around a game's renderer.
          N_("starting its renderer"), N_("drawing"), N_("handling the mouse"),
          N_("handling a click"), N_("handling a key"), N_("drawing a replay"),
          N_("animating"), N_("laying out its text"), N_("repainting"), N_("updating"))


def playing_label(plugin: str, game_id: str) -> str:
    """How messages name a game's plugin in play: `plugin 'p' (game 'g')`."""
    return _("plugin {plugin} (game {game})").format(plugin=repr(plugin), game=repr(game_id))


def describe(exc: BaseException, full_path: bool = True) -> str:
    """`Type: message at file:line` (where it was raised), on one line of sane length;
    with `full_path` False, the file's name only."""
    try:
        message = str(exc)
    except Exception:
        message = _("(the error's text could not be shown)")
    message = " ".join(message.split())
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT] + "…"
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    filename = last[0].filename if full_path or not last else os.path.basename(
        last[0].filename)
    what = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    if not last:
        return what
    return _("{error} at {file}:{line}").format(error=what, file=filename,
                                                 line=last[0].lineno)


def slow_seconds_from_env() -> tuple[float, str | None]:
    """The "slow plugin" threshold from `$TABLETOP_PLUGIN_SLOW_SECONDS`, and a warning if
    the variable is set to something that is not a positive number of seconds."""
    text = os.environ.get(SLOW_ENV, "").strip()
    if not text:
        return DEFAULT_SLOW_SECONDS, None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= 3600):
        return DEFAULT_SLOW_SECONDS, _("{variable} is not a number of seconds from 0 to "
                                       "3600; using {default}").format(
            variable=f"{SLOW_ENV}={text[:40]!r}", default=f"{DEFAULT_SLOW_SECONDS:g}")
    return value, None
