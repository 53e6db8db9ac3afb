"""Issue 21: plugins draw through the public kit. No game's code, built-in or example, and
no game `tabletop new-game` writes, imports an underscore module of the host, or a host UI
module other than `tabletop.ui.kit` and `tabletop.ui.boards` (those change without
notice); the kit has every name it promises.

Issue 35: a hard edge. What a plugin takes from those two modules is checked by name:
every name it imports from them (or reads off them as a module) is in that module's
`__all__`; a submodule of the toolkit (`tabletop.ui.boards.paint`) is not public."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import tabletop.ui.boards as boards
import tabletop.ui.kit as kit

ROOT = Path(__file__).resolve().parents[2]
#: The host's UI modules a plugin may import, and the names each exports.
PUBLIC_UI = {"tabletop.ui.kit": frozenset(kit.__all__),
             "tabletop.ui.boards": frozenset(boards.__all__)}


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


def _parsed(text: str) -> ast.Module:
    """The source `text`; a template's `$fields` are filled with their own names."""
    try:
        return ast.parse(text)
    except SyntaxError:
        filled = string.Template(text).safe_substitute(
            {name: name for name in re.findall(r"\$\{?(\w+)\}?", text)})
        return ast.parse(filled)


def toolkit_problems(text: str) -> list[str]:
    """What the plugin source `text` takes from the host that a plugin may not: a
    private module (`tabletop.ui._arcade`), a UI module other than the kit and the board
    toolkit (`tabletop.ui.canvas`, `tabletop.ui.boards.paint`), or a name those two do
    not export (`from tabletop.ui.kit import Scene` while `Scene` is not in
    `kit.__all__`; `kit.paint` read off the module)."""
    wrong: list[str] = []
    aliases: dict[str, str] = {}  # a name bound to a public module, and that module

    def module_problem(module: str) -> str | None:
        parts = module.split(".")
        if parts[0] != "tabletop":
            return None
        if any(part.startswith("_") for part in parts[1:]):
            return f"{module} (a private module)"
        if module.startswith("tabletop.ui") and module not in PUBLIC_UI \
                and module != "tabletop.ui":
            return f"{module} (use tabletop.ui.kit)"
        return None

    tree = _parsed(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                problem = module_problem(alias.name)
                if problem:
                    wrong.append(problem)
                elif alias.name in PUBLIC_UI and alias.asname:
                    aliases[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            problem = module_problem(node.module)
            if problem:
                wrong.append(problem)
                continue
            for alias in node.names:
                if node.module == "tabletop.ui":
                    module = f"tabletop.ui.{alias.name}"
                    if module in PUBLIC_UI:
                        aliases[alias.asname or alias.name] = module
                    else:
                        wrong.append(f"{module} (use tabletop.ui.kit)")
                elif node.module in PUBLIC_UI and alias.name not in PUBLIC_UI[node.module]:
                    wrong.append(f"{alias.name} from {node.module} (not in its __all__)")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            module = _dotted(node.value)
            module = aliases.get(module, module)
            if module in PUBLIC_UI and node.attr not in PUBLIC_UI[module]:
                wrong.append(f"{module}.{node.attr} (not in its __all__)")
    return wrong


def _dotted(node: ast.expr) -> str:
    """`a.b.c` for a chain of names and attributes, "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr}" if head else ""
    return ""


def problems(path: Path) -> list[str]:
    """What `path` takes from the host that a plugin may not."""
    where = path.relative_to(ROOT)
    return [f"{where}: {problem}"
            for problem in toolkit_problems(path.read_text(encoding="utf-8"))]


def test_no_plugin_imports_a_private_module_of_the_host() -> None:
    sources = plugin_sources()
    assert len(sources) > 40  # the games' views, the examples and the templates are read
    wrong = [problem for path in sources for problem in problems(path)]
    assert not wrong, "\n".join(wrong)


def test_the_check_bites_on_a_private_or_unlisted_module() -> None:
    assert toolkit_problems("from tabletop.ui._arcade import arcade\n"
                            "import tabletop.ui.canvas\n"
                            "from tabletop.ui.boards.paint import paint_board\n"
                            "from tabletop.ui import stage\n"
                            "from tabletop.ui.kit import Rect\n") == [
        "tabletop.ui._arcade (a private module)",
        "tabletop.ui.canvas (use tabletop.ui.kit)",
        "tabletop.ui.boards.paint (use tabletop.ui.kit)",
        "tabletop.ui.stage (use tabletop.ui.kit)"]


def test_a_game_importing_an_unexported_toolkit_name_fails_the_guard() -> None:
    """Issue 35: names, not module prefixes. A name the kit's modules happen to hold but
    do not export (`Canvas` is the host's in `boards`, `typical_position` in neither
    `__all__`) fails, imported or read off the module; exported names pass."""
    assert "TextRenderer" not in kit.__all__ and "Canvas" not in boards.__all__
    source = ("from tabletop.ui.kit import Rect, TextRenderer\n"
              "from tabletop.ui.boards import BoardRenderer, Canvas\n"
              "import tabletop.ui.kit as toolkit\n"
              "from tabletop.ui import boards\n"
              "toolkit.Rect, toolkit.stage, boards.Piece, boards.renderer\n"
              "import tabletop.ui.boards\n"
              "tabletop.ui.boards.mesh.Mesh\n")
    assert toolkit_problems(source) == [
        "TextRenderer from tabletop.ui.kit (not in its __all__)",
        "Canvas from tabletop.ui.boards (not in its __all__)",
        "tabletop.ui.kit.stage (not in its __all__)",
        "tabletop.ui.boards.renderer (not in its __all__)",
        "tabletop.ui.boards.mesh (not in its __all__)"]
    assert toolkit_problems("from tabletop.ui.kit import Rect, Scene, rgba\n"
                            "from tabletop.ui.boards import paint_board, shrunk\n") == []


def test_a_template_is_read_with_its_fields_filled() -> None:
    assert toolkit_problems("from $package.rules import View\n"
                            "from tabletop.ui.kit import ${Class}Thing\n") == [
        "ClassThing from tabletop.ui.kit (not in its __all__)"]


def test_the_kit_has_every_name_it_lists_and_the_whole_toolkit() -> None:
    assert all(hasattr(kit, name) for name in kit.__all__)
    assert set(boards.__all__) <= set(kit.__all__)
    assert {"Renderer", "RendererContext", "Rect", "TextLayer", "Canvas", "FONT_SANS",
            "arcade"} <= set(kit.__all__)
