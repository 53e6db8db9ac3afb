"""The kit's checks of a game's learning spaces (`Game.spaces`): action indices and
observation tensors.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.model import (
    Game,
    TabletopError,
)
from tabletop.testing.report import KitReport


def _declared_spaces(game: Game[Any, Any], players: int, options: Mapping[str, Any],
                     report: KitReport) -> None:
    """Note the action count and observation shape `game`'s learning spaces declare for
    `players` (None: none), each checked: a positive whole number, a tuple of positive
    whole numbers."""
    learning = game.spaces()
    report._learning = learning
    if learning is None:
        report._spaces[players] = (None, None)
        return
    count = learning.action_count(players, options)
    shape = learning.observation_shape(players, options)
    if count is not None and (isinstance(count, bool) or not isinstance(count, int)
                              or count < 1):
        report.fail(f"{players} players: action_count must be a positive whole number or "
                    f"None, not {count!r}")
        count = None
    if shape is not None and not (isinstance(shape, tuple) and shape and all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in shape)):
        report.fail(f"{players} players: observation_shape must be a tuple of positive "
                    f"whole numbers or None, not {shape!r}")
        shape = None
    report._spaces[players] = (count, shape)


def _check_spaces(game: Game[Any, Any], state: Any, moves: list[Any], players: int,
                  rng: random.Random, where: str, report: KitReport) -> None:
    """The declared action space and observation tensors (the game's `Game.spaces`), if
    any, at `state`: every legal move an index and back,
    the legal actions exactly the legal moves', other indices refused, and each seat's
    tensor of the declared shape, in [0, 1], the same for states it cannot tell apart."""
    count, shape = report._spaces.get(players, (None, None))
    learning = report._learning
    if count is not None:
        _check_actions(learning, state, moves, count, rng, where, report)
    if shape is not None:
        _check_tensors(game, learning, state, players, shape, rng, where, report)


def _check_actions(learning: Any, state: Any, moves: list[Any], count: int,
                   rng: random.Random, where: str, report: KitReport) -> None:
    actions = []
    for move in moves:
        action = learning.action_of(state, move)
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < count:
            report.fail_once("action range", f"{where}: action_of({move!r}) is {action!r}, "
                             f"not a whole number in 0..{count - 1}")
            return
        back = learning.move_of(state, action)
        if back != move:
            report.fail_once("action round trip", f"{where}: move_of(action_of({move!r})) "
                             f"= move_of({action}) is {back!r}, not the move")
        actions.append(action)
    if len(set(actions)) != len(actions):
        report.fail_once("action duplicates", f"{where}: two legal moves share an action")
    mask = list(learning.legal_actions(state))
    if mask != sorted(actions):
        report.fail_once("action mask", f"{where}: legal_actions {mask[:8]} is not the "
                         f"legal moves' actions, ascending ({sorted(actions)[:8]})")
    taken = set(actions)
    others = [a for a in rng.sample(range(count), min(count, 8)) if a not in taken]
    for action in [*others[:4], -1, count]:
        try:
            found = learning.move_of(state, action)
        except TabletopError:
            continue
        report.fail_once("action not refused", f"{where}: move_of({action}) gave "
                         f"{found!r}, but {action} is no legal move's action here")
        return


def _check_tensors(game: Game[Any, Any], learning: Any, state: Any, players: int,
                   shape: tuple[int, ...], rng: random.Random, where: str,
                   report: KitReport) -> None:
    import numpy as np  # only for a game that declares tensors

    for seat in range(players):
        tensor = learning.observation_tensor(state, seat)
        if (not isinstance(tensor, np.ndarray) or tensor.dtype != np.float32
                or tensor.shape != shape):
            report.fail_once("tensor type", f"{where}: observation_tensor(state, {seat}) "
                             f"must be a float32 array of shape {shape}, not "
                             f"{type(tensor).__name__} {getattr(tensor, 'dtype', '')} "
                             f"{getattr(tensor, 'shape', '')}")
            return
        if not (np.all(tensor >= 0.0) and np.all(tensor <= 1.0)):  # NaN fails both
            report.fail_once("tensor range", f"{where}: seat {seat}'s observation tensor "
                             "has values outside [0, 1]")
        # What the seat cannot see must not show: states drawn from its observation
        # (which differ from this one only in what is hidden from it) give it the same.
        sampler = game.sampler() if game.info.hidden_information else None
        if sampler is not None:
            seen = game.observation(state, seat)
            for _ in range(2):
                other = sampler.sample_state(seen, seat, rng)
                if not np.array_equal(learning.observation_tensor(other, seat), tensor):
                    report.fail_once("tensor secrets", f"{where}: seat {seat}'s "
                                     "observation tensor depends on what it cannot see (a "
                                     "sampled consistent state gives another tensor)")
                    break
