"""Plugins written for the contract of da956c2 (the start of issue 20's round), and for
that of 18a7aad (the last before issue 35), keep working.

frozen/ holds, as test data, three plugins exactly as they were at da956c2: Reversi
(examples/tabletop-reversi), the OpenSpiel bridge (examples/tabletop-openspiel) and the
three games that commit's `tabletop new-game` writes (`--board square|hex|cards`, named
legacy_square, legacy_hex, legacy_cards). Only what clashes with the installed Reversi
and bridge is renamed: the distributions (legacy-reversi, legacy-openspiel), packages
(legacy_reversi, legacy_openspiel, and the imports naming them), entry points and game
ids (legacy-reversi, legacy-openspiel-<name>). Their tests, caches and .gitignore files are
left out; nothing else of their code is changed (frozen/ruff.toml keeps lint off them).
frozen/legacy-spaces-reversi is Reversi as it was at 18a7aad, when a `Game` declared its
learning spaces as methods of its own (`action_count` … `observation_tensor`), renamed
the same way (legacy-spaces-reversi, legacy_spaces_reversi).

Each is built into a wheel here (`_wheel`: the files its pyproject.toml lists, its
metadata and entry points; the venv's setuptools is too old for their `license` field and
a build-isolated one would be fetched) and installed from it by pip into a folder of its
own, once per module. Every check then runs `tabletop` in a subprocess with that folder on
PYTHONPATH, so the plugin is found through importlib.metadata like any installed one, with
`-W always::DeprecationWarning` (PYTHONWARNINGS): each run must show exactly one
`PluginDeprecationWarning` for each method whose form changed, naming it and saying what
to write instead: `render_text(state)` takes no seat, and (since issue 35) `sample_state`
and `reward` are no longer methods of the `Game` (`tabletop.model.legacy` adapts them;
`tests/migration/test_old_capabilities.py` checks every such old method).
"""

from __future__ import annotations

import base64
import csv
import fnmatch
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

FROZEN = Path(__file__).parent / "frozen"

#: A `PluginDeprecationWarning` as the warnings module prints it (its text is one line).
WARNED = re.compile(r"^\S.*?:\d+: PluginDeprecationWarning: (.*)$", re.MULTILINE)


@dataclass(frozen=True)
class Old:
    """A frozen plugin and what the host must make of it."""

    folder: str  # under frozen/
    plugin: str  # its entry point's name, the plugin's name in `tabletop plugins`
    distribution: str
    registers: int  # how many games it registers
    played: tuple[str, ...]  # the games played here (the bridge has 41)
    changed: str  # the class whose old methods are warned about
    first: str  # the game the warnings name (the first of that class to load)
    #: Its old capability methods (`tabletop.model.legacy`), one warning per group.
    adapted: tuple[tuple[str, ...], ...] = ()
    old_text: bool = True  # its render_text takes no seat


REVERSI = Old("legacy-reversi", "legacy-reversi", "legacy-reversi", 1, ("legacy-reversi",),
              "Reversi", "legacy-reversi")
BRIDGE_GAMES = ("legacy-openspiel-tic_tac_toe", "legacy-openspiel-backgammon",
                "legacy-openspiel-kuhn_poker", "legacy-openspiel-connect_four")
OLD = {old.folder: old for old in (
    REVERSI,
    Old("legacy-openspiel", "legacy-openspiel", "legacy-openspiel", 41, BRIDGE_GAMES,
        "OpenSpielGame", "legacy-openspiel-2048", (("sample_state",), ("reward",))),
    *(Old(f"tabletop-legacy-{board}", f"legacy_{board}", f"tabletop-legacy-{board}", 1,
          (f"legacy_{board}",), f"Legacy{board.title()}", f"legacy_{board}",
          (("sample_state",),) if board == "cards" else ())
      for board in ("square", "hex", "cards")),
    Old("legacy-spaces-reversi", "legacy-spaces-reversi", "legacy-spaces-reversi", 1,
        ("legacy-spaces-reversi",), "Reversi", "legacy-spaces-reversi",
        (("action_count", "action_of", "move_of", "observation_shape",
          "observation_tensor"),), old_text=False),
)}

#: The kit now offers `apply` values of the wrong type (None, a string, a float). Reversi
#: and the square and hex games of the old scaffold look into the move first and raise
#: AttributeError: for now that is a deprecation warning, not a kit failure.
WRONG_TYPE_WARNING = re.compile(r"PluginDeprecationWarning: game '[\w-]+': apply\(None\) "
                                r"raised AttributeError; refuse a value that is not a move "
                                r"with IllegalMoveError")
