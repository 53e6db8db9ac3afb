"""The words of Reversi in the player's language: the game's catalog.

`CATALOG` (gettext domain `reversi`, `locale/<lang>/LC_MESSAGES/reversi.mo` in this
package, built with `python -m tabletop.catalogs reversi legacy_spaces_reversi`) is handed to
the host as `GameInfo.catalog`: the host shows the game's texts, seat names, lines and
tutorial through it. The game's own code translates with `_` where a text is shown,
never at import (the player may change the language while the app runs).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.i18n import Catalog

#: The translations of Reversi.
CATALOG = Catalog("reversi", Path(__file__).parent / "locale")

#: A text of the game in the current language.
_ = CATALOG.gettext

__all__ = ["CATALOG", "_"]
