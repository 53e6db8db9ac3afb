"""The Versus levels a player picks from: the `greedy` and `strong` players on fixed budgets.

Their ratings are measured, never typed: `bench/levels.py versus` writes `levels.json`
beside this module, and the plugin registers the levels with what it says. A `strong`
budget counts search nodes, so a level plays the same on any machine.

Measured and left out: `strong` on 10 nodes a move (433 [179, 688]) came within 135
points of `greedy` (568 [299, 837]), closer than the 150 points levels are kept apart.

The names and blurbs are marked for the catalog (`N_`): the host shows them in the
player's language (`tabletop.i18n.translated`), `levels.json` keeping the English.
"""

from __future__ import annotations

from tabletop.ai.base import Budget, Level
from tabletop.i18n import N_

LEVELS = (
    Level(N_("Casual"), "greedy", Budget(),
          N_("looks one move ahead: takes what it sees, misses what comes back")),
    Level(N_("Club"), "strong", Budget(iterations=300),
          N_("a short search: sees simple exchanges and defends its targets")),
    Level(N_("Expert"), "strong", Budget(iterations=1000),
          N_("searches a few moves deep (about 0.1 s a move): punishes loose pawns")),
)
