"""A Tabletop game as an OpenSpiel game (`pip install "tabletop[openspiel]"`).

    from tabletop.env.openspiel import load_game

    game = load_game("versus", options={"ply_limit": 300})   # a pyspiel.Game
    state = game.new_initial_state()
    pyspiel.load_game("tabletop_versus(ply_limit=300)")     # the same, once registered

The other way from the `examples/tabletop-openspiel` plugin: any installed game that
declares a fixed action space and observation tensors is registered with OpenSpiel as
`tabletop_<id>` (a Python game of OpenSpiel's API), with the game's options of kind
bool, int and str as its parameters, and `players` and `max_plies`. OpenSpiel's
algorithms and bots then play it; the state serializes (the Tabletop state's own dict)
and deserializes in another process that has Tabletop installed.

- Actions are the game's (`LearningSpaces.action_of`, of `Game.spaces`); legal actions
  ascending; action strings the game's notation.
- Chance is explicit. A game whose set-up has chance (`Game.setup` is not None: Verso's
  shuffled deck) starts with `DEAL_NODES` chance nodes of `DEAL_OUTCOMES` equally likely
  outcomes each, which make the set-up's seed; a chance step of play
  (`Game.chance_outcomes`) is one chance node whose outcomes are the game's, in its order
  and with its probabilities (at most `DEAL_OUTCOMES`). No state holds a seed of chance
  to come, and no information state shows a chance outcome.
- Information states are made from the seat's view: the information-state string is
  the seats' moves so far in notation, then the seat's text of the position
  (`seat_text`); the information-state tensor is the observation tensor (a game's
  observation holds what the seat can see and remember). The observation string is the
  seat's text. At a chance node both tensors are zeros and both strings empty.
  `resample_from_infostate` deals the hidden parts at random (the game's `Game.sampler`), for
  information-set search (its history is empty: no history of actions leads to it).
- Returns are zero-sum (`tabletop.env.returns`): a win +1 and a loss -1 at two, a draw 0;
  a solo game's are its reward. A game whose rules set no bound is cut after `max_plies`
  decisions (default `DEFAULT_MAX_PLIES`), worth 0 to everyone.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from tabletop.env import Spaces, game_of, returns, spaces_of, utility_range
from tabletop.model import Game, GameOption, IllegalMoveError, TabletopError, seat_text

__all__ = ["DEAL_NODES", "DEAL_OUTCOMES", "DEFAULT_MAX_PLIES", "TabletopSpielGame",
           "TabletopSpielState", "load_game", "register"]

#: Chance nodes that deal a game's set-up, and the outcomes of each: 256**4 set-ups.
DEAL_NODES, DEAL_OUTCOMES = 4, 256
#: Where a game whose rules set no bound (Versus) is cut by default, in decisions.
DEFAULT_MAX_PLIES = 2000
_KINDS = {bool: bool, int: int, str: str}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a Tabletop game: `tabletop_` and the id, `-` as `_`."""
    return "tabletop_" + "".join(c if c.isalnum() else "_" for c in game_id)


def _parameters(game: Game[Any, Any]) -> list[GameOption]:
    """The options OpenSpiel's parameters can carry (bool, int, text)."""
    return [option for option in game.info.options if option.kind in _KINDS]


def _has_chance(spaces: Spaces) -> bool:
    game = spaces.game
    deal = game.setup(game.new_state(spaces.players, spaces.options, 0)) is not None
    return deal or type(game).chance_outcomes is not Game.chance_outcomes


