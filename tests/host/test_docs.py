"""Every hook is documented and tested; the README's plugin is the tested example."""

import inspect
from pathlib import Path

from tabletop import hookspecs

ROOT = Path(__file__).parents[2]
HOOKS = [name for name, _ in inspect.getmembers(hookspecs, inspect.isfunction)
         if name.startswith("tabletop_")]


def test_every_hook_has_a_docstring_a_readme_entry_and_a_test() -> None:
    readme = (ROOT / "README.md").read_text()
    tests = "".join(p.read_text() for p in (ROOT / "tests").rglob("test_*.py"))
    assert HOOKS == ["tabletop_register_agents", "tabletop_register_games",
                     "tabletop_register_renderers"]
    for name in HOOKS:
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        assert "Called" in doc and "Returns" in doc, name
        assert f"`{name}(register)`" in readme, name
        # A test that implements the hook by name, not only mentions it.
        assert f"def {name}(" in tests, name


def test_readme_plugin_listing_is_the_tested_example_plugin() -> None:
    readme = (ROOT / "README.md").read_text()
    source = (ROOT / "tests" / "plugins" / "tabletop-nim" / "tabletop_nim.py").read_text()
    assert f"```python\n{source}```" in readme
