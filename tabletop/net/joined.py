"""The tables this machine joined (no sockets here): what a client keeps to take its seat
again, and what the launcher offers back.

Each table is kept by its address and code with the seat's token (so a client that was
killed, or an app started again, takes the same seat, not a new one), and, for the app's
launcher, the address as typed, the name given, the game and how the table was named
("Versus with Hana"). A table is forgotten when its game ends. The file is
`joined-tables.json` in the data folder; a damaged one is read as empty (the seats are
then joined again by their code). Older files held the token alone: still read.

`SeatSight` keeps, after every move a seat is sent, what it saw of the game
(`tabletop.store.seen`), so that the game is in the Library from its first move.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.limits import MAX_MOVE_TEXT, MAX_SETTINGS_BYTES, MAX_TEXT, read_text
from tabletop.model import RecordError
from tabletop.store.paths import reason
from tabletop.store.seen import Seen, SeenPly, keep_seen, read_seen, seen_id, sight

if TYPE_CHECKING:
    from tabletop.net.client import OnlineGame

#: How many joined tables are kept at most (the oldest go first).
KEPT = 100


@dataclass(frozen=True)
class Joined:
    """A table this machine holds a seat at: how to take it again, and how to name it."""

    uri: str
    code: str
    token: str
    address: str = ""
    name: str = ""
    game: str = ""
    about: str = ""
    updated: float = 0.0


def _file(directory: Path | None) -> Path:
    if directory is None:
        from tabletop.store.paths import data_dir

        directory = data_dir()
    return directory / "joined-tables.json"  # beside, not in, the hosted tables' folder


def _read(directory: Path | None) -> dict[str, Any]:
    try:
        data = json.loads(read_text(_file(directory), MAX_SETTINGS_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_token(uri: str, code: str, directory: Path | None = None) -> str | None:
    """The seat token this client was given at `code`'s table, if it took a seat there
    (so a client that was killed takes the same seat again)."""
    value = _read(directory).get(f"{uri} {code}")
    token = value.get("token") if isinstance(value, dict) else value
    return token if isinstance(token, str) else None


def remember_token(uri: str, code: str, token: str | None, directory: Path | None = None,
                   **about: str) -> None:
    """Keep (or, with None, forget) the seat token of `code`'s table, with `about` it
    (`address`, `name`, `game`, `about`: see `Joined`) for the launcher to offer it."""
    from tabletop.store.files import write_atomic

    data = _read(directory)
    key = f"{uri} {code}"
    data.pop(key, None)  # to the end: the newest last
    if token is not None:
        data[key] = {"token": token, "updated": time.time(),
                     **{k: str(v) for k, v in about.items()}}
    while len(data) > KEPT:  # the oldest go: a client keeps its recent tables only
        data.pop(next(iter(data)))
    path = _file(directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data))
    except OSError:
        pass  # then a killed client joins as anyone would, by the code


def joined_tables(directory: Path | None = None) -> list[Joined]:
    """The tables this machine holds a seat at whose game has not ended, newest first
    (those the app joined: they name their address and game)."""
    found = []
    for key, value in _read(directory).items():
        uri, _, code = str(key).rpartition(" ")
        if not isinstance(value, dict) or not isinstance(value.get("token"), str):
            continue
        about = [value.get(k) for k in ("address", "name", "game", "about")]
        if not all(isinstance(v, str) for v in about) or not about[0]:
            continue
        address, name, game, said = (str(v) for v in about)
        updated = value.get("updated")
        found.append(Joined(uri, code, value["token"], address, name, game, said,
                            float(updated) if isinstance(updated, int | float) else 0.0))
    return sorted(found, key=lambda j: -j.updated)


def _lines(lines: Any) -> tuple[str, ...]:
    """A move's lines as kept: texts, each within the bound of a kept text."""
    return tuple(str(line)[:MAX_TEXT] for line in lines) if isinstance(lines, list) else ()