def register(game: str | Game[Any, Any]) -> str:
    """Register `game` with OpenSpiel (once; later calls do nothing) and return its name
    there, for `pyspiel.load_game`."""
    found = game_of(game)
    name = short_name(found.info.id)
    if name not in _REGISTERED:
        _REGISTERED[name] = found
        spaces = spaces_of(found)  # the default table: its spaces exist, or this raises
        parameters: dict[str, Any] = {"players": spaces.players, "max_plies": 0}
        for option in _parameters(found):
            parameters[option.name] = option.default
        # A class of its own per game, as OpenSpiel's Python games register (a factory
        # that is no class, e.g. a partial, crashes the interpreter at exit).
        kind = type(f"TabletopSpielGame_{name}", (TabletopSpielGame,), {"spiel_name": name})
        pyspiel.register_game(_game_type(found, spaces.players, parameters,
                                         _has_chance(spaces)), kind)
    return name


_REGISTERED: dict[str, Game[Any, Any]] = {}


def _game_type(game: Game[Any, Any], players: int, parameters: dict[str, Any],
               chance: bool) -> Any:
    info = game.info
    return pyspiel.GameType(
        short_name=short_name(info.id), long_name=f"Tabletop {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION
                     if info.hidden_information
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if players == 1
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters)


def load_game(game: str | Game[Any, Any], players: int | None = None,
              options: Mapping[str, Any] | None = None,
              max_plies: int | None = None) -> Any:
    """The OpenSpiel game (a `pyspiel.Game`) of a table of `game`: an installed game's
    id or a `Game`, `players` (default two, or as many as it takes), its `options` (of
    kind bool, int or str: the others keep their defaults) and, for a game whose rules
    set no bound, the decisions after which it is cut (`max_plies`)."""
    found = game_of(game)
    name = register(found)
    parameters: dict[str, Any] = {}
    if players is not None:
        parameters["players"] = players
    if max_plies is not None:
        parameters["max_plies"] = max_plies
    allowed = {option.name for option in _parameters(found)}
    for key, value in (options or {}).items():
        if key not in allowed:
            found.info.option(key)  # an unknown option: the game's own error
            raise TabletopError(f"option {key!r} of {found.info.id} is data: OpenSpiel's "
                                "parameters cannot carry it")
        parameters[key] = value
    return pyspiel.load_game(name, parameters)


@functools.cache
def _table(name: str, players: int, options: str, max_plies: int) -> _Table:
    """The table a game's parameters name, made once (its states share it)."""
    game = _REGISTERED[name]
    spaces = spaces_of(game, players, json.loads(options), max_plies or DEFAULT_MAX_PLIES)
    table = _Table(name, spaces, _has_chance(spaces), options, max_plies)
    start = game.new_state(players, spaces.options, 0)
    # A set-up with chance is dealt by chance nodes first; without, the seed is unused.
    table.root = (_Held(table, None, (), "", 0) if game.setup(start) is not None
                  else _Held(table, start, (), "", 0))
    return table


class _Table:
    """One table's spaces, as the bridge's states share them; `root` is its first node."""

    def __init__(self, name: str, spaces: Spaces, chance: bool, options_json: str,
                 max_plies: int) -> None:
        self.name, self.spaces, self.chance = name, spaces, chance
        self.options_json, self.max_plies = options_json, max_plies
        self.root: _Held | None = None


class _Held:
    """One node of a game: the Tabletop state (None while the set-up is dealt), the deal
    so far, the seats' moves in notation, and the decisions played.

    OpenSpiel copies a Python state's attributes with `deepcopy` on every clone and
    pickles them to serialize it: a node is immutable, so a copy is the node itself, and
    it pickles as the game's own state dict.
    """

    __slots__ = ("chance", "deal", "mover", "ply", "state", "table", "trail")

    def __init__(self, table: _Table | None, state: Any, deal: tuple[int, ...] | None,
                 trail: str, ply: int) -> None:
        self.table, self.state, self.deal, self.trail, self.ply = (
            table, state, deal, trail, ply)
        self.chance: list[tuple[Any, float]] = []
        self.mover: int | None = None
        if table is not None and state is not None:
            game = table.spaces.game
            self.chance = list(game.chance_outcomes(state))
            if not self.chance:
                self.mover = game.to_move(state)
                bound = table.spaces.bound
                if bound is not None and ply >= bound:
                    self.mover = None  # cut: over, worth 0 to everyone

    def __deepcopy__(self, memo: Any) -> _Held:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        table = self.table
        assert table is not None
        data = None if self.state is None else table.spaces.game.state_to_dict(self.state)
        return (_rebuild, (table.name, table.spaces.players, table.options_json,
                           table.max_plies, data, self.deal, self.trail, self.ply))


