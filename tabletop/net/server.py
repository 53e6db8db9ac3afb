"""The online host: tables whose seats are taken over WebSockets (no arcade here).

`Server` holds one table (`tabletop host`) or many (`tabletop serve`, a club's lobby).
Each table is a `Table` run by the host alone: a client's message only ever proposes a
move for its own seat, which the table checks like a move made at its screen. What goes
back to each client is its seat's view (`tabletop.net.frames`).

Faults are the host's daily bread: a message that breaks the protocol, comes out of
turn, names another seat or is too big gets a one-line `error` to its sender only;
each client has a bounded queue of messages to send, and one that falls that far behind
is disconnected (it rejoins with its seat token and is sent the game as it stands), so
a slow client never holds up the others; WebSocket pings find dead peers; wrong join
codes slow their address down and then bar it (`codes.Guard`). Every move is kept in
the host's game library, and the table's codes and tokens beside it, so a host that
was killed resumes the table (`Server.resume`) and its clients take their seats again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import ssl
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tabletop.ai.base import Budget
from tabletop.i18n import N_, _
from tabletop.levels import computer_name
from tabletop.limits import (
    MAX_SETTINGS_BYTES,
    name_likeness,
    one_line,
    player_name,
    player_name_problem,
    read_text,
    shown,
)
from tabletop.model import TabletopError
from tabletop.net import frames
from tabletop.net.codes import SERVER, Guard, new_code, new_token, normal_code
from tabletop.net.protocol import MAX_FRAME, ProtocolError, decode, encode
from tabletop.net.reports import Reports, ReportsHandler
from tabletop.play.session import Session
from tabletop.play.table import Answer, Ended, Event, Played, Policy, Replaced, Table
from tabletop.plugins import Host
from tabletop.seats import HUMAN, Seat
from tabletop.store.files import write_atomic
from tabletop.store.keeper import ThreadedKeeper

log = logging.getLogger("tabletop.net")

#: Messages waiting to be sent to one client; a client this far behind is disconnected.
SEND_QUEUE = 256
#: The plies of the log a joining client is sent (the latest: a message stays small).
WELCOME_PLIES = 200
#: Tables one `serve` holds at once, and tables one address may open.
MAX_TABLES, MAX_OPEN_PER_ADDRESS = 1000, 20
#: Seconds a host that ends with its table still serves the clients that are connected.
LINGER = 5.0
#: Seconds between pings, and to wait for the pong: a silent peer is dropped after both.
PING_INTERVAL, PING_TIMEOUT = 10.0, 10.0

#: Seconds a person whose draw offer was declined waits before offering again.
OFFER_PAUSE = 60.0
#: Seconds between two changes of one seat's name (a rejoin under a new name).
RENAME_PAUSE = 60.0

#: The kinds of seat an online table has: a person who joins (`ONLINE`), the host's own
#: person at its screen (`HERE`, joined through its own token), or a computer.
ONLINE, HERE, COMPUTER = "online", "here", "computer"


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
    peer: Peer | None = None
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


class Peer:
    """One client's connection: where it sits and its bounded queue of messages."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        remote = connection.remote_address
        self.address = str(remote[0]) if remote else "?"
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.table: OnlineTable | None = None
        self.seat: int | None = None
        self.closed = False
        self.closing: asyncio.Task[None] | None = None

    def drop(self, code: int, reason: str) -> None:
        """Close the connection (from the event loop, without waiting for it)."""
        self.closed = True
        if self.closing is None:
            self.closing = asyncio.ensure_future(self.connection.close(code, reason))

    def send(self, text: str) -> None:
        """Queue `text`; a client whose queue is full is disconnected (it may rejoin)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            log.info("disconnecting %s: %d messages behind", self.address, SEND_QUEUE)
            self.drop(1008, "too far behind; rejoin")

    def error(self, message: str) -> None:
        """Send the one-line error `message` to this client only."""
        self.send(encode("error", message=one_line(message)))

    async def write(self) -> None:
        """Send the queued messages in order until the connection ends."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.connection.send(text)


