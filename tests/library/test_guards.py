"""Issue 19: the index is checked like the files, a lock or a full disk is not damage, and a
read-only folder still lists its games. Real SQLite files, real processes, no mocks."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.limits import MAX_MESSAGE
from tabletop.plugins import Host, module_sources
from tabletop.store.index import not_damage
from tabletop.store.library import FINISHED, INDEX, UNREADABLE, Library, LibraryError
from tabletop.store.paths import DATA_DIR_ENV
from tabletop.ui.keeper import GameKeeper
from tests.library.helpers import NIM_SOURCE, ROOT, nim_record


def _library(folder: Path) -> tuple[str, str]:
    """A library of two Nim games (one finished) in `folder`: (in progress, finished) ids."""
    library = Library.open(folder)
    try:
        playing = library.add(nim_record(2), ["Ada", "random"]).id
        done = library.add(nim_record(), ["Bob", "random"]).id
        return playing, done
    finally:
        library.close()


def _edit(folder: Path, statement: str, *args: object) -> None:
    """Change the index behind the library's back, as a person with `sqlite3` would."""
    with contextlib.closing(sqlite3.connect(folder / INDEX)) as db, db:
        db.execute(statement, args)


def _stats(folder: Path) -> dict[str, object]:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    result = CliRunner().invoke(main, ["stats", "--json"], obj={"host": host},
                                env={DATA_DIR_ENV: str(folder)})
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _one_line(message: str) -> None:
    assert message and "\n" not in message and len(message) <= MAX_MESSAGE, message


def test_a_row_pointing_outside_the_folder_is_never_followed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    playing, _ = _library(data)
    outside = tmp_path / "outside.json"
    outside.write_text(nim_record(1).to_json(), encoding="utf-8")
    before = outside.read_bytes()
    own = data / "games" / f"{playing}.json"
    kept = own.read_bytes()
    keeper = GameKeeper(data)  # the app's side: Continue, and set aside if it fails
    try:
        for target in (str(outside), f"games/../../{outside.name}", "../outside.json"):
            _edit(data, "UPDATE games SET file = ? WHERE id = ?", target, playing)
            library = keeper.library
            assert library is not None
            entry = library.get(playing)  # listed as unreadable, with the reason
            assert entry.status == UNREADABLE and "not games/<id>.json" in (entry.problem or "")
            for act in (library.delete, library.set_aside, library.read_record,
                        keeper.set_aside):
                with pytest.raises(LibraryError, match="left untouched") as refused:
                    act(playing)
                _one_line(str(refused.value))
            with pytest.raises(LibraryError):
                keeper.resume(Host(module_sources([("nim", tabletop_nim)]), disabled=[]),
                              playing)
            assert outside.read_bytes() == before and own.read_bytes() == kept
            assert not list(tmp_path.glob("outside.json.bad-*"))
    finally:
        keeper.close()
    # The next open reads the game again from its own file: the row is healed.
    again = Library.open(data)
    try:
        assert again.get(playing).status != UNREADABLE
        assert again.get(playing).file == own
        assert any("did not pass its checks" in m for m in again.messages)
        assert again.delete(playing).parent == data / "trash"
    finally:
        again.close()
    assert outside.read_bytes() == before


