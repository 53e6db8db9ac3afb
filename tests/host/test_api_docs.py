"""The API reference (`make docs`) builds, and the public API is documented.

The reference is pdoc's HTML of the modules `docs/api.py` lists; a public class, function,
method or property without a docstring, a link to a missing page or anchor, a backquoted
`Class.member` or `tabletop.…` name that pdoc could not link, and a backquoted
`tabletop.…` name that does not exist each fail the build.
"""

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).parents[2]


def _api() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tabletop_api_docs", ROOT / "docs" / "api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_builds_with_no_missing_docstring_or_broken_reference(
        tmp_path: Path) -> None:
    api = _api()
    assert api.problems(tmp_path) == []
    pages = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.html")}
    assert pages == {"index.html", *(f"{m.replace('.', '/')}.html" for m in api.MODULES)}
    # The contract is there, linked across pages: Game's page is reached from the hooks.
    assert 'href="../tabletop.html#Game"' in (tmp_path / "tabletop" / "hookspecs.html").read_text()


def test_broken_links_unlinked_names_and_missing_names_are_reported(tmp_path: Path) -> None:
    api = _api()
    (tmp_path / "a.html").write_text('<h1 id="top">A</h1><a href="a.html#top">ok</a>'
                                     '<a href="b.html">gone</a><a href="#nowhere">no</a>'
                                     '<a href="https://docs.python.org/3/">out</a>')
    assert api.broken_links(tmp_path) == ["a.html: b.html has no page",
                                          "a.html: #nowhere has no anchor"]
    (tmp_path / "b.html").write_text('<code><a href="a.html#top">Game.apply</a></code>'
                                     "<code>Game.aply</code><code>view.py</code>")
    assert api.unlinked_references(tmp_path) == ["b.html: `Game.aply` links nowhere"]
    assert api.resolves("tabletop.model.Game.apply")
    assert not api.resolves("tabletop.model.Game.play")
    assert not api.resolves("tabletop.nowhere")
