"""`tabletop play GAME --text`: a game in the terminal, kept in the library, and `--save`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from tabletop import i18n
from tabletop.ai.base import Agent, Budget
from tabletop.cli.common import (
    bad_path,
    fail,
    game_of,
    host_of,
    plugin_failure,
    said_output,
    say_deprecations,
    why,
    writable_folder,
)
from tabletop.cli.options import SEED, agents_option, budget_options, refused
from tabletop.i18n import N_, _
from tabletop.limits import MAX_PLAYER_NAME
from tabletop.model import TabletopError
from tabletop.play import choices
from tabletop.play.choices import MAX_PLAYERS, ChoiceError
from tabletop.play.session import HUMAN, make_agent, plugin_of_game, short
from tabletop.plugins import Host
from tabletop.store.files import NOT_A_RECORD, RefusedTarget, user_file_problem, write_user_file


def _person_names(ctx: click.Context, param: click.Parameter,
                  names: tuple[str, ...]) -> tuple[str, ...]:
    """`--name` values, each refused in one line if too long or holding a control
    character (`choices.person_name`)."""
    try:
        return tuple(choices.person_name(name) for name in names)
    except ChoiceError as exc:
        raise refused(exc) from None


@click.command(help=_(
    "Play GAME: you and AI seats, in the terminal with --text.\n\n"
    "One --seat per seat, in order (or --agents A,B); with one seat or none, you (or that "
    "seat) play seat 1 against the game's strongest agent. The game is kept in the game "
    "library (saved after every move) and counted in `tabletop stats`."))
@click.argument("game_id", metavar="GAME")
@click.option("--text", is_flag=True, help=_("Play in the terminal (required for now)."))
@click.option("--seat", "seats", multiple=True, metavar="human|AGENT",
              help=_("Who sits at each seat, in order (repeat the option)."))
@agents_option(_("Who sits at each seat, comma-separated (the same as --seat)."))
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help=_("Number of players (default: number of seats)."))
@click.option("--seed", type=SEED, default=None,
              help=_("Seed of the game (default: random)."))
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE",
              help=_("A game option."))
@budget_options
@click.option("--save", "save_text", type=click.Path(),  # checked by _save_target
              help=_("Write the game record here when the game ends or stops (Ctrl-C "
                     "too)."))
@click.option("--force", is_flag=True,
              help=_("Let --save replace an existing file that is not a game record."))
@click.option("--name", "people", multiple=True, metavar="NAME", callback=_person_names,
              help=_("The name of each human seat, in order (default: the last used); "
                     "at most {count} characters.").format(count=MAX_PLAYER_NAME))
@click.pass_context
def play(ctx: click.Context, game_id: str, text: bool, seats: tuple[str, ...],
         agent_list: tuple[str, ...], players: int | None, seed: int | None,
         pairs: tuple[str, ...], seconds: float | None, iterations: int | None,
         save_text: str | None, force: bool, people: tuple[str, ...]) -> None:
    """Play GAME: you and AI seats, in the terminal with --text.

    One --seat per seat, in order (or --agents A,B); with one seat or none, you (or that
    seat) play seat 1 against the game's strongest agent. The game is kept in the game
    library (saved after every move) and counted in `tabletop stats`.
    """
    game = game_of(ctx, game_id)
    if not text:
        fail(_("the desktop app plays from its launcher: run `tabletop`; "
               "use `tabletop play GAME --text` to play in the terminal"))
    save = _save_target(save_text, force)  # before the game, not after it
    host = host_of(ctx)
    say_deprecations(ctx, game_id)
    given = choices.agent_names(seats + agent_list)
    hint = "--seat" if seats or not agent_list else "--agents"
    try:
        count = choices.players(game, players, len(given) if len(given) > 1
                                else game.info.min_players)
        names = choices.play_seats(host, game_id, given, count, hint)
        budget = choices.budget(seconds, iterations)
        options = choices.options(game, pairs)
    except ChoiceError as exc:
        raise refused(exc) from None
    agents = _agents(host, game_id, names, hint)  # built before the game: refused now
    _play(ctx, host, game_id, count, options, seed, names, agents, budget, people, save,
          force)


def _agents(host: Host, game_id: str, names: list[str], hint: str) -> dict[str, Agent]:
    """The agent of each AI seat, by name; the agent's own factory may refuse, in one
    line naming it."""
    agents: dict[str, Agent] = {}
    for name in names:
        try:
            if name != HUMAN and name not in agents:
                agents[name] = make_agent(host, game_id, name)
        except TabletopError as exc:
            raise click.BadParameter(short(str(exc)), param_hint=hint) from None
    return agents


def _play(ctx: click.Context, host: Host, game_id: str, count: int,
          options: dict[str, object], seed: int | None, names: list[str],
          agents: dict[str, Agent], budget: Budget, people: tuple[str, ...],
          save: Path | None, force: bool) -> None:
    """Play a new game (a random seed if none was chosen; its set-up in the plugin's
    guard) in the terminal on a `Table`, keep it in the library, and write `--save`."""
    from tabletop.cli.library import Keeper
    from tabletop.levels import computer_name
    from tabletop.play.table import Policy, Table
    from tabletop.play.terminal import play_text
    from tabletop.seats import Seat

    game = host.game(game_id)
    seed = choices.random_seed() if seed is None else seed

    def ask(prompt: str) -> str | None:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None

    keeper = Keeper.open(game_id, names, people)
    specs = host.agent_specs(game_id)
    seats = [Seat.kept(i, player, agent, computer_name(specs, agent) if agent != HUMAN else "")
             for i, (player, agent) in enumerate(zip(keeper.names, names, strict=True))]
    saving = save is not None

    def keep(table: Table) -> None:
        """The table's keeper: every move reaches the library (and `--save`) before the
        terminal shows it."""
        nonlocal saving
        with table.guard(N_("writing the record")):
            record = table.record()
        keeper.keep(record)
        if saving and save is not None:
            # Written after every move too: a game whose code ends the process (os._exit)
            # cannot be caught, and then loses only the move it was making. A write that
            # fails here is said by the final write below.
            try:
                write_user_file(save, record.to_json(), force)
            except (OSError, ValueError):
                saving = False

    try:
        table = Table.of_game(host, game, seats, options, seed, plugin_of_game(host, game_id),
                              budget=budget, policy=Policy.ABORT, agents=agents, keep=keep)
    except TabletopError as exc:
        keeper.close()
        fail(short(str(exc)))
    click.echo(_("{game}, seed {seed}. Type 'help' for the legal moves.").format(
        game=i18n.translated(game.info.name), seed=seed))
    failure, interrupted = None, False
    try:
        table.kept()  # in the library from its first position: a game cut short is kept
        play_text(table, ask, click.echo)
    except KeyboardInterrupt:
        interrupted = True
        click.echo("\n" + _("Game interrupted."))
    except Exception as exc:
        failure = plugin_failure(host, game_id, N_("playing"), exc)
    finally:
        keeper.close()
    said_output(table)
    if save is not None:
        # What was played is kept whatever stopped the game (end, quit, Ctrl-C, an error).
        try:
            with table.guard(N_("writing the record")):
                record_text = table.record().to_json()
        except TabletopError as exc:
            fail(failure or short(str(exc)))  # the save of the last move stays
        _write_save(save, record_text, force)
        click.echo(_("Record written to {file}").format(file=save))
    if failure is not None:
        fail(failure)
    if interrupted:
        ctx.exit(130)


def _save_target(text: str | None, force: bool) -> Path | None:
    """The `--save` path, refused now (exit 2) rather than after the game if it is empty,
    a folder, in a missing folder, not a regular file, a link, a file that is not a game
    record (without `--force`), or in a folder that cannot be written."""
    if text is None:
        return None
    if not text.strip():
        raise bad_path(_("no file name given"), "--save")
    if text.endswith(("/", os.sep)):  # Path() would drop the slash and name a file
        raise bad_path(_("cannot write {path}: it names a folder, not a file").format(
            path=text), "--save")
    path = Path(text)
    problem = user_file_problem(path, force)
    if problem:
        raise bad_path(_cannot_write(path, problem), "--save")
    writable_folder(path.parent, "--save")
    return path


def _write_save(path: Path, text: str, force: bool) -> None:
    # Checked again as it is written: a long game gives time for the path to change.
    try:
        write_user_file(path, text, force)
    except RefusedTarget as exc:
        fail(_cannot_write(path, str(exc)))
    except OSError as exc:
        fail(_("cannot write {path}: {reason}").format(path=path, reason=why(exc)))


def _cannot_write(path: Path, problem: str) -> str:
    """Why `path` is refused as `--save`, with the way round a file that is not a
    record."""
    if problem == _(NOT_A_RECORD):  # user_file_problem's words, in the player's language
        return _("cannot write {path}: {reason} (--force replaces it)").format(
            path=path, reason=problem)
    return _("cannot write {path}: {reason}").format(path=path, reason=problem)

