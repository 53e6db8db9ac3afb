"""A Tabletop game as a PettingZoo AEC environment (`pip install "tabletop[pettingzoo]"`).

    from tabletop.env.pettingzoo import env

    table = env("versus")                      # or env("verso", players=3), env(game)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = table.action_space(agent).sample(mask)
        table.step(action)

Agents are `player_0` … `player_{n-1}`, the seats in order. An observation is a dict:
`observation`, the seat's tensor (`LearningSpaces.observation_tensor`, float32 in [0, 1]), and
`action_mask`, int8 over the actions, 1 for each legal move of the seat to move (all 0
for the others). Rewards come once, at the end (`tabletop.env.returns`: zero-sum, a win
+1, a loss -1 at two, a draw 0). `reset(seed=...)` fixes the game's seed: the set-up and
every chance step are drawn from it by the host's rules (`tabletop.chance`), where no
agent can read them; without a seed, one is drawn from the environment's generator.
`render()` is the game's text picture: a spectator's (`seat_text(game, state, None)`),
printed in "human" mode and returned in "ansi" mode. A game whose rules set no bound
on its length (Versus) runs until it ends, or is truncated after `max_plies` if given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tabletop.chance import settle
from tabletop.env import Spaces, game_of, returns, spaces_of
from tabletop.model import Game, seat_text

__all__ = ["TabletopEnv", "env", "raw_env"]


def env(game: str | Game[Any, Any], players: int | None = None,
        options: Mapping[str, Any] | None = None, render_mode: str | None = None,
        max_plies: int | None = None) -> AECEnv:
    """The AEC environment of `game` (an installed game's id, or a `Game`), wrapped as
    PettingZoo's own environments are: an illegal or out-of-range action is refused with
    an error, a step before `reset` too. `players` defaults to two (or as many as the
    game takes); `options` are the game's options (see `tabletop games`)."""
    table: AECEnv = raw_env(game, players, options, render_mode, max_plies)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


def raw_env(game: str | Game[Any, Any], players: int | None = None,
            options: Mapping[str, Any] | None = None, render_mode: str | None = None,
            max_plies: int | None = None) -> TabletopEnv:
    """The environment without PettingZoo's checking wrappers."""
    return TabletopEnv(spaces_of(game_of(game), players, options, max_plies), render_mode)


class TabletopEnv(AECEnv):
    """A table of one Tabletop game, seat by seat (see the module's docstring)."""

    RENDER_MODES = ("human", "ansi")

    def __init__(self, spaces: Spaces, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.RENDER_MODES}")
        self.spaces = spaces
        self.game = spaces.game
        self.render_mode = render_mode
        self.metadata = {"render_modes": list(self.RENDER_MODES), "is_parallelizable": False,
                         "name": f"tabletop_{self.game.info.id}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(spaces.players)]
        self.action_spaces = {agent: gymnasium.spaces.Discrete(spaces.actions)
                              for agent in self.possible_agents}
        self.observation_spaces = {agent: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, spaces.shape, np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (spaces.actions,), np.int8),
        }) for agent in self.possible_agents}
        self.position: Any = None
        self.seed_ = 0
        self.ply = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation dict's space (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """`Discrete(actions)`: one index per move of the game's action space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: from `seed` if given, else from a seed drawn by the environment's
        generator (itself seeded by the last seed given). `options` is PettingZoo's
        argument and unused: the game's options are set when the environment is made."""
        if seed is not None:
            self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
            self.seed_ = seed
        else:
            if not hasattr(self, "_np_random") or self._np_random is None:
                self.np_random, _ = gymnasium.utils.seeding.np_random(None)
            self.seed_ = int(self.np_random.integers(2**31))
        game, spaces = self.game, self.spaces
        self.ply = 0
        self.position = settle(game, game.new_state(spaces.players, spaces.options, self.seed_),
                            self.seed_, 0)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """The agent to act: the seat to move, else (the game over) the first agent."""
        mover = self.game.to_move(self.position)
        self.agent_selection = (self.possible_agents[mover] if mover is not None
                                else self.agents[0])

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The seat's tensor and, for the seat to move, the legal actions' mask."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.spaces.actions, np.int8)
        if self.game.to_move(self.position) == seat and not self.truncations[agent]:
            mask[self.spaces.learning.legal_actions(self.position)] = 1
        return {"observation": self.spaces.learning.observation_tensor(self.position, seat),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the move `action` names for the agent to act (None for an agent whose
        game is over, as PettingZoo has it); raises `IllegalMoveError` for an action that
        is not one of its legal moves."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        move = self.spaces.learning.move_of(self.position, int(action))  # type: ignore[arg-type]
        self.ply += 1
        self.position = settle(game, game.apply(self.position, move), self.seed_, self.ply)
        if game.to_move(self.position) is None:
            values = returns(game, game.outcome(self.position), self.spaces.players)
            self.rewards = dict(zip(self.agents, values, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.spaces.bound is not None and self.ply >= self.spaces.bound:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position as a spectator reads it: printed ("human") or returned ("ansi")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = seat_text(self.game, self.position, None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the game is plain values."""