OLD_KIT_WARNED = {"legacy-reversi", "tabletop-legacy-square", "tabletop-legacy-hex"}


# -- installing a frozen plugin as a real distribution ----------------------------------

def _wheel(source: Path, into: Path) -> Path:
    """A pure-Python wheel of the distribution at `source`, from its pyproject.toml: the
    listed packages' modules and package data, METADATA, entry_points.txt and RECORD."""
    config = tomllib.loads((source / "pyproject.toml").read_text(encoding="utf-8"))
    project, setuptools = config["project"], config["tool"]["setuptools"]
    name, version = project["name"], project["version"]
    stem = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}"
    files: dict[str, bytes] = {}
    for package in setuptools["packages"]:
        folder = source.joinpath(*package.split("."))
        data = setuptools.get("package-data", {}).get(package, [])
        for path in sorted(folder.iterdir()):
            if path.is_file() and (path.suffix == ".py" or any(
                    fnmatch.fnmatch(path.name, pattern) for pattern in data)):
                files[f"{folder.relative_to(source).as_posix()}/{path.name}"] = path.read_bytes()
    metadata = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}",
                f"Summary: {project.get('description', '')}",
                f"Requires-Python: {project.get('requires-python', '')}",
                *(f"Requires-Dist: {dependency}" for dependency in project["dependencies"])]
    points = "".join(f"[{group}]\n" + "".join(f"{key} = {value}\n"
                                              for key, value in entries.items())
                     for group, entries in project["entry-points"].items())
    info = f"{stem}.dist-info"
    files[f"{info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: tests.migration\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{info}/entry_points.txt"] = points.encode()
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, content in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=")
        writer.writerow([path, f"sha256={digest.decode()}", len(content)])
    writer.writerow([f"{info}/RECORD", "", ""])
    files[f"{info}/RECORD"] = record.getvalue().encode()
    wheel = into / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, content in files.items():
            archive.writestr(path, content)
    return wheel


@dataclass(frozen=True)
class Installed:
    """A frozen plugin pip-installed into `site`, and the environment that finds it."""

    old: Old
    site: Path
    env: dict[str, str]

    def tabletop(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        """`tabletop ARGS` in a subprocess; its output is checked for the one warning."""
        return self.run("-m", "tabletop", *args, stdin=stdin)

    def run(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, *args], env=self.env, input=stdin,
                              capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-3000:])
        _one_warning(self.old, done.stderr)
        return done


#: What the warning of each group of old capability methods asks for instead, by its
#: first method (`tabletop.model.legacy`).
INSTEAD = {
    "action_count": "move them to a subclass of tabletop.model.LearningSpaces (the same "
                    "methods and arguments; it gets the game as LearningSpaces(game)) and "
                    "return an instance from {cls}.spaces(self)",
    "sample_state": "move it to a subclass of tabletop.model.Sampler (sample_state, the "
                    "same arguments) and return an instance from {cls}.sampler(self)",
    "reward": "give each seat's reward as Outcome(..., rewards=(...)) from "
              "{cls}.outcome(self, state)",
}


#: The older forms the host now warns of where play meets them (`tabletop.older_forms`:
#: a log line or an outcome's reason naming a seat in plain text), and the kit's
#: deprecations (an `apply` of a wrong-type value, a `reveals` silent at a showdown).
LATER_WARNINGS = re.compile(r"apply\(None\) raised|\.describe gave the plain text|"
                            r"\.outcome gave the reason|which ends the game and shows")


def _one_warning(old: Old, stderr: str) -> None:
    """One PluginDeprecationWarning per changed method in a run, as the plugin loads:
    the old render_text's, then one for each old capability method, each naming the
    method and what to write instead (no other plugin loaded beside it warns); and,
    where the kit ran, at most one per game for its `apply` of a wrong-type value."""
    said = [text for text in WARNED.findall(stderr) if not LATER_WARNINGS.search(text)]
    applies = [text for text in WARNED.findall(stderr) if LATER_WARNINGS.search(text)]
    assert len(applies) == len(set(applies)), applies
    assert len(said) == old.old_text + len(old.adapted), said
    if old.old_text:
        assert said[0].startswith(
            f"game {old.first!r}: {old.changed}.render_text(state) takes no seat; write "
            "render_text(self, state, seat=None) returning what that seat may see"), said[0]
    for text, methods in zip(said[old.old_text:], old.adapted, strict=True):
        named = ", ".join(f"{old.changed}.{method}" for method in methods)
        are = "method is" if len(methods) == 1 else "methods are"
        assert text.startswith(f"game {old.first!r}: {named}: the Game {are} deprecated; "
                               + INSTEAD[methods[0]].format(cls=old.changed)), text


