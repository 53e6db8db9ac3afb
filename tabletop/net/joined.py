"""The tables this machine joined (no sockets here): what a client keeps to take its seat
again, and what the launcher offers back.

Each table is kept by its address and code with the seat's token (so a client that was
killed, or an app started again, takes the same seat, not a new one), and, for the app's
launcher, the address as typed, the name given, the game and how the table was named
("Versus with Hana"). A table is forgotten when its game ends. The file is
`joined-tables.json` in the data folder; a damaged one is read as empty (the seats are
then joined again by their code). Older files held the token alone: still read.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.limits import MAX_SETTINGS_BYTES, read_text

#: How many joined tables are kept at most (the oldest go first).
KEPT = 100


@dataclass(frozen=True)
class Joined:
    """A table this machine holds a seat at: how to take it again, and how to name it."""

    uri: str
    code: str
    token: str
    address: str = ""
    name: str = ""
    game: str = ""
    about: str = ""
    updated: float = 0.0


def _file(directory: Path | None) -> Path:
    if directory is None:
        from tabletop.store.paths import data_dir

        directory = data_dir()
    return directory / "joined-tables.json"  # beside, not in, the hosted tables' folder


def _read(directory: Path | None) -> dict[str, Any]:
    try:
        data = json.loads(read_text(_file(directory), MAX_SETTINGS_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_token(uri: str, code: str, directory: Path | None = None) -> str | None:
    """The seat token this client was given at `code`'s table, if it took a seat there
    (so a client that was killed takes the same seat again)."""
    value = _read(directory).get(f"{uri} {code}")
    token = value.get("token") if isinstance(value, dict) else value
    return token if isinstance(token, str) else None


def remember_token(uri: str, code: str, token: str | None, directory: Path | None = None,
                   **about: str) -> None:
    """Keep (or, with None, forget) the seat token of `code`'s table, with `about` it
    (`address`, `name`, `game`, `about`: see `Joined`) for the launcher to offer it."""
    from tabletop.store.files import write_atomic

    data = _read(directory)
    key = f"{uri} {code}"
    data.pop(key, None)  # to the end: the newest last
    if token is not None:
        data[key] = {"token": token, "updated": time.time(),
                     **{k: str(v) for k, v in about.items()}}
    while len(data) > KEPT:  # the oldest go: a client keeps its recent tables only
        data.pop(next(iter(data)))
    path = _file(directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data))
    except OSError:
        pass  # then a killed client joins as anyone would, by the code


def joined_tables(directory: Path | None = None) -> list[Joined]:
    """The tables this machine holds a seat at whose game has not ended, newest first
    (those the app joined: they name their address and game)."""
    found = []
    for key, value in _read(directory).items():
        uri, _, code = str(key).rpartition(" ")
        if not isinstance(value, dict) or not isinstance(value.get("token"), str):
            continue
        about = [value.get(k) for k in ("address", "name", "game", "about")]
        if not all(isinstance(v, str) for v in about) or not about[0]:
            continue
        address, name, game, said = (str(v) for v in about)
        updated = value.get("updated")
        found.append(Joined(uri, code, value["token"], address, name, game, said,
                            float(updated) if isinstance(updated, int | float) else 0.0))
    return sorted(found, key=lambda j: -j.updated)
