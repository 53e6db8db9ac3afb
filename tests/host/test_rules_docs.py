"""The rulebooks in docs/rules/ are the rules the code and tests cite, and the games ship them.

A citation is `verso.md §4.2` or `versus.md §6.3`; in a file that belongs to one game
(games/verso/, tests/versus/, tests/ui/test_verso_*.py, …) a bare `§4.2` means that
game's rulebook. Every citation must name a section that docs/rules/ has, and nothing may
point at a rules text outside the repository.
"""

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tabletop.ui.markdown import parse

ROOT = Path(__file__).parents[2]
RULES = ROOT / "docs" / "rules"
GAMES = ("verso", "versus")
# `versus.md §6.1` or a range `versus.md §6.1-§6.3` (both ends are checked).
CITED = re.compile(r"\b(verso|versus)\.md\s*§\s*(\d+(?:\.\d+)?)(?:\s*[-–]\s*§?\s*(\d+(?:\.\d+)?))?")
BARE = re.compile(r"§\s*(\d+(?:\.\d+)?)")
HEADING = re.compile(r"^(##|###) (\d+)(?:\.(\d+))?\.? \S", re.MULTILINE)
# The section numbers are shared with every test and module that cites them: changing
# them silently would make those citations point at other rules.
SECTIONS = {
    "verso": ["1", "1.1", "2", "3", "4", "4.1", "4.2", "5", "6", "7", "8"],
    "versus": ["1", "2", "3", "4", "5", "6", "6.1", "6.2", "6.3", "6.4", "6.5", "7", "8",
               "9"],
}


def sections(game: str) -> list[str]:
    """The section numbers of a rulebook, in order, from its `##`/`###` headings."""
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    found = []
    for level, major, minor in HEADING.findall(text):
        assert (level == "###") == bool(minor), f"{game}.md: heading level of §{major}.{minor}"
        found.append(f"{major}.{minor}" if minor else major)
    return found


def sources() -> list[Path]:
    """Every Python file and document of the project that may cite a rule (not the frozen
    copies of other authors' plugins that the migration tests install: their § are theirs)."""
    frozen = ROOT / "tests" / "migration" / "frozen"
    files = [p for top in ("games", "tabletop", "tests", "bench") for p in (ROOT / top).rglob("*")
             if p.suffix in (".py", ".md", ".txt", ".json", ".toml") and p.is_file()
             and not p.is_symlink() and p != Path(__file__) and frozen not in p.parents]
    return [*files, ROOT / "README.md", ROOT / "pyproject.toml",
            *(RULES / f"{game}.md" for game in GAMES)]


def owner(path: Path) -> str | None:
    """The game a file belongs to (its bare § citations are that game's), or None."""
    parts = path.relative_to(ROOT).parts
    for game in GAMES:
        if game in parts or parts[-1].startswith((f"test_{game}_", f"{game}_", f"{game}.")):
            return game
    return None


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_has_the_cited_section_numbers(game: str) -> None:
    assert sections(game) == SECTIONS[game]


def test_every_citation_names_a_section_of_docs_rules() -> None:
    known = {game: set(sections(game)) for game in GAMES}
    wrong = []
    count = 0
    for path in sources():
        text = path.read_text(encoding="utf-8")
        for line_no, line in enumerate(text.splitlines(), 1):
            where = f"{path.relative_to(ROOT)}:{line_no}"
            for game, first, last in CITED.findall(line):
                for number in filter(None, (first, last)):
                    count += 1
                    if number not in known[game]:
                        wrong.append(f"{where}: {game}.md §{number}")
            bare = BARE.findall(CITED.sub("", line))
            if not bare:
                continue
            game_of_file = owner(path)
            if path.parent == RULES:
                game_of_file = path.stem
            for number in bare:
                count += 1
                if game_of_file is None:
                    wrong.append(f"{where}: §{number} without the rulebook's name")
                elif number not in known[game_of_file]:
                    wrong.append(f"{where}: §{number} (of {game_of_file}.md)")
    assert not wrong, "citations of sections that docs/rules/ does not have:\n" + "\n".join(
        wrong)
    assert count > 150  # the search really found the tests' citations


def test_nothing_cites_rules_outside_the_repository() -> None:
    outside = ("shared" + "/rules", "shared" + "/seeds", "../seeds/")
    wrong = [f"{path.relative_to(ROOT)}: {needle}" for path in sources()
             for needle in outside if needle in path.read_text(encoding="utf-8")]
    assert not wrong, wrong
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules/verso.md" in readme and "docs/rules/versus.md" in readme


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebook_uses_only_what_the_rules_screen_shows(game: str) -> None:
    text = (RULES / f"{game}.md").read_text(encoding="utf-8")
    blocks = parse(text)
    assert blocks[0].kind == "heading" and blocks[0].level == 1
    for block in blocks:
        plain = "".join(span.text for span in block.spans)
        # Markup the reader does not know would show as stray characters.
        assert not re.search(r"\*|__|\[.*\]\(|^\|", plain), (game, plain)
    assert "Our ruling" in text


@pytest.mark.parametrize("game", GAMES)
def test_the_game_ships_its_rulebook(game: str) -> None:
    """The app's rules screen reads `GameInfo.rules_text`: it is the document, byte for byte."""
    from tabletop.plugins import Host

    info = Host().load().game(game).info
    assert info.rules_text == (RULES / f"{game}.md").read_text(encoding="utf-8")
    assert info.rules_help  # the short summary stays for the terminal and small screens
    link = ROOT / "games" / game / "rules.md"
    assert link.is_symlink() and link.resolve() == (RULES / f"{game}.md").resolve()


def test_the_wheel_carries_the_real_rulebooks(tmp_path: Path) -> None:
    """A built wheel holds the documents' text, not a symlink or a missing file."""
    source = tmp_path / "src"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "*.png")
    for name in ("tabletop", "games", "assets", "docs"):
        shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(tmp_path / "dist"), str(source)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("tabletop-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        for game in GAMES:
            shipped = archive.read(f"games/{game}/rules.md").decode("utf-8")
            assert shipped == (RULES / f"{game}.md").read_text(encoding="utf-8")
