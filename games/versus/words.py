"""The words of Versus in the player's language: the game's catalog (domain `versus`,
`locale/` in this package).

`CATALOG` is handed to the host as `GameInfo.catalog`; the game's own code translates
with `_` (its `gettext`) where a text is shown, never at import, and marks with `N_` the
texts the host shows through the catalog (`tabletop.i18n.translated`): the seat names,
the levels' names and blurbs (`levels.json` is not extracted), option labels.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.i18n import Catalog

#: The translations of Versus (`locale/<lang>/LC_MESSAGES/versus.mo`).
CATALOG = Catalog("versus", Path(__file__).parent / "locale")

#: A text of the game in the current language.
_ = CATALOG.gettext

__all__ = ["CATALOG", "_"]
