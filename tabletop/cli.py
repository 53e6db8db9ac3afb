"""The `tabletop` command: the desktop app, and headless commands for every game."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sys
import tempfile
import time
import traceback
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn

import click

from tabletop import process_exit
from tabletop.ai.base import Agent, Budget
from tabletop.boundary import CapturedOutput, capturing_fd1, in_play, playing_label
from tabletop.limits import (
    MAX_MOVES,
    MAX_PLAYER_NAME,
    SEED_RANGE,
    one_line,
    player_name_problem,
    read_text,
    shown,
)
from tabletop.model import Game, OptionError, TabletopError
from tabletop.plugins import Host, first_line
from tabletop.record import Record, replay
from tabletop.scaffold import BOARDS, ScaffoldError, create_game
from tabletop.session import (
    HUMAN,
    PluginFailed,
    Session,
    agent_label,
    make_agent,
    plugin_of_game,
    short,
)
from tabletop.store.files import (
    NOT_A_RECORD,
    RefusedTarget,
    user_file_problem,
    write_atomic,
    write_user_file,
)

#: The bounds of the numeric options: a move may think up to an hour, a run play a million
#: games on 64 processes.
MAX_SECONDS = 3600
MAX_ITERATIONS = 10**9
MAX_GAMES = 10**6
MAX_WORKERS = 64
#: Seats at one table (each game's own range is checked too, and is far smaller).
MAX_PLAYERS = 1000
#: A game's ply bound (`--max-plies`, `--ply`): no record holds more moves.
MAX_PLIES = MAX_MOVES
#: Ray tasks at once (`tournament --backend ray --workers`): a cluster may have thousands
#: of CPUs, where a pool on one machine stays within `MAX_WORKERS` processes.
MAX_RAY_TASKS = 4096
#: A screenshot's side in pixels: larger than any screen, still a picture that fits in
#: memory (4 bytes a pixel: 256 MB at the bound).
MAX_PICTURE_SIDE = 8192


def _host(ctx: click.Context) -> Host:
    host: Host = ctx.obj["host"]
    if not ctx.obj.get("loaded"):
        process_exit.guard_stdout()  # before plugin code runs: threads it starts included
        host.load()
        ctx.obj["loaded"] = True
        if ctx.info_name != "plugins":
            # Never on stdout: a command's output (`--json`) stays clean whatever plugins do.
            for line in host.warnings():
                click.echo(f"warning: {line} (see `tabletop plugins`)", err=True)
    return host


def _fail(message: str) -> NoReturn:
    raise click.ClickException(one_line(message))


def _bad(message: object, hint: str) -> click.BadParameter:
    """A refused option, its message on one line however long the input was."""
    return click.BadParameter(one_line(message), param_hint=hint)


def _person_names(ctx: click.Context, param: click.Parameter,
                  names: tuple[str, ...]) -> tuple[str, ...]:
    """`--name` values, each refused in one line if too long or holding a control
    character: a name is shown on every turn line, label and library row."""
    for name in names:
        problem = player_name_problem(name)
        if problem:
            raise _bad(f"the name {shown(name)} {problem}", "--name")
    return names


class _PathRefused(click.ClickException):
    """A path option refused before any work is done: exit 2 like a bad option, but one
    line, without the usage text (the path is at fault, not the command line's shape)."""

    exit_code = 2


def _bad_path(message: object, hint: str) -> _PathRefused:
    return _PathRefused(one_line(f"Invalid value for {hint}: {message}"))


class _Seconds(click.ParamType):
    """A time in seconds: a finite number in (0, 3600]; NaN, infinity and 0 are refused."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{shown(value)} is not a number of seconds", param, ctx)
        # `not 0 < seconds <= 3600` is true for NaN too (it compares false to everything).
        if not 0 < seconds <= MAX_SECONDS:
            self.fail(f"{shown(value)} is not a number of seconds in (0, {MAX_SECONDS}]",
                      param, ctx)
        return seconds


SECONDS = _Seconds()
SEED = click.IntRange(*SEED_RANGE)


def _plugin_failure(host: Host, game_id: str, doing: str, exc: BaseException) -> str:
    """One line for an error raised while playing: a `TabletopError` says it itself (an
    agent's names the agent); anything else is the game's plugin failing."""
    if isinstance(exc, TabletopError):
        return short(str(exc))
    plugin = next((p.name for p in host.plugins if game_id in p.games), game_id)
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    return (f"plugin {plugin!r} (game {game_id!r}) failed while {doing}: "
            f"{type(exc).__name__}: {short(str(exc))}{where}")


def _game(ctx: click.Context, game_id: str) -> Game[Any, Any]:
    try:
        return _host(ctx).game(game_id)
    except TabletopError as exc:
        _fail(str(exc))


def _options(game: Game[Any, Any], pairs: tuple[str, ...]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise _bad(f"{shown(pair)} is not key=value", "--option")
        try:
            values[name.strip()] = game.info.option(name.strip()).parse(text)
        except OptionError as exc:
            raise _bad(exc, "--option") from None
    return values


def _players(game: Game[Any, Any], players: int | None, default: int) -> int:
    count = players if players is not None else default
    try:
        return game.info.check_players(count)
    except OptionError as exc:
        raise _bad(exc, "--players") from None


def _agents(host: Host, game_id: str, names: list[str]) -> list[Agent | None]:
    agents: list[Agent | None] = []
    for name in names:
        try:
            agents.append(None if name == HUMAN else make_agent(host, game_id, name))
        except TabletopError as exc:
            raise click.BadParameter(short(str(exc)), param_hint="--seat") from None
    return agents


def _budget(seconds: float | None, iterations: int | None) -> Budget:
    # The option types already refuse NaN, infinity and out-of-range values; this guards
    # callers that build a budget from other input.
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise _bad(f"must be a number of seconds in (0, {MAX_SECONDS}]", "--seconds")
    if iterations is not None and not 0 < iterations <= MAX_ITERATIONS:
        raise _bad(f"must be a whole number in 1..{MAX_ITERATIONS}", "--iterations")
    return Budget(seconds, iterations)


def _writable_folder(folder: Path, hint: str) -> None:
    """Fail now, before any game is played, if files cannot be written into `folder`."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"tabletop")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        raise _bad_path(f"cannot write into {folder}: {_why(exc)}", hint) from None


def _why(exc: OSError) -> str:
    """The OS's words for a failed file operation, plainer where a path is a file."""
    from tabletop.store.paths import reason

    return reason(exc)


@click.group(cls=process_exit.ProgramGroup, invoke_without_command=True)
@click.version_option(package_name="tabletop")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Tabletop: tabletop games at one screen. With no command, opens the desktop app."""
    ctx.ensure_object(dict)
    ctx.obj.setdefault("host", Host())
    if ctx.invoked_subcommand is None:
        ctx.invoke(app)


@main.command()
@click.pass_context
def app(ctx: click.Context, entry_id: str | None = None) -> None:
    """Open the desktop app (the launcher)."""
    from tabletop.store.paths import DATA_DIR_ENV, data_dir

    process_exit.app_opened()
    try:
        data_dir()
    except OSError as exc:
        where = os.environ.get(DATA_DIR_ENV) or "the data folder"
        _fail(f"cannot use {where} as the data folder: {_why(exc)}")
    host: Host = ctx.obj["host"]  # loaded by the app behind its splash, not before
    no_screen = ("the desktop app needs a screen and none was found "
                 "(no DISPLAY or WAYLAND_DISPLAY); in a terminal, use "
                 "`tabletop play GAME --text`")
    if (sys.platform.startswith("linux") and not os.environ.get("ARCADE_HEADLESS")
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))):
        _fail(no_screen)
    try:
        from tabletop.ui.app import run_app
    except ImportError as exc:
        _fail(f"the desktop app cannot start: {exc}")
    try:
        run_app(host, entry_id)
    except Exception as exc:
        # Only a failure to get a window or an OpenGL context is the machine's fault;
        # anything else is a bug and keeps its traceback.
        if type(exc).__name__ in ("NoSuchDisplayException", "ContextException",
                                  "NoSuchConfigException"):
            _fail(f"{no_screen} ({exc})")
        raise


@main.command("open")
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path))  # read_text checks
@click.pass_context
def open_command(ctx: click.Context, path: Path) -> None:
    """Open the app on a game record or save: it is kept in the game library, then
    continued if in progress, shown at its end if finished."""
    from tabletop.library_cli import import_record

    host = _host(ctx)
    try:
        # Read here first, capped and without blocking, so a named pipe, a device or a
        # huge file is refused at once, whatever reads it next.
        read_text(path)
    except OSError as exc:
        _fail(f"cannot read {path}: {_why(exc)}")
    except ValueError as exc:
        _fail(f"cannot read {path}: {exc}")
    try:
        entry = import_record(host, path)
    except TabletopError as exc:
        _fail(str(exc))
    click.echo(f"Kept in the game library: {entry.file}")
    ctx.invoke(app, entry_id=entry.id)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def plugins(ctx: click.Context, as_json: bool) -> None:
    """List the loaded plugins and the ones that failed to load."""
    host = _host(ctx)
    if as_json:
        click.echo(json.dumps({
            "plugins": [vars(p) for p in host.plugins],
            "errors": [vars(e) for e in host.errors],
            "disabled": host.disabled,
        }, indent=1))
        return
    for p in host.plugins:
        builtin = ", built-in" if p.builtin else ""
        click.echo(f"{p.name}  ({p.distribution} {p.version}, module {p.module}{builtin}, "
                   f"loaded in {p.seconds:.2f} s)")
        click.echo(f"  hooks: {', '.join(p.hooks) or '-'}")
        click.echo(f"  games: {', '.join(p.games) or '-'}")
        if p.agents:
            click.echo(f"  agents: {', '.join(p.agents)}")
        if p.renderers:
            click.echo(f"  renderers: {', '.join(p.renderers)}")
        for refusal in p.refused:
            click.echo(f"  REFUSED {refusal}")
        _echo_output(p.output)
    for e in host.errors:
        click.echo(f"FAILED {e.name}  ({e.distribution} {e.version}): {e.error}")
        _echo_output(e.output)
    if host.disabled:
        click.echo(f"disabled: {', '.join(host.disabled)}")


def _echo_output(output: str) -> None:
    """What a plugin printed while loading, indented under its entry."""
    if output.strip():
        click.echo("  printed while loading:")
        for line in output.rstrip().splitlines():
            click.echo(f"  | {line}")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def games(ctx: click.Context, as_json: bool) -> None:
    """List the installed games with their players, options and agents."""
    host = _host(ctx)
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
        span = str(low) if low == high else f"{low}-{high}"
        click.echo(f"{g['id']}  {g['name']} ({span} players): {g['description']}")
        for name, opt in g["options"].items():
            default = json.dumps(opt["default"])  # as typed: true, 3, null
            click.echo(f"  --option {name}=...  {opt['description']} (default {default})")
        click.echo(f"  agents: {', '.join(g['agents'])}")


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--text", is_flag=True, help="Play in the terminal (required for now).")
@click.option("--seat", "seats", multiple=True, metavar="human|AGENT",
              help="Who sits at each seat, in order (repeat the option).")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help="Number of players (default: number of seats).")
@click.option("--seed", type=SEED, default=None, help="Seed of the game (default: random).")
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--seconds", type=SECONDS, help="Thinking time per AI move.")
@click.option("--iterations", type=click.IntRange(1, MAX_ITERATIONS),
              help="Work per AI move instead of time (the same seed gives the same game).")
@click.option("--save", "save_text", type=click.Path(),  # checked by _save_target
              help="Write the game record here when the game ends or stops (Ctrl-C too).")
@click.option("--force", is_flag=True,
              help="Let --save replace an existing file that is not a game record.")
@click.option("--name", "people", multiple=True, metavar="NAME", callback=_person_names,
              help=f"The name of each human seat, in order (default: the last used); "
                   f"at most {MAX_PLAYER_NAME} characters.")
@click.pass_context
def play(ctx: click.Context, game_id: str, text: bool, seats: tuple[str, ...],
         players: int | None, seed: int | None, pairs: tuple[str, ...],
         seconds: float | None, iterations: int | None, save_text: str | None,
         force: bool, people: tuple[str, ...]) -> None:
    """Play GAME: you and AI seats, in the terminal with --text.

    One --seat per seat, in order; with one seat or none, you (or that seat) play seat 1
    against the game's strongest agent. The game is kept in the game library (saved after
    every move) and counted in `tabletop stats`.
    """
    from tabletop.terminal import play_text

    game = _game(ctx, game_id)
    if not text:
        _fail("the desktop app plays from its launcher: run `tabletop`; "
              "use `tabletop play GAME --text` to play in the terminal")
    save = _save_target(save_text, force)  # before the game, not after it
    host = _host(ctx)
    count = _players(game, players, len(seats) if len(seats) > 1 else game.info.min_players)
    names = list(seats) or [HUMAN]
    if len(names) == 1 and count > 1:
        names += [host.strongest_agent(game_id).name] * (count - 1)
    if len(names) != count:
        raise click.BadParameter(f"{len(names)} seats given for {count} players",
                                 param_hint="--seat")
    agents = _agents(host, game_id, names)
    labels = [agent_label(host, game_id, name) for name in names]
    budget = _budget(seconds, iterations)
    if seed is None:
        seed = time.time_ns() % 2**31
    options = _options(game, pairs)
    plugin, output = plugin_of_game(host, game_id), CapturedOutput()
    try:
        with in_play(plugin, game_id, "setting up the game", output):
            session = Session.new(game, count, options, seed, names, plugin)
    except TabletopError as exc:
        _fail(short(str(exc)))
    session.output = output
    click.echo(f"{game.info.name}, seed {seed}. Type 'help' for the legal moves.")

    def ask(prompt: str) -> str | None:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else None

    from tabletop.library_cli import Keeper
    from tabletop.store.library import given_names

    keeper = Keeper.open(game_id, names, people)
    failure, interrupted = None, False
    saving = save is not None

    def keep(record: Record) -> None:
        nonlocal saving
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
        play_text(session, agents, labels, budget, ask, click.echo, keep,
                  given_names(keeper.names, names))
    except KeyboardInterrupt:
        interrupted = True
        click.echo("\nGame interrupted.")
    except Exception as exc:
        failure = _plugin_failure(host, game_id, "playing", exc)
    finally:
        keeper.close()
    _said_output(session)
    if save is not None:
        # What was played is kept whatever stopped the game (end, quit, Ctrl-C, an error).
        try:
            with session.guard("writing the record"):
                record_text = session.record().to_json()
        except TabletopError as exc:
            _fail(failure or short(str(exc)))  # the save of the last move stays
        _write_save(save, record_text, force)
        click.echo(f"Record written to {save}")
    if failure is not None:
        _fail(failure)
    if interrupted:
        ctx.exit(130)


def _said_output(session: Session) -> None:
    """One line on stderr if the game's code printed while it was played (never stdout)."""
    _said_printed(None, session.game.info.id, [session.output.text], session.plugin)


def _said_printed(host: Host | None, game_id: str, outputs: list[str],
                  plugin: str | None = None) -> None:
    """One line on stderr naming the game's plugin if any of `outputs` (what game code
    printed during play, kept off stdout) is not blank."""
    printed = next((text for text in outputs if text.strip()), None)
    if printed is not None:
        name = plugin or (plugin_of_game(host, game_id) if host is not None else game_id)
        click.echo(f"warning: {playing_label(name, game_id)} printed during play: "
                   f"{first_line(printed)}", err=True)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help="Number of players (default: number of agents).")
