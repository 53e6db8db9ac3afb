"""A plugin game with a bug in its notation reader, for the app's reading guards.

Its `parse_move` raises a plain `RuntimeError` on the text "boom": an autosave holding
that move makes the game's own code fail while the save is read, the one failure no
validation of the file can foresee.
"""

from __future__ import annotations

from typing import Any

from tabletop_nim import Nim, NimState, Take

from tabletop.hookspecs import hookimpl
from tabletop.plugins import Host, module_sources


class FragileNim(Nim):
    """Nim whose notation reader crashes on one word."""

    def parse_move(self, state: NimState, text: str) -> Take:
        if text == "boom":
            raise RuntimeError("the plugin's notation reader has a bug")
        return super().parse_move(state, text)


class FragilePlugin:
    """Registers `FragileNim` under Nim's id."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(FragileNim())


def fragile_host() -> Host:
    """A host with only the fragile game (picklable for the app's AI worker)."""
    return Host(module_sources([("fragile", FragilePlugin())]), disabled=[]).load()
