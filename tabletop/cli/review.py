"""`tabletop review RECORD`: the computer goes through a finished game (`tabletop.play.review`).

The text goes to stdout (or one JSON object with `--json`), the progress to stderr. The
review is kept in the data folder's reviews (`tabletop.store.reviews`): a game is
reviewed once, by the command or the app.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from tabletop.cli.common import fail, game_of, host_of, read_record
from tabletop.cli.options import budget_options, refused
from tabletop.i18n import _, ngettext, percent, translated
from tabletop.lines import default_labels, render
from tabletop.model import TabletopError
from tabletop.play import choices
from tabletop.play.choices import MAX_PLAYERS, MAX_WORKERS, ChoiceError
from tabletop.play.review import MARK_NAMES, SIGNS, Review, explain_text, kept_or_new
from tabletop.store.paths import data_dir
from tabletop.store.reviews import ReviewStore


@click.command("review", help=_(
    "Review a finished game: each move's value by the game's analyst, marked best, "
    "inaccuracy, mistake or blunder, the better move and why, and each seat's accuracy "
    "(see docs/review.md)."))
@click.argument("path", metavar="RECORD", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@budget_options
@click.option("--seat", type=click.IntRange(1, MAX_PLAYERS), default=None, metavar="N",
              help=_("Only the moves of seat N (1: the first)."))
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=2, show_default=True,
              help=_("Processes that judge moves at once."))
@click.pass_context
def review_command(ctx: click.Context, path: Path, as_json: bool, seconds: float | None,
                   iterations: int | None, seat: int | None, workers: int) -> None:
    """Review a finished game: each move's value by the game's analyst, marked best,
    inaccuracy, mistake or blunder, the better move and why, and each seat's accuracy."""
    record = read_record(path)
    game = game_of(ctx, record.game)
    host = host_of(ctx)
    try:
        budget = (choices.budget(seconds, iterations)
                  if seconds is not None or iterations is not None else None)
    except ChoiceError as exc:
        raise refused(exc) from None
    if seat is not None and seat > record.players:
        fail(_("seat {seat}: the game has {players} seats").format(
            seat=seat, players=record.players))
    try:
        store: ReviewStore | None = ReviewStore(data_dir())
    except OSError:
        store = None

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        click.echo("\r" + _("Reviewing: {done}/{total} moves").format(done=done, total=total)
                   + " [" + "#" * filled + "." * (width - filled) + "]",
                   err=True, nl=done >= total)

    try:
        result, _kept = kept_or_new(host, record, store, None, budget, workers, progress)
    except TabletopError as exc:
        fail(str(exc))
    chosen = None if seat is None else seat - 1
    if as_json:
        click.echo(json.dumps(review_json(game, result, chosen), ensure_ascii=False,
                              indent=1))
    else:
        labels = default_labels(game.info, record.players)
        for line in review_lines(game, result, labels, chosen):
            click.echo(line)
    sys.stdout.flush()


def review_json(game: Any, result: Review, seat: int | None = None) -> dict[str, Any]:
    """The review's stable JSON form, with each better move's line in English
    (`better`), only `seat`'s moves and figures if given."""
    data = result.to_dict()
    for move, judgement in zip(data["moves"], result.judgements, strict=True):
        move["better"] = explain_text(game, judgement, result.players)
    if seat is not None:
        data["moves"] = [m for m in data["moves"] if m["seat"] == seat]
        data["seats"] = [s for s in data["seats"] if s["seat"] == seat]
    return data


def review_lines(game: Any, result: Review, labels: tuple[str, ...],
                 seat: int | None = None) -> list[str]:
    """The review as text: a line per move (its mark, the loss, the better move and its
    line), then each seat's accuracy and counts."""
    lines = []
    for j in result.judgements:
        if seat is not None and j.seat != seat:
            continue
        sign = SIGNS[j.mark]
        text = _("{ply}. {player}: {move}{sign} ({mark}, {before} → {after})").format(
            ply=j.ply + 1, player=labels[j.seat], move=j.played,
            sign=f" {sign}" if sign else "", mark=translated(MARK_NAMES[j.mark]),
            before=percent(j.before / 100), after=percent(j.after / 100))
        if j.mark not in ("best", "good", "forced", "outside"):
            why = j.explain_line()
            text += " " + _("Better: {move}").format(move=j.best)
            if why is not None:
                text += " — " + render(why, labels)
        lines.append(text)
    lines.append("")
    for summary in result.summaries():
        if seat is not None and summary.seat != seat:
            continue
        accuracy = ("—" if summary.accuracy is None
                    else percent(summary.accuracy / 100, 1))
        counts = ", ".join((
            ngettext("{count} inaccuracy", "{count} inaccuracies",
                     summary.inaccuracies).format(count=summary.inaccuracies),
            ngettext("{count} mistake", "{count} mistakes",
                     summary.mistakes).format(count=summary.mistakes),
            ngettext("{count} blunder", "{count} blunders",
                     summary.blunders).format(count=summary.blunders)))
        lines.append(_("{player}: accuracy {accuracy}; {counts}").format(
            player=labels[summary.seat], accuracy=accuracy, counts=counts))
    return lines
