"""Playing an online seat from a client: in the terminal, or by an agent (no arcade).

Both follow the host's messages in an `OnlineGame` and send moves in the game's
notation; the host checks them. After every move the client keeps what its seat saw
(`net.joined.SeatSight`): the game is in its Library, in progress online, from the
start. At the end it keeps the game's record (which the host sends once nothing is
secret any more) in its own library in its place, so it can be replayed and counts in
Statistics, once, like a game played at one screen.
"""

from __future__ import annotations

import queue
import random
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.ai.base import Agent, Budget
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.net.client import STATUS, Connection, NetError, OnlineGame
from tabletop.net.joined import SeatSight
from tabletop.play.session import agent_label, choose_move, make_agent
from tabletop.play.table import hint_text, said
from tabletop.play.terminal import said_yes
from tabletop.plugins import Host
from tabletop.record import Record, replay

Say = Callable[[str], None]



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


def keep_record(host: Host, online: OnlineGame, data: Path | None = None,
                entry_id: str | None = None) -> str | None:
    """Keep the finished game's record in this client's library (checked by replaying
    it first: a host's record is foreign input); where it was kept, or why not. With
    `entry_id` (a `SeatSight`'s), it takes the place of the seat's kept sight, once: a
    record that does not replay leaves the sight as it was."""
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
        entry = (library.finish_seen(entry_id, record, players) if entry_id is not None
                 else library.add(record, players, origin="online"))
        return _("Kept in the game library: {file}").format(file=entry.file)
    except (TabletopError, OSError) as exc:
        return _("the game could not be kept: {reason}").format(reason=one_line(exc))
    finally:
        library.close()


def seat_sight(connection: Connection, data: Path | None, background: bool = False,
               address: str = "", name: str = "") -> SeatSight | None:
    """The keeper of what this client's seat sees at a table it joined by its code
    (None for a seat taken by its token alone: the host's own, whose host keeps the
    game), in `data` (default: the data folder)."""
    from tabletop.store.paths import data_dir

    if not connection.code:
        return None
    try:
        directory = data or data_dir()
    except OSError:
        return None  # no data folder: the game is kept by its host only
    return SeatSight(directory, connection.uri, connection.code, address,
                     name or connection.name, background)


def _follow(sight: SeatSight | None, online: OnlineGame, message: dict[str, Any],
            say: Say) -> None:
    """Keep what the seat saw after `message`; a failure said once."""
    if sight is None:
        return
    sight.follow(online, message)
    problem = sight.take_problem()
    if problem:
        say(_("Not saving: {problem}").format(problem=problem))


def _finish(host: Host, online: OnlineGame, data: Path | None,
            sight: SeatSight | None, say: Say) -> None:
    """The game is over: its record takes the place of the seat's sight."""
    if sight is not None:
        sight.close()
    kept = keep_record(host, online, data, sight.id if sight is not None else None)
    if kept:
        say(kept)


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


#: What the terminal does with a word typed at an online table (besides a move).
QUIT_WORDS = ("quit", "exit")
HELP_WORDS = ("help", "?")


class Typed:
    """The lines a person types, read as they come by a thread of their own (`read`:
    one line, None at the end of the input), so that the table's messages are printed as
    they happen and a line typed out of turn is answered at once, never kept for later.
    """

    END = object()

    def __init__(self, read: Callable[[], str | None]) -> None:
        self._lines: queue.Queue[object] = queue.Queue()
        self._read = read
        threading.Thread(target=self._reading, daemon=True, name="tabletop-typed").start()

    def _reading(self) -> None:
        while True:
            try:
                line = self._read()
            except (OSError, ValueError):  # stdin closed under us
                line = None
            self._lines.put(Typed.END if line is None else line)
            if line is None:
                return

    def get(self, timeout: float) -> object:
        """The next line typed (`Typed.END` at the end of the input), or None if none
        came within `timeout` seconds."""
        try:
            return self._lines.get(timeout=timeout)
        except queue.Empty:
            return None


