"""The game model every plugin implements: errors, options, info, outcome and `Game`.

A game is a registered object whose methods are pure functions over immutable states:
`apply(state, move)` returns a new state and never changes its input. Moves are small,
hashable, frozen values with a text notation that round-trips. All randomness comes from
the seed: the set-up's from the seed given to `new_state`, chance during play from the
host, which draws each chance step (`Game.chance_outcomes`) from the seed and the ply
(`tabletop.chance`), so the same seed and the same moves rebuild the same game and no
state holds a roll to come. What a seat is shown is made for it: `Game.observation` and
`Game.render_text(state, seat)` (through `seat_text`, which keeps older plugins working).
"""

from __future__ import annotations

import inspect
import random
import warnings
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tabletop.i18n import Catalog, _, translated
from tabletop.limits import MAX_FILE_BYTES, data_problem, one_line, shown
from tabletop.lines import Line, SeatArg, neutral_label, render

if TYPE_CHECKING:  # numpy in annotations only: importing the contract stays light
    import numpy as np
    import numpy.typing as npt

S = TypeVar("S")
M = TypeVar("M")

__all__ = [
    "Game",
    "GameInfo",
    "GameOption",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Outcome",
    "PluginDeprecationWarning",
    "RecordError",
    "StateFormatError",
    "TabletopError",
    "check_version",
    "seat_text",
]


class TabletopError(Exception):
    """Base of every error the host and the games raise on bad input.

    The message may be a `tabletop.lines.Line` (a refusal that names a seat:
    `IllegalMoveError(Line.of("{player} has already passed", player=seat(1)))`): `str()`
    is then the line with each seat as "Player N", and `line` holds it for a host to
    render with the seats' labels.
    """

    def __init__(self, *args: Any) -> None:
        if args and isinstance(args[0], Line):
            self._line = args[0]
            args = (str(args[0]), *args[1:])
        super().__init__(*args)

    @property
    def line(self) -> str | Line:
        """What the error says as a line: the `Line` it was given, else its message as
        text (`tabletop.lines.render` shows either)."""
        given = self.__dict__.get("_line")
        return given if isinstance(given, Line) else str(self)

    @property
    def words(self) -> str:
        """The problem as a player reads it in the app (see `OptionError`); by default
        the message itself."""
        return str(self)


class IllegalMoveError(TabletopError, ValueError):
    """A well-formed move that the rules do not allow in this position."""


class NotationError(TabletopError, ValueError):
    """Text that is not a move in the game's notation at all."""


class OptionError(TabletopError, ValueError):
    """An unknown option, or a value the option does not accept.

    The message (`str()`) is the command line's: it names options and values as they are
    typed there (`first_player`, `3`). `words`, if given, says the same in a player's
    words: the options' labels and their presets' names ("Who plays first", "Player 4"),
    as the app's set-up screen shows them.
    """

    def __init__(self, message: str | Line, words: str | None = None) -> None:
        super().__init__(message)
        self._words = words

    @property
    def words(self) -> str:
        """The problem in the options' labels and presets' names (else the message)."""
        return self._words or str(self)


class StateFormatError(TabletopError, ValueError):
    """A state dict that is not a valid state of this game (version, keys, values)."""


class RecordError(TabletopError, ValueError):
    """A game record that does not replay; the message says where and why."""


def check_version(data: Any, what: str, version: int) -> Mapping[str, Any]:
    """`data` if it is a dict of `version`; else `StateFormatError` naming `what`.

    The first check of every `Game.state_from_dict`: a foreign or newer dict is refused
    with a message that says so, before any field is read.
    """
    if not isinstance(data, Mapping):
        raise StateFormatError(f"a {what} must be a JSON object")
    found = data.get("version")
    if type(found) is not int or found != version:  # not true, not 1.0
        raise StateFormatError(f"{what} version {shown(found)} is not supported "
                               f"(expected {version})")
    problem = data_problem(dict(data))
    if problem:
        raise StateFormatError(f"a {what} cannot hold {problem}")
    return data


