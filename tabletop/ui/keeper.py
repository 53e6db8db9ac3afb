"""The app's games kept in the library, written by a thread so a move never stalls a frame.

Every game the app starts gets its own library entry (its own file), so any number of
games can be in progress and none replaces another. The game screen calls `keep` after
every move; the record is taken on the frame loop (cheap), and the file and index are
written by the keeper's thread, newest record first, older pending records of the same
game dropped. The single `autosave.json` of earlier versions is moved into the library at
the first start. No arcade here.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Sequence
from pathlib import Path

from tabletop.library import (
    HUMAN,
    IN_PROGRESS,
    Entry,
    Library,
    LibraryError,
    free_name,
    new_id,
)
from tabletop.limits import one_line
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.session import Session
from tabletop.ui import storage

_FAILED = (sqlite3.Error, OSError, LibraryError)


def seat_names(session: Session, people: Sequence[str] | None) -> list[str]:
    """Each seat's player: the given names for human seats (in seat order, "Player N"
    where missing or blank), the agent's name for an AI seat."""
    given = list(people or ())
    names = []
    for seat, agent in enumerate(session.agents):
        if agent != HUMAN:
            names.append(agent)
        else:
            name = given[seat].strip() if seat < len(given) else ""
            names.append(name or f"Player {seat + 1}")
    return names


def last_played(updated: float, now: float | None = None) -> str:
    """"just now", "5 min ago", "3 h ago", "yesterday", or the date."""
    seconds = max(0.0, (now if now is not None else time.time()) - updated)
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    if seconds < 2 * 86400:
        return "yesterday"
    return time.strftime("%Y-%m-%d", time.localtime(updated))


