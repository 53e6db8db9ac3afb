"""What a seat sees of a bridged imperfect-information game, and states drawn from it.

A seat's observation is OpenSpiel's information-state string for that seat: everything
it has seen and remembers, and nothing else. To search, Tabletop also needs whole states
consistent with it (`Game.sampler`); OpenSpiel draws those with
`resample_from_infostate`, a method of a full state. So the observation carries one
*stand-in*: a full state drawn by that method, with a fixed sampler, when the observation
is made. It is compared by nobody (only the string is), and it says nothing the string
does not: the games bridged this way are those for which a draw from the true state and
a draw from any other state of the same information set are the same draw (a test checks
this), so the stand-in depends on what the seat knows, not on the hidden truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from .state import SpielState

_STAND_IN_DRAW = 0  # the sampler seed of the stand-in: any fixed number will do


@dataclass(frozen=True)
class SpielView:
    """What `seat` knows of a game: OpenSpiel's information-state string for it.

    `stand_in` is a full state of the same information set, drawn without looking at the
    hidden parts (see the module docstring); it is not part of the value.
    """

    parameters: tuple[tuple[str, Any], ...]
    seat: int
    information: str
    stand_in: SpielState = field(compare=False, repr=False)


def _draw(native: Any, seat: int, seed: int) -> Any:
    return native.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(
        seed, 0.0, 1.0))


def view_of(state: SpielState, seat: int) -> SpielView:
    """The observation of `seat` in `state`."""
    native = state.native
    if native.is_terminal():
        # Nothing is hidden once the game is over (the record, with its seed, shows every
        # card anyway), and OpenSpiel's draw is not conditioned on the final payoffs.
        return SpielView(state.parameters, seat, str(native),
                         SpielState(state.parameters, state.history, None, native))
    information = str(native.information_state_string(seat))
    stand_in = _draw(native, seat, _STAND_IN_DRAW)
    return SpielView(state.parameters, seat, information,
                     SpielState(state.parameters, tuple(stand_in.history()), None, stand_in))


def sample(view: SpielView, rng: random.Random) -> SpielState:
    """A full state of `view`'s information set, its hidden parts and future chance drawn
    from `rng`."""
    if view.stand_in.native.is_terminal():
        native = view.stand_in.native  # the end shows everything: nothing to draw
    else:
        native = _draw(view.stand_in.native, view.seat, rng.getrandbits(31))
    return SpielState(view.parameters, tuple(native.history()), rng.getrandbits(62), native)