_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class GameOption:
    """One option of a game: its name, default, type and the values it accepts.

    `kind` is one of `bool`, `int`, `str` or `object` (structured data such as a deck or a
    start position, given as JSON text on the command line). `choices` restricts the
    value to a set; `minimum`/`maximum` bound an int. `check`, if given, validates a
    structured value and raises `OptionError` (or `ValueError`) with a clear message.

    What a player sees (the `name` and `description` stay for the command line):
    `label` is the option's title in plain words ("Who plays first"), `help` one line
    saying what it does; `presets` are named values, `(name, value)` pairs, that a front
    end offers instead of the raw value ("At random" for -1, "Standard 90 cards" for a
    deck given as data). An option of kind `object` is chosen from its presets only.
    `min_players` is the smallest table at which the option changes anything (who plays
    first, alone at the table): a front end leaves it out of smaller tables' set-up.
    """

    name: str
    default: Any
    description: str
    kind: type = str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    check: Any = field(default=None, compare=False, repr=False)
    label: str = ""
    help: str = ""
    presets: tuple[tuple[str, Any], ...] = ()
    min_players: int = 1

    @property
    def title(self) -> str:
        """The label, or the name in words ("ply_limit" → "Ply limit") when none is given."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def help_line(self) -> str:
        """The one-line help, or the description when none is given."""
        return self.help or self.description

    def value_text(self, value: Any) -> str:
        """`value` as a player reads it: its preset's name, on/off, or the value itself."""
        for name, preset in self.presets:
            if preset == value and type(preset) is type(value):
                return translated(name)
        if self.kind is bool:
            return _("on") if value else _("off")
        if self.kind is object:
            return _("custom (set from the command line)")
        return str(value)

    def step(self, value: Any, step: int) -> Any:
        """The value `step` places after `value` (before, if negative) as a front end
        offers them: the next preset, else bool toggled, choice cycled, int stepped in bounds.
        """
        if self.presets:
            values = [v for _, v in self.presets]
            at = next((i for i, v in enumerate(values)
                       if v == value and type(v) is type(value)), -1)
            return values[(at + step) % len(values)] if at >= 0 else values[0]
        if self.kind is bool:
            return not value
        if self.choices:
            choices = list(self.choices)
            return (choices[(choices.index(value) + step) % len(choices)]
                    if value in choices else choices[0])
        if self.kind is int:
            new = value + step
            if self.minimum is not None:
                new = max(self.minimum, new)
            if self.maximum is not None:
                new = min(self.maximum, new)
            return new
        return value

    def parse(self, text: str) -> Any:
        """Convert command-line text into a validated value of this option."""
        if self.kind is bool:
            word = text.strip().lower()
            if word not in _BOOL_WORDS:
                raise OptionError(_("option {name}: {text} is not true/false").format(
                    name=repr(self.name), text=repr(text)))
            return self.validate(_BOOL_WORDS[word])
        if self.kind is int:
            try:
                return self.validate(int(text.strip()))
            except ValueError as exc:
                if isinstance(exc, OptionError):
                    raise
                raise OptionError(_("option {name}: {text} is not a whole number").format(
                    name=repr(self.name), text=repr(text))) from None
        if self.kind is object:
            import json

            if len(text) > MAX_FILE_BYTES:
                raise OptionError(_("option {name}: the data is too large").format(
                    name=repr(self.name)))
            try:
                value = json.loads(text)
            except RecursionError:
                raise OptionError(_("option {name}: nested too deeply").format(
                    name=repr(self.name))) from None
            except ValueError as exc:  # invalid JSON, or a number over 4,300 digits
                raise OptionError(_("option {name}: not valid JSON ({error})").format(
                    name=repr(self.name), error=one_line(exc, 120))) from None
            problem = data_problem(value)
            if problem:
                raise OptionError(_("option {name}: the data holds {problem}").format(
                    name=repr(self.name), problem=problem))
            return self.validate(value)
        return self.validate(text)

    def validate(self, value: Any) -> Any:
        """Return `value` if this option accepts it, else raise `OptionError`."""
        if self.kind is bool and not isinstance(value, bool):
            raise self.refusal(_("expected true or false, got {value}").format(
                value=shown(value)), _("{value} is neither on nor off").format(
                value=shown(value)))
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.refusal(_("expected a whole number, got {value}").format(
                value=shown(value)), _("{value} is not a whole number").format(
                value=shown(value)))
        if self.kind is str and not isinstance(value, str):
            raise self.refusal(_("expected text, got {value}").format(value=shown(value)),
                               _("{value} is not a text").format(value=shown(value)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            offered = ", ".join(self.value_text(c) for c in self.choices)
            raise self.refusal(_("{value} is not one of {allowed}").format(
                value=shown(value), allowed=allowed), _(
                "{value} is not offered (choose {offered})").format(
                value=self.value_text(value), offered=offered))
        if self.minimum is not None and value < self.minimum:
            raise self.refusal(_("{value} is below {lowest}").format(
                value=value, lowest=self.minimum), _(
                "{value} is below the lowest, {lowest}").format(
                value=self.value_text(value), lowest=self.value_text(self.minimum)))
        if self.maximum is not None and value > self.maximum:
            raise self.refusal(_("{value} is above {highest}").format(
                value=value, highest=self.maximum), _(
                "{value} is above the highest, {highest}").format(
                value=self.value_text(value), highest=self.value_text(self.maximum)))
        if self.check is not None:
            try:
                self.check(value)
            except OptionError:
                raise
            except (ValueError, TypeError, KeyError) as exc:
                raise self.refusal(one_line(exc), one_line(exc)) from None
        return value

    def refusal(self, reason: str, words: str) -> OptionError:
        """The `OptionError` refusing a value of this option: `reason` after the option's
        name for the command line, `words` after its label for a player."""
        return OptionError(_("option {name}: {reason}").format(name=repr(self.name),
                                                              reason=reason),
                           _("{option}: {problem}.").format(option=translated(self.title),
                                                           problem=words))


@dataclass(frozen=True)
class GameInfo:
    """What the host shows and checks about a game before any state exists.

    `max_plies` is the declared maximum length of a game in plies (the conformance kit
    checks that random games end within it), or None when the rules set no bound: such a
    game ends only as its rules say, however long that takes, and tools that need a bound
    (the kit, a simulation) set their own and report the games it cuts. `picture` is an
    optional path to an image the launcher shows. `seat_names` names the seats in order
    (e.g. Blue, Brown); by default "Player N".

    `rules_help` is a short plain summary of the rules. `rules_text`, if given, is the
    game's whole rulebook in markdown-lite (`#`/`##`/`###` headings, paragraphs, `-` and
    `1.` lists, `**bold**` and `` `code` `` spans); the app's Rules screen shows it, and
    shows `rules_help` for a game without one. Ship it as a file in the game's package and
    read it with `importlib.resources`, so the rules screen and the document are one text.

    `tutorial`, if given, is the game's guided first game: TOML text in the format of
    `tabletop.tutorial` (steps over real positions, each teaching a section of
    `rules_text`), shipped as a file in the package like the rulebook. The app offers it
    as "Learn <name>" and the conformance kit checks it.

    `catalog`, if given, is the game's translations (`tabletop.i18n.Catalog`, gettext
    catalogs shipped in the package): the host shows the game's name, texts, options,
    seat names, lines and tutorial through it in the player's language.
    `rules_translations` maps a language ("fr", "de") to the rulebook in it, with the same
    sections as `rules_text`; `rules_in` picks one.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    description: str
    rules_help: str
    max_plies: int | None = None
    options: tuple[GameOption, ...] = ()
    seat_names: tuple[str, ...] = ()
    picture: str | None = None
    rules_text: str | None = field(default=None, repr=False)
    tutorial: str | None = field(default=None, repr=False)
    catalog: Catalog | None = field(default=None, repr=False, compare=False)
    rules_translations: Mapping[str, str] = field(default_factory=dict, repr=False,
                                                  compare=False)

    def option(self, name: str) -> GameOption:
        """The declared option called `name` (raises `OptionError` if unknown)."""
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or _("none")
        raise OptionError(_("game {game} has no option {name} (options: {known})").format(
            game=repr(self.id), name=repr(name), known=known))

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with `given`, every value validated; unknown names raise."""
        values = {opt.name: opt.default for opt in self.options}
        for name, value in (given or {}).items():
            values[name] = self.option(name).validate(value)
        return values

    def check_players(self, players: int) -> int:
        """Return `players` if the game accepts that many, else raise `OptionError`."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            raise OptionError(_("{game} is played by {span} players, not {players}").format(
                game=translated(self.name), span=span, players=repr(players)))
        return players

    def seat_name(self, seat: int) -> str:
        """The display name of a seat, in the player's language."""
        if seat < len(self.seat_names):
            return translated(self.seat_names[seat])
        return neutral_label(seat)

    def rules_in(self, language: str) -> str | None:
        """The rulebook in `language` if the game ships it, else `rules_text`."""
        return self.rules_translations.get(language) or self.rules_text

    def player_label(self, seat: int, name: str = "") -> str:
        """A seat as a front end names it once a person gave a name: the name in place of
        "Player 2", or beside the game's own seat name ("Bob (Blue)")."""
        own = self.seat_name(seat)
        if not name or name == own:
            return own
        return (_("{name} ({seat})").format(name=name, seat=own)
                if seat < len(self.seat_names) else name)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `scores` has one entry per seat; `winners` lists the winning seats (tied leaders share
    the victory, so there may be several; empty for a draw where nobody wins); `reason`
    says in the game's words why the game ended, as records keep it. `line`, if given, is
    the same reason as a `tabletop.lines.Line` whose seats are arguments (`reason` is then
    that line with the game's seat names, `line.render(default_labels(info, players))`),
    so a front end can name the seats as it names them elsewhere. It is not saved and
    not compared: an outcome read from a record has none.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    line: Line | None = field(default=None, compare=False, repr=False)

    @property
    def said(self) -> str | Line:
        """The reason as a front end shows it: `line` if the game gave one, else `reason`
        (`tabletop.lines.render` shows either with the seats' labels)."""
        return self.line if self.line is not None else self.reason

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of this outcome."""
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Any) -> Outcome:
        """Rebuild an outcome from `to_dict` output; raises `RecordError` naming the part
        that is malformed (scores are numbers, winners seat numbers, the reason a text)."""
        if not isinstance(data, dict) or set(data) != {"scores", "winners", "reason"}:
            raise RecordError(_("result must be an object of scores, winners and reason, "
                                "not {value}").format(value=shown(data)))
        scores, winners, reason = data["scores"], data["winners"], data["reason"]
        if not isinstance(scores, list) or not all(type(s) in (int, float) for s in scores):
            raise RecordError(_("result scores must be a list of numbers, not {value}").format(
                value=shown(scores)))
        if not isinstance(winners, list) or not all(type(w) is int and w >= 0
                                                    for w in winners):
            raise RecordError(_("result winners must be a list of seats, not {value}").format(
                value=shown(winners)))
        if not isinstance(reason, str):
            raise RecordError(_("result reason must be a text, not {value}").format(
                value=shown(reason)))
        return cls(tuple(scores), tuple(winners), reason)

    def share(self, seat: int) -> float:
        """The seat's share of the victory: 1/k if it is one of k winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def reward(self, seat: int) -> float:
        """What the result is worth to `seat` on the host's one scale, in [0, 1].

        A sole win is 1 and a loss 0; one of k winners gets 1/k (two sharing a win
        each get 1/2); a draw, where nobody wins at a table of two or more, is worth
        1/2 to every seat — half a win, better than a loss, so search plays for a draw
        when a win is out of reach. Alone at the table, a game without a winner is lost
        (0). `Game.reward` uses this unless the game overrides it.
        """
        if not self.winners:
            return 0.5 if len(self.scores) > 1 else 0.0
        return self.share(seat)


class Game(ABC, Generic[S, M]):
    """The contract between the host and a game plugin.

    Subclass it (or provide every method it names) and register an instance through the
    `tabletop_register_games` hook. States are immutable values of the game's own type;
    moves are hashable frozen values. Every method is pure: no method changes its
    arguments, and none uses randomness that is not held in the state.
    """

    info: GameInfo

    # -- creating states -------------------------------------------------------------
    @abstractmethod
    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> S:
        """A new game for `players` seats with resolved `options`.

        Chance in the set-up (a shuffled deck, a first player) comes from `seed`, unless
        `setup` (as returned by `setup`) is given, in which case the set-up is exactly that
        one. Raise `OptionError` for players or options the game does not accept.
        """

    def setup(self, state: S) -> Any:
        """The explicit set-up of a new game (JSON-ready), or None if it has no chance."""
        return None

    # -- playing ---------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat whose move it is, or None once the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every legal move in a stable order; empty exactly when the game is over."""

    @abstractmethod
    def apply(self, state: S, move: M) -> S:
        """The state after `move`. Never changes `state`; raises `IllegalMoveError`.

        The error's message is the reason in the game's own words ("b2 is taken", or a
        `tabletop.lines.Line` naming a seat): the host shows a person whose move is
        refused "Not allowed: " and that reason, so it says nothing the seat to move
        cannot see.
        """

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    # -- chance ----------------------------------------------------------------------
    def chance_outcomes(self, state: S) -> Sequence[tuple[Any, float]]:
        """The chance step `state` waits for, as `(outcome, probability)` pairs; empty when
        the next step is a seat's move or the game is over. Default: never chance.

        A game with chance during play (a die, a card drawn from a shuffled deck) stops at
        a state that waits for it and lists every outcome (small hashable values, in a
        stable order) with its probability (positive, summing to 1). The host draws one
        from a generator derived from the game's seed and the ply (`tabletop.chance`),
        which no agent ever receives, and calls `apply_chance`; a search averages over the
        outcomes by their probabilities. The host asks nothing else of a state at a chance
        step (not `to_move`, `legal_moves` or `outcome`), and never shows it to anyone.
        """
        return ()

    def apply_chance(self, state: S, outcome: Any) -> S:
        """The state after the chance step's `outcome`, one of `chance_outcomes(state)`.

        Never changes `state`. Only games whose `chance_outcomes` lists outcomes need it.
        """
        raise TabletopError(f"{self.info.id} has no chance steps")

    def special_moves(self, state: S) -> Sequence[M]:
        """Moves a person may make outside normal play (resign, agree a draw).

        `apply` accepts them and the notation covers them, but agents are never offered
        them and they are not part of `legal_moves`. Default: none.
        """
        return ()

    # -- notation and pictures -------------------------------------------------------
    @abstractmethod
    def move_to_text(self, state: S, move: M) -> str:
        """The move in the game's notation (`parse_move(state, text)` gives it back)."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """The move that `text` names in `state`.

        Raises `NotationError` if the text is not notation at all, `IllegalMoveError` if it
        names a move that is not legal here.
        """

    @abstractmethod
    def render_text(self, state: S, seat: int | None = None) -> str | Line:
        """A plain-text picture of the position as `seat` sees it (terminals, tests, bug
        reports); `seat=None` is a spectator's, who sees only what every seat sees. Where
        it names seats it may be a `tabletop.lines.Line` (the seats its arguments, as in
        `describe`), so that the host shows people's names in it.

        The text is a view like `observation`: in a hidden-information game it shows
        `seat` nothing that seat cannot see (the conformance kit checks it through
        `sample_state`). A game without hidden information may show everyone the same
        text. The host always passes `seat`; the one-argument form of older plugins is
        deprecated (see `seat_text`).
        """

    def describe(self, before: S, move: M, after: S) -> Sequence[str | Line]:
        """Readable log lines, in the game's own words, for the ply `before` → `after`.

        A line that names a seat is a `tabletop.lines.Line` with the seat as an argument,
        `Line.of("{player} takes {count}.", player=seat(1), count=3)`, never the seat's
        name written into the text: the host shows each seat as it labels it (the game's
        seat name, the name a person typed, later another language). A line that names no
        seat may be a plain text. Default: "{player}: {move}" (the mover, the notation).
        """
        player = self.to_move(before)
        text = self.move_to_text(before, move)
        if player is None:
            return [f"?: {text}"]
        return [Line.of("{player}: {move}", player=SeatArg(player), move=text)]

    def explain(self, state: S, move: M, seat: int) -> str | Line | None:
        """What the legal `move` does from `state` and what it gains, in one line in the
        game's own words, as `seat` knows it; None when there is nothing to say beyond
        the move. A hint shows it after the move ("Hint: Va3-e3 — Pulls 2 pawns: …").

        Build it from the game's own account of the move (what its rules work out when
        the move is played), not from an agent's reasons. A seat named in it is an
        argument, `tabletop.lines.seat(i)`, as in `describe`; `seat` is the one reading
        it (the seat to move, for a hint), which the game may call "you". In a
        hidden-information game it shows nothing `seat` cannot see: states with the same
        `observation(state, seat)` give the same line (the conformance kit checks it
        through `sample_state`), so build it from that observation, or say only what
        it shows. Never changes `state`.

        Default: for a game without hidden information or chance that writes its own
        `describe`, the lines `describe` gives for the move, joined into one (when they
        agree on their arguments; else the first); otherwise None, since such a log
        may tell what `seat` is yet to see (a face turned up, a die rolled).
        """
        if self.info.hidden_information or type(self).describe is Game.describe:
            return None
        after = self.apply(state, move)
        if self.chance_outcomes(after):
            return None
        return _joined(self.describe(state, move, after))

    # -- saving ----------------------------------------------------------------------
    @abstractmethod
    def state_to_dict(self, state: S) -> dict[str, Any]:
        """A JSON-ready dict of the whole state, with a `version` key."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> S:
        """The state `state_to_dict` saved; raises `StateFormatError` if invalid."""

    # -- hidden information ------------------------------------------------------------
    def observation(self, state: S, seat: int) -> Any:
        """What `seat` may see of `state`, as a comparable value.

        For a game without hidden information this is the state itself (the default).
        A hidden-information game must return only what the seat can see and remember.
        """
        return state

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> S:
        """A full state consistent with `observation`, with all hidden parts drawn at random.

        Optional for hidden-information games: providing it lets the host's MCTS agent
        play the game and lets the conformance kit check that observations hide what
        they must. A perfect-information game need not override it.
        """
        if not self.info.hidden_information:
            return observation  # type: ignore[no-any-return,unused-ignore]
        raise TabletopError(f"{self.info.id} cannot sample hidden states")

    def can_sample(self) -> bool:
        """True if `sample_state` works for this game."""
        return (not self.info.hidden_information
                or type(self).sample_state is not Game.sample_state)

    def reveals(self, before: S, move: M, after: S) -> bool:
        """True if this ply revealed something hidden (a front end never undoes past it)."""
        return False

    def view_to_dict(self, view: Any) -> dict[str, Any]:
        """A JSON-ready dict of an `observation` (what one seat may see), for a front end
        in another process: an online game sends a seat this and nothing more of the state.

        Default: for a game without hidden information the observation is the state, so
        its `state_to_dict`. A hidden-information game overrides this (and
        `view_from_dict`) to be drawn by an online client; without them it is played
        online as text only.
        """
        if self.info.hidden_information:
            raise TabletopError(f"{self.info.id} cannot send a seat's view: it has no "
                                "view_to_dict")
        return self.state_to_dict(view)

    def view_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The observation that `view_to_dict` wrote; raises `StateFormatError` if invalid.
        Default: `state_from_dict` for a game without hidden information."""
        if self.info.hidden_information:
            raise TabletopError(f"{self.info.id} cannot read a seat's view: it has no "
                                "view_from_dict")
        return self.state_from_dict(data)

    def sends_views(self) -> bool:
        """True if an online client can draw this game (its views travel as dicts)."""
        return (not self.info.hidden_information
                or (type(self).view_to_dict is not Game.view_to_dict
                    and type(self).view_from_dict is not Game.view_from_dict
                    and self.can_sample()))

    # -- search helpers ----------------------------------------------------------------
    def reward(self, outcome: Outcome, seat: int) -> float:
        """How good `outcome` is for `seat`, in [0, 1], for generic search.

        Default: `Outcome.reward` (a win 1, a draw 1/2, a loss 0, one of k winners 1/k).
        A solo game should override this (e.g. score over the best possible score).
        """
        return outcome.reward(seat)

    # -- statistics --------------------------------------------------------------------
    def score_bands(self) -> Sequence[tuple[float, str]]:
        """The rulebook's rating bands for a solo score, lowest first: (from score, name).

        Optional. The game library's statistics sort a player's solo scores into these
        bands (plus one below the first); default: no bands.
        """
        return ()

    def evaluate(self, state: S) -> Sequence[float] | None:
        """Optional estimate, per seat in [0, 1], of a non-final state (None: unknown).

        Generic search uses it where a playout is cut short.
        """
        return None

    # -- learning environments ----------------------------------------------------------
    # Optional. A game that declares a fixed action space and observation tensors can be
    # played by learning agents through `tabletop.env` (PettingZoo, OpenSpiel); the
    # conformance kit checks whatever is declared.
    def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
        """The size of the game's fixed action space at a table of `players` with the
        resolved `options`, or None (the default): no fixed action space.

        Every move `legal_moves` can list at such a table is then one whole number in
        `range(action_count)` (`action_of`), with the same meaning in every position
        (e.g. "place a disc on d3", never "the third legal move"), and back (`move_of`).
        Moves outside play (`special_moves`: resign, agree a draw) have no index.
        """
        return None

    def action_of(self, state: S, move: M) -> int:
        """The index of `move`, a legal move of `state`, in the fixed action space."""
        raise TabletopError(f"{self.info.id} declares no action space")

    def move_of(self, state: S, action: int) -> M:
        """The legal move of `state` that index `action` names; `IllegalMoveError` when
        the index is no legal move here (or out of the action space)."""
        raise TabletopError(f"{self.info.id} declares no action space")

    def legal_actions(self, state: S) -> list[int]:
        """The indices of the legal moves of `state`, ascending: the legal-action mask
        (empty once the game is over). Default: `action_of` of each legal move; a game
        may answer faster."""
        return sorted(self.action_of(state, move) for move in self.legal_moves(state))

    def observation_shape(self, players: int,
                          options: Mapping[str, Any]) -> tuple[int, ...] | None:
        """The shape of `observation_tensor` at a table of `players` with the resolved
        `options`, or None (the default): no observation tensor."""
        return None

    def observation_tensor(self, state: S, seat: int) -> npt.NDArray[np.float32]:
        """What `seat` sees of `state` as numbers: a float32 array of `observation_shape`,
        each value in [0, 1], its layout documented by the game (docs/environments.md).

        Like `observation`, it shows the seat nothing it cannot see: states that differ
        only in what is hidden from `seat` give it the same tensor (the kit checks it
        through `sample_state`). Computing it from `observation(state, seat)` alone makes
        that so by construction. It is asked of every seat, at every state, the final one
        included, and never changes `state`.
        """
        raise TabletopError(f"{self.info.id} declares no observation tensor")


def _joined(lines: Sequence[str | Line]) -> str | Line | None:
    """`lines` as one line: their templates one after the other (a plain text's braces
    escaped), their arguments merged; the first line alone if two of them give one
    argument different values (a template cannot tell them apart)."""
    parts: list[str] = []
    args: dict[str, Any] = {}
    for line in lines:
        if isinstance(line, Line):
            for name, value in line.args:
                if args.setdefault(name, value) != value:
                    return lines[0]
            parts.append(line.text.strip())
        else:
            parts.append(str(line).strip().replace("{", "{{").replace("}", "}}"))
    text = " ".join(part for part in parts if part)
    return Line.of(text, **args) if text else None


class PluginDeprecationWarning(DeprecationWarning):
    """A plugin uses an older form of the contract that still works for now; the message
    names the plugin's method and says what to change."""


#: Per game class: does its `render_text` take a seat? (Looked at once, then cached.)
_TAKES_SEAT: dict[type, bool] = {}


def _render_takes_seat(game: Game[Any, Any]) -> bool:
    # Keyed by the class that defines the method (a wrapper, such as the conformance
    # kit's, passes the game's own method through `__wrapped__`).
    method = inspect.unwrap(game.render_text)
    kind = getattr(method, "__self__", game).__class__
    if kind not in _TAKES_SEAT:
        try:
            params = list(inspect.signature(method).parameters.values())
        except (TypeError, ValueError):  # no signature to read: trust the contract
            _TAKES_SEAT[kind] = True
        else:
            positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY,
                                                          p.POSITIONAL_OR_KEYWORD)]
            _TAKES_SEAT[kind] = (len(positional) >= 2 or any(
                p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params))
        if not _TAKES_SEAT[kind]:
            hidden = game.info.hidden_information
            # One warning per game class, not per position: the author needs to hear it
            # once, and a game shown after every move would bury everything else.
            warnings.warn(
                f"game {game.info.id!r}: {kind.__qualname__}.render_text(state) takes no "
                "seat; write render_text(self, state, seat=None) returning what that seat "
                "may see (None: a spectator, who sees what every seat sees). "
                + ("Until then the host shows a seat the text of its observation where "
                   "render_text can draw one, else the legal moves only." if hidden else
                   "Until then every seat is shown the same text."),
                PluginDeprecationWarning, stacklevel=3)
    return _TAKES_SEAT[kind]


