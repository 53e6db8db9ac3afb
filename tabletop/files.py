"""Writing files safely, for every command and the app (no UI here).

`write_atomic` writes a temp file in the same directory, flushes it to disk, then renames
it over the target (`os.replace`), so a crash or a full disk never leaves half a file:
readers see the old file or the new one. The temp file's name carries the writer's
process id (`<name>.<pid>.<random>.tmp`), so a clean-up at start can tell a file left by a
killed writer from one another live process is writing right now.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=".tmp",
                               dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
