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
