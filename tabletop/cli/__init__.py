"""The `tabletop` command: the desktop app, and headless commands for every game.

One module per job: `desktop` (the app), `play`, `simulate`, `tournament`, `library`
(`open`, `stats`, and keeping terminal games), `games` (`games`, `plugins`, `new-game`)
and `pictures` (`replay`, `screenshot`); `common` holds what they share, and `choices`
(with its click face, `options`) the one parser of seats, agents, levels, budgets,
options and seeds, which the set-up screen uses too.
"""

from __future__ import annotations

import click

from tabletop import process_exit
from tabletop.choices import (
    MAX_GAMES,
    MAX_ITERATIONS,
    MAX_PLAYERS,
    MAX_PLIES,
    MAX_RAY_TASKS,
    MAX_SECONDS,
    MAX_WORKERS,
)
from tabletop.cli.desktop import app
from tabletop.cli.games import games, new_game, plugins
from tabletop.cli.library import open_command, stats
from tabletop.cli.online import host_command, join_command, serve_command
from tabletop.cli.pictures import MAX_PICTURE_SIDE, replay_command, screenshot
from tabletop.cli.play import play
from tabletop.cli.simulate import simulate
from tabletop.cli.tournament import tournament
from tabletop.plugins import Host

__all__ = ["MAX_GAMES", "MAX_ITERATIONS", "MAX_PICTURE_SIDE", "MAX_PLAYERS", "MAX_PLIES",
           "MAX_RAY_TASKS", "MAX_SECONDS", "MAX_WORKERS", "main"]


@click.group(cls=process_exit.ProgramGroup, invoke_without_command=True)
@click.version_option(package_name="tabletop")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Tabletop: tabletop games at one screen. With no command, opens the desktop app."""
    ctx.ensure_object(dict)
    ctx.obj.setdefault("host", Host())
    if ctx.invoked_subcommand is None:
        ctx.invoke(app)


# Every command of `tabletop`, each from the module of its job (`--help` sorts them by name).
for _command in (app, open_command, plugins, games, play, simulate, tournament, stats,
                 replay_command, screenshot, new_game, host_command, join_command,
                 serve_command):
    main.add_command(_command)
