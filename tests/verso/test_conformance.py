"""The host's conformance kit, the plugin registration, and headless rules modules."""

from __future__ import annotations

import pytest

from games.verso.game import VersoGame
from tabletop.plugins import Host
from tabletop.testing import check_game


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_conformance_kit(players: int) -> None:  # verso.md §3, §8 via tabletop.testing
    report = check_game(VersoGame(), seeds=range(6), players=[players])
    assert report.games_played == 6


def test_plugin_registers_game_and_agents() -> None:  # issue 3: registered agents
    host = Host().load()
    assert "verso" in host.games and not [e for e in host.errors if e.name == "verso"]
    specs = {s.name: s.strength for s in host.agent_specs("verso")}
    assert specs["greedy"] == 20 and specs["strong"] == 30 and "random" in specs
    assert host.strongest_agent("verso").name == "strong"
    info = host.game("verso").info
    assert (info.min_players, info.max_players, info.hidden_information) == (1, 6, True)
