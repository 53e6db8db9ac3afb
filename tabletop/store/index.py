"""The library's SQLite index: connecting, its rows, and every row's checks (no arcade).

The index lists the kept games for the screens and the statistics; the game files are
the source of truth, and any row can be rebuilt from them. It runs in WAL mode with a
busy timeout, so several processes take turns writing it and never corrupt it. Every row
read back is checked as a file's fields are: a row that fails is listed as unreadable and
read again from its file at the next open. A path written in the index is never followed.
"""

from __future__ import annotations

import errno
import json
import math
import os
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.i18n import N_, _
from tabletop.limits import MAX_MESSAGE, MAX_NAME, SEED_RANGE, data_problem, one_line, shown
from tabletop.model import Outcome, RecordError
from tabletop.record import Record
from tabletop.store.files import free_name
from tabletop.store.paths import GAMES, TRASH
from tabletop.store.records import (
    FINISHED,
    HUMAN,
    IMPORTED,
    IN_PROGRESS,
    MAX_SEATS,
    SAFE_ID,
    STATUSES,
    UNREADABLE,
    LibraryError,
    digest,
    name_problem,
    outcome_problem,
    time_problem,
)
from tabletop.store.schema import migrate

#: How long a writer waits for another process's write to finish, in seconds.
BUSY_TIMEOUT = 15.0
#: `not_damage`'s answer for an index that may be read but not written.
READ_ONLY_TROUBLE = N_("it cannot be written (read-only)")
#: `not_damage`'s answer for an index another process holds.
LOCKED = N_("another Tabletop is writing it (it is locked)")


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


