"""`tabletop host`, `tabletop join` and `tabletop serve`: play with a friend elsewhere.

`host` opens a table on this machine (or, with `--on`, on a club's server) and prints
the one line a friend needs; `join` takes a seat at a table (or, with no code, lists a
server's open tables); `serve` holds many tables at once, with no window. The host's
table is the only authority (`tabletop.net.server`); see `docs/network.md`.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path
from typing import Any

import click

from tabletop.cli.common import fail, game_of, host_of
from tabletop.cli.options import SEED, budget_options, refused
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.net.protocol import DEFAULT_PORT, MAX_NAME, PATIENCE
from tabletop.play import choices
from tabletop.play.choices import MAX_PLAYERS, ChoiceError
from tabletop.seats import HUMAN

#: What `--seat` may say besides an agent or level: a person here, or one online.
REMOTE = "remote"


def _read() -> str | None:
    """One line typed in the terminal (None at the end of the input)."""
    line = sys.stdin.readline()
    return line.rstrip("\n") if line else None


def _prompt(words: str) -> None:
    click.echo(words, nl=False)


def _name(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    if value is None:
        return ""
    try:
        return choices.person_name(value, "--name")
    except ChoiceError as exc:
        raise refused(exc) from None


@click.command("host", help=_(
    "Host GAME for friends on other computers; prints the line they type to join.\n\n"
    "A seat is `human` (you, here), `remote` (a friend who joins with the code) or a "
    "computer. With no human seat the host serves the table until the game ends. The game "
    "is kept in your library after every move; a host that was stopped resumes the table "
    "with --resume, and its players take their seats again."))
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--seat", "seats", multiple=True, metavar="human|remote|AGENT",
              help=_("Who sits at each seat, in order: you (human), a friend who joins "
                     "(remote), or a computer (an agent or level). Default: human, remote."))
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS),
              help=_("Number of players."))
@click.option("--option", "pairs", multiple=True, metavar="KEY=VALUE",
              help=_("A game option."))
@click.option("--seed", type=SEED, default=None,
              help=_("Seed of the game (default: random; kept secret until the end)."))
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT,
              show_default=True, help=_("Port to serve on (0: any free one)."))
@click.option("--bind", default="0.0.0.0", show_default=True,
              help=_("Address to listen on (127.0.0.1: this machine only)."))
@click.option("--time-limit", type=click.FloatRange(5, 86_400), metavar="S",
              help=_("Seconds each person has for a move; out of time loses."))
@click.option("--name", callback=_name, metavar="NAME",
              help=_("Your name at the table (at most {count} characters).").format(
                  count=MAX_NAME))
@click.option("--text", is_flag=True, help=_("Play your seat in the terminal."))
@click.option("--resume", "resume", is_flag=True,
              help=_("Resume the last online table this machine hosted (after a crash)."))
@click.option("--certificate", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=_("TLS certificate (PEM): clients join with wss://."))
@click.option("--key", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=_("The certificate's private key (PEM)."))
@click.option("--no-discovery", is_flag=True,
              help=_("Do not announce the table on the local network."))
@click.option("--on", "server_address", metavar="ADDRESS",
              help=_("Open the table on the club server at ADDRESS (`tabletop serve`) "
                     "instead of this machine."))
@budget_options
@click.pass_context
def host_command(ctx: click.Context, game_id: str | None, seats: tuple[str, ...],
                 players: int | None, pairs: tuple[str, ...], seed: int | None, port: int,
                 bind: str, time_limit: float | None, name: str, text: bool, resume: bool,
                 certificate: Path | None, key: Path | None, no_discovery: bool,
                 server_address: str | None, seconds: float | None,
                 iterations: int | None) -> None:
    """Host GAME for friends on other computers; prints the line they type to join.

    A seat is `human` (you, here), `remote` (a friend who joins with the code) or a
    computer. With no human seat the host serves the table until the game ends. The game
    is kept in your library after every move; a host that was stopped resumes the table
    with --resume, and its players take their seats again.
    """
    from tabletop.net.server import HERE, ONLINE, Server, new_seed
    from tabletop.store.paths import data_dir

    host = host_of(ctx)
    try:
        budget = choices.budget(seconds, iterations)
    except ChoiceError as exc:
        raise refused(exc) from None
    server = Server(host, data_dir(), budget=budget, say=lambda s: click.echo(s, err=True))
    try:
        if resume:
            entries = server.resumable()
            if not entries:
                fail(_("there is no online table to resume"))
            online = server.resume(entries[0])
        else:
            if game_id is None:
                fail(_("name the GAME to host (or --resume the last table)"))
            game = game_of(ctx, game_id)
            given = choices.agent_names(seats) or [HUMAN, REMOTE]
            try:
                count = choices.players(game, players, len(given) if len(given) > 1
                                        else game.info.min_players)
                if len(given) != count:
                    raise ChoiceError("--seat", _("{seats} seats given for {count} "
                                                  "players").format(seats=len(given),
                                                                    count=count))
                choices.agents(host, game_id, [g for g in given if g != REMOTE], "--seat",
                               human=True)
                options = choices.options(game, pairs)
            except ChoiceError as exc:
                raise refused(exc) from None
            if REMOTE not in given:
                raise click.BadParameter(_("at least one seat must be remote (a friend who "
                                           "joins)"), param_hint="--seat")
            kinds = [HERE if g == HUMAN else ONLINE if g == REMOTE else g for g in given]
            if server_address is not None:
                server.close()
                if HERE in kinds and not text:
                    fail(_("use --text to play your seat in the terminal"))
                _host_on(host, server_address, game_id, kinds, options, time_limit, name)
                return
            online = server.open_table(game_id, kinds, options,
                                       new_seed() if seed is None else seed, time_limit,
                                       [name if k == HERE else "" for k in kinds])
    except TabletopError as exc:
        server.close()
        fail(one_line(exc))
    here = [p for p in online.places if p.kind == HERE]
    if here and not text:
        server.close()
        fail(_("the desktop app hosts from its set-up screen: run `tabletop`; use --text "
               "to play your seat in the terminal"))
    from tabletop.net.client import Connection, NetError
    from tabletop.net.hosting import Hosting

    try:
        hosting = Hosting.start(server, online, port, bind, certificate, key,
                                discovery=not no_discovery)
    except NetError as exc:
        server.close()
        fail(one_line(exc))
    click.echo(_("join with: {command}").format(
        command=f"tabletop join {hosting.address} {online.code}"), err=False)
    sys.stdout.flush()
    # The way back to this table: the person here plays it in the terminal again.
    again = "tabletop host --resume" + (" --text" if here else "")
    try:
        if here:
            _play_here(host, Connection(hosting.here, token=here[0].token, name=name,
                                        insecure=True))
            if not online.finished.is_set():  # the person here quit: the table stops
                click.echo(_("The table stopped; the game is kept. Resume it with "
                             "`{command}`.").format(command=again), err=True)
                return
        while not online.finished.is_set():
            threading.Event().wait(0.2)
    except KeyboardInterrupt:
        click.echo("\n" + _("Stopped hosting; resume the table with `{command}`.")
                   .format(command=again), err=True)
    finally:
        hosting.withdraw()
        server.close()
    outcome = online.table.outcome
    if outcome is not None and online.finished.is_set():
        from tabletop.lines import render

        click.echo(_("Game over: {result}").format(
            result=render(outcome.said, online.table.labels())), err=True)


def _host_on(host: Any, address: str, game_id: str, kinds: list[str],
             options: dict[str, Any], time_limit: float | None, name: str) -> None:
    """Open the table on a club server, print how to join it, and play the seat of the
    person here (if any) as any client would."""
    from tabletop.net.client import Connection, NetError
    from tabletop.net.server import HERE, ONLINE

    try:
        opener = Connection(address).start(join=False)
    except NetError as exc:
        fail(one_line(exc))
    try:
        fields: dict[str, Any] = {"game": game_id, "options": options,
                                  "seats": [ONLINE if k == HERE else k for k in kinds]}
        if time_limit is not None:
            fields["time_limit"] = time_limit
        opener.send("open", **fields)
        message = opener.reply(("opened", "error"))
    finally:
        opener.close()
    if message is None:
        fail(_("the server did not answer"))
    if message["type"] == "error":
        fail(str(message["message"]))
    code = str(message["code"])
    click.echo(_("join with: {command}").format(command=f"tabletop join {address} {code}"))
    sys.stdout.flush()
    if HERE not in kinds:
        return
    _play_here(host, Connection(address, code=code, name=name, seat=kinds.index(HERE)))


def _play_here(host: Any, connection: Any) -> None:
    """The person here plays their seat in the terminal through `connection` (to this
    host's own server, or to a club's)."""
    from tabletop.net.client import NetError
    from tabletop.net.players import play_text, welcome

    try:
        connection.start()
        play_text(host, connection, welcome(host, connection, click.echo), _read, click.echo,
                  _prompt)
    except NetError as exc:
        fail(one_line(exc))
    finally:
        connection.close()


@click.command("join", help=_(
    "Join the table at ADDRESS with its CODE (with no CODE: list its open tables).\n\n"
    "Your seat's token is kept, so running the same command again after a crash takes "
    "the same seat. With --agent a computer plays it; the finished game is kept in your "
    "library."))
@click.argument("address")
@click.argument("code", required=False)
@click.option("--name", callback=_name, metavar="NAME",
              help=_("Your name at the table (at most {count} characters).").format(
                  count=MAX_NAME))
@click.option("--agent", metavar="AGENT",
              help=_("Let a computer (an agent or level) play the seat."))
@click.option("--seat", type=click.IntRange(1, MAX_PLAYERS), metavar="N",
              help=_("Take seat N if it is free."))
@click.option("--text", is_flag=True, help=_("Play in the terminal."))
@click.option("--certificate", type=click.Path(exists=True, dir_okay=False),
              help=_("Trust this certificate (PEM) for a wss:// host."))
@click.option("--patience", type=click.FloatRange(1, 3600), default=PATIENCE, show_default=True,
              metavar="S", help=_("Seconds to keep trying when the host is gone."))
@click.option("--seed", type=SEED, default=None,
              help=_("Seed of the --agent's own choices (the game's chance stays the "
                     "host's)."))
@budget_options
@click.pass_context
def join_command(ctx: click.Context, address: str, code: str | None, name: str,
                 agent: str | None, seat: int | None, text: bool, certificate: str | None,
                 patience: float, seed: int | None, seconds: float | None,
                 iterations: int | None) -> None:
    """Join the table at ADDRESS with its CODE (with no CODE: list its open tables).

    Your seat's token is kept, so running the same command again after a crash takes
    the same seat. With --agent a computer plays it; the finished game is kept in your
    library.
    """
    from tabletop.net.client import Connection, NetError
    from tabletop.net.codes import normal_code
    from tabletop.net.hosting import remember_token, remembered_token
    from tabletop.net.players import play_agent, play_text, welcome
    from tabletop.play.session import make_agent

    host = host_of(ctx)
    if code is None:
        _list_tables(address, certificate)
        return
    typed = normal_code(code)
    if not typed:
        raise click.BadParameter(_("{code} is not a join code (12 letters and digits, "
                                   "as XXXX-XXXX-XXXX)").format(code=repr(code)),
                                 param_hint="CODE")
    if agent is None and not text:
        fail(_("the desktop app joins from its launcher: run `tabletop`; use --text to "
               "play in the terminal, or --agent to let a computer play"))
    try:
        budget = choices.budget(seconds, iterations)
        connection = Connection(address, code=typed, name=name,
                                seat=seat - 1 if seat else None, patience=patience,
                                certificate=certificate)
    except (ChoiceError, NetError) as exc:
        fail(one_line(exc))
    connection.token = remembered_token(connection.uri, typed)
    online_game = None
    try:
        connection.start()
        online_game = welcome(host, connection, click.echo)
        # Kept at once: a client killed mid-game takes this seat again with it.
        remember_token(connection.uri, typed, connection.token)
        if agent is not None:
            game_id = online_game.game.info.id
            try:
                made = make_agent(host, game_id, agent)
            except TabletopError as exc:
                raise click.BadParameter(one_line(exc), param_hint="--agent") from None
            play_agent(host, connection, online_game, made, f"agent {agent!r}", click.echo,
                       budget, seed=seed)
        else:
            play_text(host, connection, online_game, _read, click.echo, _prompt)
    except NetError as exc:
        fail(one_line(exc))
    except KeyboardInterrupt:
        click.echo("\n" + _("Left the table; your seat is kept."), err=True)
        ctx.exit(130)
    finally:
        connection.close()
        finished = online_game is not None and online_game.outcome is not None
        remember_token(connection.uri, typed, None if finished else connection.token)


def _list_tables(address: str, certificate: str | None) -> None:
    from tabletop.net.client import Connection, NetError

    try:
        connection = Connection(address, certificate=certificate).start(join=False)
    except NetError as exc:
        fail(one_line(exc))
    try:
        connection.send("lobby")
        message = connection.reply(("lobby",))
        if message is None:
            fail(_("the host did not answer"))
        tables = message["tables"]
        if not tables:
            click.echo(_("No open tables."))
        for table in tables:
            labels = ", ".join(str(s.get("label")) for s in table.get("seats", []))
            click.echo(_("{table}  {name}  {free} free seat(s)  ({seats})").format(
                table=table.get("table"), name=table.get("name"), free=table.get("free"),
                seats=labels))
    finally:
        connection.close()


@click.command("serve", help=_(
    "Serve a club: a lobby of open tables, many at once, no window.\n\n"
    "Players open a table with `tabletop host GAME --on ADDRESS` and join it with "
    "`tabletop join ADDRESS CODE`; `tabletop join ADDRESS` lists the open tables. Tables "
    "left unfinished by a stopped server are resumed when it starts again."))
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT,
              show_default=True, help=_("Port to serve on."))
@click.option("--bind", default="0.0.0.0", show_default=True,
              help=_("Address to listen on."))
@click.option("--certificate", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=_("TLS certificate (PEM)."))
@click.option("--key", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help=_("The certificate's private key (PEM)."))
@click.option("--tables-per-address", type=click.IntRange(1, 1000), default=20,
              show_default=True, help=_("Unfinished tables one address may open."))
@budget_options
@click.pass_context
def serve_command(ctx: click.Context, port: int, bind: str, certificate: Path | None,
                  key: Path | None, tables_per_address: int, seconds: float | None,
                  iterations: int | None) -> None:
    """Serve a club: a lobby of open tables, many at once, no window.

    Players open a table with `tabletop host GAME --on ADDRESS` and join it with
    `tabletop join ADDRESS CODE`; `tabletop join ADDRESS` lists the open tables. Tables
    left unfinished by a stopped server are resumed when it starts again.
    """
    from tabletop.net.hosting import local_address
    from tabletop.net.server import Server
    from tabletop.store.paths import data_dir

    host = host_of(ctx)
    try:
        budget = choices.budget(seconds, iterations)
    except ChoiceError as exc:
        raise refused(exc) from None
    server = Server(host, data_dir(), allow_open=True, budget=budget,
                    open_per_address=tables_per_address,
                    say=lambda s: click.echo(s, err=True))
    for entry in server.resumable():
        try:
            server.resume(entry)
        except TabletopError as exc:
            click.echo(_("warning: {problem}").format(problem=one_line(exc)), err=True)

    def ready(bound: int) -> None:
        click.echo(_("serving on {address} ({count} table(s) resumed)").format(
            address=local_address(bound, bind), count=len(server.tables)))
        sys.stdout.flush()

    try:
        asyncio.run(server.run(port, bind, certificate, key, ready=ready))
    except KeyboardInterrupt:
        click.echo("\n" + _("Stopped; unfinished tables resume at the next start."),
                   err=True)
    except OSError as exc:
        fail(_("cannot serve on port {port}: {error}").format(port=port, error=one_line(exc)))
    finally:
        server.close()
