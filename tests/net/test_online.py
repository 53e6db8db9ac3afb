"""Online play with real processes and sockets: `tabletop host`, `join` and `serve`.

A host and its clients are separate `tabletop` processes on localhost (a data folder
each); the hostile client and the recording clients of the leak test are WebSocket
clients in this process. Kills are real `kill -9`s.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tabletop.net.client import Connection, seat_label
from tabletop.net.client import said as worded_line
from tabletop.net.frames import seat_position
from tabletop.net.players import play_agent, welcome
from tabletop.net.protocol import MAX_MESSAGE, encode
from tabletop.play.session import make_agent
from tabletop.plugins import Host
from tabletop.record import Record, replay
from tabletop.store.library import Library
from tests.net.processes import BOUNDED, Process, finish, free_port, kept, run, start_host


def played(text: str) -> int:
    """How many moves a client's output told."""
    return sum(1 for line in text.splitlines() if line.startswith("  "))


def test_a_host_and_two_clients_play_versus_and_verso_for_three_to_the_end(
        tmp_path: Path) -> None:
    for game, seats, extra in (("versus", ["remote", "remote"], [BOUNDED, "--seed", "3"]),
                               ("verso", ["random", "remote", "remote"], [])):
        data = tmp_path / game
        args = [game] + [f"--seat={seat}" for seat in seats] + extra
        host, address, code = start_host(data / "host", *args)
        clients = [run(["join", address, code, "--agent", "random", "--name", name],
                        data / name) for name in ("Ada", "Bob")]
        said = [finish(client, 60) for client in clients]
        finish(host)
        assert all("Game over:" in text and "Kept in the game library" in text
                   for text in said)
        [hosted] = kept(data / "host")
        outcome = replay(Host().load().game(game), hosted).final
        assert outcome is not None
        for name in ("Ada", "Bob"):
            [record] = kept(data / name)
            assert record.moves == hosted.moves and record.seed == hosted.seed
        library = Library.open(data / "host")
        [entry] = library.entries()
        library.close()
        assert {"Ada", "Bob"} <= {seat.player for seat in entry.seats}


def test_a_killed_client_rejoins_its_seat_and_a_killed_host_resumes(tmp_path: Path) -> None:
    port = free_port()
    host, address, code = start_host(tmp_path / "host", "verso", "--seat=remote",
                                     "--seat=remote", port=port)
    slow = ["--agent", "mcts", "--iterations", "300"]
    ada = run(["join", address, code, "--name", "Ada", *slow], tmp_path / "ada")
    bob = run(["join", address, code, "--name", "Bob", *slow, "--patience", "120"],
              tmp_path / "bob")
    first = ada.wait_for(lambda t: played(t) >= 4)
    seat = first.split(": Verso, ", 1)[1].split(".", 1)[0]  # "seat 2"
    ada.kill()
    # The same command takes the same seat again (its token was kept), mid-game.
    ada = run(["join", address, code, "--name", "Ada", *slow, "--patience", "120"],
              tmp_path / "ada")
    text = ada.wait_for(lambda t: played(t) >= 2)
    assert f"Verso, {seat}." in text, text  # the same seat as before the kill
    host.kill()
    resumed = run(["host", "--resume", "--port", str(port), "--bind", "127.0.0.1",
                   "--no-discovery"], tmp_path / "host")
    said = [finish(ada, 300), finish(bob, 300)]
    finish(resumed, 60)
    assert all("reconnecting" in text and "Game over:" in text for text in said), said
    [hosted] = kept(tmp_path / "host")
    assert replay(Host().load().game("verso"), hosted).final is not None
    assert [r.moves for r in kept(tmp_path / "ada")] == [hosted.moves]


