"""Build Tabletop's API reference from the docstrings with pdoc, and check it.

    python docs/api.py [OUT]      # `make docs`: HTML in OUT (default build/api)

The public API is the modules in `MODULES` (what a plugin author imports); in each, the
names pdoc shows: listed in `__all__` where the module has one, else defined there,
and not starting with `_`. `problems()` lists each public class, function, method or
property without a docstring and each broken reference: a link of the built pages to a
page or anchor that is not there, a backquoted `Class.member` or `tabletop.…` name that
pdoc could not link, or a backquoted `tabletop.…` name in a docstring that does not
exist. Module constants and dataclass fields are described in their module's or
class's docstring, so they need none of their own.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import warnings
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")  # ui.boards imports arcade

import pdoc
import pdoc.doc

#: The documented modules: the plugin contract and what a plugin author builds on.
MODULES = (
    "tabletop",
    "tabletop.hookspecs",
    "tabletop.model",
    "tabletop.lines",
    "tabletop.i18n",
    "tabletop.catalogs",
    "tabletop.chance",
    "tabletop.plugins",
    "tabletop.record",
    "tabletop.play.session",
    "tabletop.play.option_words",
    "tabletop.testing",
    "tabletop.tutorial",
    "tabletop.ai",
    "tabletop.levels",
    "tabletop.ui.renderer",
    "tabletop.ui.kit",
    "tabletop.ui.boards",
    "tabletop.ui.sound",
)
ROOT = Path(__file__).resolve().parents[1]
_DOTTED = re.compile(r"`(tabletop(?:\.\w+)+)`")
#: A code span pdoc left unlinked (a linked one holds an <a>) that names a member of a
#: class (`Game.apply`) or a `tabletop.` name: a reference the reader cannot follow.
_UNLINKED = re.compile(r"<code>((?:tabletop(?:\.\w+)+)|(?:[A-Z]\w*\.[a-z_]\w*))(?:\(\))?</code>")


def build(out: Path) -> list[str]:
    """Write the HTML reference of `MODULES` into `out`; return pdoc's warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # No source view: the pages stay small and the build fast (the source is in the repo).
        pdoc.render.configure(docformat="markdown", search=True, show_source=False)
        pdoc.pdoc(*MODULES, output_directory=out)
    return [str(w.message) for w in caught]


def _documented(namespace: pdoc.doc.Namespace[Any]) -> list[pdoc.doc.Doc[Any]]:
    found: list[pdoc.doc.Doc[Any]] = []
    for member in namespace.own_members:
        if member.name.startswith("_") or isinstance(member, pdoc.doc.Variable):
            continue
        found.append(member)
        if isinstance(member, pdoc.doc.Class):
            found.extend(_documented(member))
    return found


def missing_docstrings() -> list[str]:
    """The public classes, functions, methods and properties that have no docstring."""
    missing = []
    for name in MODULES:
        module = pdoc.doc.Module.from_name(name)
        if not module.docstring.strip():
            missing.append(f"{name}: module has no docstring")
        for member in _documented(module):
            if not member.docstring.strip():
                missing.append(f"{member.fullname}: no docstring")
    return missing


def resolves(dotted: str) -> bool:
    """True if `dotted` is a module, or a module's attribute (at any depth)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(target, part):
                return False
            target = getattr(target, part)
        return True
    return False


def unresolved_names() -> list[str]:
    """Backquoted `tabletop.…` names in the public docstrings that do not exist."""
    broken = []
    for name in MODULES:
        module = pdoc.doc.Module.from_name(name)
        for doc in [module, *_documented(module)]:
            for dotted in _DOTTED.findall(doc.docstring):
                if not resolves(dotted):
                    broken.append(f"{doc.fullname}: `{dotted}` does not exist")
    return broken


class _Pages(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.anchors.add(values["id"] or "")
        if tag == "a" and values.get("href"):
            self.links.append(values["href"] or "")


def broken_links(out: Path) -> list[str]:
    """Links between the built pages to a page or an anchor that is not there."""
    pages = {}
    for page in out.rglob("*.html"):
        parser = _Pages()
        parser.feed(page.read_text(encoding="utf-8"))
        pages[page.resolve()] = parser
    broken = []
    for page, parser in sorted(pages.items()):
        for link in parser.links:
            if re.match(r"[a-z]+:", link):
                continue  # an outside address (the Python docs), not ours to check
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if target not in pages:
                broken.append(f"{page.relative_to(out.resolve())}: {link} has no page")
            elif anchor and anchor not in pages[target].anchors:
                broken.append(f"{page.relative_to(out.resolve())}: {link} has no anchor")
    return broken


def unlinked_references(out: Path) -> list[str]:
    """Code spans of the built pages that name a `Class.member` or a `tabletop.…` name
    pdoc could not link (misspelt, not public, or not importable from that module)."""
    return [f"{page.relative_to(out).as_posix()}: `{name}` links nowhere"
            for page in sorted(out.rglob("*.html"))
            for name in _UNLINKED.findall(page.read_text(encoding="utf-8"))]


def problems(out: Path) -> list[str]:
    """Build the reference into `out`; every problem found, one line each."""
    return [*(f"pdoc: {w}" for w in build(out)), *broken_links(out),
            *unlinked_references(out), *missing_docstrings(), *unresolved_names()]


def main() -> int:
    """`make docs`: build the reference and list its problems (exit 1 if any)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "api"
    found = problems(out)
    for problem in found:
        print(problem, file=sys.stderr)
    print(f"API reference: {out / 'index.html'} ({len(found)} problems)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
