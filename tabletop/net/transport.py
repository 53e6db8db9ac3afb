"""The online host's transport: WebSocket peers, their queues and pings (no game here).

Each client is a `Peer` with a bounded queue of messages to send: one that falls
`SEND_QUEUE` messages behind is disconnected (it rejoins with its seat token and is sent
the game as it stands), so a slow client never holds up the others. A `Room` is one
table's connections, a peer per seat and its spectators: it is the `send(seat,
message)` an `Authority` is given, and encodes each message once for all who share it.
`listen` serves WebSockets with pings (a silent peer is dropped) until told to stop.
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from tabletop.lines import Line, to_data
from tabletop.net.protocol import MAX_FRAME, encode, encode_message

log = logging.getLogger("tabletop.net")

#: Messages waiting to be sent to one client; a client this far behind is disconnected.
SEND_QUEUE = 256
#: Seconds a host that ends with its table still serves the clients that are connected.
LINGER = 5.0
#: Seconds between pings, and to wait for the pong: a silent peer is dropped after both.
PING_INTERVAL, PING_TIMEOUT = 10.0, 10.0


class Peer:
    """One client's connection: where it sits and its bounded queue of messages."""

    def __init__(self, connection: ServerConnection) -> None:
        self.connection = connection
        remote = connection.remote_address
        self.address = str(remote[0]) if remote else "?"
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        #: The table it joined (the server's), and its seat there (None: a spectator).
        self.table: Any = None
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

    def error(self, line: str | Line) -> None:
        """Send the error `line` (template and arguments) to this client only."""
        self.send(encode("error", message=to_data(line)))

    async def write(self) -> None:
        """Send the queued messages in order until the connection ends."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.connection.send(text)


class Room:
    """One table's connections: the peer at each seat, and the spectators."""

    def __init__(self) -> None:
        self.seated: dict[int, Peer] = {}
        self.spectators: set[Peer] = set()

    def send(self, seat: int | None, message: dict[str, Any]) -> None:
        """Send `message` to `seat`'s peer (None: to every spectator, encoded once)."""
        text = encode_message(message)
        if seat is None:
            for peer in self.spectators:
                peer.send(text)
        elif (seated := self.seated.get(seat)) is not None:
            seated.send(text)

    def peers(self) -> list[Peer]:
        """Every connected client of the table, seated or watching."""
        return [*self.seated.values(), *self.spectators]


async def listen(handle: Callable[[ServerConnection], Awaitable[None]], port: int,
                 bind: str, certificate: Path | None, key: Path | None,
                 until: asyncio.Event | None, ready: Callable[[int], None] | None,
                 started: Callable[[], None]) -> None:
    """Serve WebSockets on `port` (0: any free one, told to `ready`), each connection
    handed to `handle`, until `until` is set (or forever); TLS when a certificate is
    given. `started` runs once the port is open."""
    context = None
    if certificate is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)
    async with serve(handle, bind, port, ssl=context, max_size=MAX_FRAME,
                     ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
                     max_queue=64) as server:
        sockets = list(server.sockets)
        if ready is not None:
            ready(sockets[0].getsockname()[1] if sockets else port)
        started()
        if until is None:
            await asyncio.Future()
        else:
            await until.wait()
            # The result and the record reach every client before the host goes: it
            # serves on while anyone is connected, a few seconds at most.
            loop = asyncio.get_running_loop()
            deadline = loop.time() + LINGER
            await asyncio.sleep(0.2)
            while server.connections and loop.time() < deadline:
                await asyncio.sleep(0.1)
