"""What a seat saw of an online game it joined, kept as it goes (no arcade, no sockets).

A seat at someone else's table holds no record of the game while it is played: the seed,
and whatever the seat may not see, never reach it. What it keeps instead is what it was
shown: each move as every seat is told it (its notation and its lines, in the words this
client read them), the table's seats as it named them, and its seat's latest view of the
position (the view's data and its text picture). Nothing else goes in, so two games that
differ only in what the seat cannot see are kept as the same bytes; and a kept sight
cannot be replayed: the Library lists it as in progress online, with Rejoin. When the
game ends the host sends the whole record (nothing is secret then), and the library keeps
it as a game under the same id (`Library.finish_seen`), so it is listed, and counted in
Statistics, once.

One file per table, `joined/<id>.json` in the data folder; the id comes from the table's
address and code, so one table stays one entry however often its seat is taken again.
Written whole and atomically (`write_atomic`): a failed write leaves the last good file.
A file that is not one of these is not listed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.limits import (
    MAX_FILE_BYTES,
    MAX_MOVE_TEXT,
    MAX_NAME,
    MAX_TEXT,
    data_problem,
    one_line,
    read_text,
    shown,
)
from tabletop.model import RecordError
from tabletop.store.files import write_atomic
from tabletop.store.paths import SEEN
from tabletop.store.records import MAX_SEATS, SAFE_ID, time_problem

SEEN_FORMAT = "tabletop-seen"
SEEN_VERSION = 1
#: The suffix of a kept sight moved to the library's trash (told from a game's there).
TRASHED = ".seen"


def seen_id(uri: str, code: str) -> str:
    """The library id of the table at `uri` with join code `code` (its kept sight, and
    the finished game after it)."""
    return "joined-" + hashlib.sha256(f"{uri} {code}".encode()).hexdigest()[:32]


@dataclass(frozen=True)
class SeenPly:
    """One move as the seat was told it: its notation (None for a move only its lines
    reached this client: one played while it was away) and its lines."""

    move: str | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Seen:
    """What one seat saw of an online game in progress (see the module)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    #: This client's seat.
    seat: int
    #: The table: its WebSocket address, join code, the address as typed, and the name
    #: the seat was taken with (what Rejoin needs, with the token `net.joined` keeps).
    uri: str
    code: str
    address: str
    name: str
    #: Each seat as this client named it ("Hana (Brown)"), and who plays it ("person",
    #: "computer").
    labels: tuple[str, ...]
    kinds: tuple[str, ...]
    #: The moves from the first, as told (a move before the seat first came: None, ()).
    plies: tuple[SeenPly, ...]
    #: The seat's latest view: the seat to move (None once over), the view's data (None
    #: for a game that sends none) and its text picture.
    to_move: int | None
    view: Any
    text: str
    created: float
    updated: float

    @property
    def ply(self) -> int:
        """Moves played so far."""
        return len(self.plies)

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON-ready form, keys in a fixed order."""
        return {"format": SEEN_FORMAT, "version": SEEN_VERSION, "id": self.id,
                "game": self.game, "players": self.players, "options": self.options,
                "seat": self.seat, "uri": self.uri, "code": self.code,
                "address": self.address, "name": self.name, "labels": list(self.labels),
                "kinds": list(self.kinds),
                "plies": [{"move": p.move, "lines": list(p.lines)} for p in self.plies],
                "to_move": self.to_move, "view": self.view, "text": self.text,
                "created": self.created, "updated": self.updated}

    def text_of(self) -> str:
        """The file's text: the same sight always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


def _text(value: Any, what: str, most: int = MAX_TEXT, empty: bool = True) -> str:
    if not isinstance(value, str) or len(value) > most or (not empty and not value):
        raise RecordError(f"{what} is not a text of at most {most} characters: "
                          f"{shown(value)}")
    return value


def _count(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"{what} is not a whole number from {low} to {high}: "
                          f"{shown(value)}")
    return value