def _rebuild(name: str, players: int, options: str, max_plies: int,
             data: dict[str, Any] | None, deal: tuple[int, ...], trail: str,
             ply: int) -> _Held:
    """A pickled node again (`_Held.__reduce__`)."""
    if name not in _REGISTERED:
        raise TabletopError(f"{name} is not registered in this process: call "
                            "tabletop.env.openspiel.register first")
    table = _table(name, players, options, max_plies)
    state = None if data is None else table.spaces.game.state_from_dict(data)
    return _Held(table, state, deal, trail, ply)


class TabletopSpielGame(pyspiel.Game):
    """A table of a Tabletop game as an OpenSpiel game (see the module's docstring)."""

    #: The name the game is registered under (set on each game's own subclass).
    spiel_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.spiel_name
        game = _REGISTERED[name]
        given = dict(params or {})
        defaults = spaces_of(game)
        players = int(given.pop("players", defaults.players))
        max_plies = int(given.pop("max_plies", 0))
        options = {key: value for key, value in given.items()}
        table = _table(name, players, json.dumps(options, sort_keys=True), max_plies)
        spaces = table.spaces
        low, high = utility_range(players)
        bound = spaces.bound if spaces.bound is not None else DEFAULT_MAX_PLIES
        info = pyspiel.GameInfo(
            num_distinct_actions=spaces.actions,
            max_chance_outcomes=DEAL_OUTCOMES if table.chance else 0,
            num_players=players, min_utility=low, max_utility=high,
            utility_sum=None if players == 1 else 0.0, max_game_length=bound)
        parameters = {"players": players, "max_plies": max_plies, **options}
        for option in _parameters(game):
            parameters.setdefault(option.name, option.default)
        super().__init__(_game_type(game, players, parameters, table.chance), info,
                         parameters)
        self.table = table

    def new_initial_state(self) -> TabletopSpielState:
        """The start: the set-up's first chance node, or the game's first decision."""
        return TabletopSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> _Observer:
        """The observer of information states (perfect recall) or observations."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.table, recall)


class TabletopSpielState(pyspiel.State):
    """A node of a game; `_now` is the node (shared, immutable)."""

    def __init__(self, game: TabletopSpielGame) -> None:
        super().__init__(game)
        root = game.table.root
        assert root is not None
        self._now: _Held = root

    # -- OpenSpiel's API -------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's chance or terminal player."""
        now = self._now
        if now.state is None or now.chance:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if now.mover is None else now.mover

    def is_terminal(self) -> bool:
        """True once the game is over (or cut)."""
        now = self._now
        return now.state is not None and not now.chance and now.mover is None

    def _legal_actions(self, player: int) -> list[int]:
        now = self._now
        learning = now.table.spaces.learning  # type: ignore[union-attr]
        return list(learning.legal_actions(now.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A deal node's equally likely outcomes, or the game's chance step by index."""
        now = self._now
        if now.state is None:
            return [(digit, 1.0 / DEAL_OUTCOMES) for digit in range(DEAL_OUTCOMES)]
        if len(now.chance) > DEAL_OUTCOMES:
            raise TabletopError(f"a chance step lists {len(now.chance)} outcomes; the "
                                f"bridge takes at most {DEAL_OUTCOMES}")
        return [(index, float(p)) for index, (_, p) in enumerate(now.chance)]

    def _apply_action(self, action: int) -> None:
        now = self._now
        table = now.table
        assert table is not None
        game = table.spaces.game
        if now.state is None:  # a deal node
            deal = (*(now.deal or ()), int(action))
            if len(deal) < DEAL_NODES:
                self._now = _Held(table, None, deal, now.trail, now.ply)
                return
            seed = sum(digit * DEAL_OUTCOMES ** i for i, digit in enumerate(deal))
            state = game.new_state(table.spaces.players, table.spaces.options, seed)
            self._now = _Held(table, state, deal, now.trail, now.ply)
        elif now.chance:
            after = game.apply_chance(now.state, now.chance[action][0])
            self._now = _Held(table, after, now.deal, now.trail, now.ply)
        else:
            move = table.spaces.learning.move_of(now.state, int(action))
            text = game.move_to_text(now.state, move)
            after = game.apply(now.state, move)
            self._now = _Held(table, after, now.deal, f"{now.trail}{now.mover}:{text}\n",
                              now.ply + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        now = self._now
        if now.state is None:
            return f"deal {action}"
        game = now.table.spaces.game  # type: ignore[union-attr]
        if now.chance:
            if 0 <= action < len(now.chance):
                return f"chance {now.chance[action][0]}"
            return f"chance #{action}"
        try:
            move = now.table.spaces.learning.move_of(  # type: ignore[union-attr]
                now.state, int(action))
            return str(game.move_to_text(now.state, move))
        except IllegalMoveError:  # asked of an action not legal here: its number
            return f"action {action}"

    def returns(self) -> list[float]:
        """Zero-sum results once over (`tabletop.env.returns`), zeros before."""
        now = self._now
        table = now.table
        assert table is not None
        players = table.spaces.players
        if not self.is_terminal():
            return [0.0] * players
        game = table.spaces.game
        over = game.to_move(now.state) is None
        return returns(game, game.outcome(now.state) if over else None, players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one, its hidden parts dealt at random
        (`Game.sampler`) from a seed drawn with `probability_sampler`."""
        now = self._now
        table = now.table
        assert table is not None
        game = table.spaces.game
        if now.state is None or not game.info.hidden_information:
            return self.clone()
        sampler = game.sampler()
        if sampler is None:
            raise TabletopError(f"{game.info.id} cannot sample hidden states: its "
                                "Game.sampler returns None")
        rng = random.Random(int(probability_sampler() * 2**52))
        view = game.observation(now.state, player_id)
        other = self.get_game().new_initial_state()
        other._now = _Held(table, sampler.sample_state(view, player_id, rng), now.deal,
                           now.trail, now.ply)
        return other

    def __str__(self) -> str:
        now = self._now
        if now.state is None:
            return f"dealing ({len(now.deal or ())} of {DEAL_NODES})"
        game = now.table.spaces.game  # type: ignore[union-attr]
        return f"{now.trail}{seat_text(game, now.state, None)}"


class _Observer:
    """OpenSpiel's observer of a table: `tensor` (flat) and `dict` ("observation", in
    the game's shape) set from a state for a seat, and the seat's strings."""

    def __init__(self, table: _Table, recall: bool) -> None:
        self.table = table
        self.recall = recall
        shape = table.spaces.shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: TabletopSpielState, player: int) -> None:
        """The tensor of `player`'s view (zeros at a chance node)."""
        now = state._now
        if now.state is None or now.chance:
            self.tensor.fill(0.0)
            return
        tensor = self.table.spaces.learning.observation_tensor(now.state, player)
        self.tensor[:] = np.asarray(tensor, np.float32).reshape(-1)

    def string_from(self, state: TabletopSpielState, player: int) -> str:
        """The seat's text of the position, after its moves so far for an information
        state (empty at a chance node)."""
        now = state._now
        if now.state is None or now.chance:
            return now.trail if self.recall else ""
        text = seat_text(self.table.spaces.game, now.state, player)
        return f"{now.trail}{text}" if self.recall else text
