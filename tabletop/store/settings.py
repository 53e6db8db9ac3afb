"""The player's preferences: loaded with a size cap, every field checked (no arcade).

`settings.json` in the data folder. A file that is not a JSON object is moved aside
(never deleted); a field with a wrong or out-of-range value falls back to its default and
the others are kept. Nothing is ever written that `load` would refuse.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tabletop.i18n import _, language_problem
from tabletop.limits import MAX_SETTINGS_BYTES, one_line, read_text
from tabletop.store.files import set_aside, write_atomic
from tabletop.store.paths import SETTINGS

#: The values each setting accepts: (type, lowest, highest) for numbers, (bool,) for flags.
SETTING_BOUNDS: dict[str, tuple[Any, ...]] = {
    "animation_seconds": (float, 0.0, 10.0),
    "ai_seconds": (float, 0.01, 60.0),
    "ai_pause_seconds": (float, 0.0, 10.0),
    "volume": (float, 0.0, 1.0),
    "colour_blind": (bool,),
    "fullscreen": (bool,),
    "window_width": (int, 0, 16384),  # pixels; 0: the default size
    "window_height": (int, 0, 16384),
    "language": (str,),  # "" (the system's) or a language of tabletop.i18n.LANGUAGES
}


def setting_problem(name: str, value: Any) -> str | None:
    """Why `value` is not acceptable for the setting `name` (None if it is)."""
    kind, *span = SETTING_BOUNDS[name]
    if kind is str:  # the language: the system's, or one Tabletop speaks
        return None if value == "" else language_problem(value)
    if kind is bool:
        return None if isinstance(value, bool) else _("must be true or false")
    if isinstance(value, bool) or not isinstance(value, int if kind is int else int | float):
        return _("must be a whole number") if kind is int else _("must be a number")
    low, high = span
    # `not low <= value <= high` is also true for NaN, which compares false to everything.
    if not low <= value <= high:
        text = (_("must be a whole number of pixels in {low}..{high}") if kind is int else
                _("must be a number in {low}..{high}") if name == "volume" else
                _("must be a number of seconds in {low}..{high}"))
        return text.format(low=f"{low:g}", high=f"{high:g}")
    return None


@dataclass
class Settings:
    """The player's preferences, persisted as JSON."""

    animation_seconds: float = 0.6
    ai_seconds: float = 1.0
    #: Seconds a computer's move stays on show before the next computer move.
    ai_pause_seconds: float = 1.0
    #: Sound effects' volume, 0 (muted) to 1.
    volume: float = 0.5
    colour_blind: bool = False
    fullscreen: bool = False
    #: The window's size when not full screen, restored at the next launch (0: default).
    window_width: int = 0
    window_height: int = 0
    #: The language chosen in Settings ("" follows the system; see tabletop.i18n).
    language: str = ""

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
            return cls(), set_aside(path, _("Settings file was unreadable"), exc)
        values: dict[str, Any] = {}
        refused = []
        for name in SETTING_BOUNDS:
            if name not in data:
                continue
            problem = setting_problem(name, data[name])
            if problem:
                refused.append(_("{setting} {problem}").format(setting=name, problem=problem))
            else:
                values[name] = data[name]
        settings = cls(**values)
        if refused:
            return settings, one_line(_("Settings: {problems} (the default is used "
                                        "instead).").format(problems="; ".join(refused)))
        return settings, None

    def save(self, directory: Path) -> None:
        """Write the settings atomically; raises `OSError` if the disk refuses, `ValueError`
        if a value is one `load` would refuse (the file on disk is then left as it was)."""
        for name, value in asdict(self).items():
            problem = setting_problem(name, value)
            if problem:  # never replace a good file with one that would be refused
                raise ValueError(_("setting {setting} {problem}").format(setting=name,
                                                                       problem=problem))
        write_atomic(directory / SETTINGS, json.dumps(asdict(self), indent=1) + "\n")
