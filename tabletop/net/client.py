"""A seat's connection to an online table (no arcade here).

`Connection` joins a table by its code (or takes its seat again by its token), then
reads the host's messages on its own thread into a queue that the front end empties
at its own pace (`next`). When the connection drops before the game's end it tries
again with the seat token for `patience` seconds, saying so (`status` messages), and the
host sends the game as it stands. `OnlineGame` is the client's picture of the game, made
of those messages only: the seat's view, its text, the log and the seats.
"""

from __future__ import annotations

import contextlib
import queue
import random
import ssl
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from tabletop.limits import one_line
from tabletop.model import Game, TabletopError
from tabletop.net.protocol import (
    DEFAULT_PORT,
    MAX_FRAME,
    ProtocolError,
    decode,
    encode,
)

#: What the host may send, with the fields a client relies on.
SERVER_MESSAGES: dict[str, dict[str, Any]] = {
    "welcome": {"table": str, "game": str, "players": int, "seats": list, "log": list,
                "position": dict},
    "played": {"ply": int, "move": str, "lines": list, "position": dict},
    "seats": {"seats": list},
    "ended": {"record": dict},
    "confirm": {"move": str, "reason": str},
    "offer": {"move": str, "label": str},
    "declined": {"move": str, "by": str},
    "note": {"message": str},
    "error": {"message": str},
    "lobby": {"tables": list},
    "opened": {"table": str, "code": str},
    "left": {"message?": str},
}
#: Messages the connection itself adds to the queue: the link's state.
STATUS = "status"


class NetError(TabletopError):
    """A connection that could not be made or was lost for good, in one line."""


def address_uri(address: str) -> str:
    """The WebSocket URI of a typed address: "host", "host:port" or a ws(s):// URI."""
    text = address.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise NetError(f"not an address to join: {address!r} (host:port, or ws://…)")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise NetError(f"not a port: {address!r}") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}/"


