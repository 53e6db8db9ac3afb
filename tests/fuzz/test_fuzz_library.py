"""Issue 10 and 11: a damaged game-library database is never fatal and loses no game.

The index (`library.sqlite3`) is only an index: the games are their record files. Whatever
happens to the database file — cut short, bytes flipped, rows of the wrong types, a newer
schema — opening the library either reads it or moves it aside (never deletes it) and
rebuilds it from the record files, and the app starts on it with every game still listed.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

from tabletop.store.library import INDEX, Library
from tabletop.ui.launcher import LauncherScreen
from tests.fuzz.mutations import builtin_host
from tests.library.helpers import nim_record
from tests.ui.ui_driver import close_app, open_app

GAMES = 4


def good_library(folder: Path) -> set[str]:
    """A library of a few kept games in `folder`; the ids of its games."""
    library = Library.open(folder)
    try:
        for seed in range(GAMES):
            library.add(nim_record(plies=seed % 3, seed=seed), ["Ann", "random"])
        return {entry.id for entry in library.entries()}
    finally:
        library.close()


def damaged(good: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One seeded mutation of the database file's bytes: (what was done, the bytes)."""
    kind = rng.choice(("truncate", "flip", "zero-page", "garbage"))
    data = bytearray(good)
    if kind == "truncate":
        return kind, bytes(data[:rng.randrange(len(data))])
    if kind == "flip":
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return kind, bytes(data)
    if kind == "zero-page":
        page = rng.randrange(max(1, len(data) // 4096)) * 4096
        data[page:page + 4096] = bytes(min(4096, len(data) - page))
        return kind, bytes(data)
    return kind, rng.randbytes(rng.randint(0, 3 * len(data)))


SQL_DAMAGE = (
    "UPDATE games SET plies = 'many'",
    "UPDATE games SET updated = x'00ff'",
    "UPDATE games SET status = 42",
    "UPDATE seats SET player = 7",
    "UPDATE games SET result = '{oops' WHERE result IS NOT NULL OR 1",
    "DELETE FROM seats",
    "DROP TABLE seats",
    "PRAGMA user_version = 999",
    "PRAGMA user_version = -3",
)


def check_opens_with_every_game(folder: Path, ids: set[str], note: str) -> None:
    library = Library.open(folder)
    try:
        assert {entry.id for entry in library.entries()} == ids, note
        for message in library.messages:
            assert "\n" not in message, note
    finally:
        library.close()
    for aside in folder.glob(INDEX + ".bad-*"):  # moved aside, never deleted
        assert aside.stat().st_size >= 0


def test_a_damaged_database_is_rebuilt_from_the_records(tmp_path: Path) -> None:
    source = tmp_path / "source"
    ids = good_library(source)
    good = (source / INDEX).read_bytes()
    rng = random.Random(11)
    for case in range(60):
        folder = tmp_path / f"case{case}"
        shutil.copytree(source, folder)
        for extra in folder.glob(INDEX + "-*"):  # no WAL or shared-memory file left over
            extra.unlink()
        kind, data = damaged(good, rng)
        (folder / INDEX).write_bytes(data)
        check_opens_with_every_game(folder, ids, f"case {case}: {kind}")
        shutil.rmtree(folder)


def test_rows_of_the_wrong_type_or_schema_are_rebuilt(tmp_path: Path) -> None:
    source = tmp_path / "source"
    ids = good_library(source)
    for case, statement in enumerate(SQL_DAMAGE):
        folder = tmp_path / f"case{case}"
        shutil.copytree(source, folder)
        with sqlite3.connect(folder / INDEX) as db:
            db.execute(statement)
        check_opens_with_every_game(folder, ids, statement)
        shutil.rmtree(folder)


def test_the_app_starts_on_a_damaged_database(tmp_path: Path) -> None:
    ids = good_library(tmp_path)
    good = (tmp_path / INDEX).read_bytes()
    rng = random.Random(3)
    for _ in range(3):
        for extra in tmp_path.glob(INDEX + "-*"):
            extra.unlink()
        (tmp_path / INDEX).write_bytes(damaged(good, rng)[1])
        window = open_app(builtin_host, tmp_path)
        try:
            assert isinstance(window.current_view, LauncherScreen)
            shown = {e.id for e in window.app.keeper.library.entries()}
            assert shown == ids
        finally:
            close_app(window)
