"""Where the app keeps its files: settings, the autosave and saved games (no arcade here).

Everything lives in `platformdirs.user_data_dir("tabletop")`, or in `$TABLETOP_DATA_DIR`
when set (tests). Files are written atomically (a temp file in the same directory, then
`os.replace`) so a crash never leaves half a file. A file that cannot be read is moved
aside under a new name, never deleted or overwritten.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import platformdirs

from tabletop.files import write_atomic
from tabletop.limits import MAX_SETTINGS_BYTES, one_line, read_text
from tabletop.record import Record

DATA_DIR_ENV = "TABLETOP_DATA_DIR"
AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"

#: The animation paces offered in Settings, in seconds per move.
ANIMATION_PACES = (0.0, 0.3, 0.6, 1.0, 1.5)
#: The AI thinking times offered in Settings, in seconds per move.
AI_TIMES = (0.25, 0.5, 1.0, 2.0, 5.0)


def data_dir() -> Path:
    """The directory for settings and saves (created if missing)."""
    path = Path(os.environ.get(DATA_DIR_ENV) or platformdirs.user_data_dir("tabletop"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def move_aside(path: Path) -> Path:
    """Rename an unreadable file to a fresh `<name>.bad-<time>[-n]` name; return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        suffix = f".bad-{stamp}" + (f"-{n}" if n else "")
        target = path.with_name(path.name + suffix)
        if not target.exists():
            os.rename(path, target)
            return target
    raise OSError(f"cannot find a free name to move {path} aside")


#: The values each setting accepts: (type, lowest, highest) for numbers, (bool,) for flags.
SETTING_BOUNDS: dict[str, tuple[Any, ...]] = {
    "animation_seconds": (float, 0.0, 10.0),
    "ai_seconds": (float, 0.01, 60.0),
    "colour_blind": (bool,),
    "fullscreen": (bool,),
    # The windowed size kept at close (0: the default size); app.window_size clamps it.
    "window_width": (int, 0, 7680),
    "window_height": (int, 0, 4320),
}


def setting_problem(name: str, value: Any) -> str | None:
    """Why `value` is not acceptable for the setting `name` (None if it is)."""
    kind, *span = SETTING_BOUNDS[name]
    if kind is bool:
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "must be a number"
    low, high = span
    # `not low <= value <= high` is also true for NaN, which compares false to everything.
    if not low <= value <= high:
        return f"must be a number of seconds in {low:g}..{high:g}"
    return None


@dataclass
class Settings:
    """The player's preferences, persisted as JSON."""

    animation_seconds: float = 0.6
    ai_seconds: float = 1.0
    colour_blind: bool = False
    fullscreen: bool = False
    #: The window's size when not full screen, restored at the next launch (0: default).
    window_width: int = 0
    window_height: int = 0

    @classmethod
    def load(cls, directory: Path) -> tuple[Settings, str | None]:
        """The saved settings (defaults if none) and a message if any was refused.

        A file that is not a JSON object is moved aside; a field with a wrong or
        out-of-range value (NaN, infinity, negative, huge, another type) falls back to
        its default, the others are kept, and the message names the field.
        """
        path = directory / SETTINGS
        try:
            if not path.exists():
                return cls(), None
            data = json.loads(read_text(path, MAX_SETTINGS_BYTES))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError, RecursionError) as exc:
            # ValueError covers bad JSON, non-UTF-8 text, a huge file or number.
            return cls(), set_aside(path, "Settings file was unreadable", exc)
        values: dict[str, Any] = {}
        refused = []
        for name in SETTING_BOUNDS:
            if name not in data:
                continue
            problem = setting_problem(name, data[name])
            if problem:
                refused.append(f"{name} {problem}")
            else:
                values[name] = data[name]
        settings = cls(**values)
        if refused:
            return settings, one_line("Settings: " + "; ".join(refused) +
                                      " (the default is used instead).")
        return settings, None

    def save(self, directory: Path) -> None:
        """Write the settings atomically; raises `OSError` if the disk refuses, `ValueError`
        if a value is one `load` would refuse (the file on disk is then left as it was)."""
        for name, value in asdict(self).items():
            problem = setting_problem(name, value)
            if problem:  # never replace a good file with one that would be refused
                raise ValueError(f"setting {name} {problem}")
        write_atomic(directory / SETTINGS, json.dumps(asdict(self), indent=1) + "\n")


def reason(exc: BaseException) -> str:
    """An OS error's own words ("No space left on device"), else the error's message."""
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return "a file is in the way"  # of a folder: plainer than "File exists"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def set_aside(path: Path, what: str, exc: BaseException) -> str:
    """Move a file that failed to load aside (never deleted) and say so, in one line.

    `what` starts the message ("The autosaved game could not be read"). If even the move
    fails (a read-only folder) the message says that too; nothing here raises.
    """
    try:
        moved = move_aside(path) if path.exists() else None
    except OSError as error:
        where = f"; it could not be moved aside ({reason(error)})"
    else:
        where = f"; it was moved to {moved.name}" if moved else ""
    return one_line(f"{what} ({reason(exc)}){where}.")


def clean_stale_temps(directory: Path, older_than: float = 60.0) -> int:
    """Delete the temp files of atomic writes that a crash left behind; return how many.

    Only files named like `write_atomic`'s temps (`<name>.<random>.tmp`) beside the
    settings, the autosave and the saves, and older than `older_than` seconds, so a write
    in progress in another window is left alone. A folder that cannot be cleaned is
    left as it is.
    """
    removed = 0
    now = time.time()
    patterns = [directory / f"{AUTOSAVE}.*.tmp", directory / f"{SETTINGS}.*.tmp",
                directory / "saves" / "*.json.*.tmp"]
    for pattern in patterns:
        for path in pattern.parent.glob(pattern.name):
            try:
                if path.is_file() and now - path.stat().st_mtime > older_than:
                    path.unlink()
                    removed += 1
            except OSError:
                continue
    return removed


def read_autosave(directory: Path) -> Record:
    """The autosaved record (raises `OSError`, or `RecordError` if it is not one)."""
    return Record.read(directory / AUTOSAVE)


def checked_json(record: Record) -> str:
    """The JSON text of `record`, read back first: a file is only ever replaced by a record
    that this Tabletop can read (raises `RecordError` otherwise)."""
    text = record.to_json()
    Record.from_json(text)
    return text


def write_autosave(directory: Path, record: Record) -> None:
    """Atomically replace the autosave with `record` (its `agents` name each seat's player)."""
    write_atomic(directory / AUTOSAVE, checked_json(record))


def save_game(directory: Path, record: Record) -> Path:
    """Save `record` under `saves/` with a fresh name; return its path."""
    saves = directory / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        path = saves / (f"{record.game}-{stamp}" + (f"-{n}" if n else "") + ".json")
        if not path.exists():
            write_atomic(path, checked_json(record))
            return path
    raise OSError(f"cannot find a free name in {saves}")
