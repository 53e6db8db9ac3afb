"""Open tables on the local network, announced and found by mDNS (zeroconf).

A host announces its table as a `_tabletop._tcp` service: the table's id, the game's
name and the host's own name (the person who hosts it, so that a friend finds "Versus
with Hana", not a table id), never its join code (the code is the secret a player reads
out). A name announced is read by the one rule of names: one that breaks it is not
shown. The app's Join screen lists what `browse` finds. A network without multicast
simply finds nothing.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Any

from tabletop.limits import MAX_PLAYER_NAME, player_name, player_name_problem

SERVICE = "_tabletop._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table announced on the local network."""

    table: str
    game: str
    name: str
    address: str
    #: The name of the person who hosts it ("" if they gave none, or an older host).
    host: str = ""


def host_name(announced: str) -> str:
    """The host's name as announced, as a name is kept (`tabletop.limits.player_name`);
    "" if it breaks the one rule of names (a control or invisible character, too long):
    a stranger on the network could announce anything."""
    name = player_name(announced)
    return "" if player_name_problem(name) else name


class Announcer:
    """A table's announcement; `close` withdraws it."""

    def __init__(self, zeroconf: Any, info: Any) -> None:
        self.zeroconf, self.info = zeroconf, info

    def close(self) -> None:
        """Withdraw the announcement (quietly if the network is gone)."""
        try:
            self.zeroconf.unregister_service(self.info)
            self.zeroconf.close()
        except Exception:  # the network went away: nothing left to withdraw
            pass


def _addresses() -> list[bytes]:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # routing only: nothing is sent
        return [socket.inet_aton(probe.getsockname()[0])]
    except OSError:
        return [socket.inet_aton("127.0.0.1")]
    finally:
        probe.close()


def announce(table: str, game_name: str, port: int, host: str = "") -> Announcer | None:
    """Announce the table on the local network, with the name of the person hosting it
    (`host`, "" for none), never its join code (that would hand it out); None if zeroconf
    is missing or the network refuses (playing by address and code still works)."""
    try:
        from zeroconf import ServiceInfo, Zeroconf

        info = ServiceInfo(SERVICE, f"tabletop-{table}.{SERVICE}", port=port,
                           properties={"table": table, "name": game_name[:60],
                                       "host": host[:MAX_PLAYER_NAME]},
                           addresses=_addresses())
        zeroconf = Zeroconf()
        zeroconf.register_service(info)
    except Exception:  # no zeroconf, no multicast: the address and code still work
        return None
    return Announcer(zeroconf, info)


def browse(seconds: float = 1.5) -> list[Found]:
    """The tables announced on the local network within `seconds` (empty if none or
    if zeroconf cannot listen)."""
    try:
        from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf
    except ImportError:
        return []
    found: dict[str, Found] = {}
    lock = threading.Lock()

    def changed(zeroconf: Any, service_type: str, name: str,
                state_change: Any) -> None:
        if state_change is not ServiceStateChange.Added:
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode(): (v or b"").decode("utf-8", "replace")
                 for k, v in info.properties.items()}
        with lock:
            found[name] = Found(props.get("table", "?"), props.get("game", ""),
                                props.get("name", "?"),
                                f"{info.parsed_addresses()[0]}:{info.port}",
                                host_name(props.get("host", "")))

    try:
        zeroconf = Zeroconf()
    except Exception:
        return []
    try:
        ServiceBrowser(zeroconf, SERVICE, handlers=[changed])
        threading.Event().wait(seconds)
    finally:
        zeroconf.close()
    with lock:
        return sorted(found.values(), key=lambda f: (f.name, f.table))
