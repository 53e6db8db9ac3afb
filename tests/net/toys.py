"""Toy games for the online tests: Nim, and a Nim whose `apply` fails on some moves."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any, ClassVar

from tabletop_nim import Nim, NimState, Take

from tabletop import hookimpl
from tabletop.plugins import Host, module_sources


class FaultyNim(Nim):
    """Nim whose `apply` raises on taking two counters (a plugin's bug), and which notes
    the thread each `apply` runs on (the host's event loop must run none)."""

    info = replace(Nim.info, id="faulty-nim", name="Faulty Nim")
    threads: ClassVar[list[str]] = []

    def apply(self, state: NimState, move: Take) -> NimState:
        self.threads.append(threading.current_thread().name)
        if move.count == 2:
            raise RuntimeError("the faulty plugin's bug")
        return super().apply(state, move)


class ToyPlugin:
    """Registers Nim and Faulty Nim through a real host."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(Nim())
        register(FaultyNim())


def toy_host() -> Host:
    """A host of the toy plugin alone."""
    return Host(module_sources([("toys", ToyPlugin())]), disabled=[]).load()
