"""What a screen may use of the app: the `Services` protocol.

The screens take this narrow view of `tabletop.ui.app.App` (its one implementation)
instead of the app itself, so that they need not import `app.py` (which imports them)
and the type checker keeps them to it: the host, the library's keeper, the settings and
their saving, the sounds, the data folder, the AI worker, renderer classes, plugin
failure messages, and the `Navigator` to the other screens.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from tabletop.ai.base import Budget
    from tabletop.play.table import Table
    from tabletop.play.worker import AIWorker
    from tabletop.plugins import Host
    from tabletop.store.settings import Settings
    from tabletop.ui._arcade import arcade
    from tabletop.ui.keeper import GameKeeper
    from tabletop.ui.navigator import Navigator
    from tabletop.ui.renderer import Renderer
    from tabletop.ui.sound import SoundBoard


class Services(Protocol):
    """The app's shared state and services, as a screen sees them.

    Read-only properties, so that the app may hold narrower types (its own window class)
    and a screen cannot replace them.
    """

    @property
    def host(self) -> Host:
        """The plugins' registry: games, agents, renderers, load errors."""

    @property
    def keeper(self) -> GameKeeper:
        """The library of kept games, written on its own thread."""

    @property
    def settings(self) -> Settings:
        """The player's settings (change them, then `save_settings`)."""

    @property
    def directory(self) -> Path:
        """The data folder (library, saves, settings)."""

    @property
    def sounds(self) -> SoundBoard:
        """The sound cues, at the volume of the settings."""

    @property
    def worker(self) -> AIWorker:
        """The process where the AI seats decide."""

    @property
    def window(self) -> arcade.Window:
        """The app's one window, which every screen shows in."""

    @property
    def navigator(self) -> Navigator:
        """The way to the other screens."""

    def request_redraw(self) -> None:
        """Draw a frame at the next tick (the window draws only when asked or on input)."""

    def autosave(self, game: Table) -> None:
        """Keep the game in the library (queued; a failure comes back through
        `take_save_problem`)."""

    def take_save_problem(self) -> str | None:
        """The message of a write that failed, once (None if there is nothing new)."""

    def save_settings(self) -> None:
        """Persist the settings; a refusing disk is said by `take_save_problem`."""

    def toggle_fullscreen(self) -> None:
        """Switch full screen on or off, and remember it."""

    def set_language(self, code: str) -> None:
        """Show every screen in language `code` ("" for the system's) from now on, and
        save it in the settings."""

    def ai_budget(self) -> Budget:
        """The AI seats' budget."""

    def plugin_name(self, game_id: str) -> str:
        """The name of the plugin that registered `game_id`."""

    def make_renderer(self, game_id: str) -> type[Renderer]:
        """The renderer class of a game (raises `PluginFailure` if it does not load)."""

    def failure_message(self, game_id: str, where: str, exc: BaseException) -> str:
        """The message for plugin code that raised while `where` (also printed)."""
