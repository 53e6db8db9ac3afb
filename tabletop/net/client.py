"""A seat's connection to an online table (no arcade here).

`Connection` joins a table by its code (or takes its seat again by its token), then
reads the host's messages on its own thread into a queue that the front end empties
at its own pace (`next`). When the connection drops before the game's end it tries
again with the seat token for `patience` seconds, saying so (`status` messages), and the
host sends the game as it stands. `OnlineGame` is the client's picture of the game, made
of those messages only: the seat's view, its text, the log and the seats.

The host sends what a player reads as data (a line's template and arguments, seats as
seats, a seat's name and the game's own name for it): the connection words each message
as it arrives, in this client's language and with its catalogs (`worded`), so a French
player at an English host reads the whole game in French.
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

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.lines import Line, from_data, neutral_label
from tabletop.model import Game, TabletopError, seat_text
from tabletop.net.protocol import (
    DEFAULT_PORT,
    MAX_FRAME,
    PATIENCE,
    ProtocolError,
    decode,
    encode,
)

#: What the host may send, with the fields a client relies on.
#: A line as data (`tabletop.lines.to_data`): a text, or a template and its arguments.
LINE = (str, dict)
SERVER_MESSAGES: dict[str, dict[str, Any]] = {
    "welcome": {"table": str, "game": str, "players": int, "seats": list, "log": list,
                "position": dict},
    "played": {"ply": int, "move": str, "lines": list, "position": dict},
    "seats": {"seats": list},
    "ended": {"record": dict},
    "confirm": {"move": str, "reason": LINE},
    "offer": {"move": str, "seat?": int},
    "declined": {"move": str, "by": (int, str)},
    "note": {"message": LINE},
    "error": {"message": LINE},
    "lobby": {"tables": list},
    "opened": {"table": str, "code": str},
    "left": {"message?": LINE},
}
#: Messages the connection itself adds to the queue: the link's state.
STATUS = "status"


class NetError(TabletopError):
    """A connection that could not be made or was lost for good, in one line."""


def said(data: Any, labels: list[str]) -> str:
    """A line the host sent as data, in this client's language, seat i named
    `labels[i]`: a template rendered with this client's catalogs, a plain text looked up
    in them (as written if none knows it)."""
    try:
        line = from_data(data)
    except (ValueError, TypeError, RecursionError):
        return one_line(data)  # a foreign host's oddity: shown, never trusted
    if isinstance(line, Line):
        return one_line(line.render(labels))
    return i18n.translated(line)


def seat_label(entry: Mapping[str, Any]) -> str:
    """How this client names a seat the host described (`seats` messages): the name
    its person gave in place of "Player 2", or beside the game's own name for the seat
    ("Bob (Blue)"), the game's name in this client's language (as
    `tabletop.model.GameInfo.player_label` at one screen)."""
    index = entry.get("seat")
    index = index if isinstance(index, int) and index >= 0 else 0
    if "own" not in entry and isinstance(entry.get("label"), str):
        return str(entry["label"])  # a host of protocol version 1 words its labels
    english = str(entry.get("own") or "")
    own = i18n.translated(english) if english else neutral_label(index)
    name = str(entry.get("name") or "")
    if not name or name in (own, english):
        return own
    return _("{name} ({seat})").format(name=name, seat=own) if english else name


def worded(message: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """`message` with everything a player reads in words of this client's language:
    seats get their `label`, lines, results, refusals and errors become text, an
    offer's and a refusal's seat its label. `labels` is the table's labels as known so
    far, brought up to date by a `welcome` or `seats` message (in place)."""
    kind = message["type"]
    out = dict(message)
    if kind in ("welcome", "seats") and isinstance(message.get("seats"), list):
        out["seats"] = [{**entry, "label": seat_label(entry)}
                        for entry in message["seats"] if isinstance(entry, dict)]
        labels[:] = [entry["label"] for entry in out["seats"]]
    if kind == "welcome":
        out["log"] = [[said(line, labels) for line in lines] for lines in message["log"]
                      if isinstance(lines, list)]
    elif kind == "played":
        out["lines"] = [said(line, labels) for line in message["lines"]]
    elif kind in ("error", "note") or (kind == "left" and "message" in message):
        out["message"] = said(message["message"], labels)
    elif kind == "confirm":
        out["reason"] = said(message["reason"], labels)
    elif kind == "offer" and "seat" in message:
        out["label"] = _label(message["seat"], labels)
    elif kind == "declined" and isinstance(message["by"], int):
        out["by"] = _label(message["by"], labels)
    elif kind == "lobby":
        out["tables"] = [{**table, "seats": [
            {**entry, "label": seat_label(entry)} for entry in table.get("seats", [])
            if isinstance(entry, dict)]} for table in message["tables"]
            if isinstance(table, dict)]
    if kind in ("welcome", "played", "ended") and isinstance(message.get("outcome"), dict):
        outcome = dict(message["outcome"])
        outcome["said"] = said(outcome.get("said", ""), labels)
        out["outcome"] = outcome
    return out


def _label(index: Any, labels: list[str]) -> str:
    if isinstance(index, int) and 0 <= index < len(labels):
        return labels[index]
    return neutral_label(index if isinstance(index, int) and index >= 0 else 0)


def address_uri(address: str) -> str:
    """The WebSocket URI of a typed address: "host", "host:port" or a ws(s):// URI."""
    text = address.strip()
    if "://" not in text:
        text = "ws://" + text
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise NetError(_("not an address to join: {address} (host:port, or ws://…)").format(
            address=repr(address)))
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise NetError(_("not a port: {address}").format(address=repr(address))) from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}/"


