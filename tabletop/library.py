"""The game library: every game kept as a JSON record file, indexed in SQLite (no arcade).

Each game is one file `games/<id>.json` in the data dir: a game record (the same format
`tabletop replay` reads) plus a `library` object holding the players' names, the times
and where the game came from. The files are the source of truth; `library.sqlite3` beside
them is an index for listing and statistics, and can always be rebuilt from them.

- Writing a move rewrites the game's file atomically (temp file, fsync, rename) and then
  updates the index in one `BEGIN IMMEDIATE` transaction. The index runs in WAL mode
  with a busy timeout, so two processes (two windows, a window and `play --text`) take
  turns and never corrupt it.
- Opening reconciles the index with the files: only files whose size or mtime changed
  are read again, so a crash between the file and the index loses nothing; temp files
  left by a killed writer are removed; an index that is missing, corrupt or of a newer
  version is moved aside (never deleted) and rebuilt, with a one-line message.
- A file that cannot be read is listed with status `unreadable` and the reason. Every
  field of a file, its `library` object included, is checked before use (types, ranges,
  finite numbers, sizes, names); the file is read with `tabletop.limits.read_text`'s cap.
- Every row read back from the index is checked the same way: a row that fails (a value
  out of range, a result of the wrong shape, a `file` that is not `games/<id>.json`) is
  read again from its file at the next open, and until then is listed as unreadable. A
  path stored in the index is never followed: the library touches only its own folders.
- A lock held by another process, a full disk or a read-only folder is not damage: the
  index is never moved aside for it. A lock or a full disk raises `LibraryError` saying
  so (after the busy timeout); a folder that cannot be written opens read-only: the games
  are listed from an in-memory copy of the index, and any write raises `LibraryError`.
- Delete moves the file into `trash/`; nothing here ever unlinks a game.
"""

from __future__ import annotations

import errno
import hashlib
import json
import math
import os
import re
import sqlite3
import stat
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.files import write_atomic
from tabletop.library_schema import ROW_TYPE_PROBLEMS, SCHEMA_VERSION, migrate, version_of
from tabletop.limits import (
    MAX_MESSAGE,
    MAX_NAME,
    MAX_PLAYER_NAME,
    SEED_RANGE,
    data_problem,
    one_line,
    read_text,
    shown,
)
from tabletop.model import Outcome, RecordError, TabletopError
from tabletop.record import Record

INDEX = "library.sqlite3"
GAMES = "games"
TRASH = "trash"
META = "library"

IN_PROGRESS = "in progress"
FINISHED = "finished"
IMPORTED = "imported"
UNREADABLE = "unreadable"

HUMAN = "human"
#: Where a kept game came from: the app, `play --text`, or an imported file.
ORIGINS = ("app", "text", IMPORTED)
STATUSES = (IN_PROGRESS, FINISHED, IMPORTED, UNREADABLE)
#: How long a writer waits for another process's write to finish, in seconds.
BUSY_TIMEOUT = 15.0
#: A kept game's id, which is also its file's stem: never a path (no `/`, no `..`).
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")
#: The longest seat name: a person's name, or an AI seat's agent name.
MAX_SEAT_NAME = max(MAX_PLAYER_NAME, MAX_NAME)
#: Times kept with a game (seconds since the epoch): from 1970 to the end of year 9999,
#: the range every date function can show.
TIME_RANGE = (0.0, 253_402_300_799.0)
#: Most seats of a game (as `Record.from_dict` allows).
MAX_SEATS = 1000


class LibraryError(RecordError):
    """A game the library cannot find, import or move; the message says which and why."""


@dataclass(frozen=True)
class Seat:
    """One seat of a kept game: the player's name, who played it and the final score."""

    player: str
    agent: str
    score: float | None = None

    @property
    def human(self) -> bool:
        """True if a person played this seat."""
        return self.agent == HUMAN


@dataclass(frozen=True)
class Entry:
    """One kept game as the index knows it (`status` is `UNREADABLE` with a `problem`)."""

    id: str
    file: Path
    game: str | None
    status: str
    result: Outcome | None
    options: dict[str, Any]
    seed: int | None
    players: int
    plies: int
    created: float
    updated: float
    seats: tuple[Seat, ...] = ()
    problem: str | None = None


# -- record files ----------------------------------------------------------------------
def new_id() -> str:
    """A fresh id for a kept game (also its file's name)."""
    return uuid.uuid4().hex