def seat_text(game: Game[Any, Any], state: Any, seat: int | None = None,
              labels: Sequence[str] = ()) -> str:
    """The position as `seat` sees it (None: a spectator): `game.render_text(state, seat)`,
    a `Line` rendered with `labels` (how the host names each seat; "Player N" by default).

    The host calls a game's text through this. A plugin written before seat views, whose
    `render_text(state)` takes one argument, still loads and plays, with one
    `PluginDeprecationWarning` per game class saying what to change: a game without
    hidden information shows that text to every seat; a hidden-information game shows a
    seat the text of that seat's `observation` where its `render_text` can draw one (as
    the app drew it before seat views), else no picture (its text of the state could hold
    any seat's secrets), only the legal moves to the seat whose turn it is; a spectator
    sees no picture.
    """
    if _render_takes_seat(game):
        return render(game.render_text(state, seat), labels)
    if not game.info.hidden_information:
        return render(game.render_text(state), labels)  # type: ignore[call-arg,unused-ignore]
    if seat is not None:
        view = game.observation(state, seat)
        try:
            return render(game.render_text(view), labels)  # type: ignore[call-arg,unused-ignore]
        except Exception:  # its text takes a whole state only: no picture, below
            pass
    lines = [f"({game.info.name} shows no picture of a seat's view: its render_text "
             "takes no seat.)"]
    mover = game.to_move(state)
    if mover is not None and mover == seat:
        lines.append("Legal moves: " + ", ".join(game.move_to_text(state, move)
                                                 for move in game.legal_moves(state)))
    return "\n".join(lines)