def _install(source: Path, work: Path, old: Old) -> Installed:
    wheel = _wheel(source, work)
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--no-index", "--disable-pip-version-check", "--target", str(site),
                    str(wheel)], check=True, capture_output=True, timeout=300)
    paths = [str(site), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), ARCADE_HEADLESS="1",
               PYTHONWARNINGS="always::DeprecationWarning", TABLETOP_DISABLE_PLUGINS="",
               TABLETOP_DATA_DIR=str(work / "data"))
    return Installed(old, site, env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Installed]]:
    """`installed(folder)`: that frozen plugin, built and pip-installed once per module."""
    done: dict[str, Installed] = {}

    def install(folder: str) -> Installed:
        if folder not in done:
            done[folder] = _install(FROZEN / folder, tmp_path_factory.mktemp(folder),
                                    OLD[folder])
        return done[folder]

    yield install


# -- the checks --------------------------------------------------------------------------

@pytest.mark.parametrize("folder", list(OLD))
def test_it_installs_loads_and_is_listed(installed: Callable[[str], Installed],
                                         folder: str) -> None:
    plugin = installed(folder)
    old = plugin.old
    assert (plugin.site / old.folder.replace("-", "_").removeprefix("tabletop_")).is_dir()
    listed = json.loads(plugin.tabletop("plugins", "--json").stdout)
    assert listed["errors"] == []
    mine = [p for p in listed["plugins"] if p["name"] == old.plugin]
    assert len(mine) == 1
    assert mine[0]["distribution"] == old.distribution and not mine[0]["builtin"]
    assert len(mine[0]["games"]) == old.registers and set(old.played) <= set(mine[0]["games"])
    assert mine[0]["output"] == ""  # its warning is the host's, not the plugin's printing
    games = plugin.tabletop("games")
    assert "warning:" not in games.stdout + games.stderr  # the host's own: a load failure
    shown = {line.split()[0] for line in games.stdout.splitlines() if line[:1].strip()}
    assert set(mine[0]["games"]) <= shown


KIT = """
import json, sys
from tabletop.plugins import Host
from tabletop.testing import ConformanceError, check_game

host = Host().load()
seeds = int(sys.argv[1])
found = {}
for game_id in sys.argv[2:]:
    game = host.games[game_id]
    try:
        check_game(game, seeds=range(seeds), max_plies=None if game.info.max_plies else 300)
        found[game_id] = []
    except ConformanceError as exc:
        found[game_id] = [line[2:] for line in str(exc).splitlines() if line.startswith("- ")]
print(json.dumps(found))
"""


#: The bridge's games the kit checks: of each kind (no chance, chance, one player, hidden
#: information) a few, not all 41 (they take 10-20 s more; its own tests at da956c2 did).
BRIDGE_KIT = tuple(f"legacy-openspiel-{name}" for name in (
    "tic_tac_toe", "connect_four", "breakthrough", "backgammon", "pig", "2048",
    "kuhn_poker", "leduc_poker", "oh_hell", "bargaining"))


@pytest.mark.parametrize("folder", list(OLD))
def test_the_conformance_kit_passes_on_the_old_games(installed: Callable[[str], Installed],
                                                     folder: str) -> None:
    plugin = installed(folder)
    games = BRIDGE_KIT if plugin.old is OLD["legacy-openspiel"] else plugin.old.played
    checked = plugin.run("-c", KIT, "2", *games)
    found = json.loads(checked.stdout)
    assert found == {game: [] for game in games}
    assert bool(WRONG_TYPE_WARNING.search(checked.stderr)) == (folder in OLD_KIT_WARNED), (
        checked.stderr[-2000:])


@pytest.mark.parametrize("folder", list(OLD))
def test_the_old_games_simulate_and_play_to_the_end(installed: Callable[[str], Installed],
                                                    folder: str) -> None:
    plugin = installed(folder)
    for game in plugin.old.played:
        simulated = json.loads(plugin.tabletop(
            "simulate", game, "--agents", "random,random", "--games", "2", "--json").stdout)
        assert [r["ended"] for r in simulated["results"]] == ["rules", "rules"], simulated
        played = plugin.tabletop("play", game, "--text", "--seat", "random", "--seat",
                                 "random", "--seed", "3")
        assert "Game over" in played.stdout, played.stdout[-2000:]
        assert "printed during play" not in played.stderr


