"""Legacy Hex: a Hex-like connection game on a hex grid, a game plugin for Tabletop.

The rules are in `rules.py`, the move notation in `notation.py`, the save format in
`saving.py`, the `Game` the host plays in `game.py`, the hooks in `plugin.py` and the
drawing code, the only code that imports arcade, in `view/`.
"""

from legacy_hex.game import LegacyHex

__all__ = ["LegacyHex"]
