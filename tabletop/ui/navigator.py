"""The screens' way to each other: the `Navigator` a screen asks to show another screen.

A screen never imports another screen (nor `app.py`, which imports them all): it says
where to go, with what that screen needs, and the app (`tabletop.ui.app.App`, the one
implementation) builds the screen and shows it. So the screens form no import circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from typing import Any

    from tabletop.model import GameInfo
    from tabletop.net.joined import Joined
    from tabletop.net.seat import OnlineSeat
    from tabletop.play.table import Table
    from tabletop.record import Record
    from tabletop.seats import Seat
    from tabletop.ui._arcade import arcade


class Navigator(Protocol):
    """Show a screen: each method builds it from its arguments and makes it current."""

    def show_launcher(self, message: str | None = None) -> None:
        """The launcher, showing `message` (an error or notice) if given."""

    def show_setup(self, game_id: str, preset: Table | None = None,
                   position: Record | None = None) -> None:
        """The set-up of `game_id`, pre-filled from `preset`, or playing on from the moves
        of `position`."""

    def start_game(self, game_id: str, game: Record, seats: Sequence[Seat] | None = None,
                   entry_id: str | None = None) -> None:
        """The game screen on the game of `game` (a new game's opening, `Table.opening`,
        or a kept game), kept in the library (a new entry unless `entry_id` continues
        one); `seats` as set up (default: as kept, or unnamed)."""

    def host_game(self, game_id: str, kinds: Sequence[str], names: Sequence[str],
                  options: dict[str, Any], seed: int, time_limit: float | None) -> None:
        """Host an online table of `game_id` here (`kinds`: "here", "online" or an agent,
        one per seat) and show its game screen; raises `TabletopError` if it cannot be
        hosted (the set-up says why)."""

    def show_tutorial(self, game_id: str, step: int | None = None) -> None:
        """The guided first game of `game_id` at `step` (from 1; default: where the
        player left it), or the launcher saying why it cannot be shown."""

    def show_join(self, rejoin: Joined | None = None) -> None:
        """The Join screen: tables found on this network, or an address and a code; with
        `rejoin`, a table this machine holds a seat at, taken again at once."""

    def play_online(self, seat: OnlineSeat) -> None:
        """The game screen of a seat taken at an online table."""

    def continue_game(self, entry_id: str) -> None:
        """The game screen on a kept game in progress (the launcher, saying why, if it
        does not load)."""

    def show_replay(self, entry_id: str, review: bool = False) -> None:
        """The replay viewer on a kept game (the Library, saying why, if it does not
        replay); with `review`, its review starts (or shows, if it is kept)."""

    def show_library(self, message: str | None = None) -> None:
        """The Library screen, showing `message` if given."""

    def show_stats(self) -> None:
        """The Statistics screen."""

    def show_settings(self) -> None:
        """The Settings screen."""

    def show_rules(self, info: GameInfo, back: arcade.View,
                   symbols: Sequence[str] = ()) -> None:
        """The rules of the game `info`, with the board's legend `symbols` last; closing
        them shows `back` again."""

    def back(self, view: arcade.View) -> None:
        """Show again `view`, a screen left open underneath (the game under its rules)."""

    def quit(self) -> None:
        """Close the window (the app ends), remembering its size."""
