"""How big the plugin contract is: the names a plugin author meets.

Counts the exported names of the contract's modules (`tabletop`, `tabletop.model`, the kit
`tabletop.testing`, the toolkit `tabletop.ui.kit` and `tabletop.ui.boards`), plus the public
members of each exported class (`Game`'s methods, `GameInfo`'s fields, `BoardRenderer`'s
methods...), each qualified name once, but not what a class has from Python itself (an
exception's `args` and `with_traceback`, a tuple's `count`); and `Game`'s public methods
on their own (issue 35 holds them to 22). Deprecated shims are counted apart: they go
after one release.

    python bench/contract.py
"""

from __future__ import annotations

import importlib
import inspect
import os
import warnings

os.environ.setdefault("ARCADE_HEADLESS", "1")

MODULES = ("tabletop", "tabletop.model", "tabletop.testing", "tabletop.ui.kit",
           "tabletop.ui.boards")


def _deprecated(owner: object, name: str) -> bool:
    """True for a shim kept one release (its docstring says it is deprecated)."""
    doc = inspect.getdoc(getattr(owner, name, None)) or ""
    return "deprecated" in doc.lower().split(".")[0]


def _from_python(cls: type, member: str) -> bool:
    """True for a member a class inherits from a built-in base (`BaseException.args`):
    Python's surface, not the contract's."""
    return any(base.__module__ == "builtins" and base is not object and hasattr(base, member)
               for base in cls.__mro__)


def main() -> None:
    names: set[str] = set()
    shims: set[str] = set()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for module_name in MODULES:
            module = importlib.import_module(module_name)
            for name in getattr(module, "__all__", ()):
                value = getattr(module, name)
                # A name re-exported by several modules is one name to learn.
                qualified = f"{getattr(value, '__module__', module_name)}.{name}" \
                    if inspect.isclass(value) or inspect.isfunction(value) \
                    else f"{module_name}.{name}"
                names.add(qualified)
                if inspect.isclass(value):
                    for member in dir(value):
                        if member.startswith("_") or _from_python(value, member):
                            continue
                        key = f"{qualified}.{member}"
                        (shims if _deprecated(value, member) else names).add(key)
        from tabletop.model import Game

        game = sorted(m for m, _ in inspect.getmembers(Game)
                      if not m.startswith("_") and m != "info")
    print(f"plugin-facing names: {len(names)} (and {len(shims)} deprecated shims, one "
          "release)")
    print(f"Game public methods: {len(game)}: {', '.join(game)}")


if __name__ == "__main__":
    main()
