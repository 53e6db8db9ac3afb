"""Rules run headless: the kit's drawing-code check, and no import cycle in the app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop.ui
from tabletop.testing import ConformanceError, check_rules_headless, rules_modules


@pytest.mark.parametrize("package", ["games.verso", "games.versus"])
def test_the_built_in_games_rules_import_no_drawing_code(package: str) -> None:
    # STYLE.md "Rules modules never import arcade": the one check, for every game.
    checked = check_rules_headless(package)
    assert f"{package}.rules" in checked and f"{package}.plugin" in checked
    assert not any(".view" in name for name in checked)


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_check_names_a_rules_module_that_draws_even_through_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, {
        "toygame/__init__.py": "",
        "toygame/rules.py": "X = 1\n",
        "toygame/helpers.py": "import toygame.view.paint\n",  # draws through the view
        "toygame/state.py": "import pyglet\n",
        "toygame/view/__init__.py": "",
        "toygame/view/paint.py": "import pyglet\n",
        "toygame/view_old.py": "import pyglet\n",
    })
    monkeypatch.syspath_prepend(str(tmp_path))
    assert rules_modules("toygame") == ["toygame", "toygame.helpers", "toygame.rules",
                                        "toygame.state"]
    with pytest.raises(ConformanceError) as caught:
        check_rules_headless("toygame")
    message = str(caught.value)
    assert "toygame.helpers imports drawing code: pyglet" in message
    assert "toygame.state imports drawing code: pyglet" in message
    assert "toygame.rules" not in message


def test_a_clean_package_passes_and_a_missing_one_is_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, {"cleangame/__init__.py": "", "cleangame/rules.py": "import json\n",
                        "cleangame/view/__init__.py": "import pyglet\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    assert check_rules_headless("cleangame") == ["cleangame", "cleangame.rules"]
    with pytest.raises(ConformanceError, match="not an importable package"):
        check_rules_headless("no_such_game_here")


def _ui_imports(path: Path) -> set[str]:
    """The tabletop.ui modules `path` imports when it runs (not under TYPE_CHECKING)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            found.update(n for n in names if n.startswith("tabletop.ui."))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("tabletop.ui."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_no_import_cycle_among_the_app_modules() -> None:
    # issue 9: the runtime cycle ui/app.py <-> ui/game_screen.py is gone, and no other.
    folder = Path(tabletop.ui.__file__).parent
    modules = {f"tabletop.ui.{p.stem}": p for p in folder.glob("*.py") if p.stem != "__init__"}
    graph = {name: _ui_imports(path) & set(modules) for name, path in modules.items()}
    cycles: list[list[str]] = []
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                cycles.append([*trail[trail.index(target):], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[name] = "done"

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert "tabletop.ui.game_screen" in graph["tabletop.ui.app"]
    assert cycles == [], cycles[:3]
