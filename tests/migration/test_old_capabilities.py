"""A game written against the contract before issue 35, whose `Game` carried its optional
capabilities as methods (`action_count` … `observation_tensor`, `view_to_dict`,
`view_from_dict`, `sends_views`, `sample_state`, `can_sample`, `reward`,
`score_bands`), still plays through the deprecation period: the default `Game.spaces`,
`Game.codec` and `Game.sampler` adapt its methods, the host reads its reward and bands,
and each capability warns once per class with a `PluginDeprecationWarning` that says
exactly what to change.

Each test makes its own class (`old_duel()`): a warning is said once per class and
process, so a class shared between tests would warn in whichever ran first.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop import hookimpl
from tabletop.env import spaces_of
from tabletop.model import (
    FullView,
    Game,
    LearningSpaces,
    Outcome,
    PluginDeprecationWarning,
    Sampler,
    StateCodec,
    ViewCodec,
)
from tabletop.model.legacy import reward, score_bands
from tabletop.plugins import Host, module_sources
from tabletop.testing import check_game
from tests.host.toys import Duel, DuelSampler, DuelState, DuelView

MOVES = ("keep", "swap")


def old_duel(**overrides: Any) -> type[Game[DuelState, str]]:
    """A new class of Duel as a plugin wrote it before issue 35: every capability a
    method of its own, and the contract's defaults of `spaces`, `codec` and `sampler`
    (it defines none of them). `overrides` replaces or removes (None) old methods."""

    class OldDuel(Duel):
        sampler = Game.sampler  # type: ignore[assignment]  # it never wrote one

        # -- learning environments, as methods of the game ------------------------------
        def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
            return len(MOVES)

        def action_of(self, state: DuelState, move: str) -> int:
            return MOVES.index(move)

        def move_of(self, state: DuelState, action: int) -> str:
            from tabletop.model import IllegalMoveError

            if action not in (0, 1) or MOVES[action] not in self.legal_moves(state):
                raise IllegalMoveError(f"action {action} is not legal here")
            return MOVES[action]

        def legal_actions(self, state: DuelState) -> list[int]:
            return [0, 1] if self.legal_moves(state) else []

        def observation_shape(self, players: int,
                              options: Mapping[str, Any]) -> tuple[int, ...] | None:
            return (3,)

        def observation_tensor(self, state: DuelState, seat: int) -> npt.NDArray[np.float32]:
            view = self.observation(state, seat)
            return np.array([view.card / 9, view.turn / 4, view.deck_size / 7], np.float32)

        # -- views on the wire ----------------------------------------------------------
        def view_to_dict(self, view: DuelView) -> dict[str, Any]:
            return {"version": 1, "seat": view.seat, "card": view.card, "turn": view.turn,
                    "deck": view.deck_size}

        def view_from_dict(self, data: Mapping[str, Any]) -> DuelView:
            return DuelView(data["seat"], data["card"], data["turn"], data["deck"])

        def sends_views(self) -> bool:
            return True

        # -- sampling, search and statistics --------------------------------------------
        def sample_state(self, observation: Any, seat: int, rng: random.Random) -> DuelState:
            return DuelSampler().sample_state(observation, seat, rng)

        def can_sample(self) -> bool:
            return True

        def reward(self, outcome: Outcome, seat: int) -> float:
            return 1.0 if seat in outcome.winners else 0.25

        def score_bands(self) -> tuple[tuple[float, str], ...]:
            return ((5.0, "fair"), (8.0, "fine"))

    for name, method in overrides.items():
        if method is None:
            delattr(OldDuel, name)
        else:
            setattr(OldDuel, name, method)
    return OldDuel


def _said(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if issubclass(w.category, PluginDeprecationWarning)]


def _expected(cls: str) -> list[str]:
    """The five warnings of a game class with every old method, in the order said."""
    return [
        f"game 'duel': {cls}.action_count, {cls}.action_of, {cls}.move_of, "
        f"{cls}.legal_actions, {cls}.observation_shape, {cls}.observation_tensor: the Game "
        "methods are deprecated; move them to a subclass of tabletop.model.LearningSpaces "
        "(the same methods and arguments; it gets the game as LearningSpaces(game)) and "
        f"return an instance from {cls}.spaces(self)",
        f"game 'duel': {cls}.view_to_dict, {cls}.view_from_dict, {cls}.sends_views: the "
        "Game methods are deprecated; move them to a subclass of tabletop.model.ViewCodec "
        "(view_to_dict and view_from_dict, the same arguments) and return an instance from "
        f"{cls}.codec(self), or None where sends_views said False",
        f"game 'duel': {cls}.sample_state, {cls}.can_sample: the Game methods are "
        "deprecated; move them to a subclass of tabletop.model.Sampler (sample_state, the "
        f"same arguments) and return an instance from {cls}.sampler(self), or None where "
        "can_sample said False",
        f"game 'duel': {cls}.reward: the Game method is deprecated; give each seat's reward "
        f"as Outcome(..., rewards=(...)) from {cls}.outcome(self, state)",
        f"game 'duel': {cls}.score_bands: the Game method is deprecated; declare the bands "
        f"as GameInfo(..., score_bands=((from score, name), ...)) in {cls}.info",
    ]


def test_the_old_methods_are_adapted_and_each_capability_warns_once() -> None:
    kind = old_duel()
    game = kind()
    state = game.new_state(2, {}, 3)
    after = game.apply(game.apply(game.apply(game.apply(state, "swap"), "keep"), "swap"),
                       "keep")
    outcome = game.outcome(after)
    assert outcome is not None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(2):  # asked again: no second warning
            learning, codec, sampler = game.spaces(), game.codec(), game.sampler()
            rewards = [reward(game, outcome, seat) for seat in (0, 1)]
            bands = score_bands(game)
    assert _said(caught) == _expected(kind.__qualname__)
    # Each object answers with the game's own old methods.
    old: Any = game
    assert isinstance(learning, LearningSpaces)
    assert learning.action_count(2, {}) == 2 and learning.observation_shape(2, {}) == (3,)
    assert learning.action_of(state, "swap") == 1 and learning.move_of(state, 1) == "swap"
    assert learning.legal_actions(state) == [0, 1] and learning.legal_actions(after) == []
    assert np.array_equal(learning.observation_tensor(state, 1),
                          old.observation_tensor(state, 1))
    view = game.observation(state, 0)
    assert isinstance(codec, ViewCodec) and not isinstance(codec, StateCodec)
    assert codec.view_to_dict(view) == old.view_to_dict(view)
    assert codec.view_from_dict(codec.view_to_dict(view)) == view
    assert isinstance(sampler, Sampler) and not isinstance(sampler, FullView)
    assert (sampler.sample_state(view, 0, random.Random(5))
            == old.sample_state(view, 0, random.Random(5)))
    assert rewards == [old.reward(outcome, 0), old.reward(outcome, 1)]
    assert sorted(rewards) == [0.25, 1.0]  # the game's, not the host's scale (0 for a loss)
    assert bands == ((5.0, "fair"), (8.0, "fine"))


def test_an_old_game_passes_the_kit_and_is_a_learning_environment() -> None:
    game = old_duel()()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginDeprecationWarning)
        report = check_game(game, seeds=range(3))
        spaces = spaces_of(game)
    assert report.games_played == 3 and report.problems == []
    assert (spaces.actions, spaces.shape) == (2, (3,))


def test_what_the_old_methods_declined_the_adapter_declines() -> None:
    """`sends_views()` or `can_sample()` False, or only half a codec in a
    hidden-information game: no codec, no sampler (the game is played online as text,
    and by agents that need no sampling)."""
    game = old_duel(sends_views=lambda self: False, can_sample=lambda self: False)()
    half = old_duel(view_from_dict=None, sends_views=None)()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginDeprecationWarning)
        assert game.codec() is None and game.sampler() is None
        assert half.codec() is None
    new = Duel()
    assert new.spaces() is None and new.codec() is None
    assert isinstance(new.sampler(), DuelSampler)


def test_the_host_warns_as_the_old_game_loads() -> None:
    """Loading the plugin says every old form at once, before any play asks for it."""
    kind = old_duel()

    class OldPlugin:
        @hookimpl
        def tabletop_register_games(self, register: Any) -> None:
            register(kind())

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        host = Host(module_sources([("old", OldPlugin())]), disabled=[]).load()
    assert "duel" in host.games
    assert _said(caught) == _expected(kind.__qualname__)
