"""A kept game's file: its format, the checks of every field, and the one reader (no arcade).

A game file `games/<id>.json` is a game record (the format `tabletop replay` reads) plus
a `library` object: the players' names, the times, where the game came from, and the
token of its move journal (see `tabletop.store.journal`). `read_game` is the only way a
kept game is read, so every reader (the Library, replay, thumbnails, statistics, import,
`open`) sees the moves of the journal too.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tabletop.i18n import _
from tabletop.limits import (
    MAX_MESSAGE,
    MAX_NAME,
    MAX_PLAYER_NAME,
    one_line,
    read_text,
    shown,
)
from tabletop.model import Outcome, RecordError
from tabletop.record import Record
from tabletop.seats import Seat
from tabletop.store import journal

#: The key of the library's object in a game file.
META = "library"

IN_PROGRESS = "in progress"
FINISHED = "finished"
IMPORTED = "imported"
UNREADABLE = "unreadable"
STATUSES = (IN_PROGRESS, FINISHED, IMPORTED, UNREADABLE)

HUMAN = "human"
#: Where a kept game came from: the app, `play --text`, an online table (its host or a
#: client), or an imported file.
ORIGINS = ("app", "text", "online", IMPORTED)
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
    """A game the library cannot find, import or move; the message says which and why.

    `strerror` holds the OS's own words when the disk stopped it ("No space left on
    device"), as an `OSError` does, so the app's status line says the same either way."""

    def __init__(self, message: str, strerror: str | None = None) -> None:
        super().__init__(message)
        self.strerror = strerror


def given_names(names: Sequence[str], agents: Sequence[str]) -> tuple[str, ...]:
    """The names people gave their seats, "" for a computer's seat and for the library's
    default "Player N" (no name to show beside a game's own seat name): each kept seat's
    `Seat.kept(...).name`."""
    return tuple(Seat.kept(seat, name, agent).name
                 for seat, (name, agent) in enumerate(zip(names, agents, strict=False)))


def default_names(record: Record) -> list[str]:
    """Seat names for a record that names no players: AI seats by agent, people by seat."""
    agents = list(record.agents) or [HUMAN] * record.players
    return [Seat(i, agent).player for i, agent in enumerate(agents)]


