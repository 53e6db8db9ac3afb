"""Every third-party module that Tabletop's code imports comes from a distribution that
pyproject.toml declares, in the part it belongs to: the app's dependencies for the app,
an extra for the modules that exist for that extra. A module that only arrives through
another package (Pillow through arcade, once) would break the day that package stops
bringing it."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
#: The code shipped in the wheel.
SHIPPED = ("tabletop", "games")
FIRST_PARTY = {"tabletop", "games"}
#: The modules that exist for an extra, and the extra their imports may come from
#: (`pip install "tabletop[ray]"` and so on); every other module has only the
#: dependencies.
EXTRA_OF = {
    "tabletop/env/pettingzoo.py": "pettingzoo",
    "tabletop/env/openspiel.py": "openspiel",
    "tabletop/play/tournament.py": "ray",
}


def imports(path: Path) -> Iterator[str]:
    """The top-level names of the absolute imports in `path`, wherever they are made
    (at the top, in a function, under `try`)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def undeclared(root: Path, packages: tuple[str, ...], pyproject: str,
               extra_of: dict[str, str]) -> list[str]:
    """Each import under `root`'s `packages` whose distribution `pyproject` does not
    declare where that module may take it from. Empty when all is declared."""
    project = tomllib.loads(pyproject)["project"]
    extras = project.get("optional-dependencies", {})

    def names(texts: list[str]) -> set[str]:
        return {canonicalize_name(Requirement(text).name) for text in texts}

    distributions = packages_distributions()
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            allowed = names(project["dependencies"])
            if where in extra_of:
                allowed |= names(extras[extra_of[where]])
            for module in sorted(set(imports(path))):
                if module in sys.stdlib_module_names or module in FIRST_PARTY:
                    continue
                owners = {canonicalize_name(d) for d in distributions.get(module, [])}
                if not owners:
                    found.append(f"{where}: imports {module}, which no installed "
                                 "distribution provides")
                elif not owners & allowed:
                    part = f"the [{extra_of[where]}] extra or " if where in extra_of else ""
                    found.append(f"{where}: imports {module} ({', '.join(sorted(owners))}),"
                                 f" not declared in {part}the dependencies of pyproject.toml")
    return found


def test_every_imported_distribution_is_declared_where_it_belongs() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert undeclared(ROOT, SHIPPED, pyproject, EXTRA_OF) == []


def test_the_extras_named_here_exist() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    assert set(EXTRA_OF.values()) <= set(extras)
    assert all((ROOT / path).is_file() for path in EXTRA_OF)


def test_the_check_bites_on_an_import_only_another_package_brings(tmp_path: Path) -> None:
    """Pillow imported but not declared; pytest (the test extra's) imported by the app;
    ray imported outside the module its extra is for."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    without_pillow = "\n".join(line for line in pyproject.splitlines()
                               if not line.strip().startswith('"pillow'))
    package = tmp_path / "tabletop"
    package.mkdir()
    (package / "chart.py").write_text("from PIL import Image\n", encoding="utf-8")
    (package / "kit.py").write_text("def f():\n    import pytest\n", encoding="utf-8")
    (package / "simulate.py").write_text("import ray.util\n", encoding="utf-8")
    (package / "tournament.py").write_text("import ray\n", encoding="utf-8")
    found = undeclared(tmp_path, ("tabletop",), without_pillow,
                       {"tabletop/tournament.py": "ray"})
    assert found == [
        "tabletop/chart.py: imports PIL (pillow), not declared in the dependencies of "
        "pyproject.toml",
        "tabletop/kit.py: imports pytest (pytest), not declared in the dependencies of "
        "pyproject.toml",
        "tabletop/simulate.py: imports ray (ray), not declared in the dependencies of "
        "pyproject.toml",
    ]
