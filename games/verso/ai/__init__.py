"""Verso's own agents: `greedy` (one-step expected value) and `strong` (search)."""

from games.verso.ai.greedy import GreedyAgent
from games.verso.ai.strong import StrongAgent

__all__ = ["GreedyAgent", "StrongAgent"]
