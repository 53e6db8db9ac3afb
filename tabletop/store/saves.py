"""Records written outside the library: the app's Save copies, the old single autosave,
and the temp files a crash may leave beside them (no arcade here).

A game reaches a file in exactly one of three places, each through one writer: the
library (`Library.add`/`save`, a game file and its journal, for every game played), a
Save copy in `saves/` (`save_copy`, through `write_atomic`), and a path the player
named (`play --save`, `simulate --records`, through `write_user_file`). A Save copy is
`record_text`: a record read back before it replaces anything.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tabletop.i18n import _
from tabletop.record import Record
from tabletop.store.files import clean_debris, free_name, set_aside, write_atomic
from tabletop.store.library import Library
from tabletop.store.paths import AUTOSAVE, GAMES, SAVES, SETTINGS
from tabletop.store.records import record_text


def save_copy(directory: Path, record: Record) -> Path:
    """Save `record` under `saves/` with a fresh name (`<game>-<time>[-n].json`); return
    its path. Raises `OSError`, or `RecordError` for a record that would not read back."""
    saves = directory / SAVES
    saves.mkdir(parents=True, exist_ok=True)
    text = record_text(record)
    name = free_name(saves, f"{record.game}-{time.strftime('%Y%m%d-%H%M%S')}", (".json",))
    path = saves / f"{name}.json"
    write_atomic(path, text)
    return path


def write_autosave(directory: Path, record: Record) -> None:
    """Write an autosave as earlier versions did (tests and benches make one to check
    that it is moved into the library)."""
    write_atomic(directory / AUTOSAVE, record_text(record))


def migrate_autosave(directory: Path, library: Library) -> str | None:
    """Move the single autosave of earlier versions into the library (once); a message
    if it could not be read.

    Whatever goes wrong reading it, the file is moved aside with a message, so the next
    start cannot fail on it again. A read-only library leaves it where it is, unread."""
    path = directory / AUTOSAVE
    if library.read_only or not path.exists():
        return None
    try:
        library.add(Record.read(path), None, origin="app")
    except Exception as exc:
        return set_aside(path, _("The autosaved game could not be read"), exc)
    # Kept, not deleted: the old file stays beside the library under a new name.
    name = free_name(directory, "autosave.migrated", (".json",))
    os.replace(path, directory / f"{name}.json")
    return None


def clean_temps(directory: Path) -> int:
    """Remove the temp files a crash left in the data folder (beside the settings and the
    autosave, in `saves/` and `games/`) under `clean_debris`'s one policy; how many."""
    removed = 0
    for folder, pattern in ((directory, f"{AUTOSAVE}.*.tmp"), (directory, f"{SETTINGS}.*.tmp"),
                            (directory / SAVES, "*.json.*.tmp"), (directory / GAMES, "*.tmp")):
        removed += len(clean_debris(folder, pattern))
    return removed
