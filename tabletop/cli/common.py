"""What every command shares: the loaded host, one-line failures, path checks, and the
lines said about plugin code that failed or printed during play."""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from tabletop import i18n, older_forms, process_exit
from tabletop.boundary import playing_label
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import Game, TabletopError
from tabletop.play.session import plugin_of_game, short
from tabletop.plugins import Host, first_line
from tabletop.record import Record

if TYPE_CHECKING:
    from tabletop.play.table import Table


def host_of(ctx: click.Context) -> Host:
    """The command's host, its plugins loaded the first time (their warnings and their
    deprecations on stderr, one line each)."""
    host: Host = ctx.obj["host"]
    if not ctx.obj.get("loaded"):
        process_exit.guard_stdout()  # before plugin code runs: threads it starts included
        host.load()
        ctx.obj["loaded"] = True
        said: set[str] = ctx.obj.setdefault("deprecations said", set())
        for info in host.plugins:
            said.update(info.deprecations)
        if ctx.info_name != "plugins":
            # Never on stdout: a command's output (`--json`) stays clean whatever plugins do.
            for line in host.warnings():
                click.echo(_("warning: {problem} (see `tabletop plugins`)").format(problem=line),
                           err=True)
            for line in host.deprecations():
                click.echo(_("deprecated: {problem} (see `tabletop plugins`)").format(
                    problem=line), err=True)
    return host


def say_deprecations(ctx: click.Context, game_id: str) -> None:
    """From now until the command ends, say on stderr each older form of the contract
    the game's plugin uses that play meets (`tabletop.older_forms`: a log line or a
    reason naming a seat in plain text), one line each, once in the command; Python
    would hide them (a `DeprecationWarning` outside `__main__`)."""
    host = host_of(ctx)
    said: set[str] = ctx.obj.setdefault("deprecations said", set())
    owner = host.owner(game_id)

    def say(message: str) -> None:
        if message in said:
            return
        said.add(message)
        line = _("{plugin}: {deprecation}").format(plugin=owner, deprecation=message) \
            if owner is not None else message
        # Play meets them inside the game's guard, which routes this thread's stderr
        # into the plugin's output: this is the host's line, to the real stream.
        click.echo(_("deprecated: {problem} (see `tabletop plugins`)").format(problem=line),
                   file=getattr(sys.stderr, "real", sys.stderr))

    ctx.with_resource(older_forms.listening(say))


def fail(message: str) -> NoReturn:
    """End the command with `message` on one line (exit 1)."""
    raise click.ClickException(one_line(message))


def bad(message: object, hint: str) -> click.BadParameter:
    """A refused option, its message on one line however long the input was."""
    return click.BadParameter(one_line(message), param_hint=hint)


class PathRefused(click.ClickException):
    """A path option refused before any work is done: exit 2 like a bad option, but one
    line, without the usage text (the path is at fault, not the command line's shape)."""

    exit_code = 2


def bad_path(message: object, hint: str) -> PathRefused:
    """A refused path option, on one line."""
    return PathRefused(one_line(_("Invalid value for {param_hint}: {message}").format(
        param_hint=hint, message=message)))


def game_of(ctx: click.Context, game_id: str) -> Game[Any, Any]:
    """The installed game `game_id`, or a one-line failure naming the installed ones."""
    try:
        return host_of(ctx).game(game_id)
    except TabletopError as exc:
        fail(str(exc))


def plugin_failure(host: Host, game_id: str, doing: str, exc: BaseException) -> str:
    """One line for an error raised while playing: a `TabletopError` says it itself (an
    agent's names the agent); anything else is the game's plugin failing. `doing` is
    what was under way ("playing", marked `N_` or already translated)."""
    if isinstance(exc, TabletopError):
        return short(str(exc))
    plugin = next((p.name for p in host.plugins if game_id in p.games), game_id)
    frames = traceback.extract_tb(exc.__traceback__)
    error = f"{type(exc).__name__}: {short(str(exc))}"
    if frames:
        error = _("{error} at {file}:{line}").format(
            error=error, file=Path(frames[-1].filename).name, line=frames[-1].lineno)
    return _("{plugin} failed while {doing}: {error}").format(
        plugin=playing_label(plugin, game_id), doing=i18n.translated(doing), error=error)


def said_output(table: Table) -> None:
    """One line on stderr if the game's code printed while it was played (never stdout)."""
    said_printed(None, table.game_id, [table.output], table.plugin)


def said_printed(host: Host | None, game_id: str, outputs: list[str],
                 plugin: str | None = None) -> None:
    """One line on stderr naming the game's plugin if any of `outputs` (what game code
    printed during play, kept off stdout) is not blank."""
    printed = next((text for text in outputs if text.strip()), None)
    if printed is not None:
        name = plugin or (plugin_of_game(host, game_id) if host is not None else game_id)
        click.echo(_("warning: {plugin} printed during play: {output}").format(
            plugin=playing_label(name, game_id), output=first_line(printed)), err=True)


def why(exc: OSError) -> str:
    """The OS's words for a failed file operation, plainer where a path is a file."""
    from tabletop.store.paths import reason

    return reason(exc)


def writable_folder(folder: Path, hint: str) -> None:
    """Fail now, before any game is played, if files cannot be written into `folder`."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"tabletop")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        raise bad_path(_("cannot write into {folder}: {reason}").format(
            folder=folder, reason=why(exc)), hint) from None


def read_record(path: Path) -> Record:
    """The game record at `path`, or a one-line failure."""
    try:
        return Record.read(path)
    except OSError as exc:
        fail(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc))
    except TabletopError as exc:
        fail(_("{path}: {problem}").format(path=path, problem=exc))
