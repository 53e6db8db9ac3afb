"""Issue 21: plugins draw through the public kit. No game's code, built-in or example, and
no game `tabletop new-game` writes, imports an underscore module of the host, or a host UI
module other than `tabletop.ui.kit` and `tabletop.ui.boards` (those change without
notice); the kit has every name it promises."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tabletop.ui.boards as boards
import tabletop.ui.kit as kit

ROOT = Path(__file__).resolve().parents[2]
#: The host's UI modules a plugin may import.
PUBLIC_UI = ("tabletop.ui.kit", "tabletop.ui.boards")


def plugin_sources() -> list[Path]:
    """Every source file of plugin code: the built-in games, the examples' packages and
    the scaffold's templates (their tests may look inside the host; the games may not)."""
    found = [*ROOT.glob("games/**/*.py")]
    for example in ROOT.glob("examples/*"):
        found += [p for p in example.glob("*/**/*.py")
                  if "tests" not in p.relative_to(example).parts[:1]
                  and ".mypy_cache" not in p.parts]
    found += [p for p in ROOT.glob("tabletop/scaffold/template-files/**/*.py.tmpl")
              if "tests" not in p.parts]
    return sorted(found)


def imported(text: str) -> list[str]:
    """The modules a source imports (a template is read for its import lines)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:  # a template with placeholders: its import lines say enough
        return re.findall(r"^\s*(?:from|import)\s+([\w.]+)", text, re.M)
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def problems(path: Path) -> list[str]:
    """What `path` imports that a plugin may not."""
    wrong = []
    for module in imported(path.read_text(encoding="utf-8")):
        parts = module.split(".")
        if parts[0] != "tabletop":
            continue
        if any(part.startswith("_") for part in parts[1:]):
            wrong.append(f"{path.relative_to(ROOT)}: {module} (a private module)")
        elif module.startswith("tabletop.ui") and not module.startswith(PUBLIC_UI):
            wrong.append(f"{path.relative_to(ROOT)}: {module} (use tabletop.ui.kit)")
    return wrong


def test_no_plugin_imports_a_private_module_of_the_host() -> None:
    sources = plugin_sources()
    assert len(sources) > 40  # the games' views, the examples and the templates are read
    wrong = [problem for path in sources for problem in problems(path)]
    assert not wrong, "\n".join(wrong)


def test_the_check_bites(tmp_path: Path) -> None:
    bad = tmp_path / "view.py"
    bad.write_text("from tabletop.ui._arcade import arcade\nimport tabletop.ui.canvas\n"
                   "from tabletop.ui.kit import Rect\n", encoding="utf-8")
    original = ROOT
    try:
        globals()["ROOT"] = tmp_path
        assert [p.split(": ")[1] for p in problems(bad)] == [
            "tabletop.ui._arcade (a private module)",
            "tabletop.ui.canvas (use tabletop.ui.kit)"]
    finally:
        globals()["ROOT"] = original


def test_the_kit_has_every_name_it_lists_and_the_whole_toolkit() -> None:
    assert all(hasattr(kit, name) for name in kit.__all__)
    assert set(boards.__all__) <= set(kit.__all__)
    assert {"Renderer", "RendererContext", "Rect", "TextLayer", "Canvas", "FONT_SANS",
            "arcade"} <= set(kit.__all__)
