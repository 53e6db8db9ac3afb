"""Keeping games in the library as they are played (no arcade here).

`Keeper` is the one keeper: every game gets its own library entry (its own file), so any
number of games can be in progress and none replaces another, and each is kept after
every move. `play --text` uses it as it is: a move is kept before the next prompt.
`ThreadedKeeper` is the same keeper with its writes moved to a thread, for the app: the
record is handed over on the frame loop (cheap) and written by the thread, newest record
first, older pending records of the same game dropped, so a move never stalls a frame.

The library failing (a full disk, a locked index, a read-only folder) never stops play:
the game goes on in memory and the failure is said once (`take_errors`), not at every
move, until a write succeeds again.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from tabletop.i18n import N_, _
from tabletop.limits import one_line, player_name
from tabletop.record import Record
from tabletop.store.index import Entry
from tabletop.store.library import Library, new_id
from tabletop.store.paths import reason
from tabletop.store.records import LibraryError

#: What a write of the library may raise when the disk or the index refuses.
FAILED = (sqlite3.Error, OSError, LibraryError)
#: Why nothing is kept when the data folder opened read-only.
READ_ONLY = N_("the data folder cannot be written")


def open_library(directory: Path) -> tuple[Library | None, str | None, str | None]:
    """The library of `directory` for a keeper, else None, why (in the OS's words) and a
    one-line notice: a lock held by another process or a full disk does not stop play,
    the games are then not kept and each says so once."""
    try:
        return Library.open(directory), None, None
    except FAILED as exc:
        return None, reason(exc), one_line(_("The game library cannot be opened "
                                             "({reason}); games will not be kept.").format(
            reason=reason(exc)))


class Keeper:
    """Keeps games in the library of one data folder, written at once (see the module
    docstring). `library` is None when it could not be opened."""

    def __init__(self, library: Library | None, unavailable: str | None = None) -> None:
        self.library = library
        #: One-line notices for the player (an index rebuilt, the library unavailable).
        self.messages: list[str] = list(library.messages) if library is not None else []
        self._names: dict[str, list[str]] = {}
        self._origins: dict[str, str] = {}
        self._written: set[str] = set()
        self._errors: list[str] = []
        self._failing = False
        self._unavailable = unavailable
        if library is not None and library.read_only:  # listed; a new move is not kept
            self._unavailable = _(READ_ONLY)
        self._guard = threading.Condition()

    @classmethod
    def open(cls, directory: Path) -> Keeper:
        """A keeper for the library of `directory` (see `open_library`)."""
        library, unavailable, message = open_library(directory)
        keeper = cls(library, unavailable)
        keeper.messages += [message] if message else []
        return keeper

    def begin(self, names: Sequence[str], origin: str = "app", entry_id: str | None = None
              ) -> str:
        """Name the seats of a game to keep: a new entry, or `entry_id` (a kept game being
        continued, on disk already); returns the entry id. Nothing is written yet."""
        game_id = entry_id or new_id()
        self._names[game_id] = list(names)
        self._origins[game_id] = origin
        if entry_id is not None:
            self._written.add(entry_id)
        return game_id

    def rename(self, game_id: str, names: Sequence[str]) -> None:
        """New players for the seats of a game being kept (an online seat was taken):
        the next keeping writes them."""
        self._names[game_id] = list(names)

    def rename_player(self, old: str, new: str) -> int:
        """Rename (or merge) a person in every kept game (`Library.rename_player`), after
        the queued writes; the games this keeper is keeping follow, so that their next
        keeping does not write the old name back. Returns how many games changed; raises
        `LibraryError` in one line (also when there is no library)."""
        if self.library is None:
            raise LibraryError(self._unavailable or _("the library is not available"))
        self.flush()
        changed = self.library.rename_player(old, new)
        renamed = player_name(new)
        for names in self._names.values():
            names[:] = [renamed if name == old else name for name in names]
        return changed

    def names(self, game_id: str) -> list[str] | None:
        """Each seat's player of a game this keeper was given."""
        return self._names.get(game_id)

    def keep_record(self, game_id: str, record: Record) -> None:
        """Keep the game's record (a new entry the first time); a failure is said by
        `take_errors`, never raised."""
        if self._refused(game_id):
            return
        self._keep_now(game_id, record)

    def _refused(self, game_id: str) -> bool:
        """True if nothing can be kept: said once per game."""
        if self._unavailable is None:
            return False
        with self._guard:
            if game_id not in self._written:
                self._written.add(game_id)
                self._errors.append(self._unavailable)
        return True

    def _keep_now(self, game_id: str, record: Record) -> None:
        if self.library is None:
            return
        try:
            if game_id in self._written:
                self.library.save(game_id, record, self._names.get(game_id))
            else:
                self.library.add(record, self._names.get(game_id),
                                 self._origins.get(game_id, "app"), game_id=game_id)
                self._written.add(game_id)
        except FAILED as exc:
            with self._guard:
                if not self._failing:  # said once while the disk keeps refusing
                    self._errors.append(reason(exc))
                self._failing = True
        else:
            self._failing = False

    def entry(self, game_id: str) -> Entry | None:
        """The library's entry of a game this keeper wrote (None if none was written)."""
        if self.library is None or self._unavailable or game_id not in self._written:
            return None
        self.flush()
        try:
            return self.library.get(game_id)
        except LibraryError:
            return None

    def take_errors(self) -> list[str]:
        """Why keeping failed since the last call, in the OS's words, one per failure."""
        with self._guard:
            errors, self._errors = self._errors, []
        return errors

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every record handed over is written; False if `timeout` ran out
        (a plain keeper writes at once: always True)."""
        return True

    def close(self) -> None:
        """Write what is pending and close the library."""
        self.flush()
        if self.library is not None:
            self.library.close()


class ThreadedKeeper(Keeper):
    """The keeper with its writes on a thread (see the module docstring): `keep` returns
    at once, even while another process holds the index."""

    def __init__(self, library: Library | None, unavailable: str | None = None) -> None:
        super().__init__(library, unavailable)
        self._pending: dict[str, Record] = {}
        self._busy = False
        self._closing = False
        self._thread = threading.Thread(target=self._write_loop, name="tabletop-keeper",
                                        daemon=True)
        self._thread.start()

    def keep_record(self, game_id: str, record: Record) -> None:
        """Hand the game's record to the writer thread (returns at once)."""
        if self._refused(game_id):
            return
        with self._guard:
            self._pending[game_id] = record
            self._guard.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every record handed over is written; False if `timeout` ran out."""
        deadline = time.monotonic() + timeout
        with self._guard:
            while self._pending or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._guard.wait(left)
        return True

    def close(self) -> None:
        """Write what is pending, stop the thread and close the library."""
        self.flush()
        with self._guard:
            self._closing = True
            self._guard.notify_all()
        self._thread.join(timeout=10)
        if self.library is not None:
            self.library.close()

    def _write_loop(self) -> None:
        while True:
            with self._guard:
                while not self._pending and not self._closing:
                    self._guard.wait()
                if not self._pending:
                    return
                game_id, record = self._pending.popitem()
                self._busy = True
            try:
                self._keep_now(game_id, record)
            finally:
                with self._guard:
                    self._busy = False
                    self._guard.notify_all()
