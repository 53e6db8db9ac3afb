"""The `tabletop` command: the desktop app, and headless commands for every game.

One module per job: `desktop` (the app), `play`, `simulate`, `tournament`, `library`
(`open`, `stats`, and keeping terminal games), `games` (`games`, `plugins`, `new-game`)
`pictures` (`replay`, `screenshot`) and `review`; `common` holds what they share, and `choices`
(with its click face, `options`) the one parser of seats, agents, levels, budgets,
options and seeds, which the set-up screen uses too.
"""

from __future__ import annotations

import click

from tabletop import i18n
from tabletop.cli import language, words

# Before the commands are imported: click makes their help texts then.
language.choose()
words.install()

from tabletop import process_exit  # noqa: E402
from tabletop.cli.desktop import app  # noqa: E402
from tabletop.cli.games import games, new_game, plugins  # noqa: E402
from tabletop.cli.library import open_command, stats  # noqa: E402
from tabletop.cli.online import host_command, join_command, serve_command  # noqa: E402
from tabletop.cli.pictures import MAX_PICTURE_SIDE, replay_command, screenshot  # noqa: E402
from tabletop.cli.play import play  # noqa: E402
from tabletop.cli.review import review_command  # noqa: E402
from tabletop.cli.simulate import simulate  # noqa: E402
from tabletop.cli.tournament import tournament  # noqa: E402
from tabletop.play.choices import (  # noqa: E402
    MAX_GAMES,
    MAX_ITERATIONS,
    MAX_PLAYERS,
    MAX_PLIES,
    MAX_RAY_TASKS,
    MAX_SECONDS,
    MAX_WORKERS,
)
from tabletop.plugins import Host  # noqa: E402

__all__ = ["MAX_GAMES", "MAX_ITERATIONS", "MAX_PICTURE_SIDE", "MAX_PLAYERS", "MAX_PLIES",
           "MAX_RAY_TASKS", "MAX_SECONDS", "MAX_WORKERS", "main"]


@click.group(cls=process_exit.ProgramGroup, invoke_without_command=True,
             help=i18n._("Tabletop: tabletop games at one screen. With no command, opens "
                         "the desktop app."))
@click.version_option(package_name="tabletop", help=i18n._("Show the version and exit."))
@click.option("--lang", type=str, default=None, expose_value=False, is_eager=True,
              callback=language.apply_flag, metavar="LANG",
              help=i18n._("Language of texts: en, fr or de (default: TABLETOP_LANG, "
                          "Settings, then the system's locale)."))
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
                 serve_command, review_command):
    main.add_command(_command)
