"""A person's seat at an online table, for a front end with a frame loop (no arcade).

`OnlineSeat.host` opens a table on this machine (its server on a thread of its own, the
person here joining it by their seat's token, like any client) and `OnlineSeat.join`
takes a seat at a friend's table by its address and code. Either way the front end then
calls `poll()` once a frame: it applies what the host sent to the seat's `OnlineGame`
and returns those messages, for the screen to show. Moves go out as notation (`move`,
`confirm`, `answer`); the host checks them. A joined seat keeps what it saw after every
move (`net.joined.SeatSight`: the game is in the Library, in progress online, from the
start), and at the end the game's record in its place (a hosted game is kept by its host
as it goes).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.ai.base import Budget
from tabletop.i18n import _
from tabletop.model import TabletopError
from tabletop.net.client import STATUS, Connection, NetError, OnlineGame
from tabletop.net.codes import normal_code
from tabletop.net.credentials import read_port
from tabletop.net.hosting import Hosting
from tabletop.net.joined import Joined, SeatSight, remember_token, remembered_token
from tabletop.net.players import keep_record, seat_sight, welcome
from tabletop.net.protocol import DEFAULT_PORT, PATIENCE
from tabletop.net.server import HERE, Server
from tabletop.plugins import Host

log = logging.getLogger("tabletop.net")

#: Messages one `poll` applies at most (the rest wait for the next frame).
POLL_BATCH = 64


@dataclass
class OnlineSeat:
    """One person's seat at an online table, hosted here or joined (see the module)."""

    host: Host
    connection: Connection
    game: OnlineGame
    #: Where the game is kept at the end (a joined seat's own library).
    data: Path
    #: The table's code, and the address friends type (the host's own, when hosting).
    code: str
    address: str
    hosting: Hosting | None = None
    #: What the end of the game said about keeping it ("Kept in the game library: …").
    kept: str | None = None
    #: The host's last word on a connection that is gone for good.
    lost: str | None = None
    #: What keeps the seat's sight of a joined table (None when hosted here).
    sight: SeatSight | None = None
    #: Why what the seat saw could not be kept, until a write works again.
    unkept: str | None = None
    _left: bool = field(default=False, repr=False)

    # -- making one ----------------------------------------------------------------------
    @classmethod
    def host_table(cls, host: Host, data: Path, game_id: str, kinds: Sequence[str],
                   names: Sequence[str], options: dict[str, Any], seed: int,
                   time_limit: float | None = None, budget: Budget | None = None,
                   port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
                   discovery: bool = True) -> OnlineSeat:
        """Open a table of `game_id` here (`kinds`: one per seat, exactly one `HERE`) and
        take the seat here; raises `TabletopError` (a bad option, no port to serve on)."""
        if list(kinds).count(HERE) != 1:
            raise TabletopError("an online table has one seat here (yours); the others "
                                "join from their computers or are played by the computer")
        server = Server(host, data, budget=budget, say=log.info)
        try:
            online = server.open_table(game_id, kinds, options, seed, time_limit, names)
            try:
                hosting = Hosting.start(server, online, port, bind, discovery=discovery)
            except NetError:
                if port == 0:
                    raise
                # The usual port is taken (another table hosted here): any free one.
                hosting = Hosting.start(server, online, 0, bind, discovery=discovery)
        except TabletopError:
            server.close()
            raise
        name = names[list(kinds).index(HERE)] if names else ""
        return cls._sit_here(host, data, hosting, name)

    @classmethod
    def rehost(cls, host: Host, data: Path, entry: str, budget: Budget | None = None,
               port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
               discovery: bool = True) -> OnlineSeat:
        """Host again the unfinished online table kept as `entry` (Continue after Leave
        or a crash): the same table, code and seat tokens, on the port it was served on
        (else `port`), so that the friends' apps reconnect by themselves; the person here
        takes their seat again. Raises `TabletopError` if it cannot be hosted."""
        server = Server(host, data, budget=budget, say=log.info)
        try:
            kept_port = read_port(server.keeping.path(entry))
            online = server.resume(entry)
            if not any(place.kind == HERE for place in online.places):
                raise TabletopError(_("this table has no seat here: host it again with "
                                      "`tabletop host --resume`"))
            try:
                hosting = Hosting.start(server, online, kept_port or port, bind,
                                        discovery=discovery)
            except NetError:
                if kept_port is None or port == kept_port:
                    raise
                # Its old port is taken meanwhile: the friends must join again by hand.
                hosting = Hosting.start(server, online, port, bind, discovery=discovery)
        except TabletopError:
            server.close()
            raise
        name = next(place.name for place in online.places if place.kind == HERE)
        return cls._sit_here(host, data, hosting, name)

    @classmethod
    def _sit_here(cls, host: Host, data: Path, hosting: Hosting, name: str) -> OnlineSeat:
        """The person here takes their seat at the table `hosting` serves, by its token."""
        connection = Connection(hosting.here, token=hosting.token_here(), name=name,
                                insecure=True)
        try:
            connection.start()
            game = welcome(host, connection, lambda _: None)
        except TabletopError:
            connection.close()
            hosting.stop()
            raise
        return cls(host, connection, game, data, hosting.online.code, hosting.address,
                   hosting)

    @classmethod
    def join(cls, host: Host, data: Path, address: str, code: str, name: str = "",
             certificate: str | None = None, patience: float = PATIENCE) -> OnlineSeat:
        """Take a seat at the table at `address` with its `code` (the same seat again if
        this machine sat there before); raises `NetError` (no host, a wrong code, a game
        not installed here)."""
        typed = normal_code(code)
        if not typed:
            raise NetError(f"{code.strip()!r} is not a join code (12 letters and digits, "
                           "as XXXX-XXXX-XXXX)")
        connection = Connection(address, code=typed, name=name, patience=patience,
                                certificate=certificate)
        connection.token = remembered_token(connection.uri, typed, data)
        try:
            connection.start()
            game = welcome(host, connection, lambda _: None)
        except TabletopError:
            connection.close()
            raise
        seat = cls(host, connection, game, data, typed, address,
                   sight=seat_sight(connection, data, background=True, address=address,
                                    name=name))
        seat.remember(name)
        seat._follow({"type": "welcome"})
        return seat

    @classmethod
    def rejoin(cls, host: Host, data: Path, joined: Joined) -> OnlineSeat:
        """Take the seat this machine holds at a table it joined before (the launcher's
        Rejoin): its address, code, token and name as kept; raises `NetError`."""
        return cls.join(host, data, joined.address, joined.code, joined.name)

    def remember(self, name: str) -> None:
        """Keep this seat's way back (address, code, token) and how to offer it ("Versus
        with Hana"), for a client killed or an app started again (a joined seat only)."""
        if self.hosting is not None or self.connection.token is None:
            return
        online = self.game
        others = [online.label(e["seat"]) for e in online.seats
                  if e.get("kind") != "computer" and e.get("seat") != online.seat]
        remember_token(self.connection.uri, self.code, self.connection.token, self.data,
                       address=self.address, name=name, game=online.game.info.id,
                       about=", ".join(others))

    # -- playing -------------------------------------------------------------------------
    def poll(self) -> list[dict[str, Any]]:
        """Apply what the host sent since the last call; the messages, in order."""
        taken: list[dict[str, Any]] = []
        for _count in range(POLL_BATCH):
            message = self.connection.next(timeout=0)
            if message is None:
                break
            if message["type"] not in ("confirm", "offer"):
                self.game.take(message)
                self._follow(message)
            if message["type"] == "ended":
                self._ended()
            elif message["type"] == STATUS and message.get("state") in ("lost", "closed") \
                    and self.game.outcome is None and not self._left:
                self.lost = str(message.get("message", "the host closed the connection"))
            taken.append(message)
        return taken

    def _follow(self, message: dict[str, Any]) -> None:
        """Keep what the seat saw after `message` (a joined seat)."""
        if self.sight is None:
            return
        self.sight.follow(self.game, message)
        problem = self.sight.take_problem()
        if problem:
            self.unkept = problem
        elif not self.sight.failing:
            self.unkept = None

    def _ended(self) -> None:
        """The game is over: a joined seat keeps its record in place of its sight, and
        forgets its token."""
        if self.hosting is None:
            if self.sight is not None:
                self.sight.close()
            self.kept = keep_record(self.host, self.game, self.data,
                                    self.sight.id if self.sight is not None else None)
            remember_token(self.connection.uri, self.code, None, self.data)

    def move(self, notation: str) -> None:
        """Propose a move for this seat at the current ply."""
        self.connection.send("move", ply=self.game.ply, move=notation)

    def confirm(self, notation: str) -> None:
        """Play a move the host asked to confirm (resigning)."""
        self.connection.send("move", ply=self.game.ply, move=notation, confirmed=True)

    def answer(self, accept: bool) -> None:
        """Answer another player's offer (a draw)."""
        self.connection.send("answer", accept=accept)

    @property
    def waiting(self) -> bool:
        """True until every seat of the table is taken (play starts then)."""
        return not self.game.full and self.game.outcome is None

    def leave(self) -> None:
        """Leave the table: a joined seat stays held for this machine (joining again
        takes it); a hosted table stops (its game stays in the library, to resume with
        `tabletop host --resume`). Leaving twice does nothing more."""
        if self._left:
            return
        self._left = True
        try:
            self.connection.close()
            if self.sight is not None:
                self.sight.close()
        finally:
            if self.hosting is not None:
                self.hosting.stop()

