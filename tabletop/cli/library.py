"""The game library from the command line: `open` and `stats`, and keeping `play --text`
games in it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import click

from tabletop.cli.common import fail, host_of, why
from tabletop.cli.desktop import app
from tabletop.i18n import _
from tabletop.limits import one_line, read_text, shown
from tabletop.model import TabletopError
from tabletop.plugins import Host
from tabletop.record import Record, replay
from tabletop.seats import Seat
from tabletop.store.index import Entry
from tabletop.store.keeper import Keeper as StoreKeeper
from tabletop.store.library import Library
from tabletop.store.paths import data_dir
from tabletop.store.records import HUMAN, UNREADABLE, LibraryError
from tabletop.store.stats import player_stats, rating_scales, stats_lines


@click.command("open", help=_(
    "Open the app on a game record or save: it is kept in the game library, then "
    "continued if in progress, shown at its end if finished."))
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path))  # read_text checks
@click.pass_context
def open_command(ctx: click.Context, path: Path) -> None:
    """Open the app on a game record or save: it is kept in the game library, then
    continued if in progress, shown at its end if finished."""
    host = host_of(ctx)
    try:
        # Read here first, capped and without blocking, so a named pipe, a device or a
        # huge file is refused at once, whatever reads it next.
        read_text(path)
    except OSError as exc:
        fail(_("cannot read {path}: {reason}").format(path=path, reason=why(exc)))
    except ValueError as exc:
        fail(_("cannot read {path}: {reason}").format(path=path, reason=exc))
    try:
        entry = import_record(host, path)
    except TabletopError as exc:
        fail(str(exc))
    click.echo(_("Kept in the game library: {file}").format(file=entry.file))
    ctx.invoke(app, entry_id=entry.id)


@click.command(help=_(
    "Statistics of the kept games: per player, per game, against whom, by seat, winning "
    "streaks, personal bests, solo scores, and a person's rating on the scale of the "
    "game's levels (with its 95 % interval and its history; see docs/rating.md)."))
@click.option("--player", help=_("Only this player (a person's name or an agent's)."))
@click.option("--game", "game_id", metavar="GAME", help=_("Only this game."))
@click.option("--json", "as_json", is_flag=True, help=_("Print one JSON object."))
@click.pass_context
def stats(ctx: click.Context, player: str | None, game_id: str | None, as_json: bool) -> None:
    """Statistics of the kept games: per player, per game, against whom, by seat, winning
    streaks, personal bests, solo scores, and a person's rating on the scale of the game's
    levels (with its 95 % interval and its history; see docs/rating.md)."""
    try:
        click.echo(stats_report(host_of(ctx), player, game_id, as_json))
    except TabletopError as exc:
        fail(str(exc))

def open_library(directory: Path | None = None) -> Library:
    """The data dir's library; its notices go to stderr; failure raises `LibraryError`."""
    try:
        library = Library.open(directory or data_dir())
    except (sqlite3.Error, OSError) as exc:
        raise LibraryError(_("the game library cannot be opened: {error}").format(
            error=exc)) from None
    for message in library.messages:
        click.echo(_("Note: {message}").format(message=message), err=True)
    return library


def seat_names(library: Library | None, game_id: str, seat_labels: Sequence[str],
               people: Sequence[str]) -> list[str]:
    """Each seat's player: the given names for the human seats in order, else the name
    last given at that seat of this game, else "Player N"; an AI seat is named by its
    agent."""
    humans = [i for i, label in enumerate(seat_labels) if label == HUMAN]
    given = [name.strip() for name in people]
    if len(given) > len(humans) or not all(given):
        raise click.BadParameter(_("{names} names given for {seats} human seats").format(
            names=len(given), seats=len(humans)) if all(given) else _("a name cannot be empty"),
            param_hint="--name")
    # By seat, as the app remembers them: a person who sat second is offered seat 2.
    last = library.last_seats(game_id) if library is not None else []
    names = list(seat_labels)
    for order, seat in enumerate(humans):
        names[seat] = Seat.person(seat, given[order] if order < len(given)
                                  else last[seat] if seat < len(last) else "").player
    return names


class Keeper:
    """Keeps a terminal game in the library after every move: the store's `Keeper`, its
    notices and failures said on stderr.

    The library failing (a full disk, a locked index) warns once and play goes on: the
    game in the terminal matters more than its copy in the library.
    """

    def __init__(self, keeper: StoreKeeper, names: list[str]) -> None:
        self.keeper = keeper
        self.names = names
        self.game_id = keeper.begin(names, origin="text")

    @classmethod
    def open(cls, game_id: str, seat_labels: Sequence[str], people: Sequence[str]) -> Keeper:
        """A keeper for a new game of `game_id` (bad `--name` values raise BadParameter)."""
        try:
            keeper = StoreKeeper(open_library())
        except LibraryError as exc:
            click.echo(_("warning: {problem}; this game will not be kept").format(problem=exc),
                       err=True)
            keeper = StoreKeeper(None, _("the game library cannot be opened"))
        return cls(keeper, seat_names(keeper.library, game_id, seat_labels, people))

    def keep(self, record: Record) -> None:
        """Save the game so far (a new library entry the first time)."""
        if self.keeper.library is None:
            return  # said once when it could not be opened
        self.keeper.keep_record(self.game_id, record)
        for error in self.keeper.take_errors():
            click.echo(_("warning: the game could not be kept in the library ({error}); "
                         "play goes on").format(error=error), err=True)

    def close(self) -> None:
        """Say where the game is kept, and close the library."""
        entry = self.keeper.entry(self.game_id)
        if entry is not None:
            click.echo(_("Kept in the game library: {file}").format(file=entry.file))
        self.keeper.close()


def import_record(host: Host, path: Path, directory: Path | None = None) -> Entry:
    """Keep a copy of the record or save at `path` (it must replay) in the library of
    `directory` (default: the data dir); its entry."""
    library = open_library(directory)

    def check(record: Record) -> None:
        replay(host.game(record.game), record)

    try:
        return library.import_file(path, check)
    finally:
        library.close()


def stats_report(host: Host, player: str | None, game_id: str | None, as_json: bool) -> str:
    """The text (or JSON) `tabletop stats` prints; unknown names raise `LibraryError`."""
    games = host.games
    library = open_library()
    try:
        entries = library.entries()
    finally:
        library.close()
    if game_id is not None and game_id not in set(games) | {e.game for e in entries}:
        raise LibraryError(_("no game {game} is installed or kept in the library").format(
            game=shown(game_id)))
    if player is not None and player not in {s.player for e in entries for s in e.seats}:
        known = sorted({s.player for e in entries for s in e.seats if s.human}, key=str.lower)
        raise LibraryError(one_line(_("nobody called {name} has a kept game (players: "
                                      "{players})").format(
            name=shown(player), players=", ".join(known) or _("none yet"))))
    data = player_stats(entries, games, player, game_id, rating_scales(host))
    data["unreadable"] = [{"file": str(e.file), "problem": e.problem}
                          for e in entries if e.status == UNREADABLE]
    if as_json:
        return json.dumps(data, indent=1, ensure_ascii=False)
    lines = stats_lines(data, {gid: game.info.name for gid, game in games.items()})
    lines += [_("unreadable: {file}: {problem}").format(file=u["file"], problem=u["problem"])
              for u in data["unreadable"]]
    return "\n".join(lines)
