"""The learning environments are optional: Tabletop, its games and their declared spaces
work without PettingZoo, Gymnasium or OpenSpiel (only `tabletop.env.pettingzoo` and
`tabletop.env.openspiel` import them)."""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = """
import json, sys
import tabletop.cli, tabletop.env
from tabletop.plugins import Host
from tabletop.record import start
host = Host(disabled=["openspiel"]).load()
for game_id in ("verso", "versus", "reversi"):
    game = host.game(game_id)
    state, _ = start(game, 2, {}, 0)
    learning = game.spaces()
    learning.observation_tensor(state, 0)
    learning.legal_actions(state)
    tabletop.env.spaces_of(game)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
                        ("pettingzoo", "gymnasium", "pyspiel", "open_spiel"))))
"""


def test_the_app_and_the_games_need_none_of_the_extras() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          check=True, timeout=120)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
