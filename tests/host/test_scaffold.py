"""`tabletop new-game`: the scaffold's checks, its templates, and a scaffolded game that
really installs, lists, plays, simulates, draws and passes its own tests.

The end-to-end test scaffolds one game of each board with the real CLI, installs the
three distributions with pip into a temporary folder (like the Nim plugin in
test_cli.py; a fresh venv would take minutes) and drives `tabletop` and the games' own
`pytest` in real subprocesses on that folder.
"""

from __future__ import annotations

import glob
import importlib
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from babel.messages.pofile import read_po, write_po
from click.testing import CliRunner

from tabletop import catalogs, i18n
from tabletop.cli import main
from tabletop.plugins import Host, module_sources
from tabletop.scaffold import BOARDS, ScaffoldError, check_name, create_game

ROOT = Path(__file__).parents[2]
TEMPLATES = ROOT / "tabletop" / "scaffold" / "template-files"
#: One game of each board, with the player counts the end-to-end test scaffolds.
GAMES = {"tt_square": ("square", 2), "tt_hex": ("hex", 2), "tt_cards": ("cards", 3)}


def _new_game(*args: str) -> Any:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    return CliRunner().invoke(main, ["new-game", *args], obj={"host": host})


@pytest.mark.parametrize(("name", "message"), [
    ("Bad", "not a usable game name"), ("1st", "not a usable game name"),
    ("x", "not a usable game name"), ("two-words", "not a usable game name"),
    ("class", "not a usable game name"), ("nim", "already installed"),
    ("json", "a Python module named 'json' already exists"),
])
def test_a_bad_name_is_refused_in_one_line(tmp_path: Path, name: str, message: str) -> None:
    result = _new_game(name, "--dir", str(tmp_path / "out"))
    assert result.exit_code == 1 and message in result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_empty_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    result = _new_game("fresh_game", "--dir", str(tmp_path))
    assert result.exit_code == 1 and "not an empty folder" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
    file = tmp_path / "keep.txt"
    assert "not an empty folder" in _new_game("fresh_game", "--dir", str(file)).output


@pytest.mark.parametrize(("args", "message"), [
    (["--board", "hex", "--players", "3"], "is for 2 players, not 3"),
    (["--players", "5"], "is for 2 to 4 players, not 5"),
    (["--board", "chess"], "'chess' is not one of"),
])
def test_bad_players_or_board_are_refused(tmp_path: Path, args: list[str], message: str) -> None:
    result = _new_game("fresh_game", "--dir", str(tmp_path / "out"), *args)
    assert result.exit_code == (2 if "chess" in args else 1)  # click's usage error: 2
    assert message in result.output and not (tmp_path / "out").exists()


def test_an_empty_folder_is_filled_and_named_after_the_game(tmp_path: Path) -> None:
    made = create_game("fresh_game", tmp_path, 2, "square")
    assert made.distribution == "tabletop-fresh-game" and made.package == "fresh_game"
    pyproject = tomllib.loads((tmp_path / "pyproject.toml").read_text())
    assert pyproject["project"]["entry-points"]["tabletop"] == {
        "fresh_game": "fresh_game.plugin"}
    assert (tmp_path / "fresh_game" / "view" / "__init__.py").is_file()
    with pytest.raises(ScaffoldError, match="not an empty folder"):
        create_game("fresh_game", tmp_path, 2, "square")


@pytest.mark.parametrize("board", list(BOARDS))
def test_every_player_count_gives_complete_python(tmp_path: Path, board: str) -> None:
    shape = BOARDS[board]
    for players in range(shape.min_players, shape.max_players + 1):
        made = create_game(f"game_{players}", tmp_path / str(players), players, board)
        for path in made.files:
            if path.suffix == ".mo":  # a compiled catalog (checked below)
                continue
            text = path.read_text(encoding="utf-8")
            assert "$" not in text, f"{path} has a field left unfilled"
            if path.suffix == ".py":
                compile(text, str(path), "exec")
        package = tmp_path / str(players) / f"game_{players}"
        assert f"PLAYERS = {players}" in (package / "game.py").read_text() or board == "hex"
    # The code a plugin author starts from is as clean as ours, by its own pyproject.
    linted = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."],
                            cwd=tmp_path / str(shape.min_players), capture_output=True,
                            text=True, check=False)
    assert linted.returncode == 0, linted.stdout


@pytest.mark.parametrize("board", list(BOARDS))
def test_a_new_game_ships_its_own_catalogs(tmp_path: Path, board: str) -> None:
    """Issue 23: the new package has its `.pot` and an English, a French and a German
    catalog, each compiled; its texts are in them; its info carries the catalog; and a
    text its author translates is shown in that language."""
    name = f"lang_{board}"
    made = create_game(name, tmp_path, BOARDS[board].min_players, board)
    package = tmp_path / name
    domain = catalogs.Domain(name, package)
    assert (package / "locale" / f"{name}.pot").is_file()
    for language in ("en", "fr", "de"):
        po, mo = domain.po(language), domain.mo(language)
        assert po in made.files and mo in made.files
        assert mo.read_bytes() == catalogs._mo_bytes(po), f"{mo} is not compiled"
        with po.open("rb") as handle:
            ids = {m.id for m in read_po(handle) if m.id}
        assert "cards dealt to each player" in ids or "cells along each side of the grid" \
            in ids or "hexagons along each edge" in ids
    # Untranslated only: nothing missing from a catalog, nothing stale.
    assert all(problem.endswith(": not translated")
               for problem in catalogs.problems(domain)), catalogs.problems(domain)
    pyproject = (tmp_path / "pyproject.toml").read_text()
    assert "locale/*/LC_MESSAGES/*.mo" in pyproject
    assert "python -m tabletop.catalogs" in (tmp_path / "README.md").read_text()

    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module(f"{name}.game")
        game_class = next(value for value in vars(module).values()
                          if isinstance(value, type) and getattr(value, "info", None)
                          is not None and value.__module__ == module.__name__)
        info = game_class.info
        assert isinstance(info.catalog, i18n.Catalog)
        assert info.catalog.domain == name and info.catalog.folder == package / "locale"
        # The author translates the description into French and compiles as the README says.
        po = domain.po("fr")
        with po.open("rb") as handle:
            french = read_po(handle, locale="fr")
        french[info.description].string = "Une description en français."
        with po.open("wb") as handle:
            write_po(handle, french)
        assert catalogs.main([name, str(package)]) == 0
        i18n.register(info.catalog)
        i18n.set_language("fr")
        assert i18n.translated(info.description) == "Une description en français."
    finally:
        i18n.set_language("en")
        sys.path.remove(str(tmp_path))
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[loaded]


