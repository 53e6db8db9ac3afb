"""Hostile game plugins whose code misbehaves *during play*, really installed for the tests.

Installed like the plugins of `tests.host.hostile` (a module and a dist-info folder in a
site folder on PYTHONPATH, so `importlib.metadata` finds them as pip would leave them):

- `play-hostile` (plugin `play_hostile`): Nim variants whose `apply`, once the heaps are
  low (after a few moves), calls `sys.exit` (`nim-exit`) or `os._exit(0)` (`nim-osexit`),
  prints at every move through Python and straight to file descriptor 1 (`nim-print`),
  or changes the state it is given (`nim-mutate`); and `nim-draw`, whose renderer raises
  in `draw`.
- `thread-games` (plugin `thread_games`): starts a non-daemon thread at import that never
  ends and prints now and then, and registers plain Nim as `nim-thread`.
"""

from __future__ import annotations

from pathlib import Path

from tests.host import hostile

#: The folder of the example Nim plugin the hostile games build on (not installed: it goes
#: on the subprocesses' PYTHONPATH beside the site folder).
NIM_SOURCE = Path(__file__).resolve().parents[1] / "plugins" / "tabletop-nim"

PLAY_HOSTILE = '''
"""Nim variants that misbehave during play (see tests/host/hostile_play.py)."""
import dataclasses
import os
import sys

from tabletop_nim import Nim

from tabletop import hookimpl


def _late(state):
    return sum(state.heaps) < 9  # a few moves into the default 3,4,5


class ExitNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-exit", name="Nim (sys.exit)")

    def apply(self, state, move):
        if _late(state):
            sys.exit(3)
        return super().apply(state, move)


class OsExitNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-osexit", name="Nim (os._exit)")

    def apply(self, state, move):
        if _late(state):
            os._exit(0)
        return super().apply(state, move)


class PrintNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-print", name="Nim (prints)")

    def apply(self, state, move):
        print("python print from nim-print")
        sys.stdout.flush()
        os.write(1, b"raw write from nim-print\\n")
        return super().apply(state, move)


class MutateNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-mutate", name="Nim (mutates)")

    def apply(self, state, move):
        after = super().apply(state, move)
        if _late(state):
            object.__setattr__(state, "heaps", (0, 0, 0))  # what an in-place update does
        return after


class DrawNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-draw", name="Nim (broken renderer)")


@hookimpl
def tabletop_register_games(register):
    for game in (ExitNim(), OsExitNim(), PrintNim(), MutateNim(), DrawNim()):
        register(game)


@hookimpl
def tabletop_register_renderers(register):
    register("nim-draw", "play_hostile_view:BrokenDraw")
'''

PLAY_HOSTILE_VIEW = '''
"""A renderer that fails to draw (imported by the app only)."""
from tabletop.ui.fallback import TextRenderer


class BrokenDraw(TextRenderer):
    def draw(self):
        raise RuntimeError("the brush broke")
'''

THREAD_GAMES = '''
"""Starts a thread that never ends (and prints now and then) as soon as it is imported."""
import dataclasses
import threading
import time

from tabletop_nim import Nim

from tabletop import hookimpl


def _forever():
    while True:
        print("tick from thread_games")
        time.sleep(0.05)


threading.Thread(target=_forever, name="thread-games", daemon=False).start()


class ThreadNim(Nim):
    info = dataclasses.replace(Nim.info, id="nim-thread", name="Nim (threads)")


@hookimpl
def tabletop_register_games(register):
    register(ThreadNim())
'''


def install_play_hostile(site: Path) -> None:
    """Install `play-hostile` (and its renderer's module) into `site`."""
    hostile.install(site, "play-hostile", "play_hostile", PLAY_HOSTILE)
    (site / "play_hostile_view.py").write_text(PLAY_HOSTILE_VIEW.lstrip())


def install_thread_games(site: Path) -> None:
    """Install `thread-games` into `site`."""
    hostile.install(site, "thread-games", "thread_games", THREAD_GAMES)
