"""The table is the only way in: no module outside `tabletop/play/` imports a `Session` or
reads the session under a `Table` (STYLE.md "Every front end is a view of the table").

Front ends read `Table.snapshot()` and send people's moves through `Table.propose` and
`Table.confirm`; the history (`tabletop.play.session.Session`) is the drivers' own.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where the rule holds: the host, the built-in games and the example plugins (their
#: tests too: an author copies them).
SCANNED = ("tabletop", "games", "examples")
#: The drivers, whose private history it is.
PRIVATE = ROOT / "tabletop" / "play"
#: Modules that still reach the session, each with why (none now: the online authority
#: reads the table too). Add one only with its reason; the last test below fails once a
#: listed module no longer needs its place.
EXCEPTIONS: dict[str, str] = {}


def reaches(path: Path) -> list[str]:
    """Where the module at `path` imports `Session` or reads a `.session` attribute."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in (
                "tabletop.play.session", "tabletop.session"):
            found += [f"line {node.lineno}: imports Session"
                      for alias in node.names if alias.name in ("Session", "*")]
        elif isinstance(node, ast.Attribute) and node.attr in ("session", "Session"):
            found.append(f"line {node.lineno}: reads .{node.attr}")
    return found


def modules() -> list[Path]:
    return sorted(path for folder in SCANNED for path in (ROOT / folder).rglob("*.py")
                  if PRIVATE not in path.parents)


def test_no_module_outside_the_drivers_reaches_a_session() -> None:
    offenders = {}
    for path in modules():
        name = path.relative_to(ROOT).as_posix()
        found = reaches(path)
        if found and name not in EXCEPTIONS:
            offenders[name] = found
    assert offenders == {}, f"read Table.snapshot() and propose instead: {offenders}"


def test_the_check_sees_a_session_read(tmp_path: Path) -> None:
    # A front end as game_frame.py was before issue 34: it would fail the rule.
    sample = tmp_path / "front_end.py"
    sample.write_text("from tabletop.play.session import Session\n\n"
                      "def turn(screen):\n    return screen.table.session.to_move\n",
                      encoding="utf-8")
    assert reaches(sample) == ["line 1: imports Session", "line 4: reads .session"]


def test_each_exception_is_still_needed() -> None:
    stale = [name for name in EXCEPTIONS if not reaches(ROOT / name)]
    assert stale == [], f"remove these from EXCEPTIONS, they no longer reach a session: {stale}"
