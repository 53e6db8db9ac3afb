"""`tabletop replay` and `tabletop screenshot`: a kept game as text, any screen as a PNG."""

from __future__ import annotations

import re
from pathlib import Path

import click

from tabletop import i18n
from tabletop.cli.common import bad, fail, game_of, host_of, plugin_failure, read_record
from tabletop.i18n import N_, _, ngettext
from tabletop.limits import shown
from tabletop.lines import default_labels, render
from tabletop.model import TabletopError
from tabletop.play.choices import MAX_PLIES
from tabletop.play.session import short
from tabletop.record import replay

#: A screenshot's side in pixels: larger than any screen, still a picture that fits in
#: memory (4 bytes a pixel: 256 MB at the bound).
MAX_PICTURE_SIDE = 8192


@click.command("replay", help=_("Check a game record and print the game move by move."))
@click.argument("path", metavar="RECORD", type=click.Path(path_type=Path))  # Record.read checks
@click.pass_context
def replay_command(ctx: click.Context, path: Path) -> None:
    """Check a game record and print the game move by move."""
    from tabletop.model import seat_text  # a spectator's text: no seat's secrets
    from tabletop.play.terminal import result_text

    record = read_record(path)
    game = game_of(ctx, record.game)
    host = host_of(ctx)
    try:
        replayed = replay(game, record)
    except TabletopError as exc:
        fail(_("{path}: {problem}").format(path=path, problem=short(str(exc))))
    except Exception as exc:
        fail(_("{path}: {problem}").format(path=path, problem=plugin_failure(
            host, record.game, N_("replaying the record"), exc)))
    try:
        lines = [ngettext("{game}, {count} player, seed {seed}",
                          "{game}, {count} players, seed {seed}", record.players).format(
                     game=i18n.translated(game.info.name), count=record.players,
                     seed=record.seed),
                 seat_text(game, replayed.states[0])]
        labels = default_labels(game.info, record.players)
        for number, described in enumerate(replayed.log, 1):
            lines.extend(f"{number:4}. {render(line, labels)}" for line in described)
        lines.append(seat_text(game, replayed.final))
        outcome = game.outcome(replayed.final)
        lines.append(result_text(game, outcome) if outcome else _("The game is not over."))
    except Exception as exc:
        fail(_("{path}: {problem}").format(path=path, problem=plugin_failure(
            host, record.game, N_("showing the game"), exc)))
    for line in lines:
        click.echo(line)


@click.command(help=_(
    "Render any screen headless to a PNG: `screenshot GAME --record FILE` (the position "
    "at the record's end, or the replay viewer at --ply), or `--screen NAME` (`--screen "
    "tutorial --game GAME --step N`: a step of the game's tutorial)."))
@click.argument("game_id", metavar="[GAME]", required=False)
@click.option("--screen", "screen_name", default=None,
              help=_("The screen to draw: launcher, setup, settings, library, stats, rules, "
                     "game, replay or tutorial (default: the game at the record's end)."))
@click.option("--game", "game_option", default=None,
              help=_("The game (setup, rules, game, tutorial)."))
@click.option("--record", "record_path", default=None,
              type=click.Path(path_type=Path), help=_("A game record."))
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help=_("The PNG file to write."))
@click.option("--size", default="1280x800", show_default=True, help=_("Window size WxH."))
@click.option("--ply", type=click.IntRange(0, MAX_PLIES), default=None,
              help=_("Draw the replay viewer after this many moves (0: the start)."))
@click.option("--step", type=click.IntRange(1, 200), default=None,
              help=_("With --screen tutorial: the step to draw (from 1; default 1)."))
@click.pass_context
def screenshot(ctx: click.Context, game_id: str | None, screen_name: str | None,
               game_option: str | None, record_path: Path | None, out: Path, size: str,
               ply: int | None, step: int | None) -> None:
    """Render any screen headless to a PNG: `screenshot GAME --record FILE` (the position
    at the record's end, or the replay viewer at --ply), or `--screen NAME` (`--screen
    tutorial --game GAME --step N`: a step of the game's tutorial)."""
    # ASCII digits only: str.isdigit() also accepts "²", which int() then refuses.
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", size.strip())
    if not match or not all(200 <= int(side) <= MAX_PICTURE_SIDE for side in match.groups()):
        raise bad(_("{size} is not WIDTHxHEIGHT (each from 200 to {most})").format(
            size=shown(size), most=MAX_PICTURE_SIDE), "--size")
    dimensions = (int(match[1]), int(match[2]))
    host = host_of(ctx)
    game_id = game_id or game_option
    if game_id is not None:
        game_of(ctx, game_id)
    if screen_name is None and (game_id is None or record_path is None):
        raise click.UsageError(_("give GAME and --record FILE, or --screen NAME"))
    try:
        from tabletop.ui.screenshot import render_record, render_replay, render_screen
    except ImportError as exc:
        fail(_("screenshots need the desktop app: {error}").format(error=exc))
    try:
        if screen_name is not None:
            render_screen(host, screen_name, out, dimensions, game_id, record_path, step)
        elif ply is None:
            render_record(host, game_id or "", record_path or "", out, dimensions)
        else:
            render_replay(host, record_path or "", ply, out, dimensions)
    except TabletopError as exc:
        fail(str(exc))
    click.echo(_("wrote {file}").format(file=out))
