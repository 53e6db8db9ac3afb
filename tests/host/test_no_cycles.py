"""No import cycle among the modules of games/ and tabletop/, the app's included.

Every import counts: at the top, inside a function (run later, but a cycle all the same:
the two modules cannot be understood, tested or moved apart) and under `TYPE_CHECKING`
(the type checker follows it). `test_headless.py` checks the app's runtime imports only;
this one is stricter and covers everything. Run as a script, it prints every cycle:

    .venv/bin/python tests/host/test_no_cycles.py
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
FOLDERS = ("games", "tabletop")

def modules(folders: tuple[str, ...] = FOLDERS) -> dict[str, Path]:
    """Every module under `folders` by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` (at `path`) imports, anywhere in it.

    `from a.b import c` imports the module `a.b.c` if there is one, else `a.b`;
    `import a.b.c` imports the deepest known module on the path.
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = alias.name
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    found.add(full)
                elif base in known:
                    found.add(base)
    found.discard(name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, with
    an explicit stack so that a deep chain cannot overflow Python's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(frozenset(group))
    return groups


def import_graph(folders: tuple[str, ...] = FOLDERS) -> dict[str, set[str]]:
    """Each module under `folders` with the modules there it imports."""
    known = modules(folders)
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_walk_finds_a_cycle_through_type_checking_and_a_function(
        tmp_path: Path) -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}) == [
        frozenset({"a", "b", "c"})]
    path = tmp_path / "probe.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                    "    from games.versus.rules import Rules\n"
                    "def f():\n    from games.verso import ai\n", encoding="utf-8")
    known = dict.fromkeys(("games.versus.rules", "games.verso.ai", "games.verso"), path)
    assert imports("probe", path, known) == {"games.versus.rules", "games.verso.ai"}


def test_no_import_cycle_in_the_games() -> None:
    found = cycles(import_graph(("games",)))
    assert found == [], [sorted(group) for group in found]


def test_no_import_cycle_in_the_host_and_the_app() -> None:
    # The screens reach each other through `tabletop.ui.navigator` and the app through
    # `tabletop.ui.services`; only `tabletop.ui.app` imports them (issue 20 item 6).
    graph = import_graph()
    assert "games.versus.options" in graph["games.versus.state"]  # the walk sees the games
    assert "tabletop.ui.game_screen" in graph["tabletop.ui.app"]
    found = [sorted(group) for group in cycles(graph)]
    assert found == [], found


if __name__ == "__main__":
    for group in cycles(import_graph(tuple(sys.argv[1:]) or FOLDERS)):
        print(len(group), sorted(group))