def given_names(names: Sequence[str], agents: Sequence[str]) -> tuple[str, ...]:
    """The names people gave their seats, "" for a computer's seat and for the library's
    default "Player N" (no name to show beside a game's own seat name)."""
    return tuple(name if agent == HUMAN and name != f"Player {seat + 1}" else ""
                 for seat, (name, agent) in enumerate(zip(names, agents, strict=False)))


def default_names(record: Record) -> list[str]:
    """Seat names for a record that names no players: AI seats by agent, people by seat."""
    agents = list(record.agents) or [HUMAN] * record.players
    return [f"Player {i + 1}" if agent == HUMAN else agent for i, agent in enumerate(agents)]


def parse_json(text: str) -> Any:
    """The data of a JSON text; raises `RecordError` in one line for anything that is not
    JSON, and for what Python's parser lets through but nothing can use: nesting past the
    recursion limit, a number past the 4,300-digit limit, a lone surrogate (`"\\ud800"`,
    which no file or database can hold)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(one_line(f"not a game record: invalid JSON ({exc})")) from None
    except RecursionError:
        raise RecordError("not a game record: nested too deeply") from None
    except ValueError as exc:  # a number over Python's 4,300-digit limit
        raise RecordError(f"not a game record: a number is too long ({one_line(exc, 60)})"
                          ) from None
    # A lone surrogate can only come from a \uD800-\uDFFF escape (the text itself was
    # decoded from UTF-8), so the walk below is needed only when one is written.
    if _SURROGATE_ESCAPE.search(text):
        problem = _surrogate_problem(data)
        if problem:
            raise RecordError(f"not a game record: {problem}")
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _surrogate_problem(data: Any) -> str | None:
    """Where `data` holds a text that is not valid Unicode (walked without recursion)."""
    stack = [data]
    while stack:
        node = stack.pop()
        texts: list[Any] = []
        if isinstance(node, str):
            texts = [node]
        elif isinstance(node, dict):
            texts = list(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                return f"a text holds a lone surrogate ({shown(text)})"
    return None


def parse_file_text(text: str) -> tuple[Record, dict[str, Any]]:
    """The record and the library metadata of a game file (or of any plain record file).

    Every field is checked, the `library` object's too (see `library_meta`); a plain
    record (no `library` object) gets default names and no times. Raises `RecordError`
    with a one-line reason if the text is not a game file this library can keep.
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise RecordError("not a game record: expected a JSON object")
    meta = data.pop(META, None)
    record = Record.from_dict(data)
    result_problem = outcome_problem(record.result, record.players)
    if result_problem:
        raise RecordError(f"record's result {result_problem}")
    return record, library_meta(meta, record)


def outcome_problem(result: Outcome | None, players: int) -> str | None:
    """What makes a (well-typed) result impossible for `players` seats, or None: one
    finite score per seat, winners distinct seats of the game."""
    if result is None:
        return None
    if len(result.scores) != players:
        return f"gives {len(result.scores)} scores for {players} seats"
    if not all(math.isfinite(score) for score in result.scores):
        return "holds a score that is not finite"
    if len(set(result.winners)) != len(result.winners) or any(
            not 0 <= w < players for w in result.winners):
        return f"names winners {shown(list(result.winners))} for {players} seats"
    if len(result.reason) > MAX_MESSAGE:
        return f"has a reason longer than {MAX_MESSAGE} characters"
    return None


def name_problem(name: Any) -> str | None:
    """What makes `name` unusable as a seat's name (None if fine): a text of 1 to
    `MAX_SEAT_NAME` characters, none of them a control character."""
    if not isinstance(name, str):
        return f"must be a text, not {shown(name)}"
    if not name.strip():
        return "is empty"
    if len(name) > MAX_SEAT_NAME:
        return f"is longer than {MAX_SEAT_NAME} characters"
    if not name.isprintable():
        return f"{shown(name)} holds a control or invisible character"
    return None


