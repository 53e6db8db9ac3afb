"""The library with real processes (each keeping games through the app's GameKeeper): two
writers at once, and writers killed with SIGKILL."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

from tabletop.store.library import FINISHED, INDEX, Library
from tabletop.store.records import read_game
from tests.library.helpers import start_together, writer

GAMES = 40  # per writer: about 280 saved moves each, enough to overlap


def test_two_processes_writing_at_once_keep_every_game(tmp_path: Path) -> None:
    Library.open(tmp_path).close()  # both writers find the schema in place
    procs = [writer(tmp_path, GAMES, tag, wait=True) for tag in ("Ada", "Bob")]
    start_together(procs)  # both started up ("ready"), then go at once
    spans = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        lines = out.splitlines()
        assert len({line.split()[0] for line in lines}) == GAMES
        spans.append((float(lines[0].split()[2]), float(lines[-1].split()[2])))
    (a0, a1), (b0, b1) = spans
    assert a0 < b1 and b0 < a1  # the two really wrote at the same time
    with sqlite3.connect(tmp_path / INDEX) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    library = Library.open(tmp_path)
    assert library.messages == []
    for name in ("Ada", "Bob"):
        kept = library.entries(player=name)
        assert len(kept) == GAMES and {e.status for e in kept} == {FINISHED}
    assert len(list((tmp_path / "games").glob("*.json"))) == 2 * GAMES


def test_kill_9_at_any_moment_loses_at_most_the_move_in_flight(tmp_path: Path) -> None:
    rng = random.Random(11)
    killed_while_writing = 0
    for _round in range(8):
        proc = writer(tmp_path, 1000)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.4))
        proc.kill()  # SIGKILL: no cleanup runs in the writer
        proc.wait()
        out = proc.stdout.read()
        proc.stdout.close()
        assert proc.stderr is not None
        proc.stderr.close()
        saved = [line.split() for line in out.splitlines() if line.strip()]
        library = Library.open(tmp_path)  # opens every time, whatever was cut short
        assert not list((tmp_path / "games").glob("*.tmp"))  # debris is cleaned
        with sqlite3.connect(tmp_path / INDEX) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        # Opening folded every move journal into its game file.
        assert not list((tmp_path / "games").glob("*.moves"))
        # The index agrees with every file, and every reported save is on disk.
        for entry in library.entries():
            record, _ = read_game(entry.file)
            assert entry.plies == len(record.moves) and entry.status != "unreadable"
        if saved:
            killed_while_writing += 1
            game_id, plies = saved[-1][0], int(saved[-1][1])
            assert library.get(game_id).plies >= plies  # at most the move in flight lost
        library.close()
    assert killed_while_writing >= 4
