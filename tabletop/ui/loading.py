"""The splash while plugins load: the window opens at once and names each plugin as it loads.

Plugins are third-party code: one may take seconds (or forever) to import. `PluginLoader`
loads them in a thread while the window keeps drawing `LoadingScreen`, which lists every
plugin as it starts, marks the slow ones and offers Quit; the launcher follows as soon as
loading is done. The window reads the host only after that (`Host.loaded`).
"""

from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabletop.i18n import _
from tabletop.plugins import Host, PluginSource
from tabletop.ui.geometry import Rect
from tabletop.ui.widgets import DIM, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services


@dataclass
class LoadStep:
    """One plugin on the splash: who it is and whether it is slow."""

    label: str
    slow: bool = False


class PluginLoader:
    """Loads `host`'s plugins in a daemon thread and keeps what the splash shows."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.steps: list[LoadStep] = []
        self.changes = 0  # bumped at each event: the splash lays itself out again
        self._thread = threading.Thread(target=self._run, name="tabletop-plugins",
                                        daemon=True)

    def start(self) -> PluginLoader:
        """Start loading (a host already loaded is simply done)."""
        self._thread.start()
        return self

    @property
    def done(self) -> bool:
        """True once every plugin is loaded or has failed."""
        return self.host.loaded

    def _run(self) -> None:
        self.host.load(self._progress)
        # What the CLI would say on stderr (the launcher shows only the failed plugins).
        for line in self.host.warnings():
            print(_("warning: {problem} (see `tabletop plugins`)").format(problem=line),
                  file=sys.stderr)
        self.changes += 1

    def _progress(self, source: PluginSource, phase: str) -> None:
        # Called from the loading thread and from its slow-plugin timer; the list is only
        # appended to, and the window reads a copy.
        label = f"{source.name} ({source.distribution} {source.version})"
        if phase == "loading":
            self.steps.append(LoadStep(label))
        elif phase == "slow":
            for step in self.steps:
                step.slow = step.slow or step.label == label
        self.changes += 1


class LoadingScreen(Screen):
    """Shown until the plugins are loaded, then replaced by the launcher."""

    MAX_LINES = 12  # the latest plugins; older ones scroll off the top

    def __init__(self, services: Services, loader: PluginLoader) -> None:
        super().__init__(services)
        self.loader = loader
        self._seen = -1

    def build(self, width: int, height: int) -> None:
        px = self.px
        margin = px(40)
        self._seen = self.loader.changes
        self.label("Tabletop", margin, height - px(70), 34, bold=True)
        self.label(_("Loading plugins…"), margin, height - px(100), 13, DIM)
        steps = list(self.loader.steps)[-self.MAX_LINES:]
        y = height - px(150)
        for index, step in enumerate(steps):
            last = index == len(steps) - 1  # plugins load one at a time: the last is loading
            text = (_("{plugin}  is taking a while…") if step.slow else
                    _("{plugin}  loading…") if last else "{plugin}").format(plugin=step.label)
            self.label(text, margin, y, 14, TEXT if last or step.slow else DIM,
                       width=width - 2 * margin - px(300))
            y -= px(26)
        side_w = px(280)
        self.add_button(_("Quit"), Rect(width - margin - side_w, height - px(150), side_w, px(52)),
                        self.navigator.quit, name="quit")

    def on_update(self, delta_time: float) -> None:
        if self.loader.done:
            self.navigator.show_launcher()
        elif self.loader.changes != self._seen:
            self.invalidate()