# -- parsing and checking --------------------------------------------------------------
def parse_json(text: str) -> Any:
    """The data of a JSON text; raises `RecordError` in one line for anything that is not
    JSON, and for what Python's parser lets through but nothing can use: nesting past the
    recursion limit, a number past the 4,300-digit limit, a lone surrogate (`"\\ud800"`,
    which no file or database can hold)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(one_line(_("not a game record: invalid JSON ({error})").format(
            error=exc))) from None
    except RecursionError:
        raise RecordError(_("not a game record: nested too deeply")) from None
    except ValueError as exc:  # a number over Python's 4,300-digit limit
        raise RecordError(_("not a game record: a number is too long ({error})").format(
            error=one_line(exc, 60))) from None
    # A lone surrogate can only come from a \uD800-\uDFFF escape (the text itself was
    # decoded from UTF-8), so the walk below is needed only when one is written.
    if _SURROGATE_ESCAPE.search(text):
        problem = _surrogate_problem(data)
        if problem:
            raise RecordError(_("not a game record: {problem}").format(problem=problem))
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
                return _("a text holds a lone surrogate ({text})").format(text=shown(text))
    return None


def parse_file_text(text: str, extra_moves: Sequence[str] = ()
                    ) -> tuple[Record, dict[str, Any]]:
    """The record and the library metadata of a game file's text (or of any plain record
    file), with `extra_moves` (a journal's) after the file's own moves.

    Every field is checked, the `library` object's too (see `library_meta`); a plain
    record (no `library` object) gets default names and no times. Raises `RecordError`
    with a one-line reason if the text is not a game file this library can keep.
    """
    data = parse_json(text)
    if not isinstance(data, dict):
        raise RecordError(_("not a game record: expected a JSON object"))
    meta = data.pop(META, None)
    if extra_moves and isinstance(data.get("moves"), list):
        # Checked as one list by `Record.from_dict`: its bound counts the journal's too.
        data["moves"] = data["moves"] + list(extra_moves)
    record = Record.from_dict(data)
    result_problem = outcome_problem(record.result, record.players)
    if result_problem:
        raise RecordError(_("record's result {problem}").format(problem=result_problem))
    return record, library_meta(meta, record)


def outcome_problem(result: Outcome | None, players: int) -> str | None:
    """What makes a (well-typed) result impossible for `players` seats, or None: one
    finite score per seat, winners distinct seats of the game."""
    if result is None:
        return None
    if len(result.scores) != players:
        return _("gives {scores} scores for {seats} seats").format(
            scores=len(result.scores), seats=players)
    if not all(math.isfinite(score) for score in result.scores):
        return _("holds a score that is not finite")
    if len(set(result.winners)) != len(result.winners) or any(
            not 0 <= w < players for w in result.winners):
        return _("names winners {winners} for {seats} seats").format(
            winners=shown(list(result.winners)), seats=players)
    if len(result.reason) > MAX_MESSAGE:
        return _("has a reason longer than {most} characters").format(most=MAX_MESSAGE)
    return None


def name_problem(name: Any) -> str | None:
    """What makes `name` unusable as a seat's name (None if fine): a text of 1 to
    `MAX_SEAT_NAME` characters, none of them a control character."""
    if not isinstance(name, str):
        return _("must be a text, not {value}").format(value=shown(name))
    if not name.strip():
        return _("is empty")
    if len(name) > MAX_SEAT_NAME:
        return _("is longer than {most} characters").format(most=MAX_SEAT_NAME)
    if not name.isprintable():
        return _("{name} holds a control or invisible character").format(name=shown(name))
    return None


def time_problem(value: Any) -> str | None:
    """What makes `value` unusable as a kept game's time (None if fine)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return _("must be a number of seconds, not {value}").format(value=shown(value))
    low, high = TIME_RANGE
    # `not low <= value <= high` is also true for NaN; an int of any size compares fine.
    if not low <= value <= high:
        return _("must be a time from 1970 to 9999, not {value}").format(value=shown(value))
    return None


def library_meta(meta: Any, record: Record) -> dict[str, Any]:
    """The checked `library` object of a game file: `players` (one name per seat),
    `created` / `updated` (if given), `origin`, `id` and `journal` (if given).

    Absent fields take defaults (a plain record names no players); a field that is there
    but wrong raises `RecordError` naming it, as a wrong field of the record does."""
    if meta is None:
        return {"players": default_names(record)}
    if not isinstance(meta, dict):
        raise RecordError(_("the library object must be an object, not {value}").format(
            value=shown(meta)))
    checked: dict[str, Any] = {}
    names = meta.get("players")
    if names is None:
        checked["players"] = default_names(record)
    elif not isinstance(names, list) or len(names) != record.players:
        raise RecordError(_("the library's players must be a list of {count} names, not "
                            "{value}").format(count=record.players, value=shown(names)))
    else:
        for seat, name in enumerate(names):
            problem = name_problem(name)
            if problem:
                raise RecordError(_("the library's player {number} {problem}").format(
                    number=seat + 1, problem=problem))
        checked["players"] = list(names)
    for key in ("created", "updated"):
        if meta.get(key) is not None:
            problem = time_problem(meta[key])
            if problem:
                raise RecordError((_("the library's created time {problem}")
                                   if key == "created" else
                                   _("the library's updated time {problem}")).format(
                    problem=problem))
            checked[key] = float(meta[key])
    origin = meta.get("origin")
    if origin is not None:
        if origin not in ORIGINS:
            raise RecordError(_("the library's origin must be one of {origins}, not "
                                "{value}").format(origins=", ".join(ORIGINS),
                                                  value=shown(origin)))
        checked["origin"] = origin
    game_id = meta.get("id")
    if game_id is not None:
        if not isinstance(game_id, str) or not SAFE_ID.fullmatch(game_id):
            raise RecordError(_("the library's id must be letters, digits, '.', '_' or '-', "
                                "not {value}").format(value=shown(game_id)))
        checked["id"] = game_id
    token = meta.get("journal")
    if token is not None:
        if not isinstance(token, str) or not journal.TOKEN.fullmatch(token):
            raise RecordError(_("the library's journal must be a token of letters and "
                                "digits, not {value}").format(value=shown(token)))
        checked["journal"] = token
    return checked


# -- writing ---------------------------------------------------------------------------
def file_text(record: Record, meta: dict[str, Any]) -> str:
    """A game file's JSON text: the record's keys, then the library metadata."""
    data = record.to_dict()
    data[META] = meta
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def record_text(record: Record) -> str:
    """The JSON text of `record` for a file outside the library (`--save`, a save copy),
    read back first: a file is only ever replaced by a record that this Tabletop can read
    (raises `RecordError` otherwise)."""
    text = record.to_json()
    Record.from_json(text)
    return text


def digest(record: Record) -> str:
    """The record's fingerprint: the library keeps the same record only once."""
    return hashlib.sha256(record.to_json().encode("utf-8")).hexdigest()


# -- reading ---------------------------------------------------------------------------
def journal_of(path: Path) -> Path:
    """The move journal beside the game file `path` (`<id>.moves` for `<id>.json`)."""
    return path.with_suffix(journal.SUFFIX)


def signature(path: Path) -> tuple[int, int]:
    """What the index remembers of a game's files to notice a change: the latest
    modification (ns) and the total size of the game file and its journal."""
    st = path.lstat()
    mtime, size = st.st_mtime_ns, st.st_size
    try:
        jst = journal_of(path).lstat()
    except FileNotFoundError:
        return mtime, size
    return max(mtime, jst.st_mtime_ns), size + jst.st_size


def read_game(path: Path, follow_links: bool = False) -> tuple[Record, dict[str, Any]]:
    """The record and library metadata of the kept game (or any record file) at `path`,
    with the moves of its journal: the one reader of a kept game.

    The journal counts only when it belongs to this version of the file (its token and
    first ply, see `tabletop.store.journal`); `updated` is then the journal's last write.
    Read with `read_text`'s cap. Raises `OSError`, `ValueError` (too big, not text, not a
    regular file) or `RecordError`. A symbolic link raises `RecordError` (the library
    reads only its own files) unless `follow_links` (a file a player named to import).
    """
    record, meta, _from_journal = read_parts(path, follow_links)
    return record, meta


def read_parts(path: Path, follow_links: bool = False
               ) -> tuple[Record, dict[str, Any], int]:
    """`read_game`'s answer and how many of the moves came from the journal (0: none,
    the file holds them all). A file changed by another process while it is read (its
    journal folded into it) is read again."""
    for _attempt in range(3):
        before = path.stat() if follow_links else path.lstat()
        if stat.S_ISLNK(before.st_mode):
            raise RecordError(_("it is a link, not a file (the library reads only its own "
                                "files)"))
        text = read_text(path)
        record, meta = parse_file_text(text)
        token = meta.get("journal")
        if token is None or record.result is not None:
            return record, meta, 0
        moves, written = journal.read_moves(journal_of(path), token, len(record.moves))
        after = path.stat() if follow_links else path.lstat()
        if (after.st_mtime_ns, after.st_size, after.st_ino) != (
                before.st_mtime_ns, before.st_size, before.st_ino):
            continue  # rewritten meanwhile: the journal read may belong to the old file
        if not moves:
            return record, meta, 0
        record, meta = parse_file_text(text, moves)
        if written is not None and time_problem(written) is None:
            meta["updated"] = max(meta.get("updated", 0.0), written)
        return record, meta, len(moves)
    raise RecordError(_("it kept changing while it was read; try again"))
