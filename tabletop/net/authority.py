"""An online table's authority: it checks and plays what its clients propose (no sockets).

As boardgame.io's `Master`, the authority works through what it is given: `send(seat,
message)` (seat None: every spectator), which the transport delivers (`net.server`), and
a `Keeping` (`net.credentials`), which keeps the record and the table's resume file.
So it is tested with a list for `send`, no socket in sight.

A client's message only ever proposes a move for its own seat, which the `Table` checks
like a move made at its screen. Whatever runs the game's code (reading a move, playing
it, a computer's decision, each seat's view of the new position) runs in a worker
thread, one step of the table at a time (`lock`); the event loop only hands messages
on. A plugin that fails there ends the table for everyone with one line (a `left`
message), the record kept as it stands, exactly as a computer's failure does.

What is sent is data: each message is a dict; a line a player reads (the log, the
result, a refusal, an error) is a `tabletop.lines.to_data` template and its arguments,
seats as seats, which each client words in its own language.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from tabletop.boundary import PluginFailed
from tabletop.limits import name_likeness, shown
from tabletop.lines import Line, seat, to_data
from tabletop.model import TabletopError
from tabletop.net import frames
from tabletop.net.codes import new_token
from tabletop.net.credentials import COMPUTER, ONLINE, Keeping, Place, credentials_data
from tabletop.play.session import MOVE
from tabletop.play.table import Answer, Ended, Event, Played, Replaced, Table

#: Where a message goes: a seat's client, or (None) every spectator; and the message.
Send = Callable[[int | None, dict[str, Any]], None]

#: The threads that run people's moves (quick: reading, checking and playing one move,
#: and each seat's view of it), apart from the computers' decisions.
MOVES = ThreadPoolExecutor(max_workers=4, thread_name_prefix="tabletop-moves")
#: The plies of the log a joining client is sent (the latest: a message stays small).
WELCOME_PLIES = 200
#: Seconds a person whose draw offer was declined waits before offering again.
OFFER_PAUSE = 60.0
#: Seconds between two changes of one seat's name (a rejoin under a new name).
RENAME_PAUSE = 60.0


def error(line: str | Line) -> dict[str, Any]:
    """The `error` message that says `line` (to its sender only)."""
    return {"type": "error", "message": to_data(line)}


@dataclass(frozen=True)
class Turn:
    """Where the game stands, read off the loop after each step: the loop decides on it
    (whose clock runs, whether a computer moves) without running the game's code."""

    ply: int
    to_move: int | None
    agent: bool
    over: bool
    #: The words a seat not to move may send now (resign, offer a draw): anything else
    #: out of turn is refused on the loop at once.
    aside: frozenset[str] = frozenset()

    @classmethod
    def of(cls, table: Table) -> Turn:
        """The table's turn now (runs the game's `to_move`, `outcome` and special
        moves)."""
        to_move = table.to_move
        aside: frozenset[str] = frozenset()
        people = [i for i in range(table.players) if i != to_move and not table.is_agent(i)]
        if to_move is not None and people:
            # Out of turn the words are every person's alike ("resign", the draw): one
            # person's stand for all (each is read as its sender's own, later).
            aside = frozenset(special.notation for special in table.specials(people[0]))
        return cls(frames.moves_played(table), to_move, table.agent_to_move, table.over,
                   aside)


