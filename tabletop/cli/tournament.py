"""`tabletop tournament GAME`: agents rated against each other (`tabletop.play.tournament`)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from tabletop import i18n
from tabletop.cli.common import bad, fail, game_of, host_of, plugin_failure
from tabletop.cli.options import SEED, agents_option, budget_options, refused, the_budget
from tabletop.i18n import N_, _
from tabletop.model import TabletopError
from tabletop.play import choices
from tabletop.play.choices import (
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_PLIES,
    MAX_RAY_TASKS,
    MAX_WORKERS,
    ChoiceError,
)
from tabletop.play.session import short
from tabletop.store.files import write_atomic


@click.command(help=_(
    "Rate agents of GAME against each other: a round robin (seats rotated), Elo ratings "
    "with 95 % intervals, every game's record kept in --out."))
@click.argument("game_id", metavar="GAME")
@agents_option(_("The agents (or levels) to rate, comma-separated."), required=True)
@click.option("--games-per-pair", type=click.IntRange(1, MAX_GAMES), default=20,
              show_default=True,
              help=_("Games at each table, rounded up to a multiple of the seats."))
@click.option("--seed", type=SEED, default=0, show_default=True,
              help=_("Round r of every table uses seed SEED+r."))
@budget_options
@click.option("--budget", "budget_text", metavar="iterations=N,seconds=S",
              help=_("Deprecated: --iterations N and --seconds S."))
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help=_("Seats per game (default: the game's minimum)."))
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE",
              help=_("A game option."))
@click.option("--max-plies", type=click.IntRange(1, MAX_PLIES), default=None,
              help=_("Stop a game after N plies; it is reported as cut and not rated."))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help=_("Keep records, results and ratings.png here; a second run resumes."))
@click.option("--backend", type=click.Choice(["process", "ray"]), default="process",
              show_default=True)
@click.option("--workers", type=click.IntRange(1, MAX_RAY_TASKS), default=None,
              help=_("Processes (default 1, at most {count}), or Ray tasks at once "
                     "(default: every CPU).").format(count=MAX_WORKERS))
@click.option("--ray-address", metavar="ADDR",
              help=_("A Ray cluster (default: a local Ray)."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@click.pass_context
def tournament(ctx: click.Context, game_id: str, agent_list: tuple[str, ...],
               games_per_pair: int, seed: int, seconds: float | None, iterations: int | None,
               budget_text: str | None, players: int | None, pairs: tuple[str, ...],
               max_plies: int | None, out: Path | None, backend: str, workers: int | None,
               ray_address: str | None, as_json: bool) -> None:
    """Rate agents of GAME against each other: a round robin (seats rotated), Elo
    ratings with 95 % intervals, every game's record kept in --out."""
    from tabletop.play import tournament as T

    game = game_of(ctx, game_id)
    host = host_of(ctx)
    try:
        names = choices.entrants(host, game_id, choices.agent_names(agent_list))
        seats = choices.players(game, players, max(game.info.min_players, 2))
    except ChoiceError as exc:
        raise refused(exc) from None
    if seats < 2:
        raise click.BadParameter(_("a tournament needs at least 2 seats"),
                                 param_hint="--players")
    total = T.schedule_size(len(names), seats, games_per_pair)
    if total > MAX_GAMES:
        raise bad(_("{total} games in all, more than {most}: fewer games per pair "
                    "or fewer agents").format(total=i18n.number(total),
                                              most=i18n.number(MAX_GAMES)),
                  "--games-per-pair")
    try:
        choices.seed_run(seed, math.ceil(games_per_pair / seats), "round")
    except ChoiceError as exc:
        raise refused(exc) from None
    if backend != "ray" and workers is not None and workers > MAX_WORKERS:
        raise bad(_("at most {count} processes (Ray runs more tasks at once)").format(
            count=MAX_WORKERS), "--workers")
    try:
        options = choices.checked_options(game, choices.options(game, pairs))
    except ChoiceError as exc:
        raise refused(exc) from None
    budget = the_budget(seconds, iterations, budget_text)
    settings = T.Settings(game_id, seats, budget, options, max_plies)
    if ray_address and backend != "ray":
        raise click.BadParameter(_("only with --backend ray"), param_hint="--ray-address")
    bar = click.progressbar(length=1, label=_("{game}: tournament").format(game=game_id),
                            file=sys.stderr)

    def progress(done: int, total: int) -> None:
        bar.length = total
        bar.update(done - bar.pos)

    try:
        with bar:
            outcome = T.run(host, settings, names, games_per_pair, seed, out, backend,
                            workers, ray_address, progress)
    except KeyboardInterrupt:
        click.echo(_("Tournament interrupted; the games played are kept in {folder}: run "
                     "again to finish.").format(folder=out) if out else
                   _("Tournament interrupted."), err=True)
        ctx.exit(130)
    except TabletopError as exc:
        fail(short(str(exc)))
    except Exception as exc:
        fail(plugin_failure(host, game_id, N_("playing the tournament"), exc))
    if out is not None:
        from tabletop.chart import draw

        title = _("{game}, {seats} players: {count} games, seed {seed}").format(
            game=i18n.translated(game.info.name), seats=seats, count=len(outcome.results),
            seed=seed)
        try:
            draw(outcome.ratings, title, outcome.to_json()["anchor"], out / T.CHART_FILE)
            write_atomic(out / "ratings.json", json.dumps(outcome.to_json(), indent=1) + "\n")
        except OSError as exc:
            fail(_("cannot write into {folder}: {reason}").format(
                folder=out, reason=exc.strerror or exc))
    if as_json:
        click.echo(json.dumps(outcome.to_json(), indent=1))
        return
    for line in T.report_lines(outcome, game.info.name):
        click.echo(line)
    if out is not None:
        click.echo(_("Records, results and {chart} in {folder}").format(
            chart=T.CHART_FILE, folder=out))
