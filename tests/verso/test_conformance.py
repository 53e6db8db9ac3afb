"""The host's conformance kit, the plugin registration, and headless rules modules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from games.verso.game import VersoGame
from tabletop.plugins import Host
from tabletop.testing import check_game

VERSO = Path(__file__).resolve().parents[2] / "games" / "verso"


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_conformance_kit(players: int) -> None:  # verso.md §3, §8 via tabletop.testing
    report = check_game(VersoGame(), seeds=range(6), players=[players])
    assert report.games_played == 6


def rules_modules() -> list[Path]:
    """Every module of the plugin except its drawing code (the `view` subpackage)."""
    return [p for p in VERSO.rglob("*.py") if p.relative_to(VERSO).parts[0] != "view"]


def test_no_rules_module_imports_arcade() -> None:  # STYLE.md: rules run headless
    assert len(rules_modules()) >= 10
    for path in rules_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in ("arcade", "pyglet") or "tabletop.ui" in n
                           for n in names), path


def test_loading_the_plugin_stays_headless() -> None:  # STYLE.md: rules run headless
    code = ("import sys, games.verso.plugin, games.verso.ai, games.verso.saving; "
            "sys.exit(any(m.split('.')[0] in ('arcade', 'pyglet') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_plugin_registers_game_and_agents() -> None:  # issue 3: registered agents
    host = Host().load()
    assert "verso" in host.games and not [e for e in host.errors if e.name == "verso"]
    specs = {s.name: s.strength for s in host.agent_specs("verso")}
    assert specs["greedy"] == 20 and specs["strong"] == 30 and "random" in specs
    assert host.strongest_agent("verso").name == "strong"
    info = host.game("verso").info
    assert (info.min_players, info.max_players, info.hidden_information) == (1, 6, True)
