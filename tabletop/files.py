"""Writing files safely, for every command and the app (no UI here).

`write_atomic` writes a temp file in the same directory, flushes it to disk, then renames
it over the target (`os.replace`), so a crash or a full disk never leaves half a file:
readers see the old file or the new one. It is for Tabletop's own files (the library,
settings, a tournament's folder); `write_user_file` is for a path a player named
(`play --save`, `simulate --records`): it refuses a symbolic link, anything that is not a
regular file, a missing folder, and (without `force`) a file that is not a game record.

The temp file's name carries the writer's process id (`<name>.<pid>.<random>.tmp`), so
a clean-up at start can tell a file left by a killed writer from one another live
process is writing right now.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from tabletop.limits import file_kind, read_text
from tabletop.record import Record


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class RefusedTarget(ValueError):
    """A path a player named that Tabletop will not write: the message says why, in words."""


#: `user_file_problem`'s answer for an existing file that `force` would let be replaced.
NOT_A_RECORD = "it exists and is not a Tabletop record"


def is_tabletop_record(path: Path) -> bool:
    """Whether the regular file at `path` is a game record this Tabletop reads (a `--save`
    file, a record of `simulate --records`, a save or a game file of the library).

    Read with `read_text`'s cap and without blocking, so the check itself is safe.
    """
    try:
        Record.from_json(read_text(path))
    except (OSError, ValueError):  # RecordError is a ValueError
        return False
    return True


def user_file_problem(path: Path, force: bool = False) -> str | None:
    """Why `write_user_file(path, ..., force)` would refuse `path` (None: it may write).

    Refused: a missing folder (never created for a player's path: a typo would scatter
    files), a folder in the way, a symbolic link (see `write_user_file`), anything that
    is not a regular file (a named pipe, a device, a socket), and, unless `force`, an
    existing file that is not a Tabletop record. The answer is a short phrase ("it is a
    named pipe") for a message that names the path.
    """
    if not path.name or path.name in (".", ".."):
        return "it names a folder, not a file"
    folder = path.parent
    try:
        folder_mode = os.stat(folder).st_mode  # the folder may be reached by a link
    except FileNotFoundError:
        return f"the folder {folder} does not exist"
    except OSError as exc:
        return f"the folder {folder} cannot be used ({exc.strerror or exc})"
    if not stat.S_ISDIR(folder_mode):
        return f"{folder} is not a folder"
    try:
        mode = os.lstat(path).st_mode  # the path itself, never what a link points to
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"it cannot be checked ({exc.strerror or exc})"
    if stat.S_ISLNK(mode):
        return ("it is a symbolic link; Tabletop does not write through links "
                "(name the file it points to)")
    if not stat.S_ISREG(mode):
        return f"it is {file_kind(mode)}, not a file"
    if not force and not is_tabletop_record(path):
        return NOT_A_RECORD
    return None


def write_user_file(path: Path, text: str, force: bool = False) -> None:
    """Write `text` to a path a player named (`play --save`, `simulate --records`), whole
    or not at all, only where `user_file_problem` finds nothing wrong.

    Raises `RefusedTarget` (nothing touched) or `OSError`. Symbolic links are refused,
    never followed nor replaced: writing through one would write where the link points,
    maybe far from where the player looked, and replacing it would silently break it. The
    check is made again right before the rename (a long game gives time for the path to
    change), and a path that was free is claimed with a hard link, which fails rather
    than replace anything that appeared in the last instant.
    """
    problem = user_file_problem(path, force)
    if problem:
        raise RefusedTarget(problem)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            try:
                old_mode: int | None = os.lstat(path).st_mode
            except OSError:
                old_mode = None
            if old_mode is not None and stat.S_ISREG(old_mode) and hasattr(os, "fchmod"):
                os.fchmod(out.fileno(), stat.S_IMODE(old_mode))  # keeps who may read it
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        problem = user_file_problem(path, force)
        if problem:
            raise RefusedTarget(problem)
        if os.path.lexists(path):
            os.replace(tmp, path)  # a regular file, checked just above: replaced whole
        else:
            try:
                os.link(tmp, path)  # never replaces: fails if anything is there now
            except FileExistsError:
                raise RefusedTarget("something else appeared there while writing") from None
            except OSError:
                os.replace(tmp, path)  # a file system without hard links (FAT)
    finally:
        Path(tmp).unlink(missing_ok=True)
