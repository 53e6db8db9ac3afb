"""The one driver: a `Table` runs a game for every front end (no arcade here).

`tabletop simulate`, `tournament`, `play --text`, the desktop app, `testing.random_record`,
the renderers' typical position and the benches all advance a game through a `Table`;
nothing else calls `Session.play`. The table owns:

- **the seats** (`tabletop.seats.Seat`: a person, or an agent and its level) and whose
  turn it is;
- **the agents' decisions**, made in this process or in a worker process (`worker`, the
  app's and `simulate --seconds`'): the same `Decision` and seed either way (the seeding
  rule of `tabletop.play.session`), so the same game seed and agents give the same game;
- **people's proposals**: `propose(move)` answers PLAYED, CONFIRM (a move that ends the
  game, such as resigning: final, the front end asks first, then `confirm`), CONSENT (a
  draw offer the other people must accept: the table holds it, `offer`, until they
  answer or a move is played), DECLINED (a computer declines offers), ILLEGAL ("Not
  allowed: " and the game's reason, `refusal`) or WAIT, each with the reason in words;
- **resigning and offering a draw at any time**: a person not to move may resign, and
  offer a draw where the game has one (`propose(move, seat)`, the seat's `Snapshot.special`;
  what the game's own special moves of the seat to move tell, `out_of_turn`). On its
  own turn a person resigns by the game's move, kept in the moves as ever; out of turn
  the resignation is the table's verdict (`resign`, kept as `RESIGNED`, like a timeout),
  and an agreed draw is the game's draw move, played for the seat to move;
- **hints** (the strongest agent, on its own random stream, with what the move does and
  gains in the game's words, `explain`), **undo/redo** (the engine's rules, in
  `Session`; a resignation is never undone) and the ply bound of a run;
- **the agent-failure policy**, a parameter: `STAND_IN` (the next weaker agent plays the
  seat for the rest of the game; the app), `FORFEIT` (the seat loses; `simulate` on a
  timeout) or `ABORT` (the error ends the game; the terminal, `simulate` on an error);
- **one read-only snapshot** for the front ends (`snapshot(seat)`: the view of the
  viewing seat, who is to move, the legal and special moves, undo/redo, each ply's lines
  and notation, the result): the app, the tutorial and the terminal read it, and none of
  them reaches the `Session` underneath (private to `tabletop.play`: `tests/host/
  test_table_only_way_in.py`);
- **events** for the front ends (`Played`, `Replaced`, `Ended`, `SaveFailed`,
  `Rewound`, `Hinted`), sent to each listener in order, and the keeping of the game
  (`keep`, called after every change; a problem it reports becomes `SaveFailed`).

The clock is a parameter (`clock`): the time each seat thought, and an in-process
decision that ran past its deadline, are measured on it, so the policies are tested
headless with a fake clock.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from tabletop import i18n
from tabletop.ai.base import Agent, Budget
from tabletop.boundary import PluginFailed
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.lines import Line, render
from tabletop.lines import seat as seat_arg
from tabletop.model import Game, Outcome, RecordError, TabletopError, seat_text
from tabletop.play.session import (
    HINT,
    HUMAN,
    MOVE,
    AgentError,
    Decision,
    DecisionTimeout,
    Session,
    agent_label,
    deadline_seconds,
    make_agent,
    plugin_of_game,
)
from tabletop.plugins import Host
from tabletop.record import (
    FORFEITED,
    RESIGNED,
    TIMEOUT,
    VERDICTS,
    Record,
    replay,
    verdict_line,
)
from tabletop.seats import Seat, seats_of

#: How a game ended, beside the rules: a seat forfeited (a failure or a timeout under the
#: FORFEIT policy, or a person out of time on a clock: kept in the record, see
#: `tabletop.record.VERDICTS`), or the run's ply bound cut it (not a rule: no result).
RULES, CUT = "rules", "cut"


class Policy(enum.Enum):
    """What the table does when an agent fails or runs out of time."""

    STAND_IN = "stand in"
    FORFEIT = "forfeit"
    ABORT = "abort"


class Answer(enum.Enum):
    """The table's answer to a person's proposed move."""

    PLAYED = "played"
    CONFIRM = "confirm"
    CONSENT = "consent"
    DECLINED = "declined"
    ILLEGAL = "illegal"
    WAIT = "wait"


@dataclass(frozen=True)
class Proposal:
    """`Table.propose`'s answer, with the reason in words (empty when played)."""

    answer: Answer
    reason: str = ""
    #: The reason as a line (template and arguments, seats as seats): what an online
    #: host sends, for each client to word in its own language.
    line: str | Line = ""


# -- events ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Played:
    """A move was played at ply `ply` (counted from 0) by `seat`; `by_agent` for a
    computer's move. Its lines, with the seats' labels: `Table.lines(ply)`."""

    ply: int
    seat: int
    move: Any
    by_agent: bool


@dataclass(frozen=True)
class Replaced:
    """The agent `failed` of `seat` failed (`message`); `by` plays for it from now on."""

    seat: int
    failed: str
    by: str
    message: str


@dataclass(frozen=True)
class Ended:
    """The game is over: by its rules (`RULES`), a forfeit or the run's ply bound."""

    outcome: Outcome
    ended: str


