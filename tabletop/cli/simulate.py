"""`tabletop simulate GAME`: AI-versus-AI games headless, summarized."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import click

from tabletop.boundary import CapturedOutput, capturing_fd1, playing_label
from tabletop.cli.common import (
    fail,
    game_of,
    host_of,
    plugin_failure,
    said_printed,
    say_deprecations,
    writable_folder,
)
from tabletop.cli.options import SEED, agents_option, budget_options, refused
from tabletop.i18n import _, ngettext
from tabletop.play import choices
from tabletop.play.choices import MAX_GAMES, MAX_PLAYERS, MAX_PLIES, MAX_WORKERS, ChoiceError
from tabletop.play.session import PluginFailed, plugin_of_game
from tabletop.record import Record
from tabletop.store.files import write_user_file


@click.command(help=_("Play AI-versus-AI games of GAME headless and summarize the results."))
@click.argument("game_id", metavar="GAME")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help=_("Number of players (default: number of agents)."))
@agents_option(_("Agents, one per seat or one for all, comma-separated."), default=("random",))
@click.option("--games", "count", type=click.IntRange(1, MAX_GAMES), default=10,
              show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True,
              help=_("Game i uses seed SEED+i."))
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True)
@click.option("--rotate", is_flag=True, help=_("Rotate the agents round the seats each game."))
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE",
              help=_("A game option."))
@budget_options
@click.option("--max-plies", type=click.IntRange(1, MAX_PLIES), default=None,
              help=_("Stop a game after N plies; it is reported as cut, without a result."))
@click.option("--records", type=click.Path(file_okay=False, path_type=Path),
              help=_("Write each game's record into this folder."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object of results."))
@click.pass_context
def simulate(ctx: click.Context, game_id: str, players: int | None,
             agent_list: tuple[str, ...], count: int, seed: int, workers: int, rotate: bool,
             pairs: tuple[str, ...], seconds: float | None, iterations: int | None,
             max_plies: int | None, records: Path | None, as_json: bool) -> None:
    """Play AI-versus-AI games of GAME headless and summarize the results."""
    from tabletop.play import simulate as sim

    game = game_of(ctx, game_id)
    host = host_of(ctx)
    say_deprecations(ctx, game_id)
    names = choices.agent_names(agent_list)
    try:
        if not names:
            raise ChoiceError("--agents", _("name at least one agent"))
        choices.seed_run(seed, count, "game")
        seats = choices.players(game, players, len(names) if len(names) > 1
                                else game.info.min_players)
        names = choices.match_seats(host, game_id, names, seats)
        options = choices.checked_options(game, choices.options(game, pairs))
        budget = choices.budget(seconds, iterations)
    except ChoiceError as exc:
        raise refused(exc) from None
    match = sim.Match(game_id, seats, tuple(names), options, budget, tuple(host.disabled),
                      rotate, max_plies)
    if records is not None:
        writable_folder(records, "--records")
    # Each record is written as its game ends: a run stopped or failed keeps them all.
    writer = (sim.RecordWriter(records, lambda r: f"{game_id}-{r.seed}.json")
              if records is not None else None)
    began = time.perf_counter()
    results = []
    # What game code writes to file descriptor 1 itself (C code, a subprocess) is caught
    # here; what it prints through Python, in each game's guard (`GameResult.output`).
    stray = CapturedOutput()
    try:
        with capturing_fd1(stray), click.progressbar(
                length=count, label=ngettext("{game}: {count} game", "{game}: {count} games",
                                             count).format(game=game_id, count=count),
                file=sys.stderr) as bar:
            for result in sim.run(host, match, count, seed, workers):
                results.append(result)
                if writer is not None:
                    writer.write(len(results), result)
                bar.update(1)
    except BrokenProcessPool:
        # A pool process that ended without a word: os._exit or a crash in the game's
        # code (which no process can catch in itself), or a kill from outside.
        fail(_("{plugin} failed while playing: a process playing its games ended abruptly "
               "(os._exit, a crash or a kill) during game {number} or a later one").format(
            plugin=playing_label(plugin_of_game(host, game_id), game_id),
            number=len(results) + 1))
    except Exception as exc:
        said_printed(host, game_id, [r.output for r in results] + [stray.text])
        if isinstance(exc, PluginFailed) and exc.record is not None and records is not None:
            # The failed game's record so far is kept beside the finished ones.
            with contextlib.suppress(OSError, ValueError):
                seed_of = Record.from_json(exc.record).seed
                write_user_file(records / f"{game_id}-{seed_of}.json", exc.record)
        fail(plugin_failure(host, game_id, _("playing game {number}").format(
            number=len(results) + 1), exc))
    said_printed(host, game_id, [r.output for r in results] + [stray.text])
    elapsed = time.perf_counter() - began
    if as_json:
        click.echo(json.dumps(sim.report_json(match, results, elapsed), indent=1))
    else:
        for line in sim.report_lines(game.info.name, results, elapsed):
            click.echo(line)
    if writer is not None and writer.failure is not None:
        # After the results, which count every game: only the later records are missing.
        fail(writer.failure)
