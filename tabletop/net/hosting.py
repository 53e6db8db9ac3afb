"""A table hosted from this process, for `tabletop host` and the app (no arcade here).

`Hosting.start` runs a `Server` on a thread of its own (its own event loop), announces the
table on the local network and says the address a friend types; `stop` ends it early (the
host leaves: the game stays in the library and `tabletop host --resume` takes it up
again). `local_address` is this machine's address as a friend would type it. A client
keeps the seat tokens it was given (`remembered_token`), so a client that was killed
takes the same seat again.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.net.client import NetError
from tabletop.net.discovery import Announcer, announce
from tabletop.net.server import HERE, OnlineTable, Server

#: Seconds to wait for a stopped host's thread (it lingers while clients are told).
STOP_WAIT = 8.0


def local_address(port: int, bind: str = "0.0.0.0") -> str:
    """This machine's address on its network, as a friend would type it: the address
    it listens on, or on every address the one the default route leaves from (no
    packet is sent)."""
    if bind not in ("0.0.0.0", "::", ""):
        return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routing only, nothing is sent
        ip = str(probe.getsockname()[0])
    except OSError:
        ip = "127.0.0.1"
    finally:
        probe.close()
    return f"{ip}:{port}"


@dataclass
class Hosting:
    """A running host of one table (see the module)."""

    server: Server
    online: OnlineTable
    thread: threading.Thread
    loop: asyncio.AbstractEventLoop
    port: int
    #: The address a friend types ("192.168.1.20:8470", "wss://…" with a certificate).
    address: str
    announcer: Announcer | None
    announcing: threading.Thread | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _withdrawn: bool = False

    @classmethod
    def start(cls, server: Server, online: OnlineTable, port: int, bind: str = "0.0.0.0",
              certificate: Path | None = None, key: Path | None = None,
              discovery: bool = True) -> Hosting:
        """Serve `online` on `port` (0: any free one) until its game ends or `stop`;
        raises `NetError` if the port cannot be had."""
        thread, port, loop = serve_in_thread(server, port, bind, certificate, key,
                                             online.finished)
        # The port goes into the table's resume file: hosted again (Continue, --resume),
        # the table is where its friends' apps reconnect to.
        online.port = port
        loop.call_soon_threadsafe(online.save)
        scheme = "wss://" if certificate else ""
        hosting = cls(server, online, thread, loop, port, scheme + local_address(port, bind),
                      None)
        if discovery:
            # Announcing takes a second or two (mDNS probes the name first): on a thread
            # of its own, so that the table is ready, and the app's window alive, at once.
            hosting.announcing = threading.Thread(target=hosting._announce, daemon=True,
                                                  name="tabletop-announce")
            hosting.announcing.start()
        return hosting

    def _announce(self) -> None:
        here = [p.name for p in self.online.places if p.kind == HERE and p.name]
        announcer = announce(self.online.id, self.online.game_name, self.port,
                             here[0] if here else "")
        with self._lock:
            if self._withdrawn and announcer is not None:
                announcer.close()  # withdrawn meanwhile: no table left to announce
            else:
                self.announcer = announcer

    @property
    def here(self) -> str:
        """The address this machine's own seat joins by (the loopback, same scheme)."""
        scheme = "wss://" if self.address.startswith("wss://") else ""
        return f"{scheme}127.0.0.1:{self.port}"

    def token_here(self) -> str | None:
        """The token of the host's own person's seat (None if the table has none)."""
        here = [p for p in self.online.places if p.kind == HERE]
        return here[0].token if here else None

    def free(self, seat: int) -> None:
        """Let the person at `seat` go, before the first move (a stranger who took it, or
        a friend who will not come): its token no longer seats anyone, and the code's
        next holder takes it. Does nothing once the game started, or for a seat that is
        not played from another computer."""
        def run() -> None:
            online = self.online
            if online.started:
                return  # from the first move on, a seat is its person's for good
            for place in online.places:
                if place.index == seat and place.taken:
                    self.server.free(online, place)  # an online seat only: not the rest

        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(run)

    @property
    def running(self) -> bool:
        """True until the table's game ended (and its clients were told) or `stop`."""
        return self.thread.is_alive()

    def withdraw(self) -> None:
        """Stop announcing the table on the local network (now, or as soon as the
        announcement under way is made)."""
        with self._lock:
            self._withdrawn = True
            announcer, self.announcer = self.announcer, None
        if announcer is not None:
            announcer.close()

    def stop(self) -> None:
        """End hosting now (the game stays as it is in the library) and close the
        library: after this the table seats nobody."""
        self.withdraw()
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.online.finished.set)
            self.thread.join(timeout=STOP_WAIT)
        self.server.close()


def serve_in_thread(server: Server, port: int, bind: str, certificate: Path | None,
                    key: Path | None, until: asyncio.Event
                    ) -> tuple[threading.Thread, int, asyncio.AbstractEventLoop]:
    """Run `server` on its own thread and event loop until `until` is set; the thread,
    the port it got and its loop. Raises `NetError` if it cannot serve."""
    ready: list[tuple[int, asyncio.AbstractEventLoop]] = []
    failed: list[BaseException] = []
    started = threading.Event()

    def bound(port: int) -> None:
        ready.append((port, asyncio.get_running_loop()))
        started.set()

    def run() -> None:
        try:
            asyncio.run(server.run(port, bind, certificate, key, until=until, ready=bound))
        except BaseException as exc:  # said by the caller, on one line
            failed.append(exc)
            started.set()

    thread = threading.Thread(target=run, name="tabletop-host", daemon=True)
    thread.start()
    started.wait()
    if failed and not ready:
        raise NetError(_("cannot serve on port {port}: {problem}").format(
            port=port, problem=one_line(failed[0])))
    got, loop = ready[0]
    return thread, got, loop


def _tokens_file() -> Path:
    from tabletop.store.paths import data_dir

    return data_dir() / "joined-tables.json"  # beside, not in, the hosted tables' folder


def remembered_token(uri: str, code: str) -> str | None:
    """The seat token this client was given at `code`'s table, if it took a seat there
    (so a client that was killed takes the same seat again)."""
    try:
        data = json.loads(_tokens_file().read_text(encoding="utf-8"))
        token = data.get(f"{uri} {code}")
        return token if isinstance(token, str) else None
    except (OSError, ValueError, AttributeError):
        return None


def remember_token(uri: str, code: str, token: str | None) -> None:
    """Keep (or, with None, forget) the seat token of `code`'s table."""
    from tabletop.store.files import write_atomic

    path = _tokens_file()
    data: dict[str, Any]
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    key = f"{uri} {code}"
    if token is None:
        data.pop(key, None)
    else:
        data[key] = token
    while len(data) > 100:  # the oldest go: a client keeps its recent tables only
        data.pop(next(iter(data)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data))
    except OSError:
        pass  # then a killed client joins as anyone would, by the code
