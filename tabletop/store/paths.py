"""The data folder, the names of the files in it, and the words for an OS error (no arcade).

Everything Tabletop keeps lives in `platformdirs.user_data_dir("tabletop")`, or in
`$TABLETOP_DATA_DIR` when it is set (tests, a second profile).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from tabletop.i18n import _

#: The environment variable that moves the data folder.
DATA_DIR_ENV = "TABLETOP_DATA_DIR"
#: The player's preferences (see `tabletop.store.settings`).
SETTINGS = "settings.json"
#: Where each game's tutorial was left (see `tabletop.store.tutorials`).
TUTORIALS = "tutorials.json"
#: The single autosave of earlier versions, moved into the library at the first start.
AUTOSAVE = "autosave.json"
#: The folder of the copies the app's Save writes.
SAVES = "saves"
#: The library: one file per kept game, the trash, and the index.
GAMES = "games"
TRASH = "trash"
INDEX = "library.sqlite3"
#: What this machine's seats saw of the online games they joined, while they go on (see
#: `tabletop.store.seen`).
SEEN = "joined"
#: Kept reviews of kept games, one file per game (by the digest of its record).
REVIEWS = "reviews"


def data_dir() -> Path:
    """The data folder (created if missing); raises `OSError` if it cannot be."""
    path = Path(os.environ.get(DATA_DIR_ENV) or platformdirs.user_data_dir("tabletop"))
    path.mkdir(parents=True, exist_ok=True)
    return path


def reason(exc: BaseException) -> str:
    """An OS error's own words ("No space left on device"), else the error's message."""
    if isinstance(exc, FileExistsError | NotADirectoryError):
        return _("a file is in the way")  # of a folder: plainer than "File exists"
    words = getattr(exc, "strerror", None)  # an OSError's, or a LibraryError's
    if isinstance(words, str) and words:
        return words
    return str(exc) or type(exc).__name__
