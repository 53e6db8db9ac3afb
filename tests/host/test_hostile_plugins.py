"""Hostile plugins, really installed beside the built-in games, never displace the built-ins
nor take the host down: name collisions, SystemExit, printing, slow imports, bad strengths."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.versus.game import VersusGame
from games.versus.levels import LEVELS
from tabletop.model import TabletopError
from tabletop.play.session import Session
from tabletop.plugins import Host
from tabletop.record import Record, record_of, start
from tests.host import hostile

BUILTIN = r"plugin 'versus' \(tabletop [^)]+\)"
#: The example distributions `make test` installs (examples/): left out here, so that what
#: loads is the built-ins and the hostile plugins beside them.
EXAMPLES = ("reversi", "openspiel")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile-site")
    hostile.install_all(root)
    return root


@pytest.fixture
def host(site: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Host]:
    """The installed plugins, discovered in this process with the hostile ones beside them
    (each test imports them afresh: what a plugin does at import happens every time)."""
    monkeypatch.syspath_prepend(str(site))
    yield Host(disabled=EXAMPLES).load()
    for module in [m.stem for m in site.glob("*.py")]:
        sys.modules.pop(module, None)


def _env(site: Path, **extra: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(site), TABLETOP_DISABLE_PLUGINS=",".join(EXAMPLES),
                **extra)


def _tabletop(site: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=_env(site),
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_the_built_ins_keep_their_game_ids_and_the_newcomer_fails(host: Host) -> None:
    assert isinstance(host.game("versus"), VersusGame)
    assert sorted(host.games) == ["solo", "verso", "versus"]
    errors = {(e.name, e.distribution): e.error for e in host.errors}
    assert re.fullmatch(f"game id 'versus' is already taken by {BUILTIN}",
                        errors["aaa", "versus-hijack"])
    assert re.fullmatch(f"the plugin name 'versus' is already used by {BUILTIN}",
                        errors["versus", "versus-namesake"])
    versus = host.owner("versus")
    assert versus is not None and versus.builtin and versus.distribution == "tabletop"


def test_an_unreadable_entry_points_file_is_that_plugins_failure(host: Host) -> None:
    error = next(e for e in host.errors if e.distribution == "garbled-points")
    assert error.name == "garbled-points"
    assert error.error.startswith("import failed: its entry points cannot be read (")


def test_an_agent_collision_refuses_that_agent_only(host: Host) -> None:
    agents = host.plugins[[p.name for p in host.plugins].index("agents")]
    assert agents.games == ["solo"] and agents.agents == ["versus:fair"]
    refused = "\n".join(agents.refused)
    assert re.search(f"agent 'strong' for 'versus': the name is already taken by "
                     f"{BUILTIN}", refused)
    assert "agent 'crasher' for 'versus': its declared strength 1000 is not a " \
           "number from 0 to 100" in refused
    assert "agent 'nan' for 'versus': its declared strength nan" in refused
    assert host.agent_owner("versus", "strong") is host.owner("versus")
    levels = [level.name for level in LEVELS]  # the built-in plugin's, after its agents
    assert [s.name for s in host.agent_specs("versus")] == [
        "random", "mcts", "greedy", "strong", *levels, "fair", "quitter"]


def test_a_third_party_agent_never_becomes_the_default(host: Host) -> None:
    # 'fair' (another plugin) declares 50, above the built-in 'strong' (30).
    strongest = host.strongest_agent("versus")
    assert strongest.name == "strong" and host.agent_owner("versus", "strong").builtin


def test_system_exit_is_that_plugins_failure(host: Host) -> None:
    errors = {e.name: e for e in host.errors}
    assert errors["exit_at_import"].error.startswith("import failed: SystemExit: 3 at ")
    assert errors["exit_at_import"].output == "exiting at import\n"
    assert errors["exit_in_hook"].error.startswith(
        "tabletop_register_games failed: SystemExit: no games today at ")
    with pytest.raises(TabletopError, match=r"agent 'quitter' of plugin 'exit_in_agent' "
                                            r"\(exit-in-agent 1.0\) could not be built: "
                                            r"SystemExit: 1"):
        host.make_agent("versus", "quitter")


def test_output_while_loading_is_captured_per_plugin(host: Host,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    chatty = host.plugins[[p.name for p in host.plugins].index("chatty")]
    assert chatty.output == ("hello from chatty at import\na second line\n"
                             "from a subprocess\nchatty registers nothing\n")
    assert capsys.readouterr() == ("", "")


def test_a_good_versus_autosave_still_loads(host: Host, site: Path, tmp_path: Path) -> None:
    # The record is made with the built-in game alone, as the app's autosave would be.
    game = VersusGame()
    state, options = start(game, 2, {}, 11)
    states, moves = [state], []
    for _ in range(6):
        move = game.legal_moves(state)[0]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    record = record_of(game, 2, options, 11, states, moves, ("human", "strong"))
    session = Session.from_record(host, Record.from_json(record.to_json()))
    assert isinstance(session.game, VersusGame) and session.moves == moves
    assert session.agents == ("human", "strong")
    path = tmp_path / "autosave.json"
    path.write_text(record.to_json())
    replayed = _tabletop(site, "replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert "Versus, 2 players, seed 11" in replayed.stdout


def test_games_json_stays_clean_and_stderr_names_every_problem(site: Path) -> None:
    result = _tabletop(site, "games", "--json")
    assert result.returncode == 0, result.stderr
    listing = {g["id"]: g for g in json.loads(result.stdout)}
    assert sorted(listing) == ["solo", "verso", "versus"]
    assert listing["versus"]["name"] == "Versus"
    warnings = result.stderr
    assert re.search(f"warning: plugin 'aaa' \\(versus-hijack 1.0\\): game id 'versus' is "
                     f"already taken by {BUILTIN}", warnings)
    assert re.search(f"plugin 'agents' \\(more-agents 1.0\\): refused agent 'strong' for "
                     f"'versus': the name is already taken by {BUILTIN}", warnings)
    assert "plugin 'exit_at_import' (exit-at-import 1.0): import failed: SystemExit: 3" in (
        warnings)
    assert "plugin 'chatty' (chatty-games 1.0) printed while loading: hello from chatty at " \
           "import…" in warnings
    assert "hello" not in result.stdout and "exiting" not in result.stdout
    assert "from a subprocess" not in result.stdout + result.stderr


def test_plugins_lists_failures_refusals_and_output(site: Path) -> None:
    listing = _tabletop(site, "plugins", "--json")
    assert listing.returncode == 0, listing.stderr
    data = json.loads(listing.stdout)
    assert {e["name"] for e in data["errors"]} == {"aaa", "versus", "exit_at_import",
                                                   "exit_in_hook", "garbled-points"}
    agents = next(p for p in data["plugins"] if p["name"] == "agents")
    assert len(agents["refused"]) == 3 and agents["builtin"] is False
    assert next(p for p in data["plugins"] if p["name"] == "versus")["builtin"] is True
    text = _tabletop(site, "plugins").stdout
    assert "  REFUSED agent 'crasher' for 'versus': its declared strength 1000" in text
    assert "  printed while loading:\n  | hello from chatty at import\n  | a second line\n" \
           "  | from a subprocess\n" in text
    assert "FAILED exit_at_import  (exit-at-import 1.0): import failed: SystemExit: 3" in text
    assert "  | exiting at import" in text


def test_the_default_opponent_in_the_terminal_is_the_built_in_strongest(site: Path,
                                                                        tmp_path: Path) -> None:
    played = _tabletop(site, "play", "versus", "--text", "--players", "2", "--seat", "human",
                       "--seed", "2",
                       "--save", str(tmp_path / "game.json"))
    assert played.returncode == 0, played.stderr
    record = Record.from_json((tmp_path / "game.json").read_text())
    assert record.agents == ("human", "strong")


def test_a_slow_plugin_is_named_while_it_loads(tmp_path: Path) -> None:
    hostile.install(tmp_path, "slow-games", "slow", hostile.SLOW)
    env = _env(tmp_path, TABLETOP_PLUGIN_SLOW_SECONDS="0.5", SLOW_PLUGIN_SECONDS="3.5")
    began = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "tabletop", "games", "--json"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        notice = process.stderr.readline()
        # Said while the plugin is still sleeping, not when the command ends.
        assert process.poll() is None, "the notice came only after loading"
        assert notice == "loading plugin 'slow' (slow-games 1.0) is taking a while…\n"
        out, _ = process.communicate(timeout=60)
    finally:
        process.kill()
    assert time.monotonic() - began >= 3.5
    assert process.returncode == 0
    assert {g["id"] for g in json.loads(out)} == {"verso", "versus"}
