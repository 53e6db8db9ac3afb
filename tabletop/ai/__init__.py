"""Game-independent AI: the agent protocol, a random agent and a generic MCTS agent."""

from tabletop.ai.base import Agent, AgentSpec, Budget, Level
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.randomagent import RandomAgent

__all__ = ["Agent", "AgentSpec", "Budget", "Level", "MCTSAgent", "RandomAgent"]
