"""A plugin that fails on a person's move, at a real server with real sockets: that
table ends for everyone with one line and its record kept; the server goes on serving
its other tables (`docs/network.md`, Faults)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tabletop.net.client import worded
from tabletop.net.hosting import serve_in_thread
from tabletop.net.protocol import encode
from tabletop.net.server import ONLINE, Server
from tabletop.store.library import Library
from tests.net.toys import FaultyNim, toy_host


def next_of(connection: ClientConnection, kinds: set[str]) -> dict[str, Any]:
    """The next message of one of `kinds`, worded as a client words it (in English)."""
    deadline = time.monotonic() + 20
    while True:
        message = worded(json.loads(connection.recv(
            timeout=max(0.01, deadline - time.monotonic()))), [])
        if message["type"] in kinds:
            return message


def test_a_failing_plugin_ends_its_table_only_and_the_record_is_kept(
        tmp_path: Path) -> None:
    server = Server(toy_host(), tmp_path, say=lambda _text: None)
    faulty = server.open_table("faulty-nim", [ONLINE, ONLINE], {}, 1)
    other = server.open_table("nim", [ONLINE, ONLINE], {}, 2)
    stop = asyncio.Event()
    thread, port, loop = serve_in_thread(server, 0, "127.0.0.1", None, None, stop)
    address = f"ws://127.0.0.1:{port}/"
    FaultyNim.threads.clear()
    try:
        with connect(address) as ada, connect(address) as bob, \
                connect(address) as cleo, connect(address) as dan:
            for client, online in ((ada, faulty), (bob, faulty), (cleo, other),
                                   (dan, other)):
                client.send(encode("join", code=online.code))
                assert next_of(client, {"welcome", "error"})["type"] == "welcome"
            ada.send(encode("move", ply=0, move="1:1"))
            assert next_of(bob, {"played"})["move"] == "1:1"
            bob.send(encode("move", ply=1, move="2:2"))  # the plugin's apply raises
            said = [next_of(client, {"left"})["message"] for client in (ada, bob)]
            assert said[0] == said[1] and "\n" not in said[0]
            assert "faulty-nim" in said[0] and "the faulty plugin's bug" in said[0]
            # The server serves its other table as before.
            cleo.send(encode("move", ply=0, move="3:5"))
            assert next_of(dan, {"played"})["move"] == "3:5"
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)
        server.close()
    assert "tabletop-host" not in FaultyNim.threads  # the game's code ran off the loop
    library = Library.open(tmp_path)
    try:
        moves = {entry.game: len(library.read_record(entry.id).moves)
                 for entry in library.entries()}
    finally:
        library.close()
    assert moves == {"faulty-nim": 1, "nim": 1}
    assert faulty.finished.is_set() and faulty.id not in server.tables
