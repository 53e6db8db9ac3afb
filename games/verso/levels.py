"""The Verso levels a player picks from: agents of the game on fixed budgets.

Their ratings are measured, never typed: `bench/levels.py verso` writes `levels.json`
beside this module (two-player games: the head-to-head a level is picked for), and the
plugin registers the levels with what it says. Budgets count iterations (search rounds),
so a level plays the same on any machine.

Expert is `strong` on its default table budget (128 deals a decision, `ai/table.py`;
0.05 CPU s a decision at a table of three): it plays for the win, not the points — its
mean score is below Club's, its win share above.
"""

from __future__ import annotations

from tabletop.ai.base import Budget, Level
from tabletop.i18n import N_

#: The names and blurbs are marked for the game's catalog (`levels.json` is not extracted):
#: the host shows them in the player's language.
LEVELS = (
    Level(N_("Beginner"), "random", Budget(),
          N_("plays any legal move: an opponent to learn the rules against")),
    Level(N_("Casual"), "mcts", Budget(iterations=30),
          N_("a quick generic search: knows the rules, not the tricks")),
    Level(N_("Club"), "greedy", Budget(),
          N_("takes the card worth most now; banks when a sequence beats waiting")),
    Level(N_("Expert"), "strong", Budget(iterations=128),
          N_("tries each move on 128 deals of the unseen cards and keeps the likeliest "
             "win")),
)
