"""The Verso levels a player picks from: agents of the game on fixed budgets.

Their ratings are measured, never typed: `bench/levels.py verso` writes `levels.json`
beside this module (two-player games: the head-to-head a level is picked for), and the
plugin registers the levels with what it says. Budgets count iterations (search rounds),
so a level plays the same on any machine.

Measured and left out: `strong` on 16 deals a decision (708 [477, 940]) is no stronger
than `greedy` (749 [513, 986]) head to head; `strong` needs a budget near its 1 s default
to pass it, too slow to measure here (160 games took 6 minutes on this 2-core machine).
"""

from __future__ import annotations

from tabletop.ai.base import Budget, Level

LEVELS = (
    Level("Beginner", "random", Budget(),
          "plays any legal move: an opponent to learn the rules against"),
    Level("Casual", "mcts", Budget(iterations=30),
          "a quick generic search: knows the rules, not the tricks"),
    Level("Club", "greedy", Budget(),
          "takes the card worth most now; banks when a sequence beats waiting"),
)
