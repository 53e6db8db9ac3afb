"""The store package: below the command line and the app, and the move journal's
guarantees (README, "The game library": a crash loses at most the move being written; the
game file stays a record any reader can read; the index can be rebuilt)."""

from __future__ import annotations

import ast
import json
import os
import sqlite3
from pathlib import Path

import pytest

from tabletop.limits import MAX_MOVE_TEXT
from tabletop.model import RecordError
from tabletop.record import Record
from tabletop.store import journal
from tabletop.store.files import free_name
from tabletop.store.keeper import Keeper, ThreadedKeeper
from tabletop.store.library import INDEX, Library, LibraryError
from tabletop.store.records import read_game
from tests.library.helpers import nim_record

STORE = Path(__file__).parents[2] / "tabletop" / "store"
FORBIDDEN = ("arcade", "pyglet", "click", "tabletop.cli", "tabletop.ui")


def _imports(path: Path) -> list[str]:
    """Every module `path` imports, at any depth (inside `if TYPE_CHECKING:` and
    functions too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def test_the_store_imports_neither_the_command_line_nor_the_app() -> None:
    modules = sorted(STORE.glob("*.py"))
    assert len(modules) >= 10
    for path in modules:
        bad = [name for name in _imports(path)
               if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)]
        assert bad == [], f"{path.name} imports {bad}"


def test_the_import_walk_sees_type_checking_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from tabletop.ui.app import App\n", encoding="utf-8")
    assert "tabletop.ui.app" in _imports(sample)


def _journal(library: Library, game_id: str) -> Path:
    return library.games_dir / f"{game_id}{journal.SUFFIX}"


def test_a_new_move_is_appended_and_every_reader_sees_it(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    before = entry.file.read_bytes()
    saved = library.save(entry.id, nim_record(3))
    # The game file is untouched: the two moves are lines of the journal.
    assert entry.file.read_bytes() == before
    assert _journal(library, entry.id).read_text("utf-8").splitlines()[1:] == list(
        nim_record(3).moves[1:])
    assert saved.plies == 3 and library.read_record(entry.id) == nim_record(3)
    assert read_game(entry.file)[0] == nim_record(3)
    # The file alone is still a record any reader can read (its first move).
    assert Record.from_json(entry.file.read_text("utf-8")).moves == nim_record(1).moves
    library.close()
    # The next open folds the journal into the file.
    again = Library.open(tmp_path)
    assert not _journal(again, entry.id).exists() and again.messages == []
    assert json.loads(entry.file.read_text("utf-8"))["moves"] == list(nim_record(3).moves)
    assert again.get(entry.id).plies == 3


def test_the_end_an_undo_and_new_names_write_the_file_whole(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(3))
    library.save(entry.id, nim_record(2))  # an undo
    assert not _journal(library, entry.id).exists()
    assert Record.from_json(entry.file.read_text("utf-8")) == nim_record(2)
    library.save(entry.id, nim_record(3), ["Eve", "random"])
    assert not _journal(library, entry.id).exists()
    library.save(entry.id, nim_record(4))
    assert _journal(library, entry.id).exists()
    library.save(entry.id, nim_record())  # the end
    assert not _journal(library, entry.id).exists()
    assert Record.from_json(entry.file.read_text("utf-8")) == nim_record()
    assert [s.player for s in library.get(entry.id).seats] == ["Eve", "random"]


def test_a_torn_last_line_is_ignored(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(2))
    with _journal(library, entry.id).open("a", encoding="utf-8") as out:
        out.write("1:")  # a crash in the middle of the next append
    assert library.read_record(entry.id) == nim_record(2)
    library.close()
    again = Library.open(tmp_path)
    assert again.get(entry.id).plies == 2 and again.read_record(entry.id) == nim_record(2)


def test_a_journal_of_an_earlier_version_of_the_file_is_ignored(tmp_path: Path) -> None:
    # A crash after the file was written whole (an undo back to the same length) and
    # before its old journal was removed: the old moves must not come back.
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(3))
    old = _journal(library, entry.id).read_bytes()
    library.save(entry.id, nim_record(1))  # undo twice: written whole, journal removed
    _journal(library, entry.id).write_bytes(old)  # as if the removal never happened
    assert library.read_record(entry.id) == nim_record(1)
    library.close()
    again = Library.open(tmp_path)
    assert again.read_record(entry.id) == nim_record(1)
    assert not _journal(again, entry.id).exists()  # cleaned at open


@pytest.mark.parametrize(("line", "words"), [
    ("x" * (MAX_MOVE_TEXT + 1), "line 3 is not a move"),
    ("", "line 3 is not a move"),
])
def test_a_damaged_journal_makes_the_game_unreadable_with_the_reason(
        tmp_path: Path, line: str, words: str) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(2))
    with _journal(library, entry.id).open("a", encoding="utf-8") as out:
        out.write(line + "\n")
    with pytest.raises(RecordError, match=words):
        read_game(entry.file)
    library.close()
    again = Library.open(tmp_path)
    (listed,) = again.entries()
    assert listed.status == "unreadable" and listed.problem and words in listed.problem


def test_a_journal_too_long_or_a_link_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.moves"
    path.write_text(journal.header("a" * 32, 0) + "m\n" * 3, encoding="utf-8")
    assert journal.read_moves(path, "a" * 32, 0)[0] == ["m", "m", "m"]
    full = tmp_path / "full.moves"  # a record holds 100,000 moves at most
    full.write_text(journal.header("a" * 32, 99_999) + "m\n" * 2, encoding="utf-8")
    with pytest.raises(RecordError, match="more than"):
        journal.read_moves(full, "a" * 32, 99_999)
    link = tmp_path / "l.moves"
    link.symlink_to(path)
    with pytest.raises(RecordError, match="link"):
        journal.read_moves(link, "a" * 32, 0)
    assert not journal.appendable(["a\nb"]) and not journal.appendable(["\ud800"])


def test_a_failed_index_update_takes_the_move_back_out(tmp_path: Path) -> None:
    library = Library.open(tmp_path, busy_timeout=0.2)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(2))
    kept = _journal(library, entry.id).read_bytes()
    other = sqlite3.connect(tmp_path / INDEX, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the index
    try:
        with pytest.raises(RecordError, match="locked"):
            library.save(entry.id, nim_record(3))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert _journal(library, entry.id).read_bytes() == kept  # nothing was changed
    assert library.save(entry.id, nim_record(3)).plies == 3  # written whole, next time
    assert library.read_record(entry.id) == nim_record(3)


def test_a_game_changed_by_another_process_is_written_whole(tmp_path: Path) -> None:
    mine = Library.open(tmp_path)
    entry = mine.add(nim_record(1), ["Ada", "random"])
    mine.save(entry.id, nim_record(2))
    other = Library.open(tmp_path)  # another process's open folds the journal
    assert not _journal(other, entry.id).exists()
    other.close()
    mine.save(entry.id, nim_record(3))  # the files are not as it left them
    assert Record.from_json(entry.file.read_text("utf-8")) == nim_record(3)
    assert mine.read_record(entry.id) == nim_record(3)


def test_delete_takes_the_journal_to_the_trash_beside_its_file(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(2))
    moved = library.delete(entry.id)
    assert read_game(moved)[0] == nim_record(2)
    assert not list(library.games_dir.iterdir())


def test_restore_brings_a_deleted_game_back_and_touches_only_the_trash(tmp_path: Path
                                                                       ) -> None:
    library = Library.open(tmp_path)
    entry = library.add(nim_record(1), ["Ada", "random"])
    library.save(entry.id, nim_record(3))  # moves in the journal too
    moved = library.delete(entry.id)
    back = library.restore(moved)
    assert back.id == entry.id and [s.player for s in back.seats] == ["Ada", "random"]
    assert library.read_record(entry.id) == nim_record(3)
    assert not list(library.trash_dir.iterdir())
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("{}", "utf-8")
    with pytest.raises(LibraryError, match="is not a game of the library's trash"):
        library.restore(elsewhere)
    moved = library.delete(entry.id)
    library.add(nim_record(2), ["Bo", "random"])
    os.replace(library.games_dir / next(p.name for p in library.games_dir.iterdir()
                                        if p.suffix == ".json"),
               library.games_dir / moved.name)  # a kept game now holds its name
    with pytest.raises(LibraryError, match="a kept game has its name"):
        library.restore(moved)
    assert moved.exists()  # refused: nothing moved
    library.close()


def test_the_plain_and_the_threaded_keeper_keep_the_same_game(tmp_path: Path) -> None:
    for kind in (Keeper, ThreadedKeeper):
        folder = tmp_path / kind.__name__
        keeper = kind(Library.open(folder))
        game_id = keeper.begin(["Ada", "random"], origin="text")
        for plies in range(6):
            keeper.keep_record(game_id, nim_record(plies))
        assert keeper.flush() and keeper.take_errors() == []
        entry = keeper.entry(game_id)
        assert entry is not None and entry.plies == 5
        keeper.close()
        library = Library.open(folder)
        assert library.read_record(game_id) == nim_record(5)
        library.close()


def test_free_name_numbers_before_the_suffixes_and_keeps_companions_free(
        tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("x")
    assert free_name(tmp_path, "a", (".json",)) == "a-1"
    (tmp_path / "b.moves").write_text("x")  # a companion in the way counts too
    assert free_name(tmp_path, "b", (".json", ".moves")) == "b-1"
    os.symlink(tmp_path / "nowhere", tmp_path / "c")  # a dangling link is not free
    assert free_name(tmp_path, "c") == "c-1"
