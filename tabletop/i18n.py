"""Languages: every text a player reads, in English, French or German.

Texts are written in English in the code and translated through gettext catalogs that
Babel manages (`make i18n`: `pybabel extract`, `update`, `compile`; docs/translating.md):

- the host's own catalog, domain `tabletop`, in `tabletop/locale/`;
- one catalog per game plugin (`Catalog(domain, folder)`, handed to the host as
  `tabletop.model.GameInfo.catalog`), which the plugin ships in its package.

Use `_("text")` where a text is shown, never at import: the language may change while
the app runs (Settings applies it at once), so a module-level constant is marked with
`N_("text")` and translated where it is used. A text with a number uses `ngettext` (the
catalogs carry each language's plural rule: "1 partie", "2 parties"); a text with values
uses named fields filled after translation (`_("{name} wins").format(name=...)`), never
pieces glued together, so a translation may put the words in its own order.

A game's lines (`tabletop.lines.Line`) are translated here too: the host looks their
English template up in the games' catalogs, then in its own (`translated`), and so is a
text argument of a line that is itself a message of a catalog (a colour, a piece name).

The notation players type (moves, cells, cards) is the same in every language.

Numbers, dates and "5 minutes ago" are written the language's way by Babel (`number`,
`date_time`, `ago`).

The language is chosen by, first to last: `--lang`, `TABLETOP_LANG`, the one saved in
Settings, the system's locale (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), English.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from babel import dates as _dates
from babel import numbers as _numbers

__all__ = [
    "LANGUAGES",
    "NP_",
    "N_",
    "Catalog",
    "_",
    "ago",
    "date_time",
    "day",
    "flag_of",
    "gettext",
    "language",
    "language_problem",
    "ngettext",
    "number",
    "on_change",
    "percent",
    "pgettext",
    "register",
    "resolve",
    "set_language",
    "system_language",
    "translated",
]

#: The languages Tabletop speaks, each named in itself (never translated: a player who
#: cannot read the current language still finds their own).
LANGUAGES: Mapping[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}

#: Where the host's catalogs live: `locale/<lang>/LC_MESSAGES/tabletop.mo`.
LOCALE_DIR = Path(__file__).parent / "locale"

#: The environment variable naming the language (overrides Settings and the locale).
ENV = "TABLETOP_LANG"

_current = "en"
_listeners: list[Callable[[str], None]] = []


def language() -> str:
    """The language texts are shown in now: "en", "fr" or "de"."""
    return _current


def language_problem(code: object) -> str | None:
    """Why `code` is not a language Tabletop speaks (None when it is)."""
    if isinstance(code, str) and code in LANGUAGES:
        return None
    return _("{code} is not a language of Tabletop (choose {languages})").format(
        code=repr(code), languages=", ".join(LANGUAGES))


def set_language(code: str) -> None:
    """Show every text in `code` from now on (raises `ValueError` for a language Tabletop
    does not speak); those who asked (`on_change`) are told, so a screen re-lays out."""
    global _current
    problem = language_problem(code)
    if problem:
        raise ValueError(problem)
    if code == _current:
        return
    _current = code
    for listener in list(_listeners):
        listener(code)


def on_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call `listener(code)` whenever the language changes; returns what stops it."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener) if listener in _listeners else None


def system_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language the system's locale asks for, if Tabletop speaks it.

    `LANGUAGE` is a list in order of preference ("fr:de"); otherwise the first of
    `LC_ALL`, `LC_MESSAGES`, `LANG` that is set decides ("de_DE.UTF-8" → "de"; "C" or an
    unknown language → None)."""
    env = os.environ if env is None else env
    for part in env.get("LANGUAGE", "").split(":"):
        code = _code_of(part)
        if code in LANGUAGES:
            return code
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            code = _code_of(env[name])
            return code if code in LANGUAGES else None
    return None


