"""Online tables over real sockets on localhost: moves per second, the time from a
proposal to every client's event (p50/p99), and the server's memory per table.

`tabletop serve` runs in its own process; the players of every table run in a second
process (`--players`, asyncio WebSocket clients that play a random legal move from the
position they are sent). One table plays flat out; many tables play at a quick player's
pace (`--pace`: a move every 0.5–1.5 s, 1 s on average, by default), and `--pace 0`
measures the server saturated.
Each table is Versus between two online seats; each client words every message it is
sent (`net.client.worded`: the lines of each move, rendered with its own catalogs).
Goals (issue: online play): one table ≤ 5 ms p99 per move; 200 tables at once with
p99 ≤ 50 ms.

    python bench/online.py [--tables 1,200] [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from tabletop.net.client import worded
from tabletop.net.protocol import encode


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# -- the players' process -------------------------------------------------------------------
async def open_table(address: str) -> str:
    async with connect(f"ws://{address}/") as ws:
        await ws.send(encode("open", game="versus", seats=["online", "online"]))
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "opened":
                return str(message["code"])
            if message["type"] == "error":
                raise SystemExit(message["message"])


async def play_table(address: str, code: str, seconds: float, rng: random.Random,
                     latencies: list[float], moves: list[int], pace: float) -> None:
    """Two clients at one table, each playing a random legal move when it is to move;
    a proposal's latency is until both clients have the move's event."""
    sent: dict[int, float] = {}
    seen: dict[int, int] = {}
    sockets = [await connect(f"ws://{address}/", max_size=2**20) for _ in range(2)]
    for ws in sockets:
        await ws.send(encode("join", code=code))
    deadline = time.perf_counter() + seconds

    async def client(ws: Any) -> None:
        labels: list[str] = []
        while time.perf_counter() < deadline:
            try:
                # Each client words what it is sent (lines, results, refusals) in its
                # own language, as `tabletop join` and the app do: counted in.
                message = worded(json.loads(await asyncio.wait_for(
                    ws.recv(), deadline - time.perf_counter())), labels)
            except (TimeoutError, Exception):
                return
            kind = message["type"]
            if kind == "played":
                ply = message["ply"]
                seen[ply] = seen.get(ply, 0) + 1
                if seen[ply] == 2 and ply in sent:
                    latencies.append(time.perf_counter() - sent.pop(ply))
                    moves[0] += 1
            if kind in ("played", "welcome", "seats"):
                position = message.get("position") or {}
                legal = position.get("legal") or []
                if legal and message.get("type") != "seats":
                    ply = position["ply"]
                    if pace:  # spread: tables started together must not move in step
                        await asyncio.sleep(rng.uniform(0.5 * pace, 1.5 * pace))
                    sent[ply] = time.perf_counter()
                    await ws.send(encode("move", ply=ply, move=rng.choice(legal)))
            if kind == "ended":
                return

    await asyncio.gather(*(client(ws) for ws in sockets))
    for ws in sockets:
        await ws.close()


async def players(address: str, tables: int, seconds: float, pace: float
                  ) -> dict[str, Any]:
    codes = [await open_table(address) for _ in range(tables)]
    latencies: list[float] = []
    moves = [0]
    start = time.perf_counter()
    await asyncio.gather(*(play_table(address, code, seconds, random.Random(i), latencies,
                                      moves, pace) for i, code in enumerate(codes)))
    wall = time.perf_counter() - start
    return {"moves": moves[0], "wall": wall, "latencies": latencies}


# -- the bench ----------------------------------------------------------------------------
def measure(tables: int, seconds: float, pace: float) -> dict[str, Any]:
    port = free_port()
    address = f"127.0.0.1:{port}"
    data = tempfile.mkdtemp(prefix="tabletop-bench-online-")
    env = {**os.environ, "TABLETOP_DATA_DIR": data, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "tabletop", "serve", "--port", str(port), "--bind",
               "127.0.0.1", "--tables-per-address", "1000"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()
        before = rss_kib(server.pid)
        player = subprocess.Popen([sys.executable, __file__, "--players", address,
                                   "--tables", str(tables), "--seconds", str(seconds),
                                   "--pace", str(pace)],
                                  stdout=subprocess.PIPE, text=True)
        time.sleep(min(seconds / 2, 5) + tables * 0.01)
        during = rss_kib(server.pid)
        out, _ = player.communicate(timeout=seconds * 4 + 120)
    finally:
        server.terminate()
        server.wait(timeout=30)
    result: dict[str, Any] = json.loads(out)
    result["kib_per_table"] = (during - before) / tables
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,200")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--pace", type=float, default=None,
                        help="Seconds a player waits before each move (default: none "
                             "for one table, 1 for many: a quick player's pace)")
    parser.add_argument("--players", metavar="ADDRESS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.players:
        print(json.dumps(asyncio.run(players(args.players, int(args.tables),
                                             args.seconds, args.pace or 0.0))))
        return
    print(f"online tables, Versus, random moves, {args.seconds:.0f} s each, server and "
          f"players in separate processes on localhost")
    for count in (int(t) for t in args.tables.split(",")):
        pace = args.pace if args.pace is not None else (0.0 if count == 1 else 1.0)
        result = measure(count, args.seconds, pace)
        lat = sorted(result["latencies"])
        if not lat:
            print(f"{count:4d} tables: no moves measured")
            continue
        p50 = statistics.median(lat) * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        goal = 5.0 if count == 1 else 50.0
        print(f"{count:4d} tables, a move every {pace:.1f} s per seat: "
              f"{result['moves'] / result['wall']:6.0f} moves/s, "
              f"proposal → every client's event p50 {p50:6.2f} ms, p99 {p99:6.2f} ms "
              f"(goal ≤ {goal:.0f} ms: {'met' if p99 <= goal else 'NOT met'}), "
              f"server memory {result['kib_per_table']:.0f} KiB per table")


if __name__ == "__main__":
    main()
