"""A hostile or careless seat against the host, on the loopback with real sockets: seats,
offers, names, the guessing guard, descriptors, restarts (`docs/network.md`, Limits).

The tables are `tabletop host` and `tabletop serve` processes, except where the guard's
timing is the point: there the host is a `Server` on a thread of this process, with a
guard whose delays are short enough for a test (the same code, other numbers). The
hostile clients are WebSocket clients in this process. Every test is bounded in
connections and seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import ClientConnection, connect

from tabletop.model import TabletopError
from tabletop.net.client import worded
from tabletop.net.codes import Guard
from tabletop.net.hosting import serve_in_thread
from tabletop.net.protocol import encode
from tabletop.net.reports import Reports
from tabletop.net.server import ONLINE, Server
from tabletop.plugins import Host
from tabletop.store.library import Library
from tests.net.processes import BOUNDED, finish, kept, run, start_host, start_serve, stop

#: The names of the issue's hostile joins: a terminal escape, a fake line, an RTL
#: override, a NUL, a zero-width look-alike, and one 10,000 characters long.
HOSTILE_NAMES = ["\x1b[2J\x1b[31mEVIL", "Bob\nHost: game over, Bob wins", "\u202eboB",
                 "Nul\x00", "B\u200bob", "N" * 10_000]


def client(address: str, source: str | None = None) -> ClientConnection:
    """A WebSocket client of the host at `address` (from the loopback address `source`)."""
    extra: dict[str, Any] = {} if source is None else {"source_address": (source, 0)}
    return connect(f"ws://{address}/", max_size=2**20, open_timeout=20, **extra)


#: Each test client's seats as it names them (the host sends names, not labels).
_LABELS: dict[int, list[str]] = {}


def next_of(connection: ClientConnection, kinds: set[str], timeout: float = 20
            ) -> dict[str, Any]:
    """The next message of one of `kinds` the client is sent (others are passed over),
    worded as a client words it (its lines and errors in its language, English here)."""
    deadline = time.monotonic() + timeout
    labels = _LABELS.setdefault(id(connection), [])
    while True:
        message = worded(json.loads(connection.recv(
            timeout=max(0.01, deadline - time.monotonic()))), labels)
        if message["type"] in kinds:
            return dict(message)


def ask(connection: ClientConnection, kind: str, **fields: Any) -> dict[str, Any]:
    """Send a message and return the answer: a welcome, an error or left."""
    connection.send(encode(kind, **fields))
    return next_of(connection, {"welcome", "error", "left"})


@contextlib.contextmanager
def serving(data: Path, guard: Guard) -> Iterator[tuple[str, str, Server]]:
    """A host of one Versus table for two online seats, on a thread of this process with
    `guard`: its address, its code and the server."""
    host = Host().load()
    server = Server(host, data, guard=guard, say=lambda _text: None)
    options = host.game("versus").info.resolve_options({})
    online = server.open_table("versus", [ONLINE, ONLINE], options, 7)
    thread, port, loop = serve_in_thread(server, 0, "127.0.0.1", None, None, online.finished)
    try:
        yield f"127.0.0.1:{port}", online.code, server
    finally:
        loop.call_soon_threadsafe(online.finished.set)
        thread.join(15)
        server.close()


def test_a_connection_holds_one_seat_and_the_friend_with_the_code_is_seated(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    try:
        with client(address) as hoarder, client(address) as friend:
            first = ask(hoarder, "join", code=code)
            assert first["seat"] == 0
            refused = ask(hoarder, "join", code=code, seat=1)
            assert refused == {**refused, "type": "error",
                               "message": "this connection has joined a table already"}
            assert ask(hoarder, "leave")["type"] == "left"
            again = ask(hoarder, "join", code=code, seat=1)
            assert again["seat"] == 1  # the seat it left was freed: it holds one seat
            seated = ask(friend, "join", code=code)
            assert seated["seat"] == 0 and seated["token"]  # a seat, not a spectator
            with client(address) as stale:  # the left seat's token seats nobody now
                assert ask(stale, "join", token=first["token"])["type"] == "error"
    finally:
        host.kill()


def test_thirty_draw_offers_reach_the_other_player_once(tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    try:
        with client(address) as ada, client(address) as bob:
            ask(ada, "join", code=code, seat=0)
            position = ask(bob, "join", code=code, seat=1)["position"]
            mover, other = (ada, bob) if position["to_move"] == 0 else (bob, ada)
            offers, refusals = 0, []
            for _ in range(30):
                mover.send(encode("move", ply=position["ply"], move="draw"))
                with contextlib.suppress(TimeoutError):
                    next_of(other, {"offer"}, timeout=0.3)
                    offers += 1
                    other.send(encode("answer", accept=False))
                reply = next_of(mover, {"declined", "error"})
                if reply["type"] == "error":
                    refusals.append(reply["message"])
            assert offers == 1  # one offer; a minute's pause after it was declined
            assert len(refusals) == 29
            assert all("you may offer again in" in words for words in refusals)
    finally:
        host.kill()


def test_hostile_names_are_refused_and_the_game_is_kept_with_its_players(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote", BOUNDED)
    with client(address) as eve, client(address) as ada:
        for name in HOSTILE_NAMES:
            reply = ask(eve, "join", code=code, name=name)
            assert reply["type"] == "error" and reply["message"].endswith("choose another")
            assert "\n" not in reply["message"] and "\x1b" not in reply["message"]
        assert ask(ada, "join", code=code, name="Ada", seat=0)["seat"] == 0
        for name in ("ada", " ADA ", "Ａda"):  # look-alikes of seat 1's name
            reply = ask(eve, "join", code=code, name=name)
            assert reply["type"] == "error" and "looks like Ada" in reply["message"]
        assert ask(ada, "leave")["type"] == "left"  # before the first move: seat freed
    # The command line refuses the same names by the same rule.
    typed = run(["join", address, code, "--name", "B\u200bob"], tmp_path / "typed")
    typed.popen.wait(timeout=60)
    assert typed.popen.returncode != 0 and "invisible character" in typed.text()
    players = [run(["join", address, code, "--agent", "random", "--name", name],
                   tmp_path / name) for name in ("Ada", "Bob")]
    for player in players:
        assert "Game over:" in finish(player)
    said = finish(host)
    assert "\x1b" not in said and "game over, Bob wins" not in said
    [hosted] = kept(tmp_path / "host")
    for name in ("Ada", "Bob"):
        assert [r.moves for r in kept(tmp_path / name)] == [hosted.moves]
    library = Library.open(tmp_path / "host")
    try:
        [entry] = library.entries()
        assert sorted(seat.player for seat in entry.seats) == ["Ada", "Bob"]
    finally:
        library.close()


def test_an_attacker_on_the_players_address_cannot_lock_the_player_out(
        tmp_path: Path) -> None:
    guard = Guard(step=0.01, max_delay=0.02)  # the real rule, with short delays
    with serving(tmp_path, guard) as (address, code, _server):
        with client(address) as ada:
            token = ask(ada, "join", code=code, name="Ada")["token"]
        for _ in range(12):  # the attacker, on the same address (127.0.0.1)
            with client(address) as eve:
                ask(eve, "join", code="0000-0000-0000")
        with client(address) as eve:
            barred = ask(eve, "join", code=code)["message"]
            assert barred.startswith("too many wrong codes from this address")
            assert int(barred.split()[-2]) <= guard.table_bar  # the table's, not 10 min
        with client(address) as ada:  # her valid token is never refused
            back = ask(ada, "join", token=token)
            assert back["type"] == "welcome" and back["seat"] == 0
        with client(address, source="127.0.0.2") as bob:  # another address: seated
            assert ask(bob, "join", code=code)["seat"] == 1


def test_a_burst_of_200_wrong_codes_takes_as_long_as_a_sequence(tmp_path: Path) -> None:
    def guard() -> Guard:  # no bar: every try is answered, each after its delay
        return Guard(step=0.005, max_delay=0.02, limit=10**6, server_limit=10**6)

    sequence = guard()
    expected = 0.0
    for _ in range(200):  # what 200 tries one after the other wait in all
        expected += sequence.delay("127.0.0.1")
        sequence.wrong("127.0.0.1", "table")

    async def burst(address: str) -> tuple[float, list[str]]:
        connections = [await connect_async(f"ws://{address}/") for _ in range(200)]
        try:
            start = time.monotonic()
            for connection in connections:
                await connection.send(encode("join", code="0000-0000-0000"))
            answers = [json.loads(await connection.recv()) for connection in connections]
            return time.monotonic() - start, [worded(a, [])["message"] for a in answers]
        finally:
            for connection in connections:
                await connection.close()

    with serving(tmp_path, guard()) as (address, _code, _server):
        elapsed, answers = asyncio.run(burst(address))
    assert answers == ["no table has that code"] * 200
    assert expected > 3.0 and elapsed >= 0.95 * expected, (elapsed, expected)


def test_running_out_of_descriptors_is_said_once_and_the_table_is_served_again(
        tmp_path: Path) -> None:
    server, address = start_serve(tmp_path / "serve", files=64)
    try:
        with client(address) as opener:
            opener.send(encode("open", game="versus", seats=["online", "online"]))
            code = next_of(opener, {"opened"})["code"]
        hogs = []
        for _ in range(150):  # far past the host's 64 descriptors
            with contextlib.suppress(OSError):
                hogs.append(socket.create_connection(("127.0.0.1", int(address[10:])), 2))
        time.sleep(4)  # the host fails to accept again and again meanwhile
        for hog in hogs:
            hog.close()
        seated = None
        deadline = time.monotonic() + 30
        while seated is None and time.monotonic() < deadline:
            with contextlib.suppress(OSError, TimeoutError), client(address) as ada:
                seated = ask(ada, "join", code=code)
        assert seated is not None and seated["seat"] == 0
    finally:
        said = stop(server)
    lines = said.strip().splitlines()
    assert sum("cannot accept connections: Too many open files" in li for li in lines) == 1
    assert len(lines) <= 6, said


def test_a_restarted_server_resumes_a_waiting_table(tmp_path: Path) -> None:
    server, address = start_serve(tmp_path / "serve")
    try:
        with client(address) as opener:
            opener.send(encode("open", game="versus", seats=["online", "online"]))
            code = next_of(opener, {"opened"})["code"]
        with client(address) as ada:
            token = ask(ada, "join", code=code, name="Ada")["token"]
    finally:
        stop(server)
    server, _ = start_serve(tmp_path / "serve", port=int(address.rsplit(":", 1)[1]))
    try:
        with client(address) as ada, client(address) as bob:
            back = ask(ada, "join", token=token)
            assert back["type"] == "welcome" and back["seat"] == 0
            assert ask(bob, "join", code=code)["seat"] == 1
    finally:
        said = stop(server)
    assert "1 table(s) resumed" in said and "warning" not in said


@pytest.mark.parametrize(("content", "problem"), [
    ('{"code": "X", "table": "t", "places": "abc"}', "its field places is missing"),
    ('{"code": "X", "table": "t", "places": ["abc"]}', "its seat 1 is damaged"),
    ("[1, 2]", "it is not a JSON object"),
    ("{not json", "it is not JSON"),
])
def test_a_damaged_table_file_is_named_in_our_words(tmp_path: Path, content: str,
                                                    problem: str) -> None:
    server = Server(Host().load(), tmp_path, say=lambda _text: None)
    try:
        (tmp_path / "online").mkdir()
        (tmp_path / "online" / "abc.json").write_text(content)
        with pytest.raises(TabletopError) as caught:
            server.resume("abc")
    finally:
        server.close()
    words = str(caught.value)
    assert str(tmp_path / "online" / "abc.json") in words and problem in words
    assert "the file is left as it is" in words


def test_a_repeated_problem_is_said_once_then_counted() -> None:
    said: list[str] = []
    now = [0.0]
    reports = Reports(said.append, every=60, clock=lambda: now[0])
    for _ in range(10_001):
        reports.problem("accept", "cannot accept connections")
    reports.over("accept", "accepting connections again")
    assert said == ["cannot accept connections",
                    "accepting connections again (10,000 more like this)"]
    for _ in range(4):  # a problem that goes on is recalled once a minute, counted
        reports.problem("disk", "the disk is full")
        now[0] += 30
    assert said[2:] == ["the disk is full", "the disk is full (2 more like this)"]
