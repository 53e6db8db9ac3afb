"""Reviews kept beside the library's games, so a game is never reviewed twice.

A review (`tabletop.review.Review.to_dict`) is one JSON file `reviews/<digest>.json` in
the data folder, named by the digest of the game's record (`tabletop.review.digest`): the
same game kept twice, or read from a file by `tabletop review`, finds the same review,
and a game whose moves change (an undo) gets a new one. Written atomically; a file that
cannot be read is treated as missing (the game is reviewed again and the file replaced).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tabletop.limits import read_text
from tabletop.store.files import write_atomic
from tabletop.store.paths import REVIEWS

_DIGEST = re.compile(r"[0-9a-f]{8,64}")


class ReviewStore:
    """The kept reviews of a data folder (`directory`, as `Library.directory`)."""

    def __init__(self, directory: Path) -> None:
        self.folder = directory / REVIEWS

    def path(self, digest: str) -> Path:
        """The file of the review of the record with `digest`; `ValueError` if the
        digest is not one `tabletop.review.digest` makes."""
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