class Connection:
    """One client's link to a host (see the module). Start it with `start()`."""

    def __init__(self, address: str, *, code: str | None = None, token: str | None = None,
                 name: str = "", seat: int | None = None, patience: float = PATIENCE,
                 certificate: str | None = None, insecure: bool = False) -> None:
        self.uri = address_uri(address)
        self.code, self.token, self.name, self.wanted = code, token, name, seat
        self.patience = patience
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        #: The table's seats as this client names them (from `welcome` and `seats`).
        self.labels: list[str] = []
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
            raise NetError(_("cannot reach {address}: {problem}").format(
                address=self.uri, problem=one_line(exc))) from None

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
            message = worded(decode(raw, SERVER_MESSAGES, MAX_FRAME), self.labels)
        except ProtocolError as exc:
            self._put({"type": "error", "message": _(
                "the host sent a bad message: {problem}").format(problem=exc)})
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
                       "message": _("the connection was lost before a seat was taken")})
            return False
        deadline, wait = time.monotonic() + self.patience, 0.2
        # When this client gives up, on the monotonic clock: a screen counts it down.
        self._put({"type": STATUS, "state": "reconnecting", "until": deadline})
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
                   "message": _("the host did not answer for {seconds} s").format(
                       seconds=f"{self.patience:.0f}")})
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


def _options(message: Mapping[str, Any]) -> dict[str, Any]:
    options = message.get("options")
    return dict(options) if isinstance(options, dict) else {}


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
    #: The table's options, as the host resolved them.
    options: dict[str, Any] = field(default_factory=dict)
    _state: Any = None

    @classmethod
    def welcomed(cls, game: Game[Any, Any], message: Mapping[str, Any]) -> OnlineGame:
        """The client's game from the host's `welcome`."""
        limit = message.get("time_limit")
        online = cls(game, message.get("seat"), message["players"], list(message["seats"]),
                     dict(message["position"]), [list(lines) for lines in message["log"]],
                     int(message.get("log_from", 0)), message.get("outcome"),
                     time_limit=float(limit) if isinstance(limit, (int, float)) else None,
                     options=_options(message))
        online._draw_text()
        return online

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
            self.options = _options(message)
            self._state = None
            self._draw_text()
        elif kind == "played":
            self.position = dict(message["position"])
            del self.log[max(0, message["ply"] - self.log_from):]
            self.log.append([str(line) for line in message["lines"]])
            self.outcome = message.get("outcome")
            self._state = None
            self._draw_text()
        elif kind == "seats":
            self.seats = list(message["seats"])
        elif kind == "ended":
            self.outcome = message.get("outcome")
            self.record = dict(message["record"])
            self.position = {**self.position, "to_move": None, "legal": [], "special": []}
        elif kind == STATUS:
            self.status = str(message.get("state", ""))

    def _draw_text(self) -> None:
        """Draw the position's text picture here, in this client's language, from the
        seat's view (the host's picture, in its language, stays for a game that sends
        no views, or whose text fails here)."""
        data = self.position.get("view")
        codec, sampler = self.game.codec(), self.game.sampler()
        if data is None or codec is None or sampler is None:
            return
        try:
            # Any deal consistent with the view draws the same text for this seat (its
            # text shows what it sees); a fixed stream leaves the agents' own streams
            # untouched. A game without hidden information deals the view itself.
            state = sampler.sample_state(codec.view_from_dict(data), self.seat or 0,
                                         random.Random(0))
            labels = [self.label(index) for index in range(self.players)]
            self.position["text"] = seat_text(self.game, state, self.seat, labels)
        except Exception:  # a plugin's text: the host's picture is shown instead
            return

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
                return str(entry.get("label") or neutral_label(seat))
        return neutral_label(seat)

    def who(self) -> str:
        """The seats in one line: "Ada (here), Bob (away), Expert (thinking)"."""
        words = []
        for entry in self.seats:
            label = str(entry.get("label", "?"))
            if entry.get("thinking"):
                label = _("{player} (thinking)").format(player=label)
            elif entry.get("away"):
                label = _("{player} (reconnecting)").format(player=label)
            elif entry.get("kind") == "computer":
                label = _("{player} (computer)").format(player=label)
            elif not entry.get("taken"):
                label = _("{player} (free seat)").format(player=label)
            elif entry.get("seat") == self.seat:
                label = _("{player} (you)").format(player=label)
            words.append(label)
        return ", ".join(words)