class Authority:
    """One online table: its seats, its proposals, its turns and clock (see the module)."""

    def __init__(self, table: Table, places: list[Place], *, code: str, table_id: str,
                 entry: str, keeping: Keeping, send: Send,
                 time_limit: float | None = None,
                 on_end: Callable[[Authority], None] | None = None) -> None:
        self.table, self.places = table, places
        self.code, self.id, self.entry, self.time_limit = code, table_id, entry, time_limit
        self.keeping, self.send = keeping, send
        self.on_end = on_end
        #: One step of the table at a time (a move, an answer, a computer's move).
        self.lock = asyncio.Lock()
        #: Messages composed (on a worker thread or the loop), handed to `send` in order
        #: on the loop.
        self.outbox: deque[tuple[int | None, dict[str, Any]]] = deque()
        self.events: list[Event] = []
        #: How many spectators watch (the transport counts them).
        self.watchers = 0
        self.thinking: int | None = None
        self.driver: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        #: The clock's verdict under way (a step like any other).
        self.clock: asyncio.Task[None] | None = None
        self.finished = asyncio.Event()
        #: The address that opened the table on a club server ("" for the host's own).
        self.opener = ""
        #: The port the table is served on, kept in its resume file (None: not yet).
        self.port: int | None = None
        self.turn = Turn.of(table)
        self._closed = False
        table.listen(self.events.append)
        table.keep = lambda _table: self.keeping.keep(self.entry, self.table.record())

    @property
    def game_name(self) -> str:
        """The game's name (English; each client words it)."""
        return self.table.game.info.name

    @property
    def full(self) -> bool:
        """True once every online seat was taken: play starts then."""
        return all(place.taken for place in self.places)

    @property
    def started(self) -> bool:
        """True once a move was played: from then on a seat is its person's for good."""
        return bool(self.turn.ply) or self.turn.over

    @property
    def over(self) -> bool:
        """True once the game has ended (or the table failed)."""
        return self.turn.over or self._closed

    # -- what clients are told ------------------------------------------------------------
    def seats(self) -> list[dict[str, Any]]:
        """Each seat as every client sees it: the person's name or the computer's level,
        the game's own name of the seat (English), kind, taken, connected, thinking."""
        names = self.table.game.info.seat_names
        return [{"seat": p.index, "kind": p.kind,
                 "name": p.name if p.kind != COMPUTER else "",
                 "own": names[p.index] if p.index < len(names) else "",
                 "level": p.level,
                 "taken": p.taken or p.kind == COMPUTER,
                 "connected": p.kind == COMPUTER or p.connected,
                 "away": p.away, "thinking": self.thinking == p.index}
                for p in self.places]

    def welcome(self, seat: int | None, token: str | None) -> dict[str, Any]:
        """The message a client gets on joining: the table, its seat and the game as it
        stands, as its seat sees it (runs the game's code: call it off the loop)."""
        table = self.table
        played = frames.moves_played(table)
        first = max(0, played - WELCOME_PLIES)
        info = table.game.info
        return {"type": "welcome", "table": self.id, "game": info.id, "name": info.name,
                "players": table.players, "seat": seat, "token": token,
                "options": table.options, "time_limit": self.time_limit,
                "seats": self.seats(), "log": frames.log(table, first), "log_from": first,
                "position": frames.position(table, seat), "outcome": frames.outcome(table)}

    async def greet(self, seat: int | None, token: str | None) -> dict[str, Any] | None:
        """`welcome`, made on a worker thread (call it holding `lock`); None if the
        game's code failed making it: the table is then over, its clients told why."""
        try:
            return await asyncio.to_thread(self.welcome, seat, token)
        except TabletopError as exc:
            self._fail(exc)
            self.deliver()
            self._close()
            return None

    def post(self, seat: int | None, message: dict[str, Any]) -> None:
        """Queue `message` for `seat` (None: the spectators); `deliver` sends it."""
        self.outbox.append((seat, message))

    def post_all(self, message: dict[str, Any]) -> None:
        """Queue `message` for every connected client."""
        for place in self.places:
            if place.connected:
                self.post(place.index, message)
        if self.watchers:
            self.post(None, message)

    def deliver(self) -> None:
        """Hand the queued messages to `send`, in order (on the loop)."""
        while self.outbox:
            self.send(*self.outbox.popleft())

    def tell_seats(self) -> None:
        """Tell every client who is here, away and thinking."""
        self.post_all({"type": "seats", "seats": self.seats()})
        self.deliver()

    def _flush(self) -> None:
        """Compose the table's new events for every client, each as its seat sees it
        (on the step's thread)."""
        events = list(self.events)
        self.events.clear()  # in place: the table appends to this very list
        for event in events:
            if isinstance(event, Played):
                for place in self.places:
                    if place.connected:
                        self.post(place.index, {"type": "played", **frames.played(
                            self.table, event.ply, place.index)})
                if self.watchers:
                    self.post(None, {"type": "played",
                                     **frames.played(self.table, event.ply, None)})
            elif isinstance(event, Replaced):
                self.post_all({"type": "note", "message": to_data(Line.of(
                    "{player}: {failed} failed; {agent} plays instead.",
                    player=seat(event.seat), failed=event.failed, agent=event.by))})
            elif isinstance(event, Ended):
                # Nothing is secret once the game has ended: the record goes to all. It
                # is kept again: a verdict (a clock that ran out) is no move the table
                # kept.
                record = self.table.record()
                self.keeping.keep(self.entry, record)
                self.post_all({"type": "ended", "outcome": frames.outcome(self.table),
                               "position": None, "record": record.to_dict()})

    # -- steps: the game's code, on a worker thread ----------------------------------------
    async def step(self, work: Callable[[], object], thinking: bool = False) -> None:
        """Run `work` (which plays on the table) and compose what it changed, on a
        worker thread; then send it, and close the table if it ended or failed. Call it
        holding `lock`. A computer's decision (`thinking`) runs on the loop's default
        threads, a person's move on threads of their own (`MOVES`): computers thinking
        at many tables never keep a person's move waiting."""
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None if thinking else MOVES, self._guarded, work)
        finally:
            self.deliver()
            if self.over:
                self._close()

    def _guarded(self, work: Callable[[], object]) -> None:
        try:
            work()
            self._flush()
            self.turn = Turn.of(self.table)
        except TabletopError as exc:  # a plugin that failed, no agent left to play
            self._fail(exc)

    def _fail(self, exc: TabletopError) -> None:
        """The game's code failed: every client is let go with one line saying why, and
        the record is kept as it stands (on the step's thread)."""
        self._closed = True
        self.events.clear()
        for place in self.places:
            if place.connected:
                self.post(place.index, {"type": "left", "message": to_data(exc.line)})
        if self.watchers:
            self.post(None, {"type": "left", "message": to_data(exc.line)})
        with contextlib.suppress(TabletopError):  # then the moves as they were kept
            self.keeping.keep(self.entry, self.table.record())
        self.keeping.say(str(exc))

    def _close(self) -> None:
        """The table is over (on the loop): its clock stops, its codes and tokens are
        forgotten, and whoever waits for it is told."""
        if self.finished.is_set():
            return
        self._closed = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.on_end is not None:
            self.on_end(self)
        self.keeping.forget(self.entry)
        self.finished.set()

    # -- turns -----------------------------------------------------------------------------
    def next_turn(self) -> None:
        """After a change: start the clock of a person to move, or the computer's move."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        turn = self.turn
        if self.over or not self.full:
            return
        if turn.agent:
            if self.driver is None or self.driver.done():
                self.driver = asyncio.ensure_future(self.drive())
        elif self.time_limit is not None and turn.to_move is not None:
            loop = asyncio.get_running_loop()
            self.timer = loop.call_later(self.time_limit, self._out_of_time, turn.to_move,
                                         turn.ply)

    def _out_of_time(self, seat_index: int, ply: int) -> None:
        self.clock = asyncio.ensure_future(self.out_of_time(seat_index, ply))

    async def out_of_time(self, seat_index: int, ply: int) -> None:
        """The person to move at `ply` did not move in time: they lose."""
        async with self.lock:
            if self.turn.to_move == seat_index and self.turn.ply == ply and not self.over:
                await self.step(lambda: self.table.time_out(seat_index))

    async def drive(self) -> None:
        """Play the computers' moves, each on a worker thread (the other tables go on).

        The decision and its move are two steps: a person's resignation sent while the
        computer thinks is taken between them, and the decision, made for a game that
        is over by then, is never played."""
        while self.turn.agent and not self.over:
            self.thinking = self.turn.to_move
            self.tell_seats()
            try:
                async with self.lock:
                    await self.step(lambda: self.table.think(MOVE), thinking=True)
                async with self.lock:
                    if not self.over:
                        await self.step(self.table.advance, thinking=True)
            finally:
                self.thinking = None
        if not self.over:
            self.tell_seats()
            self.next_turn()

    # -- proposals -------------------------------------------------------------------------
    async def propose(self, seat_index: int, ply: int, text: str,
                      confirmed: bool = False) -> None:
        """A client's move for its seat at `ply`, in notation: checked, then played or
        answered (to that seat only)."""
        async with self.lock:
            refusal = self._refusal(seat_index, ply, text)
            if refusal is not None:
                self.post(seat_index, error(refusal))
                self.deliver()
                return
            now = asyncio.get_running_loop().time()
            await self.step(lambda: self._propose(seat_index, text[:200], confirmed, now))
        self.next_turn()

    def _refusal(self, seat_index: int, ply: int, text: str) -> Line | None:
        """Why the seat may not move now (None: it may), from the turn as it stands."""
        turn = self.turn
        if self.over:
            return Line.of("the game is over")
        if not self.full:
            free = ", ".join(str(p.index + 1) for p in self.places if not p.taken)
            return Line.of("wait: play starts when every seat is taken (free: {seats})",
                           seats=free)
        if turn.to_move is None:
            return Line.of("the game is over")
        offer = self.table.offer
        if offer is not None and offer.seat == seat_index:
            return Line.of("wait: your offer is with the other players")
        if turn.to_move != seat_index:
            # Out of turn a seat may still resign or offer a draw (its own only: the
            # table reads the word as this seat's, on the step's thread).
            if text.strip() in turn.aside:
                return None
            return Line.of("it is not your turn: {player} is to move",
                           player=seat(turn.to_move))
        if ply != turn.ply:
            return Line.of("that move was for ply {sent}; the game is at ply {ply}",
                           sent=ply, ply=turn.ply)
        return None

    def _propose(self, seat_index: int, text: str, confirmed: bool, now: float) -> None:
        """Read and propose the move (on the step's thread). Out of turn only the seat's
        own special moves are read (`Table.special_named`: resigning, offering a draw),
        never the game's notation, which may name the seat to move ("resign")."""
        table = self.table
        to_move = table.to_move
        if to_move is not None and to_move != seat_index:
            special = table.special_named(seat_index, text)
            if special is None:
                self.post(seat_index, error(Line.of(
                    "it is not your turn: {player} is to move", player=seat(to_move))))
                return
            move = special.move
        else:
            try:
                move = frames.parse(table, text)
            except TabletopError as exc:
                if isinstance(exc, PluginFailed):
                    raise
                self.post(seat_index, error(Line.of("{move}: {reason}", move=shown(text),
                                                    reason=exc.line)))
                return
        offer = table.offer
        if offer is not None and offer.move == move and offer.seat != seat_index:
            # Offering the draw that waits for this seat's answer is accepting it.
            self._answered(seat_index, True, now)
            return
        wait = self.places[seat_index].offer_after - now
        proposal = table.propose(move, seat_index)
        if proposal.answer is Answer.CONFIRM:
            if confirmed:
                table.confirm(move, seat_index)
            else:
                self.post(seat_index, {"type": "confirm", "move": text,
                                       "reason": to_data(proposal.line)})
        elif proposal.answer is Answer.CONSENT:
            if wait > 0:  # declined a moment ago: the others are not asked again yet
                table.decline()
                self.post(seat_index, error(Line.of(
                    "your last offer was declined: you may offer again in {seconds} s",
                    seconds=round(wait))))
                return
            for place in self.places:
                if place.index != seat_index and place.connected:
                    self.post(place.index, {"type": "offer", "seat": seat_index,
                                            "move": text})
        elif proposal.answer is not Answer.PLAYED:
            self.post(seat_index, error(proposal.line or proposal.reason))
        if offer is not None and table.offer is None and not table.over:
            # The seat asked played on instead: its move declined the offer.
            self._tell_declined(offer.seat, offer.move, seat_index, now)

    def _tell_declined(self, proposer: int, move: Any, by: int, now: float) -> None:
        """`by` declined `proposer`'s offer (its answer, or a move played instead): the
        proposer is told, and waits before offering again (on the step's thread)."""
        self.places[proposer].offer_after = now + OFFER_PAUSE
        if self.places[proposer].connected:
            self.post(proposer, {"type": "declined", "move": self.table.notation(move),
                                 "by": by})

    def _answered(self, seat_index: int, accept: bool, now: float) -> None:
        """`seat_index`'s answer to the offer the table holds (on the step's thread)."""
        offer = self.table.offer
        answer = self.table.answer_offer(seat_index, accept)
        if answer is Answer.ILLEGAL or offer is None:
            self.post(seat_index, error(Line.of("there is no offer to answer")))
        elif answer is Answer.DECLINED:
            self._tell_declined(offer.seat, offer.move, seat_index, now)

    async def answer(self, seat_index: int, accept: bool) -> None:
        """A person's answer to another's draw offer (the table holds it: `Table.offer`;
        every other person accepting plays the game's draw for the seat to move)."""
        async with self.lock:
            offer = self.table.offer
            if offer is None or seat_index == offer.seat or self.over:
                self.post(seat_index, error(Line.of("there is no offer to answer")))
                self.deliver()
                return
            now = asyncio.get_running_loop().time()
            await self.step(lambda: self._answered(seat_index, accept, now))
        self.next_turn()

    # -- seats -----------------------------------------------------------------------------
    def free_seat(self, wanted: int | None) -> Place | None:
        """The online seat a new client takes: `wanted` if it is free, else the first."""
        free = [p for p in self.places if p.kind == ONLINE and not p.taken]
        if wanted is not None:
            free = [p for p in free if p.index == wanted]
        return free[0] if free else None

    def name_refusal(self, place: Place, name: str) -> Line | None:
        """Why `name` may not be `place`'s (None: it may): it looks like another seat's
        label or name ("bob" beside "Bob"), or the seat changed its name a moment ago."""
        if name == place.name:
            return None
        likeness = name_likeness(name)
        labels = self.table.labels()
        for other in self.places:
            if other is not place and likeness in (name_likeness(labels[other.index]),
                                                   name_likeness(other.name)):
                return Line.of("the name {name} looks like {label}'s, who has a seat at "
                               "this table: choose another", name=shown(name),
                               label=self.label_line(other))
        wait = place.rename_after - asyncio.get_running_loop().time()
        if place.name and wait > 0:
            return Line.of("this seat changed its name a moment ago: try again in "
                           "{seconds} s", seconds=round(wait))
        return None

    def label_line(self, place: Place) -> str | Line:
        """`place`'s label as data, for a client that does not know the table's seats
        yet (as `tabletop.model.GameInfo.player_label` words it, in the client's
        language)."""
        names = self.table.game.info.seat_names
        own = names[place.index] if place.index < len(names) else ""
        name = place.name if place.kind != COMPUTER else ""
        if not name or name == own:
            return own or Line.of("Player {number}", number=place.index + 1)
        return Line.of("{name} ({seat})", name=name, seat=own) if own else name

    def free(self, place: Place) -> str | None:
        """`place` is open again for the code's next holder: its person is told and let
        go, its token no longer seats anyone and its name is forgotten. The old token
        (None: not an online seat, nothing changed)."""
        if place.kind != ONLINE:
            return None
        if place.connected:
            self.post(place.index, {"type": "left", "message": to_data(
                Line.of("the host freed your seat"))})
            self.deliver()
        old, place.token = place.token, new_token()
        place.taken = place.away = place.connected = False
        self.rename(place, "")
        self.tell_seats()
        return old

    def rename(self, place: Place, name: str) -> None:
        """`place` is now `name`'s: the table's seats and the kept game say so."""
        if place.name and name:
            place.rename_after = asyncio.get_running_loop().time() + RENAME_PAUSE
        place.name = name
        seats = list(self.table.seats)
        seats[place.index] = place.seat()
        self.table.seats = tuple(seats)
        self.keeping.rename(self.entry, [s.player for s in self.table.seats])
        self.save()

    def save(self) -> None:
        """Write the table's resume file (its code and tokens; off the loop)."""
        self.keeping.write(self.entry, credentials_data(
            self.entry, self.id, self.code, self.time_limit, self.places, self.port))

