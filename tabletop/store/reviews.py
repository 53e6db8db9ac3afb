"""Reviews kept beside the library's games, so a game is never reviewed twice.

A review (`tabletop.play.review.Review.to_dict`) is one JSON file `reviews/<digest>.json` in
the data folder, named by the digest of the game's record (`tabletop.play.review.digest`): the
same game kept twice, or read from a file by `tabletop review`, finds the same review,
and a game whose moves change (an undo) gets a new one. Written atomically; a file that
cannot be read is treated as missing (the game is reviewed again and the file replaced).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.limits import read_text
from tabletop.model import TabletopError
from tabletop.record import Record
from tabletop.store.files import write_atomic
from tabletop.store.paths import REVIEWS

if TYPE_CHECKING:
    from tabletop.store.index import Entry
    from tabletop.store.library import Library

_DIGEST = re.compile(r"[0-9a-f]{8,64}")


def record_digest(record: Record) -> str:
    """What names a record's game for its review: a hash of the game, its set-up and
    moves (the same game kept twice has one review)."""
    return hashlib.sha256(record.to_json().encode()).hexdigest()[:32]


class ReviewStore:
    """The kept reviews of a data folder (`directory`, as `Library.directory`)."""

    def __init__(self, directory: Path) -> None:
        self.folder = directory / REVIEWS

    def path(self, digest: str) -> Path:
        """The file of the review of the record with `digest`; `ValueError` if the
        digest is not one `tabletop.play.review.digest` makes."""
        if not _DIGEST.fullmatch(digest):
            raise ValueError(f"not a record digest: {digest!r}")
        return self.folder / f"{digest}.json"

    def load(self, digest: str) -> dict[str, Any] | None:
        """The kept review's data, or None if there is none (or it cannot be read)."""
        path = self.path(digest)
        try:
            data = json.loads(read_text(path))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) and data.get("digest") == digest else None

    def save(self, digest: str, data: dict[str, Any]) -> Path:
        """Keep a review's data (atomically); returns its file."""
        path = self.path(digest)
        write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return path


def accuracy_history(library: Library, entries: Iterable[Entry], person: str
                     ) -> dict[str, list[float]]:
    """Per game, `person`'s accuracy in each of their reviewed games (the seats they
    played as a person), oldest game first: what Statistics shows beside the rating.
    A game that cannot be read, or has no kept review, is left out."""
    store = ReviewStore(library.directory)
    found: dict[str, list[float]] = {}
    for entry in sorted(entries, key=lambda e: e.created):
        seats = {i for i, seat in enumerate(entry.seats)
                 if seat.human and seat.player == person}
        if not seats or entry.game is None or entry.result is None:
            continue
        try:
            data = store.load(record_digest(library.read_record(entry.id)))
        except (TabletopError, OSError, ValueError):
            continue
        if data is None:
            continue
        for row in data.get("seats", ()):
            if isinstance(row, dict) and row.get("seat") in seats and isinstance(
                    row.get("accuracy"), (int, float)):
                found.setdefault(entry.game, []).append(float(row["accuracy"]))
    return found
