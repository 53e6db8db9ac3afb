"""ARCHITECTURE.md's layer table, held: every module of `tabletop/` sits in one layer, and
no module imports one of a higher layer (at the top, in a function or under
`TYPE_CHECKING`: each is a dependency all the same). A new module must be given its
layer here and its row in ARCHITECTURE.md.

Within a layer modules import each other freely; the online layer (6b) sits between the
drivers and the front ends."""

from __future__ import annotations

import re
from pathlib import Path

from tests.host.test_no_cycles import imports, modules

ROOT = Path(__file__).resolve().parents[2]

#: The layers, lowest first: module (or package prefix) → rank. The same as
#: ARCHITECTURE.md's table.
LAYERS: dict[str, float] = {
    # 1 foundations
    "tabletop.limits": 1, "tabletop.ratings": 1, "tabletop.person_rating": 1,
    "tabletop.chart": 1, "tabletop.i18n": 1,
    # 2 contract
    "tabletop.model": 2, "tabletop.lines": 2, "tabletop.seats": 2,
    # 3 contract helpers
    "tabletop.record": 3, "tabletop.boundary": 3, "tabletop.chance": 3,
    "tabletop.tutorial": 3, "tabletop.ai": 3, "tabletop.older_forms": 3,
    # 4 host: the package face re-exports the contract and the hook marker
    "tabletop": 4, "tabletop.hookspecs": 4, "tabletop.plugins": 4, "tabletop.levels": 4,
    "tabletop.catalogs": 4,
    # 5 store
    "tabletop.store": 5,
    # 6 drivers (and what plays games on them: the kit, the learning environments, the
    # scaffold's checks, the old paths of moved drivers)
    "tabletop.play": 6, "tabletop.testing": 6, "tabletop.env": 6, "tabletop.scaffold": 6,
    "tabletop.session": 6, "tabletop.worker": 6, "tabletop.simulate": 6,
    "tabletop.tournament": 6, "tabletop.terminal": 6, "tabletop.choices": 6,
    # 6b online
    "tabletop.net": 6.5,
    # 7 front ends
    "tabletop.cli": 7, "tabletop.ui": 7, "tabletop.process_exit": 7, "tabletop.__main__": 7,
}


def layer(module: str, layers: dict[str, float] = LAYERS) -> float | None:
    """The layer of `module`: its own entry, else its nearest package's."""
    parts = module.split(".")
    while parts:
        name = ".".join(parts)
        if name in layers and (name != "tabletop" or module == "tabletop"):
            return layers[name]
        parts.pop()
    return None


def upward_imports(layers: dict[str, float] = LAYERS) -> list[str]:
    """Each import of a module from a module of a lower layer."""
    known = modules(("tabletop",))
    found = []
    for name, path in sorted(known.items()):
        here = layer(name, layers)
        for target in sorted(imports(name, path, known)):
            there = layer(target, layers)
            if here is not None and there is not None and there > here:
                found.append(f"{name} (layer {here:g}) imports {target} (layer {there:g})")
    return found


def test_every_module_has_a_layer() -> None:
    assert [name for name in modules(("tabletop",)) if layer(name) is None] == []


def test_no_module_imports_a_higher_layer() -> None:
    assert upward_imports() == []


def test_architecture_md_names_every_module_and_package_of_the_table() -> None:
    """Each module or package of the table is named in ARCHITECTURE.md (by its file or
    folder), so the page and the test describe one house."""
    page = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = []
    for name in LAYERS:
        if name == "tabletop":
            continue
        path = name.replace(".", "/")
        last = path.rsplit("/", 1)[-1]
        named = (f"{path}/" in page or f"{path}.py" in page or f"`{last}`" in page
                 or re.search(rf"`{re.escape(last)}(\.py|/)`", page) is not None)
        if not named:
            missing.append(name)
    assert missing == []


def test_the_check_bites_on_an_upward_import() -> None:
    """With the store put under the contract, its imports of the record are upward."""
    found = upward_imports({**LAYERS, "tabletop.store": 1.5})
    assert "tabletop.store.library (layer 1.5) imports tabletop.record (layer 3)" in found
