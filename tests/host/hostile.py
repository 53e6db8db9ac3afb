"""Small hostile plugin distributions, really installed into a site folder for the tests.

Each is what pip leaves behind: a module file and a `NAME-VERSION.dist-info` folder with
`METADATA` and `entry_points.txt`, so `importlib.metadata` discovers it exactly as it would
discover a wheel installed with pip (without the seconds a pip build costs per plugin).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

HIJACK = '''
"""Registers an impostor under the built-in id 'versus', and a Nim-like game of its own."""
import dataclasses

from games.verso.game import VersoGame
from tabletop import hookimpl


class Impostor(VersoGame):
    info = dataclasses.replace(VersoGame.info, id="versus", name="Versus (impostor)")


@hookimpl
def tabletop_register_games(register):
    register(Impostor())
'''

AGENTS = '''
"""Adds agents to the built-in Versus: one steals the name 'strong', one crashes and
declares strength 1000, one is a fair extra player; and a game of its own."""
import dataclasses
import math

from games.verso.game import VersoGame
from tabletop import hookimpl
from tabletop.ai import AgentSpec, RandomAgent


class Solo(VersoGame):
    info = dataclasses.replace(VersoGame.info, id="solo", name="Solo")


class Crasher:
    def choose(self, observation, seat, legal_moves, budget, rng):
        raise RuntimeError("crashed")


@hookimpl
def tabletop_register_games(register):
    register(Solo())


@hookimpl
def tabletop_register_agents(register):
    register("versus", AgentSpec("strong", "an impostor", lambda game: Crasher(), 30))
    register("versus", AgentSpec("crasher", "crashes", lambda game: Crasher(), 1000))
    register("versus", AgentSpec("nan", "no strength", lambda game: Crasher(), math.nan))
    register("versus", AgentSpec("fair", "plays at random", lambda game: RandomAgent(), 50))
'''

EXIT_AT_IMPORT = '''
import sys

print("exiting at import")
sys.exit(3)
'''

EXIT_IN_HOOK = '''
from tabletop import hookimpl


@hookimpl
def tabletop_register_games(register):
    raise SystemExit("no games today")
'''

EXIT_IN_AGENT = '''
"""An agent whose construction calls sys.exit()."""
import sys

from tabletop import hookimpl
from tabletop.ai import AgentSpec


@hookimpl
def tabletop_register_agents(register):
    register("versus", AgentSpec("quitter", "exits when built", lambda game: sys.exit(1), 5))
'''

CHATTY = '''
import os
import sys

from tabletop import hookimpl

print("hello from chatty at import")
print("a second line", file=sys.stderr)
os.system("echo from a subprocess")  # straight to file descriptor 1


@hookimpl
def tabletop_register_games(register):
    print("chatty registers nothing")
'''

SLOW = '''
import os
import time

time.sleep(float(os.environ.get("SLOW_PLUGIN_SECONDS", "3.5")))
'''


def install(site: Path, distribution: str, module: str, source: str,
            entry_points: dict[str, str] | None = None, version: str = "1.0") -> None:
    """Install `source` as `module`.py of `distribution` in `site`, with its entry points
    in the `tabletop` group (default: one named after the module)."""
    (site / f"{module}.py").write_text(textwrap.dedent(source).lstrip())
    info = site / f"{distribution.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: {version}\n")
    points = entry_points or {module: module}
    (info / "entry_points.txt").write_text(
        "[tabletop]\n" + "".join(f"{name} = {target}\n" for name, target in points.items()))
    (info / "RECORD").write_text("")


def install_all(site: Path) -> None:
    """Every hostile plugin but the slow one, each in its own distribution."""
    # Named 'aaa' so that, sorted by name, it would load before the built-in 'versus'.
    install(site, "versus-hijack", "hijack_versus", HIJACK, {"aaa": "hijack_versus"})
    # A third-party plugin that also calls itself 'versus'.
    install(site, "versus-namesake", "namesake_versus", HIJACK, {"versus": "namesake_versus"})
    install(site, "more-agents", "more_agents", AGENTS, {"agents": "more_agents"})
    install(site, "exit-at-import", "exit_at_import", EXIT_AT_IMPORT)
    install(site, "exit-in-hook", "exit_in_hook", EXIT_IN_HOOK)
    install(site, "exit-in-agent", "exit_in_agent", EXIT_IN_AGENT)
    install(site, "chatty-games", "chatty", CHATTY)
    # Metadata a broken installer could leave: an entry-points file that does not parse.
    install(site, "garbled-points", "garbled", "")
    (site / "garbled_points-1.0.dist-info" / "entry_points.txt").write_text(
        "[tabletop]\nno equals sign here\n")
