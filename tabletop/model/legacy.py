"""Older forms of the contract, still played for a deprecation period, each with one
`PluginDeprecationWarning` per game class that says what to change.

Until issue 35 a `Game` carried its optional capabilities as methods of its own:
`action_count`, `action_of`, `move_of`, `legal_actions`, `observation_shape` and
`observation_tensor` for learning environments; `view_to_dict`, `view_from_dict` and
`sends_views` for views on the wire; `sample_state` and `can_sample` for hidden states;
`reward` and `score_bands`. A plugin that still defines them is adapted here: the
default `Game.spaces`, `Game.codec` and `Game.sampler` wrap its methods in the new
objects, and the host reads its `reward` and `score_bands` through `reward` and
`score_bands` below.

The game is typed `Any` here: `tabletop.model.game` imports this module, and the contract
has no import circle.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.model.capabilities import FullView, LearningSpaces, Sampler, StateCodec, ViewCodec
from tabletop.model.outcome import Outcome

__all__ = ["OLD_METHODS", "PluginDeprecationWarning", "codec", "old_methods", "reward",
           "sampler", "score_bands", "spaces", "warn_old_forms"]


class PluginDeprecationWarning(DeprecationWarning):
    """A plugin uses an older form of the contract that still works for now; the message
    names the plugin's method and says what to change."""


#: The old methods of each capability, in the order a warning names them.
OLD_METHODS: dict[str, tuple[str, ...]] = {
    "spaces": ("action_count", "action_of", "move_of", "legal_actions",
               "observation_shape", "observation_tensor"),
    "codec": ("view_to_dict", "view_from_dict", "sends_views"),
    "sampler": ("sample_state", "can_sample"),
    "reward": ("reward",),
    "score_bands": ("score_bands",),
}

#: What to do instead, for each capability ({them}: "it" or "them").
_CHANGE = {
    "spaces": "move {them} to a subclass of tabletop.model.LearningSpaces (the same "
              "methods and arguments; it gets the game as LearningSpaces(game)) and return "
              "an instance from {cls}.spaces(self)",
    "codec": "move {them} to a subclass of tabletop.model.ViewCodec (view_to_dict and "
             "view_from_dict, the same arguments) and return an instance from "
             "{cls}.codec(self), or None where sends_views said False",
    "sampler": "move {them} to a subclass of tabletop.model.Sampler (sample_state, the "
               "same arguments) and return an instance from {cls}.sampler(self), or None "
               "where can_sample said False",
    "reward": "give each seat's reward as Outcome(..., rewards=(...)) from "
              "{cls}.outcome(self, state)",
    "score_bands": "declare the bands as GameInfo(..., score_bands=((from score, name), "
                   "...)) in {cls}.info",
}

#: (game class, capability) pairs already warned about: one warning each per process.
_WARNED: set[tuple[type, str]] = set()


#: (game class, capability) → the old methods it defines: looked at once per class (search
#: asks for a reward at the end of every playout).
_FOUND: dict[tuple[type, str], tuple[str, ...]] = {}


def old_methods(game: Any, capability: str) -> tuple[str, ...]:
    """The old methods of `capability` (a key of `OLD_METHODS`) that `game`'s class
    defines: none for a game written against today's contract."""
    kind = type(game)
    found = _FOUND.get((kind, capability))
    if found is None:
        found = _FOUND[kind, capability] = tuple(
            name for name in OLD_METHODS[capability] if callable(getattr(kind, name, None)))
    return found


def _message(game: Any, capability: str, found: Sequence[str]) -> str:
    """What an old game is told for `capability`'s old methods `found`: which they are,
    and what to write instead."""
    cls = type(game).__qualname__
    named = ", ".join(f"{cls}.{name}" for name in found)
    methods, them = ("method is", "it") if len(found) == 1 else ("methods are", "them")
    change = _CHANGE[capability].format(cls=cls, them=them)
    return f"game {game.info.id!r}: {named}: the Game {methods} deprecated; {change}"


def _warn(game: Any, capability: str, found: Sequence[str]) -> None:
    kind = type(game)
    if (kind, capability) in _WARNED:
        return
    _WARNED.add((kind, capability))
    warnings.warn(_message(game, capability, found), PluginDeprecationWarning, stacklevel=4)


def old_forms(game: Any) -> list[str]:
    """What `game` is told for each group of old methods it defines (one line each, for
    `tabletop plugins` to list every time it is asked); each is also warned, once per
    game class and capability."""
    said = []
    for capability in OLD_METHODS:
        found = old_methods(game, capability)
        if found:
            _warn(game, capability, found)
            said.append(_message(game, capability, found))
    return said


