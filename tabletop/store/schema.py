"""The game library's SQLite schema and its forward migrations (no arcade here).

The schema version is SQLite's `PRAGMA user_version`. `MIGRATIONS[i]` (a tuple of SQL
statements) takes a database from version `i` to version `i + 1`; a new version is added
by appending a step, never by editing an old one, so a database of any earlier version
upgrades step by step. A database of a newer version than `SCHEMA_VERSION` is not touched
here: the library moves it aside and rebuilds the index from the game files.
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 0 -> 1: one row per record file, one row per seat of each game.
    ("""
    CREATE TABLE games (
        id TEXT PRIMARY KEY,            -- the record file's stem (a uuid)
        file TEXT NOT NULL UNIQUE,      -- path relative to the data dir
        game TEXT,                      -- game id; NULL when the file is unreadable
        status TEXT NOT NULL,           -- in progress | finished | imported | unreadable
        result TEXT,                    -- the outcome as JSON, NULL until the game ends
        options TEXT,                   -- the resolved options as JSON
        seed INTEGER,
        players INTEGER,
        plies INTEGER,
        created REAL,                   -- seconds since the epoch
        updated REAL,
        problem TEXT,                   -- why an unreadable file cannot be read
        digest TEXT,                    -- sha256 of the record, to import a file only once
        file_mtime INTEGER NOT NULL,    -- the file's st_mtime_ns and size when indexed,
        file_size INTEGER NOT NULL      -- so a reopen re-reads only changed files
    )""", """
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player TEXT NOT NULL,           -- the player's name (an AI seat: its agent)
        agent TEXT NOT NULL,            -- 'human' or the agent's name
        score REAL,                     -- the seat's final score, NULL until the end
        PRIMARY KEY (game_id, seat)
    )"""),
    # 1 -> 2: the launcher and the statistics filter by player and list newest first.
    ("CREATE INDEX seats_by_player ON seats(player)",
     "CREATE INDEX games_by_update ON games(status, updated)"),
)

SCHEMA_VERSION = len(MIGRATIONS)


#: How many rows hold a value of a type the index never writes (0 in a sound index). SQLite
#: stores any type in any column, so a damaged or hand-edited index is caught here rather
#: than as a crash when a screen lists the games; a missing table raises an error.
ROW_TYPE_PROBLEMS = """SELECT
  (SELECT count(*) FROM games WHERE typeof(id) != 'text' OR typeof(file) != 'text'
     OR typeof(status) != 'text' OR typeof(game) NOT IN ('text', 'null')
     OR typeof(seed) NOT IN ('integer', 'null') OR typeof(players) NOT IN ('integer', 'null')
     OR typeof(plies) NOT IN ('integer', 'null')
     OR typeof(created) NOT IN ('real', 'integer', 'null')
     OR typeof(updated) NOT IN ('real', 'integer', 'null')
     OR typeof(file_mtime) != 'integer'
     OR (result IS NOT NULL AND NOT json_valid(result))
     OR (options IS NOT NULL AND NOT json_valid(options)))
  + (SELECT count(*) FROM seats WHERE typeof(game_id) != 'text' OR typeof(seat) != 'integer'
     OR typeof(player) != 'text' OR typeof(agent) != 'text'
     OR typeof(score) NOT IN ('real', 'integer', 'null'))"""


def version_of(connection: sqlite3.Connection) -> int:
    """The database's schema version (0 for a new, empty database)."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target`, one step per transaction; return the old version.

    Each step runs under `BEGIN IMMEDIATE` and re-reads the version inside it, so two
    processes opening the same old database at once apply each step exactly once. A
    database already at `target` is only read: opening it never waits for another
    process's write lock.
    """
    first = version_of(connection)
    if first >= target:
        return first
    while True:
        connection.execute("BEGIN IMMEDIATE")
        try:
            current = version_of(connection)
            if current >= target:
                connection.execute("COMMIT")
                return first
            for statement in MIGRATIONS[current]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {current + 1}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
