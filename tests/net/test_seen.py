"""A joined game stays in reach (issue 33): every client keeps, after every move, what
its seat saw (never more), the game is in its Library from the start, and the host's
final record takes its place once. Real files, a real host and terminal client."""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from tabletop.net.client import OnlineGame, worded
from tabletop.net.frames import log, seat_position
from tabletop.net.joined import SeatSight
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of
from tabletop.store import stats
from tabletop.store.library import FINISHED, Library, LibraryError
from tabletop.store.paths import SEEN
from tabletop.store.seen import SeenPly, keep_seen, read_seen, seen_games, sight
from tests.disks import ROOT, make_read_only, tmpfs
from tests.net.processes import kept, start_host
from tests.net.test_text_conversation import Terminal, _legal

URI, CODE = "ws://127.0.0.1:8470/", "ABCD-EFGH-JKLM"


def _welcome(table: Table, state: Any, seat: int) -> dict[str, Any]:
    """The welcome the host sends `seat` when the table's position is `state`."""
    game = table.game
    return {"type": "welcome", "table": "t1", "game": game.info.id, "name": game.info.name,
            "players": table.players, "seat": seat, "token": "token", "options": table.options,
            "time_limit": None,
            "seats": [{"seat": i, "name": "", "own": game.info.player_label(i),
                       "kind": "person", "taken": True} for i in range(table.players)],
            "log": log(table, 0), "log_from": 0,
            "position": seat_position(game, state, table.plies, seat, table.labels(),
                                      table.to_move, True), "outcome": None}