def time_problem(value: Any) -> str | None:
    """What makes `value` unusable as a kept game's time (None if fine)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return f"must be a number of seconds, not {shown(value)}"
    low, high = TIME_RANGE
    # `not low <= value <= high` is also true for NaN; an int of any size compares fine.
    if not low <= value <= high:
        return f"must be a time from 1970 to 9999, not {shown(value)}"
    return None


def library_meta(meta: Any, record: Record) -> dict[str, Any]:
    """The checked `library` object of a game file: `players` (one name per seat),
    `created` / `updated` (if given), `origin` and `id` (if given).

    Absent fields take defaults (a plain record names no players); a field that is there
    but wrong raises `RecordError` naming it, as a wrong field of the record does."""
    if meta is None:
        return {"players": default_names(record)}
    if not isinstance(meta, dict):
        raise RecordError(f"the library object must be an object, not {shown(meta)}")
    checked: dict[str, Any] = {}
    names = meta.get("players")
    if names is None:
        checked["players"] = default_names(record)
    elif not isinstance(names, list) or len(names) != record.players:
        raise RecordError(f"the library's players must be a list of {record.players} "
                          f"names, not {shown(names)}")
    else:
        for seat, name in enumerate(names):
            problem = name_problem(name)
            if problem:
                raise RecordError(f"the library's player {seat + 1} {problem}")
        checked["players"] = list(names)
    for key in ("created", "updated"):
        if meta.get(key) is not None:
            problem = time_problem(meta[key])
            if problem:
                raise RecordError(f"the library's {key} time {problem}")
            checked[key] = float(meta[key])
    origin = meta.get("origin")
    if origin is not None:
        if origin not in ORIGINS:
            raise RecordError(f"the library's origin must be one of {', '.join(ORIGINS)}, "
                              f"not {shown(origin)}")
        checked["origin"] = origin
    game_id = meta.get("id")
    if game_id is not None:
        if not isinstance(game_id, str) or not SAFE_ID.fullmatch(game_id):
            raise RecordError(f"the library's id must be letters, digits, '.', '_' or '-', "
                              f"not {shown(game_id)}")
        checked["id"] = game_id
    return checked


def file_text(record: Record, meta: dict[str, Any]) -> str:
    """A game file's JSON text: the record's keys, then the library metadata."""
    data = record.to_dict()
    data[META] = meta
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _digest(record: Record) -> str:
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_debris(folder: Path) -> list[Path]:
    """Remove temp files in `folder` whose writing process is gone; return them."""
    removed = []
    for path in folder.glob("*.tmp"):
        parts = path.name.split(".")
        pid = parts[-3] if len(parts) >= 4 else ""
        if pid.isdigit() and int(pid) != os.getpid() and _alive(int(pid)):
            continue  # another process is writing it now
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def free_name(folder: Path, name: str) -> Path:
    """`folder/name`, or `folder/stem-N.ext` if that exists."""
    target = folder / name
    stem, suffix = target.stem, target.suffix
    n = 1
    while target.exists():
        target = folder / f"{stem}-{n}{suffix}"
        n += 1
    return target


# -- the index -------------------------------------------------------------------------
class Library:
    """The kept games of one data dir. Open it with `Library.open(directory)`.

    Safe to use from several threads (one connection behind a lock) and from several
    processes (SQLite's locking, WAL mode, a busy timeout).
    """

    def __init__(self, directory: Path, connection: sqlite3.Connection,
                 read_only: bool = False, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self.directory = directory
        self.busy_timeout = busy_timeout
        self.games_dir = directory / GAMES
        self.trash_dir = directory / TRASH
        self._db = connection
        self._lock = threading.RLock()
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
            read_only = not _writable(directory)
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
            connection = _connect(path, busy_timeout)
            found = version_of(connection)
            if found > SCHEMA_VERSION:
                problem = f"it is from a newer Tabletop (schema {found} > {SCHEMA_VERSION})"
            elif found < 0:
                problem = f"it has an impossible schema version ({found})"
            else:
                check = connection.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    problem = f"it is damaged ({check})"
                else:
                    migrate(connection)
                    if connection.execute(ROW_TYPE_PROBLEMS).fetchone()[0]:
                        problem = "it holds values of the wrong type"
        except sqlite3.DatabaseError as exc:
            trouble = not_damage(exc)
            if trouble is not None:
                # A lock, a full disk, a read-only file: the index is sound, leave it be.
                if connection is not None:
                    connection.close()
                if trouble == READ_ONLY_TROUBLE:
                    return cls._open_read_only(directory)
                raise LibraryError(_trouble_message(trouble, busy_timeout)) from None
            problem = f"it is damaged ({exc})"
        try:
            if problem is None and connection is not None:
                library = cls(directory, connection, busy_timeout=busy_timeout)
            else:
                if connection is not None:
                    connection.close()
                moved = _move_index_aside(path)
                library = cls(directory, _fresh(path, busy_timeout),
                              busy_timeout=busy_timeout)
                library.messages.append(one_line(
                    f"The game library's index could not be used ({problem}); it was moved "
                    f"to {moved.name} and rebuilt from the game files."))
            library.refresh()
        except sqlite3.DatabaseError as exc:
            raise LibraryError(_trouble_message(not_damage(exc) or one_line(exc, 120),
                                                busy_timeout)) from None
        except OSError as exc:
            raise LibraryError(_trouble_message(exc.strerror or str(exc), busy_timeout)
                               ) from None
        if not existed and library.count() > 0:
            library.messages.append(f"The game library's index was missing; it was rebuilt "
                                    f"from {library.count()} game files.")
        return library

    @classmethod
    def _open_read_only(cls, directory: Path) -> Library:
        """The library of a folder that cannot be written: the index copied into memory
        (or built there from the files if it cannot be read), nothing written on disk."""
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        path = directory / INDEX
        copied = False
        # `mode=ro` reads an index whose WAL files exist; `immutable=1` one that has none
        # (they cannot be created in a read-only folder, and nobody can write it).
        for flags in ("mode=ro", "immutable=1"):
            if copied or not path.is_file():
                break
            try:
                source = sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True,
                                         timeout=1.0)
                try:
                    if version_of(source) == SCHEMA_VERSION and \
                            source.execute(ROW_TYPE_PROBLEMS).fetchone()[0] == 0:
                        source.backup(memory)
                        copied = True
                finally:
                    source.close()
            except sqlite3.DatabaseError:
                continue  # not readable this way: the next, or a rebuild from the files
        if not copied:
            memory.close()
            memory = sqlite3.connect(":memory:", isolation_level=None,
                                     check_same_thread=False)
        memory.execute("PRAGMA foreign_keys = ON")  # a game's seats go with it
        migrate(memory)
        library = cls(directory, memory, read_only=True)
        library.messages.append(one_line(
            f"The game library's folder {directory} cannot be written: its games are "
            f"listed, but nothing is kept, moved or deleted."))
        library.refresh()
        return library

    def close(self) -> None:
        """Close the index (the files need no closing)."""
        with self._lock:
            self._db.close()

    def _check_writable(self, doing: str) -> None:
        if self.read_only:
            raise LibraryError(one_line(f"cannot {doing}: the game library's folder "
                                        f"{self.directory} cannot be written (read-only)"))

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding SQLite's write lock from its first statement.

        A lock held too long by another process or a full disk raises `LibraryError`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise LibraryError(_trouble_message(not_damage(exc) or str(exc),
                                                    self.busy_timeout)) from None
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) and not_damage(exc):
                    raise LibraryError(_trouble_message(not_damage(exc) or "",
                                                        self.busy_timeout)) from None
                raise

    def refresh(self) -> None:
        """Bring the index in line with the game files (only changed files are read).

        A row that fails its checks (see `_row_problem`) is dropped and its file read
        again, so a damaged or hand-edited row heals at the next open."""
        with self._lock:
            rows, seats = self._fetch("", ())
        known: dict[str, tuple[Any, Any]] = {}
        bad: dict[Any, tuple[Any, Any]] = {}
        for row in rows:
            if self._row_problem(row, seats.get(row[0], [])) is None:
                known[row[0]] = (row[12], row[13])
            else:
                bad[row[0]] = (row[12], row[13])
        seen: set[str] = set()
        changed: list[tuple[str, Path, os.stat_result]] = []
        odd: list[str] = []
        healed = 0
        for path in self.games_dir.glob("*.json"):
            if not SAFE_ID.fullmatch(path.stem):
                odd.append(path.name)  # not a name the library gives: never indexed
                continue
            try:
                st = path.lstat()  # a link is listed as unreadable, never followed
            except FileNotFoundError:
                continue  # deleted by another process since the listing
            seen.add(path.stem)
            if known.get(path.stem) != (st.st_mtime_ns, st.st_size):
                changed.append((path.stem, path, st))
                # Only a row that looked current is news: an older one is re-read anyway.
                healed += bad.get(path.stem) == (st.st_mtime_ns, st.st_size)
        if odd:
            self.messages.append(one_line(
                f"{len(odd)} file(s) in {self.games_dir} are not named as the library names "
                f"its games, and are not listed (import them instead): {', '.join(odd)}"))
        if healed:
            self.messages.append(
                f"{healed} entr{'y' if healed == 1 else 'ies'} of the game library's index "
                f"did not pass its checks; read again from the game files.")
        rows_in = [self._read_for_index(game_id, path, st) for game_id, path, st in changed]
        gone = [row[0] for row in rows if row[0] not in seen and row[0] in known]
        if not rows_in and not gone and not bad:
            return
        with self._write() as db:
            # Bad rows first: one of them may hold the `file` of a row written below.
            for game_id in (*bad, *gone):
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            for values, seat_list in rows_in:
                _upsert(db, values, seat_list)

    def _read_for_index(self, game_id: str, path: Path, st: os.stat_result
                        ) -> tuple[dict[str, Any], list[Seat]]:
        base: dict[str, Any] = {"id": game_id, "file": f"{GAMES}/{path.name}",
                                "file_mtime": st.st_mtime_ns, "file_size": st.st_size}
        when = st.st_mtime if time_problem(st.st_mtime) is None else 0.0
        try:
            if stat.S_ISLNK(st.st_mode):
                raise RecordError("it is a link, not a file (the library reads only its "
                                  "own files)")
            record, meta = parse_file_text(read_text(path))
        except (OSError, ValueError, RecordError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return {**base, "status": UNREADABLE, "problem": one_line(reason),
                    "players": 0, "plies": 0, "created": when, "updated": when}, []
        return _row(base, record, meta, when), _seats(record, meta["players"])

    # -- writing -------------------------------------------------------------------------
    def add(self, record: Record, players: Sequence[str] | None = None,
            origin: str = "app", game_id: str | None = None) -> Entry:
        """Keep a new game (a new file and index entry); returns its entry.

        `game_id` (default: a fresh one from `new_id()`) lets a caller name the entry
        before it is written, e.g. to queue the write on another thread."""
        self._check_writable("keep the game")
        game_id = game_id or new_id()
        _check_id(game_id)
        if origin not in ORIGINS:
            raise LibraryError(f"unknown origin {shown(origin)}")
        now = time.time()
        meta = {"id": game_id, "players": _names(record, players), "created": now,
                "updated": now, "origin": origin}
        return self._store(game_id, record, meta)

    def save(self, game_id: str, record: Record, players: Sequence[str] | None = None
             ) -> Entry:
        """Rewrite a kept game with its new record (after every move); returns its entry."""
        self._check_writable("save the game")
        entry = self.get(game_id)
        self._own_file(entry)
        meta = {"id": game_id,
                "players": _names(record, players) if players is not None
                else _names(record, [s.player for s in entry.seats] or None),
                "created": entry.created, "updated": time.time(), "origin": "app"}
        return self._store(game_id, record, meta)

    def _store(self, game_id: str, record: Record, meta: dict[str, Any]) -> Entry:
        _check_id(game_id)
        problem = outcome_problem(record.result, record.players)
        if problem:
            raise LibraryError(f"the game's result {problem}")
        path = self.games_dir / f"{game_id}.json"
        write_atomic(path, file_text(record, meta))
        st = path.stat()
        base = {"id": game_id, "file": f"{GAMES}/{path.name}",
                "file_mtime": st.st_mtime_ns, "file_size": st.st_size}
        with self._write() as db:
            _upsert(db, _row(base, record, meta, st.st_mtime), _seats(record, meta["players"]))
        return self.get(game_id)

    def import_file(self, source: Path, check: Callable[[Record], None] | None = None
                    ) -> Entry:
        """Keep a copy of a record or save file; the same record is kept only once.

        `check(record)` may raise `RecordError` (e.g. the record does not replay); any
        failure raises `LibraryError` with a one-line message naming the file.
        """
        try:
            record, meta = parse_file_text(read_text(source))
            if check is not None:
                check(record)
        except OSError as exc:
            raise LibraryError(one_line(f"cannot read {source}: {exc.strerror or exc}")
                               ) from None
        except TabletopError as exc:  # not a record, or `check` refused it
            raise LibraryError(one_line(f"{source}: {exc}")) from None
        except ValueError as exc:  # from `read_text`: too big, not text, not a file
            raise LibraryError(one_line(f"{source}: not a game record ({exc})")) from None
        self._check_writable(f"import {source}")
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE digest = ?",
                                   (_digest(record),)).fetchone()
        if row is not None:
            return self.get(row[0])
        now = time.time()
        game_id = new_id()
        meta = {"id": game_id, "players": meta["players"], "created": meta.get("created", now),
                "updated": now, "origin": IMPORTED}
        return self._store(game_id, record, meta)

    def delete(self, game_id: str) -> Path:
        """Move a kept game's file into the trash folder; returns where it went.

        Only a file of the library's own folder is ever moved: an index row naming
        another file raises `LibraryError` and nothing is touched."""
        self._check_writable("delete the game")
        entry = self.get(game_id)
        source = self._own_file(entry)
        # The index's write lock first: if another process holds it, nothing moves.
        with self._write() as db:
            target = free_name(self.trash_dir, source.name)
            try:
                os.replace(source, target)
            except FileNotFoundError:
                pass  # already gone: only the index row remains to drop
            except OSError as exc:
                raise LibraryError(one_line(f"cannot move {source} to the trash: "
                                            f"{exc.strerror or exc}")) from None
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return target

    def set_aside(self, game_id: str) -> Path:
        """Rename a kept game's file to `<name>.bad-<time>` (out of the list, not deleted)
        when it does not load; returns the new path. Like `delete`, only ever a file of
        the library's own folder."""
        self._check_writable("set the game aside")
        entry = self.get(game_id)
        source = self._own_file(entry)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        with self._write() as db:  # the lock first, as in `delete`
            target = free_name(source.parent, f"{source.name}.bad-{stamp}")
            try:
                os.replace(source, target)
            except OSError as exc:
                raise LibraryError(one_line(f"cannot move {source} aside: "
                                            f"{exc.strerror or exc}")) from None
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return target

    # -- reading -------------------------------------------------------------------------
    def get(self, game_id: str) -> Entry:
        """The entry of a kept game (raises `LibraryError` if there is none)."""
        found = self._entries("WHERE g.id = ?", (game_id,))
        if not found:
            raise LibraryError(f"no game {shown(game_id)} in the library")
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
        """The record of a kept game, read from its file (raises `RecordError`)."""
        entry = self.get(game_id)
        path = self._own_file(entry)
        try:
            if path.is_symlink():
                raise LibraryError(f"{path} is a link, not a file (the library reads only "
                                   f"its own files)")
            return parse_file_text(read_text(path))[0]
        except OSError as exc:
            raise LibraryError(one_line(f"cannot read {path}: {exc.strerror or exc}")
                               ) from None
        except TabletopError:
            raise
        except ValueError as exc:  # too big, not text, not a regular file
            raise LibraryError(one_line(f"{path}: not a game record ({exc})")) from None

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

    def _own_file(self, entry: Entry) -> Path:
        """The path of a kept game's file, checked again from the index at every use: only
        `games/<id>.json` of this library, else `LibraryError` (never followed)."""
        with self._lock:
            row = self._db.execute("SELECT file FROM games WHERE id = ?",
                                   (entry.id,)).fetchone()
        path = _file_of(self.games_dir, entry.id, row[0] if row else None)
        if path is None:
            raise LibraryError(one_line(
                f"the index gives game {shown(entry.id)} the file "
                f"{shown(row[0] if row else None)}, which is not one of the library's own "
                f"files: it is left untouched"))
        return path

    def _fetch(self, clause: str, args: tuple[Any, ...]
               ) -> tuple[list[tuple[Any, ...]], dict[Any, list[tuple[Any, ...]]]]:
        """The raw rows (the entry's columns, then file_mtime and file_size) and their
        seats' rows, as SQLite gives them: nothing checked yet."""
        rows = self._db.execute(
            "SELECT g.id, g.file, g.game, g.status, g.result, g.options, g.seed, "
            "g.players, g.plies, g.created, g.updated, g.problem, g.file_mtime, "
            f"g.file_size FROM games g {clause} ORDER BY g.updated DESC, g.id",
            args).fetchall()
        seats: dict[Any, list[tuple[Any, ...]]] = {}
        if not clause:  # every row: every seat, in one query
            for seat in self._db.execute("SELECT game_id, seat, player, agent, score "
                                         "FROM seats ORDER BY game_id, seat"):
                seats.setdefault(seat[0], []).append(seat)
            return rows, seats
        ids = [r[0] for r in rows]
        for start in range(0, len(ids), 500):  # SQLite's bound on parameters
            chunk = ids[start:start + 500]
            for seat in self._db.execute(
                    "SELECT game_id, seat, player, agent, score FROM seats WHERE game_id "
                    f"IN ({', '.join('?' * len(chunk))}) ORDER BY game_id, seat", chunk):
                seats.setdefault(seat[0], []).append(seat)
        return rows, seats

    def _entries(self, clause: str, args: tuple[Any, ...]) -> list[Entry]:
        with self._lock:
            rows, seats = self._fetch(clause, args)
        return [self._entry(row, seats.get(row[0], [])) for row in rows]

    def _entry(self, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]) -> Entry:
        """The entry of a row, or an unreadable entry saying what is wrong with the row."""
        try:
            return self._checked_entry(row, seats)
        except RecordError as exc:
            game_id = row[0] if isinstance(row[0], str) else shown(row[0])
            path = _file_of(self.games_dir, game_id, f"{GAMES}/{game_id}.json")
            return Entry(game_id, path or self.games_dir / "(not a library file)", None,
                         UNREADABLE, None, {}, None, 0, 0, 0.0, 0.0, (),
                         one_line(f"its entry in the index is damaged ({exc}); it is read "
                                  f"again from the file at the next start"))

    def _row_problem(self, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]
                     ) -> str | None:
        try:
            self._checked_entry(row, seats)
        except RecordError as exc:
            return str(exc)
        return None

    def _checked_entry(self, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]
                       ) -> Entry:
        """The entry of an index row, every column checked as a file's fields are;
        raises `RecordError` naming the first column that is wrong."""
        (game_id, file, game, status, result_text, options_text, seed, players, plies,
         created, updated, problem) = row[:12]
        path = _file_of(self.games_dir, game_id, file)
        if path is None:
            raise RecordError(f"file {shown(file)} is not games/<id>.json")
        if status not in STATUSES:
            raise RecordError(f"status {shown(status)} is unknown")
        for name, value in (("created", created), ("updated", updated)):
            trouble = time_problem(value)
            if trouble:
                raise RecordError(f"{name} {trouble}")
        if not isinstance(row[12], int) or not isinstance(row[13], int):
            raise RecordError("the file's size and time must be whole numbers")
        if status == UNREADABLE:
            if not isinstance(problem, str) or len(problem) > MAX_MESSAGE:
                raise RecordError(f"problem {shown(problem)} is not a short text")
            return Entry(game_id, path, None, status, None, {}, None, 0, 0, float(created),
                         float(updated), (), problem)
        if not isinstance(game, str) or not 0 < len(game) <= MAX_NAME:
            raise RecordError(f"game {shown(game)} is not a game id")
        if type(players) is not int or not 1 <= players <= MAX_SEATS:
            raise RecordError(f"players {shown(players)} is not a number of seats")
        if type(plies) is not int or plies < 0:
            raise RecordError(f"plies {shown(plies)} is not a count")
        if seed is not None and (type(seed) is not int
                                 or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]):
            raise RecordError(f"seed {shown(seed)} is out of range")
        result = None
        if result_text is not None:
            data = _column_json(result_text, "result")
            result = Outcome.from_dict(data)
            trouble = outcome_problem(result, players)
            if trouble:
                raise RecordError(f"result {trouble}")
        if (status == FINISHED) != (result is not None) and status != IMPORTED:
            raise RecordError(f"status {status!r} does not match its result")
        options = _column_json(options_text, "options") if options_text is not None else {}
        if not isinstance(options, dict):
            raise RecordError(f"options {shown(options)} is not an object")
        if len(seats) != players:
            raise RecordError(f"{len(seats)} seats for {players} players")
        checked: list[Seat] = []
        for number, (_, seat, player, agent, score) in enumerate(seats):
            trouble = name_problem(player)
            if seat != number or trouble:
                raise RecordError(f"seat {number + 1}'s player {trouble or 'is out of order'}")
            if not isinstance(agent, str) or not 0 < len(agent) <= MAX_NAME:
                raise RecordError(f"seat {number + 1}'s agent {shown(agent)} is not a name")
            if score is not None and (isinstance(score, bool)
                                      or not isinstance(score, int | float)
                                      or not math.isfinite(score)):
                raise RecordError(f"seat {number + 1}'s score {shown(score)} is not finite")
            checked.append(Seat(player, agent, None if score is None else float(score)))
        return Entry(game_id, path, game, status, result, options, seed, players, plies,
                     float(created), float(updated), tuple(checked), None)