def warn_old_forms(game: Any) -> None:
    """Warn (once per game class and capability) for each old method `game` defines: the
    host calls it when a plugin's game loads, so the author hears it before play."""
    old_forms(game)


# -- the adapters ----------------------------------------------------------------------

class _OldSpaces(LearningSpaces[Any, Any]):
    """An old game's learning-environment methods as `LearningSpaces`."""

    def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
        method = getattr(self.game, "action_count", None)
        return method(players, options) if method is not None else None

    def action_of(self, state: Any, move: Any) -> int:
        return int(self.game.action_of(state, move))  # type: ignore[attr-defined]

    def move_of(self, state: Any, action: int) -> Any:
        return self.game.move_of(state, action)  # type: ignore[attr-defined]

    def legal_actions(self, state: Any) -> list[int]:
        method = getattr(self.game, "legal_actions", None)
        return list(method(state)) if method is not None else super().legal_actions(state)

    def observation_shape(self, players: int,
                          options: Mapping[str, Any]) -> tuple[int, ...] | None:
        method = getattr(self.game, "observation_shape", None)
        return method(players, options) if method is not None else None

    def observation_tensor(self, state: Any, seat: int) -> Any:
        method = getattr(self.game, "observation_tensor", None)
        if method is None:
            return super().observation_tensor(state, seat)
        return method(state, seat)


class _OldCodec(ViewCodec):
    """An old game's `view_to_dict` and `view_from_dict`; where it wrote only one (a game
    without hidden information), the state's dicts stand for the other, as the old
    defaults did."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def view_to_dict(self, view: Any) -> dict[str, Any]:
        method = getattr(self.game, "view_to_dict", None) or self.game.state_to_dict
        return dict(method(view))

    def view_from_dict(self, data: Mapping[str, Any]) -> Any:
        method = getattr(self.game, "view_from_dict", None) or self.game.state_from_dict
        return method(data)


class _OldSampler(Sampler[Any]):
    """An old game's `sample_state`."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> Any:
        return self.game.sample_state(observation, seat, rng)


def spaces(game: Any) -> LearningSpaces[Any, Any] | None:
    """The old learning-environment methods of `game` as `LearningSpaces` (warning once),
    or None if it defines none."""
    found = old_methods(game, "spaces")
    if not found:
        return None
    _warn(game, "spaces", found)
    return _OldSpaces(game)


def codec(game: Any) -> ViewCodec | None:
    """The codec of a game that defines the old wire methods (warning once): None where
    its `sends_views()` says False or a hidden-information game lacks one of the two;
    its own methods, else the state's dicts (a game without hidden information)."""
    found = old_methods(game, "codec")
    _warn(game, "codec", found)
    if "sends_views" in found and not game.sends_views():
        return None
    written = {"view_to_dict", "view_from_dict"} & set(found)
    if not game.info.hidden_information:
        return _OldCodec(game) if written else StateCodec(game)
    return _OldCodec(game) if len(written) == 2 else None


def sampler(game: Any) -> Sampler[Any] | None:
    """The sampler of a game that defines the old `sample_state` or `can_sample`
    (warning once): None where its `can_sample()` says False or a hidden-information game
    has no `sample_state`; its own `sample_state`, else the observation itself."""
    found = old_methods(game, "sampler")
    _warn(game, "sampler", found)
    if "can_sample" in found and not game.can_sample():
        return None
    if "sample_state" in found:
        return _OldSampler(game)
    return None if game.info.hidden_information else FullView()


def reward(game: Any, outcome: Outcome, seat: int) -> float:
    """What `outcome` is worth to `seat` in [0, 1]: `outcome.reward(seat)`, or the game's
    old `reward(outcome, seat)` where it defines one (warning once)."""
    if old_methods(game, "reward"):
        _warn(game, "reward", ("reward",))
        return float(game.reward(outcome, seat))
    return outcome.reward(seat)


def score_bands(game: Any) -> tuple[tuple[float, str], ...]:
    """The game's solo rating bands: `game.info.score_bands`, or its old `score_bands()`
    where it defines one (warning once)."""
    if old_methods(game, "score_bands"):
        _warn(game, "score_bands", ("score_bands",))
        return tuple((float(low), str(name)) for low, name in game.score_bands())
    return tuple(game.info.score_bands)
