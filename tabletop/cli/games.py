"""`tabletop games`, `tabletop plugins` and `tabletop new-game`: what is installed, and a
new game to install."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from tabletop import i18n
from tabletop.cli.common import fail, host_of
from tabletop.i18n import _, ngettext
from tabletop.play.choices import MAX_PLAYERS
from tabletop.scaffold import BOARDS, ScaffoldError, create_game


@click.command(help=_("List the loaded plugins and the ones that failed to load."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@click.pass_context
def plugins(ctx: click.Context, as_json: bool) -> None:
    """List the loaded plugins and the ones that failed to load."""
    host = host_of(ctx)
    if as_json:
        click.echo(json.dumps({
            "plugins": [vars(p) for p in host.plugins],
            "errors": [vars(e) for e in host.errors],
            "disabled": host.disabled,
        }, indent=1))
        return
    for p in host.plugins:
        template = (_("{name}  ({distribution} {version}, module {module}, built-in, "
                      "loaded in {seconds} s)") if p.builtin else
                    _("{name}  ({distribution} {version}, module {module}, "
                      "loaded in {seconds} s)"))
        click.echo(template.format(name=p.name, distribution=p.distribution,
                                   version=p.version, module=p.module,
                                   seconds=i18n.number(p.seconds, 2)))
        click.echo(_("  hooks: {hooks}").format(hooks=", ".join(p.hooks) or "-"))
        click.echo(_("  games: {games}").format(games=", ".join(p.games) or "-"))
        if p.agents:
            click.echo(_("  agents: {agents}").format(agents=", ".join(p.agents)))
        if p.renderers:
            click.echo(_("  renderers: {renderers}").format(renderers=", ".join(p.renderers)))
        for refusal in p.refused:
            click.echo(_("  REFUSED {refusal}").format(refusal=i18n.translated(refusal)))
        for said in p.deprecations:
            click.echo(_("  DEPRECATED {deprecation}").format(deprecation=said))
        _echo_output(p.output)
    for e in host.errors:
        click.echo(_("FAILED {name}  ({distribution} {version}): {error}").format(
            name=e.name, distribution=e.distribution, version=e.version,
            error=i18n.translated(e.error)))
        _echo_output(e.output)
    if host.disabled:
        click.echo(_("disabled: {plugins}").format(plugins=", ".join(host.disabled)))


def _echo_output(output: str) -> None:
    """What a plugin printed while loading, indented under its entry."""
    if output.strip():
        click.echo(_("  printed while loading:"))
        for line in output.rstrip().splitlines():
            click.echo(f"  | {line}")


@click.command(help=_("List the installed games with their players, options and agents."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@click.pass_context
def games(ctx: click.Context, as_json: bool) -> None:
    """List the installed games with their players, options and agents."""
    host = host_of(ctx)
    listing: list[dict[str, Any]] = []
    for game_id in sorted(host.games):
        info = host.games[game_id].info
        listing.append({
            "id": info.id, "name": info.name, "min_players": info.min_players,
            "max_players": info.max_players, "description": info.description,
            "options": {o.name: {"default": o.default, "description": o.description}
                        for o in info.options},
            "agents": [s.name for s in host.agent_specs(game_id)],
        })
    if as_json:
        click.echo(json.dumps(listing, indent=1))
        return
    for g in listing:
        low, high = g["min_players"], g["max_players"]
        span = (ngettext("{count} player", "{count} players", low).format(count=low)
                if low == high else _("{low}-{high} players").format(low=low, high=high))
        click.echo(_("{id}  {name} ({players}): {description}").format(
            id=g["id"], name=i18n.translated(g["name"]), players=span,
            description=i18n.translated(g["description"])))
        for name, opt in g["options"].items():
            default = json.dumps(opt["default"])  # as typed: true, 3, null
            click.echo(_("  --option {name}=...  {description} (default {default})").format(
                name=name, description=i18n.translated(opt["description"]), default=default))
        click.echo(_("  agents: {agents}").format(agents=", ".join(g["agents"])))


@click.command("new-game", help=_(
    "Write a new game plugin NAME: a pip-installable distribution with a small working "
    "game on the chosen board, its renderer, its tests and its translation catalogs."))
@click.argument("name")
@click.option("--dir", "directory", type=click.Path(path_type=Path),
              help=_("The folder to write (default: ./tabletop-NAME); it must be new or "
                     "empty."))
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=2,
              show_default=True, help=_("How many players the game is for."))
@click.option("--board", type=click.Choice(list(BOARDS)), default="square", show_default=True,
              help=_("square: N in a row; hex: a Hex-like connection game; cards: tricks."))
@click.pass_context
def new_game(ctx: click.Context, name: str, directory: Path | None, players: int,
             board: str) -> None:
    """Write a new game plugin NAME: a pip-installable distribution with a small working
    game on the chosen board, its renderer and its tests."""
    target = directory if directory is not None else Path(f"tabletop-{name.replace('_', '-')}")
    try:
        made = create_game(name, target, players, board, installed_games=host_of(ctx).games)
    except ScaffoldError as exc:
        fail(str(exc))
    click.echo(ngettext("wrote {distribution} ({count} file) in {folder}",
                        "wrote {distribution} ({count} files) in {folder}",
                        len(made.files)).format(distribution=made.distribution,
                                                count=len(made.files), folder=made.directory))
    click.echo(_("next: pip install -e {folder} && tabletop play {name} --text").format(
        folder=made.directory, name=name))
