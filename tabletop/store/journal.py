"""The move journal: moves appended beside an in-progress game's file (no arcade here).

Rewriting a game's whole file after every move costs O(length of the game); appending its
notation costs the same at ply 10 and at ply 1,000. So between full writes, the moves of
a kept game go to `games/<id>.moves`:

    tabletop-moves 1 <token> <first ply>
    <notation>
    <notation>

Each append writes whole lines and is flushed to disk (`fsync`) before the move counts as
kept. The header ties the journal to one version of the game file: that file's `library`
object holds the same `journal` token and exactly `<first ply>` moves. Whenever the game
file is written whole (at the start, at the end, on undo, and when a later open folds the
journal in) it gets a fresh token, so a journal left over from an earlier version (a crash
between writing the file and removing its journal) matches nothing and is ignored; a
torn last line (a crash in the middle of an append) is ignored too. What a crash can lose
is therefore only the move being written.
"""

from __future__ import annotations

import os
import re
import stat
import uuid
from collections.abc import Sequence
from pathlib import Path

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import MAX_FILE_BYTES, MAX_MOVE_TEXT, MAX_MOVES, read_text
from tabletop.model import RecordError

#: A journal's file name ends with this (in place of the game file's `.json`).
SUFFIX = ".moves"
#: The first words of a journal's header: the format and its version.
MAGIC = "tabletop-moves 1"
#: What a journal token looks like (as `new_token` makes them).
TOKEN = re.compile(r"[0-9a-f]{32}")
#: The largest journal read: the same cap as a game file.
MAX_JOURNAL_BYTES = MAX_FILE_BYTES


def new_token() -> str:
    """A fresh token, for a game file written whole."""
    return uuid.uuid4().hex


def header(token: str, first_ply: int) -> str:
    """The first line of the journal of a game file with `token` and `first_ply` moves."""
    return f"{MAGIC} {token} {first_ply}\n"


def appendable(moves: Sequence[str]) -> bool:
    """Whether these notations can go into a journal: one line each, valid UTF-8."""
    for move in moves:
        if "\n" in move or not 0 < len(move) <= MAX_MOVE_TEXT:
            return False
        try:
            move.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: no file can hold it
            return False
    return True


def append(path: Path, token: str, first_ply: int, moves: Sequence[str],
           size_before: int) -> int:
    """Append `moves` to the journal at `path` (created, header first, when `size_before`
    is 0) and flush them to disk; returns the journal's new size.

    Never follows a link; a journal created here fails if one appeared meanwhile. Raises
    `OSError`: then part of a line may be on disk, which readers ignore as a torn line,
    and the caller must write the game file whole before appending again.
    """
    data = "".join(move + "\n" for move in moves).encode("utf-8")
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
    if size_before == 0:
        data = header(token, first_ply).encode("utf-8") + data
        flags |= os.O_CREAT | os.O_EXCL
    fd = os.open(path, flags, 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    return size_before + len(data)


def cut(path: Path, size: int) -> None:
    """Take back what an append added (the journal cut to `size` bytes; removed if 0),
    when the index could not record it. Never follows a link."""
    if size == 0:
        path.unlink(missing_ok=True)
        return
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    finally:
        os.close(fd)


def read_moves(path: Path, token: str, first_ply: int) -> tuple[list[str], float | None]:
    """The moves of the journal at `path` that belong to a game file with `token` and
    `first_ply` moves, and when the journal was last written (None: no moves).

    A missing journal, one of another version of the file (its header does not match) and
    a torn last line give nothing. A journal that does belong but cannot be used (a link,
    larger than the cap, not text, a line that is not a notation, more moves than a
    record holds) raises `RecordError` naming what is wrong.
    """
    try:
        st = path.lstat()
    except FileNotFoundError:
        return [], None
    if stat.S_ISLNK(st.st_mode):
        raise RecordError(_("its move journal is a link, not a file (the library reads only "
                            "its own files)"))
    try:
        text = read_text(path, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        return [], None  # folded and removed since the listing
    except ValueError as exc:
        raise RecordError(_("its move journal cannot be read: {error}").format(
            error=exc)) from None
    if not text.startswith(header(token, first_ply)):
        return [], None  # left from another version of the file, or its header is torn
    if text.count("\n") > MAX_MOVES - first_ply + 1:
        raise RecordError(_("its move journal holds more than the {most} moves a record "
                            "may hold").format(most=i18n.number(MAX_MOVES)))
    lines = text.split("\n")[1:]
    lines.pop()  # "" after the last complete line, or a torn line: never a move
    for number, move in enumerate(lines, 2):
        if not 0 < len(move) <= MAX_MOVE_TEXT:
            raise RecordError(_("its move journal's line {number} is not a move of 1 to "
                                "{most} characters").format(number=number, most=MAX_MOVE_TEXT))
    return lines, (st.st_mtime if lines else None)
