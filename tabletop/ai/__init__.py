"""Game-independent AI: the agent protocol, a random agent and a generic MCTS agent."""

from tabletop.ai.base import Agent, AgentSpec, Analyst, Budget, Level, analyst_of
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.randomagent import RandomAgent

__all__ = ["Agent", "AgentSpec", "Analyst", "Budget", "Level", "MCTSAgent", "RandomAgent",
           "analyst_of"]
