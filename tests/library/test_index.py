"""The library index on real SQLite files: keeping, listing, importing, trash, rebuilds."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tabletop_nim import Nim

from tabletop.record import Record, replay
from tabletop.store.files import clean_debris
from tabletop.store.library import (
    FINISHED,
    IMPORTED,
    IN_PROGRESS,
    INDEX,
    UNREADABLE,
    Library,
    LibraryError,
)
from tabletop.store.records import parse_file_text
from tabletop.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate
from tests.library.helpers import nim_record


def _schema(path: Path) -> set[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return {(r[0], r[1]) for r in db.execute(
            "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}


def test_games_are_kept_as_record_files_and_listed_newest_first(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    first = library.add(nim_record(2), ["Ada", "random"])
    second = library.add(nim_record(), ["Bob", "random"], origin="text")
    assert [e.id for e in library.entries()] == [second.id, first.id]
    assert first.status == IN_PROGRESS and first.plies == 2 and first.result is None
    assert second.status == FINISHED and second.result == nim_record().result
    assert [s.player for s in first.seats] == ["Ada", "random"]
    assert [s.agent for s in first.seats] == ["human", "random"]
    # The file is a record that replays, with the library's names beside it.
    record, meta = parse_file_text(first.file.read_text(encoding="utf-8"))
    assert record == nim_record(2) and meta["players"] == ["Ada", "random"]
    assert len(replay(Nim(), record).states) == 3
    assert [e.id for e in library.entries(player="Ada")] == [first.id]
    assert [e.id for e in library.entries(status=FINISHED)] == [second.id]
    assert library.entries(game="verso") == []
    assert library.last_names("nim") == ["Bob"]
    assert library.player_names() == ["Ada", "Bob", "random"]  # people first


def test_games_without_names_do_not_make_the_set_up_forget_the_last_name(tmp_path: Path
                                                                         ) -> None:
    """Issue 36: after unnamed games, set-up offers the last name used again."""
    library = Library.open(tmp_path)
    library.add(nim_record(), ["Alice", "random"])
    assert library.last_seats("nim") == ["Alice", ""]
    library.add(nim_record(), ["Player 1", "random"])  # nobody gave a name
    library.add(nim_record(1), ["Player 1", "random"])
    assert library.last_seats("nim") == ["Alice", ""]
    library.add(nim_record(), ["Bob", "random"])
    assert library.last_seats("nim") == ["Bob", ""]
    assert library.last_seats("verso") == []
    library.close()


def test_saving_a_move_rewrites_the_file_and_the_entry(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    saved = library.save(entry.id, nim_record(3))
    assert saved.plies == 3 and saved.created == entry.created
    assert saved.updated >= entry.updated
    assert [s.player for s in saved.seats] == ["Ada", "random"]  # names are kept
    library.close()
    again = Library.open(tmp_path)
    assert again.get(entry.id).plies == 3 and again.messages == []
    assert again.read_record(entry.id) == nim_record(3)


def test_files_changed_or_removed_behind_its_back_are_reindexed(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    kept = library.add(nim_record(1), ["Ada", "random"])
    gone = library.add(nim_record(2), ["Bob", "random"])
    text = kept.file.read_text(encoding="utf-8").replace('"Ada"', '"Eve"')
    kept.file.write_text(text + " ", encoding="utf-8")  # a different size: re-read
    gone.file.unlink()
    (tmp_path / "games" / "broken.json").write_text("{not json", encoding="utf-8")
    library.refresh()
    assert [s.player for s in library.get(kept.id).seats] == ["Eve", "random"]
    with pytest.raises(LibraryError, match="no game"):
        library.get(gone.id)
    broken = library.get("broken")
    assert broken.status == UNREADABLE and "invalid JSON" in (broken.problem or "")
    assert [e.id for e in library.entries(status=UNREADABLE)] == ["broken"]


def test_a_missing_index_is_rebuilt_from_the_files(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    assert library.messages == []  # a first start says nothing
    entry = library.add(nim_record(), ["Ada", "random"])
    library.close()
    for name in (INDEX, INDEX + "-wal", INDEX + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    again = Library.open(tmp_path)
    assert again.get(entry.id).status == FINISHED
    assert again.messages == ["The game library's index was missing; it was rebuilt from "
                              "1 game files."]


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_index_is_moved_aside_and_rebuilt(tmp_path: Path, damage: str) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(), ["Ada", "random"])
    library.close()
    index = tmp_path / INDEX
    (tmp_path / (INDEX + "-wal")).unlink(missing_ok=True)
    if damage == "garbage":
        index.write_bytes(b"this is not a database at all" * 200)
    else:
        data = index.read_bytes()
        index.write_bytes(data[:100] + b"\xff" * 4000 + data[4100:])
    bad = index.read_bytes()
    again = Library.open(tmp_path)
    assert again.get(entry.id).status == FINISHED
    assert len(again.messages) == 1 and "moved to library.sqlite3.bad-" in again.messages[0]
    moved = list(tmp_path.glob(INDEX + ".bad-*"))
    assert [p.read_bytes() for p in moved if p.name.endswith(tuple("0123456789"))] == [bad]


def test_an_index_from_a_newer_version_is_moved_aside(tmp_path: Path) -> None:
    Library.open(tmp_path).add(nim_record(), ["Ada", "random"])
    with sqlite3.connect(tmp_path / INDEX) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    again = Library.open(tmp_path)
    assert "from a newer Tabletop" in again.messages[0]
    assert len(again.entries()) == 1
    moved = [p for p in tmp_path.glob(INDEX + ".bad-*") if p.name[-1].isdigit()]
    with sqlite3.connect(moved[0]) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


@pytest.mark.parametrize("version", range(SCHEMA_VERSION))
def test_an_index_of_every_earlier_version_is_migrated(tmp_path: Path, version: int) -> None:
    fresh = tmp_path / "fresh"
    Library.open(fresh).close()
    old = tmp_path / "old"
    old.mkdir()
    with sqlite3.connect(old / INDEX, isolation_level=None) as db:
        migrate(db, version)
        if version >= 1:  # a row written by that version survives the upgrade
            db.execute("INSERT INTO games (id, file, game, status, players, plies, "
                       "file_mtime, file_size) VALUES ('x', 'games/x.json', 'nim', "
                       "'in progress', 2, 0, 0, 0)")
    (old / "games").mkdir()
    (old / "games" / "x.json").write_text(nim_record(1).to_json(), encoding="utf-8")
    library = Library.open(old)
    assert library.messages == []
    assert library.get("x").plies == 1  # re-read: the file changed since that row
    library.close()
    assert _schema(old / INDEX) == _schema(fresh / INDEX)
    with sqlite3.connect(old / INDEX) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_delete_moves_the_file_to_the_trash(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    one = library.add(nim_record(), ["Ada", "random"])
    text = one.file.read_text(encoding="utf-8")
    moved = library.delete(one.id)
    assert moved == tmp_path / "trash" / one.file.name and moved.read_text("utf-8") == text
    assert not one.file.exists() and library.entries() == []
    # The same name in the trash twice: the second gets a fresh name, nothing is lost.
    (tmp_path / "games" / one.file.name).write_text(text, encoding="utf-8")
    library.refresh()
    again = library.delete(one.id)
    assert again != moved and again.exists() and moved.exists()


def test_import_keeps_a_copy_once_and_refuses_bad_files(tmp_path: Path) -> None:
    library = Library.open(tmp_path / "data")
    source = tmp_path / "game.json"
    source.write_text(nim_record().to_json(), encoding="utf-8")
    entry = library.import_file(source)
    assert entry.status == IMPORTED and entry.result is not None
    assert [s.player for s in entry.seats] == ["Player 1", "random"]
    assert library.import_file(source).id == entry.id  # the same record: kept once
    assert source.exists()  # a copy: the original stays where it was
    # Continuing an imported game makes it the player's own game in progress.
    started = library.import_file(_write(tmp_path / "b.json", nim_record(1).to_json()))
    assert library.save(started.id, nim_record(2)).status == IN_PROGRESS
    for text, message in [("{nope", "invalid JSON"), ('{"format": "x"}', "not a game record"),
                          ("[1]", "expected a JSON object")]:
        with pytest.raises(LibraryError, match=message):
            library.import_file(_write(tmp_path / "bad.json", text))
    with pytest.raises(LibraryError, match="cannot read"):
        library.import_file(tmp_path / "missing.json")

    def refuse(record: Record) -> None:
        replay(Nim(), Record(**{**record.__dict__, "moves": ("9:9",)}))

    with pytest.raises(LibraryError, match=r"move 1 \('9:9'\)"):
        library.import_file(_write(tmp_path / "c.json", nim_record(3, seed=5).to_json()),
                            check=refuse)
    assert len(library.entries()) == 2


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_temp_files_of_dead_writers_are_cleaned_and_live_ones_kept(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (games / f"a.json.{dead}.x1.tmp").write_text("half", encoding="utf-8")
        # No writer's id (an older Tabletop's): debris once older than a minute.
        (games / "b.json.old.tmp").write_text("half", encoding="utf-8")
        os.utime(games / "b.json.old.tmp", (time.time() - 3600, time.time() - 3600))
        (games / "d.json.new.tmp").write_text("writing", encoding="utf-8")
        (games / f"c.json.{live.pid}.x2.tmp").write_text("writing", encoding="utf-8")
        removed = clean_debris(games)
        assert sorted(p.name for p in removed) == [f"a.json.{dead}.x1.tmp", "b.json.old.tmp"]
        assert sorted(p.name for p in games.glob("*.tmp")) == [f"c.json.{live.pid}.x2.tmp",
                                                                 "d.json.new.tmp"]
    finally:
        live.kill()
        live.wait()


def test_the_index_runs_in_wal_mode(tmp_path: Path) -> None:
    Library.open(tmp_path).close()
    with sqlite3.connect(tmp_path / INDEX) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert (tmp_path / "games").is_dir() and (tmp_path / "trash").is_dir()