def _honest_game(tmp_path: Path, hostile: bool) -> tuple[list[Any], list[str]]:
    """A Versus game of two seeded random agents; with `hostile`, a third client floods
    the host meanwhile. The host's record and what the hostile client was told."""
    data = tmp_path / ("hostile" if hostile else "calm")
    host, address, code = start_host(data / "host", "versus", "--seat=remote",
                                     "--seat=remote", "--seed", "5")
    agent = ["--agent", "mcts", "--iterations", "100"]  # the game outlasts the flood
    ada = run(["join", address, code, *agent, "--seed", "1", "--seat", "1"], data / "ada")
    bob = run(["join", address, code, *agent, "--seed", "2", "--seat", "2"], data / "bob")
    told: list[str] = []
    if hostile:
        ada.wait_for(lambda t: played(t) >= 1)  # seats taken: the flood is a spectator
        told = _flood(address, code)
    finish(ada)
    finish(bob)
    finish(host)
    [record] = kept(data / "host")
    return list(record.moves), told


def _flood(address: str, code: str) -> list[str]:
    """1,000 bad messages from one client: what it was told."""
    told: list[str] = []

    def read(ws: Any) -> None:  # read all along: a client that does not is dropped
        try:
            for text in ws:
                told.append(str(text))
                if '"type":"left"' in str(text):
                    return
        except Exception:  # the host closed at the game's end
            return

    with connect(f"ws://{address}/", max_size=2**20) as ws:
        reader = threading.Thread(target=read, args=(ws,))
        reader.start()
        bad = [
            "not json", "[]", '{"v": 1}', '{"v": 7, "type": "move"}',
            encode("move", ply=0, move="a1-b1"),  # not seated yet
            encode("move", ply="3", move="x"),
            "x" * (MAX_MESSAGE + 10),  # oversized
        ]
        for _ in range(2):  # a third wrong code would slow this address down
            ws.send(encode("join", code="WRONG-CODE-0000"))
        for index in range(398):
            ws.send(bad[index % len(bad)])
        ws.send(encode("join", code=code))
        for index in range(600):
            ws.send(encode("move", ply=index % 7, move="Va3-b3", seat=index % 2)
                    if index % 3 else encode("answer", accept=True))
        ws.send(encode("leave"))
        reader.join(60)
    return told


def test_a_hostile_client_changes_nothing_of_the_honest_game(tmp_path: Path) -> None:
    calm, _ = _honest_game(tmp_path, hostile=False)
    flooded, told = _honest_game(tmp_path, hostile=True)
    assert flooded == calm  # the same seeds give the same game, flood or not
    errors = [worded_line(json.loads(t)["message"], []) for t in told if '"type":"error"' in t]
    # Bad messages got their errors (but those still on their way when the game ended
    # and the host went: how many depends on the machine's load).
    assert len(errors) >= 500 and all("\n" not in e for e in errors)
    said = set(errors)
    assert "a message must be a JSON object" in said
    assert "no table has that code" in said
    assert "a spectator cannot move" in said or any("not your turn" in e for e in said)
    assert any("over the limit" in e for e in said)
    assert any("newer than this side" in e for e in said)


