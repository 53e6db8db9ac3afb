"""Writing files safely, for every command and the app (no UI here).

- `write_atomic` is the one writer of Tabletop's own files (a kept game, the settings, a
  tournament's folder): a temp file beside the target, flushed to disk, then renamed over
  it, so a crash or a full disk never leaves half a file: readers see the old file or the
  new one.
- `write_user_file` writes a path a player named (`play --save`, `simulate --records`):
  the same temp file and rename, after `user_file_problem`'s checks (no symbolic link,
  nothing but a regular file, an existing folder, and without `force` only over a game
  record).
- `clean_debris` is the one clean-up of the temp files a killed writer leaves. A temp
  file is named `<name>.<pid>.<random>.tmp`, so a clean-up can tell a file left by a
  writer that is gone from one another live process is writing right now.
- `free_name` is the one way a new name is found (a file moved aside, into the trash, a
  save): `<stem>`, else `<stem>-1`, `<stem>-2`, … with every companion suffix free.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tabletop.i18n import N_, _
from tabletop.limits import file_kind, one_line, read_text
from tabletop.record import Record
from tabletop.store.paths import reason

#: A temp file without a writer's process id (written by an older Tabletop) is debris
#: once it is this old, in seconds: a write takes well under a second.
STALE_SECONDS = 60.0
#: How many numbered names `free_name` tries before it gives up.
MAX_NUMBERED = 10_000


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new temp file in `path`'s folder, named so `clean_debris` knows its writer."""
    return tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp",
                            dir=path.parent)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _temp_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def _writer_pid(path: Path) -> int | None:
    """The process id in a temp file's name (`<name>.<pid>.<random>.tmp`), if any."""
    parts = path.name.split(".")
    pid = parts[-3] if len(parts) >= 4 else ""
    return int(pid) if pid.isdigit() else None


def clean_debris(folder: Path, pattern: str = "*.tmp",
                 older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove the temp files matching `pattern` in `folder` that no writer will finish;
    return them.

    A temp file whose writer is another live process is being written now: kept. One
    whose writer is gone (killed mid-write) is removed at once. One of this process, or
    one without a process id (an older Tabletop's), is removed only once `older_than`
    seconds old, so a write in flight on another thread is never cut short. A file that
    cannot be removed (a read-only folder) is left as it is.
    """
    removed = []
    now = time.time()
    try:
        found = list(folder.glob(pattern))
    except OSError:
        return []
    for path in found:
        pid = _writer_pid(path)
        try:
            if pid is not None and pid != os.getpid():
                if _alive(pid):
                    continue  # another process is writing it now
            elif now - path.lstat().st_mtime <= older_than:
                continue
            if not stat.S_ISREG(path.lstat().st_mode):
                continue  # only a file the writers leave: never a folder or a link
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def free_name(folder: Path, stem: str, suffixes: Sequence[str] = ("",)) -> str:
    """`stem`, else `stem-1`, `stem-2`, …: the first such name for which every
    `folder/<name><suffix>` is free (a game file and its journal, an index and its WAL
    files). Raises `OSError` after `MAX_NUMBERED` tries."""
    for n in range(MAX_NUMBERED):
        name = stem + (f"-{n}" if n else "")
        if not any(os.path.lexists(folder / (name + suffix)) for suffix in suffixes):
            return name
    raise OSError(f"cannot find a free name for {stem} in {folder}")


def move_aside(path: Path) -> Path:
    """Rename a file that cannot be used to a fresh `<name>.bad-<time>[-n]` beside it
    (never deleted, never over another file); return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(free_name(path.parent, f"{path.name}.bad-{stamp}"))
    os.rename(path, target)
    return target


def set_aside(path: Path, what: str, exc: BaseException) -> str:
    """Move a file that failed to load aside (never deleted) and say so, in one line.

    `what` starts the message ("The autosaved game could not be read"). If even the move
    fails (a read-only folder) the message says that too; nothing here raises.
    """
    try:
        moved = move_aside(path) if path.exists() else None
    except OSError as error:
        return one_line(_("{what} ({reason}); it could not be moved aside ({error}).").format(
            what=what, reason=reason(exc), error=reason(error)))
    if moved:
        return one_line(_("{what} ({reason}); it was moved to {file}.").format(
            what=what, reason=reason(exc), file=moved.name))
    return one_line(_("{what} ({reason}).").format(what=what, reason=reason(exc)))


# -- paths a player names --------------------------------------------------------------
class RefusedTarget(ValueError):
    """A path a player named that Tabletop will not write: the message says why, in words."""


#: `user_file_problem`'s answer for an existing file that `force` would let be replaced.
NOT_A_RECORD = N_("it exists and is not a Tabletop record")


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
        return _("it names a folder, not a file")
    folder = path.parent
    try:
        folder_mode = os.stat(folder).st_mode  # the folder may be reached by a link
    except FileNotFoundError:
        return _("the folder {folder} does not exist").format(folder=folder)
    except OSError as exc:
        return _("the folder {folder} cannot be used ({reason})").format(
            folder=folder, reason=exc.strerror or exc)
    if not stat.S_ISDIR(folder_mode):
        return _("{folder} is not a folder").format(folder=folder)
    try:
        mode = os.lstat(path).st_mode  # the path itself, never what a link points to
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _("it cannot be checked ({reason})").format(reason=exc.strerror or exc)
    if stat.S_ISLNK(mode):
        return _("it is a symbolic link; Tabletop does not write through links "
                 "(name the file it points to)")
    if not stat.S_ISREG(mode):
        return _("it is {kind}, not a file").format(kind=file_kind(mode))
    if not force and not is_tabletop_record(path):
        return _(NOT_A_RECORD)
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
    fd, tmp = _temp_beside(path)
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
                raise RefusedTarget(_("something else appeared there while writing")) from None
            except OSError:
                os.replace(tmp, path)  # a file system without hard links (FAT)
    finally:
        Path(tmp).unlink(missing_ok=True)
