"""What the library remembers of the in-progress games it wrote, to append their new
moves to the journal instead of writing the whole file (no arcade here).

A move is appended only when nothing but moves changed since this library wrote the game
(the same set-up, names and earlier moves, no result yet) and the files on disk are
exactly as it left them; anything else (the end, an undo, a rename, another process's
write or fold) writes the file whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.record import Record
from tabletop.store import journal
from tabletop.store.records import IMPORTED, journal_of


@dataclass
class Written:
    """The state of an in-progress game as this library last wrote it."""

    fixed: tuple[Any, ...]      # the record's fields other than its moves
    moves: tuple[str, ...]      # every move kept so far (the file's, then the journal's)
    first_ply: int              # how many of them the game file holds
    names: tuple[str, ...]
    origin: str
    token: str                  # the game file's journal token
    file_stat: tuple[int, int, int]  # the game file's mtime (ns), size and inode
    journal_size: int


def fixed(record: Record) -> tuple[Any, ...]:
    """A record's fields other than its moves and result."""
    return (record.game, record.players, record.options, record.seed, record.setup,
            record.agents)


def file_stat(path: Path) -> tuple[int, int, int]:
    """What tells that a game file was replaced: its mtime (ns), size and inode."""
    st = path.lstat()
    return st.st_mtime_ns, st.st_size, st.st_ino


def journal_size(path: Path) -> int:
    """The size of the journal of the game file `path` (0: none)."""
    try:
        return journal_of(path).lstat().st_size
    except FileNotFoundError:
        return 0


def extends(written: Written, record: Record, names: Sequence[str] | None) -> bool:
    """Whether `record` is the written game with new moves only (nothing else changed)."""
    done = len(written.moves)
    return (record.result is None and written.origin != IMPORTED
            and len(record.moves) > done
            and (names is None or tuple(names) == written.names)
            and fixed(record) == written.fixed
            and record.moves[:done] == written.moves
            and journal.appendable(record.moves[done:]))