class Recording(Connection):
    """A client that keeps every message it receives, as received."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.received: list[str] = []

    def _take(self, raw: str | bytes) -> None:
        self.received.append(raw if isinstance(raw, str) else raw.decode())
        super()._take(raw)


def test_no_frame_tells_a_verso_seat_what_it_cannot_see(tmp_path: Path) -> None:
    host_process, address, code = start_host(tmp_path / "host", "verso", "--seat=random",
                                             "--seat=remote", "--seat=remote")
    host = Host().load()
    game = host.game("verso")
    clients = [Recording(address, code=code, name=name) for name in ("Ada", "Bob")]

    def play(connection: Recording, seed: int) -> None:
        connection.start()
        online = welcome(host, connection, lambda _: None)
        play_agent(host, connection, online, make_agent(host, "verso", "random"), "random",
                   lambda _: None, data=tmp_path / f"client{seed}", seed=seed)

    threads = [threading.Thread(target=play, args=(c, i)) for i, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    finish(host_process)
    for client in clients:
        client.close()
    ended = [json.loads(t) for t in clients[0].received if '"type":"ended"' in t]
    record = Record.from_dict(ended[0]["record"])
    states = replay(game, record).states
    rng = random.Random(11)
    sampler = game.sampler()
    assert sampler is not None
    checked = 0
    for client in clients:
        frames = [json.loads(text) for text in client.received]
        end = next(i for i, f in enumerate(frames) if f["type"] == "ended")
        before_end = client.received[:end]
        assert not any('"seed"' in text or '"record"' in text for text in before_end)
        labels: list[str] = []
        seat = None
        for frame in frames[:end]:
            if frame["type"] == "welcome":
                seat = frame["seat"]
                labels = [seat_label(s) for s in frame["seats"]]
                position = frame["position"]
            elif frame["type"] == "played":
                position = frame["position"]
            else:
                if frame["type"] == "seats":  # names as seats are taken
                    labels = [seat_label(s) for s in frame["seats"]]
                continue
            truth = states[position["ply"]]
            person = position["to_move"] == seat
            sent = seat_position(game, truth, position["ply"], seat, labels,
                                 position["to_move"], person)
            assert sent == position
            seen = game.observation(truth, seat)
            for _ in range(3):  # what it cannot see, dealt otherwise: the same frame
                other = sampler.sample_state(seen, seat, rng)
                assert seat_position(game, other, position["ply"], seat, labels,
                                     position["to_move"], person) == position
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("kind", ["serve"])
def test_a_club_server_holds_tables_opened_and_joined_by_code(tmp_path: Path,
                                                              kind: str) -> None:
    port = free_port()
    server = run(["serve", "--port", str(port), "--bind", "127.0.0.1"], tmp_path / kind)
    server.wait_for(lambda t: f"serving on 127.0.0.1:{port}" in t)
    address = f"127.0.0.1:{port}"
    try:
        opened = [run(["host", "versus", "--on", address, "--seat=remote", "--seat=random",
                       BOUNDED], tmp_path / f"opener{i}") for i in range(2)]
        codes = [finish(o).strip().splitlines()[-1].split()[-1] for o in opened]
        listing = finish(run(["join", address], tmp_path / "lister"))
        assert listing.count("Versus") == 2 and "1 free seat(s)" in listing
        players = [run(["join", address, code, "--agent", "random"], tmp_path / f"p{i}")
                   for i, code in enumerate(codes)]
        for player in players:
            assert "Game over:" in finish(player)
        assert "No open tables." in finish(run(["join", address], tmp_path / "lister"))
    finally:
        server.popen.send_signal(signal.SIGINT)
        server.popen.wait(timeout=30)
    assert len(kept(tmp_path / kind)) == 2


def test_a_host_with_a_certificate_is_joined_over_tls(tmp_path: Path) -> None:
    key, certificate = tmp_path / "key.pem", tmp_path / "certificate.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-keyout", str(key), "-out", str(certificate), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True,
                   capture_output=True)
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote", "--certificate", str(certificate),
                                     "--key", str(key), BOUNDED)
    assert address.startswith("wss://127.0.0.1:")
    untrusted = finish_failing(run(["join", address, code, "--agent", "random"],
                                   tmp_path / "eve"))
    assert "CERTIFICATE_VERIFY_FAILED" in untrusted and untrusted.count("\n") == 1
    players = [run(["join", address, code, "--agent", "random", "--certificate",
                    str(certificate)], tmp_path / name) for name in ("ada", "bob")]
    for player in players:
        assert "Game over:" in finish(player)
    finish(host)


def test_a_person_out_of_time_loses_and_both_libraries_keep_the_verdict(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote", "--time-limit", "5")
    ada = run(["join", address, code, "--agent", "random", "--seat", "1"], tmp_path / "ada")
    idle = Connection(address, code=code, name="Idle", seat=1).start()  # never moves
    try:
        assert "Game over: timeout: Idle (Brown) ran out of time" in finish(ada, 60)
    finally:
        idle.close()
    finish(host)
    [hosted], [theirs] = kept(tmp_path / "host"), kept(tmp_path / "ada")
    assert hosted.ended == theirs.ended == "timeout" and hosted == theirs
    assert hosted.result is not None and hosted.result.winners == (0,)
    library = Library.open(tmp_path / "host")
    try:
        [entry] = library.entries()
        assert entry.result == hosted.result  # finished: Statistics count it
    finally:
        library.close()


def finish_failing(process: Process) -> str:
    """The output of a process that must end with an error (exit 1)."""
    process.popen.wait(timeout=60)
    assert process.popen.returncode == 1, process.text()
    return process.text()