@dataclass(frozen=True)
class SaveFailed:
    """Keeping the game failed; `message` says why (the game goes on)."""

    message: str


@dataclass(frozen=True)
class Rewound:
    """Undo (`redone` False) or redo changed the position."""

    redone: bool


@dataclass(frozen=True)
class Hinted:
    """The hint for the seat to move at ply `ply`, and `why`: what the move does and
    gains, the game's own account of it (`Table.explain`), "" when the game says none."""

    ply: int
    move: Any
    why: str = ""


Event = Played | Replaced | Ended | SaveFailed | Rewound | Hinted


@dataclass(frozen=True)
class Special:
    """A special move a person may make (resign, offer a draw): its notation, whether the
    others must consent (a draw offer), the result if it were played, and the seat that
    makes it (None: the seat to move). On its turn a seat's special moves are the game's;
    out of turn, a `Resignation` (the word `RESIGN`) and the game's draw offer."""

    move: Any
    notation: str
    consent: bool
    result: Outcome | None
    seat: int | None = None


#: The word of a resignation out of turn (the online notation and the terminal's word),
#: the same in every language; its button reads as the game's own "resign".
RESIGN = "resign"


@dataclass(frozen=True)
class Resignation:
    """`seat` resigns while another seat is to move: the table's verdict (`Table.resign`),
    not a move of the game (a game's resignation is the mover's own move)."""

    seat: int


@dataclass(frozen=True)
class Offer:
    """A draw offer the table holds until the other people answer it: who made it, the
    game's move that plays it (the draw of the seat to move), and who accepted so far."""

    seat: int
    move: Any
    accepted: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Snapshot:
    """The table as a front end reads it, frozen (`Table.snapshot`): what `seat` may see.

    `view` is the position as `seat` may see it (the state of a perfect-information
    game, the seat's observation otherwise), `last` the last ply as that seat saw it
    (`(before, move, after)`, None before the first move); `legal` the legal moves of the
    seat to move (empty once the game is over), `special` the special moves of `seat` when
    it is a person's and the game goes on (its own on its turn; out of turn, resigning and
    offering a draw: `out_of_turn`); `lines`, `notations` and `moves` each ply's lines
    (with the seats' labels, in the player's language), its move's notation and the move
    (which says no more than its notation, `tabletop.model.Game.parse_move`). `ending` is
    the log's last line after the moves when the table's verdict ended the game ("Blue
    resigned.", `verdict_said`), empty otherwise."""

    plies: int
    players: int
    to_move: int | None
    agent_to_move: bool
    seat: int
    view: Any
    last: tuple[Any, Any, Any] | None
    legal: tuple[Any, ...]
    special: tuple[Special, ...]
    can_undo: bool
    can_redo: bool
    lines: tuple[tuple[str, ...], ...]
    notations: tuple[str, ...]
    moves: tuple[Any, ...]
    outcome: Outcome | None
    ending: str = ""

    @property
    def over(self) -> bool:
        """True once the game has a result (by its rules or a verdict)."""
        return self.to_move is None

    def special_move(self, move: Any) -> Special | None:
        """The special move `move`, if it is one now."""
        return next((special for special in self.special if special.move == move), None)


class Thinker(Protocol):
    """Where decisions run out of this process (`tabletop.play.worker.AIWorker`)."""

    def submit(self, decision: Decision) -> Future[str]:
        """Queue `decision`; the future gives the chosen move's notation."""
        ...


@dataclass
class Thought:
    """One decision under way: the seat's move or a hint (`purpose`), asked of `agent`
    at ply `ply`; `future` while it runs in a worker, else its `move` or `error`."""

    seat: int
    ply: int
    purpose: str
    agent: str
    decision: Decision | None = None
    future: Future[str] | None = None
    move: Any = None
    error: Exception | None = None
    began: float = 0.0
    seconds: float = field(default=0.0)

    def done(self) -> bool:
        """True once the decision has an answer (always, in this process)."""
        return self.future is None or self.future.done()


def forfeit(players: int, seat: int, reason: str | Line,
            labels: Sequence[str] = ()) -> Outcome:
    """The result when `seat` forfeits: it loses, the others share the victory; its
    scores are the marks 0 and 1 (what ratings and statistics read), not the game's
    points (`Outcome.points` False: no front end shows them as points). A `Line` reason is
    shown in the player's language and kept in English (with `labels`) as the record's
    reason."""
    line = reason if isinstance(reason, Line) else None
    return Outcome(tuple(0.0 if i == seat else 1.0 for i in range(players)),
                   tuple(i for i in range(players) if i != seat),
                   reason.english(labels) if isinstance(reason, Line) else reason, line,
                   points=False)


def resigned(players: int, seat: int, labels: Sequence[str] = ()) -> Outcome:
    """The table's verdict when `seat` resigns out of turn: it loses, the others share the
    victory (as a forfeit), the reason "{player} resigned"."""
    line = verdict_line(RESIGNED, forfeit(players, seat, ""))
    assert line is not None  # one seat lost: the line names it
    return forfeit(players, seat, line, labels)