@click.option("--agents", "agent_list", default="random",
              help="Agents, one per seat or one for all, comma-separated.")
@click.option("--games", "count", type=click.IntRange(1, MAX_GAMES), default=10,
              show_default=True)
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Game i uses seed SEED+i.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=1, show_default=True)
@click.option("--rotate", is_flag=True, help="Rotate the agents round the seats each game.")
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--seconds", type=SECONDS, help="Thinking time per move (agents' default).")
@click.option("--iterations", type=click.IntRange(1, MAX_ITERATIONS),
              help="Work per move instead of time (deterministic).")
@click.option("--max-plies", type=click.IntRange(1, MAX_PLIES), default=None,
              help="Stop a game after N plies; it is reported as cut, without a result.")
@click.option("--records", type=click.Path(file_okay=False, path_type=Path),
              help="Write each game's record into this folder.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object of results.")
@click.pass_context
def simulate(ctx: click.Context, game_id: str, players: int | None, agent_list: str,
             count: int, seed: int, workers: int, rotate: bool, pairs: tuple[str, ...],
             seconds: float | None, iterations: int | None, max_plies: int | None,
             records: Path | None, as_json: bool) -> None:
    """Play AI-versus-AI games of GAME headless and summarize the results."""
    from tabletop import simulate as sim

    game = _game(ctx, game_id)
    host = _host(ctx)
    names = [n.strip() for n in agent_list.split(",") if n.strip()]
    if not names:
        raise click.BadParameter("name at least one agent", param_hint="--agents")
    if seed + count - 1 > SEED_RANGE[1]:
        raise _bad(f"game seeds SEED..SEED+{count - 1} must stay within {SEED_RANGE[1]}",
                   "--seed")
    seats = _players(game, players, len(names) if len(names) > 1 else game.info.min_players)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise click.BadParameter(f"{len(names)} agents for {seats} players",
                                 param_hint="--agents")
    for name in set(names):
        try:
            host.agent_spec(game_id, name)
        except TabletopError as exc:
            raise _bad(exc, "--agents") from None
    match = sim.Match(game_id, seats, tuple(names), _options(game, pairs),
                      _budget(seconds, iterations), tuple(host.disabled), rotate, max_plies)
    try:
        game.info.resolve_options(match.options)
    except OptionError as exc:
        raise _bad(exc, "--option") from None
    if records is not None:
        _writable_folder(records, "--records")
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
                length=count, label=f"{game_id}: {count} games", file=sys.stderr) as bar:
            for result in sim.run(host, match, count, seed, workers):
                results.append(result)
                if writer is not None:
                    writer.write(len(results), result)
                bar.update(1)
    except BrokenProcessPool:
        # A pool process that ended without a word: os._exit or a crash in the game's
        # code (which no process can catch in itself), or a kill from outside.
        _fail(f"{playing_label(plugin_of_game(host, game_id), game_id)} failed while "
              f"playing: a process playing its games ended abruptly (os._exit, a crash or "
              f"a kill) during game {len(results) + 1} or a later one")
    except Exception as exc:
        _said_printed(host, game_id, [r.output for r in results] + [stray.text])
        if isinstance(exc, PluginFailed) and exc.record is not None and records is not None:
            # The failed game's record so far is kept beside the finished ones.
            with contextlib.suppress(OSError, ValueError):
                seed_of = Record.from_json(exc.record).seed
                write_user_file(records / f"{game_id}-{seed_of}.json", exc.record)
        _fail(_plugin_failure(host, game_id, f"playing game {len(results) + 1}", exc))
    _said_printed(host, game_id, [r.output for r in results] + [stray.text])
    elapsed = time.perf_counter() - began
    if as_json:
        click.echo(json.dumps(sim.report_json(match, results, elapsed), indent=1))
    else:
        for line in sim.report_lines(game.info.name, results, elapsed):
            click.echo(line)
    if writer is not None and writer.failure is not None:
        # After the results, which count every game: only the later records are missing.
        _fail(writer.failure)


