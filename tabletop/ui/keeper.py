"""The app's side of keeping games: which library entry each game on screen is, and the
words the launcher and the Library use for when a game was played.

The keeping itself is `tabletop.store.keeper.ThreadedKeeper` (the one keeper, its writes
on a thread so a move never stalls a frame); `GameKeeper` only maps the app's games (each
a `Table`) to entries. No arcade here.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Protocol

from tabletop import i18n
from tabletop.i18n import _
from tabletop.levels import computer_name
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import Seat, default_name
from tabletop.store.index import Entry
from tabletop.store.keeper import ThreadedKeeper, open_library
from tabletop.store.records import HUMAN, IN_PROGRESS, LibraryError
from tabletop.store.saves import migrate_autosave


class Kept(Protocol):
    """A game the keeper keeps: the app's `Table` (anything with a record)."""

    def record(self) -> Record:
        """The game so far."""
        ...


def agents_of(record: Record) -> tuple[str, ...]:
    """Each seat's player (`HUMAN` or an agent's name) of `record`."""
    return tuple(record.agents) or (HUMAN,) * record.players


def seat_names(agents: Sequence[str], people: Sequence[str] | None) -> list[str]:
    """Each seat's player: the given names for human seats (in seat order, "Player N"
    where missing or blank), the agent's name for an AI seat."""
    given = list(people or ())
    return [Seat.person(i, given[i] if i < len(given) else "").player if agent == HUMAN
            else Seat.computer(i, agent).player for i, agent in enumerate(agents)]


def last_played(updated: float, now: float | None = None) -> str:
    """"just now", "5 min ago", "3 h ago", "yesterday", or the date (in the player's
    language: "il y a 5 min", "vor 3 Std.", "26 nov. 2026")."""
    seconds = max(0.0, (now if now is not None else time.time()) - updated)
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{minutes} min ago").format(minutes=i18n.number(int(seconds // 60)))
    if seconds < 86400:
        return _("{hours} h ago").format(hours=i18n.number(int(seconds // 3600)))
    if seconds < 2 * 86400:
        return _("yesterday")
    if i18n.language() == "en":
        return time.strftime("%Y-%m-%d", time.localtime(updated))
    return i18n.day(date.fromtimestamp(updated))


class GameKeeper(ThreadedKeeper):
    """Keeps the app's games in the library of `directory`: each game its own entry.
    The single autosave of earlier versions is moved into the library at the first start."""

    def __init__(self, directory: Path) -> None:
        library, unavailable, message = open_library(directory)
        super().__init__(library, unavailable)
        self.directory = directory
        self.messages += [message] if message else []
        self._ids: weakref.WeakKeyDictionary[Kept, str] = weakref.WeakKeyDictionary()
        if self.library is not None:
            moved = migrate_autosave(directory, self.library)
            self.messages += [moved] if moved else []

    # -- the frame loop's side -------------------------------------------------------------
    def start(self, game: Kept, people: Sequence[str] | None = None,
              entry_id: str | None = None) -> str:
        """Give `game` a library entry (a new one, or `entry_id` when continuing) and
        queue its first save; returns the entry id."""
        if entry_id is not None and people is None and self.library is not None:
            people = [s.player for s in self.library.get(entry_id).seats]
        game_id = self.begin(seat_names(agents_of(game.record()), people), "app", entry_id)
        self._ids[game] = game_id
        if entry_id is None:  # a continued game is on disk already: written at its next move
            self.keep(game)
        return game_id

    def names_of(self, game: Kept) -> list[str] | None:
        """The people's names of a game the keeper knows ("" for an AI seat)."""
        game_id = self._ids.get(game)
        return self.kept_names(game_id, agents_of(game.record())) if game_id else None

    def kept_names(self, entry_id: str, agents: Sequence[str]) -> list[str] | None:
        """The people's names kept with entry `entry_id` ("" for an AI seat); None if
        the keeper knows none."""
        names = self.names(entry_id)
        if names is None and self.library is not None:
            try:
                names = [seat.player for seat in self.library.get(entry_id).seats]
            except LibraryError:
                names = None
        if names is None:
            return None
        return [name if agent == HUMAN else ""
                for name, agent in zip(names, agents, strict=False)]

    def entry_id(self, game: Kept) -> str | None:
        """The library entry of a game the keeper knows."""
        return self._ids.get(game)

    def keep(self, game: Kept) -> None:
        """Queue the game's record to be written (returns at once)."""
        game_id = self._ids.get(game)
        if game_id is None:
            self.start(game)
            return
        self.keep_record(game_id, game.record())

    def take_errors(self) -> list[str]:
        """Write failures since the last call, as the sidebar's one-line messages."""
        return [_("Not saving: {problem}").format(problem=error)
                for error in super().take_errors()]

    def in_progress(self) -> list[Entry]:
        """The games in progress, most recently played first (after pending writes)."""
        if self.library is None:
            return []
        self.flush()
        return self.library.entries(status=IN_PROGRESS)

    def last_names(self, game_id: str) -> list[str]:
        """The names people gave each seat at the latest game of `game_id` that had one, by
        seat ("" where none was: a computer's seat, an unnamed one), for the set-up screen
        and the quick starts: a name comes back at the seat its person had."""
        if self.library is None:
            return []
        self.flush()
        return self.library.last_seats(game_id)

    # -- continuing ----------------------------------------------------------------------
    def resume(self, host: Host, entry_id: str) -> Record:
        """The record of a kept game, checked to load; raises `TabletopError` if it does
        not."""
        if self.library is None:
            raise LibraryError("the game library is not available")
        # The writer thread may still hold this game's newest record (the move just
        # played before leaving): resume what the player saw, not an older file.
        self.flush()
        record = self.library.read_record(entry_id)
        Table.from_record(host, record)  # replays, or raises: Continue says why
        return record

    def set_aside(self, entry_id: str) -> str:
        """Move a kept game that does not load out of the list; returns its new name."""
        if self.library is None:
            raise LibraryError("the game library is not available")
        return self.library.set_aside(entry_id).name


def seat_words(entry: Entry, host: Host | None) -> list[str]:
    """Each seat of a kept game as a player reads it: a person by name, a computer by its
    level's name as the set-up shows it ("Expert", not the agent id "strong"; see
    `tabletop.levels.computer_name`). Without `host`, or for a game no longer installed,
    as kept. A person who typed no name is "Player N" in the player's language, a level
    by its name in it."""
    specs = (host.agent_specs(entry.game) if host is not None and entry.game is not None
             and entry.game in host.games else [])
    return [(_("Player {number}").format(number=index + 1)
             if seat.player == default_name(index) else seat.player) if seat.human
            else i18n.translated(computer_name(specs, seat.agent))
            for index, seat in enumerate(entry.seats)]


def players_line(entry: Entry, host: Host | None = None) -> str:
    """"Ada vs Expert", "Ada (solo)", "Ada, Bob, Cy and Dee" (computers named as
    `seat_words` names them)."""
    names = seat_words(entry, host)
    if len(names) == 1:
        return _("{player} (solo)").format(player=names[0])
    if len(names) == 2:
        return _("{first} vs {second}").format(first=names[0], second=names[1])
    # Translators: the players of a game of three or more: "Ada, Bob, Cy and Dee".
    return _("{players} and {last}").format(players=", ".join(names[:-1]), last=names[-1])
