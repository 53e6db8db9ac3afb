"""Where a player left each game's tutorial, so that it resumes there (no arcade).

`tutorials.json` in the data folder: `{"version": 1, "steps": {"versus": 5}}`, the step
(from 1) the player reached in each game's guided first game. Read with a size cap, every
entry checked (a bad one is dropped, the others kept); written whole, atomically
(`tabletop.store.files.write_atomic`). A file that is not such an object is moved aside.
"""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.i18n import _
from tabletop.limits import MAX_NAME, MAX_SETTINGS_BYTES, read_text
from tabletop.store.files import set_aside, write_atomic
from tabletop.store.paths import TUTORIALS

VERSION = 1
#: The most steps a tutorial may have (`tabletop.tutorial.MAX_STEPS`); a larger step is
#: not a step of any tutorial.
_MOST = 200


def places(directory: Path) -> tuple[dict[str, int], str | None]:
    """Each game's step reached (from 1), and a message if the file had to be set aside."""
    path = directory / TUTORIALS
    try:
        if not path.exists():
            return {}, None
        data = json.loads(read_text(path, MAX_SETTINGS_BYTES))
        if not isinstance(data, dict) or data.get("version") != VERSION \
                or not isinstance(data.get("steps"), dict):
            raise ValueError("not a record of tutorial steps")
    except (OSError, ValueError, RecursionError) as exc:
        return {}, set_aside(path, _("The places reached in the tutorials could not be "
                                     "read"), exc)
    return {game: step for game, step in data["steps"].items()
            if isinstance(game, str) and 0 < len(game) <= MAX_NAME
            and type(step) is int and 1 <= step <= _MOST}, None


def place(directory: Path, game_id: str) -> int:
    """The step (from 1) the player reached in `game_id`'s tutorial; 1 if none is kept."""
    return places(directory)[0].get(game_id, 1)


def keep_place(directory: Path, game_id: str, step: int) -> None:
    """Remember that the player reached `step` (from 1) of `game_id`'s tutorial; raises
    `OSError` if the folder refuses the write (the file on disk is then as it was)."""
    if not 1 <= step <= _MOST or not 0 < len(game_id) <= MAX_NAME:
        raise ValueError(f"no step {step} of a tutorial of {game_id!r} to keep")
    steps = places(directory)[0]
    steps[game_id] = step
    write_atomic(directory / TUTORIALS,
                 json.dumps({"version": VERSION, "steps": dict(sorted(steps.items()))},
                            indent=1) + "\n")