class GameKeeper:
    """Keeps the app's games in the library of `directory` (see the module docstring)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        #: One-line notices for the launcher (an index rebuilt, an autosave moved).
        self.messages: list[str] = []
        self._ids: weakref.WeakKeyDictionary[Session, str] = weakref.WeakKeyDictionary()
        self._names: dict[str, list[str]] = {}
        self._written: set[str] = set()
        self._pending: dict[str, Record] = {}
        self._errors: list[str] = []
        self._failing = False
        self._unavailable: str | None = None
        self._busy = False
        self._closing = False
        self._wake = threading.Condition()
        self.library: Library | None
        try:
            self.library = Library.open(directory)
            self.messages += self.library.messages
            if self.library.read_only:  # its games are listed; a new move is not kept
                self._unavailable = "Not saving: the data folder cannot be written"
        except (sqlite3.Error, OSError, LibraryError) as exc:
            # A lock held by another process, a full disk: the app starts all the same.
            self.library = None
            self.messages.append(one_line(f"The game library cannot be opened "
                                          f"({storage.reason(exc)}); games will not be kept."))
            # Each game then says so once, as a write that failed would.
            self._unavailable = f"Not saving: {storage.reason(exc)}"
        self._migrate_autosave()
        self._thread = threading.Thread(target=self._write_loop, name="tabletop-keeper",
                                        daemon=True)
        self._thread.start()

    def _migrate_autosave(self) -> None:
        """Move the single autosave of earlier versions into the library (once).

        Whatever goes wrong reading it, the file is moved aside with a message, so the next
        start cannot fail on it again."""
        path = self.directory / storage.AUTOSAVE
        if self.library is None or self.library.read_only or not path.exists():
            return  # a read-only folder: the autosave stays where it is, unread
        try:
            record = storage.read_autosave(self.directory)
            self.library.add(record, None, origin="app")
        except Exception as exc:
            self.messages.append(storage.set_aside(
                path, "The autosaved game could not be read", exc))
            return
        # Kept, not deleted: the old file stays beside the library under a new name.
        os.replace(path, free_name(self.directory, "autosave.migrated.json"))

    # -- the frame loop's side -------------------------------------------------------------
    def start(self, session: Session, people: Sequence[str] | None = None,
              entry_id: str | None = None) -> str:
        """Give `session` a library entry (a new one, or `entry_id` when continuing) and
        queue its first save; returns the entry id."""
        game_id = entry_id or new_id()
        self._ids[session] = game_id
        if entry_id is not None:
            self._written.add(entry_id)
            if people is None and self.library is not None:
                people = [s.player for s in self.library.get(entry_id).seats]
        self._names[game_id] = seat_names(session, people)
        if entry_id is None:  # a continued game is on disk already: written at its next move
            self.keep(session)
        return game_id

    def names_of(self, session: Session) -> list[str] | None:
        """The people's names of a session the keeper knows ("" for an AI seat)."""
        game_id = self._ids.get(session)
        if game_id is None or game_id not in self._names:
            return None
        return [name if agent == HUMAN else ""
                for name, agent in zip(self._names[game_id], session.agents, strict=False)]

    def entry_id(self, session: Session) -> str | None:
        """The library entry of a session the keeper knows."""
        return self._ids.get(session)

    def keep(self, session: Session) -> None:
        """Queue the session's record to be written (returns at once)."""
        game_id = self._ids.get(session)
        if game_id is None:
            self.start(session)
            return
        if self.library is None or self.library.read_only:
            if self._unavailable and game_id not in self._written:
                self._written.add(game_id)  # said once per game
                with self._wake:
                    self._errors.append(self._unavailable)
            return
        record = session.record()
        with self._wake:
            self._pending[game_id] = record
            self._wake.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued record is written; False if `timeout` ran out."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._pending or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._wake.wait(left)
        return True

    def take_errors(self) -> list[str]:
        """Write failures since the last call, as one-line messages."""
        with self._wake:
            errors, self._errors = self._errors, []
        return errors

    def in_progress(self) -> list[Entry]:
        """The games in progress, most recently played first (after pending writes)."""
        if self.library is None:
            return []
        self.flush()
        return self.library.entries(status=IN_PROGRESS)

    def last_names(self, game_id: str) -> list[str]:
        """The people's names at the latest game of `game_id` (for the set-up screen)."""
        if self.library is None:
            return []
        self.flush()
        return self.library.last_names(game_id)

    def close(self) -> None:
        """Write what is queued, stop the thread and close the library."""
        self.flush()
        with self._wake:
            self._closing = True
            self._wake.notify_all()
        self._thread.join(timeout=10)
        if self.library is not None:
            self.library.close()

    # -- the writer thread -----------------------------------------------------------------
    def _write_loop(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._closing:
                    self._wake.wait()
                if not self._pending:
                    return
                game_id, record = self._pending.popitem()
                self._busy = True
            try:
                self._write(game_id, record)
            except _FAILED as exc:
                with self._wake:
                    # Said once while the disk keeps refusing, not at every move.
                    if not self._failing:
                        # Short: a status line of the sidebar; the game goes on in memory.
                        self._errors.append(f"Not saving: {storage.reason(exc)}")
                    self._failing = True
            else:
                self._failing = False
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()

    def _write(self, game_id: str, record: Record) -> None:
        if self.library is None:
            return
        names = self._names.get(game_id)
        if game_id in self._written:
            self.library.save(game_id, record, names)
        else:
            self.library.add(record, names, game_id=game_id)
            self._written.add(game_id)

    # -- continuing ----------------------------------------------------------------------
    def resume(self, host: Host, entry_id: str) -> Session:
        """The session of a kept game; raises `TabletopError` if it does not load."""
        if self.library is None:
            raise LibraryError("the game library is not available")
        # The writer thread may still hold this game's newest record (the move just
        # played before leaving): resume what the player saw, not an older file.
        self.flush()
        record = self.library.read_record(entry_id)
        return Session.from_record(host, record)

    def set_aside(self, entry_id: str) -> str:
        """Move a kept game that does not load out of the list; returns its new name."""
        if self.library is None:
            raise LibraryError("the game library is not available")
        return self.library.set_aside(entry_id).name

