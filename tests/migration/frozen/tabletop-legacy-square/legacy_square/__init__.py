"""Legacy Square: N in a row on a square grid, a game plugin for Tabletop.

The rules are in `rules.py`, the move notation in `notation.py`, the save format in
`saving.py`, the `Game` the host plays in `game.py`, the hooks in `plugin.py` and the
drawing code, the only code that imports arcade, in `view/`.
"""

from legacy_square.game import LegacySquare

__all__ = ["LegacySquare"]
