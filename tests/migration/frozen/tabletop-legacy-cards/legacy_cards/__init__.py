"""Legacy Cards: a trick-taking card game with hands and a hidden deal, a game plugin for Tabletop.

The rules are in `rules.py`, the move notation in `notation.py`, the save format in
`saving.py`, the `Game` the host plays in `game.py`, the hooks in `plugin.py` and the
drawing code, the only code that imports arcade, in `view/`.
"""

from legacy_cards.game import LegacyCards

__all__ = ["LegacyCards"]
