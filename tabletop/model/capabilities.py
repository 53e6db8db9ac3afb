"""A game's optional capabilities, each an object the game hands out: learning spaces
(`Game.spaces`), a codec for views on the wire (`Game.codec`) and a sampler of hidden
states (`Game.sampler`).

As in OpenSpiel, where a game hands out an `Observer` rather than growing the methods
of one, the `Game` keeps to rules and views, and a front end that needs more asks the
game for the object that does it: None means the game does not offer it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from tabletop.model.errors import TabletopError

if TYPE_CHECKING:  # numpy in annotations only: importing the contract stays light
    import numpy as np
    import numpy.typing as npt

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)

__all__ = ["FullView", "LearningSpaces", "Sampler", "StateCodec", "ViewCodec"]


class _Moves(Protocol[S_contra, M_co]):
    """What `LearningSpaces` asks of its game: the legal moves (a `Game` has them)."""

    def legal_moves(self, state: S_contra) -> Sequence[M_co]: ...


class _Saves(Protocol):
    """What `StateCodec` asks of its game: its states as dicts and back."""

    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    def state_from_dict(self, data: Mapping[str, Any]) -> Any: ...


class LearningSpaces(ABC, Generic[S, M]):
    """A game as learning agents see it: a fixed action space and observation tensors,
    which the host's learning environments turn into a PettingZoo or OpenSpiel
    environment (docs/environments.md). A game offers it by returning one from
    `Game.spaces`; the conformance kit checks whatever it declares.

    Made with the game (`VersoSpaces(self)`), which it keeps as `game`: the default
    `legal_actions` lists the game's legal moves. (Not "Spaces": the learning
    environments' `Spaces` already names the spaces of one table, players and options
    resolved.)
    """

    def __init__(self, game: _Moves[S, M]) -> None:
        self.game = game

    @abstractmethod
    def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
        """The size of the fixed action space at a table of `players` with the resolved
        `options`, or None: no fixed action space at such a table.

        Every move `legal_moves` can list at such a table is then one whole number in
        `range(action_count)` (`action_of`), with the same meaning in every position
        (e.g. "place a disc on d3", never "the third legal move"), and back (`move_of`).
        Moves outside play (`special_moves`: resign, agree a draw) have no index.
        """

    @abstractmethod
    def action_of(self, state: S, move: M) -> int:
        """The index of `move`, a legal move of `state`, in the fixed action space."""

    @abstractmethod
    def move_of(self, state: S, action: int) -> M:
        """The legal move of `state` that index `action` names; `IllegalMoveError` when
        the index is no legal move here (or out of the action space)."""

    def legal_actions(self, state: S) -> list[int]:
        """The indices of the legal moves of `state`, ascending: the legal-action mask
        (empty once the game is over). Default: `action_of` of each legal move; a game
        may answer faster."""
        return sorted(self.action_of(state, move) for move in self.game.legal_moves(state))

    def observation_shape(self, players: int,
                          options: Mapping[str, Any]) -> tuple[int, ...] | None:
        """The shape of `observation_tensor` at a table of `players` with the resolved
        `options`, or None (the default): no observation tensor."""
        return None

    def observation_tensor(self, state: S, seat: int) -> npt.NDArray[np.float32]:
        """What `seat` sees of `state` as numbers: a float32 array of `observation_shape`,
        each value in [0, 1], its layout documented by the game (docs/environments.md).

        Like `Game.observation`, it shows the seat nothing it cannot see: states that
        differ only in what is hidden from `seat` give it the same tensor (the kit checks
        it through the game's `sampler`). Computing it from `observation(state, seat)`
        alone makes that so by construction. It is asked of every seat, at every state,
        the final one included, and never changes `state`.
        """
        raise TabletopError("these learning spaces declare no observation tensor")


class ViewCodec(ABC):
    """A seat's view (`Game.observation`) as JSON-ready data and back, for a front end in
    another process: an online game sends a seat this and nothing more of the state. A
    game offers it by returning one from `Game.codec`."""

    @abstractmethod
    def view_to_dict(self, view: Any) -> dict[str, Any]:
        """A JSON-ready dict of `view`, holding nothing the view does not."""

    @abstractmethod
    def view_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The view `view_to_dict` wrote (equal to it); raises `StateFormatError` if
        `data` is not one."""


class StateCodec(ViewCodec):
    """The codec of a game without hidden information, whose view is the state itself:
    its `state_to_dict` and `state_from_dict` (the default `Game.codec` of such a game)."""

    def __init__(self, game: _Saves) -> None:
        self.game = game

    def view_to_dict(self, view: Any) -> dict[str, Any]:
        """The state's own dict."""
        return self.game.state_to_dict(view)

    def view_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The state its dict holds."""
        return self.game.state_from_dict(data)


class Sampler(ABC, Generic[S]):
    """Whole states consistent with what one seat sees, the hidden parts drawn at random
    (determinization). A hidden-information game that returns one from `Game.sampler`
    is played by the host's MCTS, drawn by an online client, and has its views checked
    by the conformance kit (states that differ only in what a seat cannot see)."""

    @abstractmethod
    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> S:
        """A full state consistent with `observation`, `seat`'s view, with every hidden
        part drawn from `rng` (and nothing else)."""


class FullView(Sampler[Any]):
    """The sampler of a game without hidden information: the observation is the state
    (the default `Game.sampler` of such a game)."""

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> Any:
        """`observation` itself: nothing is hidden."""
        return observation
