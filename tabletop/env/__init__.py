"""Tabletop games as environments for learning agents: PettingZoo and OpenSpiel.

    from tabletop.env.pettingzoo import env          # pip install "tabletop[pettingzoo]"
    from tabletop.env.openspiel import load_game     # pip install "tabletop[openspiel]"

Any installed game that declares a fixed action space and observation tensors (its
`Game.spaces`, `tabletop.model.LearningSpaces`; Verso, Versus and Reversi do) can be
played there: `env("versus")`, `load_game("verso", players=3)`. This package holds
what both bridges share: the game by its id, a table's declared spaces, and the
results on the learning scale (`returns`). Neither PettingZoo nor OpenSpiel is imported
here or anywhere else in Tabletop: only by their own modules, `tabletop.env.pettingzoo`
and `tabletop.env.openspiel`, so the app needs neither. docs/environments.md describes
each game's actions and tensors.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabletop.model import Game, LearningSpaces, Outcome, TabletopError, legacy

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["Spaces", "as_tensor", "game_of", "returns", "spaces_of"]


@functools.cache
def _host() -> Any:
    """The installed plugins, loaded once for every environment of this process."""
    from tabletop.plugins import Host

    return Host().load()


def game_of(game: str | Game[Any, Any]) -> Game[Any, Any]:
    """The installed game called `game` (its id, e.g. "versus"), or `game` itself."""
    return _host().game(game) if isinstance(game, str) else game


@dataclass(frozen=True)
class Spaces:
    """A table of `game` as an environment sees it: `players`, the resolved `options`,
    the number of actions, the observation's shape, `bound`, the plies after which
    a game is cut (the game's own `max_plies`, else the caller's; None: never), and
    `learning`, the game's own learning spaces (`Game.spaces`) that answer for it."""

    game: Game[Any, Any] = field(compare=False)
    players: int
    options: Mapping[str, Any]
    actions: int
    shape: tuple[int, ...]
    bound: int | None
    learning: LearningSpaces[Any, Any] = field(compare=False)


def spaces_of(game: str | Game[Any, Any], players: int | None = None,
              options: Mapping[str, Any] | None = None,
              max_plies: int | None = None) -> Spaces:
    """The spaces of a table of `game` (default players: two, or as many as it takes).

    Raises `TabletopError` if the game declares no action space or no observation tensor
    (`OptionError` for players or options it does not accept). `max_plies` cuts games
    after that many plies where the game's rules set no bound (`info.max_plies` None);
    a game's own bound always holds.
    """
    found = game_of(game)
    info = found.info
    count = players if players is not None else min(max(2, info.min_players),
                                                    info.max_players)
    info.check_players(count)
    resolved = info.resolve_options(options)
    learning = found.spaces()
    actions = learning.action_count(count, resolved) if learning is not None else None
    shape = learning.observation_shape(count, resolved) if learning is not None else None
    if learning is None or actions is None or shape is None:
        missing = ("fixed action space nor observation tensor (Game.spaces returns None)"
                   if learning is None
                   else "fixed action space (LearningSpaces.action_count)" if actions is None
                   else "observation tensor (LearningSpaces.observation_shape)")
        raise TabletopError(f"{info.id} declares no {missing}: it cannot be a learning "
                            "environment")
    if max_plies is not None and (isinstance(max_plies, bool) or max_plies < 1):
        raise TabletopError(f"max_plies must be a positive whole number, not {max_plies!r}")
    bound = info.max_plies if info.max_plies is not None else max_plies
    return Spaces(found, count, resolved, actions, tuple(shape), bound, learning)


def returns(game: Game[Any, Any], outcome: Outcome | None, players: int) -> list[float]:
    """What a finished game is worth to each seat on the learning scale.

    At a table of two or more, zero-sum: each seat's share of the result on the host's
    scale (`Outcome.reward`: a win 1, one of k winners 1/k, a draw 1/2, a loss 0) less
    the table's mean, times n/(n - 1). Two players: a win +1, a loss -1, a draw 0 each;
    n players: a sole winner +1, each loser -1/(n - 1). Alone, the game's own reward in
    [0, 1] (`Outcome.rewards`; Verso solo: the score / 70). A game cut before its end
    (`outcome` None) is worth 0 to everyone.
    """
    if outcome is None:
        return [0.0] * players
    if players == 1:
        return [float(legacy.reward(game, outcome, 0))]
    shares = [outcome.reward(seat) for seat in range(players)]
    mean = sum(shares) / players
    scale = players / (players - 1)
    return [scale * (share - mean) for share in shares]


def as_tensor(values: Sequence[float], shape: tuple[int, ...]) -> npt.NDArray[np.float32]:
    """`values` (flat, in row-major order) as the float32 array of `shape` that
    `LearningSpaces.observation_tensor` returns: for a game that builds its tensor in plain Python
    and imports nothing beyond Tabletop (numpy is Tabletop's dependency, not its own)."""
    import numpy as np

    return np.asarray(values, np.float32).reshape(shape)


def utility_range(players: int) -> tuple[float, float]:
    """The lowest and highest value `returns` can give at a table of `players`."""
    return (0.0, 1.0) if players == 1 else (-1.0 / (players - 1), 1.0)
