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
- A file that cannot be read is listed with status `unreadable` and the reason.
- Delete moves the file into `trash/`; nothing here ever unlinks a game.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
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
from tabletop.limits import one_line
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
#: How long a writer waits for another process's write to finish, in seconds.
BUSY_TIMEOUT = 15.0


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


def parse_file_text(text: str) -> tuple[Record, dict[str, Any]]:
    """The record and the library metadata of a game file (or of any plain record file).

    Raises `RecordError` with a one-line reason if the text is not a game record.
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"not a game record: invalid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError("not a game record: expected a JSON object")
    meta = data.pop(META, None)
    record = Record.from_dict(data)
    if not isinstance(meta, dict):
        meta = {}
    names = meta.get("players")
    if not (isinstance(names, list) and len(names) == record.players
            and all(isinstance(n, str) and n.strip() for n in names)):
        meta["players"] = default_names(record)
    for key in ("created", "updated"):
        if not isinstance(meta.get(key), int | float) or isinstance(meta.get(key), bool):
            meta.pop(key, None)
    return record, meta


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

    def __init__(self, directory: Path, connection: sqlite3.Connection) -> None:
        self.directory = directory
        self.games_dir = directory / GAMES
        self.trash_dir = directory / TRASH
        self._db = connection
        self._lock = threading.RLock()
        #: One-line notices from opening (an index rebuilt, files that cannot be read).
        self.messages: list[str] = []

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, directory: Path) -> Library:
        """Open (creating, upgrading or rebuilding as needed) the library of `directory`."""
        (directory / GAMES).mkdir(parents=True, exist_ok=True)
        (directory / TRASH).mkdir(parents=True, exist_ok=True)
        clean_debris(directory / GAMES)
        path = directory / INDEX
        existed = path.exists()
        problem: str | None = None
        connection: sqlite3.Connection | None = None
        try:
            connection = _connect(path)
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
            problem = f"it is damaged ({exc})"
        if problem is None and connection is not None:
            library = cls(directory, connection)
        else:
            if connection is not None:
                connection.close()
            moved = _move_index_aside(path)
            library = cls(directory, _fresh(path))
            library.messages.append(one_line(
                f"The game library's index could not be used ({problem}); it was moved to "
                f"{moved.name} and rebuilt from the game files."))
        library.refresh()
        if not existed and library.count() > 0:
            library.messages.append(f"The game library's index was missing; it was rebuilt "
                                    f"from {library.count()} game files.")
        return library

    def close(self) -> None:
        """Close the index (the files need no closing)."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding SQLite's write lock from its first statement."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def refresh(self) -> None:
        """Bring the index in line with the game files (only changed files are read)."""
        with self._lock:
            known = {row[0]: (row[1], row[2]) for row in
                     self._db.execute("SELECT id, file_mtime, file_size FROM games")}
        seen: set[str] = set()
        changed: list[tuple[str, Path, os.stat_result]] = []
        for path in self.games_dir.glob("*.json"):
            try:
                st = path.stat()
            except FileNotFoundError:
                continue  # deleted by another process since the listing
            seen.add(path.stem)
            if known.get(path.stem) != (st.st_mtime_ns, st.st_size):
                changed.append((path.stem, path, st))
        rows = [self._read_for_index(game_id, path, st) for game_id, path, st in changed]
        gone = set(known) - seen
        if not rows and not gone:
            return
        with self._write() as db:
            for game_id in gone:
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            for row, seats in rows:
                _upsert(db, row, seats)

    def _read_for_index(self, game_id: str, path: Path, st: os.stat_result
                        ) -> tuple[dict[str, Any], list[Seat]]:
        base: dict[str, Any] = {"id": game_id, "file": f"{GAMES}/{path.name}",
                                "file_mtime": st.st_mtime_ns, "file_size": st.st_size}
        try:
            record, meta = parse_file_text(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, RecordError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return {**base, "status": UNREADABLE, "problem": reason, "players": 0, "plies": 0,
                    "created": st.st_mtime, "updated": st.st_mtime}, []
        return _row(base, record, meta, st.st_mtime), _seats(record, meta["players"])

    # -- writing -------------------------------------------------------------------------
    def add(self, record: Record, players: Sequence[str] | None = None,
            origin: str = "app", game_id: str | None = None) -> Entry:
        """Keep a new game (a new file and index entry); returns its entry.

        `game_id` (default: a fresh one from `new_id()`) lets a caller name the entry
        before it is written, e.g. to queue the write on another thread."""
        game_id = game_id or new_id()
        now = time.time()
        meta = {"id": game_id, "players": _names(record, players), "created": now,
                "updated": now, "origin": origin}
        return self._store(game_id, record, meta)

    def save(self, game_id: str, record: Record, players: Sequence[str] | None = None
             ) -> Entry:
        """Rewrite a kept game with its new record (after every move); returns its entry."""
        entry = self.get(game_id)
        meta = {"id": game_id,
                "players": _names(record, players) if players is not None
                else [s.player for s in entry.seats] or _names(record, None),
                "created": entry.created, "updated": time.time(), "origin": "app"}
        return self._store(game_id, record, meta)

    def _store(self, game_id: str, record: Record, meta: dict[str, Any]) -> Entry:
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
            record, meta = parse_file_text(source.read_text(encoding="utf-8"))
            if check is not None:
                check(record)
        except OSError as exc:
            raise LibraryError(f"cannot read {source}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise LibraryError(f"{source}: not a game record (not text)") from None
        except TabletopError as exc:  # not a record, or `check` refused it
            raise LibraryError(f"{source}: {exc}") from None
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
        """Move a kept game's file into the trash folder; returns where it went."""
        entry = self.get(game_id)
        target = free_name(self.trash_dir, entry.file.name)
        try:
            os.replace(entry.file, target)
        except FileNotFoundError:
            pass  # already gone: only the index row remains to drop
        except OSError as exc:
            raise LibraryError(f"cannot move {entry.file} to the trash: "
                               f"{exc.strerror or exc}") from None
        with self._write() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return target

    def set_aside(self, game_id: str) -> Path:
        """Rename a kept game's file to `<name>.bad-<time>` (out of the list, not deleted)
        when it does not load; returns the new path."""
        entry = self.get(game_id)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = free_name(entry.file.parent, f"{entry.file.name}.bad-{stamp}")
        try:
            os.replace(entry.file, target)
        except OSError as exc:
            raise LibraryError(f"cannot move {entry.file} aside: {exc.strerror or exc}"
                               ) from None
        with self._write() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        return target

    # -- reading -------------------------------------------------------------------------
    def get(self, game_id: str) -> Entry:
        """The entry of a kept game (raises `LibraryError` if there is none)."""
        found = self._entries("WHERE g.id = ?", (game_id,))
        if not found:
            raise LibraryError(f"no game {game_id!r} in the library")
        return found[0]

    def entries(self, game: str | None = None, player: str | None = None,
                status: str | Sequence[str] | None = None) -> list[Entry]:
        """Kept games, newest first, filtered by game id, player name and status."""
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
        return self._entries(clause, tuple(args))

    def read_record(self, game_id: str) -> Record:
        """The record of a kept game, read from its file (raises `RecordError`)."""
        entry = self.get(game_id)
        try:
            return parse_file_text(entry.file.read_text(encoding="utf-8"))[0]
        except OSError as exc:
            raise LibraryError(f"cannot read {entry.file}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise LibraryError(f"{entry.file}: not a game record (not text)") from None

    def count(self) -> int:
        """How many game files the index lists (readable or not)."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def player_names(self) -> list[str]:
        """Everyone who has a seat in a kept game, people first, by name."""
        with self._lock:
            rows = self._db.execute(
                "SELECT player, MAX(agent = 'human') FROM seats GROUP BY player").fetchall()
        return [name for name, _ in sorted(rows, key=lambda r: (-r[1], r[0].lower()))]

    def last_names(self, game: str) -> list[str]:
        """The people's names at the most recent game of `game`, in seat order."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE game = ? AND status != ? "
                                   "ORDER BY updated DESC LIMIT 1", (game, UNREADABLE)
                                   ).fetchone()
            if row is None:
                return []
            return [r[0] for r in self._db.execute(
                "SELECT player FROM seats WHERE game_id = ? AND agent = ? ORDER BY seat",
                (row[0], HUMAN))]

    def _entries(self, clause: str, args: tuple[Any, ...]) -> list[Entry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.file, g.game, g.status, g.result, g.options, g.seed, "
                "g.players, g.plies, g.created, g.updated, g.problem FROM games g "
                f"{clause} ORDER BY g.updated DESC, g.id", args).fetchall()
            seats: dict[str, list[Seat]] = {}
            ids = [r[0] for r in rows]
            for start in range(0, len(ids), 500):  # SQLite's bound on parameters
                chunk = ids[start:start + 500]
                for game_id, player, agent, score in self._db.execute(
                        "SELECT game_id, player, agent, score FROM seats WHERE game_id IN "
                        f"({', '.join('?' * len(chunk))}) ORDER BY game_id, seat", chunk):
                    seats.setdefault(game_id, []).append(Seat(player, agent, score))
        return [Entry(r[0], self.directory / r[1], r[2], r[3],
                      Outcome.from_dict(json.loads(r[4])) if r[4] else None,
                      json.loads(r[5]) if r[5] else {}, r[6], r[7], r[8], r[9], r[10],
                      tuple(seats.get(r[0], ())), r[11]) for r in rows]


# -- index helpers ---------------------------------------------------------------------
def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    connection.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode: a power cut may drop the last transactions, never corrupt; the
    # files are the source of truth and the next open re-indexes what was dropped.
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def _fresh(path: Path) -> sqlite3.Connection:
    connection = _connect(path)
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
    names = [str(p).strip() for p in players]
    if len(names) != record.players or not all(names):
        raise LibraryError(f"{len(names)} player names given for {record.players} seats")
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
