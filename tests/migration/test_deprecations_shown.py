"""An installed plugin's deprecations reach its author where they look: `tabletop plugins`
lists them (and `--json`), the other commands say each once on stderr, and play says the
older forms it meets (a log line, an outcome's reason naming a seat in plain text).

The plugin is the frozen Reversi of tests/migration (its `render_text(state)` takes no
seat; its `describe` and its outcome's reason write "Black" into the text), built into a
wheel and pip-installed into a folder of its own; `tabletop` runs in a subprocess with
Python's default warning filters, which hide a `DeprecationWarning` outside `__main__`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.migration.test_old_plugins import FROZEN, REVERSI, Installed, _install

RENDER_TEXT = ("game 'legacy-reversi': Reversi.render_text(state) takes no seat; write "
               "render_text(self, state, seat=None) returning what that seat may see")
PLUGIN = "plugin 'legacy-reversi' (legacy-reversi "


@pytest.fixture(scope="module")
def reversi(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The frozen Reversi, installed; `tabletop` run with the default warning filters."""
    installed = _install(FROZEN / REVERSI.folder, tmp_path_factory.mktemp("reversi"), REVERSI)
    env = {key: value for key, value in installed.env.items() if key != "PYTHONWARNINGS"}
    return Installed(installed.old, installed.site, env)


def _tabletop(plugin: Installed, *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "tabletop", *args], env=plugin.env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])
    assert "PluginDeprecationWarning" not in done.stderr  # Python's own printing: hidden
    return done


def test_tabletop_plugins_lists_the_plugins_deprecations(reversi: Installed) -> None:
    listed = _tabletop(reversi, "plugins").stdout
    entry = listed[listed.index("legacy-reversi  (legacy-reversi"):]
    entry = entry[:entry.index("\n", entry.index("DEPRECATED"))]
    assert f"\n  DEPRECATED {RENDER_TEXT}" in entry
    assert "deprecated:" not in _tabletop(reversi, "plugins").stderr  # listed, not warned
    plugins = json.loads(_tabletop(reversi, "plugins", "--json").stdout)["plugins"]
    mine = next(p for p in plugins if p["name"] == "legacy-reversi")
    assert len(mine["deprecations"]) == 1 and mine["deprecations"][0].startswith(RENDER_TEXT)
    assert all(p["deprecations"] == [] for p in plugins if p["name"] != "legacy-reversi")


def test_the_other_commands_say_them_once_on_stderr(reversi: Installed) -> None:
    games = _tabletop(reversi, "games")
    said = [line for line in games.stderr.splitlines() if line.startswith("deprecated:")]
    assert len(said) == 1 and said[0].startswith(f"deprecated: {PLUGIN}")
    assert RENDER_TEXT in said[0] and said[0].endswith("(see `tabletop plugins`)")
    # stdout is the listing alone, as it was.
    assert "deprecat" not in games.stdout.lower()
    assert "legacy-reversi  Reversi (2 players)" in games.stdout


def test_play_and_simulate_say_the_older_forms_they_meet(reversi: Installed) -> None:
    seats = ("--text", "--seat", "random", "--seat", "random", "--seed", "3")
    played = _tabletop(reversi, "play", "legacy-reversi", *seats)
    said = [line for line in played.stderr.splitlines() if line.startswith("deprecated:")]
    assert "Game over" in played.stdout and "deprecated" not in played.stdout
    assert len(said) == len(set(said)) == 3, said  # render_text, describe, outcome
    assert any(RENDER_TEXT in line for line in said)
    assert any("Reversi.describe gave the plain text 'Black plays" in line and
               "give a Line with the seat as an argument" in line for line in said)
    assert any("Reversi.outcome gave the reason" in line and
               "Outcome(scores, winners, line.english(seat_names), line)" in line
               for line in said)
    simulated = _tabletop(reversi, "simulate", "legacy-reversi", "--agents",
                          "random,random", "--games", "1", "--json")
    json.loads(simulated.stdout)  # stdout is the results alone
    said = [line for line in simulated.stderr.splitlines() if line.startswith("deprecated:")]
    assert any(RENDER_TEXT in line for line in said) and len(said) == len(set(said))


def test_an_up_to_date_plugin_says_nothing(reversi: Installed) -> None:
    played = _tabletop(reversi, "play", "reversi", "--text", "--seat", "random", "--seat",
                       "random")
    said = [line for line in played.stderr.splitlines() if line.startswith("deprecated:")]
    assert len(said) == 1 and said[0].startswith(f"deprecated: {PLUGIN}")  # loaded beside
