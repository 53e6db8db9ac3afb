"""Issue 19: one damaged kept game never stops the app, `stats`, `open` or `play --text`.

Damaged kept-game files (mutants of good ones, their `library` object included, and the
issue's cases: a 5,000-digit number, 1,000-level nesting, a lone surrogate, a time of
2**63, NaN and infinities in the times, a 1 MB player name, results of the wrong shape)
are put into a library's `games/` folder and run through every reader of kept games: each
is listed as unreadable with one line, or read, never a traceback or a hang.
`bench/fuzz.py` runs the same by the thousand (its `library` readers).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.cli.library import import_record
from tabletop.limits import MAX_MESSAGE
from tabletop.plugins import Host
from tabletop.store.library import UNREADABLE, Library
from tabletop.store.paths import DATA_DIR_ENV
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.library_screen import LibraryScreen, result_line
from tabletop.ui.stats_screen import StatsScreen
from tests.fuzz.mutations import (
    KEPT_ID,
    Mutant,
    builtin_host,
    library_cases,
    library_check,
    library_corpus,
    library_folder,
    library_reader,
    mutants,
    verdict,
)
from tests.ui.ui_driver import close_app, open_app, pump

SEED = 19


@pytest.fixture(scope="module")
def host() -> Host:
    return builtin_host()


@pytest.fixture(scope="module")
def corpus(host: Host) -> list[bytes]:
    return library_corpus(host)


def issue_cases(good: bytes) -> list[Mutant]:
    """The cases the issue names, on one good kept game."""
    data = json.loads(good)
    notes = ("seed: 1111", "library: [[[[", "library.players.0", "game: \"\\udfff",
             "library.created: NaN", "library.updated: Infinity", "library.created: -Inf",
             "library.created: 9223372036854775808", "library.players: [\"AAAAAAAA",
             'result: {"scores": "x"', 'result: {"scores": [1], "winners": [5], "reason": 3')
    cases = library_cases(data, random.Random(SEED), 1)
    chosen = [m for m in cases if m.note.startswith(notes)]
    assert len(chosen) >= len(notes)
    return chosen


def check_all(cases: list[Mutant], read: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    faults = []
    for mutant in cases:
        result, detail = verdict(mutant, read)
        counts[result] = counts.get(result, 0) + 1
        if result in ("traceback", "wrong"):
            faults.append(f"{result}: {mutant.kind} {mutant.note[:80]}: {detail[:200]}")
    assert not faults, "\n".join(faults[:20])
    return counts


def test_damaged_kept_games_are_listed_unreadable_in_one_line(
        host: Host, corpus: list[bytes], tmp_path: Path) -> None:
    """The library, the statistics and Continue / Replay on each damaged kept game."""
    rng = random.Random(SEED)
    cases = library_cases(json.loads(corpus[2]), rng, 1)  # every targeted case, once
    cases += [m for good in corpus for m in mutants(good, rng, 24, targeted=library_cases)]
    counts = check_all(cases, library_reader(host, tmp_path / "data"))
    assert sum(counts.values()) == len(cases) > 140 and counts["clear"] > 120


def test_the_issues_cases_name_what_is_wrong(host: Host, corpus: list[bytes],
                                             tmp_path: Path) -> None:
    for mutant in issue_cases(corpus[2]):
        folder = library_folder(tmp_path / "data", mutant.data)
        library = Library.open(folder)
        try:
            entry = library.get(KEPT_ID)
        finally:
            library.close()
        assert entry.status == UNREADABLE, mutant.note
        problem = entry.problem or ""
        assert "\n" not in problem and 0 < len(problem) <= MAX_MESSAGE, mutant.note
        assert any(word in problem for word in (
            "too long", "nested", "surrogate", "time", "player", "result")), problem


def _cli(args: list[str], folder: Path, stdin: str = "") -> Any:
    return CliRunner().invoke(main, args, obj={"host": builtin_host()}, input=stdin,
                              env={DATA_DIR_ENV: str(folder)})


def test_stats_open_and_play_text_start_beside_a_damaged_kept_game(
        host: Host, corpus: list[bytes], tmp_path: Path) -> None:
    """`stats --json` lists the file as unreadable; `open` of a good file keeps it (and of
    the damaged one refuses it in one line); `play --text` starts and reads last names."""
    rng = random.Random(SEED + 1)
    cases = issue_cases(corpus[2]) + list(mutants(corpus[0], rng, 12,
                                                  targeted=library_cases))
    good = tmp_path / "good.json"
    good.write_bytes(json.dumps({k: v for k, v in json.loads(corpus[2]).items()
                                 if k != "library"}).encode())
    for mutant in cases:
        folder = library_folder(tmp_path / "data", mutant.data)
        stats = _cli(["stats", "--json"], folder)
        assert stats.exit_code == 0 and "Traceback" not in stats.output, mutant.note
        unreadable = json.loads(stats.stdout)["unreadable"]
        for item in unreadable:
            assert "\n" not in item["problem"] and len(item["problem"]) <= MAX_MESSAGE
        assert import_record(host, good, folder).status != UNREADABLE, mutant.note
        if unreadable:  # what the library cannot read, `open` refuses before any window
            damaged = tmp_path / "damaged.json"
            damaged.write_bytes(mutant.data)
            refused = _cli(["open", str(damaged)], folder)
            assert refused.exit_code != 0 and refused.output.startswith("Error: "), \
                mutant.note
            assert len(refused.output.strip().splitlines()) == 1, refused.output
        played = _cli(["play", "versus", "--text", "--seat", "human", "--seat", "random"],
                      folder, stdin="quit\n")
        assert played.exit_code == 0, (mutant.note, played.output[-300:])
        assert "Traceback" not in played.output
        # And the library still reads the kept game as it did: refused or read.
        def check(data: bytes, folder: Path = folder) -> object:
            return library_check(host, folder)

        after, detail = verdict(mutant, check)
        assert after in ("clear", "accepted"), (mutant.note, detail)


def test_the_app_starts_on_damaged_kept_games(host: Host, corpus: list[bytes],
                                              tmp_path: Path) -> None:
    """The issue's cases all at once in `games/`, beside a good game in progress: the app
    starts, the launcher draws (with its picture), the Library lists every file (the bad
    ones as unreadable, with their reason) and the Statistics screen draws."""
    cases = issue_cases(corpus[2])
    library_folder(tmp_path, corpus[1])  # a good solo game in progress, kept as KEPT_ID
    for number, mutant in enumerate(cases):
        (tmp_path / "games" / f"{number:032x}.json").write_bytes(mutant.data)
    window = open_app(builtin_host, tmp_path)
    try:
        assert isinstance(window.current_view, LauncherScreen)
        pump(window, 2)
        window.app.show_library()
        pump(window, 2)
        screen = window.current_view
        assert isinstance(screen, LibraryScreen)
        lines = {e.id: result_line(e) for e in screen.entries}
        assert len(lines) == len(cases) + 1
        assert not lines[KEPT_ID].startswith("unreadable")
        for number, mutant in enumerate(cases):
            line = lines[f"{number:032x}"]
            assert line.startswith("unreadable: ") and "\n" not in line, mutant.note
        window.app.show_stats()
        pump(window, 2)
        assert isinstance(window.current_view, StatsScreen)
        window.app.show_launcher()
        pump(window, 2)
        assert isinstance(window.current_view, LauncherScreen)
    finally:
        close_app(window)
