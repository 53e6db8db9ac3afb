"""The game model every plugin implements: errors, options, info, outcome, `Game` and its
optional capabilities.

A game is a registered object whose methods are pure functions over immutable states:
`apply(state, move)` returns a new state and never changes its input. Moves are small,
hashable, frozen values with a text notation that round-trips. All randomness comes from
the seed: the set-up's from the seed given to `new_state`, chance during play from the
host, which draws each chance step (`Game.chance_outcomes`) from the seed and the ply
(`tabletop.chance`), so the same seed and the same moves rebuild the same game and no
state holds a roll to come. What a seat is shown is made for it: `Game.observation` and
`Game.render_text(state, seat)` (through `seat_text`, which keeps older plugins working).
What a game offers only some front ends, it hands out as objects: `Game.spaces` for
learning environments, `Game.codec` for views on the wire, `Game.sampler` for hidden
states drawn at random.

The contract lives in modules by job under this package, all of it importable from here:
`errors`, `options`, `info`, `outcome`, `game`, `capabilities`, `seat_view` and `legacy`
(older forms of the contract, adapted with a warning).
"""

from tabletop.model.capabilities import FullView, LearningSpaces, Sampler, StateCodec, ViewCodec
from tabletop.model.errors import (
                                   IllegalMoveError,
                                   NotationError,
                                   OptionError,
                                   OptionRefusal,
                                   RecordError,
                                   StateFormatError,
                                   TabletopError,
                                   check_version,
)
from tabletop.model.game import Game
from tabletop.model.info import GameInfo
from tabletop.model.legacy import PluginDeprecationWarning
from tabletop.model.options import GameOption
from tabletop.model.outcome import Outcome
from tabletop.model.seat_view import seat_text

__all__ = [
    "FullView",
    "Game",
    "GameInfo",
    "GameOption",
    "IllegalMoveError",
    "LearningSpaces",
    "NotationError",
    "OptionError",
    "OptionRefusal",
    "Outcome",
    "PluginDeprecationWarning",
    "RecordError",
    "Sampler",
    "StateCodec",
    "StateFormatError",
    "TabletopError",
    "ViewCodec",
    "check_version",
    "seat_text",
]