class OnlineTable:
    """A `Table` with online seats: who sits where, the code, the clock, the keeping."""

    def __init__(self, server: Server, table: Table, places: list[Place], code: str,
                 table_id: str, time_limit: float | None, entry: str) -> None:
        self.server, self.table, self.places = server, table, places
        self.code, self.id, self.time_limit, self.entry = code, table_id, time_limit, entry
        self.lock = asyncio.Lock()
        self.spectators: set[Peer] = set()
        self.events: list[Event] = []
        self.thinking: int | None = None
        #: A draw offer waiting for the other people: (seat, notation, who accepted).
        self.offer: tuple[int, str, set[int]] | None = None
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.finished = asyncio.Event()
        #: The address that opened the table on a club server ("" for the host's own).
        self.opener = ""
        table.listen(self.events.append)

    @property
    def game_name(self) -> str:
        """The game's name, as the lobby shows it."""
        return self.table.game.info.name

    @property
    def full(self) -> bool:
        """True once every online seat was taken: play starts then."""
        return all(place.taken for place in self.places)

    def peers(self) -> list[Peer]:
        """Every connected client of this table, seated or watching."""
        seated = [p.peer for p in self.places if p.peer is not None]
        return seated + list(self.spectators)

    # -- what clients are told ---------------------------------------------------------------
    def seats(self) -> list[dict[str, Any]]:
        """Each seat as every client sees it: label, kind, taken, connected, thinking."""
        labels = self.table.labels()
        return [{"seat": p.index, "label": labels[p.index], "kind": p.kind,
                 "taken": p.taken or p.kind == COMPUTER,
                 "connected": p.kind == COMPUTER or p.peer is not None,
                 "away": p.away, "thinking": self.thinking == p.index}
                for p in self.places]

    def welcome(self, peer: Peer, token: str | None) -> str:
        """The message a client gets on joining: the table, its seat and the game as it
        stands (as its seat sees it)."""
        table = self.table
        first = max(0, len(table.session.moves) - WELCOME_PLIES)
        log_lines = [list(table.lines(ply)) for ply in range(first, len(table.session.moves))]
        info = table.game.info
        return encode("welcome", table=self.id, game=info.id, name=info.name,
                      players=table.players, seat=peer.seat, token=token,
                      options=table.session.options, time_limit=self.time_limit,
                      seats=self.seats(), log=log_lines, log_from=first,
                      position=frames.position(table, peer.seat),
                      outcome=frames.outcome(table))

    def tell_seats(self) -> None:
        """Tell every client who is here, away and thinking."""
        text = encode("seats", seats=self.seats())
        for peer in self.peers():
            peer.send(text)

    def flush(self) -> None:
        """Send the table's new events to every client, each as its seat sees it."""
        events = list(self.events)
        self.events.clear()  # in place: the table appends to this very list
        for event in events:
            if isinstance(event, Played):
                by_seat: dict[int | None, str] = {}
                for peer in self.peers():
                    if peer.seat not in by_seat:
                        by_seat[peer.seat] = encode(
                            "played", **frames.played(self.table, event.ply, peer.seat))
                    peer.send(by_seat[peer.seat])
            elif isinstance(event, Replaced):
                text = encode("note", message=one_line(
                    f"{self.table.label(event.seat)}: {event.message}"))
                for peer in self.peers():
                    peer.send(text)
            elif isinstance(event, Ended):
                self.end()

    def end(self) -> None:
        """The game is over: tell everyone the result and the record (nothing is secret
        once the game has ended), keep it and forget the table's codes."""
        record = self.table.record()
        text = encode("ended", outcome=frames.outcome(self.table),
                      position=None, record=record.to_dict())
        for peer in self.peers():
            peer.send(text)
        if self.timer is not None:
            self.timer.cancel()
        self.server.keep(self)
        self.server.forget(self)
        self.finished.set()

    # -- turns -------------------------------------------------------------------------------
    def next_turn(self) -> None:
        """After a change: start the clock of a person to move, or the computer's move."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        table = self.table
        if table.over or not self.full:
            return
        if table.agent_to_move:
            if self.driver is None or self.driver.done():
                self.driver = asyncio.ensure_future(self.drive())
        elif self.time_limit is not None and table.to_move is not None:
            seat = table.to_move
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(self.time_limit, self.out_of_time, seat,
                                         len(table.session.moves))

    def out_of_time(self, seat: int, ply: int) -> None:
        """The person to move at `ply` did not move in time: they lose."""
        if self.table.to_move == seat and len(self.table.session.moves) == ply:
            self.table.time_out(seat)
            self.flush()

    async def drive(self) -> None:
        """Play the computers' moves, each in a thread (the other tables go on)."""
        table = self.table
        while table.agent_to_move:
            self.thinking = table.to_move
            self.tell_seats()
            async with self.lock:
                try:
                    await asyncio.to_thread(table.advance)
                except TabletopError as exc:  # no agent left, a broken game
                    text = encode("error", message=one_line(exc))
                    for peer in self.peers():
                        peer.send(text)
                    self.finished.set()
                    self.server.forget(self)
                    return
                finally:
                    self.thinking = None
                self.flush()
        self.tell_seats()
        self.next_turn()

    async def propose(self, peer: Peer, message: dict[str, Any]) -> None:
        """A client's move for its seat: checked, then played or answered."""
        table = self.table
        async with self.lock:
            seat = peer.seat
            if seat is None:
                peer.error(N_("a spectator cannot move"))
                return
            if table.over:
                peer.error(N_("the game is over"))
                return
            if not self.full:
                free = ", ".join(str(p.index + 1) for p in self.places if not p.taken)
                peer.error(_("wait: play starts when every seat is taken (free: {seats})").format(
                    seats=free))
                return
            if table.to_move != seat:
                peer.error(_("it is not your turn: {player} is to move").format(
                    player=table.label(table.to_move))
                           if table.to_move is not None else N_("the game is over"))
                return
            ply = len(table.session.moves)
            if message["ply"] != ply:
                peer.error(_("that move was for ply {sent}; the game is at ply {ply}").format(
                    sent=message["ply"], ply=ply))
                return
            if self.offer is not None:
                peer.error(N_("wait: your offer is with the other players"))
                return
            text = message["move"][:200]
            try:
                with table.session.guard("reading a move"):
                    move = table.game.parse_move(table.state, text)
            except TabletopError as exc:
                peer.error(f"{shown(text)}: {one_line(exc)}")
                return
            proposal = table.propose(move)
            if proposal.answer is Answer.CONFIRM:
                if message.get("confirmed"):
                    table.confirm(move)
                else:
                    peer.send(encode("confirm", move=text, reason=proposal.reason))
            elif proposal.answer is Answer.CONSENT:
                wait = self.places[seat].offer_after - asyncio.get_running_loop().time()
                if wait > 0:  # declined a moment ago: the others are not asked again yet
                    peer.error(_("your last offer was declined: you may offer again in "
                                 "{seconds} s").format(seconds=f"{wait:.0f}"))
                    return
                self.offer = (seat, text, set())
                ask = encode("offer", seat=seat, move=text,
                             label=table.label(seat))
                for place in self.places:
                    if place.index != seat and place.peer is not None:
                        place.peer.send(ask)
            elif proposal.answer is not Answer.PLAYED:
                peer.error(proposal.reason)
            self.flush()
        self.next_turn()

    async def answer(self, peer: Peer, message: dict[str, Any]) -> None:
        """A person's answer to another's draw offer."""
        async with self.lock:
            if self.offer is None or peer.seat is None or peer.seat == self.offer[0]:
                peer.error(N_("there is no offer to answer"))
                return
            seat, text, accepted = self.offer
            proposer = self.places[seat].peer
            if not message["accept"]:
                self.offer = None
                self.places[seat].offer_after = (asyncio.get_running_loop().time()
                                                 + OFFER_PAUSE)
                if proposer is not None:
                    proposer.send(encode("declined", move=text,
                                         by=self.table.label(peer.seat)))
                return
            accepted.add(peer.seat)
            people = {p.index for p in self.places if p.kind != COMPUTER} - {seat}
            if accepted >= people:
                self.offer = None
                with self.table.session.guard("reading a move"):
                    move = self.table.game.parse_move(self.table.state, text)
                self.table.confirm(move)
                self.flush()
        self.next_turn()

    # -- seats -------------------------------------------------------------------------------
    def free_seat(self, wanted: int | None) -> Place | None:
        """The online seat a new client takes: `wanted` if it is free, else the first."""
        free = [p for p in self.places if p.kind == ONLINE and not p.taken]
        if wanted is not None:
            free = [p for p in free if p.index == wanted]
        return free[0] if free else None

    @property
    def started(self) -> bool:
        """True once a move was played: from then on a seat is its person's for good."""
        return bool(self.table.session.moves) or self.table.over

    def name_refusal(self, place: Place, name: str) -> str | None:
        """Why `name` may not be `place`'s (None: it may): it looks like another seat's
        label or name ("bob" beside "Bob"), or the seat changed its name a moment ago."""
        if name == place.name:
            return None
        likeness = name_likeness(name)
        labels = self.table.labels()
        for other in self.places:
            if other is not place and likeness in (name_likeness(labels[other.index]),
                                                   name_likeness(other.name)):
                return _("the name {name} looks like {label}'s, who has a seat at this "
                         "table: choose another").format(name=shown(name),
                                                         label=labels[other.index])
        wait = place.rename_after - asyncio.get_running_loop().time()
        if place.name and wait > 0:
            return _("this seat changed its name a moment ago: try again in {seconds} s"
                     ).format(seconds=f"{wait:.0f}")
        return None

    def free(self, place: Place) -> None:
        """`place` is open again for the code's next holder: its person is let go, its
        token no longer seats anyone and its name is forgotten."""
        if place.kind != ONLINE:
            return
        old = place.peer
        if old is not None:  # freed by the host: told why; the client then hangs up
            old.table, old.seat = None, None
            old.send(encode("left", message=N_("the host freed your seat")))
        self.server.by_token.pop(place.token, None)
        place.token = new_token()
        self.server.by_token[place.token] = (self, place)
        place.peer, place.taken, place.away = None, False, False
        self.rename(place, "")
        self.tell_seats()

    def rename(self, place: Place, name: str) -> None:
        """`place` is now `name`'s: the table's seats and the kept game say so."""
        if place.name and name:
            place.rename_after = asyncio.get_running_loop().time() + RENAME_PAUSE
        place.name = name
        seats = list(self.table.seats)
        seats[place.index] = place.seat()
        self.table.seats = tuple(seats)
        self.server.keeper.rename(self.entry, [s.player for s in self.table.seats])
        self.server.write_credentials(self)


