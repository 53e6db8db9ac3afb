"""A scripted seat: an agent that plays the moves it is given, in order (no arcade here).

A game's tutorial (`tabletop.tutorial`) knows the other players' answers to the learner's
move; the tutorial screen hands them to a `Script` that sits at those seats of its
`Table`, so that they reach the board the way any computer's move does (`Table.advance`,
kept, then told to the listeners as `Played`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.ai.base import Budget

#: The agent name a scripted seat plays under at a table.
SCRIPT = "script"


class Script:
    """The moves still to play, first first (`moves`); `choose` answers the next one."""

    def __init__(self, moves: Sequence[Any] = ()) -> None:
        self.moves: list[Any] = list(moves)

    def load(self, moves: Sequence[Any]) -> None:
        """Play `moves` from now on (the ones still waiting are dropped)."""
        self.moves = list(moves)

    def take(self) -> Any:
        """The next move of the script, taken off it (raises `IndexError` if none)."""
        return self.moves.pop(0)

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The script's next move (an `AgentError` at the table if it is not legal here or
        the script has run out: the tutorial's data does not fit its game)."""
        if not self.moves:
            raise ValueError("the script has no move left")
        return self.take()