class SeatSight:
    """What one seat saw of a table it joined, kept after every message that changes it
    (a `welcome`, a move): its seat's view and the moves as told, nothing else
    (`tabletop.store.seen`). `background` writes on a thread of its own, newest first (the
    app: a frame never waits for the disk); else at once (the terminal). A write that
    fails loses nothing kept before, and is said once (`take_problem`) until one works."""

    def __init__(self, directory: Path, uri: str, code: str, address: str = "",
                 name: str = "", background: bool = False) -> None:
        self.directory, self.uri, self.code = directory, uri, code
        self.address = address or uri.removeprefix("ws://").removeprefix("wss://").rstrip("/")
        self.name = name
        #: The library id of this table's sight, and of its finished game after it.
        self.id = seen_id(uri, code)
        self._told: dict[int, SeenPly] = {}
        self._last: Seen | None = read_seen(directory, self.id)
        self._problem: str | None = None
        self._failing = False
        self._pending: Seen | None = None
        self._guard = threading.Condition()
        self._closing = False
        self._thread: threading.Thread | None = None
        if background:
            self._thread = threading.Thread(target=self._writing, daemon=True,
                                            name="tabletop-sight")
            self._thread.start()

    def follow(self, online: OnlineGame, message: Mapping[str, Any]) -> None:
        """Keep what `online` shows its seat after `message` (already taken by it)."""
        kind = message.get("type")
        if self._closing:
            return  # the game is kept whole now, or the seat left: no sight after it
        if kind == "welcome":
            for offset, lines in enumerate(online.log):
                ply = online.log_from + offset
                known = self._told.get(ply)
                self._told[ply] = SeenPly(known.move if known else None, _lines(lines))
        elif kind == "played" and isinstance(message.get("ply"), int):
            move = str(message.get("move", ""))
            # A notation no game writes (a host's oddity) is kept as none.
            self._told[message["ply"]] = SeenPly(
                move if 0 < len(move) <= MAX_MOVE_TEXT else None, _lines(message["lines"]))
        elif kind != "seats":
            return
        if online.seat is None:
            return  # a spectator's place: nothing of its own to come back to
        for ply in [p for p in self._told if p >= online.ply]:
            del self._told[ply]  # a host that came back from an earlier move
        entries = {e.get("seat"): e for e in online.seats}
        seen = sight(self._last, game_id=self.id, game=online.game.info.id,
                     players=online.players, options=online.options, seat=online.seat,
                     uri=self.uri, code=self.code, address=self.address, name=self.name,
                     labels=[online.label(i) for i in range(online.players)],
                     kinds=[str(entries.get(i, {}).get("kind") or "person")
                            for i in range(online.players)],
                     told=self._told, ply=online.ply,
                     to_move=online.position.get("to_move")
                     if online.outcome is None else None,
                     view=online.position.get("view"),
                     text=str(online.position.get("text", "")), now=time.time())
        self._last = seen
        if self._thread is None:
            self._write(seen)
            return
        with self._guard:
            self._pending = seen
            self._guard.notify_all()

    def _write(self, seen: Seen) -> None:
        try:
            keep_seen(self.directory, seen)
        except (OSError, ValueError, RecordError) as exc:
            with self._guard:
                if not self._failing:
                    self._problem = reason(exc)
                self._failing = True
        else:
            self._failing = False

    def _writing(self) -> None:
        while True:
            with self._guard:
                while self._pending is None and not self._closing:
                    self._guard.wait()
                seen, self._pending = self._pending, None
                if seen is None:
                    return
            self._write(seen)
            with self._guard:
                self._guard.notify_all()

    @property
    def failing(self) -> bool:
        """True while the latest write failed."""
        return self._failing

    def take_problem(self) -> str | None:
        """Why keeping failed since the last call (in the OS's words), once."""
        with self._guard:
            problem, self._problem = self._problem, None
        return problem

    def close(self, timeout: float = 10.0) -> None:
        """Write what is pending, then stop the writer."""
        with self._guard:
            self._closing = True
            self._guard.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