# -- index helpers ---------------------------------------------------------------------
#: `not_damage`'s answer for an index that may be read but not written.
READ_ONLY_TROUBLE = "it cannot be written (read-only)"


def not_damage(exc: sqlite3.Error) -> str | None:
    """What keeps SQLite from using a sound index, if it is not damage to the index
    itself (None: the index is damaged): a lock, a full disk, a read-only file or
    folder, an input/output error. Such an index is never moved aside."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc).lower()
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text \
            or "busy" in text:
        return "another Tabletop is writing it (it is locked)"
    if primary == sqlite3.SQLITE_FULL or "is full" in text:
        return "the disk is full"
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH) \
            or "readonly" in text or "read-only" in text:
        return READ_ONLY_TROUBLE
    if primary == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
        return "it cannot be opened (unable to open the database file)"
    if primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_NOMEM) or "disk i/o" in text:
        return f"the disk could not be read or written ({one_line(exc, 80)}; is it full?)"
    return None


def _trouble_message(trouble: str, busy_timeout: float | None = None) -> str:
    waited = (f" after waiting {busy_timeout:g} s" if busy_timeout is not None
              and "locked" in trouble else "")
    return one_line(f"the game library cannot be used now: {trouble}{waited}; nothing was "
                    f"changed, try again")


def _writable(directory: Path) -> bool:
    """Whether files can be created in `directory` (and its games folder, if there)."""
    if not directory.is_dir():
        # Created by `open`; if that is refused, it opens read-only then. A file in the
        # way is not a read-only folder: `open` raises the OSError that says so.
        return True
    folders = [directory] + [directory / name for name in (GAMES, TRASH)
                             if (directory / name).is_dir()]
    return all(os.access(folder, os.W_OK | os.X_OK) for folder in folders)


def _check_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not SAFE_ID.fullmatch(game_id):
        raise LibraryError(f"{shown(game_id)} is not a library id (letters, digits, '.', "
                           f"'_', '-')")


def _file_of(games_dir: Path, game_id: Any, file: Any) -> Path | None:
    """`games_dir/<id>.json` if the index's `file` value is exactly `games/<id>.json` for
    a safe id, else None: a path written in the index is never followed."""
    if not isinstance(game_id, str) or not SAFE_ID.fullmatch(game_id) \
            or file != f"{GAMES}/{game_id}.json":
        return None
    return games_dir / f"{game_id}.json"


def _column_json(text: Any, column: str) -> Any:
    if not isinstance(text, str):
        raise RecordError(f"{column} is not JSON text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(f"{column} is not valid JSON") from None
    problem = data_problem(data)
    if problem:
        raise RecordError(f"{column} holds {problem}")
    return data


def _connect(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    connection.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode: a power cut may drop the last transactions, never corrupt; the
    # files are the source of truth and the next open re-indexes what was dropped.
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def _fresh(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    connection = _connect(path, busy_timeout)
    migrate(connection)
    return connection
def _move_index_aside(path: Path) -> Path:
    """Rename the index and its WAL/SHM companions to `<name>.bad-<time>[-n]`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        suffix = f".bad-{stamp}" + (f"-{n}" if n else "")
        target = path.with_name(path.name + suffix)
        if not any(Path(str(target) + extra).exists() for extra in ("", "-wal", "-shm")):
            break
        n += 1
    for extra in ("-wal", "-shm", ""):
        source = Path(str(path) + extra)
        if source.exists():
            os.replace(source, Path(str(target) + extra))
    return target


