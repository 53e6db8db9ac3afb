"""The online host: tables whose seats are taken over WebSockets (no arcade here).

`Server` holds one table (`tabletop host`) or many (`tabletop serve`, a club's lobby):
it seats clients by join code or seat token and hands each message to its table. It is
the glue of three parts, each in its own module:

- the *authority* of each table (`net.authority`): it checks and plays proposals, on a
  worker thread, and is given `send(seat, message)` and a keeper; no socket;
- the *transport* (`net.transport`): peers, their bounded queues, pings;
- the *credentials and resume files* (`net.credentials`): seat tokens, and the files
  that let a host that was killed resume its tables (`Server.resume`), written off the
  event loop like the records.

Faults are the host's daily bread: a message that breaks the protocol, comes out of
turn, names another seat or is too big gets an `error` to its sender only; wrong join
codes slow their address down and then bar it (`codes.Guard`). Every text a player
reads goes as data (a template and its arguments): the host words nothing for them.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from tabletop.ai.base import Budget
from tabletop.i18n import _
from tabletop.levels import computer_name
from tabletop.limits import (
    MAX_PLAYER_NAME,
    one_line,
    player_name,
    player_name_problem,
    shown,
)
from tabletop.lines import Line
from tabletop.model import TabletopError
from tabletop.net.authority import OFFER_PAUSE, RENAME_PAUSE, WELCOME_PLIES, Authority
from tabletop.net.codes import SERVER, Guard, new_code, new_token, normal_code
from tabletop.net.credentials import (
    COMPUTER,
    HERE,
    ONLINE,
    Keeping,
    Place,
    read_credentials,
)
from tabletop.net.protocol import ProtocolError, decode, encode, encode_message
from tabletop.net.reports import Reports, ReportsHandler
from tabletop.net.transport import (
    LINGER,
    PING_INTERVAL,
    PING_TIMEOUT,
    SEND_QUEUE,
    Peer,
    Room,
    listen,
)
from tabletop.play.table import Policy, Table
from tabletop.plugins import Host

__all__ = ["COMPUTER", "HERE", "LINGER", "MAX_OPEN_PER_ADDRESS", "MAX_TABLES",
           "OFFER_PAUSE", "ONLINE", "PING_INTERVAL", "PING_TIMEOUT", "RENAME_PAUSE",
           "SEND_QUEUE", "WELCOME_PLIES", "OnlineTable", "Peer", "Place", "Server",
           "new_seed", "read_credentials"]

log = logging.getLogger("tabletop.net")

#: Tables one `serve` holds at once, and tables one address may open.
MAX_TABLES, MAX_OPEN_PER_ADDRESS = 1000, 20

#: An online table: its authority (the name the host and its tests know it by).
OnlineTable = Authority


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
        self.tables: dict[str, Authority] = {}
        self.rooms: dict[str, Room] = {}
        self.by_code: dict[str, Authority] = {}
        self.by_token: dict[str, tuple[Authority, Place]] = {}
        self.opened_by: dict[str, int] = {}
        #: Each guessing address's lock (its tries are answered in turn) and how many
        #: of its tries wait: both forgotten when none does (bounded memory).
        self.guessing: dict[str, asyncio.Lock] = {}
        self.guessers: dict[str, int] = {}
        self.keeping = Keeping(data, self.say)

    # -- tables ----------------------------------------------------------------------------
    @property
    def credentials(self) -> Path:
        """The folder of the open tables' codes and tokens (to resume them)."""
        return self.keeping.folder

    def open_table(self, game_id: str, kinds: Sequence[str], options: dict[str, Any],
                   seed: int, time_limit: float | None = None,
                   names: Sequence[str] = ()) -> Authority:
        """A new table of `game_id`: one kind per seat (ONLINE, HERE or an agent's
        name); raises `TabletopError` (a bad option, an unknown agent)."""
        return self._register(self.new_table(game_id, kinds, options, seed, time_limit,
                                             names))

    def new_table(self, game_id: str, kinds: Sequence[str], options: dict[str, Any],
                  seed: int, time_limit: float | None = None,
                  names: Sequence[str] = ()) -> Authority:
        """The table `open_table` opens, not yet seated here: it runs the game's set-up,
        so a club's `open` calls it on a worker thread (`open_for`), then `_register`s
        the table on the loop."""
        if len(self.tables) >= MAX_TABLES:
            raise TabletopError(Line.of("this server holds {count} tables already",
                                        count=MAX_TABLES))
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
                raise TabletopError(Line.of("no seat kind or agent {kind} for {game}",
                                            kind=repr(kind), game=game_id))
        seats = [place.seat() for place in places]
        table = Table.new(self.host, game_id, seats, options, seed, budget=self.budget,
                          policy=Policy.STAND_IN)
        entry = self.keeping.begin([s.player for s in seats])
        # Kept at once, before any move: a table still waiting for its players resumes
        # after a restart like a started one (its game is in the library).
        self.keeping.keep(entry, table.record())
        return self._authority(table, places, new_code(), new_token()[:8], time_limit,
                               entry)

    def _authority(self, table: Table, places: list[Place], code: str, table_id: str,
                   time_limit: float | None, entry: str) -> Authority:
        # Its room is given when it is registered: nobody sits at it before.
        return Authority(table, places, code=code, table_id=table_id, entry=entry,
                         keeping=self.keeping, send=Room().send, time_limit=time_limit,
                         on_end=self.forget)

    def _register(self, online: Authority) -> Authority:
        """Seat `online` here (on the loop): its code and tokens seat its clients, in
        a room of its own."""
        room = Room()
        online.send = room.send
        self.tables[online.id] = online
        self.rooms[online.id] = room
        self.by_code[online.code] = online
        for place in online.places:
            self.by_token[place.token] = (online, place)
        online.save()
        return online

    def keep(self, online: Authority) -> str | None:
        """Keep the table's game in the library now (on the keeper's thread)."""
        return self.keeping.keep(online.entry, online.table.record())

    def forget(self, online: Authority) -> None:
        """The table is over: its code and tokens no longer seat anyone."""
        if self.tables.pop(online.id, None) is not None and online.opener:
            self.opened_by[online.opener] -= 1
        self.rooms.pop(online.id, None)
        self.by_code.pop(online.code, None)
        for place in online.places:
            self.by_token.pop(place.token, None)

    def free(self, online: Authority, place: Place) -> None:
        """Let `place`'s person go before the first move (the host's choice): the code's
        next holder takes the seat; the old token seats nobody."""
        room = self.rooms.get(online.id)
        old = online.free(place)
        if old is None:
            return
        peer = room.seated.pop(place.index, None) if room is not None else None
        if peer is not None:  # told why by the authority; the client then hangs up
            peer.table, peer.seat = None, None
        self.by_token.pop(old, None)
        self.by_token[place.token] = (online, place)

    def resumable(self) -> list[str]:
        """The library entries of online tables that were not finished, newest first."""
        return self.keeping.resumable()

    def resume(self, entry: str) -> Authority:
        """The unfinished online table kept as `entry`, seated again with its code and
        tokens; raises `TabletopError` if it cannot be."""
        path = self.keeping.path(entry)
        places, code, table_id, time_limit = read_credentials(path)
        try:
            record = self.keeping.read_record(entry)
        except TabletopError as exc:
            raise TabletopError(_("the online table {file} cannot be resumed: its game is "
                                  "not in the library ({problem}); the file is left as "
                                  "it is").format(file=str(path), problem=one_line(exc))
                                ) from None
        seats = [place.seat() for place in places]
        table = Table.from_record(self.host, record, seats, budget=self.budget,
                                  policy=Policy.STAND_IN)
        self.keeping.begin([s.player for s in seats], entry)
        for place in places:
            place.away = place.taken and place.kind == ONLINE
        return self._register(self._authority(table, places, code, table_id, time_limit,
                                              entry))

    def close(self) -> None:
        """Write what is pending and close the library."""
        self.keeping.close()

    # -- connections -----------------------------------------------------------------------
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
                    peer.error(exc.line)
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
            await self.open_for(peer, message)
        elif kind == "leave":
            self.leave(peer, asked=True)
            peer.send(encode("left"))
        elif not isinstance(peer.table, Authority):
            peer.error(Line.of("join a table first"))
        elif peer.seat is None:
            peer.error(Line.of("a spectator cannot move"))
        elif kind == "move":
            await peer.table.propose(peer.seat, message["ply"], message["move"],
                                     bool(message.get("confirmed")))
        elif kind == "answer":
            await peer.table.answer(peer.seat, message["accept"])

    def lobby(self) -> list[dict[str, Any]]:
        """The open tables: their game, seats and how many are free."""
        return [{"table": t.id, "game": t.table.game.info.id, "name": t.game_name,
                 "seats": t.seats(), "free": sum(1 for p in t.places
                                                 if p.kind == ONLINE and not p.taken)}
                for t in self.tables.values() if not t.over]

    async def open_for(self, peer: Peer, message: dict[str, Any]) -> None:
        """A client opens a table on this server (`serve` only)."""
        if not self.allow_open:
            peer.error(Line.of("this host does not open tables; join one with its code"))
            return
        if self.opened_by.get(peer.address, 0) >= self.open_per_address:
            peer.error(Line.of("at most {count} unfinished tables from one address",
                               count=self.open_per_address))
            return
        game_id = message["game"]
        kinds = [str(k) for k in message["seats"]][:16]
        if HERE in kinds:  # a club's tables have no screen of their own
            peer.error(Line.of("a seat on this server is {online} or a computer, not "
                               "{here}", online=repr(ONLINE), here=repr(HERE)))
            return
        limit = message.get("time_limit")
        try:
            game = self.host.game(game_id)
            game.info.check_players(len(kinds))
            options = game.info.resolve_options(message.get("options") or {})
            if limit is not None and not 5 <= limit <= 86_400:
                raise TabletopError(Line.of("time_limit must be 5 to 86400 seconds"))
            # The game's set-up is its code: off the loop.
            online = self._register(await asyncio.to_thread(
                self.new_table, game_id, kinds, options, new_seed(), limit))
        except (TabletopError, ValueError) as exc:
            peer.error(exc.line if isinstance(exc, TabletopError) else one_line(exc))
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
            peer.error(Line.of("this connection has joined a table already"))
            return
        given = message.get("name", "")
        name = player_name(given)
        if player_name_problem(given) is not None:  # the rule's words, for the client
            problem = (Line.of("is longer than {count} characters", count=MAX_PLAYER_NAME)
                       if len(name) > MAX_PLAYER_NAME
                       else Line.of("holds a control or invisible character"))
            peer.error(Line.of("the name {name} {problem}: choose another",
                               name=shown(given), problem=problem))
            return
        token = message.get("token")
        found: tuple[Authority, Place | None] | None = (
            self.by_token.get(token) if token is not None else None)
        if found is None:
            found = await self.guess(peer, message)
            if found is None:
                return
        online, place = found
        if peer.table is not None:  # seated meanwhile (its messages are read in turn)
            return
        async with online.lock:
            room = self.rooms.get(online.id)
            if room is None:  # the table ended meanwhile
                peer.error(Line.of("that seat token is not known here (the game may be "
                                   "over)"))
                return
            if place is None:
                welcome = await online.greet(None, None)
                if welcome is None:
                    return
                peer.table, peer.seat = online, None
                room.spectators.add(peer)
                online.watchers = len(room.spectators)
                peer.send(encode_message(welcome))
                return
            refusal = online.name_refusal(place, name) if name else None
            if refusal is not None:
                peer.error(refusal)
                return
            old = room.seated.get(place.index)
            if old is not None and old is not peer:
                old.table = None
                old.drop(1000, "the seat was taken again")
            room.seated[place.index] = peer
            place.connected, place.taken, place.away = True, True, False
            peer.table, peer.seat = online, place.index
            if name and name != place.name and place.kind != COMPUTER:
                online.rename(place, name)
            welcome = await online.greet(place.index, place.token)
            if welcome is None:
                return
            peer.send(encode_message(welcome))
            online.tell_seats()
        # Said once a minute at most for a seat: joining and leaving in a loop cannot
        # fill the host's terminal.
        self.reports.problem(f"seat {online.id} {place.index}",
                             _("{player} took seat {number} of table {table}").format(
                                 player=online.table.label(place.index),
                                 number=place.index + 1, table=online.id))
        online.next_turn()

    async def guess(self, peer: Peer, message: dict[str, Any]
                    ) -> tuple[Authority, Place | None] | None:
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
                     ) -> tuple[Authority, Place | None] | None:
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
                peer.error(Line.of("that seat token is not known here (the game may be "
                                   "over)"))
            return found
        online = self.by_code.get(normal_code(message.get("code", "")))
        if online is None or (named is not None and online is not named):
            self.guard.wrong(address, scope)
            peer.error(Line.of("no table has that code"))
            return None
        self.guard.right(address, online.id)
        return online, online.free_seat(message.get("seat"))

    def leave(self, peer: Peer, asked: bool = False) -> None:
        """The client is gone (or left, `asked`): its seat is kept for it, marked away;
        but a seat left on purpose before the game started is free again, for the code's
        next holder (one connection cannot hoard seats by joining, leaving and joining)."""
        online = peer.table
        if not isinstance(online, Authority):
            return
        peer.table = None
        room = self.rooms.get(online.id)
        if room is None:
            return
        room.spectators.discard(peer)
        online.watchers = len(room.spectators)
        for place in online.places:
            if room.seated.get(place.index) is peer:
                del room.seated[place.index]
                place.connected = False
                if asked and place.kind == ONLINE and not online.started:
                    self.free(online, place)
                    return
                place.away = not online.over
        if not online.over:
            online.tell_seats()

    # -- running ---------------------------------------------------------------------------
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
            await listen(self.handle, port, bind, certificate, key, until, ready,
                         self._started)
        finally:
            for logger in libraries:
                logger.removeHandler(handler)
                logger.propagate = True

    def _started(self) -> None:
        for online in list(self.tables.values()):
            online.next_turn()


def new_seed() -> int:
    """A table's seed, from the host's own randomness: no client learns it before the
    end (it decides every draw of a hidden-information game)."""
    return secrets.randbits(63)
