"""How many join codes an attacker gets to try: guesses per second against a real host on
the loopback, from one address and from many, and over a day by the guard's own clock
(`docs/network.md`, Limits).

A `Server` with the guard as shipped holds one Versus table on a thread of this process.
Attackers are WebSocket clients that send wrong codes one after the other, as fast as
the host answers; with `--addresses N` they come from N loopback addresses (127.0.0.2,
…) at once. A guess counts when the host evaluated it ("no table has that code"); a try
refused by a bar does not. The day-long figure replays the same guard with a clock that
jumps over each wait, since a real day cannot be waited for here.

    python bench/guesses.py [--seconds 30] [--addresses 32]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from tabletop.net.codes import CODE_LETTERS, SERVER, Guard
from tabletop.net.hosting import serve_in_thread
from tabletop.net.protocol import encode
from tabletop.net.server import ONLINE, Server
from tabletop.plugins import Host

WRONG = "0000-0000-0000"
DAY = 86_400.0


async def attacker(address: str, source: str, until: float) -> tuple[int, int]:
    """Wrong codes from `source` until `until`: (evaluated, refused)."""
    evaluated = refused = 0
    async with connect(f"ws://{address}/", local_addr=(source, 0),
                       open_timeout=20) as connection:
        while time.monotonic() < until:
            await connection.send(encode("join", code=WRONG))
            try:
                raw = await asyncio.wait_for(connection.recv(),
                                             max(0.05, until - time.monotonic()))
            except TimeoutError:
                break  # waiting out its delay when the time was up: not a guess
            said = str(json.loads(raw).get("message", ""))
            if said == "no table has that code":
                evaluated += 1
            else:
                refused += 1
                await asyncio.sleep(1.0)  # barred: a patient attacker tries again later
    return evaluated, refused


async def attack(address: str, sources: list[str], seconds: float) -> tuple[int, int]:
    until = time.monotonic() + seconds
    results = await asyncio.gather(*(attacker(address, s, until) for s in sources))
    return sum(r[0] for r in results), sum(r[1] for r in results)


def measured(seconds: float, addresses: int) -> None:
    host = Host().load()
    with tempfile.TemporaryDirectory() as data:
        server = Server(host, Path(data), say=lambda _text: None)  # the shipped guard
        options = host.game("versus").info.resolve_options({})
        online = server.open_table("versus", [ONLINE, ONLINE], options, 7)
        thread, port, loop = serve_in_thread(server, 0, "127.0.0.1", None, None,
                                             online.finished)
        address = f"127.0.0.1:{port}"
        try:
            for label, sources in (
                    ("one address", ["127.0.0.2"]),
                    (f"{addresses} addresses",
                     [f"127.0.{1 + i // 250}.{2 + i % 250}" for i in range(addresses)])):
                evaluated, refused = asyncio.run(attack(address, sources, seconds))
                print(f"loopback, {label}, {seconds:.0f} s: {evaluated} guesses "
                      f"({evaluated / seconds:.2f}/s, {evaluated / seconds / len(sources):.3f}"
                      f"/s per address), {refused} tries refused by a bar")
        finally:
            loop.call_soon_threadsafe(online.finished.set)
            thread.join(15)
            server.close()


def by_the_guards_clock(scope: str, span: float = DAY) -> int:
    """Guesses one address gets in `span` seconds against the shipped guard, trying
    again the moment it may (the table's code, or any code on a server of many)."""
    now = [0.0]
    guard = Guard(clock=lambda: now[0])
    guesses = 0
    while now[0] < span:
        if guard.refusal("a", scope) is not None:
            bars = [t.barred_until for t in guard._tries.values() if t.barred_until > now[0]]
            now[0] = min(bars)
            continue
        now[0] += guard.delay("a")
        guard.wrong("a", scope)
        guesses += 1
    return guesses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--addresses", type=int, default=32)
    args = parser.parse_args()
    if sys.platform != "linux":
        sys.exit("this bench needs Linux: it sends from many 127.x.y.z addresses")
    measured(args.seconds, args.addresses)
    space = 32 ** CODE_LETTERS
    for label, scope in (("a host's only table", "table"), ("a server of many tables",
                                                          SERVER)):
        per_day = by_the_guards_clock(scope)
        print(f"by the guard's clock, one address at {label}: {per_day} guesses a day "
              f"({per_day / DAY:.5f}/s)")
        for many in (1, 1_000_000):
            years = space / 2 / (per_day * many) / 365
            who = f"{many:,} address{'es' if many > 1 else ''}"
            print(f"  with {who}: half the {CODE_LETTERS}-letter codes take {years:.3g} years")


if __name__ == "__main__":
    main()