def test_name_check_knows_installed_games() -> None:
    assert check_name("new_one", ["nim"]) == "new_one"
    with pytest.raises(ScaffoldError, match="already installed"):
        check_name("nim", ["nim", "verso"])


def test_the_wheel_ships_every_template() -> None:
    """The templates are package data: each file matches the globs pyproject.toml lists
    (as setuptools reads them), and their package is in the explicit package list."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "tabletop.scaffold" in config["packages"]
    root = TEMPLATES.parent
    shipped = {path for pattern in config["package-data"]["tabletop.scaffold"]
               for path in glob.glob(pattern, root_dir=root, recursive=True)
               if (root / path).is_file()}
    files = {str(path.relative_to(root)) for path in TEMPLATES.rglob("*")
             if path.is_file() and "__pycache__" not in path.parts}
    assert files and files <= shipped, sorted(files - shipped)


# -- end to end: scaffold, install, list, play, simulate, draw, the games' own tests ----

@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The three games scaffolded by the real CLI and pip-installed into one folder."""
    work = tmp_path_factory.mktemp("scaffold")
    env = dict(os.environ, TABLETOP_DISABLE_PLUGINS="", ARCADE_HEADLESS="1")
    for name, (board, players) in GAMES.items():
        # The first through a real `tabletop` process, the others in this one (the same
        # command, without paying for another start-up).
        args = ("new-game", name, "--dir", str(work / name), "--board", board,
                "--players", str(players))
        if name == "tt_square":
            made = _tabletop(env, *args)
            assert made.returncode == 0, made.stderr
            assert "wrote tabletop-tt-square" in made.stdout
        else:
            assert _new_game(*args[1:]).exit_code == 0
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(site), *(str(work / name) for name in GAMES)],
                   check=True, capture_output=True)
    # The games first, then the tree under test (as the migration tests do): a worktree
    # whose Tabletop is not the installed one is the one the new games must run on.
    env["PYTHONPATH"] = os.pathsep.join(
        [str(site), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])
    return {"work": work, "env": env}


def _tabletop(env: dict[str, str], *args: str, stdin: str = "",
              cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=env, input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def test_the_new_games_are_listed_with_their_renderers(scaffolded: dict[str, Any]) -> None:
    listed = _tabletop(scaffolded["env"], "plugins", "--json")
    assert listed.returncode == 0, listed.stderr
    plugins = {p["name"]: p for p in json.loads(listed.stdout)["plugins"]}
    for name in GAMES:
        assert plugins[name]["games"] == [name] and plugins[name]["renderers"] == [name]
        assert plugins[name]["distribution"] == f"tabletop-{name.replace('_', '-')}"
    games = _tabletop(scaffolded["env"], "games").stdout
    assert "tt_square  Tt Square (2 players)" in games and "tt_cards  Tt Cards (3 players)" \
        in games


def test_a_new_game_plays_in_the_terminal(scaffolded: dict[str, Any]) -> None:
    env = scaffolded["env"]
    square = _tabletop(env, "play", "tt_square", "--text", "--seat", "human", "--seat", "human",
                       "--seed", "1", stdin="zz\nb2\nb2\na1\na3\nc3\nc1\n")
    assert square.returncode == 0, square.stderr
    assert "Not played: 'zz' is not a cell" in square.stdout
    assert "Not allowed: b2 is taken." in square.stdout
    assert "Crosses made a line of 3" in square.stdout
    for name in ("tt_hex", "tt_cards"):
        seats = ["--seat", "random"] * GAMES[name][1]
        played = _tabletop(env, "play", name, "--text", *seats, "--seed", "3")
        assert played.returncode == 0, played.stderr
        assert "Game over" in played.stdout


def test_a_new_game_simulates_and_draws_its_board(scaffolded: dict[str, Any]) -> None:
    env, work = scaffolded["env"], scaffolded["work"]
    for name in GAMES:
        simulated = _tabletop(env, "simulate", name, "--agents", "mcts", "--games", "2",
                              "--iterations", "30", "--json", "--records", str(work / "records"))
        assert simulated.returncode == 0, simulated.stderr
        assert len(json.loads(simulated.stdout)["results"]) == 2
    # Each game's own screen test opens it in the app; here `tabletop screenshot` draws one.
    picture = work / "tt_hex.png"
    drawn = _tabletop(env, "screenshot", "tt_hex", "--record",
                      str(work / "records" / "tt_hex-0.json"), "--out", str(picture),
                      "--size", "800x600")
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("name", list(GAMES))
def test_a_new_game_passes_its_own_tests(scaffolded: dict[str, Any], name: str) -> None:
    """Its rules, the conformance kit, headless rules, saves and a game played by clicks
    against the computer in the real app window."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                          cwd=scaffolded["work"] / name, env=scaffolded["env"],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout
