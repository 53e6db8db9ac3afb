"""Who may sit where at an online table, and the files that keep it (no sockets here).

A `Place` is one seat of an online table: its kind, its secret token, the name its
person gave. `Keeping` is what an online table is given to keep itself: the game's
record in the host's library (`store.keeper.ThreadedKeeper`, on its thread) and the
table's resume file (its code and tokens, `online/<entry>.json` beside the library),
written on a thread of its own, in order, so that no fsync ever runs on the event loop.
A host that was killed reads them back (`read_credentials`) and resumes the table.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.i18n import _
from tabletop.limits import MAX_SETTINGS_BYTES, one_line, player_name_problem, read_text
from tabletop.model import TabletopError
from tabletop.net.codes import new_token
from tabletop.record import Record
from tabletop.seats import HUMAN, Seat
from tabletop.store.files import write_atomic
from tabletop.store.keeper import ThreadedKeeper

#: The kinds of seat an online table has: a person who joins (`ONLINE`), the host's own
#: person at its screen (`HERE`, joined through its own token), or a computer.
ONLINE, HERE, COMPUTER = "online", "here", "computer"
#: The folder of the resume files of the tables hosted here, in the data folder.
ONLINE_FOLDER = "online"


@dataclass
class Place:
    """One seat of an online table: its kind, its secret token, who took it."""

    index: int
    kind: str
    token: str = field(default_factory=new_token)
    name: str = ""
    agent: str = ""
    level: str = ""
    taken: bool = False
    #: True while a client holds the seat's connection.
    connected: bool = False
    #: True while a person who took the seat is away (dropped, not yet back).
    away: bool = False
    #: When (the loop's clock) this seat may next offer a draw, and change its name.
    offer_after: float = 0.0
    rename_after: float = 0.0

    def seat(self) -> Seat:
        """The table's `Seat` for this place."""
        if self.kind == COMPUTER:
            return Seat.computer(self.index, self.agent, self.level)
        return Seat(self.index, HUMAN, self.name.strip())

    def to_data(self) -> dict[str, Any]:
        """What the host keeps of the place to resume its table."""
        return {"kind": self.kind, "token": self.token, "name": self.name,
                "agent": self.agent, "level": self.level, "taken": self.taken}


class Keeping:
    """An online host's keeping: records in its library and its tables' resume files,
    all written off the event loop (see the module). Problems are said to `say`, one
    line each; play goes on."""

    def __init__(self, data: Path, say: Callable[[str], None],
                 keeper: ThreadedKeeper | None = None) -> None:
        self.folder = data / ONLINE_FOLDER
        self.say = say
        self.keeper = keeper or ThreadedKeeper.open(data)
        for message in self.keeper.messages:
            say(_("note: {message}").format(message=message))
        #: Resume files to write (entry → its data, None: remove it), in order.
        self._files: dict[str, dict[str, Any] | None] = {}
        self._busy = False
        self._closing = False
        self._guard = threading.Condition()
        self._thread = threading.Thread(target=self._write_loop, daemon=True,
                                        name="tabletop-credentials")
        self._thread.start()

    # -- the library ---------------------------------------------------------------------
    def begin(self, names: Sequence[str], entry: str | None = None) -> str:
        """The library entry of a table's game (a new one, or `entry` resumed)."""
        return self.keeper.begin(names, origin="online", entry_id=entry)

    def keep(self, entry: str, record: Record) -> str | None:
        """Hand the game's record to the keeper's thread; a problem it reported since
        the last keeping, said and returned (None: none)."""
        self.keeper.keep_record(entry, record)
        errors = self.keeper.take_errors()
        for error in errors:
            self.say(_("warning: the game could not be kept ({error}); play goes on"
                       ).format(error=error))
        return errors[0] if errors else None

    def rename(self, entry: str, names: Sequence[str]) -> None:
        """New players for the seats of `entry` (written at its next keeping)."""
        self.keeper.rename(entry, names)

    def read_record(self, entry: str) -> Record:
        """The kept game `entry`; raises `TabletopError`."""
        library = self.keeper.library
        if library is None:
            raise TabletopError(_("the game library cannot be opened"))
        return library.read_record(entry)

    # -- resume files --------------------------------------------------------------------
    def write(self, entry: str, data: dict[str, Any]) -> None:
        """Write `entry`'s resume file (on the writer's thread; returns at once)."""
        self._queue(entry, data)

    def forget(self, entry: str) -> None:
        """Remove `entry`'s resume file (the table is over: a later resume finds no
        table to take again)."""
        self._queue(entry, None)

    def _queue(self, entry: str, data: dict[str, Any] | None) -> None:
        with self._guard:
            self._files.pop(entry, None)  # to the end: the order of the changes holds
            self._files[entry] = data
            self._guard.notify_all()

    def resumable(self) -> list[str]:
        """The library entries of online tables that were not finished, newest first."""
        self.flush()
        if not self.folder.is_dir():
            return []
        files = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True)
        return [path.stem for path in files]

    def path(self, entry: str) -> Path:
        """Where `entry`'s resume file is."""
        return self.folder / f"{entry}.json"

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every resume file handed over is written; False on a timeout."""
        with self._guard:
            return self._guard.wait_for(lambda: not self._files and not self._busy,
                                        timeout)

    def close(self) -> None:
        """Write what is pending, then close the library."""
        self.flush()
        with self._guard:
            self._closing = True
            self._guard.notify_all()
        self._thread.join(timeout=10)
        self.keeper.close()

    def _write_loop(self) -> None:
        while True:
            with self._guard:
                self._guard.wait_for(lambda: self._files or self._closing)
                if not self._files:
                    return
                entry = next(iter(self._files))
                data = self._files.pop(entry)
                self._busy = True
            try:
                self._write_now(entry, data)
            finally:
                with self._guard:
                    self._busy = False
                    self._guard.notify_all()

    def _write_now(self, entry: str, data: dict[str, Any] | None) -> None:
        path = self.path(entry)
        try:
            if data is None:
                path.unlink(missing_ok=True)
                return
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(data))
        except OSError as exc:
            if data is not None:
                self.say(_("warning: the table cannot be resumed after a crash ({error})"
                           ).format(error=exc))


def resume_path(data: Path, entry: str) -> Path:
    """Where the resume file of the online table kept as `entry` is, in the data folder
    `data` (beside its library)."""
    return data / ONLINE_FOLDER / f"{entry}.json"


def credentials_data(entry: str, table_id: str, code: str, time_limit: float | None,
                     places: Sequence[Place], port: int | None = None) -> dict[str, Any]:
    """A table's resume file: its entry, id, code, clock and places, and the port it was
    served on (so that hosting it again takes the address its friends' apps know)."""
    data = {"version": 1, "entry": entry, "table": table_id, "code": code,
            "time_limit": time_limit, "places": [place.to_data() for place in places]}
    if port is not None:
        data["port"] = port
    return data


def read_port(path: Path) -> int | None:
    """The port a table kept in `path` was served on, if the file says (None if it does
    not, or cannot be read: the table is then hosted on the usual port)."""
    try:
        port = json.loads(read_text(path, MAX_SETTINGS_BYTES)).get("port")
    except (OSError, ValueError, RecursionError, AttributeError):
        return None
    return port if isinstance(port, int) and not isinstance(port, bool) \
        and 0 < port < 65536 else None


def read_credentials(path: Path) -> tuple[list[Place], str, str, float | None]:
    """The places, code, table id and time limit of an online table kept in `path`
    (`credentials_data`); raises `TabletopError` naming the file, what is wrong with it
    and what happens now."""
    def damaged(problem: str) -> TabletopError:
        return TabletopError(_("the online table {file} cannot be resumed: {problem}; the "
                               "file is left as it is and the other tables are served"
                               ).format(file=str(path), problem=problem))

    try:
        text = read_text(path, MAX_SETTINGS_BYTES)
    except OSError as exc:
        raise damaged(_("it cannot be read ({error})").format(
            error=exc.strerror or type(exc).__name__)) from None
    except ValueError as exc:  # read_text's words: too big, not text, not a file
        raise damaged(one_line(exc)) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise damaged(_("it is not JSON")) from None
    if not isinstance(data, dict):
        raise damaged(_("it is not a JSON object"))
    kinds = {"code": str, "table": str, "places": list}
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind):
            raise damaged(_("its field {field} is missing or of the wrong kind").format(
                field=key))
    time_limit = data.get("time_limit")
    if time_limit is not None and (isinstance(time_limit, bool)
                                   or not isinstance(time_limit, int | float)):
        raise damaged(_("its field {field} is missing or of the wrong kind").format(
            field="time_limit"))
    places = []
    for index, item in enumerate(data["places"]):
        fields = ("kind", "token", "name", "agent", "level")
        if not isinstance(item, dict) or not all(isinstance(item.get(f), str) for f in fields) \
                or item["kind"] not in (ONLINE, HERE, COMPUTER):
            raise damaged(_("its seat {number} is damaged").format(number=index + 1))
        name = item["name"]
        if name and player_name_problem(name) is not None:
            name = ""  # a name from before the rule of names: the seat's default label
        places.append(Place(index, item["kind"], item["token"], name, item["agent"],
                            item["level"], bool(item.get("taken"))))
    if not places:
        raise damaged(_("it names no seat"))
    return places, data["code"], data["table"], time_limit
