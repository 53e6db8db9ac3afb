"""Checking the library's index as it is opened, and its copy for a read-only folder
(no arcade here)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tabletop.i18n import _
from tabletop.store.schema import ROW_TYPE_PROBLEMS, SCHEMA_VERSION, migrate, version_of


def index_problem(connection: sqlite3.Connection) -> str | None:
    """What makes an opened index unusable (then it is moved aside and rebuilt from the
    game files), or None once it is brought up to the current schema: a newer or an
    impossible schema version, damage `PRAGMA quick_check` finds, values of the wrong
    type. SQLite errors (a lock, a full disk) are raised for the caller to word."""
    found = version_of(connection)
    if found > SCHEMA_VERSION:
        return _("it is from a newer Tabletop (schema {found} > {supported})").format(
            found=found, supported=SCHEMA_VERSION)
    if found < 0:
        return _("it has an impossible schema version ({found})").format(found=found)
    check = connection.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        return _("it is damaged ({error})").format(error=check)
    migrate(connection)
    if connection.execute(ROW_TYPE_PROBLEMS).fetchone()[0]:
        return _("it holds values of the wrong type")
    return None


def read_only_index(path: Path) -> sqlite3.Connection:
    """An in-memory copy of the index at `path` for a folder that cannot be written (an
    empty index with the schema if it cannot be read: it is then built from the files).
    Nothing is written on disk."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    copied = False
    # `mode=ro` reads an index whose WAL files exist; `immutable=1` one that has none
    # (they cannot be created in a read-only folder, and nobody can write it).
    for flags in ("mode=ro", "immutable=1"):
        if copied or not path.is_file():
            break
        try:
            source = sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True,
                                     timeout=1.0)
            try:
                if version_of(source) == SCHEMA_VERSION and \
                        source.execute(ROW_TYPE_PROBLEMS).fetchone()[0] == 0:
                    source.backup(memory)
                    copied = True
            finally:
                source.close()
        except sqlite3.DatabaseError:
            continue  # not readable this way: the next, or a rebuild from the files
    if not copied:
        memory.close()
        memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    memory.execute("PRAGMA foreign_keys = ON")  # a game's seats go with it
    migrate(memory)
    return memory
