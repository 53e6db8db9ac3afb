"""Playing an online seat from a client: in the terminal, or by an agent (no arcade).

Both follow the host's messages in an `OnlineGame` and send moves in the game's
notation; the host checks them. At the end the client keeps the game's record (which
the host sends once nothing is secret any more) in its own library, so it can be
replayed and counts in Statistics like a game played at one screen.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.ai.base import Agent, Budget
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.net.client import STATUS, Connection, NetError, OnlineGame
from tabletop.play.session import choose_move
from tabletop.play.terminal import said_yes
from tabletop.plugins import Host
from tabletop.record import Record, replay

Say = Callable[[str], None]
Ask = Callable[[str], "str | None"]



def welcome(host: Host, connection: Connection, say: Say, wait: float = 30.0) -> OnlineGame:
    """Wait for the host's welcome; the client's game. Raises `NetError` on a refusal
    (a wrong code, a game this client does not have)."""
    while True:
        message = connection.next(timeout=wait)
        if message is None:
            raise NetError(_("the host did not answer in {seconds} s").format(
                seconds=f"{wait:.0f}"))
        kind = message["type"]
        if kind == "welcome":
            try:
                game = host.game(message["game"])
            except TabletopError as exc:
                raise NetError(_("this table plays a game that is not installed here: "
                                 "{reason}").format(reason=one_line(exc))) from None
            online = OnlineGame.welcomed(game, message)
            seat = online.seat
            where = (_("seat {number}").format(number=seat + 1) if seat is not None
                     else _("a spectator's place"))
            say(_("Joined table {table}: {game}, {place}. Seats: {seats}").format(
                table=message["table"],
                game=i18n.translated(str(message.get("name", game.info.name))),
                place=where, seats=online.who()))
            return online
        if kind == "error" or (kind == STATUS and message.get("state") in ("lost", "closed")):
            raise NetError(i18n.translated(str(message.get(
                "message", "the host closed the connection"))))


def keep_record(host: Host, online: OnlineGame, data: Path | None = None) -> str | None:
    """Keep the finished game's record in this client's library (checked by replaying
    it first: a host's record is foreign input); where it was kept, or why not."""
    from tabletop.store.library import Library
    from tabletop.store.paths import data_dir

    if online.record is None or online.seat is None:
        return None
    try:
        record = Record.from_dict(online.record)
        replay(host.game(record.game), record)
        library = Library.open(data or data_dir())
    except (TabletopError, OSError) as exc:
        return _("the game could not be kept: {reason}").format(reason=one_line(exc))
    try:
        players = [online.label(i) if entry.get("kind") != "computer"
                   else str(record.agents[i]) for i, entry in enumerate(online.seats)]
        entry = library.add(record, players, origin="online")
        return _("Kept in the game library: {file}").format(file=entry.file)
    except (TabletopError, OSError) as exc:
        return _("the game could not be kept: {reason}").format(reason=one_line(exc))
    finally:
        library.close()


def _said(online: OnlineGame, message: dict[str, Any], say: Say) -> None:
    """Tell the terminal what one message means."""
    kind = message["type"]
    if kind == "played":
        for line in message["lines"]:
            say(f"  {line}")
    elif kind in ("error", "note"):
        said = i18n.translated(str(message["message"]))
        say(_("Error: {message}").format(message=said) if kind == "error"
            else _("Note: {message}").format(message=said))
    elif kind == "declined":
        say(_("{player} declines.").format(player=message["by"]))
    elif kind == "seats":
        say(_("Seats: {seats}").format(seats=online.who()))
    elif kind == STATUS:
        state = message.get("state")
        if state == "reconnecting":
            say(_("The connection was lost: reconnecting…"))
        elif state == "connected":
            say(_("Connected again."))
        # "lost" is not said here: the loops that read it end with it, said once as the
        # command's error.


def play_text(host: Host, connection: Connection, online: OnlineGame, ask: Ask, say: Say,
              data: Path | None = None) -> OnlineGame:
    """Play this client's seat (`online`, from its `welcome`) in the terminal until the
    game ends or the player quits ("quit"); "help" lists the legal moves."""
    say(str(online.position.get("text", "")))
    shown_ply = online.ply
    while online.outcome is None:
        if online.my_turn and connection.messages.empty():
            if online.ply != shown_ply:
                say(str(online.position.get("text", "")))
                shown_ply = online.ply
            line = ask(_("{player} to move> ").format(player=online.label(online.seat or 0)))
            if line is None or line.strip() in ("quit", "exit"):
                say(_("You left the table; your seat is kept (join again with the same "
                      "command to take it)."))
                return online
            text = line.strip()
            if text in ("help", "?", ""):
                say(_("Legal moves: {moves}").format(moves=", ".join(
                    online.legal + online.position.get("special", []))))
                continue
            connection.send("move", ply=online.ply, move=text)
        message = connection.next(timeout=0.5)
        if message is None:
            continue
        if message["type"] == "confirm":
            answer = ask(_("{reason} Play {move}? [y/N] ").format(
                reason=i18n.translated(str(message["reason"])), move=message["move"]))
            if answer is not None and said_yes(answer):
                connection.send("move", ply=online.ply, move=message["move"],
                                confirmed=True)
            continue
        if message["type"] == "offer":
            answer = ask(_("{player} offers {move}. Accept? [y/N] ").format(
                player=message["label"], move=message["move"]))
            connection.send("answer", accept=answer is not None and said_yes(answer))
            continue
        online.take(message)
        _said(online, message, say)
        if message["type"] == STATUS and message.get("state") in ("lost", "closed") \
                and online.outcome is None:
            raise NetError(i18n.translated(str(message.get(
                "message", "the host closed the connection"))))
    if online.outcome is not None:
        say(str(online.position.get("text", "")))
        say(_("Game over: {reason}").format(reason=online.outcome.get("said", "")))
        if online.record is None:  # the end came with a played move: the record follows
            _await_record(connection, online)
        kept = keep_record(host, online, data)
        if kept:
            say(kept)
    return online


def _await_record(connection: Connection, online: OnlineGame, wait: float = 10.0) -> None:
    while online.record is None:
        message = connection.next(timeout=wait)
        if message is None:
            return
        online.take(message)


def play_agent(host: Host, connection: Connection, online: OnlineGame, agent: Agent,
               label: str, say: Say, budget: Budget | None = None,
               data: Path | None = None, seed: int | None = None) -> OnlineGame:
    """Let `agent` play this client's seat (`online`, from its `welcome`) to the end. It
    decides on the seat's view only, with a random stream of this client's own (never
    the host's seed; `seed` makes it repeatable)."""
    budget = budget or Budget()
    rng = random.Random(secrets.randbits(64) if seed is None else seed)
    asked = -1
    while online.outcome is None:
        if online.my_turn and online.ply != asked and connection.messages.empty():
            asked = online.ply
            move = _decide(online, agent, label, budget, rng)
            connection.send("move", ply=online.ply, move=move)
        message = connection.next(timeout=1.0)
        if message is None:
            continue
        if message["type"] == "error" and online.my_turn:
            asked = -1  # refused (a late move, say): decide again
        if message["type"] == "offer":
            connection.send("answer", accept=False)
            continue
        if message["type"] == "confirm":
            connection.send("move", ply=online.ply, move=message["move"], confirmed=True)
            continue
        online.take(message)
        _said(online, message, say)
        if message["type"] == "welcome":
            asked = -1
        if message["type"] == STATUS and message.get("state") in ("lost", "closed") \
                and online.outcome is None:
            raise NetError(i18n.translated(str(message.get(
                "message", "the host closed the connection"))))
    if online.record is None:
        _await_record(connection, online)
    say(_("Game over: {reason}").format(
        reason=online.outcome.get("said", "") if online.outcome else ""))
    kept = keep_record(host, online, data)
    if kept:
        say(kept)
    return online


def _decide(online: OnlineGame, agent: Agent, label: str, budget: Budget,
            rng: random.Random) -> str:
    """The agent's move in notation, chosen on a state made from the seat's view."""
    game = online.game
    state = online.state(rng)
    if state is None:  # a game that sends no views: the random choice of its notation
        return rng.choice(online.legal)
    move = choose_move(game, state, agent, label, budget, rng)
    return game.move_to_text(state, move)
