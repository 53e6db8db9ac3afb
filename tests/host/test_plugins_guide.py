"""docs/plugins.md is real: its samples run, its quotes are what `new-game` writes.

Each code block of the guide is marked by the HTML comment before it:
- `<!-- run -->` Python: the run blocks, in order, are one module (a package in a temp
  folder); it is imported and each `test_*` function it defines is called;
- `<!-- scaffold: PATH -->`: the block is part of the file PATH that the guide's own
  `tabletop new-game` command writes;
- `<!-- commands -->` shell: each `tabletop` line is a valid command line (`new-game` is
  run); the other lines are the standard tools (pip, pytest, build, twine).
A block without a mark fails, so no sample goes untested. Every `tabletop.…` name the
guide gives must exist.
"""

import importlib.util
import re
import shlex
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tabletop.cli import main

ROOT = Path(__file__).parents[2]
GUIDE = ROOT / "docs" / "plugins.md"
BLOCK = re.compile(r"(?:<!-- (?P<mark>[^>]*?) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)```",
                   re.DOTALL)
OTHER_TOOLS = ("pip ", "pytest ", "python -m build ", "twine ")
PACKAGE = "tabletop_high_card"


def _blocks() -> list[tuple[str, str, str]]:
    found = [(m["mark"] or "", m["lang"], m["body"]) for m in BLOCK.finditer(GUIDE.read_text())]
    assert found
    return found


def _scaffold(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the guide's `tabletop new-game` line in `folder`; the distribution it wrote."""
    lines = [line for mark, _, body in _blocks() if mark == "commands"
             for line in body.splitlines() if line.startswith("tabletop new-game ")]
    assert len(lines) == 1
    args = shlex.split(lines[0])[1:]
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / args[args.index("--dir") + 1]


def test_every_sample_is_marked_with_how_it_is_checked() -> None:
    for mark, lang, body in _blocks():
        kind = mark.split(":")[0]
        assert kind in {"run", "scaffold", "commands"}, f"unmarked sample:\n{body[:200]}"
        assert (kind, lang) in {("run", "python"), ("scaffold", "python"),
                                ("scaffold", "toml"), ("commands", "sh")}, (mark, lang)


def test_the_quoted_files_are_what_new_game_writes(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    made = _scaffold(tmp_path, monkeypatch)
    quotes = [(mark.partition(":")[2].strip(), body) for mark, _, body in _blocks()
              if mark.startswith("scaffold:")]
    assert len(quotes) == 6
    for path, body in quotes:
        assert body in (made / path).read_text(encoding="utf-8"), path


def test_the_tabletop_command_lines_are_valid() -> None:
    lines = [line for mark, _, body in _blocks() if mark == "commands"
             for line in body.splitlines() if line.strip()]
    assert len(lines) == 10
    for line in lines:
        if line.startswith(OTHER_TOOLS):
            continue
        name, *args = shlex.split(line)
        assert name == "tabletop", line
        command = main.get_command(click.Context(main), args[0])
        assert command is not None, line
        command.make_context(args[0], args[1:])  # raises on an unknown option or value


def test_every_tabletop_name_the_guide_gives_exists() -> None:
    names = set(re.findall(r"`(tabletop(?:\.\w+)+)", GUIDE.read_text()))
    assert "tabletop.ui.boards.BoardRenderer" in names
    for name in sorted(names):
        assert _exists(name), name


def _exists(dotted: str) -> bool:
    """True if `dotted` names a module or a module's attribute (the API reference's check)."""
    spec = importlib.util.spec_from_file_location("tabletop_api_docs", ROOT / "docs" / "api.py")
    assert spec is not None and spec.loader is not None
    api = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(api)
    return bool(api.resolves(dotted))


def test_the_python_samples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = "\n\n".join(body for mark, _, body in _blocks() if mark == "run")
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        module = importlib.import_module(PACKAGE)
        tests = [value for name, value in vars(module).items() if name.startswith("test_")]
        assert len(tests) == 7
        for test in tests:
            test()
    finally:
        sys.modules.pop(PACKAGE, None)