def verdict_said(verdict: Outcome | None, labels: Sequence[str]) -> str:
    """The move log's last line for a game a verdict ended, in the player's language
    with the seats' `labels` ("Blue resigned.", "timeout: Blue ran out of time."): the
    verdict's reason, as every front end and the replay write it; "" for none."""
    if verdict is None or verdict.points:
        return ""
    return _("{reason}.").format(reason=render(verdict.said, labels))


def out_of_turn(game: Game[Any, Any], state: Any, seat: int, players: int,
                labels: Sequence[str] = ()) -> tuple[Special, ...]:
    """What `seat` may do while another seat is to move in `state`, as the game's own
    special moves of the seat to move tell (the host knows no game by name): resign
    (`Resignation`, the word `RESIGN`) if the game lets a seat resign (a special move that
    ends the game with its mover losing), and offer its draw (the special move the others
    must accept) if it has one. Runs the game's code (call it in the game's guard)."""
    mover = game.to_move(state)
    if mover is None or mover == seat:
        return ()
    resign: Special | None = None
    draw: Special | None = None
    for move in game.special_moves(state):
        result = game.outcome(game.apply(state, move))
        if result is None:
            continue
        if not result.winners or mover in result.winners:
            draw = draw or Special(move, game.move_to_text(state, move), True, result, seat)
        elif resign is None:
            resign = Special(Resignation(seat), RESIGN, False,
                             resigned(players, seat, labels), seat)
    return tuple(special for special in (resign, draw) if special is not None)


#: How often the random agent may time out in one game before no agent is left.
RANDOM_RETRIES = 3


class NoAgentLeft(TabletopError):
    """Every agent that could stand in for a failed one has failed too."""


