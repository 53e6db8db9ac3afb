"""`tabletop tournament GAME`: agents rated against each other (`tabletop.tournament`)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import click

from tabletop import choices
from tabletop.choices import (
    MAX_GAMES,
    MAX_PLAYERS,
    MAX_PLIES,
    MAX_RAY_TASKS,
    MAX_WORKERS,
    ChoiceError,
)
from tabletop.cli.common import bad, fail, game_of, host_of, plugin_failure
from tabletop.cli.options import SEED, agents_option, budget_options, refused, the_budget
from tabletop.model import TabletopError
from tabletop.session import short
from tabletop.store.files import write_atomic


@click.command()
@click.argument("game_id", metavar="GAME")
@agents_option("The agents (or levels) to rate, comma-separated.", required=True)
@click.option("--games-per-pair", type=click.IntRange(1, MAX_GAMES), default=20,
              show_default=True,
              help="Games at each table, rounded up to a multiple of the seats.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Round r of every table uses seed SEED+r.")
@budget_options
@click.option("--budget", "budget_text", metavar="iterations=N,seconds=S",
              help="Deprecated: --iterations N and --seconds S.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help="Seats per game (default: the game's minimum).")
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--max-plies", type=click.IntRange(1, MAX_PLIES), default=None,
              help="Stop a game after N plies; it is reported as cut and not rated.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Keep records, results and ratings.png here; a second run resumes.")
@click.option("--backend", type=click.Choice(["process", "ray"]), default="process",
              show_default=True)
@click.option("--workers", type=click.IntRange(1, MAX_RAY_TASKS), default=None,
              help=f"Processes (default 1, at most {MAX_WORKERS}), or Ray tasks at once "
                   "(default: every CPU).")
@click.option("--ray-address", metavar="ADDR", help="A Ray cluster (default: a local Ray).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def tournament(ctx: click.Context, game_id: str, agent_list: tuple[str, ...],
               games_per_pair: int, seed: int, seconds: float | None, iterations: int | None,
               budget_text: str | None, players: int | None, pairs: tuple[str, ...],
               max_plies: int | None, out: Path | None, backend: str, workers: int | None,
               ray_address: str | None, as_json: bool) -> None:
    """Rate agents of GAME against each other: a round robin (seats rotated), Elo
    ratings with 95 % intervals, every game's record kept in --out."""
    from tabletop import tournament as T

    game = game_of(ctx, game_id)
    host = host_of(ctx)
    try:
        names = choices.entrants(host, game_id, choices.agent_names(agent_list))
        seats = choices.players(game, players, max(game.info.min_players, 2))
    except ChoiceError as exc:
        raise refused(exc) from None
    if seats < 2:
        raise click.BadParameter("a tournament needs at least 2 seats", param_hint="--players")
    total = T.schedule_size(len(names), seats, games_per_pair)
    if total > MAX_GAMES:
        raise bad(f"{total:,} games in all, more than {MAX_GAMES:,}: fewer games per pair "
                  "or fewer agents", "--games-per-pair")
    try:
        choices.seed_run(seed, math.ceil(games_per_pair / seats), "round")
    except ChoiceError as exc:
        raise refused(exc) from None
    if backend != "ray" and workers is not None and workers > MAX_WORKERS:
        raise bad(f"at most {MAX_WORKERS} processes (Ray runs more tasks at once)",
                  "--workers")
    try:
        options = choices.checked_options(game, choices.options(game, pairs))
    except ChoiceError as exc:
        raise refused(exc) from None
    budget = the_budget(seconds, iterations, budget_text)
    settings = T.Settings(game_id, seats, budget, options, max_plies)
    if ray_address and backend != "ray":
        raise click.BadParameter("only with --backend ray", param_hint="--ray-address")
    bar = click.progressbar(length=1, label=f"{game_id}: tournament", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        bar.length = total
        bar.update(done - bar.pos)

    try:
        with bar:
            outcome = T.run(host, settings, names, games_per_pair, seed, out, backend,
                            workers, ray_address, progress)
    except KeyboardInterrupt:
        kept = f"; the games played are kept in {out}: run again to finish" if out else ""
        click.echo(f"Tournament interrupted{kept}.", err=True)
        ctx.exit(130)
    except TabletopError as exc:
        fail(short(str(exc)))
    except Exception as exc:
        fail(plugin_failure(host, game_id, "playing the tournament", exc))
    if out is not None:
        from tabletop.chart import draw

        title = (f"{game.info.name}, {seats} players: {len(outcome.results)} games, "
                 f"seed {seed}")
        try:
            draw(outcome.ratings, title, outcome.to_json()["anchor"], out / T.CHART_FILE)
            write_atomic(out / "ratings.json", json.dumps(outcome.to_json(), indent=1) + "\n")
        except OSError as exc:
            fail(f"cannot write into {out}: {exc.strerror or exc}")
    if as_json:
        click.echo(json.dumps(outcome.to_json(), indent=1))
        return
    for line in T.report_lines(outcome, game.info.name):
        click.echo(line)
    if out is not None:
        click.echo(f"Records, results and {T.CHART_FILE} in {out}")