def _names(record: Record, players: Sequence[str] | None) -> list[str]:
    if players is None:
        return default_names(record)
    names = [p.strip() if isinstance(p, str) else p for p in players]
    if len(names) != record.players:
        raise LibraryError(f"{len(names)} player names given for {record.players} seats")
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:  # never write a file that the library would refuse to read back
            raise LibraryError(f"player {seat + 1}'s name {problem}")
    return names


def _status(record: Record, origin: Any) -> str:
    if origin == IMPORTED:
        return IMPORTED
    return FINISHED if record.result is not None else IN_PROGRESS


def _row(base: dict[str, Any], record: Record, meta: dict[str, Any], mtime: float
         ) -> dict[str, Any]:
    return {**base, "game": record.game, "status": _status(record, meta.get("origin")),
            "result": json.dumps(record.result.to_dict()) if record.result else None,
            "options": json.dumps(record.options, sort_keys=True), "seed": record.seed,
            "players": record.players, "plies": len(record.moves),
            "created": meta.get("created", mtime), "updated": meta.get("updated", mtime),
            "problem": None, "digest": _digest(record)}


def _seats(record: Record, names: Sequence[str]) -> list[Seat]:
    agents = list(record.agents) or [HUMAN] * record.players
    scores = record.result.scores if record.result is not None else ()
    return [Seat(names[i], agents[i] if i < len(agents) else HUMAN,
                 float(scores[i]) if i < len(scores) else None)
            for i in range(record.players)]


_COLUMNS = ("id", "file", "game", "status", "result", "options", "seed", "players", "plies",
            "created", "updated", "problem", "digest", "file_mtime", "file_size")


def _upsert(db: sqlite3.Connection, row: dict[str, Any], seats: Sequence[Seat]) -> None:
    values = [row.get(c) for c in _COLUMNS]
    db.execute("DELETE FROM games WHERE id = ?", (row["id"],))  # cascades to its seats
    db.execute(f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES "
               f"({', '.join('?' * len(_COLUMNS))})", values)
    db.executemany("INSERT INTO seats (game_id, seat, player, agent, score) "
                   "VALUES (?, ?, ?, ?, ?)",
                   [(row["id"], i, s.player, s.agent, s.score) for i, s in enumerate(seats)])
