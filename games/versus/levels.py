"""The Versus levels a player picks from: the `greedy` and `strong` players on fixed budgets.

Their ratings are measured, never typed: `bench/levels.py versus` writes `levels.json`
beside this module, and the plugin registers the levels with what it says. A `strong`
budget counts search nodes, so a level plays the same on any machine.

Measured and left out: `strong` on 10 nodes a move (433 [179, 688]) came within 135
points of `greedy` (568 [299, 837]), closer than the 150 points levels are kept apart.
"""

from __future__ import annotations

from tabletop.ai.base import Budget, Level

LEVELS = (
    Level("Casual", "greedy", Budget(),
          "looks one move ahead: takes what it sees, misses what comes back"),
    Level("Club", "strong", Budget(iterations=300),
          "a short search: sees simple exchanges and defends its targets"),
    Level("Expert", "strong", Budget(iterations=1000),
          "searches a few moves deep (about 0.1 s a move): punishes loose pawns"),
)
