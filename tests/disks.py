"""Real disks for tests of what Tabletop does when writing fails: a fresh tmpfs, and one
made read-only (as root; else a folder with its write bits removed, which root ignores)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = os.geteuid() == 0


@contextlib.contextmanager
def tmpfs(folder: Path, size: str = "1m") -> Iterator[Path]:
    """A fresh tmpfs at `folder` (root), unmounted afterwards; else the folder as it is."""
    folder.mkdir(exist_ok=True)
    if ROOT:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                       check=True)
    try:
        yield folder
    finally:
        if ROOT:
            subprocess.run(["umount", "-l", str(folder)], check=True)
        else:
            folder.chmod(0o755)


def make_read_only(folder: Path) -> None:
    """No file can be created in `folder` any more, even by root (a tmpfs of `tmpfs`)."""
    if ROOT:
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
    else:
        folder.chmod(0o555)