def resolve(flag: str | None = None, saved: str | None = None,
            env: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """The language to use and a one-line warning for a refused `TABLETOP_LANG` (None if
    none): `flag` (`--lang`, checked by its caller) if given, else `TABLETOP_LANG`, else
    `saved` (Settings), else the system's locale, else English."""
    env = os.environ if env is None else env
    if flag:
        return flag, None
    warning = None
    wanted = env.get(ENV, "").strip()
    if wanted:
        code = _code_of(wanted)
        if code in LANGUAGES:
            return code, None
        warning = _("{variable}: {problem}; using another").format(
            variable=ENV, problem=language_problem(wanted))
    if saved in LANGUAGES:
        return str(saved), warning
    return system_language(env) or "en", warning


def flag_of(argv: Sequence[str]) -> str | None:
    """The value of `--lang` in a command line (`--lang de` or `--lang=de`, before any
    `--`), or None: the app and the command line read it before click does."""
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def _code_of(value: str) -> str:
    """"de_DE.UTF-8@euro" → "de"."""
    return value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


class Catalog:
    """A gettext domain's translations in `folder` (`<lang>/LC_MESSAGES/<domain>.mo`),
    always in the current language: a plugin makes one for its game and hands it to the
    host as `tabletop.model.GameInfo.catalog`; its view code may translate with it directly."""

    def __init__(self, domain: str, folder: str | os.PathLike[str]) -> None:
        self.domain = domain
        self.folder = Path(folder)
        self._loaded: dict[str, _gettext.NullTranslations] = {}

    def translations(self, code: str | None = None) -> _gettext.NullTranslations:
        """The catalog of `code` (the current language if None); English and a missing
        catalog give the texts as written."""
        code = code or _current
        if code not in self._loaded:
            try:
                found = _gettext.translation(self.domain, self.folder, languages=[code],
                                             fallback=True)
            except (OSError, ValueError, UnicodeError):  # a damaged .mo shows English
                found = _gettext.NullTranslations()
            self._loaded[code] = found
        return self._loaded[code]

    def gettext(self, message: str) -> str:
        """`message` in the current language."""
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """`singular` or `plural` as the current language counts `n`."""
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` in the current language, in `context` (a word that two texts
        translate differently)."""
        return self.translations().pgettext(context, message)

    def knows(self, message: str) -> bool:
        """Whether `message` has a translation in the current language."""
        found = self.translations()
        return message in getattr(found, "_catalog", {})

    def __repr__(self) -> str:
        return f"Catalog({self.domain!r}, {str(self.folder)!r})"


#: The host's own catalog.
HOST = Catalog("tabletop", LOCALE_DIR)
_games: list[Catalog] = []


def gettext(message: str) -> str:
    """`message`, one of the host's texts, in the current language."""
    return HOST.gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The host's `singular` or `plural` text as the current language counts `n`."""
    return HOST.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The host's `message` in the current language, in `context`."""
    return HOST.pgettext(context, message)


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it now (a module constant,
    translated with `_` or `translated` where it is shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark `message` in `context` for the catalog without translating it now (shown
    with `translated(message, context)`)."""
    return message


def register(catalog: Catalog | None) -> None:
    """Let lines and texts of a game be looked up in `catalog` (the host does this for
    every game's `tabletop.model.GameInfo.catalog`)."""
    if catalog is not None and all(c.domain != catalog.domain or c.folder != catalog.folder
                                   for c in _games):
        _games.append(catalog)


def translated(text: str, context: str | None = None) -> str:
    """`text`, a game's or the host's, in the current language: the host's translation
    in `context` if it has one (a word a screen gives its own sense: "draw" on an offer's
    button), else the first catalog that knows it (the games' in the order they were
    found, then the host's), else as written."""
    if _current == "en" or not isinstance(text, str) or not text:
        return text
    if context is not None:
        found = HOST.pgettext(context, text)
        if found != text:
            return found
    for catalog in _games:
        if catalog.knows(text):
            return catalog.gettext(text)
    return HOST.gettext(text)



# -- numbers, dates, durations, the language's way (Babel) ------------------------------

def number(value: float, digits: int | None = None) -> str:
    """`value` as the current language writes a number ("1,234.5", "1 234,5",
    "1.234,5"); `digits` fixes the decimals."""
    if digits is None:
        return _numbers.format_decimal(value, locale=_current)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return _numbers.format_decimal(value, format=pattern, locale=_current)


def percent(share: float, digits: int = 0) -> str:
    """`share` (0..1) as a percentage, the current language's way ("45 %" in French)."""
    # The language's own pattern (its space before %), rounded to `digits` decimals.
    return _numbers.format_percent(round(share, digits + 2), locale=_current,
                                   decimal_quantization=False)


def date_time(moment: datetime, width: str = "medium") -> str:
    """`moment` as a date and time, the current language's way (local time)."""
    return _dates.format_datetime(moment.astimezone() if moment.tzinfo else moment,
                                  format=width, locale=_current)


def day(moment: date | datetime, width: str = "medium") -> str:
    """`moment` as a date, the current language's way ("26 nov. 2026")."""
    return _dates.format_date(moment, format=width, locale=_current)


def ago(moment: datetime, now: datetime | None = None) -> str:
    """How long ago `moment` was, in words ("5 minutes ago", "il y a 5 minutes",
    "vor 5 Minuten"); "just now" under a minute."""
    now = now or datetime.now(UTC if moment.tzinfo else None)
    delta = moment - now
    if abs(delta) < timedelta(minutes=1):
        return _("just now")
    return _dates.format_timedelta(delta, add_direction=True, threshold=1.0,
                                   locale=_current)