@main.command()
@click.argument("game_id", metavar="GAME")
@click.option("--agents", "agent_list", required=True, metavar="A,B[,...]",
              help="The agents (or levels) to rate, comma-separated.")
@click.option("--games-per-pair", type=click.IntRange(1, MAX_GAMES), default=20,
              show_default=True,
              help="Games at each table, rounded up to a multiple of the seats.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Round r of every table uses seed SEED+r.")
@click.option("--budget", metavar="iterations=N|seconds=S",
              help="Per move, for every agent (default: each agent's own).")
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
def tournament(ctx: click.Context, game_id: str, agent_list: str, games_per_pair: int,
               seed: int, budget: str | None, players: int | None, pairs: tuple[str, ...],
               max_plies: int | None, out: Path | None, backend: str, workers: int | None,
               ray_address: str | None, as_json: bool) -> None:
    """Rate agents of GAME against each other: a round robin (seats rotated), Elo
    ratings with 95 % intervals, every game's record kept in --out."""
    from tabletop import tournament as T

    game = _game(ctx, game_id)
    host = _host(ctx)
    names = [n.strip() for n in agent_list.split(",") if n.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise click.BadParameter("name at least two different agents", param_hint="--agents")
    for name in names:
        try:
            host.agent_spec(game_id, name)
        except TabletopError as exc:
            raise _bad(exc, "--agents") from None  # one line, however long the name
    seats = _players(game, players, max(game.info.min_players, 2))
    if seats < 2:
        raise click.BadParameter("a tournament needs at least 2 seats", param_hint="--players")
    total = T.schedule_size(len(names), seats, games_per_pair)
    if total > MAX_GAMES:
        raise _bad(f"{total:,} games in all, more than {MAX_GAMES:,}: fewer games per pair "
                   "or fewer agents", "--games-per-pair")
    rounds = math.ceil(games_per_pair / seats)
    if seed + rounds - 1 > SEED_RANGE[1]:
        raise _bad(f"round seeds SEED..SEED+{rounds - 1} must stay within {SEED_RANGE[1]}",
                   "--seed")
    if backend != "ray" and workers is not None and workers > MAX_WORKERS:
        raise _bad(f"at most {MAX_WORKERS} processes (Ray runs more tasks at once)",
                   "--workers")
    options = _options(game, pairs)
    try:
        game.info.resolve_options(options)
        settings = T.Settings(game_id, seats, T.parse_budget(budget), options, max_plies)
    except OptionError as exc:
        raise _bad(exc, "--option") from None
    except TabletopError as exc:
        raise _bad(exc, "--budget") from None
    asked = settings.budget
    if ((asked.iterations is not None and asked.iterations > MAX_ITERATIONS)
            or (asked.seconds is not None and asked.seconds > MAX_SECONDS)):
        raise _bad(f"at most iterations={MAX_ITERATIONS} and seconds={MAX_SECONDS}",
                   "--budget")
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
        _fail(short(str(exc)))
    except Exception as exc:
        _fail(_plugin_failure(host, game_id, "playing the tournament", exc))
    if out is not None:
        from tabletop.chart import draw

        title = (f"{game.info.name}, {seats} players: {len(outcome.results)} games, "
                 f"seed {seed}")
        try:
            draw(outcome.ratings, title, outcome.to_json()["anchor"], out / T.CHART_FILE)
            write_atomic(out / "ratings.json", json.dumps(outcome.to_json(), indent=1) + "\n")
        except OSError as exc:
            _fail(f"cannot write into {out}: {exc.strerror or exc}")
    if as_json:
        click.echo(json.dumps(outcome.to_json(), indent=1))
        return
    for line in T.report_lines(outcome, game.info.name):
        click.echo(line)
    if out is not None:
        click.echo(f"Records, results and {T.CHART_FILE} in {out}")


@main.command()
@click.option("--player", help="Only this player (a person's name or an agent's).")
@click.option("--game", "game_id", metavar="GAME", help="Only this game.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.pass_context
def stats(ctx: click.Context, player: str | None, game_id: str | None, as_json: bool) -> None:
    """Statistics of the kept games: per player, per game, against whom, solo scores."""
    from tabletop.library_cli import stats_report

    try:
        click.echo(stats_report(_host(ctx).games, player, game_id, as_json))
    except TabletopError as exc:
        _fail(str(exc))


@main.command("replay")
@click.argument("path", metavar="RECORD", type=click.Path(path_type=Path))  # Record.read checks
@click.pass_context
def replay_command(ctx: click.Context, path: Path) -> None:
    """Check a game record and print the game move by move."""
    from tabletop.model import seat_text  # a spectator's text: no seat's secrets
    from tabletop.terminal import result_text

    record = _read_record(path)
    game = _game(ctx, record.game)
    host = _host(ctx)
    try:
        replayed = replay(game, record)
    except TabletopError as exc:
        _fail(f"{path}: {short(str(exc))}")
    except Exception as exc:
        _fail(f"{path}: {_plugin_failure(host, record.game, 'replaying the record', exc)}")
    try:
        lines = [f"{game.info.name}, {record.players} players, seed {record.seed}",
                 seat_text(game, replayed.states[0])]
        for number, described in enumerate(replayed.log, 1):
            lines.extend(f"{number:4}. {line}" for line in described)
        lines.append(seat_text(game, replayed.final))
        outcome = game.outcome(replayed.final)
        lines.append(result_text(game, outcome) if outcome else "The game is not over.")
    except Exception as exc:
        _fail(f"{path}: {_plugin_failure(host, record.game, 'showing the game', exc)}")
    for line in lines:
        click.echo(line)


@main.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--screen", "screen_name", default=None,
              help="The screen to draw: launcher, setup, settings, library, stats, rules, "
                   "game or replay (default: the game at the record's end).")
@click.option("--game", "game_option", default=None, help="The game (setup, rules, game).")
@click.option("--record", "record_path", default=None,
              type=click.Path(path_type=Path), help="A game record.")
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The PNG file to write.")
@click.option("--size", default="1280x800", show_default=True, help="Window size WxH.")
@click.option("--ply", type=click.IntRange(0, MAX_PLIES), default=None,
              help="Draw the replay viewer after this many moves (0: the start).")
@click.pass_context
def screenshot(ctx: click.Context, game_id: str | None, screen_name: str | None,
               game_option: str | None, record_path: Path | None, out: Path, size: str,
               ply: int | None) -> None:
    """Render any screen headless to a PNG: `screenshot GAME --record FILE` (the position
    at the record's end, or the replay viewer at --ply), or `--screen NAME`."""
    # ASCII digits only: str.isdigit() also accepts "²", which int() then refuses.
    match = re.fullmatch(r"([0-9]{1,5})[xX]([0-9]{1,5})", size.strip())
    if not match or not all(200 <= int(side) <= MAX_PICTURE_SIDE for side in match.groups()):
        raise _bad(f"{shown(size)} is not WIDTHxHEIGHT (each from 200 to "
                   f"{MAX_PICTURE_SIDE})", "--size")
    dimensions = (int(match[1]), int(match[2]))
    host = _host(ctx)
    game_id = game_id or game_option
    if game_id is not None:
        _game(ctx, game_id)
    if screen_name is None and (game_id is None or record_path is None):
        raise click.UsageError("give GAME and --record FILE, or --screen NAME")
    try:
        from tabletop.ui.screenshot import render_record, render_replay, render_screen
    except ImportError as exc:
        _fail(f"screenshots need the desktop app: {exc}")
    try:
        if screen_name is not None:
            render_screen(host, screen_name, out, dimensions, game_id, record_path)
        elif ply is None:
            render_record(host, game_id or "", record_path or "", out, dimensions)
        else:
            render_replay(host, record_path or "", ply, out, dimensions)
    except TabletopError as exc:
        _fail(str(exc))
    click.echo(f"wrote {out}")


@main.command("new-game")
@click.argument("name")
@click.option("--dir", "directory", type=click.Path(path_type=Path),
              help="The folder to write (default: ./tabletop-NAME); it must be new or empty.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=2,
              show_default=True, help="How many players the game is for.")
@click.option("--board", type=click.Choice(list(BOARDS)), default="square", show_default=True,
              help="square: N in a row; hex: a Hex-like connection game; cards: tricks.")
@click.pass_context
def new_game(ctx: click.Context, name: str, directory: Path | None, players: int,
             board: str) -> None:
    """Write a new game plugin NAME: a pip-installable distribution with a small working
    game on the chosen board, its renderer and its tests."""
    target = directory if directory is not None else Path(f"tabletop-{name.replace('_', '-')}")
    try:
        made = create_game(name, target, players, board, installed_games=_host(ctx).games)
    except ScaffoldError as exc:
        _fail(str(exc))
    click.echo(f"wrote {made.distribution} ({len(made.files)} files) in {made.directory}")
    click.echo(f"next: pip install -e {made.directory} && tabletop play {name} --text")


def _read_record(path: Path) -> Record:
    try:
        return Record.read(path)
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror or exc}")
    except TabletopError as exc:
        _fail(f"{path}: {exc}")


def _save_target(text: str | None, force: bool) -> Path | None:
    """The `--save` path, refused now (exit 2) rather than after the game if it is empty,
    a folder, in a missing folder, not a regular file, a link, a file that is not a game
    record (without `--force`), or in a folder that cannot be written."""
    if text is None:
        return None
    if not text.strip():
        raise _bad_path("no file name given", "--save")
    if text.endswith(("/", os.sep)):  # Path() would drop the slash and name a file
        raise _bad_path(f"cannot write {text}: it names a folder, not a file", "--save")
    path = Path(text)
    problem = user_file_problem(path, force)
    if problem:
        hint = " (--force replaces it)" if problem == NOT_A_RECORD else ""
        raise _bad_path(f"cannot write {path}: {problem}{hint}", "--save")
    _writable_folder(path.parent, "--save")
    return path


def _write_save(path: Path, text: str, force: bool) -> None:
    # Checked again as it is written: a long game gives time for the path to change.
    try:
        write_user_file(path, text, force)
    except RefusedTarget as exc:
        hint = " (--force replaces it)" if str(exc) == NOT_A_RECORD else ""
        _fail(f"cannot write {path}: {exc}{hint}")
    except OSError as exc:
        _fail(f"cannot write {path}: {_why(exc)}")
