"""The random agent: a uniformly random legal move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.ai.base import Budget


class RandomAgent:
    """Plays a uniformly random legal move; useful as a baseline and for tests."""

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """Return a random element of `legal_moves`."""
        return legal_moves[rng.randrange(len(legal_moves))]
