"""AI seats think in a worker process, so the window never stalls (no arcade here).

The worker is a one-process `ProcessPoolExecutor` started with the "spawn" method (a fork
of a process holding an OpenGL context is unsafe). It builds its own `Host` once, from a
picklable `host_factory`, then for each request rebuilds the game by id and the state from
`Game.state_to_dict`, lets the agent choose from the seat's observation and returns the
move in the game's notation (moves need not be picklable; notation always round-trips).
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from typing import Any

from tabletop.ai.base import Budget
from tabletop.plugins import Host

HostFactory = Callable[[], Host]

_host: Host | None = None


def entry_point_host(disabled: tuple[str, ...] = ()) -> Host:
    """The host of the installed plugins (the default worker host factory)."""
    return Host(disabled=disabled).load()


def default_factory(host: Host) -> HostFactory:
    """A picklable factory that rebuilds `host` from entry points with the same blocks."""
    return partial(entry_point_host, tuple(host.disabled))


def _init_worker(factory: HostFactory) -> None:
    global _host
    _host = factory()


def think(game_id: str, agent_name: str, state_data: dict[str, Any], seconds: float,
          seed: int) -> str:
    """In the worker: the notation of the move `agent_name` chooses in this state."""
    if _host is None:
        raise RuntimeError("the AI worker was not initialised")
    game = _host.game(game_id)
    state = game.state_from_dict(state_data)
    seat = game.to_move(state)
    if seat is None:
        raise RuntimeError("the game is over; there is nothing to choose")
    agent = _host.make_agent(game_id, agent_name)
    move = agent.choose(game.observation(state, seat), seat, game.legal_moves(state),
                        Budget(seconds=seconds), random.Random(seed))
    return game.move_to_text(state, move)


class AIWorker:
    """Submits agent decisions to a lazily started worker process."""

    def __init__(self, host_factory: HostFactory) -> None:
        self._factory = host_factory
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, game_id: str, agent_name: str, state_data: dict[str, Any],
               seconds: float, seed: int) -> Future[str]:
        """Start a decision; the future gives the chosen move's notation."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker, initargs=(self._factory,))
        return self._pool.submit(think, game_id, agent_name, state_data, seconds, seed)

    def shutdown(self) -> None:
        """Stop the worker process (pending decisions are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
