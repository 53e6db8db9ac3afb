"""The locked environment (requirements/*.txt, written by `make lock`) agrees with what
pyproject.toml declares: every declared requirement is pinned inside its range, nothing is
pinned for a requirement that is no longer declared, the app's lock is the test lock cut
down, and `make` installs nothing but the lock.

The library declares ranges (a plugin author installs Tabletop beside their own code);
`make play` and `make test` install the lock, so a release on the index cannot turn main
red overnight. When a test here fails: `make lock`, and commit requirements/."""

from __future__ import annotations

import re
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = ROOT / "requirements"
#: The example plugins `make test` installs beside Tabletop (their own dependencies are
#: locked too; their dependency on Tabletop is the checkout itself).
EXAMPLES = ("examples/tabletop-reversi", "examples/tabletop-openspiel")
#: Where a requirement comes from, as uv's lock writes it after `# via`.
FROM_PYPROJECT = "tabletop (pyproject.toml)"


@dataclass(frozen=True)
class Pin:
    """One locked line: a package at a version, for the platforms its marker names."""

    name: str
    version: Version
    marker: str
    via: frozenset[str]


def read_lock(text: str) -> list[Pin]:
    """The pins of a uv-written requirements file, with what each is there for."""
    pins: list[Pin] = []
    # A requirement starts at column 0; its hashes and `# via` lines are indented under it.
    for block in re.split(r"\n(?=\S)", text):
        first = block.split("\\")[0].strip()
        if not first or first.startswith(("#", "-")):
            continue
        requirement = Requirement(first)
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"not a pin: {first}"
        # `# via SOURCE` when there is one source, else `# via` and a `#   SOURCE` a line.
        after = block.split("# via", 1)[1] if "# via" in block else ""
        via = [line.strip().lstrip("#").strip() for line in after.splitlines()]
        pins.append(Pin(canonicalize_name(requirement.name), Version(specifier.version),
                        str(requirement.marker or ""), frozenset(filter(None, via))))
    return pins


def read_in(text: str) -> list[Requirement]:
    """The requirements of a `requirements/*.in` file."""
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [Requirement(line) for line in lines if line]


def declared(pyproject: str, *, extras: bool) -> list[Requirement]:
    """pyproject.toml's requirements: the dependencies, and with `extras` every extra."""
    project = tomllib.loads(pyproject)["project"]
    found = [Requirement(text) for text in project["dependencies"]]
    if extras:
        for texts in project.get("optional-dependencies", {}).values():
            found += [Requirement(text) for text in texts]
    return found


def disagreements(wanted: list[Requirement], lock: list[Pin],
                  sources: dict[str, set[str]]) -> list[str]:
    """How `lock` fails `wanted`: a requirement unpinned or pinned outside its range, or
    a pin whose `# via` names a source (`sources`: the via label and the names it still
    declares) that no longer asks for it. Empty when they agree."""
    found = []
    pinned: dict[str, list[Pin]] = {}
    for pin in lock:
        pinned.setdefault(pin.name, []).append(pin)
    for requirement in wanted:
        name = canonicalize_name(requirement.name)
        if name not in pinned:
            found.append(f"{requirement} is declared but not locked (run make lock)")
            continue
        for pin in pinned[name]:
            if not requirement.specifier.contains(pin.version, prereleases=True):
                found.append(f"{name}=={pin.version} is locked outside {requirement} "
                             "(run make lock)")
    for pin in lock:
        for label, names in sources.items():
            if label in pin.via and pin.name not in names:
                found.append(f"{pin.name} is locked for {label}, which no longer "
                             "declares it (run make lock)")
    return found


def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _names(requirements: list[Requirement]) -> set[str]:
    return {canonicalize_name(requirement.name) for requirement in requirements}


def _examples() -> list[Requirement]:
    """What the example plugins need besides Tabletop (which is the checkout)."""
    return [requirement for example in EXAMPLES
            for requirement in declared(_text(f"{example}/pyproject.toml"), extras=True)
            if canonicalize_name(requirement.name) != "tabletop"]


def test_the_test_lock_pins_everything_declared_within_its_range() -> None:
    """requirements/test.txt: every dependency and extra of pyproject.toml, the examples'
    dependencies, the build tools and the locking tool."""
    pyproject = declared(_text("pyproject.toml"), extras=True)
    build = read_in(_text("requirements/build.in"))
    dev = read_in(_text("requirements/dev.in"))
    lock = read_lock(_text("requirements/test.txt"))
    sources = {FROM_PYPROJECT: _names(pyproject), "-r requirements/build.in": _names(build),
               "-r requirements/dev.in": _names(dev)}
    assert disagreements(pyproject + build + dev + _examples(), lock, sources) == []


def test_the_app_lock_pins_the_app_at_the_test_locks_versions() -> None:
    """requirements/app.txt (`make play`): the dependencies without extras and the build
    tools, each at exactly its version in the test lock."""
    pyproject = declared(_text("pyproject.toml"), extras=False)
    build = read_in(_text("requirements/build.in"))
    lock = read_lock(_text("requirements/app.txt"))
    sources = {FROM_PYPROJECT: _names(pyproject), "-r requirements/build.in": _names(build)}
    assert disagreements(pyproject + build, lock, sources) == []
    tested = {(pin.name, pin.version, pin.marker) for pin in
              read_lock(_text("requirements/test.txt"))}
    assert [pin.name for pin in lock if (pin.name, pin.version, pin.marker) not in tested] \
        == []


def test_the_check_bites_on_a_requirement_added_removed_or_out_of_range() -> None:
    """A dependency added to pyproject.toml but not to the lock, one dropped from
    pyproject.toml but still locked for it, and a range the pin falls outside."""
    pyproject = _text("pyproject.toml")
    lock = read_lock(_text("requirements/test.txt"))
    added = pyproject.replace('"pluggy>=1.5",', '"pluggy>=1.5",\n    "rich>=13",')
    dropped = pyproject.replace('"zeroconf>=0.130",', "")
    narrowed = pyproject.replace('"click>=8.1"', '"click<8"')
    assert added != pyproject and dropped != pyproject and narrowed != pyproject

    def check(text: str) -> list[str]:
        wanted = declared(text, extras=True)
        return disagreements(wanted, lock, {FROM_PYPROJECT: _names(wanted)})

    assert check(added) == ["rich>=13 is declared but not locked (run make lock)"]
    assert check(dropped) == ["zeroconf is locked for tabletop (pyproject.toml), which no "
                              "longer declares it (run make lock)"]
    (problem,) = check(narrowed)
    assert problem.startswith("click==") and problem.endswith("outside click<8 (run make lock)")


def test_make_installs_only_the_lock() -> None:
    """Every pip install that `make play` and `make test` run takes hashed pins from the
    lock, or installs our own editable distributions without their dependencies (which
    the lock holds) and without fetching a build backend."""
    plan = subprocess.run(
        ["make", "--dry-run", "--always-make", "VENV=/nonexistent/venv",
         "/nonexistent/venv/.installed", "/nonexistent/venv/.installed-test"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    installs = [line for line in plan.splitlines() if " pip install " in line]
    assert len(installs) == 4
    for line in installs:
        assert "--no-deps" in line
        locked = "--require-hashes" in line and re.search(r" -r requirements/\w+\.txt$", line)
        editable = "--no-build-isolation -e . " in line
        assert locked or editable, line
