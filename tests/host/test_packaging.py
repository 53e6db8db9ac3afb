"""The wheel ships every package and asset the app needs (a package left out of the
explicit list in pyproject.toml would work in the editable install and break installed)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_every_package_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts)
             for top in ("tabletop", "games") for init in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"
    assert config["package-dir"]["tabletop.assets"] == "assets"
    assert not (ROOT / "games" / "__init__.py").exists()  # games stays a namespace package


def test_the_shipped_fonts_are_there() -> None:
    from tabletop.assets import FONTS

    assert {p.name for p in FONTS.glob("*.ttf")} >= {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf",
                                                     "DejaVuSansMono.ttf"}


def test_every_folder_of_shipped_data_is_declared_so_setuptools_warns_nothing() -> None:
    # Issue 36: a folder whose name Python could import (`locale/de/LC_MESSAGES`) holding
    # data reached only through its parent's glob made setuptools print "Package would be
    # ignored" six times on a first install. Each such folder is a declared package with
    # its own data, for the host, the games and the Reversi example alike.
    for project, tops in ((ROOT, ("tabletop", "games")),
                          (ROOT / "examples" / "tabletop-reversi", ("tabletop_reversi",))):
        config = tomllib.loads((project / "pyproject.toml").read_text())["tool"]["setuptools"]
        listed, data = set(config["packages"]), config["package-data"]
        folders = {mo.parent for top in tops for mo in (project / top).rglob("*.mo")}
        assert folders, project
        for folder in folders:
            name = ".".join(folder.relative_to(project).parts)
            assert name in listed, name
            assert data.get(name) == ["*.mo"], name
        globbed = [glob for globs in data.values() for glob in globs if "LC_MESSAGES" in glob]
        assert globbed == []  # no parent reaches into them any more