class Server:
    """The host's tables and the WebSocket server that seats their clients."""

    def __init__(self, host: Host, data: Path, *, allow_open: bool = False,
                 open_per_address: int = MAX_OPEN_PER_ADDRESS,
                 budget: Budget | None = None, guard: Guard | None = None,
                 say: Callable[[str], None] | None = None) -> None:
        self.host, self.data = host, data
        self.allow_open = allow_open
        self.open_per_address = open_per_address
        self.budget = budget or Budget()
        self.guard = guard or Guard()
        self.say = say or (lambda text: print(text, file=sys.stderr))
        #: What a peer can make the host say again and again is said once, then counted.
        self.reports = Reports(self.say)
        self.tables: dict[str, OnlineTable] = {}
        self.by_code: dict[str, OnlineTable] = {}
        self.by_token: dict[str, tuple[OnlineTable, Place]] = {}
        self.opened_by: dict[str, int] = {}
        #: Each guessing address's lock (its tries are answered in turn) and how many
        #: of its tries wait: both forgotten when none does (bounded memory).
        self.guessing: dict[str, asyncio.Lock] = {}
        self.guessers: dict[str, int] = {}
        self.keeper = ThreadedKeeper.open(data)
        for message in self.keeper.messages:
            self.say(f"note: {message}")

    # -- tables ------------------------------------------------------------------------------
    @property
    def credentials(self) -> Path:
        """The folder of the open tables' codes and tokens (to resume them)."""
        return self.data / "online"

    def open_table(self, game_id: str, kinds: Sequence[str], options: dict[str, Any],
                   seed: int, time_limit: float | None = None,
                   names: Sequence[str] = ()) -> OnlineTable:
        """A new table of `game_id`: one kind per seat (ONLINE, HERE or an agent's
        name); raises `TabletopError` (a bad option, an unknown agent)."""
        if len(self.tables) >= MAX_TABLES:
            raise TabletopError(f"this server holds {MAX_TABLES} tables already")
        specs = self.host.agent_specs(game_id)
        known = {spec.name for spec in specs}
        places = []
        for index, kind in enumerate(kinds):
            if kind in (ONLINE, HERE):
                name = names[index] if index < len(names) else ""
                places.append(Place(index, kind, name=name, taken=kind == HERE))
            elif kind in known:
                places.append(Place(index, COMPUTER, agent=kind, taken=True,
                                    level=computer_name(specs, kind)))
            else:
                raise TabletopError(f"no seat kind or agent {kind!r} for {game_id}")
        seats = [place.seat() for place in places]
        table = Table.new(self.host, game_id, seats, options, seed, budget=self.budget,
                          policy=Policy.STAND_IN)
        entry = self.keeper.begin([s.player for s in seats], origin="online")
        online = self._seat(table, places, new_code(), new_token()[:8], time_limit, entry)
        # Kept at once, before any move: a table still waiting for its players resumes
        # after a restart like a started one (its game is in the library).
        self.keep(online)
        return online

    def _seat(self, table: Table, places: list[Place], code: str, table_id: str,
              time_limit: float | None, entry: str) -> OnlineTable:
        online = OnlineTable(self, table, places, code, table_id, time_limit, entry)
        table.keep = lambda _t: self.keep(online)
        self.tables[online.id] = online
        self.by_code[code] = online
        for place in places:
            self.by_token[place.token] = (online, place)
        self.write_credentials(online)
        return online

    def keep(self, online: OnlineTable) -> str | None:
        """Keep the table's game in the library (on the keeper's thread)."""
        self.keeper.keep_record(online.entry, online.table.record())
        errors = self.keeper.take_errors()
        for error in errors:
            self.say(f"warning: the game could not be kept ({error}); play goes on")
        return errors[0] if errors else None

    def write_credentials(self, online: OnlineTable) -> None:
        """Write the table's code and seat tokens beside the library (to resume it)."""
        data = {"version": 1, "entry": online.entry, "table": online.id, "code": online.code,
                "time_limit": online.time_limit,
                "places": [place.to_data() for place in online.places]}
        try:
            self.credentials.mkdir(parents=True, exist_ok=True)
            write_atomic(self.credentials / f"{online.entry}.json", json.dumps(data))
        except OSError as exc:
            self.say(f"warning: the table cannot be resumed after a crash ({exc})")

    def forget(self, online: OnlineTable) -> None:
        """The table is over: its code and tokens no longer seat anyone."""
        if self.tables.pop(online.id, None) is not None and online.opener:
            self.opened_by[online.opener] -= 1
        self.by_code.pop(online.code, None)
        for place in online.places:
            self.by_token.pop(place.token, None)
        with contextlib.suppress(OSError):  # then a later resume finds the game over
            (self.credentials / f"{online.entry}.json").unlink(missing_ok=True)

    def resumable(self) -> list[str]:
        """The library entries of online tables that were not finished, newest first."""
        if not self.credentials.is_dir():
            return []
        files = sorted(self.credentials.glob("*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True)
        return [path.stem for path in files]

    def resume(self, entry: str) -> OnlineTable:
        """The unfinished online table kept as `entry`, seated again with its code and
        tokens; raises `TabletopError` if it cannot be."""
        path = self.credentials / f"{entry}.json"
        places, code, table_id, time_limit = read_credentials(path)
        library = self.keeper.library
        if library is None:
            raise TabletopError("the game library cannot be opened")
        try:
            record = library.read_record(entry)
        except TabletopError as exc:
            raise TabletopError(_("the online table {file} cannot be resumed: its game is "
                                  "not in the library ({problem}); the file is left as "
                                  "it is").format(file=str(path), problem=one_line(exc))
                                ) from None
        session = Session.from_record(self.host, record)
        seats = [place.seat() for place in places]
        table = Table(self.host, session, seats, budget=self.budget, policy=Policy.STAND_IN)
        self.keeper.begin([s.player for s in seats], origin="online", entry_id=entry)
        for place in places:
            place.away = place.taken and place.kind == ONLINE
        return self._seat(table, places, code, table_id, time_limit, entry)

    def close(self) -> None:
        """Write what is pending and close the library."""
        self.keeper.close()

    # -- connections -------------------------------------------------------------------------
    async def handle(self, connection: ServerConnection) -> None:
        """One client, from its first message to its last."""
        self.reports.connected()
        peer = Peer(connection)
        writer = asyncio.ensure_future(peer.write())
        try:
            async for raw in connection:
                try:
                    message = decode(raw)
                    await self.dispatch(peer, message)
                except ProtocolError as exc:
                    peer.error(str(exc))
        except ConnectionClosed:
            pass
        finally:
            peer.closed = True
            self.leave(peer)
            writer.cancel()

    async def dispatch(self, peer: Peer, message: dict[str, Any]) -> None:
        """Do what one checked message asks."""
        kind = message["type"]
        if kind == "join":
            await self.join(peer, message)
        elif kind == "lobby":
            peer.send(encode("lobby", tables=self.lobby()))
        elif kind == "open":
            self.open_for(peer, message)
        elif kind == "leave":
            self.leave(peer, asked=True)
            peer.send(encode("left"))
        elif peer.table is None:
            peer.error(N_("join a table first"))
        elif kind == "move":
            await peer.table.propose(peer, message)
        elif kind == "answer":
            await peer.table.answer(peer, message)

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables: their game, seats and how many are free."""
        return [{"table": t.id, "game": t.table.game.info.id, "name": t.game_name,
                 "seats": t.seats(), "free": sum(1 for p in t.places
                                                 if p.kind == ONLINE and not p.taken)}
                for t in self.tables.values() if not t.table.over]

    def open_for(self, peer: Peer, message: dict[str, Any]) -> None:
        """A client opens a table on this server (`serve` only)."""
        if not self.allow_open:
            peer.error(N_("this host does not open tables; join one with its code"))
            return
        if self.opened_by.get(peer.address, 0) >= self.open_per_address:
            peer.error(f"at most {self.open_per_address} unfinished tables from one "
                       "address")
            return
        game_id = message["game"]
        kinds = [str(k) for k in message["seats"]][:16]
        if HERE in kinds:  # a club's tables have no screen of their own
            peer.error(f"a seat on this server is {ONLINE!r} or a computer, not {HERE!r}")
            return
        limit = message.get("time_limit")
        try:
            game = self.host.game(game_id)
            game.info.check_players(len(kinds))
            options = game.info.resolve_options(message.get("options") or {})
            if limit is not None and not 5 <= limit <= 86_400:
                raise TabletopError("time_limit must be 5 to 86400 seconds")
            online = self.open_table(game_id, kinds, options, new_seed(), limit)
        except (TabletopError, ValueError) as exc:
            peer.error(one_line(exc))
            return
        self.opened_by[peer.address] = self.opened_by.get(peer.address, 0) + 1
        online.opener = peer.address
        peer.send(encode("opened", table=online.id, code=online.code))
        online.next_turn()

    async def join(self, peer: Peer, message: dict[str, Any]) -> None:
        """Seat a client: by its token (its own seat again, at once: the guard never
        stands between a person and their seat) or by the table's code (a free online
        seat, else as a spectator). A connection holds one seat at most; a name that
        breaks the rule of names (`limits.player_name_problem`) gets an error and no
        seat."""
        if peer.table is not None:
            peer.error(N_("this connection has joined a table already"))
            return
        given = message.get("name", "")
        problem = player_name_problem(given)
        if problem is not None:
            peer.error(_("the name {name} {problem}: choose another").format(
                name=shown(given), problem=problem))
            return
        name = player_name(given)
        token = message.get("token")
        found: tuple[OnlineTable, Place | None] | None = (
            self.by_token.get(token) if token is not None else None)
        if found is None:
            found = await self.guess(peer, message)
            if found is None:
                return
        online, place = found
        if peer.table is not None:  # seated meanwhile (its messages are read in turn)
            return
        async with online.lock:
            if place is None:
                peer.table, peer.seat = online, None
                online.spectators.add(peer)
                peer.send(online.welcome(peer, None))
                return
            refusal = online.name_refusal(place, name) if name else None
            if refusal is not None:
                peer.error(refusal)
                return
            if place.peer is not None and place.peer is not peer:
                old = place.peer
                old.table = None
                old.drop(1000, "the seat was taken again")
            place.peer, place.taken, place.away = peer, True, False
            peer.table, peer.seat = online, place.index
            if name and name != place.name and place.kind != COMPUTER:
                online.rename(place, name)
            peer.send(online.welcome(peer, place.token))
            online.tell_seats()
        # Said once a minute at most for a seat: joining and leaving in a loop cannot
        # fill the host's terminal.
        self.reports.problem(f"seat {online.id} {place.index}",
                             f"{online.table.label(place.index)} took seat "
                             f"{place.index + 1} of table {online.id}")
        online.next_turn()

    async def guess(self, peer: Peer, message: dict[str, Any]
                    ) -> tuple[OnlineTable, Place | None] | None:
        """A join by code (or by a token not known here), through the guard: the table
        and the free seat it gives (None: a spectator's place), or None (refused, with
        an error sent). An address's tries are answered one after the other, each after
        its delay, so a burst of them waits as long as a sequence."""
        address = peer.address
        lock = self.guessing.get(address)
        if lock is None:
            lock = self.guessing[address] = asyncio.Lock()
        self.guessers[address] = self.guessers.get(address, 0) + 1
        try:
            async with lock:
                return await self._guess(peer, message)
        finally:
            self.guessers[address] -= 1
            if not self.guessers[address]:
                del self.guessers[address], self.guessing[address]

    async def _guess(self, peer: Peer, message: dict[str, Any]
                     ) -> tuple[OnlineTable, Place | None] | None:
        address = peer.address
        token = message.get("token")
        named = self.tables.get(str(message.get("table", "")))
        # The table a guess is aimed at: the one it names, or a host's only table.
        aimed = named or (next(iter(self.tables.values())) if len(self.tables) == 1
                          else None)
        scope = aimed.id if aimed is not None and token is None else SERVER
        refusal = self.guard.refusal(address, scope)
        if refusal:
            peer.error(refusal)
            return None
        await asyncio.sleep(self.guard.delay(address))
        if peer.closed:
            return None
        if token is not None:
            found = self.by_token.get(token)  # it may have come back meanwhile (a resume)
            if found is None:
                self.guard.wrong(address, SERVER)
                peer.error(N_("that seat token is not known here (the game may be over)"))
            return found
        online = self.by_code.get(normal_code(message.get("code", "")))
        if online is None or (named is not None and online is not named):
            self.guard.wrong(address, scope)
            peer.error(N_("no table has that code"))
            return None
        self.guard.right(address, online.id)
        return online, online.free_seat(message.get("seat"))

    def leave(self, peer: Peer, asked: bool = False) -> None:
        """The client is gone (or left, `asked`): its seat is kept for it, marked away;
        but a seat left on purpose before the game started is free again, for the code's
        next holder (one connection cannot hoard seats by joining, leaving and joining)."""
        online = peer.table
        if online is None:
            return
        peer.table = None
        online.spectators.discard(peer)
        for place in online.places:
            if place.peer is peer:
                if asked and place.kind == ONLINE and not online.started:
                    place.peer = None
                    online.free(place)
                    return
                place.peer, place.away = None, not online.table.over
        if not online.table.over:
            online.tell_seats()

    # -- running -----------------------------------------------------------------------------
    async def run(self, port: int, bind: str = "0.0.0.0", certificate: Path | None = None,
                  key: Path | None = None, until: asyncio.Event | None = None,
                  ready: Callable[[int], None] | None = None) -> None:
        """Serve on `port` (0: any free port, told to `ready`) until `until` is set (or
        forever); TLS when a certificate is given."""
        asyncio.get_running_loop().set_exception_handler(self.reports.loop_problem)
        handler = ReportsHandler(self.reports)
        libraries = [logging.getLogger(name) for name in ("websockets", "asyncio")]
        for logger in libraries:
            logger.addHandler(handler)
            logger.propagate = False
        try:
            await self._run(port, bind, certificate, key, until, ready)
        finally:
            for logger in libraries:
                logger.removeHandler(handler)
                logger.propagate = True

    async def _run(self, port: int, bind: str, certificate: Path | None, key: Path | None,
                   until: asyncio.Event | None, ready: Callable[[int], None] | None
                   ) -> None:
        context = None
        if certificate is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(certificate, key)
        async with serve(self.handle, bind, port, ssl=context, max_size=MAX_FRAME,
                         ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
                         max_queue=64) as server:
            sockets = list(server.sockets)
            if ready is not None:
                ready(sockets[0].getsockname()[1] if sockets else port)
            for online in list(self.tables.values()):
                online.next_turn()
            if until is None:
                await asyncio.Future()
            else:
                await until.wait()
                # The result and the record reach every client before the host goes:
                # it serves on while anyone is connected, a few seconds at most.
                loop = asyncio.get_running_loop()
                deadline = loop.time() + LINGER
                await asyncio.sleep(0.2)
                while server.connections and loop.time() < deadline:
                    await asyncio.sleep(0.1)


def read_credentials(path: Path) -> tuple[list[Place], str, str, float | None]:
    """The places, code, table id and time limit of an online table kept in `path`
    (`Server.write_credentials`); raises `TabletopError` naming the file, what is wrong
    with it and what happens now."""
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


def new_seed() -> int:
    """A table's seed, from the host's own randomness: no client learns it before the
    end (it decides every draw of a hidden-information game)."""
    return secrets.randbits(63)
