"""The game library: every game kept as a JSON game file, indexed in SQLite (no arcade).

Each game is one file `games/<id>.json` in the data folder (see `tabletop.store.records`)
and, while it is in progress, a move journal `games/<id>.moves` (see
`tabletop.store.journal`). The files are the source of truth; `library.sqlite3` beside
them is an index for listing and statistics (`tabletop.store.index`), and can always be
rebuilt from them.

- A new game, its end, an undo and any change but new moves write the game file whole
  (temp file, fsync, rename); a new move is appended to the journal and flushed to disk,
  so keeping a move costs the same at any length of game. Every write of the files and
  the index's update happen under the index's write lock (`BEGIN IMMEDIATE`), so
  processes (two windows, a window and `play --text`) take turns and never corrupt it.
- Opening folds every journal into its game file, and reconciles the index with the
  files: only games whose files' size or time changed are read again, so a crash between
  a file and the index loses nothing; temp files left by a killed writer are removed; an
  index that is missing, corrupt or of a newer version is moved aside (never deleted)
  and rebuilt, with a one-line message.
- A file that cannot be read is listed with status `unreadable` and the reason. Every
  field of a file, its `library` object and its journal included, is checked before use;
  every row read back from the index is checked the same way, and one that fails is read
  again from its file at the next open. A path stored in the index is never followed:
  the library touches only its own folders.
- A lock held by another process, a full disk or a read-only folder is not damage: the
  index is never moved aside for it. A lock or a full disk raises `LibraryError` saying
  so (after the busy timeout); a folder that cannot be written opens read-only: the games
  are listed from an in-memory copy of the index, and any write raises `LibraryError`.
- Delete moves the files into `trash/`; nothing here ever unlinks a game.
- Games started and left unplayed (in progress after at most `UNPLAYED_PLIES` moves) do
  not pile up: a new game started with the same set-up (game, options, seats' players
  and agents) as an unplayed one moves the older to the trash, so one untouched game per
  set-up is kept; `discard_unplayed` moves them all there at once. Both can be undone
  with `restore`.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.i18n import _, ngettext
from tabletop.limits import one_line, player_name, player_name_problem, read_text, shown
from tabletop.model import RecordError, TabletopError
from tabletop.record import Record
from tabletop.store import journal
from tabletop.store.appends import Written, extends, file_stat, fixed, journal_size
from tabletop.store.files import clean_debris, free_name, write_atomic
from tabletop.store.index import (
    BUSY_TIMEOUT,
    READ_ONLY_TROUBLE,
    Entry,
    Seat,
    check_id,
    connect,
    entry_of,
    fetch,
    file_of,
    fresh,
    move_index_aside,
    not_damage,
    row_of,
    row_problem,
    seats_of,
    trouble_error,
    trouble_message,
    upsert,
    writable,
)
from tabletop.store.opening import index_problem, read_only_index
from tabletop.store.paths import GAMES, INDEX, TRASH
from tabletop.store.records import (
    FINISHED,
    HUMAN,
    IMPORTED,
    IN_PROGRESS,
    ORIGINS,
    SAFE_ID,
    UNREADABLE,
    LibraryError,
    default_names,
    digest,
    file_text,
    given_names,
    journal_of,
    name_problem,
    outcome_problem,
    read_game,
    read_parts,
    signature,
    time_problem,
)
from tabletop.store.seen import (
    TRASHED,
    Seen,
    forget_seen,
    seen_from_dict,
    seen_games,
    seen_path,
)

# What a caller of the library needs beside `Library`, defined in the modules below it.
__all__ = ["BUSY_TIMEOUT", "FINISHED", "GAMES", "HUMAN", "IMPORTED", "INDEX", "IN_PROGRESS",
           "ORIGINS", "TRASH", "UNPLAYED_PLIES", "UNREADABLE", "Entry", "Library",
           "LibraryError", "Seat", "Seen", "given_names", "new_id", "unplayed"]

#: The library's default name of a seat nobody named (`tabletop.seats.default_name`): no
#: person may be renamed to it, or their seats would count as nobody's.
DEFAULT_NAME = re.compile(r"Player [0-9]+")


def new_id() -> str:
    """A fresh id for a kept game (also its file's name)."""
    return uuid.uuid4().hex


class _Changed(Exception):
    """The files of a game are not as this library left them: written whole instead."""


#: How many of a game's latest games `last_seats` looks through for one with a name.
LAST_NAMES_LOOKBACK = 50
#: A game in progress with at most this many moves was started and left unplayed: its
#: first player tried a move at most, nothing a player would miss.
UNPLAYED_PLIES = 1


class Library:
    """The kept games of one data folder (see the module docstring). Thread-safe: the
    app's keeper writes from its thread while the screens read."""

    def __init__(self, directory: Path, connection: sqlite3.Connection,
                 read_only: bool = False, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.directory = directory
        self.busy_timeout = busy_timeout
        self.games_dir = directory / GAMES
        self.trash_dir = directory / TRASH
        self._db = connection
        self._lock = threading.RLock()
        self._written: dict[str, Written] = {}
        #: True when the folder cannot be written: the games are listed from an in-memory
        #: copy of the index, and every change raises `LibraryError`.
        self.read_only = read_only
        #: One-line notices from opening (an index rebuilt, files that cannot be read).
        self.messages: list[str] = []

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, directory: Path, busy_timeout: float = BUSY_TIMEOUT,
             read_only: bool | None = None) -> Library:
        """Open (creating, upgrading or rebuilding as needed) the library of `directory`.

        `busy_timeout` is how long to wait for another process's write. `read_only` (by
        default: whether the folder cannot be written) opens without writing anything.
        Raises `LibraryError` in one line when the index is locked by another process or
        the disk is full; real damage is never raised: the index is moved aside and
        rebuilt from the game files.
        """
        if read_only is None:
            read_only = not writable(directory)
        if read_only:
            return cls._open_read_only(directory)
        try:
            (directory / GAMES).mkdir(parents=True, exist_ok=True)
            (directory / TRASH).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
                return cls._open_read_only(directory)
            raise  # a file in the way of a folder: the caller words it
        clean_debris(directory / GAMES)
        path = directory / INDEX
        existed = path.exists()
        problem: str | None = None
        connection: sqlite3.Connection | None = None
        try:
            connection = connect(path, busy_timeout)
            problem = index_problem(connection)
        except sqlite3.DatabaseError as exc:
            trouble = not_damage(exc)
            if trouble is not None:
                # A lock, a full disk, a read-only file: the index is sound, leave it be.
                if connection is not None:
                    connection.close()
                if trouble == READ_ONLY_TROUBLE:
                    return cls._open_read_only(directory)
                raise LibraryError(trouble_message(trouble, busy_timeout)) from None
            problem = _("it is damaged ({error})").format(error=exc)
        try:
            if problem is None and connection is not None:
                library = cls(directory, connection, busy_timeout=busy_timeout)
            else:
                if connection is not None:
                    connection.close()
                moved = move_index_aside(path)
                library = cls(directory, fresh(path, busy_timeout),
                              busy_timeout=busy_timeout)
                library.messages.append(one_line(_(
                    "The game library's index could not be used ({problem}); it was moved "
                    "to {file} and rebuilt from the game files.").format(
                    problem=problem, file=moved.name)))
            library.fold_journals()
            library.refresh()
        except sqlite3.DatabaseError as exc:
            raise LibraryError(trouble_message(not_damage(exc) or one_line(exc, 120),
                                               busy_timeout)) from None
        except OSError as exc:
            raise LibraryError(trouble_message(exc.strerror or str(exc), busy_timeout)
                               ) from None
        if not existed and library.count() > 0:
            count = library.count()
            # Translators: English keeps "game files" for any count (tests read it).
            library.messages.append(ngettext(
                "The game library's index was missing; it was rebuilt from {count} game "
                "files.",
                "The game library's index was missing; it was rebuilt from {count} game "
                "files.", count).format(count=i18n.number(count)))
        return library

    @classmethod
    def _open_read_only(cls, directory: Path) -> Library:
        """The library of a folder that cannot be written: the index copied into memory
        (or built there from the files if it cannot be read), nothing written on disk."""
        memory = read_only_index(directory / INDEX)
        library = cls(directory, memory, read_only=True)
        library.messages.append(one_line(_(
            "The game library's folder {folder} cannot be written: its games are "
            "listed, but nothing is kept, moved or deleted.").format(folder=directory)))
        library.refresh()
        return library

    def close(self) -> None:
        """Close the index (the files need no closing)."""
        with self._lock:
            self._db.close()

    def _check_writable(self, doing: str) -> None:
        """Raise `LibraryError` in a read-only library; `doing` is what was refused, in
        the player's language ("cannot keep the game")."""
        if self.read_only:
            raise LibraryError(one_line(_(
                "{doing}: the game library's folder {folder} cannot be written "
                "(read-only)").format(doing=doing, folder=self.directory)))

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding SQLite's write lock from its first statement:
        every change to the game files is made inside one, so processes take turns.

        A lock held too long by another process or a full disk raises `LibraryError`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise trouble_error(not_damage(exc) or str(exc), self.busy_timeout) from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) and not_damage(exc):
                    raise trouble_error(not_damage(exc) or "", self.busy_timeout) from None
                raise

    def fold_journals(self) -> int:
        """Write every journal's moves into its game file, and move aside journals of no
        game; returns how many games were written. A game that cannot be read is left as
        it is (listed as unreadable, with the reason)."""
        folded = 0
        for path in sorted(self.games_dir.glob(f"*{journal.SUFFIX}")):
            game_id = path.stem
            if not SAFE_ID.fullmatch(game_id):
                continue
            game = self.games_dir / f"{game_id}.json"
            with self._write() as db:  # one game at a time: the index is never held long
                if not os.path.lexists(game):
                    # Its game was moved away by hand: the journal goes to the trash too.
                    name = free_name(self.trash_dir, game_id, (journal.SUFFIX,))
                    os.replace(path, self.trash_dir / (name + journal.SUFFIX))
                    continue
                try:
                    record, meta, appended = read_parts(game)
                except (OSError, ValueError, RecordError):
                    continue
                if appended:
                    self._write_whole(db, game_id, record, meta)
                    folded += 1
                else:  # left from an earlier version of the file: holds nothing new
                    path.unlink(missing_ok=True)
        return folded

    def refresh(self) -> None:
        """Bring the index in line with the game files (only changed games are read).

        A row that fails its checks (see `index.row_problem`) is dropped and its file read
        again, so a damaged or hand-edited row heals at the next open."""
        with self._lock:
            rows, seats = fetch(self._db, "", ())
        known: dict[str, tuple[Any, Any]] = {}
        bad: dict[Any, tuple[Any, Any]] = {}
        for row in rows:
            if row_problem(self.games_dir, row, seats.get(row[0], [])) is None:
                known[row[0]] = (row[12], row[13])
            else:
                bad[row[0]] = (row[12], row[13])
        seen: set[str] = set()
        changed: list[tuple[str, Path, tuple[int, int]]] = []
        odd: list[str] = []
        healed = 0
        for path in self.games_dir.glob("*.json"):
            if not SAFE_ID.fullmatch(path.stem):
                odd.append(path.name)  # not a name the library gives: never indexed
                continue
            try:
                sig = signature(path)
            except FileNotFoundError:
                continue  # deleted by another process since the listing
            seen.add(path.stem)
            if known.get(path.stem) != sig:
                changed.append((path.stem, path, sig))
                # Only a row that looked current is news: an older one is re-read anyway.
                healed += bad.get(path.stem) == sig
        if odd:
            # Translators: English keeps "file(s) … are" for any count (tests read it).
            self.messages.append(one_line(ngettext(
                "{count} file(s) in {folder} are not named as the library names its games, "
                "and are not listed (import them instead): {files}",
                "{count} file(s) in {folder} are not named as the library names its games, "
                "and are not listed (import them instead): {files}", len(odd)).format(
                count=len(odd), folder=self.games_dir, files=", ".join(odd))))
        if healed:
            self.messages.append(ngettext(
                "{count} entry of the game library's index did not pass its checks; read "
                "again from the game files.",
                "{count} entries of the game library's index did not pass its checks; read "
                "again from the game files.", healed).format(count=healed))
        rows_in = [self._read_for_index(game_id, path, sig) for game_id, path, sig in changed]
        gone = [row[0] for row in rows if row[0] not in seen and row[0] in known]
        if not rows_in and not gone and not bad:
            return
        with self._write() as db:
            # Bad rows first: one of them may hold the `file` of a row written below.
            for game_id in (*bad, *gone):
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            for values, seat_list in rows_in:
                upsert(db, values, seat_list)

    def _read_for_index(self, game_id: str, path: Path, sig: tuple[int, int]
                        ) -> tuple[dict[str, Any], list[Any]]:
        base: dict[str, Any] = {"id": game_id, "file": f"{GAMES}/{path.name}",
                                "file_mtime": sig[0], "file_size": sig[1]}
        when = sig[0] / 1e9
        when = when if time_problem(when) is None else 0.0
        try:
            record, meta = read_game(path)
        except (OSError, ValueError, RecordError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return {**base, "status": UNREADABLE, "problem": one_line(reason),
                    "players": 0, "plies": 0, "created": when, "updated": when}, []
        return row_of(base, record, meta, when), seats_of(record, meta["players"])

    # -- writing -------------------------------------------------------------------------
    def add(self, record: Record, players: Sequence[str] | None = None,
            origin: str = "app", game_id: str | None = None) -> Entry:
        """Keep a new game (a new file and index entry); returns its entry.

        `game_id` (default: a fresh one from `new_id()`) lets a caller name the entry
        before it is written, e.g. to queue the write on another thread."""
        self._check_writable(_("cannot keep the game"))
        game_id = game_id or new_id()
        check_id(game_id)
        if origin not in ORIGINS:
            raise LibraryError(_("unknown origin {origin}").format(origin=shown(origin)))
        now = time.time()
        meta = {"id": game_id, "players": _names(record, players), "created": now,
                "updated": now, "origin": origin}
        entry = self._store(game_id, record, meta)
        # An online table's game is its players' too: never replaced by a later one (a
        # club's tables are often of one set-up, each waiting for its own players).
        if unplayed(entry) and origin != "online":
            self._replace_unplayed(entry)
        return entry

    def _replace_unplayed(self, new: Entry) -> list[Path]:
        """Move to the trash the unplayed games of `new`'s set-up kept before it (a game
        started again the same way replaces the one left untouched); where they went."""
        with self._lock:
            ids = [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE game = ? AND status = ? AND plies <= ? "
                "AND players = ? AND options = ? AND id != ?",
                (new.game, IN_PROGRESS, UNPLAYED_PLIES, new.players,
                 json.dumps(new.options, sort_keys=True), new.id))]
        same = [e for e in (self.get(i) for i in ids)
                if unplayed(e) and e.seats == new.seats]
        return self._trash_all(same)

    def unplayed(self) -> list[Entry]:
        """The games started and left unplayed (in progress, at most `UNPLAYED_PLIES`
        moves), newest first."""
        return [e for e in self.entries(status=IN_PROGRESS) if unplayed(e)]

    def discard_unplayed(self, keep: Sequence[str] = ()) -> list[Path]:
        """Move every unplayed game (but those whose ids are in `keep`, e.g. a game open
        on screen) to the trash; where each went, for `restore`."""
        return self._trash_all([e for e in self.unplayed() if e.id not in keep])

    def _trash_all(self, entries: Sequence[Entry]) -> list[Path]:
        """`delete` each of `entries`; a game another process removed first is skipped."""
        trashed = []
        for entry in entries:
            try:
                trashed.append(self.delete(entry.id))
            except LibraryError:
                if any(e.id == entry.id for e in self._entries("WHERE g.id = ?", (entry.id,))):
                    raise
        return trashed

    def save(self, game_id: str, record: Record, players: Sequence[str] | None = None
             ) -> Entry:
        """Keep a game's new record (after every move); returns its entry.

        New moves of a game this library wrote are appended to its journal; anything else
        (the end, an undo, new names, files changed by another process) writes the game
        file whole."""
        self._check_writable(_("cannot save the game"))
        check_id(game_id)
        names = _names(record, players) if players is not None else None
        written = self._written.get(game_id)
        if written is not None and extends(written, record, names):
            try:
                return self._append(game_id, written, record)
            except _Changed:
                self._written.pop(game_id, None)  # written whole below
        entry = self.get(game_id)
        self._own_file(entry)
        meta = {"id": game_id,
                "players": names if names is not None
                else _names(record, [s.player for s in entry.seats] or None),
                "created": entry.created, "updated": time.time(),
                # Continuing an imported game makes it the player's own game in progress.
                "origin": "text" if written is not None and written.origin == "text"
                else "app"}
        return self._store(game_id, record, meta)

    def _append(self, game_id: str, written: Written, record: Record) -> Entry:
        """Append the new moves to the game's journal and update its row."""
        path = self.games_dir / f"{game_id}.json"
        appended = False
        try:
            with self._write() as db:
                try:
                    unchanged = (file_stat(path) == written.file_stat
                                 and journal_size(path) == written.journal_size)
                except FileNotFoundError:
                    unchanged = False
                if not unchanged:  # folded, rewritten or moved by another process
                    raise _Changed
                appended = True  # from here, part of a line may be on disk
                size = journal.append(journal_of(path), written.token, written.first_ply,
                                      record.moves[len(written.moves):],
                                      written.journal_size)
                mtime, total = signature(path)
                cursor = db.execute("UPDATE games SET plies = ?, updated = ?, "
                                    "file_mtime = ?, file_size = ?, digest = NULL "
                                    "WHERE id = ?", (len(record.moves), time.time(), mtime,
                                                     total, game_id))
                if cursor.rowcount != 1:
                    raise LibraryError(_("no game {game} in the library").format(
                        game=shown(game_id)))
        except BaseException:
            if appended:
                # The index refused (a full disk, a lock): the move is taken back out of
                # the journal, so the failure says what is true, "nothing was kept". The
                # next save writes the file whole.
                self._written.pop(game_id, None)
                with contextlib.suppress(OSError):
                    journal.cut(journal_of(path), written.journal_size)
            raise
        written.moves, written.journal_size = record.moves, size
        return self.get(game_id)

    def _store(self, game_id: str, record: Record, meta: dict[str, Any]) -> Entry:
        check_id(game_id)
        problem = outcome_problem(record.result, record.players)
        if problem:
            raise LibraryError(_("the game's result {problem}").format(problem=problem))
        with self._write() as db:
            self._write_whole(db, game_id, record, meta)
        return self.get(game_id)

    def _write_whole(self, db: sqlite3.Connection, game_id: str, record: Record,
                     meta: dict[str, Any]) -> None:
        """Write a game's file whole (a fresh journal token while it is in progress),
        remove its journal, and update its row; inside a write transaction."""
        path = self.games_dir / f"{game_id}.json"
        meta = {key: value for key, value in meta.items() if key != "journal"}
        token = journal.new_token() if record.result is None else None
        if token is not None:
            meta["journal"] = token
        self._written.pop(game_id, None)
        write_atomic(path, file_text(record, meta))
        # Its moves are all in the file now; a journal left by a crash here would not
        # match the new token, and is ignored.
        journal_of(path).unlink(missing_ok=True)
        mtime, size = signature(path)
        base = {"id": game_id, "file": f"{GAMES}/{path.name}", "file_mtime": mtime,
                "file_size": size}
        upsert(db, row_of(base, record, meta, mtime / 1e9), seats_of(record, meta["players"]))
        if token is not None:
            self._written[game_id] = Written(
                fixed(record), record.moves, len(record.moves), tuple(meta["players"]),
                meta.get("origin", "app"), token,
                file_stat(path), 0)

    def import_file(self, source: Path, check: Callable[[Record], None] | None = None
                    ) -> Entry:
        """Keep a copy of a record or save file; the same record is kept only once.

        `check(record)` may raise `RecordError` (e.g. the record does not replay); any
        failure raises `LibraryError` with a one-line message naming the file.
        """
        try:
            record, meta = read_game(source, follow_links=True)
            if check is not None:
                check(record)
        except OSError as exc:
            raise LibraryError(one_line(_("cannot read {file}: {reason}").format(
                file=source, reason=exc.strerror or exc))) from None
        except TabletopError as exc:  # not a record, or `check` refused it
            raise LibraryError(one_line(_("{file}: {error}").format(file=source, error=exc))
                               ) from None
        except ValueError as exc:  # from `read_text`: too big, not text, not a file
            raise LibraryError(one_line(_("{file}: not a game record ({error})").format(
                file=source, error=exc))) from None
        self._check_writable(_("cannot import {file}").format(file=source))
        kept = self._kept_copy(record)
        if kept is not None:
            return self.get(kept)
        now = time.time()
        game_id = new_id()
        meta = {"id": game_id, "players": meta["players"], "created": meta.get("created", now),
                "updated": now, "origin": IMPORTED}
        return self._store(game_id, record, meta)

    # -- the online games this machine joined ----------------------------------------------
    def seen(self) -> list[Seen]:
        """What this machine's seats saw of the online games they joined and that go on
        (`tabletop.store.seen`), most recently played first: each not yet a kept game."""
        with self._lock:
            kept = {r[0] for r in self._db.execute("SELECT id FROM games")}
        return [s for s in seen_games(self.directory) if s.id not in kept]

    def finish_seen(self, game_id: str, record: Record, players: Sequence[str] | None
                    ) -> Entry:
        """Keep `record`, the whole game the host sent at its end, as the finished game of
        the table whose sight is kept as `game_id`: under that id, once (a game already
        kept there stays as it is); the sight then goes. Raises `LibraryError`."""
        self._check_writable(_("cannot keep the game"))
        with self._lock:
            there = self._db.execute("SELECT 1 FROM games WHERE id = ?",
                                     (game_id,)).fetchone() is not None
        entry = (self.get(game_id) if there
                 else self.add(record, players, origin="online", game_id=game_id))
        with contextlib.suppress(OSError):  # listed no more: `seen` skips a kept game
            forget_seen(self.directory, game_id)
        return entry

    def delete_seen(self, game_id: str) -> Path:
        """Move a joined game's kept sight into the trash folder (`restore_seen` brings
        it back); where it went. Raises `LibraryError`."""
        self._check_writable(_("cannot delete the game"))
        source = seen_path(self.directory, game_id)
        with self._lock:
            try:
                target = self.trash_dir / (free_name(self.trash_dir, game_id, (TRASHED,))
                                           + TRASHED)
                os.replace(source, target)
            except OSError as exc:
                raise LibraryError(one_line(_("cannot move {file} to the trash: {reason}")
                                            .format(file=source,
                                                    reason=exc.strerror or exc))) from None
        return target

    def restore_seen(self, trashed: Path) -> None:
        """Bring a sight `delete_seen` moved to the trash back. Raises `LibraryError` if
        it is not one, or the table's sight is kept again meanwhile."""
        self._check_writable(_("cannot restore the game"))
        source = self.trash_dir / trashed.name
        if (trashed.parent.resolve() != self.trash_dir.resolve()
                or source.suffix != TRASHED or not SAFE_ID.fullmatch(source.stem)):
            raise LibraryError(_("{file} is not a game of the library's trash").format(
                file=trashed.name))
        try:  # under the id it holds (its name in the trash may have a number)
            target = seen_path(self.directory, seen_from_dict(json.loads(read_text(
                source))).id)
        except (OSError, ValueError, RecursionError, RecordError) as exc:
            raise LibraryError(one_line(_("cannot restore {file}: {reason}").format(
                file=trashed.name, reason=getattr(exc, "strerror", None) or exc))) from None
        with self._lock:
            if os.path.lexists(target):
                raise LibraryError(_("cannot restore {file}: a kept game has its name")
                                   .format(file=trashed.name))
            try:
                os.replace(source, target)
            except OSError as exc:
                raise LibraryError(one_line(_("cannot restore {file}: {reason}").format(
                    file=trashed.name, reason=exc.strerror or exc))) from None

    def _kept_copy(self, record: Record) -> str | None:
        """The id of a kept game with exactly this record, if any. A game whose latest
        moves are in its journal has no fingerprint in the index yet: read to compare."""
        fingerprint = digest(record)
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE digest = ?",
                                   (fingerprint,)).fetchone()
            pending = [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE digest IS NULL AND status != ? AND game = ? "
                "AND plies = ?", (UNREADABLE, record.game, len(record.moves)))]
        if row is not None:
            return str(row[0])
        for game_id in pending:
            try:
                if digest(self.read_record(game_id)) == fingerprint:
                    return str(game_id)
            except TabletopError:
                continue
        return None

    def delete(self, game_id: str) -> Path:
        """Move a kept game's file (and journal) into the trash folder; returns where the
        file went.

        Only a file of the library's own folder is ever moved: an index row naming
        another file raises `LibraryError` and nothing is touched."""
        def into_trash(source: Path) -> tuple[Path, Path]:
            name = free_name(self.trash_dir, source.stem, (".json", journal.SUFFIX))
            target = self.trash_dir / f"{name}.json"
            return target, journal_of(target)

        return self._move_out(game_id, _("cannot delete the game"),
                              _("cannot move {file} to the trash: {reason}"), into_trash,
                              missing_ok=True)

    def restore(self, trashed: Path) -> Entry:
        """Bring a game `delete` moved to the trash back into the library (its file and
        journal, under its own id); its entry. Only a file of the library's own trash
        folder is ever moved; raises `LibraryError` if it is not one, is gone, or a kept
        game already has its id."""
        self._check_writable(_("cannot restore the game"))
        source = self.trash_dir / trashed.name
        game_id = source.stem
        if (trashed.parent.resolve() != self.trash_dir.resolve() or source.suffix != ".json"
                or not SAFE_ID.fullmatch(game_id)):
            raise LibraryError(_("{file} is not a game of the library's trash").format(
                file=trashed.name))
        target = self.games_dir / f"{game_id}.json"
        with self._write():
            if os.path.lexists(target):
                raise LibraryError(_("cannot restore {file}: a kept game has its name")
                                   .format(file=trashed.name))
            try:
                os.replace(source, target)
                if os.path.lexists(journal_of(source)):
                    os.replace(journal_of(source), journal_of(target))
            except OSError as exc:
                raise LibraryError(one_line(_("cannot restore {file}: {reason}").format(
                    file=trashed.name, reason=exc.strerror or exc))) from None
        self.refresh()
        return self.get(game_id)

    def rename_player(self, old: str, new: str) -> int:
        """Give every seat a person played as `old` the name `new`, in each kept game's
        file and in the index; returns how many games changed. A `new` that someone
        already has merges the two: Statistics, ratings and the set-up's remembered names
        then count them as one person.

        Only names people typed are renamed (a computer's seat and the default "Player N"
        are no person's name), to a name the one rule of names accepts
        (`tabletop.limits.player_name_problem`). Each game's file is rewritten whole and
        atomically, keeping its record, times and origin, so a failure part way leaves
        every game either renamed or as it was; renaming again finishes the rest. Raises
        `LibraryError` with one line."""
        self._check_writable(_("cannot rename the player"))
        new = player_name(new)
        problem = (player_name_problem(new) or name_problem(new)
                   or (_("is the name of a seat nobody named") if DEFAULT_NAME.fullmatch(new)
                       else None))
        if problem:
            raise LibraryError(_("the name {name} {problem}").format(name=shown(new),
                                                                      problem=problem))
        if old == new:
            return 0
        changed = 0
        for entry in self.entries(player=old):
            if entry.status == UNREADABLE:
                continue
            named = given_names([s.player for s in entry.seats],
                                [s.agent for s in entry.seats])
            if old not in named:
                continue  # `old` is a computer's or an unnamed seat's word here
            path = self._own_file(entry)
            try:
                record, meta = read_game(path)
            except (OSError, ValueError) as exc:
                raise LibraryError(one_line(_("cannot rename in {file}: {reason}").format(
                    file=path, reason=getattr(exc, "strerror", None) or exc))) from None
            players = [new if given == old else seat.player
                       for given, seat in zip(named, entry.seats, strict=True)]
            with self._write() as db:
                # The times the list is ordered by stay the game's own (not the rename's).
                self._write_whole(db, entry.id, record, {
                    **meta, "players": players, "created": entry.created,
                    "updated": entry.updated})
            changed += 1
        return changed

    def set_aside(self, game_id: str) -> Path:
        """Rename a kept game's file to `<name>.bad-<time>` (out of the list, not deleted)
        when it does not load; returns the new path. Like `delete`, only ever a file of
        the library's own folder."""
        stamp = time.strftime("%Y%m%d-%H%M%S")

        def beside(source: Path) -> tuple[Path, Path]:
            moves = journal_of(source)
            return (source.with_name(free_name(source.parent, f"{source.name}.bad-{stamp}")),
                    moves.with_name(free_name(moves.parent, f"{moves.name}.bad-{stamp}")))

        return self._move_out(game_id, _("cannot set the game aside"),
                              _("cannot move {file} aside: {reason}"), beside)

    def _move_out(self, game_id: str, doing: str, failed: str,
                  targets: Callable[[Path], tuple[Path, Path]], missing_ok: bool = False
                  ) -> Path:
        """Move a kept game's file and its journal to `targets(file)` and drop its row;
        returns where the file went (`doing`: what a read-only library refuses; `failed`:
        what a move that fails says, with its {file} and {reason}). The index's write lock
        is taken first: if another process holds it, nothing moves. With `missing_ok`, a file
        already gone leaves only
        its row to drop."""
        self._check_writable(doing)
        source = self._own_file(self.get(game_id))
        with self._write() as db:
            self._written.pop(game_id, None)
            target, moves_target = targets(source)
            try:
                os.replace(source, target)
                if os.path.lexists(journal_of(source)):
                    os.replace(journal_of(source), moves_target)
            except OSError as exc:
                # With `missing_ok`, a file already gone: only the index row remains to drop.
                if not (missing_ok and isinstance(exc, FileNotFoundError)):
                    raise LibraryError(one_line(failed.format(
                        file=source, reason=exc.strerror or exc))) from None
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return target

    # -- reading -------------------------------------------------------------------------
    def get(self, game_id: str) -> Entry:
        """The entry of a kept game (raises `LibraryError` if there is none)."""
        found = self._entries("WHERE g.id = ?", (game_id,))
        if not found:
            raise LibraryError(_("no game {game} in the library").format(game=shown(game_id)))
        return found[0]

    def entries(self, game: str | None = None, player: str | None = None,
                status: str | Sequence[str] | None = None) -> list[Entry]:
        """Kept games, newest first, filtered by game id, player name and status.

        Each row is checked as it is read: one that fails is listed as unreadable."""
        where, args = [], []  # type: list[str], list[Any]
        if game is not None:
            where.append("g.game = ?")
            args.append(game)
        if player is not None:
            where.append("g.id IN (SELECT game_id FROM seats WHERE player = ?)")
            args.append(player)
        if status is not None:
            wanted = [status] if isinstance(status, str) else list(status)
            where.append(f"g.status IN ({', '.join('?' * len(wanted))})")
            args.extend(wanted)
        clause = ("WHERE " + " AND ".join(where)) if where else ""
        found = self._entries(clause, tuple(args))
        if status is not None:  # a row that failed its checks is no longer of that status
            found = [e for e in found if e.status in wanted]
        return found

    def read_record(self, game_id: str) -> Record:
        """The record of a kept game, read from its files (raises `RecordError`)."""
        entry = self.get(game_id)
        path = self._own_file(entry)
        try:
            if path.is_symlink():
                raise LibraryError(_("{file} is a link, not a file (the library reads only "
                                     "its own files)").format(file=path))
            return read_game(path)[0]
        except OSError as exc:
            raise LibraryError(one_line(_("cannot read {file}: {reason}").format(
                file=path, reason=exc.strerror or exc))) from None
        except TabletopError:
            raise
        except ValueError as exc:  # too big, not text, not a regular file
            raise LibraryError(one_line(_("{file}: not a game record ({error})").format(
                file=path, error=exc))) from None

    def count(self) -> int:
        """How many game files the index lists (readable or not)."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def player_names(self) -> list[str]:
        """Everyone who has a seat in a kept game, people first, by name."""
        with self._lock:
            rows = self._db.execute(
                "SELECT player, MAX(agent = 'human') FROM seats GROUP BY player").fetchall()
        good = [(name, human) for name, human in rows if name_problem(name) is None]
        return [name for name, _ in sorted(good, key=lambda r: (-r[1], r[0].lower()))]

    def last_names(self, game: str) -> list[str]:
        """The people's names at the most recent game of `game`, in seat order (names that
        fail their checks are left out)."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE game = ? AND status != ? "
                                   "ORDER BY updated DESC LIMIT 1", (game, UNREADABLE)
                                   ).fetchone()
            if row is None:
                return []
            names = [r[0] for r in self._db.execute(
                "SELECT player FROM seats WHERE game_id = ? AND agent = ? ORDER BY seat",
                (row[0], HUMAN))]
        return [name for name in names if name_problem(name) is None]

    def last_seats(self, game: str) -> list[str]:
        """The names people gave each seat at the most recent game of `game` where someone
        gave one, by seat: "" for a computer's seat, a seat nobody named (the default
        "Player N") and a name that fails its checks. A remembered name stays at the seat
        its person had (Alice second against the computer is offered the second seat
        again); games played without a name in between do not make the app forget it.
        [] when no game of `game` has a name."""
        with self._lock:
            ids = [r[0] for r in self._db.execute(
                "SELECT id FROM games WHERE game = ? AND status != ? ORDER BY updated DESC "
                "LIMIT ?", (game, UNREADABLE, LAST_NAMES_LOOKBACK))]
            games = [self._db.execute("SELECT player, agent FROM seats WHERE game_id = ? "
                                      "ORDER BY seat", (game_id,)).fetchall()
                     for game_id in ids]
        for seats in games:
            named = given_names([player for player, _ in seats],
                                [agent for _, agent in seats])
            kept = [name if name_problem(name) is None else "" for name in named]
            if any(kept):
                return kept
        return []

    def _own_file(self, entry: Entry) -> Path:
        """The path of a kept game's file, checked again from the index at every use: only
        `games/<id>.json` of this library, else `LibraryError` (never followed)."""
        with self._lock:
            row = self._db.execute("SELECT file FROM games WHERE id = ?",
                                   (entry.id,)).fetchone()
        path = file_of(self.games_dir, entry.id, row[0] if row else None)
        if path is None:
            raise LibraryError(one_line(_(
                "the index gives game {game} the file {file}, which is not one of the "
                "library's own files: it is left untouched").format(
                game=shown(entry.id), file=shown(row[0] if row else None))))
        return path

    def _entries(self, clause: str, args: tuple[Any, ...]) -> list[Entry]:
        with self._lock:
            rows, seats = fetch(self._db, clause, args)
        return [entry_of(self.games_dir, row, seats.get(row[0], [])) for row in rows]


def unplayed(entry: Entry) -> bool:
    """True for a game started and left unplayed: in progress, at most `UNPLAYED_PLIES`
    moves in."""
    return entry.status == IN_PROGRESS and entry.plies <= UNPLAYED_PLIES


def _names(record: Record, players: Sequence[str] | None) -> list[str]:
    if players is None:
        return default_names(record)
    names = [p.strip() if isinstance(p, str) else p for p in players]
    if len(names) != record.players:
        raise LibraryError(_("{names} player names given for {seats} seats").format(
            names=len(names), seats=record.players))
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:  # never write a file that the library would refuse to read back
            raise LibraryError(_("player {number}'s name {problem}").format(
                number=seat + 1, problem=problem))
    return names
