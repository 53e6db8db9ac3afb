"""The one play loop: a game in progress, its seats, agents, budgets, undo/redo and record.

Every way of playing advances a game through a `Session`: `tabletop simulate`, `tabletop
play --text`, the desktop app (whose AI seats think in a worker process) and the tests.
No arcade here.

The history is the list of states (pgx style: undo is popping states). The engine decides
what may be undone: never a ply where `tabletop.model.Game.reveals` is True, never a
special move that ended the game (a resignation, an agreed draw: the front ends confirm it
first, as final), and in a hidden-information game never a move of an AI seat (its move
was already shown to the human).

**The seeding rule.** Each agent decision draws from its own generator, seeded by the text
`"{game seed}:{purpose}:{seat}:{ply}"` (`decision_seed`), where `ply` is the number of
moves played before the decision and `purpose` is `"move"` for a seat's move or `"hint"`
for a hint shown to a person (its own stream, so asking for a hint changes nothing). A
decision therefore depends only on the game seed and the position reached, never on how
the game got there: a game continued from a save, replayed after an undo, played in
another process or by another front end gets the same decisions. Agents are built fresh
for each game (in process) or each decision (in the app's worker); an agent must not carry
memory from one decision to the next. With an iteration budget (and no seconds) the same
game seed and agents give the same game in `simulate`, in `play --text` and in the app.

**Plugin code in play.** Every call a `Session` makes into the game's code (and an
agent's decision) runs guarded, as plugin code is at load (tabletop/boundary.py): what it
prints is kept in `Session.output`, never on a command's stdout, and an exception or
`SystemExit` ends the game with a `PluginFailed` naming the plugin. `Session.choose` and
`Session.play` also check, at the cost of a `fingerprint` of the position (an identity
test of its fields, a hash or a `state_to_dict`), that neither `apply` nor an agent's
search through it changed the live state in place: such a game ends the same way, its
position rebuilt from the moves so that its record still replays. Inside an agent's
search nothing is checked.

**Budgets.** A time budget is enforced from outside where the decision runs in a worker
process (the app, `simulate --seconds`): past `deadline_seconds(budget)` the worker is
stopped. An iteration budget has no deadline, so that the game stays deterministic.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop import boundary, older_forms
from tabletop.ai.base import Agent, Budget
from tabletop.boundary import CapturedOutput, PluginFailed
from tabletop.chance import rolled, settle
from tabletop.i18n import _
from tabletop.lines import Line
from tabletop.model import Game, Outcome, RecordError, TabletopError
from tabletop.plugins import Host
from tabletop.record import Record, record_of, replay, start

HUMAN = "human"
#: The purposes of a decision, each with its own random stream.
MOVE = "move"
HINT = "hint"
#: How much longer than its time budget a decision may run before the host stops it
#: (covers the transfer of the state and a slow machine, not an agent that ignores time).
GRACE_SECONDS = 2.0
#: The host's own agents ("random", "mcts") are named as coming from this plugin.
HOST_PLUGIN = "tabletop"
_MESSAGE_LIMIT = 300


def decision_seed(game_seed: int, seat: int, ply: int, purpose: str = MOVE) -> str:
    """The seed of one agent decision (see the module's seeding rule)."""
    return f"{game_seed}:{purpose}:{seat}:{ply}"


def deadline_seconds(budget: Budget) -> float | None:
    """How long the host lets one decision run: the time budget plus `GRACE_SECONDS`.

    None (no deadline) for a budget without seconds: an iteration budget must not be cut
    by the machine's speed, and an agent's own default time is its own to keep.
    """
    if budget.seconds is None:
        return None
    return budget.seconds + GRACE_SECONDS


class AgentError(TabletopError):
    """An agent raised, or answered with something that is not a legal move.

    The message names the agent and the plugin that registered it.
    """


class DecisionTimeout(TabletopError):
    """An agent thought past its deadline and was stopped (its worker was restarted)."""


def short(text: str, limit: int = _MESSAGE_LIMIT) -> str:
    """`text` on one line, cut to `limit` characters (error text from plugin code)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def plugin_of_game(host: Host, game_id: str) -> str:
    """The name of the plugin that registered the game `game_id` (its id if unknown)."""
    owner = host.owner(game_id)
    return owner.name if owner is not None else game_id


#: Field values that cannot change in place (a tuple's items are taken as its own).
_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None), tuple, frozenset, enum.Enum)


class _Fields:
    """The objects a state's fields hold, equal only to the very same objects: a field
    rebound in place (`object.__setattr__` on a frozen state) makes them differ."""

    __slots__ = ("values",)

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.values = values

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _Fields) and len(self.values) == len(other.values)
                and all(map(operator.is_, self.values, other.values)))

    __hash__ = None  # type: ignore[assignment]  # compared, never hashed


#: Per dataclass state type, a getter of the fields equality looks at (a cache field,
#: `compare=False`, that a method fills in later is not a change); None for other types.
_GETTERS: dict[type, Callable[[Any], tuple[Any, ...]] | None] = {}
#: Per tuple of field value types, the slotted values to look into: `(index, slots)`
#: pairs, or None if a value can only be hashed.
_PLANS: dict[tuple[type, ...], tuple[tuple[int, tuple[str, ...]], ...] | None] = {}


def _getter(kind: type) -> Callable[[Any], tuple[Any, ...]] | None:
    names = (tuple(f.name for f in dataclasses.fields(kind) if f.compare)
             if dataclasses.is_dataclass(kind) else None)
    if not names:
        return None
    if len(names) == 1:
        return lambda state: (getattr(state, names[0]),)
    return operator.attrgetter(*names)


def _slots(kind: type) -> tuple[str, ...] | None:
    """The slots of a class whose instances have no `__dict__` (None otherwise)."""
    names: list[str] = []
    for klass in kind.__mro__[:-1]:
        declared = klass.__dict__.get("__slots__")
        if declared is None:
            return None  # a class of the chain gives its instances a __dict__
        names.extend((declared,) if isinstance(declared, str) else declared)
    return tuple(name for name in names if name not in ("__dict__", "__weakref__"))


def _plan(types: tuple[type, ...]) -> tuple[tuple[int, tuple[str, ...]], ...] | None:
    """How field values of these types show a change in place by identity alone: an
    immutable value (number, text, tuple, frozen dataclass) by being another object; a
    slotted object (a persistent history) by the objects its slots hold; anything else
    cannot (None: the state must be hashed)."""
    look: list[tuple[int, tuple[str, ...]]] = []
    for index, kind in enumerate(types):
        params = getattr(kind, "__dataclass_params__", None)
        if issubclass(kind, _IMMUTABLE) or (params is not None and params.frozen):
            continue
        slots = _slots(kind)
        if not slots:
            return None
        look.append((index, slots))
    return tuple(look)


def fingerprint(game: Game[Any, Any], state: Any) -> Any:
    """A cheap value that changes when `state` is changed in place (compare with `!=`).

    A dataclass state whose compared fields hold immutable values (numbers, text, tuples,
    frozen dataclasses) or slotted objects: the field objects themselves, and the objects
    in those slots, compared by identity (a microsecond or two, whatever the state's
    size). Otherwise its hash, where its type has one of its own, else its `state_to_dict`
    (the costliest: states holding lists).
    """
    kind = type(state)
    if kind not in _GETTERS:
        _GETTERS[kind] = _getter(kind)
    getter = _GETTERS[kind]
    if getter is not None:
        fields = getter(state)
        types = tuple(map(type, fields))
        if types not in _PLANS:
            _PLANS[types] = _plan(types)
        plan = _PLANS[types]
        if plan is not None:
            inside = [getattr(fields[i], slot, None) for i, slots in plan for slot in slots]
            return _Fields((*fields, *inside) if inside else fields)
    if type(state).__hash__ not in (None, object.__hash__):  # an identity hash never moves
        try:
            return hash(state)
        except TypeError:  # a tuple holding a list
            pass
    return game.state_to_dict(state)


def plugin_of_agent(host: Host, game_id: str, name: str) -> str:
    """The name of the plugin that registered agent `name` for `game_id`."""
    owner = host.agent_owner(game_id, name)
    return owner.name if owner is not None else HOST_PLUGIN


def agent_label(host: Host, game_id: str, name: str) -> str:
    """How messages name an agent: `agent 'strong' (plugin 'versus')`."""
    return f"agent {name!r} (plugin {plugin_of_agent(host, game_id, name)!r})"


def make_agent(host: Host, game_id: str, name: str, label: str | None = None) -> Agent:
    """A fresh agent `name` for one seat of `game_id`.

    Raises `TabletopError` for an unknown name, `AgentError` if the agent's factory fails.
    """
    spec = host.agent_spec(game_id, name)
    try:
        return spec.make(host.game(game_id))
    except Exception as exc:
        who = label or agent_label(host, game_id, name)
        raise AgentError(f"{who} could not be built: {type(exc).__name__}: "
                         f"{short(str(exc))}") from exc


def choose_move(game: Game[Any, Any], state: Any, agent: Agent, label: str, budget: Budget,
                rng: random.Random) -> Any:
    """The legal move `agent` chooses in `state` for the seat to move.

    Raises `AgentError` (naming the agent by `label`) if the agent raises or answers with
    anything but one of the legal moves (None included).
    """
    seat = game.to_move(state)
    if seat is None:
        raise TabletopError("the game is over; there is nothing to choose")
    legal = game.legal_moves(state)
    seen = game.observation(state, seat)
    try:
        move = agent.choose(seen, seat, legal, budget, rng)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # SystemExit too: an agent never ends the host
        raise AgentError(f"{label} failed: {type(exc).__name__}: {short(str(exc))}") from exc
    try:
        legal_move = move is not None and move in legal
    except Exception:  # an answer that cannot even be compared with a move
        legal_move = False
    if not legal_move:
        raise AgentError(f"{label} answered {short(repr(move), 80)}, which is not a legal move")
    return move


@dataclass(frozen=True)
class Decision:
    """One agent decision, as plain data a worker process can make on its own."""

    game: str
    agent: str
    label: str
    seat: int
    ply: int
    state: dict[str, Any]
    budget: Budget
    seed: str


def decide(host: Host, decision: Decision) -> str:
    """Make `decision` with `host`'s game and agent; the chosen move in notation.

    Raises `AgentError` if the agent cannot be built or fails (see `choose_move`).
    """
    game = host.game(decision.game)
    state = game.state_from_dict(decision.state)
    agent = make_agent(host, decision.game, decision.agent, decision.label)
    move = choose_move(game, state, agent, decision.label, decision.budget,
                       random.Random(decision.seed))
    return game.move_to_text(state, move)


class Session:
    """One game: its set-up, the seats' players (`HUMAN` or an agent name) and history.

    `plugin` names the game's plugin in the messages of a failure (default: the game's
    id); `output` is what the game's and agents' code printed while it was played.
    """

    def __init__(self, game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
                 agents: Sequence[str], states: Sequence[Any],
                 moves: Sequence[Any] = (), log: Sequence[Sequence[str | Line]] = (),
                 plugin: str | None = None) -> None:
        self.game = game
        self.plugin = plugin or game.info.id
        self.output = CapturedOutput()
        #: The position an agent was last asked about and its fingerprint, taken before
        #: the agent searched through it (so `play` sees a change made by the search).
        self._pinned: tuple[Any, Any] | None = None
        self.players = players
        self.options = options
        self.seed = seed
        self.agents = tuple(agents)
        self.states: list[Any] = list(states)
        self.moves: list[Any] = list(moves)
        self._log: list[tuple[str | Line, ...]] = [tuple(lines) for lines in log]
        self._redo: list[list[Any]] = []

    # -- creating ----------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
            agents: Sequence[str], plugin: str | None = None) -> Session:
        """A fresh game (raises `OptionError` for bad players or options)."""
        state, resolved = start(game, players, options, seed)
        return cls(game, players, resolved, seed, agents, [state], plugin=plugin)

    @classmethod
    def from_record(cls, host: Host, record: Record) -> Session:
        """Rebuild a saved game; raises `TabletopError` (`RecordError`) if it does not load."""
        game = host.game(record.game)
        played = replay(game, record)
        agents = record.agents or (HUMAN,) * record.players
        if len(agents) != record.players:
            raise RecordError(f"the save names {len(agents)} players for {record.players} seats")
        known = {spec.name for spec in host.agent_specs(record.game)} | {HUMAN}
        for name in agents:
            if name not in known:
                raise RecordError(f"the save names an unknown player {name!r}")
        return cls(game, record.players, dict(record.options), record.seed, agents,
                   played.states, played.moves, played.log, plugin_of_game(host, record.game))

    def record(self) -> Record:
        """The game so far as a `Record` (with each seat's player in `agents`)."""
        return record_of(self.game, self.players, self.options, self.seed, self.states,
                         self.moves, self.agents)

    @property
    def log(self) -> list[tuple[str | Line, ...]]:
        """The log lines of each ply (`tabletop.model.Game.describe`: texts and
        `tabletop.lines.Line`s, which `tabletop.lines.render` words with the seats'
        labels), written when first asked for: a headless loop that never shows them does
        not pay for them."""
        for ply in range(len(self._log), len(self.moves)):
            before, after = self.states[ply], self.states[ply + 1]
            lines = tuple(self.game.describe(before, self.moves[ply], after))
            older_forms.lines_form(self.game, lines)  # a seat named in plain text: said once
            self._log.append(lines)
        return self._log

    # -- guarding the game's code --------------------------------------------------------
    def guard(self, doing: str) -> boundary.in_play:
        """Run the game's code (or an agent's) as plugin code in play: its output goes to
        `output`; an exception or `SystemExit` raises `PluginFailed` naming the plugin."""
        return boundary.in_play(self.plugin, self.game.info.id, doing, self.output)

    def _changed_in_place(self) -> None:
        """The game's code changed the current state in place: rebuild it from the start
        and the moves (so that the record replays), and end the game naming the plugin."""
        try:
            with self.guard("rebuilding the position"):
                state, _ = start(self.game, self.players, self.options, self.seed,
                                 self.game.setup(self.states[0]) if len(self.states) > 1
                                 else None)
                for ply, move in enumerate(self.moves, 1):
                    state = settle(self.game, self.game.apply(state, move), self.seed, ply)
            self.states[-1] = state
        except (TabletopError, ValueError, TypeError, KeyError):
            pass  # the error below is what matters; the record is kept as it is
        raise PluginFailed(f"{boundary.playing_label(self.plugin, self.game.info.id)} failed "
                           "while playing: the position changed in place (its apply, here "
                           "or in an agent's search, must leave the state it is given as it "
                           "was)", self.plugin)

    # -- the position ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (never shown as such in a hidden-information game)."""
        return self.states[-1]

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return self.game.to_move(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        result = self.game.outcome(self.state)
        older_forms.outcome_form(self.game, result)  # a seat named in plain text: said once
        return result

    @property
    def human_seats(self) -> frozenset[int]:
        """The seats played by people at this screen."""
        return frozenset(i for i, name in enumerate(self.agents) if name == HUMAN)

    def is_ai(self, seat: int | None) -> bool:
        """True if `seat` is played by an agent."""
        return seat is not None and self.agents[seat] != HUMAN

    def viewing_seat(self) -> int:
        """Whose eyes the screen shows: the human to move, else the last human who moved."""
        humans = self.human_seats
        if self.to_move is not None and self.to_move in humans:
            return self.to_move
        for before in reversed(self.states[:-1]):
            mover = self.game.to_move(before)
            if mover in humans:
                return mover
        if humans:
            return min(humans)
        return self.to_move if self.to_move is not None else 0

    def view_of(self, state: Any, seat: int | None = None) -> Any:
        """What the screen may show of `state`: itself, or the observation of `seat`
        (default: `viewing_seat()`) in a hidden-information game."""
        if not self.game.info.hidden_information:
            return state
        return self.game.observation(state, self.viewing_seat() if seat is None else seat)

    def legal_moves(self) -> Sequence[Any]:
        """The legal moves of the seat to move."""
        return self.game.legal_moves(self.state)

    def special_moves(self) -> Sequence[Any]:
        """Resign, draw and the like, when a human is to move."""
        if self.to_move is None or self.is_ai(self.to_move):
            return ()
        return self.game.special_moves(self.state)

    def needs_consent(self, move: Any) -> bool:
        """True for a special move the other players must accept (it ends the game without
        the mover losing: a draw offer), False for a unilateral one such as resigning."""
        after = self.game.apply(self.state, move)
        result = self.game.outcome(after)
        return result is not None and (not result.winners or self.to_move in result.winners)

    # -- agents' decisions (one seeding rule: see the module docstring) ----------------
    def rng(self, seat: int, purpose: str = MOVE) -> random.Random:
        """The generator of `seat`'s decision at the current ply."""
        return random.Random(decision_seed(self.seed, seat, len(self.moves), purpose))

    def choose(self, agent: Agent, label: str, budget: Budget, purpose: str = MOVE) -> Any:
        """The move `agent` chooses for the seat to move, in this process.

        Raises `AgentError` (naming the agent by `label`) if it fails or answers badly.
        """
        with self.guard("choosing a move"):
            seat = self.to_move
            if seat is None:
                raise TabletopError("the game is over; there is nothing to choose")
            state = self.state
            # Taken before the agent searches through the live state (its observation in
            # a game without hidden information): `play` compares with it, so an apply
            # that changed its input during the search shows there. An earlier pin of the
            # same position (a hint, then the move) is older, so it is kept.
            if self._pinned is None or self._pinned[0] is not state:
                self._pinned = (state, fingerprint(self.game, state))
            return choose_move(self.game, state, agent, label, budget,
                               self.rng(seat, purpose))

    def decision(self, agent: str, label: str, budget: Budget,
                 purpose: str = MOVE) -> Decision:
        """The decision of `agent` for the seat to move, for a worker process to make."""
        seat = self.to_move
        if seat is None:
            raise TabletopError("the game is over; there is nothing to choose")
        return Decision(self.game.info.id, agent, label, seat, len(self.moves),
                        self.game.state_to_dict(self.state), budget,
                        decision_seed(self.seed, seat, len(self.moves), purpose))

    def answer(self, decision: Decision, text: str) -> Any:
        """The move a worker answered to `decision`, read in the current state.

        Raises `AgentError` if it is not a legal move here.
        """
        try:
            move = self.game.parse_move(self.state, text)
        except TabletopError as exc:
            raise AgentError(f"{decision.label} answered {short(text, 80)!r}: {exc}") from None
        if move not in self.legal_moves():
            raise AgentError(f"{decision.label} answered {short(text, 80)!r}, "
                             "which is not a legal move")
        return move

    # -- playing -----------------------------------------------------------------------
    def play(self, move: Any) -> tuple[Any, Any]:
        """Apply `move` (raises `IllegalMoveError`); returns (before, after). Clears redo.

        Raises `PluginFailed` if the game's code fails or the position was changed in
        place (by this `apply`, or by an agent's search since `choose`)."""
        before = self.state
        pinned, self._pinned = self._pinned, None
        with self.guard("applying a move"):
            seen = pinned[1] if pinned is not None and pinned[0] is before else (
                fingerprint(self.game, before))
            try:
                # Chance steps (dice) after the move are drawn from the seed here, in the
                # one small function a future driver calls too (tabletop.chance.settle).
                after = settle(self.game, self.game.apply(before, move), self.seed,
                               len(self.moves) + 1)
            except TabletopError:
                # A move refused because an agent's search changed the position: say that.
                if fingerprint(self.game, before) == seen:
                    raise
                after = None
            changed = after is None or fingerprint(self.game, before) != seen
        if changed:
            self._changed_in_place()
        self.states.append(after)
        self.moves.append(move)
        self._redo.clear()
        return before, after

    def _undoable(self, ply: int) -> bool:
        return self._kept_because(ply) is None

    def _kept_because(self, ply: int) -> str | None:
        """Why the move of `ply` may not be taken back, in words (None: it may)."""
        before, after, move = self.states[ply], self.states[ply + 1], self.moves[ply]
        if self.game.reveals(before, move, after):
            return _("move {number} showed what was hidden, and it has been seen").format(
                number=ply + 1)
        if rolled(self.game, before, move):
            return _("the dice of move {number} have been rolled").format(number=ply + 1)
        if self._ended_by_special(ply):
            # resigned or agreed: see `undo_refusal`
            return _("it ended the game, which stands")
        if self.game.info.hidden_information and self.is_ai(self.game.to_move(before)):
            return _("move {number} was the computer's, in a game of hidden information "
                     "(it chose knowing its own hand)").format(number=ply + 1)
        return None

    def _undo_target(self) -> int | None:
        """The ply to go back to: the latest human turn reachable by undoable plies."""
        if not self.human_seats:
            return None
        ply = len(self.moves)
        while ply > 0:
            ply -= 1
            if not self._undoable(ply):
                return None
            if not self.is_ai(self.game.to_move(self.states[ply])):
                return ply
        return None

    def _ended_by_special(self, ply: int) -> bool:
        """True if the move of `ply` is a special move that ended the game."""
        after = self.states[ply + 1]
        return (self.game.outcome(after) is not None
                and self.moves[ply] in self.game.special_moves(self.states[ply]))

    def final_move(self) -> Any | None:
        """The special move that ended the game (a resignation, an agreed draw), which
        undo never takes back; None if the game did not end by one."""
        if self.moves and self._ended_by_special(len(self.moves) - 1):
            return self.moves[-1]
        return None

    def undo_refusal(self) -> str:
        """Why undo does nothing now, in the words the front ends show."""
        if self.final_move() is not None:
            outcome, mover = self.outcome, self.game.to_move(self.states[-2])
            agreed = outcome is not None and (not outcome.winners or mover in outcome.winners)
            return (_("Nothing that may be undone: the draw was agreed.") if agreed
                    else _("Nothing that may be undone: the game was resigned."))
        if not self.human_seats:
            return _("Nothing that may be undone: nobody plays here.")
        ply = len(self.moves)
        while ply > 0:
            ply -= 1
            why = self._kept_because(ply)
            if why is not None:
                return _("Nothing that may be undone: {reason}.").format(reason=why)
            if not self.is_ai(self.game.to_move(self.states[ply])):
                return _("Nothing that may be undone.")  # undo would go back: not refused
        if self.moves:
            return _("Nothing that may be undone: no one here has moved yet.")
        return _("Nothing that may be undone: no move has been played yet.")

    def can_undo(self) -> bool:
        """True if undo would go back to an earlier human turn."""
        return self._undo_target() is not None

    def undo(self) -> bool:
        """Go back to the previous human turn; False (nothing changes) if not allowed."""
        target = self._undo_target()
        if target is None:
            return False
        self._redo.append(self.moves[target:])
        del self.states[target + 1:], self.moves[target:], self._log[target:]
        return True

    def can_redo(self) -> bool:
        """True if an undone turn can be replayed."""
        return bool(self._redo)

    def redo(self) -> bool:
        """Replay the last undone turn; False if there is none."""
        if not self._redo:
            return False
        group = self._redo.pop()
        saved, self._redo = self._redo, []  # play() clears redo; keep the older turns
        for move in group:
            self.play(move)
        self._redo = saved
        return True
