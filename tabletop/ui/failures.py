"""Plugin code that raised inside the app: the error type and how to tell whose code it was.

Kept apart from `app.py` so that screens can raise and recognise plugin failures without
importing the app module (which imports the screens): no import cycle among `tabletop.ui`.
"""

from __future__ import annotations

import inspect
import traceback
from pathlib import Path
from typing import Any


class PluginFailure(Exception):
    """Plugin code raised; the app names the plugin and goes back to the launcher."""


def plugin_files(*objects: Any) -> tuple[str, ...]:
    """The source directories of the given objects' classes (their plugin's code)."""
    dirs = []
    for obj in objects:
        try:
            dirs.append(str(Path(inspect.getfile(type(obj))).resolve().parent))
        except (TypeError, OSError):
            continue
    return tuple(dirs)


def raised_in(exc: BaseException, directories: tuple[str, ...]) -> bool:
    """True if any frame of the exception's traceback runs code from `directories`."""
    for frame in traceback.extract_tb(exc.__traceback__):
        path = str(Path(frame.filename).resolve())
        if any(path.startswith(d) for d in directories):
            return True
    return False
