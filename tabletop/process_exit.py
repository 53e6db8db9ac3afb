"""How the `tabletop` program ends: with its command, whatever threads plugin code left.

Python waits at exit for every non-daemon thread. A plugin that starts one (a helper
thread at import, a thread in a game's code) would make every command hang once its work
is done, and a `--json` consumer wait for an end of file that never comes. So, run as a
program (the console script, `python -m tabletop`), `ProgramGroup` ends the process as
soon as the command returns: normally when no such thread is left, else by flushing
stdout and stderr and calling `os._exit` with the command's exit code. The desktop app
keeps the normal path (its own threads are joined as usual).

While a headless command runs, `sys.stdout` belongs to the main thread: what another
thread prints goes to stderr (`MainThreadStdout`), so a plugin's thread cannot print into
a command's output. Called as a library (click's `CliRunner`, `main.main(...)`) nothing
of this happens.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Any, NoReturn

import click

_state = {"program": False, "app": False}
#: The stand-ins ever installed, never freed (see `tabletop.boundary._routers`: a thread
#: printing through one must never find it freed under it).
_kept: list[MainThreadStdout] = []


class MainThreadStdout:
    """Stands in for `sys.stdout`: the main thread writes to `real`, others to stderr."""

    def __init__(self, real: Any) -> None:
        self.real = real

    def write(self, text: str) -> int:
        """Write `text` to stdout from the main thread, to stderr from any other."""
        if threading.current_thread() is threading.main_thread():
            written = self.real.write(text)
            return len(text) if written is None else int(written)
        # Straight to descriptor 2, never through a stream object the main thread also
        # uses: CPython's text streams are not safe to write from two threads at once.
        with contextlib.suppress(OSError, ValueError):
            os.write(2, str(text).encode("utf-8", "replace"))
        return len(text)

    def flush(self) -> None:
        """Flush the real stdout."""
        self.real.flush()

    def __getattr__(self, name: str) -> Any:  # encoding, isatty, fileno...: the real one's
        return getattr(self.real, name)


def guard_stdout() -> None:
    """In the program's headless commands, give stdout to the main thread alone (see
    `MainThreadStdout`); nothing when called as a library or for the app."""
    if _state["program"] and not _state["app"] and not isinstance(sys.stdout,
                                                                   MainThreadStdout):
        sys.stdout = MainThreadStdout(sys.stdout)
        _kept.append(sys.stdout)


def app_opened() -> None:
    """The desktop app is running: its threads are the host's own, joined at exit."""
    _state["app"] = True
    if isinstance(sys.stdout, MainThreadStdout):
        sys.stdout = sys.stdout.real


def lingering_threads() -> list[threading.Thread]:
    """The threads Python would wait for at exit: alive, not daemons, not the main one."""
    return [thread for thread in threading.enumerate()
            if thread is not threading.main_thread() and thread.is_alive()
            and not thread.daemon]


def end(code: Any) -> NoReturn:
    """End the program with `code` (as `sys.exit` takes it): normally, unless threads
    started by plugin code would hold the process, then at once with the same status."""
    if _state["app"] or not lingering_threads():
        raise SystemExit(code)
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:  # sys.exit("message"): the message on stderr and status 1, as Python does
        with contextlib.suppress(Exception):
            print(code, file=sys.__stderr__)
        status = 1
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    os._exit(status)


class ProgramGroup(click.Group):
    """The `tabletop` command group; called as a program it ends with `end`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        _state["program"] = True
        try:
            self.main(*args, **kwargs)
        except SystemExit as exc:  # standalone mode always ends with SystemExit
            end(exc.code)
        end(0)
