"""The app's keeper: writes leave the frame loop, even while another process holds the index."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import tabletop_nim
from tabletop_nim import Nim

from tabletop.play.session import Session
from tabletop.plugins import Host, module_sources
from tabletop.store.library import IN_PROGRESS, INDEX, Library
from tabletop.ui.keeper import GameKeeper, last_played, seat_names


def _session() -> Session:
    return Session.new(Nim(), 2, {"heaps": "3,4"}, 1, ("human", "random"))


def test_keep_returns_at_once_while_the_index_is_locked(tmp_path: Path) -> None:
    keeper = GameKeeper(tmp_path)
    session = _session()
    keeper.start(session, ["Ada"])
    assert keeper.flush()
    # Another process (here: another connection) holds SQLite's write lock.
    other = sqlite3.connect(tmp_path / INDEX, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        session.play(Nim().legal_moves(session.state)[0])
        done = threading.Event()

        def frame() -> None:  # what the game screen does after a move, on the frame loop
            keeper.keep(session)
            done.set()

        threading.Thread(target=frame).start()
        assert done.wait(2.0)  # the move did not wait for the lock
        assert not keeper.flush(timeout=0.3)  # the write is still waiting for it
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert keeper.flush()
    (entry,) = keeper.library.entries() if keeper.library else []
    assert entry.plies == 1 and entry.status == IN_PROGRESS
    assert [s.player for s in entry.seats] == ["Ada", "random"]
    assert keeper.take_errors() == []
    keeper.close()


def test_many_moves_queued_write_the_latest_and_survive_a_restart(tmp_path: Path) -> None:
    keeper = GameKeeper(tmp_path)
    session = _session()
    game_id = keeper.start(session)
    while session.to_move is not None:
        session.play(Nim().legal_moves(session.state)[0])
        keeper.keep(session)
    keeper.close()
    library = Library.open(tmp_path)
    entry = library.get(game_id)
    assert entry.plies == len(session.moves) and entry.result == session.outcome
    assert [s.player for s in entry.seats] == ["Player 1", "random"]


def test_seat_names_and_last_played_words() -> None:
    session = _session()
    assert seat_names(session.agents, ["  ", "ignored"]) == ["Player 1", "random"]
    assert seat_names(session.agents, ["Ada"]) == ["Ada", "random"]
    assert last_played(1000.0, 1030.0) == "just now"
    assert last_played(1000.0, 1000.0 + 5 * 60) == "5 min ago"
    assert last_played(1000.0, 1000.0 + 3 * 3600) == "3 h ago"
    assert last_played(1000.0, 1000.0 + 30 * 3600) == "yesterday"
    assert last_played(0.0, 10 * 86400).startswith("1970-01-")


def test_resume_reads_the_move_still_being_written(tmp_path: Path) -> None:
    # Leaving a game and pressing Continue at once: the writer thread may not have
    # written the last move yet; the resumed game must have it all the same.
    keeper = GameKeeper(tmp_path)
    session = _session()
    game_id = keeper.start(session)
    assert keeper.flush()
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[]).load()
    while session.to_move is not None:
        session.play(Nim().legal_moves(session.state)[0])
        keeper.keep(session)  # queued, as after a move on screen
        resumed = keeper.resume(host, game_id)
        assert len(resumed.moves) == len(session.moves)
    keeper.close()