@pytest.mark.parametrize("statement", [
    "UPDATE games SET result = '{\"scores\": \"x\"}' WHERE status = 'finished'",
    "UPDATE games SET result = '{\"scores\": [1], \"winners\": [5], \"reason\": 3}' "
    "WHERE status = 'finished'",
    "UPDATE games SET result = '{\"scores\": [1, 2], \"winners\": [5], \"reason\": \"r\"}' "
    "WHERE status = 'finished'",
    "UPDATE games SET updated = 9.3e18",
    "UPDATE games SET created = -1e300",
    "UPDATE games SET status = 'lost'",
    "UPDATE games SET options = '[1]'",
    "UPDATE games SET seed = 0 WHERE 0",  # nothing wrong: the control case
    "UPDATE seats SET player = 'x' || char(10) || 'y'",
    "UPDATE seats SET player = replace(hex(zeroblob(600000)), '0', 'A')",
    "UPDATE seats SET score = 1e400",
    "DELETE FROM seats WHERE seat = 1",
])
def test_rows_of_the_right_type_but_a_wrong_value_are_checked(tmp_path: Path,
                                                              statement: str) -> None:
    playing, done = _library(tmp_path)
    _edit(tmp_path, statement)
    library = Library.open(tmp_path, read_only=True)  # as read from another process
    try:
        for entry in library.entries():  # never a crash: a bad row is shown unreadable
            if entry.status == UNREADABLE:
                _one_line(entry.problem or "")
        assert all(len(name) <= 64 for name in library.player_names())
    finally:
        library.close()
    stats = _stats(tmp_path)  # healed by the open: every game counted again
    assert stats["unreadable"] == [] and list(stats["players"]) == ["Bob"]  # type: ignore
    healed = Library.open(tmp_path)
    try:
        assert {e.id: e.status for e in healed.entries()}[done] == FINISHED
        assert healed.get(playing).status != UNREADABLE
    finally:
        healed.close()


HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
db.execute("UPDATE games SET plies = plies")
print("locked", flush=True)
sys.stdin.readline()  # held until the test says
db.execute("COMMIT")
"""


@contextlib.contextmanager
def _held(folder: Path) -> Iterator[None]:
    """Another process holding the index's write lock (`BEGIN EXCLUSIVE`)."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder / INDEX)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def test_a_lock_held_by_another_process_is_not_damage(tmp_path: Path) -> None:
    playing, done = _library(tmp_path)
    index = (tmp_path / INDEX).read_bytes()
    with _held(tmp_path):
        # Nothing to write: it opens and lists while the other process writes.
        library = Library.open(tmp_path, busy_timeout=0.2)
        assert {e.id for e in library.entries()} == {playing, done}
        with pytest.raises(LibraryError, match="locked") as refused:
            library.delete(done)
        _one_line(str(refused.value))
        with pytest.raises(LibraryError, match="locked"):
            library.save(playing, nim_record(3))
        library.close()
        # A file changed behind its back must be indexed: that waits, then says so.
        shutil.copy(tmp_path / "games" / f"{done}.json", tmp_path / "games" / "copy.json")
        with pytest.raises(LibraryError, match="locked") as refused:
            Library.open(tmp_path, busy_timeout=0.2)
        _one_line(str(refused.value))
        assert "after waiting 0.2 s" in str(refused.value)
        assert not list(tmp_path.glob(INDEX + ".bad-*"))  # never moved aside
    assert (tmp_path / "games" / f"{done}.json").exists()  # the failed delete moved nothing
    library = Library.open(tmp_path, busy_timeout=0.2)
    try:
        assert len(library.entries()) == 3 and library.messages == []
    finally:
        library.close()
    assert len(index) > 0 and not list(tmp_path.glob(INDEX + ".bad-*"))


FILLER = """
import resource, signal, sys
from pathlib import Path
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the bound fails (EFBIG)
resource.setrlimit(resource.RLIMIT_FSIZE, (40000, 40000))
from tabletop.store.library import Library, LibraryError
try:
    Library.open(Path(sys.argv[1]), busy_timeout=0.2)
    print("opened")
except LibraryError as exc:
    print(exc)
"""