class Connection:
    """One client's link to a host (see the module). Start it with `start()`."""

    def __init__(self, address: str, *, code: str | None = None, token: str | None = None,
                 name: str = "", seat: int | None = None, patience: float = 60.0,
                 certificate: str | None = None, insecure: bool = False) -> None:
        self.uri = address_uri(address)
        self.code, self.token, self.name, self.wanted = code, token, name, seat
        self.patience = patience
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seat: int | None = None
        self.finished = False
        self._socket: ClientConnection | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._context: ssl.SSLContext | None = None
        if self.uri.startswith("wss://"):
            self._context = ssl.create_default_context(cafile=certificate)
            if insecure:
                self._context.check_hostname = False
                self._context.verify_mode = ssl.CERT_NONE

    # -- the link ----------------------------------------------------------------------------
    def start(self, join: bool = True) -> Connection:
        """Connect now (raises `NetError` if the host cannot be reached), then read on a
        thread; with `join`, ask for the seat at once."""
        self._socket = self._connect()
        if join:
            self._join()
        self._thread = threading.Thread(target=self._read, name="tabletop-net", daemon=True)
        self._thread.start()
        return self

    def _connect(self) -> ClientConnection:
        try:
            return connect(self.uri, ssl=self._context, max_size=MAX_FRAME,
                           open_timeout=10, ping_interval=10, ping_timeout=10,
                           close_timeout=2, legacy=True)  # kept open across calls
        except (OSError, WebSocketException, TimeoutError) as exc:
            # WebSocketException: a refused handshake, a bad URI, or a host that closed
            # or reset the link mid-handshake (one starting up, or being killed).
            raise NetError(f"cannot reach {self.uri}: {one_line(exc)}") from None

    def _join(self) -> None:
        fields: dict[str, Any] = {"name": self.name}
        if self.token:
            fields["token"] = self.token
        else:
            fields["code"] = self.code or ""
            if self.wanted is not None:
                fields["seat"] = self.wanted
        self.send("join", **fields)

    def send(self, kind: str, **fields: Any) -> None:
        """Send a message; a link that is down drops it (the host will send the game as
        it stands when it is back, and the player may try again)."""
        with self._lock:
            socket = self._socket
        if socket is None:
            return
        with contextlib.suppress(ConnectionClosed, OSError):  # see above: dropped
            socket.send(encode(kind, **fields))

    def _read(self) -> None:
        while not self._stop.is_set():
            socket = self._socket
            assert socket is not None
            try:
                for raw in socket:
                    if self._take(raw):
                        socket.close()  # let go by the host: no seat to come back to
                        break
            except (ConnectionClosed, OSError):
                pass
            if self.finished or self._stop.is_set():
                break
            if not self._reconnect():
                break
        self._put({"type": STATUS, "state": "closed"})

    def _take(self, raw: str | bytes) -> bool:
        """Queue one message from the host; True if the host let this seat go unasked
        (a `left` with its reason: the host freed the seat), which ends the link."""
        try:
            message = decode(raw, SERVER_MESSAGES, MAX_FRAME)
        except ProtocolError as exc:
            self._put({"type": "error", "message": f"the host sent a bad message: {exc}"})
            return False
        if message["type"] == "welcome":
            self.seat = message.get("seat")
            if isinstance(message.get("token"), str):
                self.token = message["token"]
        elif message["type"] in ("ended", "left"):
            self.finished = True
        self._put(message)
        if message["type"] == "left" and "message" in message:
            self.token = None  # it seats nobody now
            self._put({"type": STATUS, "state": "lost", "message": message["message"]})
            return True
        return False

    def _put(self, message: dict[str, Any]) -> None:
        self.messages.put(message)

    def _reconnect(self) -> bool:
        """Take the seat again with its token until `patience` runs out."""
        if self.token is None:
            self._put({"type": STATUS, "state": "lost",
                       "message": "the connection was lost before a seat was taken"})
            return False
        self._put({"type": STATUS, "state": "reconnecting"})
        deadline, wait = time.monotonic() + self.patience, 0.2
        while time.monotonic() < deadline and not self._stop.is_set():
            try:
                socket = self._connect()
            except NetError:
                self._stop.wait(wait)
                wait = min(wait * 2, 2.0)
                continue
            with self._lock:
                self._socket = socket
            self._join()
            self._put({"type": STATUS, "state": "connected"})
            return True
        self._put({"type": STATUS, "state": "lost",
                   "message": f"the host did not answer for {self.patience:.0f} s"})
        return False

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message (None if none came within `timeout` seconds)."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def reply(self, kinds: tuple[str, ...], timeout: float = 10.0) -> dict[str, Any] | None:
        """The next message of one of `kinds`, skipping others (None if none came
        within `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            message = self.next(timeout=left)
            if message is not None and message["type"] in kinds:
                return message
        return None

    def close(self) -> None:
        """Leave: stop reading and close the link (the seat stays held for a rejoin)."""
        self._stop.set()
        with self._lock:
            socket, self._socket = self._socket, None
        if socket is not None:
            socket.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)


@dataclass
class OnlineGame:
    """What a client knows of its table: made only of the host's messages."""

    game: Game[Any, Any]
    seat: int | None
    players: int
    seats: list[dict[str, Any]]
    position: dict[str, Any]
    log: list[list[str]] = field(default_factory=list)
    #: The ply of the log's first entry (a welcome sends the recent plies only).
    log_from: int = 0
    outcome: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    status: str = "connected"
    #: Seconds each person has for a move (None: no clock).
    time_limit: float | None = None
    _state: Any = None

    @classmethod
    def welcomed(cls, game: Game[Any, Any], message: Mapping[str, Any]) -> OnlineGame:
        """The client's game from the host's `welcome`."""
        limit = message.get("time_limit")
        return cls(game, message.get("seat"), message["players"], list(message["seats"]),
                   dict(message["position"]), [list(lines) for lines in message["log"]],
                   int(message.get("log_from", 0)), message.get("outcome"),
                   time_limit=float(limit) if isinstance(limit, (int, float)) else None)

    def take(self, message: Mapping[str, Any]) -> None:
        """Follow one of the host's messages."""
        kind = message["type"]
        if kind == "welcome":
            self.seat = message.get("seat")
            self.seats = list(message["seats"])
            self.position = dict(message["position"])
            self.log = [list(lines) for lines in message["log"]]
            self.log_from = int(message.get("log_from", 0))
            self.outcome = message.get("outcome")
            self._state = None
        elif kind == "played":
            self.position = dict(message["position"])
            del self.log[max(0, message["ply"] - self.log_from):]
            self.log.append([str(line) for line in message["lines"]])
            self.outcome = message.get("outcome")
            self._state = None
        elif kind == "seats":
            self.seats = list(message["seats"])
        elif kind == "ended":
            self.outcome = message.get("outcome")
            self.record = dict(message["record"])
            self.position = {**self.position, "to_move": None, "legal": [], "special": []}
        elif kind == STATUS:
            self.status = str(message.get("state", ""))

    @property
    def ply(self) -> int:
        """Moves played so far."""
        return int(self.position.get("ply", 0))

    @property
    def full(self) -> bool:
        """True once every seat was taken (play starts then)."""
        return all(entry.get("taken") for entry in self.seats)

    @property
    def my_turn(self) -> bool:
        """True if this seat is to move (and play has started)."""
        return (self.seat is not None and self.position.get("to_move") == self.seat
                and self.full)

    @property
    def legal(self) -> list[str]:
        """The legal moves in notation (when this seat is to move)."""
        return [str(m) for m in self.position.get("legal", [])]

    def state(self, rng: random.Random | None = None) -> Any:
        """A state to draw or think on: the game's own for a game without hidden
        information, else one dealt at random consistent with this seat's view (nothing
        hidden is in it: the host never sent it). None if the game sends no views."""
        if self._state is None:
            data = self.position.get("view")
            if data is None:
                return None
            codec, sampler = self.game.codec(), self.game.sampler()
            if codec is None or sampler is None:  # the host sent a view it cannot draw
                return None
            view = codec.view_from_dict(data)
            seat = self.seat if self.seat is not None else 0
            self._state = sampler.sample_state(view, seat, rng or random.Random())
        return self._state

    def label(self, seat: int) -> str:
        """How the table names `seat`."""
        for entry in self.seats:
            if entry.get("seat") == seat:
                return str(entry.get("label", f"Player {seat + 1}"))
        return f"Player {seat + 1}"

    def who(self) -> str:
        """The seats in one line: "Ada (here), Bob (away), Expert (thinking)"."""
        words = []
        for entry in self.seats:
            label = str(entry.get("label", "?"))
            if entry.get("thinking"):
                label += " (thinking)"
            elif entry.get("away"):
                label += " (reconnecting)"
            elif entry.get("kind") == "computer":
                label += " (computer)"
            elif not entry.get("taken"):
                label += " (free seat)"
            elif entry.get("seat") == self.seat:
                label += " (you)"
            words.append(label)
        return ", ".join(words)
