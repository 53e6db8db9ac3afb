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
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from tabletop.files import write_atomic
from tabletop.record import Record

DATA_DIR_ENV = "TABLETOP_DATA_DIR"
AUTOSAVE = "autosave.json"
SETTINGS = "settings.json"

#: The animation paces offered in Settings, in seconds per move.
ANIMATION_PACES = (0.0, 0.3, 0.6, 1.0, 1.5)
#: The AI thinking times offered in Settings, in seconds per move.
AI_TIMES = (0.25, 0.5, 1.0, 2.0, 5.0)
#: The AI paces offered in Settings: how long a computer's move stays on show, after its
#: animation, before the next computer move is played.
AI_PACES = (("instant", 0.0), ("normal", 1.0), ("slow", 2.5))
#: The sound volumes offered in Settings (0: muted).
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)


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


@dataclass
class Settings:
    """The player's preferences, persisted as JSON."""

    animation_seconds: float = 0.6
    ai_seconds: float = 1.0
    #: Seconds a computer's move stays on show before the next computer move (AI_PACES).
    ai_pause_seconds: float = 1.0
    #: Sound effects' volume, 0 (muted) to 1.
    volume: float = 0.5
    colour_blind: bool = False
    fullscreen: bool = False
    #: The window's size when not full screen, restored at the next launch (0: default).
    window_width: int = 0
    window_height: int = 0

    @classmethod
    def load(cls, directory: Path) -> tuple[Settings, str | None]:
        """The saved settings (defaults if none) and a message if the file was unreadable."""
        path = directory / SETTINGS
        if not path.exists():
            return cls(), None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            known = {f.name: f.type for f in fields(cls)}
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            values: dict[str, Any] = {}
            for key, value in data.items():
                if key not in known:
                    continue
                if isinstance(value, bool) != (key in ("colour_blind", "fullscreen")):
                    raise ValueError(f"{key} has the wrong type")
                if not isinstance(value, bool) and not isinstance(value, int | float):
                    raise ValueError(f"{key} has the wrong type")
                values[key] = value
            return cls(**values), None
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            moved = move_aside(path)
            return cls(), f"Settings file was unreadable ({exc}); moved to {moved.name}"

    def save(self, directory: Path) -> None:
        """Write the settings atomically."""
        write_atomic(directory / SETTINGS, json.dumps(asdict(self), indent=1) + "\n")


def write_autosave(directory: Path, record: Record) -> None:
    """Atomically replace the autosave with `record` (its `agents` name each seat's player)."""
    write_atomic(directory / AUTOSAVE, record.to_json())


def save_game(directory: Path, record: Record) -> Path:
    """Save `record` under `saves/` with a fresh name; return its path."""
    saves = directory / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        path = saves / (f"{record.game}-{stamp}" + (f"-{n}" if n else "") + ".json")
        if not path.exists():
            write_atomic(path, record.to_json())
            return path
    raise OSError(f"cannot find a free name in {saves}")
