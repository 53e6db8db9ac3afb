"""Reversi is the proof that a game needs nothing private from Tabletop.

Every import of the package is read from its source: a `tabletop` import must name a
documented public module (no underscore in its path, a module docstring) and, from it,
only public names (no leading underscore, listed in the module's `__all__` where it has
one, with a docstring where the name is a class or function). The package imports no
other game and nothing outside the standard library, Tabletop and itself.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from pathlib import Path

import tabletop_reversi

PACKAGE = Path(tabletop_reversi.__file__).parent


def imports(path: Path) -> list[tuple[str, str | None, int]]:
    """(module, name or None, line) for every import in the file at `path`."""
    found: list[tuple[str, str | None, int]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}:{node.lineno}: use absolute imports"
            found += [(node.module or "", alias.name, node.lineno) for alias in node.names]
    return found


def private_use(module_name: str, name: str | None) -> str | None:
    """Why importing `name` from `module_name` uses Tabletop's private API, or None."""
    if any(part.startswith("_") for part in module_name.split(".")):
        return f"{module_name} is a private module"
    module = importlib.import_module(module_name)
    if not inspect.getdoc(module):
        return f"{module_name} is not a documented module"
    if name is None:
        return None
    if name.startswith("_"):
        return f"{module_name}.{name} is private"
    value = getattr(module, name, None)
    if inspect.ismodule(value):
        return private_use(f"{module_name}.{name}", None)
    public = getattr(module, "__all__", None)
    if public is not None and name not in public:
        return f"{module_name}.{name} is not in {module_name}.__all__"
    if (inspect.isclass(value) or inspect.isfunction(value)) and not inspect.getdoc(value):
        return f"{module_name}.{name} has no docstring"
    return None


def test_only_public_documented_tabletop_api() -> None:
    problems = []
    checked = 0
    for path in sorted(PACKAGE.rglob("*.py")):
        for module, name, line in imports(path):
            where = f"{path.name}:{line}"
            top = module.split(".")[0]
            if top == "tabletop":
                checked += 1
                why = private_use(module, name)
                if why:
                    problems.append(f"{where}: {why}")
            elif top not in ("tabletop_reversi", "__future__") and \
                    top not in sys.stdlib_module_names:
                problems.append(f"{where}: imports {module}, not Tabletop's public API")
    assert checked >= 8, "the scan found too few tabletop imports to mean anything"
    assert not problems, "\n".join(problems)


def test_the_scan_catches_private_names() -> None:
    assert private_use("tabletop.ui._arcade", "arcade") == "tabletop.ui._arcade is a private " \
        "module"
    assert private_use("tabletop.ui.boards", "_NO_BOARD") == \
        "tabletop.ui.boards._NO_BOARD is private"
    assert private_use("tabletop.ui.boards", "fitted_text") == \
        "tabletop.ui.boards.fitted_text is not in tabletop.ui.boards.__all__"
    assert private_use("tabletop.ui.boards", "BoardRenderer") is None