def seen_from_dict(data: Any) -> Seen:
    """A kept sight from its file's data, every field checked; raises `RecordError`
    naming the first that is wrong (in English, as the index's checks: a damaged sight
    is not listed, and nobody reads why)."""
    if not isinstance(data, dict) or data.get("format") != SEEN_FORMAT:
        raise RecordError("not what a seat saw of an online game")
    if data.get("version") != SEEN_VERSION:
        raise RecordError(f"version {shown(data.get('version'))} is not read here")
    problem = data_problem(data)
    if problem:
        raise RecordError(f"it holds {problem}")
    game_id = _text(data.get("id"), "id", 128, empty=False)
    if not SAFE_ID.fullmatch(game_id):
        raise RecordError(f"its id is not a library id: {shown(game_id)}")
    players = _count(data.get("players"), "players", 1, MAX_SEATS)
    options = data.get("options")
    if not isinstance(options, dict):
        raise RecordError(f"its options are not an object: {shown(options)}")
    labels = data.get("labels")
    kinds = data.get("kinds")
    if not isinstance(labels, list) or not isinstance(kinds, list) \
            or len(labels) != players or len(kinds) != players:
        raise RecordError(f"its seats are not {players} names")
    plies = data.get("plies")
    if not isinstance(plies, list):
        raise RecordError("its moves are not a list")
    told = []
    for number, ply in enumerate(plies, 1):
        if not isinstance(ply, dict) or not isinstance(ply.get("lines"), list):
            raise RecordError(f"its move {number} is not a move and its lines")
        move = ply.get("move")
        told.append(SeenPly(None if move is None else _text(move, "move", MAX_MOVE_TEXT),
                            tuple(_text(line, "line") for line in ply["lines"])))
    to_move = data.get("to_move")
    times: list[Any] = [data.get("created"), data.get("updated")]
    for value in times:
        trouble = time_problem(value)
        if trouble:
            raise RecordError(f"its time {trouble}")
    return Seen(game_id, _text(data.get("game"), "game", MAX_NAME, empty=False), players,
                options, _count(data.get("seat"), "seat", 0, players - 1),
                _text(data.get("uri"), "uri", 1000, empty=False),
                _text(data.get("code"), "code", MAX_NAME, empty=False),
                _text(data.get("address"), "address", 1000),
                _text(data.get("name"), "name", MAX_NAME),
                tuple(_text(label, "seat", MAX_TEXT) for label in labels),
                tuple(_text(kind, "seat's kind", MAX_NAME) for kind in kinds), tuple(told),
                None if to_move is None else _count(to_move, "to_move", 0, players - 1),
                data.get("view"), _text(data.get("text"), "text", MAX_FILE_BYTES),
                float(times[0]), float(times[1]))


def seen_path(directory: Path, game_id: str) -> Path:
    """Where the sight `game_id` of the data folder `directory` is kept."""
    return _path(directory, game_id)


def _path(directory: Path, game_id: str) -> Path:
    if not SAFE_ID.fullmatch(game_id):
        raise RecordError(f"{shown(game_id)} is not a library id")
    return directory / SEEN / f"{game_id}.json"


def read_seen(directory: Path, game_id: str) -> Seen | None:
    """The kept sight `game_id` of the data folder `directory`; None if there is none,
    or none that can be read (a damaged file is never trusted)."""
    try:
        return seen_from_dict(json.loads(read_text(_path(directory, game_id))))
    except (OSError, ValueError, RecursionError, RecordError):
        return None


def keep_seen(directory: Path, seen: Seen) -> None:
    """Write `seen` (whole, atomically: a failure leaves the last good file and raises
    `OSError`; a sight that would not be read back, a host's oddity, is not written:
    `RecordError`)."""
    text = seen.text_of()
    seen_from_dict(json.loads(text))  # never a file that would not be read back
    write_atomic(_path(directory, seen.id), text)


def forget_seen(directory: Path, game_id: str) -> None:
    """Remove a kept sight (its game is kept whole, or forgotten); raises `OSError`."""
    _path(directory, game_id).unlink(missing_ok=True)


def seen_games(directory: Path) -> list[Seen]:
    """Every readable kept sight of `directory`, most recently updated first."""
    folder = directory / SEEN
    found = [read_seen(directory, path.stem) for path in folder.glob("*.json")
             if SAFE_ID.fullmatch(path.stem)] if folder.is_dir() else []
    return sorted((s for s in found if s is not None), key=lambda s: (-s.updated, s.id))


def sight(previous: Seen | None, *, game_id: str, game: str, players: int,
          options: Mapping[str, Any], seat: int, uri: str, code: str, address: str,
          name: str, labels: Sequence[str], kinds: Sequence[str],
          told: Mapping[int, SeenPly], ply: int, to_move: int | None, view: Any,
          text: str, now: float) -> Seen:
    """The sight after a message: `told` (ply: the move as told) over what `previous`
    kept (a seat taken again is sent the latest plies only), cut at `ply`, the moves
    played so far."""
    before = previous.plies if previous is not None and previous.id == game_id else ()
    plies = []
    for n in range(ply):
        kept = before[n] if n < len(before) else SeenPly(None, ())
        new = told.get(n)
        if new is None:
            plies.append(kept)
        else:  # a welcome's log tells the lines alone: the notation kept stays
            plies.append(new if new.move is not None else SeenPly(kept.move, new.lines))
    created = previous.created if previous is not None and previous.id == game_id else now
    return Seen(game_id, game, players, dict(options), seat, uri, code, address,
                one_line(name, MAX_NAME), tuple(labels), tuple(kinds), tuple(plies), to_move,
                view, text, created, now)