def test_a_disk_that_cannot_be_written_is_not_damage(tmp_path: Path) -> None:
    """A process that may write no file past 40 kB (its disk is as good as full): the
    index it cannot extend is left as it is, with one line; the next open uses it."""
    _, done = _library(tmp_path)
    for number in range(300):  # enough new files that indexing them outgrows 40 kB
        shutil.copy(tmp_path / "games" / f"{done}.json",
                    tmp_path / "games" / f"{number:032x}.json")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(NIM_SOURCE)]))
    done_run = subprocess.run([sys.executable, "-c", FILLER, str(tmp_path)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=120)
    said = done_run.stdout.strip()
    assert said.startswith("the game library cannot be used now: the disk"), done_run
    _one_line(said)
    assert not list(tmp_path.glob(INDEX + ".bad-*"))
    library = Library.open(tmp_path)
    try:
        assert len(library.entries()) == 302 and library.messages == []
    finally:
        library.close()


def test_sqlite_full_and_busy_errors_are_not_damage(tmp_path: Path) -> None:
    """SQLite's own "database or disk is full" (a page bound reached) and "database is
    locked", as raised, are told apart from damage."""
    with contextlib.closing(sqlite3.connect(tmp_path / "full.sqlite3")) as db:
        db.execute("CREATE TABLE t (x TEXT)")
        db.execute("PRAGMA max_page_count = 3")
        with pytest.raises(sqlite3.OperationalError) as full:
            db.execute("INSERT INTO t VALUES (?)", ("x" * 100_000,))
    assert not_damage(full.value) == "the disk is full"
    first = sqlite3.connect(tmp_path / "busy.sqlite3", isolation_level=None)
    second = sqlite3.connect(tmp_path / "busy.sqlite3", timeout=0.05)
    try:
        first.execute("BEGIN EXCLUSIVE")
        with pytest.raises(sqlite3.OperationalError) as busy:
            second.execute("CREATE TABLE u (x)")
        assert "locked" in (not_damage(busy.value) or "")
    finally:
        first.close()
        second.close()
    (tmp_path / "junk.sqlite3").write_bytes(b"not a database" * 500)
    with contextlib.closing(sqlite3.connect(tmp_path / "junk.sqlite3")) as junk, \
            pytest.raises(sqlite3.DatabaseError) as damaged:
        junk.execute("SELECT * FROM sqlite_master")
    assert not_damage(damaged.value) is None


def _chattr(flag: str, paths: list[Path]) -> bool:
    """`chattr +i`/`-i` (immutable: not even root may write); False where unsupported."""
    try:
        done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    except OSError:
        return False
    return done.returncode == 0


def test_a_read_only_folder_lists_its_games_and_counts_them(tmp_path: Path) -> None:
    """The folder and its files made read-only (0o555 / 0o444). Root ignores those modes,
    so as root the files are also made immutable (`chattr +i`), which root cannot write
    either; where that is not supported the library is opened with `read_only=True`.
    The index is opened read-only and copied into memory: nothing on disk changes."""
    playing, done = _library(tmp_path)
    paths = [tmp_path, *sorted(tmp_path.rglob("*"))]
    snapshot = {p: p.read_bytes() for p in paths if p.is_file()}
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    immutable = os.geteuid() != 0 or _chattr("+i", paths)
    try:
        library = Library.open(tmp_path, read_only=None if immutable else True)
        try:
            assert library.read_only
            _one_line(library.messages[0])
            assert "cannot be written" in library.messages[0]
            assert {e.id: e.status for e in library.entries()}[done] == FINISHED
            assert library.read_record(playing) == nim_record(2)
            for act in (lambda: library.add(nim_record(), ["Eve", "random"]),
                        lambda: library.delete(done), lambda: library.set_aside(playing),
                        lambda: library.save(playing, nim_record(3))):
                with pytest.raises(LibraryError, match="read-only") as refused:
                    act()
                _one_line(str(refused.value))
        finally:
            library.close()
        if immutable:  # `stats` runs in the folder itself only where it is truly read-only
            stats = _stats(tmp_path)
            assert list(stats["players"]) == ["Bob"]  # type: ignore[call-overload]
        keeper = GameKeeper(tmp_path) if immutable else None
        if keeper is not None:
            try:
                assert keeper.library is not None and len(keeper.in_progress()) == 1
            finally:
                keeper.close()
    finally:
        if os.geteuid() == 0:
            _chattr("-i", paths)
        for path in paths:
            path.chmod(0o755 if path.is_dir() else 0o644)
    assert {p: p.read_bytes() for p in paths if p.is_file()} == snapshot
    assert sorted(tmp_path.rglob("*")) == paths[1:]
