"""Verso's words: the game's catalog (`CATALOG`, its texts in French and German) and the
card words a line or a picture names.

`CATALOG` is handed to the host as `GameInfo.catalog`; the game's code translates its own
texts with `_` (`CATALOG.gettext`) where they are shown, never at import. A log line keeps
its English words (`cards.face_text`), which the host translates when it shows the line:
every face's words are listed here (`FACE_WORDS`) so that the catalog knows them.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.i18n import N_, Catalog

#: The game's translations: `locale/<lang>/LC_MESSAGES/verso.mo` in this package.
CATALOG = Catalog("verso", Path(__file__).parent / "locale")


def _(message: str) -> str:
    """`message`, one of the game's texts, in the current language."""
    return CATALOG.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The game's `singular` or `plural` text as the current language counts `n`."""
    return CATALOG.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The game's `message` in the current language, in `context`."""
    return CATALOG.pgettext(context, message)


#: Every face in words, by face id (`cards.face_text`): the words a log line names a card
#: with. Translators: a card's face, shown after a colon or as the object of a sentence.
FACE_WORDS = (
    N_("blue joker (1 pt)"), N_("blue 1 (1 pt)"), N_("blue 2 (1 pt)"),
    N_("blue 3 (1 pt)"), N_("blue 4 (1 pt)"), N_("blue 5 (1 pt)"),
    N_("blue 6 (1 pt)"), N_("green joker (1 pt)"), N_("green 1 (1 pt)"),
    N_("green 2 (1 pt)"), N_("green 3 (1 pt)"), N_("green 4 (1 pt)"),
    N_("green 5 (1 pt)"), N_("green 6 (1 pt)"), N_("orange joker (1 pt)"),
    N_("orange 1 (1 pt)"), N_("orange 2 (1 pt)"), N_("orange 3 (1 pt)"),
    N_("orange 4 (1 pt)"), N_("orange 5 (1 pt)"), N_("orange 6 (1 pt)"),
    N_("blue joker (3 pts)"), N_("blue 1 (3 pts)"), N_("blue 2 (3 pts)"),
    N_("blue 3 (3 pts)"), N_("blue 4 (3 pts)"), N_("blue 5 (3 pts)"),
    N_("blue 6 (3 pts)"), N_("green joker (3 pts)"), N_("green 1 (3 pts)"),
    N_("green 2 (3 pts)"), N_("green 3 (3 pts)"), N_("green 4 (3 pts)"),
    N_("green 5 (3 pts)"), N_("green 6 (3 pts)"), N_("orange joker (3 pts)"),
    N_("orange 1 (3 pts)"), N_("orange 2 (3 pts)"), N_("orange 3 (3 pts)"),
    N_("orange 4 (3 pts)"), N_("orange 5 (3 pts)"), N_("orange 6 (3 pts)"),
)

#: Every card of a layout by its key (colour * 7 + value), without its points.
CARD_WORDS = (
    N_("blue joker"), N_("blue 1"), N_("blue 2"), N_("blue 3"),
    N_("blue 4"), N_("blue 5"), N_("blue 6"), N_("green joker"),
    N_("green 1"), N_("green 2"), N_("green 3"), N_("green 4"),
    N_("green 5"), N_("green 6"), N_("orange joker"), N_("orange 1"),
    N_("orange 2"), N_("orange 3"), N_("orange 4"), N_("orange 5"),
    N_("orange 6"),
)


def face_words(face_id: int) -> str:
    """A face in words, in the current language: "blue 3 (1 pt)"."""
    return _(FACE_WORDS[face_id])


def card_words(key: int) -> str:
    """A card of a layout by its key, without points, in the current language: "blue 3",
    "orange joker"."""
    return _(CARD_WORDS[key])

# Translators: a move's word where the app shows a move in words (a hint's "Hint: keep");
# a player still types the English word.
MOVE_WORDS = (N_("keep"), N_("flip"), N_("pass"))