#: Games played by two people at the terminal, their moves piped in (a bad one first).
PIPED = [
    ("tabletop-legacy-square", "legacy_square", "zz\nb2\nb2\na1\na3\nc3\nc1\n",
     ["Not played: 'zz' is not a cell", "Not allowed: b2 is taken.",
      "Game over (Crosses made a line of 3)", " 2 . X ."]),
    ("legacy-openspiel", "legacy-openspiel-tic_tac_toe",
     "x(1,1)\no(0,0)\nx(0,2)\no(2,2)\nx(2,0)\n", ["Game over (by OpenSpiel's rules): x 1",
                                                  "x.o"]),
    # Hidden information and a render_text without a seat: each seat sees the text of its
    # own observation (its card), as the app drew it before seat views.
    ("legacy-openspiel", "legacy-openspiel-kuhn_poker", "pass\npass\n",
     ["[Player 1's view]\n2\n", "Player 2: Pass", "Game over (by OpenSpiel's rules)"]),
]


@pytest.mark.parametrize(("folder", "game", "moves", "shown"), PIPED,
                         ids=[game for _, game, _, _ in PIPED])
def test_people_play_an_old_game_in_the_terminal(installed: Callable[[str], Installed],
                                                 folder: str, game: str, moves: str,
                                                 shown: list[str]) -> None:
    played = installed(folder).tabletop("play", game, "--text", "--seat", "human", "--seat",
                                        "human", "--seed", "1", stdin=moves)
    for text in shown:
        assert text in played.stdout, (text, played.stdout[-2000:])


@pytest.mark.parametrize(("folder", "game"), [
    ("legacy-reversi", "legacy-reversi"), ("tabletop-legacy-hex", "legacy_hex"),
    ("tabletop-legacy-cards", "legacy_cards"),
    ("legacy-openspiel", "legacy-openspiel-connect_four")])
def test_an_old_renderer_draws_its_game(installed: Callable[[str], Installed],
                                        folder: str, game: str) -> None:
    plugin = installed(folder)
    records, picture = plugin.site.parent / "records", plugin.site.parent / f"{game}.png"
    plugin.tabletop("simulate", game, "--agents", "random", "--games", "1",
                    "--records", str(records))
    plugin.tabletop("screenshot", game, "--record", str(records / f"{game}-0.json"),
                    "--out", str(picture), "--size", "640x480")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_doing_what_the_warning_says_silences_it(tmp_path: Path) -> None:
    """Reversi with the one change the warning asks for loads and plays without a
    warning, and so do the up-to-date plugins installed beside it."""
    source = tmp_path / "source"
    shutil.copytree(FROZEN / REVERSI.folder, source)
    game = source / "legacy_reversi" / "game.py"
    old = "def render_text(self, state: Position) -> str:"
    assert game.read_text(encoding="utf-8").count(old) == 1
    game.write_text(game.read_text(encoding="utf-8").replace(
        old, "def render_text(self, state: Position, seat: int | None = None) -> str:"),
        encoding="utf-8")
    plugin = _install(source, tmp_path, REVERSI)
    seats = ("--text", "--seat", "random", "--seat", "random")
    for args, shown in ((("games",), "legacy-reversi  Reversi (2 players)"),
                        (("play", "legacy-reversi", *seats), "Game over"),
                        (("play", "reversi", *seats), "Game over")):
        done = subprocess.run([sys.executable, "-m", "tabletop", *args], env=plugin.env,
                              capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        assert shown in done.stdout
        # The older forms of its log and outcome are said still: not what was changed.
        assert [said for said in WARNED.findall(done.stderr)
                if "render_text" in said or "legacy" not in said] == []


#: Reversi of 18a7aad as a PettingZoo environment: its old learning-environment methods,
#: adapted, must give PettingZoo's own API test a whole environment.
ENVIRONMENT = """
from pettingzoo.test import api_test
from tabletop.env.pettingzoo import env
api_test(env("legacy-spaces-reversi"), num_cycles=200)
print("played")
"""


def test_an_old_learning_environment_still_plays(installed: Callable[[str], Installed]) -> None:
    done = installed("legacy-spaces-reversi").run("-c", ENVIRONMENT)
    assert done.stdout.strip().endswith("played"), done.stdout[-2000:]
