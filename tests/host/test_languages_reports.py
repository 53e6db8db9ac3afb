"""Issue 23: the reports and errors of the library, the statistics, the options, `simulate`
and `tournament` in French and German (English stays as it was)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.model import OptionError
from tabletop.play.simulate import report_lines
from tabletop.plugins import Host
from tabletop.store.library import Library
from tabletop.store.settings import setting_problem
from tabletop.store.stats import player_stats, stats_lines
from tests.library.helpers import finished


def _tabletop(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {name: value for name, value in os.environ.items()
               if name not in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(ARCADE_HEADLESS="1", LANG="C.UTF-8", **env)
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=environ,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _library(folder: Path) -> Library:
    """Ada won one Versus game and lost one against greedy, and lost one to Bob."""
    library = Library.open(folder)
    library.add(finished("versus", (10.0, 5.0), (0,), ("human", "greedy")), ["Ada", "greedy"])
    library.add(finished("versus", (3.0, 8.0), (1,), ("human", "greedy")), ["Ada", "greedy"])
    library.add(finished("versus", (2.0, 9.0), (1,), ("human", "human")), ["Ada", "Bob"])
    return library


def test_stats_in_french_from_the_command_line(tmp_path: Path) -> None:
    _library(tmp_path).close()
    shown = _tabletop("--lang", "fr", "stats", "--player", "Ada", TABLETOP_DATA_DIR=str(tmp_path))
    assert shown.returncode == 0, shown.stderr
    # French puts a no-break space before : and % (read here as plain spaces).
    out = shown.stdout.replace("\u00a0", " ")
    assert "  Versus : parties 3, victoires 1, nulles 0, défaites 2 (33 %)" in out
    assert "série de victoires : 0 en cours, record 1" in out
    assert "contre des personnes : " in out and "contre greedy : " in out
    english = _tabletop("stats", "--player", "Ada", TABLETOP_DATA_DIR=str(tmp_path)).stdout
    assert "  Versus: 3 played, 1 won, 0 drawn, 2 lost (33%)" in english


def test_no_games_yet_in_german(tmp_path: Path) -> None:
    shown = _tabletop("--lang", "de", "stats", TABLETOP_DATA_DIR=str(tmp_path))
    assert shown.stdout == "Noch keine beendeten Partien.\n", shown.stderr


def test_stats_lines_count_games_in_each_language(tmp_path: Path, english: None) -> None:
    library = _library(tmp_path)
    stats = player_stats(library.entries(), Host().games, player="Ada")
    library.close()
    solo = {"players": {"Ada": {"games": {}, "against": {}, "by_seat": {}, "rating": {},
                                "streaks": {}, "bests": {},
                                "solo": {"verso": {"games": 2, "scores": [40.0, 52.5],
                                                   "best": 52.5, "average": 46.25,
                                                   "bands": []}}}}}
    names = {"verso": "Verso"}
    assert "  Verso solo: 2 games, best 52.5, average 46.2" in stats_lines(solo, names)
    i18n.set_language("de")
    assert "  Verso solo: 2 Partien, Bestwert 52,5, Schnitt 46,2" in stats_lines(solo, names)
    assert any(line.startswith("  gegen Menschen: 1 gespielt, 0 gewonnen")
               for line in stats_lines(stats, {"versus": "Versus"}))
    i18n.set_language("fr")
    assert "  Verso en solo : 2 parties, meilleur 52,5, moyenne 46,2" in [
        line.replace("\u00a0", " ") for line in stats_lines(solo, names)]


def test_an_option_error_in_german(english: None) -> None:
    info = Host().game("versus").info
    with pytest.raises(OptionError) as english_error:
        info.check_players(5)
    assert str(english_error.value) == "Versus is played by 2 players, not 5"
    i18n.set_language("de")
    with pytest.raises(OptionError) as refused:
        info.check_players(5)
    assert str(refused.value) == "Versus wird von 2 Spielern gespielt, nicht von 5"
    with pytest.raises(OptionError) as unknown:
        info.option("nothing")
    assert "hat keine Option 'nothing'" in str(unknown.value)
    assert setting_problem("volume", 7) == "muss eine Zahl in 0..1 sein"


def test_simulate_reports_in_german() -> None:
    shown = _tabletop("--lang", "de", "simulate", "versus", "--games", "2", "--agents",
                      "random,random", "--max-plies", "4")
    assert shown.returncode == 0, shown.stderr
    first, *rows = shown.stdout.splitlines()
    assert first.startswith("2 Partien Versus in ") and first.endswith(" s")
    assert any("Punkteschnitt" in row and "Siegquote" in row and "s/Zug" in row for row in rows)
    assert "2 Partien nach 4 Halbzügen abgebrochen (keine Regel): kein Ergebnis, oben nicht " \
           "gezählt" in shown.stdout


def test_report_lines_stay_english_and_write_decimals_the_french_way(english: None) -> None:
    assert report_lines("Nim", [], 1.25) == ["0 games of Nim in 1.2 s"]
    i18n.set_language("fr")
    assert report_lines("Nim", [], 1.25) == ["0 partie de Nim en 1,2 s"]