class Table:
    """One game in play: its seats, agents, policies and history (see the module)."""

    def __init__(self, host: Host | None, session: Session, seats: Sequence[Seat] | None = None, *,
                 budget: Budget | None = None, policy: Policy = Policy.ABORT,
                 on_timeout: Policy | None = None, worker: Thinker | None = None,
                 keep: Callable[[Table], str | None] | None = None,
                 max_plies: int | None = None, agents: dict[str, Agent] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.host, self.session = host, session
        self.game: Game[Any, Any] = session.game
        self.game_id = self.game.info.id
        self.seats = tuple(seats) if seats is not None else seats_of(session.agents)
        if tuple(seat.agent for seat in self.seats) != tuple(session.agents):
            raise ValueError("the seats' agents differ from the session's")
        #: Per seat: played by an agent? (Asked several times a ply: kept, not worked out.)
        self._by_agent = tuple(not seat.is_person for seat in self.seats)
        self.budget = budget or Budget()
        self.policy = policy
        self.on_timeout = on_timeout or policy
        self.worker = worker
        self.keep = keep
        self.max_plies = max_plies
        self.clock = clock
        self.listeners: list[Callable[[Event], None]] = []
        #: The move decision under way (None: none asked), and the hint under way.
        self.thought: Thought | None = None
        self.hinting: Thought | None = None
        #: Agents that failed in this game, and the agent that plays in their place.
        self.stand_ins: dict[str, str] = {}
        self.random_timeouts = 0
        #: A result the rules did not give (a forfeit, a cut), and how the game ended.
        self.verdict: Outcome | None = None
        self.ended = RULES
        #: A draw offer waiting for the other people's answers (None: none).
        self.offer: Offer | None = None
        #: Seconds each seat spent thinking, and its decisions (for `simulate`).
        self.seconds = [0.0] * session.players
        self.decisions = [0] * session.players
        #: The in-process agents by name, built once for the game (or given, built).
        self._agents: dict[str, Agent] = dict(agents or {})
        self._labels: dict[str, str] = {}
        #: Bumped at every change of the position or the result: a snapshot is made once
        #: per change (and per seat and language), however often a frame asks for it.
        self._version = 0
        self._snapshots: dict[tuple[int, int | None, str], Snapshot] = {}

    # -- making one --------------------------------------------------------------------------
    @classmethod
    def new(cls, host: Host, game_id: str, seats: Sequence[Seat], options: dict[str, Any],
            seed: int, **kwargs: Any) -> Table:
        """A fresh game of `game_id` (its set-up guarded as plugin code: raises
        `OptionError` for bad options, `PluginFailed` if the game's code fails)."""
        return cls.of_game(host, host.game(game_id), seats, options, seed,
                           plugin_of_game(host, game_id), **kwargs)

    @classmethod
    def of_game(cls, host: Host | None, game: Game[Any, Any], seats: Sequence[Seat],
                options: dict[str, Any], seed: int, plugin: str | None = None,
                **kwargs: Any) -> Table:
        """A fresh game of `game` (as `new`; without a host, pass the agents)."""
        from tabletop.boundary import CapturedOutput, in_play

        plugin, output = plugin or game.info.id, CapturedOutput()
        with in_play(plugin, game.info.id, "setting up the game", output):
            session = Session.new(game, len(seats), options, seed,
                                  [seat.agent for seat in seats], plugin)
        session.output = output
        return cls(host, session, seats, **kwargs)

    @classmethod
    def from_record(cls, host: Host, record: Record, seats: Sequence[Seat] | None = None,
                    plugin: str | None = None, **kwargs: Any) -> Table:
        """The game of `record` (a kept game, a tutorial's step, a new game's opening),
        replayed; `seats` as set up (default: the record's players, people where it
        names none). Agents the host does not know must be given (`agents`). Raises
        `TabletopError` (`RecordError`) if the record does not load."""
        if seats is None:
            session = Session.from_record(host, record)
        else:
            given = set(kwargs.get("agents") or ())
            known = {spec.name for spec in host.agent_specs(record.game)} | {HUMAN} | given
            for seat in seats:
                if seat.agent not in known:
                    raise RecordError(f"the save names an unknown player {seat.agent!r}")
            game = host.game(record.game)
            played = replay(game, record)
            session = Session(game, record.players, dict(record.options), record.seed,
                              [seat.agent for seat in seats], played.states, played.moves,
                              played.log, plugin_of_game(host, record.game))
        if plugin is not None:
            session.plugin = plugin
        table = cls(host, session, seats, **kwargs)
        if record.ended in VERDICTS and record.result is not None \
                and session.outcome is None:
            # A game the table ended (a resignation out of turn, a clock) stays ended.
            line = verdict_line(record.ended, record.result)
            table.verdict = replace(record.result, line=line or record.result.line,
                                    points=False)
            table.ended = record.ended
        return table

    @staticmethod
    def opening(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
                agents: Sequence[str], plugin: str | None = None) -> Record:
        """A new game as a record of no moves (its options resolved, its set-up guarded
        as plugin code): what a front end hands on to start it. Raises `OptionError` for
        bad players or options, `PluginFailed` if the game's code fails."""
        from tabletop.boundary import CapturedOutput, in_play

        with in_play(plugin or game.info.id, game.info.id, "setting up the game",
                     CapturedOutput()):
            return Session.new(game, players, options, seed, agents, plugin).record()

    # -- listening ---------------------------------------------------------------------------
    def listen(self, listener: Callable[[Event], None]) -> None:
        """Send every later event to `listener` (in the order they happen)."""
        self.listeners.append(listener)

    def _emit(self, event: Event) -> None:
        for listener in self.listeners:
            listener(event)

    def kept(self) -> None:
        """Keep the game now (after a change); a problem becomes `SaveFailed`."""
        problem = self._keep()
        if problem:
            self._emit(SaveFailed(problem))

    def _keep(self) -> str | None:
        """Hand the game to the keeper; what went wrong, if anything. Called before any
        listener hears of the change: a listener that fails never costs a kept move."""
        return self.keep(self) if self.keep is not None else None

    # -- the position ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many seats."""
        return self.session.players

    @property
    def state(self) -> Any:
        """The current state (never shown as such in a hidden-information game)."""
        return self.session.state

    @property
    def to_move(self) -> int | None:
        """The seat to move; None once the game is over (by its rules or a verdict)."""
        return None if self.verdict is not None else self.session.to_move

    @property
    def outcome(self) -> Outcome | None:
        """The result: the verdict if there is one, else the rules' once the game is over."""
        return self.verdict if self.verdict is not None else self.session.outcome

    @property
    def over(self) -> bool:
        """True once the game has a result, or was cut."""
        return self.verdict is not None or self.session.to_move is None

    def is_agent(self, seat: int | None) -> bool:
        """True if `seat` is played by an agent."""
        return seat is not None and self._by_agent[seat]

    @property
    def agent_to_move(self) -> bool:
        """True if an agent is to move."""
        return self.is_agent(self.to_move)

    def labels(self) -> tuple[str, ...]:
        """How the game's lines name each seat ("Alice", "Bob (Blue)", "Player 2")."""
        return tuple(seat.label(self.game.info) for seat in self.seats)

    def label(self, seat: int) -> str:
        """How the game's lines name `seat`."""
        return self.seats[seat].label(self.game.info)

    def lines(self, ply: int) -> tuple[str, ...]:
        """The lines of ply `ply` (the game's `describe`), with the seats' labels."""
        from tabletop.lines import render

        labels = self.labels()
        with self.session.guard("describing the move"):
            return tuple(render(line, labels) for line in self.session.log[ply])

    @property
    def plies(self) -> int:
        """Moves played so far."""
        return len(self.session.moves)

    def said(self, ply: int) -> tuple[str | Line, ...]:
        """The lines of ply `ply` as the game said them (`describe`: texts or `Line`s, not
        yet worded), for a front end that words them elsewhere (an online client)."""
        return tuple(self.session.log[ply])

    def ply(self, ply: int) -> tuple[Any, Any]:
        """Ply `ply`: the position before it (the whole state: for the host's side only,
        which words the move) and its move."""
        return self.session.states[ply], self.session.moves[ply]

    @property
    def options(self) -> dict[str, Any]:
        """The game's options, resolved at set-up."""
        return self.session.options

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.session.seed

    @property
    def output(self) -> str:
        """What the game's and the agents' code printed while it was played."""
        return self.session.output.text

    @property
    def plugin(self) -> str:
        """The plugin a failure of the game's code is named after."""
        return self.session.plugin

    def guard(self, doing: str) -> Any:
        """Run the game's code as plugin code in play (`Session.guard`): a failure raises
        `PluginFailed` naming the plugin."""
        return self.session.guard(doing)

    def viewing_seat(self) -> int:
        """Whose eyes a screen shows: the person to move, else the last person who moved."""
        return self.session.viewing_seat()

    def notation(self, move: Any) -> str:
        """`move` in the game's notation in the current position (a resignation out of
        turn: `RESIGN`)."""
        if isinstance(move, Resignation):
            return RESIGN
        with self.session.guard("describing a move"):
            return self.game.move_to_text(self.state, move)

    def read_move(self, text: str) -> Any:
        """The move `text` names in the current position (raises `TabletopError`)."""
        with self.session.guard("reading a move"):
            return self.game.parse_move(self.state, text)

    def position_text(self, seat: int | None) -> str:
        """The position as text for `seat` (its view only; None: the whole position of a
        perfect-information game), with the seats' labels."""
        with self.session.guard("showing the position"):
            return seat_text(self.game, self.state, seat, self.labels())

    def snapshot(self, seat: int | None = None) -> Snapshot:
        """The table now, as `seat` (default: the viewing seat) may see it (see
        `Snapshot`); made once per change of the game."""
        key = (self._version, seat, i18n.language())
        made = self._snapshots.get(key)
        if made is None:
            if len(self._snapshots) > 8:  # older positions are not asked for again
                self._snapshots.clear()
            made = self._snapshots[key] = self._snap(seat)
        return made

    def _snap(self, seat: int | None) -> Snapshot:
        s, game = self.session, self.game
        with s.guard("showing the position"):
            shown = s.viewing_seat() if seat is None else seat
            to_move = self.to_move
            last = (None if not s.moves else
                    (s.view_of(s.states[-2], shown), s.moves[-1], s.view_of(s.state, shown)))
            special = self._specials(shown)
            notations = tuple(game.move_to_text(s.states[ply], move)
                              for ply, move in enumerate(s.moves))
            return Snapshot(
                len(s.moves), s.players, to_move, self.is_agent(to_move), shown,
                s.view_of(s.state, shown), last,
                tuple(s.legal_moves()) if to_move is not None else (), special,
                self.can_undo(), self.can_redo(),
                tuple(self.lines(ply) for ply in range(len(s.moves))), notations,
                tuple(s.moves), self.outcome, verdict_said(self.verdict, self.labels()))

    def _specials(self, seat: int) -> tuple[Special, ...]:
        """The special moves `seat` may make now (see `Snapshot.special`); in the guard."""
        s, game, to_move = self.session, self.game, self.to_move
        if to_move is None or self.is_agent(seat):
            return ()
        if seat != to_move:
            return out_of_turn(game, s.state, seat, self.players, self.labels())
        return tuple(Special(move, game.move_to_text(s.state, move), s.needs_consent(move),
                             game.outcome(game.apply(s.state, move)), seat)
                     for move in s.special_moves())

    def specials(self, seat: int) -> tuple[Special, ...]:
        """The special moves `seat` may make now, on its turn or out of turn (as its
        `Snapshot.special`, without the rest of a snapshot)."""
        if self.to_move is None or not 0 <= seat < self.players:
            return ()
        with self.session.guard("listing the special moves"):
            return self._specials(seat)

    def special_named(self, seat: int, text: str) -> Special | None:
        """The special move of `seat` whose notation is `text` now (None: none is): how
        an online seat's word out of turn is read, only ever as that seat's own."""
        return next((special for special in self.specials(seat)
                     if special.notation == text.strip()), None)

    # -- people ------------------------------------------------------------------------------
    def propose(self, move: Any, seat: int | None = None) -> Proposal:
        """A person's move for `seat` (default: the seat to move): played, or what the
        front end must do.

        A move that ends the game at once (resigning) answers CONFIRM and a draw offer
        CONSENT (when every other seat is a person; DECLINED if a computer is among them;
        the table holds it, `offer`, until it is answered or a move is played): the front
        end asks, then plays it with `confirm`. A seat not to move may propose only its
        special moves out of turn (`Snapshot.special`): resigning (CONFIRM, then the
        table's verdict) and the game's draw offer; anything else answers WAIT."""
        to_move = self.to_move
        if to_move is None:
            return self._proposal(Answer.ILLEGAL, Line.of("The game is over."))
        if seat is not None and seat != to_move:
            return self._propose_out_of_turn(move, seat, to_move)
        seat = to_move
        if self.is_agent(seat):
            return self._proposal(Answer.WAIT, Line.of(
                "Wait: {player} (the computer) is to move.", player=seat_arg(seat)))
        with self.session.guard("checking a move"):
            special = move in self.session.special_moves()
            if special:
                if self.session.needs_consent(move) and self.players > 1:
                    return self._offered(seat, move)
                if self.game.outcome(self.game.apply(self.state, move)) is not None:
                    return self._proposal(Answer.CONFIRM, Line.of(
                        "The game ends now and cannot be undone."))
            elif move not in self.session.legal_moves():
                return self._proposal(Answer.ILLEGAL, self.refused(move))
        self.play(move)
        return Proposal(Answer.PLAYED)

    def _offered(self, seat: int, move: Any) -> Proposal:
        """`seat` offers the draw `move`: a computer among the others declines it, else
        the table holds it for the others' answers (CONSENT)."""
        if any(self.is_agent(other) for other in range(self.players) if other != seat):
            return self._proposal(Answer.DECLINED, Line.of("The computer declines the offer."))
        self.offer = Offer(seat, move)
        return Proposal(Answer.CONSENT)

    def _propose_out_of_turn(self, move: Any, seat: int, to_move: int) -> Proposal:
        """`seat`'s move while `to_move` is to move: its resignation or draw offer."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a table of {self.players}")
        with self.session.guard("checking a move"):
            special = next((sp for sp in self._specials(seat) if sp.move == move), None)
        if special is None:
            if self.is_agent(to_move):
                return self._proposal(Answer.WAIT, Line.of(
                    "Wait: {player} (the computer) is to move.", player=seat_arg(to_move)))
            return self._proposal(Answer.WAIT, Line.of(
                "it is not your turn: {player} is to move", player=seat_arg(to_move)))
        if special.consent:
            return self._offered(seat, special.move)
        return self._proposal(Answer.CONFIRM, Line.of("The game ends now and cannot be undone."))

    def answer_offer(self, seat: int, accept: bool) -> Answer:
        """`seat`'s answer to the draw offer the table holds: DECLINED (declined, the offer
        is gone), WAIT (accepted; other people still to answer) or PLAYED (every other
        person accepted: the draw is played for the seat to move); ILLEGAL if there is no
        offer for `seat` to answer (none, or its own)."""
        offer = self.offer
        if offer is None or seat == offer.seat or self.to_move is None \
                or not 0 <= seat < self.players:
            return Answer.ILLEGAL
        if not accept:
            self.offer = None
            return Answer.DECLINED
        accepted = offer.accepted | {seat}
        people = {i for i in range(self.players) if not self.is_agent(i)} - {offer.seat}
        if not people <= accepted:
            self.offer = replace(offer, accepted=accepted)
            return Answer.WAIT
        self.confirm(offer.move)
        return Answer.PLAYED

    def decline(self) -> None:
        """The held draw offer is declined (at one screen, by the people asked together)."""
        self.offer = None

    def _proposal(self, answer: Answer, line: Line) -> Proposal:
        return Proposal(answer, line.render(self.labels()), line)

    def refusal(self, move: Any) -> str:
        """Why `move` may not be played now, in words (`refused`, with the seats'
        labels)."""
        return self.refused(move).render(self.labels())

    def refused(self, move: Any) -> Line:
        """Why `move` may not be played now, as a line: "Not allowed: " and the reason
        the game's `apply` refuses it with (`tabletop.model.Game.apply`); a general
        reason if the game gives none (or its code fails here: the move is refused
        either way, so the game goes on)."""
        reason: str | Line = ""
        try:
            with self.session.guard("checking a move"):
                self.game.apply(self.state, move)
        except PluginFailed:
            pass
        except TabletopError as exc:
            reason = exc.line
        return not_allowed_line(reason)

    def explain(self, move: Any) -> str:
        """What the legal `move` of the seat to move does and gains, on one line: the
        game's own account (`tabletop.model.Game.explain`, as that seat knows it) with
        the seats' labels; "" when the game says nothing, or the game is over."""
        seat = self.to_move
        if seat is None:
            return ""
        with self.session.guard("explaining a move"):
            explained = self.game.explain(self.state, move, seat)
            return one_line(said(explained, self.labels())) if explained else ""

    def confirm(self, move: Any, seat: int | None = None) -> None:
        """Play a move `propose` answered CONFIRM or CONSENT for, once asked and agreed
        (`seat`: who proposed it, default the seat to move). A resignation out of turn
        (`Resignation`) is the table's verdict (`resign`); a draw offered out of turn is
        the game's draw, played for the seat to move."""
        if isinstance(move, Resignation):
            if seat is not None and seat != move.seat:
                raise ValueError(f"seat {seat} cannot resign for seat {move.seat}")
            self.resign(move.seat)
            return
        self.play(move)

    def resign(self, seat: int) -> None:
        """End the game because `seat` (a person) resigned while another seat was to move:
        it loses, the others share the victory. Kept as the table's verdict (`RESIGNED`,
        the moves unchanged, like a timeout), then told (`Ended`); the decision or hint
        under way for the position is dropped, never played."""
        if self.over:
            return
        self.ended = RESIGNED
        self._version += 1
        self.verdict = resigned(self.players, seat, self.labels())
        self.thought = self.hinting = None
        self.offer = None
        problem = self._keep()
        self._emit(Ended(self.verdict, RESIGNED))
        if problem:
            self._emit(SaveFailed(problem))

    def play(self, move: Any) -> None:
        """Play `move` for the seat to move (raises `IllegalMoveError`), keep the game,
        then tell the listeners (`Played`, then `SaveFailed` if keeping failed); a
        decision under way for the old position is dropped."""
        seat = self.session.to_move
        ply = len(self.session.moves)
        self.session.play(move)
        self._version += 1
        # A move answers a draw offer that was waiting: declined by playing on.
        self.thought = self.hinting = self.offer = None
        # Keep first, then tell: a listener that raises (a renderer's failing animation)
        # must not stop the move reaching the keeper.
        problem = self._keep()
        if self.listeners:
            self._emit(Played(ply, seat if seat is not None else -1, move,
                              self.is_agent(seat)))
        if problem:
            self._emit(SaveFailed(problem))
        if self.session.to_move is None and self.listeners:
            outcome = self.session.outcome
            if outcome is not None:
                self._emit(Ended(outcome, RULES))

    def undo(self) -> bool:
        """Back to the previous person's turn, if the rules allow it (False: nothing)."""
        if self.verdict is not None or not self.session.undo():
            return False
        self._version += 1
        self.thought = self.hinting = self.offer = None
        self.kept()
        self._emit(Rewound(False))
        return True

    def redo(self) -> bool:
        """Replay the last undone turn; False if there is none."""
        if not self.session.redo():
            return False
        self._version += 1
        self.thought = self.hinting = None
        self.kept()
        self._emit(Rewound(True))
        if self.session.outcome is not None:
            self._emit(Ended(self.session.outcome, RULES))
        return True

    def can_undo(self) -> bool:
        """True if undo would go back to an earlier person's turn."""
        return self.verdict is None and self.session.can_undo()

    def can_redo(self) -> bool:
        """True if an undone turn can be replayed."""
        return self.session.can_redo()

    def undo_refusal(self) -> str:
        """Why undo does nothing now, in words."""
        return self.session.undo_refusal()

    def record(self) -> Record:
        """The game so far as a record; a game the table ended (a timeout, a forfeit)
        carries its verdict as the result, and how it ended."""
        record = self.session.record()
        if self.verdict is not None and self.ended in VERDICTS:
            return replace(record, result=self.verdict, ended=self.ended)
        return record

    def time_out(self, seat: int) -> None:
        """End the game because `seat` (a person) ran out of its time for a move (an
        online table's clock): it loses, the others share the victory."""
        if self.over:
            return
        self.ended = TIMEOUT
        self._version += 1
        self.verdict = forfeit(self.players, seat, Line.of(
            "timeout: {player} ran out of time", player=seat_arg(seat)), self.labels())
        self.thought = self.hinting = self.offer = None
        self._emit(Ended(self.verdict, TIMEOUT))

    # -- agents ------------------------------------------------------------------------------
    def playing_for(self, agent: str) -> str:
        """The agent that plays for `agent`: itself, or its stand-in if it failed."""
        seen = set()
        while agent in self.stand_ins and agent not in seen:
            seen.add(agent)
            agent = self.stand_ins[agent]
        return agent

    def agent_label(self, agent: str) -> str:
        """How messages name `agent`: `agent 'strong' (plugin 'versus')`."""
        if agent not in self._labels:
            self._labels[agent] = (agent_label(self.host, self.game_id, agent)
                                   if self.host is not None else f"agent {agent!r}")
        return self._labels[agent]

    def _agent(self, name: str) -> Agent:
        """The in-process agent `name`, built once for this game (a table without a host
        has only the agents it was given)."""
        if name not in self._agents:
            if self.host is None:
                raise TabletopError(f"no agent {name!r} at this table")
            self._agents[name] = make_agent(self.host, self.game_id, name,
                                            self.agent_label(name))
        return self._agents[name]

    def _host(self) -> Host:
        if self.host is None:
            raise TabletopError("this table has no host to find other agents in")
        return self.host

    def think(self, purpose: str = MOVE) -> Thought | None:
        """Start the decision of the seat to move (`MOVE`, an agent's seat) or a hint for
        a person (`HINT`, by the strongest agent); in this process it is made at once.
        Returns the decision under way (the same one if asked again); None if there is
        nothing to decide."""
        seat = self.to_move
        if seat is None:
            return None
        if purpose == MOVE:
            if not self.is_agent(seat):
                return None
            if self.thought is not None:
                return self.thought
            agent = self.playing_for(self.seats[seat].agent)
        else:
            if self.is_agent(seat):
                return None
            if self.hinting is not None:
                return self.hinting
            agent = self.playing_for(self._host().strongest_agent(self.game_id).name)
        thought = Thought(seat, len(self.session.moves), purpose, agent, began=self.clock())
        label = self.agent_label(agent)
        if self.worker is not None:
            thought.decision = self.session.decision(agent, label, self.budget, purpose)
            thought.future = self.worker.submit(thought.decision)
        else:
            try:
                thought.move = self.session.choose(self._agent(agent), label, self.budget,
                                                   purpose)
            except AgentError as exc:
                thought.error = exc
            thought.seconds = self.clock() - thought.began
            limit = deadline_seconds(self.budget)
            if thought.error is None and limit is not None and thought.seconds > limit:
                thought.error = DecisionTimeout(f"{label} thought for {thought.seconds:.1f} "
                                                f"s, past its {limit:.1f} s")
        if purpose == MOVE:
            self.thought = thought
        else:
            self.hinting = thought
        return thought

    def _answer(self, thought: Thought) -> Any:
        """The move of a finished decision, or None after its failure was dealt with by
        the policy (a stand-in named, or a forfeit). Raises the failure under ABORT, and
        any failure that is not the agent's (the game's code in a worker, a lost worker)."""
        error: Exception | None = thought.error
        move = thought.move
        if thought.future is not None and thought.decision is not None:
            thought.seconds = self.clock() - thought.began
            try:
                move = self.session.answer(thought.decision, thought.future.result())
            except (AgentError, DecisionTimeout) as exc:
                error = exc
        if thought.purpose == MOVE:
            self.seconds[thought.seat] += thought.seconds
            self.decisions[thought.seat] += 1
        if error is None:
            return move
        policy = self.on_timeout if isinstance(error, DecisionTimeout) else self.policy
        if policy is Policy.ABORT:
            raise error
        if policy is Policy.FORFEIT and thought.purpose == MOVE:
            seat, name = thought.seat, self.seats[thought.seat].agent
            timed_out = isinstance(error, DecisionTimeout)
            self.ended = TIMEOUT if timed_out else FORFEITED
            why = "timeout" if timed_out else "forfeit"
            self._version += 1
            self.verdict = forfeit(self.players, seat, f"{why}: seat {seat + 1} (agent {name})")
            self._emit(Ended(self.verdict, self.ended))
            return None
        self._stand_in(thought.seat, thought.agent, error)
        return None

    def _stand_in(self, seat: int, failed: str, error: Exception) -> str:
        """Retire `failed` for this game; the agent that takes its place, told as an event.

        An agent that ran out of time gives way to the random agent; one that failed to
        the next weaker agent of the game (the random agent last of all).
        """
        failed_names = {failed, *self.stand_ins}
        specs = sorted(self._host().agent_specs(self.game_id), key=lambda a: -a.strength)
        order = [a.name for a in specs]
        below = order[order.index(failed) + 1:] if failed in order else order
        names = [name for name in below if name not in failed_names]
        if isinstance(error, DecisionTimeout) or not names:
            names = ["random"]
        if failed == "random" and isinstance(error, DecisionTimeout) \
                and self.random_timeouts < RANDOM_RETRIES:
            # The random agent takes no time of its own: its timeout is a loaded machine
            # (a slow worker), so it is asked again rather than leaving the seat empty.
            self.random_timeouts += 1
            return "random"
        if failed == "random" or names[0] in failed_names:
            raise NoAgentLeft(Line.of("No agent can play {game}: {error}",
                                      game=self.game.info.name, error=str(error)))
        self.stand_ins[failed] = names[0]
        self._emit(Replaced(seat, failed, names[0], _("{failure}; {agent} plays instead.").format(
            failure=error, agent=repr(names[0]))))
        return names[0]

    def advance(self, wait: bool = True) -> bool:
        """Play the agent's move of the seat to move: ask it if not asked yet, then (with
        `wait`, or once the answer is there) play it. True if a move was played. Stops
        the game at the run's ply bound (a cut: `Ended` with `CUT`)."""
        seat = self.to_move
        if seat is None or not self._by_agent[seat]:
            return False
        if self.max_plies is not None and len(self.session.moves) >= self.max_plies:
            self.ended = CUT
            self._version += 1
            self.verdict = Outcome((0.0,) * self.players, (),
                                   f"cut at {self.max_plies} plies (not a rule)")
            self._emit(Ended(self.verdict, CUT))
            return False
        thought = self.think(MOVE)
        if thought is None or (not wait and not thought.done()):
            return False
        self.thought = None
        move = self._answer(thought)
        if move is None:
            return False
        self.play(move)
        return True

    def run(self) -> None:
        """Play the agents' moves until a person is to move or the game is over."""
        while self.agent_to_move:
            self.advance()

    def hint(self, wait: bool = True) -> Any:
        """The hint for the person to move (the strongest agent's move, on the hint's own
        random stream): asked now if not asked yet; None until it is there (`wait` False)
        or if it failed (a stand-in was named: ask again)."""
        thought = self.think(HINT)
        if thought is None or (not wait and not thought.done()):
            return None
        self.hinting = None
        if thought.ply != len(self.session.moves):
            return None
        move = self._answer(thought)
        if move is not None:
            self._emit(Hinted(thought.ply, move, self.explain(move)))
        return move