# -- connecting ------------------------------------------------------------------------
def connect(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """A connection to the index at `path` in WAL mode, waiting up to `busy_timeout`."""
    connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None,
                                 check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    connection.execute("PRAGMA journal_mode = WAL")
    # NORMAL in WAL mode: a power cut may drop the last transactions, never corrupt; the
    # files are the source of truth and the next open re-indexes what was dropped.
    connection.execute("PRAGMA synchronous = NORMAL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def fresh(path: Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """A connection to a new, empty index at `path` with the current schema."""
    connection = connect(path, busy_timeout)
    migrate(connection)
    return connection


def move_index_aside(path: Path) -> Path:
    """Rename the index and its WAL/SHM companions to `<name>.bad-<time>[-n]`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(free_name(path.parent, f"{path.name}.bad-{stamp}",
                                      ("", "-wal", "-shm")))
    for extra in ("-wal", "-shm", ""):
        source = Path(str(path) + extra)
        if source.exists():
            os.replace(source, Path(str(target) + extra))
    return target


def not_damage(exc: sqlite3.Error) -> str | None:
    """What keeps SQLite from using a sound index, if it is not damage to the index
    itself (None: the index is damaged): a lock, a full disk, a read-only file or
    folder, an input/output error. Such an index is never moved aside."""
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(exc).lower()
    if primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text \
            or "busy" in text:
        return LOCKED
    if primary == sqlite3.SQLITE_FULL or "is full" in text:
        return DISK_FULL
    if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH) \
            or "readonly" in text or "read-only" in text:
        return READ_ONLY_TROUBLE
    if primary == sqlite3.SQLITE_CANTOPEN or "unable to open" in text:
        return N_("it cannot be opened (unable to open the database file)")
    if primary in (sqlite3.SQLITE_IOERR, sqlite3.SQLITE_NOMEM) or "disk i/o" in text:
        return _("the disk could not be read or written ({error}; is it full?)").format(
            error=one_line(exc, 80))
    return None


#: `not_damage`'s answer for a full disk.
DISK_FULL = N_("the disk is full")


def trouble_error(trouble: str, busy_timeout: float | None = None) -> LibraryError:
    """The `LibraryError` raised when the index cannot be used now (`trouble`: why), with
    the OS's words for a full disk."""
    words = os.strerror(errno.ENOSPC) if trouble == DISK_FULL else None
    return LibraryError(trouble_message(trouble, busy_timeout), words)


def trouble_message(trouble: str, busy_timeout: float | None = None) -> str:
    """The one line said when the index cannot be used now (`trouble`: why, one of
    `not_damage`'s answers, translated here)."""
    if busy_timeout is not None and trouble == LOCKED:
        return one_line(_("the game library cannot be used now: {trouble} after waiting "
                          "{seconds} s; nothing was changed, try again").format(
            trouble=_(trouble), seconds=f"{busy_timeout:g}"))
    return one_line(_("the game library cannot be used now: {trouble}; nothing was changed, "
                      "try again").format(trouble=_(trouble)))


def writable(directory: Path) -> bool:
    """Whether files can be created in `directory` (and its games folder, if there)."""
    if not directory.is_dir():
        # Created by `open`; if that is refused, it opens read-only then. A file in the
        # way is not a read-only folder: `open` raises the OSError that says so.
        return True
    folders = [directory] + [directory / name for name in (GAMES, TRASH)
                             if (directory / name).is_dir()]
    return all(os.access(folder, os.W_OK | os.X_OK) for folder in folders)


# -- rows ------------------------------------------------------------------------------
def check_id(game_id: str) -> None:
    """Raise `LibraryError` unless `game_id` is a library id (never a path)."""
    if not isinstance(game_id, str) or not SAFE_ID.fullmatch(game_id):
        raise LibraryError(_("{id} is not a library id (letters, digits, '.', '_', '-')")
                           .format(id=shown(game_id)))


def file_of(games_dir: Path, game_id: Any, file: Any) -> Path | None:
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


def status_of(record: Record, origin: Any) -> str:
    """A kept game's status: imported, finished or in progress."""
    if origin == IMPORTED:
        return IMPORTED
    return FINISHED if record.result is not None else IN_PROGRESS


def row_of(base: dict[str, Any], record: Record, meta: dict[str, Any], mtime: float
           ) -> dict[str, Any]:
    """The index row of a kept game (`base`: its id, file and signature)."""
    return {**base, "game": record.game, "status": status_of(record, meta.get("origin")),
            "result": json.dumps(record.result.to_dict()) if record.result else None,
            "options": json.dumps(record.options, sort_keys=True), "seed": record.seed,
            "players": record.players, "plies": len(record.moves),
            "created": meta.get("created", mtime), "updated": meta.get("updated", mtime),
            "problem": None, "digest": digest(record)}


def seats_of(record: Record, names: Sequence[str]) -> list[Seat]:
    """The seats of a kept game: its players' names, agents and final scores."""
    agents = list(record.agents) or [HUMAN] * record.players
    scores = record.result.scores if record.result is not None else ()
    return [Seat(names[i], agents[i] if i < len(agents) else HUMAN,
                 float(scores[i]) if i < len(scores) else None)
            for i in range(record.players)]


COLUMNS = ("id", "file", "game", "status", "result", "options", "seed", "players", "plies",
           "created", "updated", "problem", "digest", "file_mtime", "file_size")


def upsert(db: sqlite3.Connection, row: dict[str, Any], seats: Sequence[Seat]) -> None:
    """Replace a game's row and its seats' rows."""
    values = [row.get(c) for c in COLUMNS]
    db.execute("DELETE FROM games WHERE id = ?", (row["id"],))  # cascades to its seats
    db.execute(f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES "
               f"({', '.join('?' * len(COLUMNS))})", values)
    db.executemany("INSERT INTO seats (game_id, seat, player, agent, score) "
                   "VALUES (?, ?, ?, ?, ?)",
                   [(row["id"], i, s.player, s.agent, s.score) for i, s in enumerate(seats)])


def fetch(db: sqlite3.Connection, clause: str, args: tuple[Any, ...]
          ) -> tuple[list[tuple[Any, ...]], dict[Any, list[tuple[Any, ...]]]]:
    """The raw rows (the entry's columns, then file_mtime and file_size) and their
    seats' rows, as SQLite gives them: nothing checked yet."""
    rows = db.execute(
        "SELECT g.id, g.file, g.game, g.status, g.result, g.options, g.seed, "
        "g.players, g.plies, g.created, g.updated, g.problem, g.file_mtime, "
        f"g.file_size FROM games g {clause} ORDER BY g.updated DESC, g.id",
        args).fetchall()
    seats: dict[Any, list[tuple[Any, ...]]] = {}
    if not clause:  # every row: every seat, in one query
        for seat in db.execute("SELECT game_id, seat, player, agent, score "
                               "FROM seats ORDER BY game_id, seat"):
            seats.setdefault(seat[0], []).append(seat)
        return rows, seats
    ids = [r[0] for r in rows]
    for start in range(0, len(ids), 500):  # SQLite's bound on parameters
        chunk = ids[start:start + 500]
        for seat in db.execute(
                "SELECT game_id, seat, player, agent, score FROM seats WHERE game_id "
                f"IN ({', '.join('?' * len(chunk))}) ORDER BY game_id, seat", chunk):
            seats.setdefault(seat[0], []).append(seat)
    return rows, seats


def entry_of(games_dir: Path, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]
             ) -> Entry:
    """The entry of a row, or an unreadable entry saying what is wrong with the row."""
    try:
        return checked_entry(games_dir, row, seats)
    except RecordError as exc:
        game_id = row[0] if isinstance(row[0], str) else shown(row[0])
        path = file_of(games_dir, game_id, f"{GAMES}/{game_id}.json")
        return Entry(game_id, path or games_dir / "(not a library file)", None,
                     UNREADABLE, None, {}, None, 0, 0, 0.0, 0.0, (),
                     one_line(_("its entry in the index is damaged ({error}); it is read "
                                "again from the file at the next start").format(error=exc)))


def row_problem(games_dir: Path, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]
                ) -> str | None:
    """What is wrong with an index row, or None."""
    try:
        checked_entry(games_dir, row, seats)
    except RecordError as exc:
        return str(exc)
    return None


def checked_entry(games_dir: Path, row: tuple[Any, ...], seats: Sequence[tuple[Any, ...]]
                  ) -> Entry:
    """The entry of an index row, every column checked as a file's fields are;
    raises `RecordError` naming the first column that is wrong."""
    (game_id, file, game, status, result_text, options_text, seed, players, plies,
     created, updated, problem) = row[:12]
    path = file_of(games_dir, game_id, file)
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
    for number, (_game, seat, player, agent, score) in enumerate(seats):
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