def play_text(host: Host, connection: Connection, online: OnlineGame,
              read: Callable[[], str | None], say: Say, prompt: Say | None = None,
              data: Path | None = None) -> OnlineGame:
    """Play this client's seat (`online`, from its `welcome`) in the terminal until the
    game ends or the player quits, as a conversation: the others' moves are printed as
    they happen; `prompt` (default: `say`) asks for a move when it is this seat's turn;
    a line typed out of turn is refused at once ("Not your turn: waiting for Hana."),
    never played later, but for this seat's special moves ("resign", "draw"), which the
    host takes at any time; "quit" works at any moment, "help" lists the legal moves, "hint"
    asks the game's strongest agent, here, on this seat's view. `read` gives one typed
    line (None at the end of the input)."""
    prompt = prompt or say
    sight = seat_sight(connection, data)
    _follow(sight, online, {"type": "welcome"}, say)
    typed = Typed(read)
    question: dict[str, Any] | None = None  # a "confirm" or an "offer" waiting for y/N
    asked: int | None = None  # the ply whose prompt was shown
    sent: int | None = None  # the ply this seat sent a move for, not yet answered
    shown_ply = online.ply
    say(str(online.position.get("text", "")))
    while online.outcome is None:
        message = connection.next(timeout=0.05)
        if message is not None:
            kind = message["type"]
            if kind in ("confirm", "offer"):
                question = dict(message)
                prompt(_ask_words(message))
                continue
            online.take(message)
            _said(online, message, say)
            _follow(sight, online, message, say)
            if kind == "error" and online.my_turn:
                sent = asked = None  # refused: asked again
            if kind == STATUS and message.get("state") in ("lost", "closed") \
                    and online.outcome is None:
                raise NetError(i18n.translated(str(message.get(
                    "message", "the host closed the connection"))))
            if sent is not None and online.ply != sent:
                sent = None  # the move was played (or the position moved on)
            continue
        if online.my_turn and asked != online.ply and sent is None and question is None:
            if online.ply != shown_ply:
                say(str(online.position.get("text", "")))
                shown_ply = online.ply
            prompt(_("{player} to move> ").format(player=online.label(online.seat or 0)))
            asked = online.ply
        line = typed.get(0.05)
        if line is None:
            continue
        if line is Typed.END or str(line).strip().lower() in QUIT_WORDS:
            say(_("You left the table; your seat is kept (join again with the same "
                  "command to take it)."))
            if sight is not None:
                sight.close()
            return online
        text = str(line).strip()
        if question is not None:
            _answer(connection, online, question, text)
            question = None
            continue
        specials = [str(word) for word in online.position.get("special", [])]
        if text.lower() in HELP_WORDS or not text:
            if online.my_turn:
                say(_("Legal moves: {moves}").format(moves=", ".join(online.legal + specials)))
            else:
                say(_waiting(online))
                if specials:  # resigning and offering a draw are open at any time
                    say(_("Also: {moves}").format(moves=", ".join(specials)))
            asked = None if online.my_turn else asked
            continue
        if not online.my_turn:
            if online.full and text.lower() in specials:
                # Out of turn a seat may still resign or offer a draw: sent at once,
                # the host asks what it needs (a confirmation, the others' answers).
                connection.send("move", ply=online.ply, move=text.lower())
                continue
            say(_waiting(online))  # refused at once: nothing typed out of turn is kept
            continue
        if sent is not None:
            say(_("Your move is with the host: wait for its answer."))
            continue
        if text.lower() == "hint":
            say(_text_hint(host, online))
            asked = None
            continue
        connection.send("move", ply=online.ply, move=text)
        sent = online.ply
    if online.outcome is not None:
        say(str(online.position.get("text", "")))
        say(_("Game over: {reason}").format(reason=online.outcome.get("said", "")))
        if online.record is None:  # the end came with a played move: the record follows
            _await_record(connection, online)
        _finish(host, online, data, sight, say)
    return online


def _ask_words(message: dict[str, Any]) -> str:
    """The question of a "confirm" (the host asks before a move that ends the game) or
    an "offer" (another seat offers a draw), to answer y or N."""
    if message["type"] == "confirm":
        return _("{reason} Play {move}? [y/N] ").format(
            reason=i18n.translated(str(message["reason"])), move=message["move"])
    return _("{player} offers {move}. Accept? [y/N] ").format(
        player=message["label"], move=message["move"])


def _answer(connection: Connection, online: OnlineGame, question: dict[str, Any],
            text: str) -> None:
    yes = said_yes(text)
    if question["type"] == "confirm":
        if yes:
            connection.send("move", ply=online.ply, move=question["move"], confirmed=True)
    else:
        connection.send("answer", accept=yes)


def _waiting(online: OnlineGame) -> str:
    """Why a move typed now is refused: whose turn it is, or that play has not begun."""
    to_move = online.position.get("to_move")
    if not online.full:
        return _("Not your turn: waiting for players to join.")
    if to_move is None:
        return _("Not your turn: the game is over.")
    return _("Not your turn: waiting for {player}.").format(
        player=online.label(int(to_move)))


def _text_hint(host: Host, online: OnlineGame, budget: Budget | None = None) -> str:
    """A hint for this seat in the terminal: the game's strongest agent's move and what
    it does, found here on a position made from the seat's view (the host is never
    asked, and nothing hidden is known here)."""
    game = online.game
    rng = random.Random(secrets.randbits(64))
    state = online.state(rng)
    if state is None:
        return _("No hint: this game sends no position to think on.")
    try:
        spec = host.strongest_agent(game.info.id)
        label = agent_label(host, game.info.id, spec.name)
        agent = make_agent(host, game.info.id, spec.name, label)
        move = choose_move(game, state, agent, label, budget or Budget(seconds=2.0), rng)
        explained = game.explain(state, move, int(online.seat or 0))
        labels = [online.label(i) for i in range(online.players)]
        why = one_line(said(explained, labels)) if explained else ""
        return hint_text(i18n.translated(game.move_to_text(state, move)), why)
    except TabletopError as exc:
        return one_line(_("No hint: {reason}").format(reason=exc))


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
    sight = seat_sight(connection, data)
    _follow(sight, online, {"type": "welcome"}, say)
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
        _follow(sight, online, message, say)
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
    _finish(host, online, data, sight, say)
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