def _kept_sight(host: Host, folder: Path, message: dict[str, Any]) -> dict[str, Any]:
    """What a client keeps after `message`, its times left out (the file's data)."""
    message = worded(message, [])
    online = OnlineGame.welcomed(host.game(message["game"]), message)
    SeatSight(folder, URI, CODE, "127.0.0.1:8470", "Ada").follow(online, message)
    [path] = (folder / SEEN).glob("*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["created"], data["updated"]
    return data


def test_a_seat_keeps_the_same_bytes_for_deals_that_differ_in_what_it_cannot_see(
        tmp_path: Path) -> None:  # docs/network.md: a seat's view, never the state
    host = Host().load()
    table = Table.new(host, "verso", seats_of(["random"] * 3), {}, 7)
    game, sampler = table.game, table.game.sampler()
    assert sampler is not None
    rng, compared = random.Random(5), 0
    for ply in range(14):
        table.advance()
        for seat in range(3):
            truth = table.state
            other = sampler.sample_state(game.observation(truth, seat), seat, rng)
            if other == truth:
                continue
            kept_here = [_kept_sight(host, tmp_path / f"{ply}-{seat}-{n}",
                                     _welcome(table, state, seat))
                         for n, state in enumerate((truth, other))]
            assert kept_here[0] == kept_here[1]
            assert kept_here[0]["seat"] == seat and len(kept_here[0]["plies"]) == table.plies
            assert "seed" not in kept_here[0] and "setup" not in kept_here[0]
            compared += 1
    assert compared >= 20


def _record(host: Host) -> Record:
    table = Table.new(host, "versus", seats_of(["random"] * 2), {"ply_limit": 60}, 3)
    while table.outcome is None:
        table.advance()
    return table.record()


def _seen(game_id: str, ply: int = 3, now: float = 1_700_000_000.0) -> Any:
    told = {n: SeenPly(f"m{n}", (f"move {n}",)) for n in range(ply)}
    return sight(None, game_id=game_id, game="versus", players=2, options={}, seat=1,
                 uri=URI, code=CODE, address="127.0.0.1:8470", name="Ada",
                 labels=["Hana (Brown)", "Ada (Blue)"], kinds=["person", "person"],
                 told=told, ply=ply, to_move=0, view=None, text="board", now=now)


def test_the_finished_game_takes_the_place_of_the_sight_once(tmp_path: Path) -> None:
    host = Host().load()
    seen = _seen("joined-abc")
    keep_seen(tmp_path, seen)
    library = Library.open(tmp_path)
    try:
        assert [s.id for s in library.seen()] == ["joined-abc"] and library.count() == 0
        record = _record(host)
        for _ in range(2):  # the end told twice (a client that reconnected): one game
            entry = library.finish_seen(seen.id, record, ["Hana", "Ada"])
        assert library.count() == 1 and entry.id == "joined-abc"
        assert entry.status == FINISHED and library.read_record(entry.id) == record
        assert library.seen() == [] and seen_games(tmp_path) == []
        finished = stats.finished_games(library.entries())
        assert [e.id for e in finished] == ["joined-abc"]
    finally:
        library.close()


def test_a_damaged_sight_is_not_listed_and_a_good_one_stays(tmp_path: Path) -> None:
    keep_seen(tmp_path, _seen("joined-good"))
    (tmp_path / SEEN / "joined-bad.json").write_text('{"format": "tabletop-seen", "vers')
    (tmp_path / SEEN / "joined-odd.json").write_text(json.dumps(
        {**_seen("joined-odd").to_dict(), "seat": 5}))
    assert [s.id for s in seen_games(tmp_path)] == ["joined-good"]
    assert read_seen(tmp_path, "joined-odd") is None


def _fill(folder: Path) -> None:
    """No byte more can be written in the tmpfs `folder`."""
    with open(folder / "filler", "wb", buffering=0) as out, \
            contextlib.suppress(OSError):
        while True:  # until the tmpfs says "No space left on device"
            out.write(b"\0" * 1024)


@pytest.mark.skipif(not ROOT, reason="a tmpfs is mounted by root only")
@pytest.mark.parametrize("trouble", ["read-only", "full"])
def test_a_disk_that_refuses_is_said_once_and_loses_nothing_kept(tmp_path: Path,
                                                                trouble: str) -> None:
    host = Host().load()
    table = Table.new(host, "versus", seats_of(["random"] * 2), {}, 3)
    with tmpfs(tmp_path / "disk", "256k") as folder:
        keeper = SeatSight(folder, URI, CODE)
        table.advance()
        message = worded(_welcome(table, table.state, 1), [])
        online = OnlineGame.welcomed(table.game, message)
        keeper.follow(online, message)
        assert keeper.take_problem() is None
        before = (folder / SEEN / f"{keeper.id}.json").read_bytes()
        make_read_only(folder) if trouble == "read-only" else _fill(folder)
        problems = []
        for _ in range(3):
            table.advance()
            message = worded(_welcome(table, table.state, 1), [])
            online.take(message)
            keeper.follow(online, message)
            problems.append(keeper.take_problem())
        assert problems[0] and problems[1:] == [None, None]  # said once, in one line
        assert ("read-only" if trouble == "read-only" else "no space") \
            in problems[0].lower() and "\n" not in problems[0]
        assert (folder / SEEN / f"{keeper.id}.json").read_bytes() == before
        assert read_seen(folder, keeper.id) is not None


def _one_seen(folder: Path) -> Any:
    found = seen_games(folder)
    assert len(found) <= 1
    return found[0] if found else None


def test_a_terminal_client_keeps_what_it_saw_after_every_move(tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=random", "--seed", "4")
    terminal = Terminal(address, code, "Ada", 1, tmp_path / "ada")
    try:
        terminal.wait_for(lambda t: "Ada (Brown) to move>" in t or "to move>" in t, 60)
        plies = [0]
        for _ in range(2):
            moves = _legal(terminal)
            terminal.type(moves[0])
            # Kept as it goes: Ada's move and the computer's answer, each as told.
            deadline = time.monotonic() + 60
            while (seen := _one_seen(tmp_path / "ada")) is None or seen.ply < plies[-1] + 2:
                assert time.monotonic() < deadline, seen
                time.sleep(0.05)
            plies.append(seen.ply)
            assert seen.address == address and seen.code == code and seen.seat == 0
            assert all(p.move and p.lines for p in seen.plies)
            terminal.wait_for(lambda t: t.rstrip().endswith("to move>"), 30)
        library = Library.open(tmp_path / "ada")
        try:
            assert [s.id for s in library.seen()] == [seen.id] and library.count() == 0
        finally:
            library.close()
        since = terminal.type("resign")
        terminal.wait_for(lambda t: "[y/N]" in t, 30, since)
        since = terminal.type("y")
        terminal.wait_for(lambda t: "Kept in the game library" in t, 60, since)
    finally:
        terminal.close()
        try:
            host.popen.wait(timeout=60)  # it ends with its game
        finally:
            if host.popen.poll() is None:
                host.kill()
    [theirs] = kept(tmp_path / "ada")
    [hosted] = kept(tmp_path / "host")
    assert theirs == hosted and seen_games(tmp_path / "ada") == []
    library = Library.open(tmp_path / "ada")
    try:
        assert [e.id for e in library.entries()] == [seen.id]
    finally:
        library.close()


if __name__ == "__main__":
    pytest.main([__file__])


def test_a_sight_deleted_twice_comes_back_under_its_own_id(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    try:
        keep_seen(tmp_path, _seen("joined-abc", ply=2))
        first = library.delete_seen("joined-abc")
        keep_seen(tmp_path, _seen("joined-abc", ply=4))
        second = library.delete_seen("joined-abc")
        assert (first.name, second.name) == ("joined-abc.seen", "joined-abc-1.seen")
        assert library.seen() == []
        library.restore_seen(second)
        [back] = library.seen()
        assert (back.id, back.ply) == ("joined-abc", 4)
        with pytest.raises(LibraryError, match="a kept game has its name"):
            library.restore_seen(first)  # the table's sight is kept again meanwhile
        with pytest.raises(LibraryError, match="not a game of the library's trash"):
            library.restore_seen(tmp_path / "joined" / "joined-abc.json")
    finally:
        library.close()


def test_a_hosts_oddities_are_never_kept_and_play_goes_on(tmp_path: Path) -> None:
    host = Host().load()
    table = Table.new(host, "versus", seats_of(["random"] * 2), {}, 3)
    table.advance()
    keeper = SeatSight(tmp_path, URI, CODE, background=True)
    message = worded(_welcome(table, table.state, 1), [])
    online = OnlineGame.welcomed(table.game, message)
    # A notation no game writes: kept as none, the lines as told.
    keeper.follow(online, {"type": "played", "ply": 0, "move": "x" * 10_000,
                           "lines": ["moved"]})
    _settled(keeper, lambda: _one_seen(tmp_path) is not None)
    assert _one_seen(tmp_path).plies == (SeenPly(None, ("moved",)),)
    # A view nested past every bound: not written, said once; the last good file stays.
    view = online.position["view"]
    deep: Any = 0
    for _ in range(100):
        deep = [deep]
    online.position["view"] = deep
    keeper.follow(online, {"type": "seats", "seats": online.seats})
    _settled(keeper, lambda: keeper.failing)
    assert keeper.take_problem() and keeper.take_problem() is None
    assert _one_seen(tmp_path).view == view
    online.position["view"] = view
    keeper.follow(online, {"type": "seats", "seats": online.seats})
    _settled(keeper, lambda: not keeper.failing)  # its writer lives on
    keeper.close()


def _settled(keeper: SeatSight, done: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline
        time.sleep(0.01)
