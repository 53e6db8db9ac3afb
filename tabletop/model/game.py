"""The `Game`: the contract between the host and a game plugin, its rules and its views.

A game is a registered object whose methods are pure functions over immutable states:
`apply(state, move)` returns a new state and never changes its input. What else a front
end may need of it (learning spaces, a codec for views on the wire, a sampler of hidden
states) it hands out as objects (`tabletop.model.capabilities`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from tabletop.lines import Line, SeatArg
from tabletop.model.capabilities import FullView, LearningSpaces, Sampler, StateCodec, ViewCodec
from tabletop.model.errors import TabletopError
from tabletop.model.info import GameInfo
from tabletop.model.legacy import codec as old_codec
from tabletop.model.legacy import old_methods
from tabletop.model.legacy import sampler as old_sampler
from tabletop.model.legacy import spaces as old_spaces
from tabletop.model.outcome import Outcome

S = TypeVar("S")
M = TypeVar("M")

__all__ = ["Game"]


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
        `seat` nothing that seat cannot see (the conformance kit checks it through the
        game's `sampler`). A game without hidden information may show everyone the same
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
        through the game's `sampler`), so build it from that observation, or say only what
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

    def reveals(self, before: S, move: M, after: S) -> bool:
        """True if this ply revealed something hidden (a front end never undoes past it)."""
        return False


    # -- capabilities: optional objects, each for one kind of front end ---------------
    def spaces(self) -> LearningSpaces[S, M] | None:
        """The game as learning agents see it (a fixed action space and observation
        tensors, `tabletop.model.LearningSpaces`), or None (the default): it is no
        learning environment. The learning environments (PettingZoo, OpenSpiel,
        docs/environments.md) play a game that returns them; the conformance kit checks
        whatever they declare.

        Return a new object, made with the game (`return ReversiSpaces(self)`); import
        its module there if it brings numpy, so loading the game stays light.
        """
        return old_spaces(self) if old_methods(self, "spaces") else None

    def codec(self) -> ViewCodec | None:
        """A seat's view as JSON-ready data and back (`tabletop.model.ViewCodec`), for a
        front end in another process: an online client is sent only this of the state,
        and draws the game from it (with the game's `sampler` where something is hidden).

        Default: for a game without hidden information the view is the state, so the
        state's own dicts (`StateCodec`); a hidden-information game returns its own codec
        to be drawn by an online client, and without one (None) is played online as text.
        """
        if old_methods(self, "codec"):  # an older plugin's methods, for now (warns)
            return old_codec(self)
        return None if self.info.hidden_information else StateCodec(self)

    def sampler(self) -> Sampler[S] | None:
        """Whole states consistent with a seat's observation, the hidden parts drawn at
        random (`tabletop.model.Sampler`); None when the game cannot draw them.

        Default: for a game without hidden information the observation is the state
        (`FullView`); a hidden-information game returns its own sampler so that the
        host's MCTS plays it, an online client draws it, and the conformance kit checks
        that its views hide what they must. Without one (None) it is still played, by
        people and by agents that need no sampling.
        """
        if old_methods(self, "sampler"):  # an older plugin's methods, for now (warns)
            return old_sampler(self)
        return None if self.info.hidden_information else FullView()

    # -- search helpers ----------------------------------------------------------------
    def evaluate(self, state: S) -> Sequence[float] | None:
        """Optional estimate, per seat in [0, 1], of a non-final state (None: unknown).

        Generic search uses it where a playout is cut short.
        """
        return None


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


