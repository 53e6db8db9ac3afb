"""The kit's check that a game's rules import no drawing code (`check_rules_headless`)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tabletop.testing.report import ConformanceError

#: Packages that draw: rules modules must not import them, even indirectly.
DRAWING_PACKAGES = ("arcade", "pyglet", "tabletop.ui")


_IMPORT_ONE_BY_ONE = """
import importlib, json, sys
names, forbidden = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in names:
    try:
        importlib.import_module(name)
    except Exception as exc:
        print(json.dumps([name, f"cannot be imported: {type(exc).__name__}: {exc}"]))
        break
    drawn = sorted(m for m in sys.modules if any(m == f or m.startswith(f + ".")
                                                 for f in forbidden))
    if drawn:
        print(json.dumps([name, "imports drawing code: " + ", ".join(drawn[:3])]))
        break
"""


def rules_modules(package: str, allowed_view_subpackage: str = "view") -> list[str]:
    """The modules of `package` that are not drawing code, by dotted name, sorted.

    Drawing code is the `allowed_view_subpackage` subpackage, and modules named like it
    at the package's top level (`view.py`, `view_table.py`, …, for a flat layout).
    """
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ConformanceError(f"{package!r} is not an importable package")
    names = set()
    for root in spec.submodule_search_locations:
        for path in Path(root).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            top = parts[0]
            if top == allowed_view_subpackage or top.startswith(allowed_view_subpackage + "_"):
                continue
            if parts[-1] == "__init__":
                parts.pop()
            if all(part.isidentifier() for part in parts):
                names.add(".".join([package, *parts]))
    return sorted(names)


def check_rules_headless(package: str, allowed_view_subpackage: str = "view",
                         forbidden: Sequence[str] = DRAWING_PACKAGES) -> list[str]:
    """Check that no module of `package` but its drawing code imports a drawing package.

    The modules `rules_modules` lists are imported one after another in a fresh Python
    process (this process's `sys.path`); after each import, `sys.modules` must hold none
    of `forbidden` (arcade, pyglet and the host's UI by default), whether the module
    imports them itself or through another module. Raises `ConformanceError` naming
    each module that pulls drawing code in (or cannot be imported); returns the modules
    checked.
    """
    names = rules_modules(package, allowed_view_subpackage)
    problems = []
    remaining = names
    while remaining:
        # One process imports the modules in order and stops at the first that draws
        # (the modules after it could not be judged there); the next process goes on.
        done = subprocess.run(
            [sys.executable, "-c", _IMPORT_ONE_BY_ONE, json.dumps(remaining),
             json.dumps(list(forbidden))],
            capture_output=True, text=True, check=False, timeout=300,
            env=_environment_with_path())
        lines = [line for line in done.stdout.splitlines() if line.startswith("[")]
        if done.returncode != 0 and not lines:
            raise ConformanceError(f"importing {package}'s modules failed: "
                                   f"{done.stderr.strip()[-500:]}")
        if not lines:
            break
        name, problem = json.loads(lines[-1])
        problems.append(f"{name} {problem}")
        remaining = remaining[remaining.index(name) + 1:]
    if problems:
        raise ConformanceError(f"{package}'s rules must run headless:\n- " +
                               "\n- ".join(problems))
    return names


def _environment_with_path() -> dict[str, str]:
    paths = [p for p in sys.path if p]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