def said(line: str | Line, labels: Sequence[str] = ()) -> str:
    """What a game says (a refusal, an explanation, a reason), in the player's language:
    a `Line` rendered with `labels` (translated as it renders), a plain text looked up in
    the catalogs (as written if none knows it)."""
    if isinstance(line, Line):
        return line.render(labels)
    return i18n.translated(render(line, labels))


def not_allowed_line(reason: str | Line) -> Line:
    """A refused move as a line: "Not allowed: " and the reason (a game's line or text,
    translated where it is worded), as a sentence."""
    english = reason.english() if isinstance(reason, Line) else reason.strip()
    if not english:
        return Line.of("Not allowed: {reason}.", reason="that move is not legal here")
    if english.endswith((".", "!", "?")):
        return Line.of("Not allowed: {reason}", reason=reason)
    return Line.of("Not allowed: {reason}.", reason=reason)


def not_allowed(reason: str) -> str:
    """A refused move as every front end says it: "Not allowed: " and the reason, as a
    sentence."""
    reason = reason.strip() or _("that move is not legal here")
    if reason.endswith((".", "!", "?")):
        return _("Not allowed: {reason}").format(reason=reason)
    return _("Not allowed: {reason}.").format(reason=reason)


def hint_text(move: str, why: str) -> str:
    """A hint as every front end shows it: "Hint: <move> — <what it does and gains>"
    (the move alone when the game says nothing of it)."""
    if why:
        return _("Hint: {move} — {why}").format(move=move, why=why)
    return _("Hint: {move}").format(move=move)
