"""`tabletop new-game`: write a new, pip-installable game plugin from a template.

    from tabletop.scaffold import create_game
    create_game("three_row", Path("tabletop-three-row"), players=2, board="square")

The templates are plain files shipped in this package (`template-files/<board>/…` plus
`template-files/common/…`, the files every board shares). A file named `*.tmpl` has its
`$name` fields filled in with `string.Template`; other files are copied as they are; a
folder called `__package__` takes the new game's package name, and a name starting with
`dot-` becomes a dot file (package data leaves dot files out). Each board's template is
a small but complete game (rules, notation, save format, a renderer on
`tabletop.ui.boards`, tests running the conformance kit and a headless screen test).

The new game speaks the player's language: its texts are marked for translation, and
its package ships its own gettext catalogs (`locale/`: the `.pot`, an English, a French
and a German `.po` and their compiled `.mo`), extracted from the written code with
`tabletop.catalogs` and handed to the host as `GameInfo(catalog=...)` (`words.py`).
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import string
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from pathlib import Path

from tabletop.i18n import N_, _
from tabletop.limits import shown
from tabletop.model import TabletopError

__all__ = ["BOARDS", "Scaffold", "ScaffoldError", "check_name", "create_game",
           "distribution_name"]


class ScaffoldError(TabletopError):
    """A game that cannot be scaffolded: a bad name, players, board or target folder."""


@dataclass(frozen=True)
class Board:
    """A board shape the scaffold offers: its game and the player counts that game takes."""

    name: str
    game: str
    min_players: int
    max_players: int


#: The shapes `new-game --board` offers, each with the small game its template plays.
BOARDS: dict[str, Board] = {
    "square": Board("square", N_("N in a row on a square grid"), 2, 4),
    "hex": Board("hex", N_("a Hex-like connection game on a hex grid"), 2, 2),
    "cards": Board("cards", N_("a trick-taking card game with hands and a hidden deal"), 2, 4),
}

#: The card game's deck: ranks 1 to 9 in four suits.
DECK_SIZE = 36
#: A game name: lowercase words of letters and digits joined by single underscores, so
#: that the package is a Python identifier and the distribution `tabletop-<words joined by
#: '-'>` is a valid, already normalised PEP 508 / PEP 503 name ("x_" would give
#: "tabletop-x-", which pip refuses).
_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
_NAME_LENGTH = range(2, 32)
#: Names that clash with the generated project's own files or with test tools (`test` is
#: the standard library's too, though not installed everywhere).
_RESERVED = frozenset({"test", "tests", "conftest", "setup"})
_SUFFIX = ".tmpl"
_PACKAGE_FOLDER = "__package__"
_DOT = "dot-"


@dataclass(frozen=True)
class Scaffold:
    """What `create_game` wrote: the distribution's folder and its files, sorted."""

    directory: Path
    distribution: str
    package: str
    files: tuple[Path, ...]


def check_name(name: str, installed_games: Iterable[str] = ()) -> str:
    """`name` if it can be a new game's id and package name, else `ScaffoldError`.

    A name is 2 to 31 lowercase letters and digits, starting with a letter, with single
    underscores between words (never first, last or doubled), so that the distribution
    `tabletop-NAME` installs with pip; not a Python keyword, not reserved (`test`,
    `tests`), not the id of an installed game, not a module of Python's standard library
    (`os`) or any module Python can already import (the new package would shadow it, or
    be shadowed), and not an installed distribution's name.
    """
    if len(name) not in _NAME_LENGTH or not _NAME.fullmatch(name):
        raise ScaffoldError(_("{name} is not a usable game name: use 2-31 lowercase "
                              "letters and digits starting with a letter, words joined by "
                              "single underscores (e.g. three_row)").format(name=shown(name)))
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise ScaffoldError(_("{name} is not a usable game name: it is a Python keyword")
                            .format(name=repr(name)))
    if name in _RESERVED:
        raise ScaffoldError(_("{name} is not a usable game name: it is reserved (a test "
                              "or set-up name); choose another name").format(name=repr(name)))
    if name in set(installed_games):
        raise ScaffoldError(_("a game with id {name} is already installed; choose another "
                              "name").format(name=repr(name)))
    # The standard library first: some of it (`idlelib`, `tkinter`) is not installed
    # everywhere.
    standard = name in sys.stdlib_module_names or name in sys.builtin_module_names
    try:
        taken = standard or importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        taken = True
    if standard:
        raise ScaffoldError(_("a Python module named {name} already exists (in Python's "
                              "standard library); choose another name").format(name=repr(name)))
    if taken:
        raise ScaffoldError(_("a Python module named {name} already exists; choose another "
                              "name").format(name=repr(name)))
    distribution = distribution_name(name)
    try:
        metadata.distribution(distribution)
    except metadata.PackageNotFoundError:
        return name
    raise ScaffoldError(_("a distribution named {name} is already installed; choose another "
                          "name").format(name=repr(distribution)))


def distribution_name(name: str) -> str:
    """The distribution (pip) name of game `name`: `tabletop-` and its words joined by `-`,
    already in PEP 503's normal form."""
    return "tabletop-" + name.replace("_", "-")


def create_game(name: str, directory: Path, players: int = 2, board: str = "square",
                installed_games: Iterable[str] = ()) -> Scaffold:
    """Write the distribution of a new game `name` into `directory`; return what was written.

    `directory` must not exist or be an empty folder. Raises `ScaffoldError` (one line)
    for a bad name, board or player count, or a folder that is not empty or cannot be
    written; nothing is left half-written by a refused call.
    """
    check_name(name, installed_games)
    shape = BOARDS.get(board)
    if shape is None:
        raise ScaffoldError(_("no board {board}: choose one of {boards}").format(
            board=repr(board), boards=", ".join(BOARDS)))
    if not shape.min_players <= players <= shape.max_players:
        if shape.min_players == shape.max_players:
            message = _("the {board} game ({game}) is for {low} players, not {players}")
        else:
            message = _("the {board} game ({game}) is for {low} to {high} players, "
                        "not {players}")
        raise ScaffoldError(message.format(board=board, game=_(shape.game),
                                           low=shape.min_players, high=shape.max_players,
                                           players=players))
    directory = Path(directory)
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(_("{folder} is not an empty folder; refusing to overwrite it")
                            .format(folder=directory))
    fields = template_fields(name, players, board)
    planned = dict(_planned_files(resources.files(__name__) / "template-files" / "common", fields))
    planned.update(_planned_files(resources.files(__name__) / "template-files" / board, fields))
    written = []
    try:
        for relative, content in sorted(planned.items()):
            target = directory.joinpath(*relative)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
            written.append(target)
        written += write_catalogs(name, directory / name)
    except OSError as exc:
        raise ScaffoldError(_("cannot write {folder}: {reason}").format(
            folder=directory, reason=exc.strerror or exc)) from None
    return Scaffold(directory, fields["distribution"], name, tuple(sorted(written)))


def write_catalogs(domain: str, package: Path) -> list[Path]:
    """The translation catalogs of the game in `package` (gettext domain `domain`), made
    from its code as `python -m tabletop.catalogs DOMAIN PACKAGE_DIR` makes them: the
    `.pot`, the French and German `.po` (to translate) and `.mo`, and an English `.po` and
    `.mo` holding the texts as written. Returns the files written."""
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.pofile import read_po, write_po

    from tabletop import catalogs

    place = catalogs.Domain(domain, package)
    written = [Path(path) for path in catalogs.build(place)]
    with (place.locale / f"{domain}.pot").open("rb") as handle:
        template = read_po(handle, domain=domain)
    english = BabelCatalog(locale="en", domain=domain, project=domain)
    english.update(template, no_fuzzy_matching=True)
    po = place.po("en")
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as handle:
        write_po(handle, english, width=88)
    written += [po, Path(catalogs.compile_mo(po))]
    return written


def template_fields(name: str, players: int, board: str) -> dict[str, str]:
    """The `$name` fields every template may use, for game `name`."""
    words = name.split("_")
    title = " ".join(word.capitalize() for word in words if word)
    return {
        "package": name,
        "game_id": name,
        "title": title,
        "Class": "".join(word.capitalize() for word in words if word),
        "distribution": distribution_name(name),
        "players": str(players),
        "board": board,
        "board_game": BOARDS[board].game,
        # Each board's option defaults, chosen so the game suits the number of players.
        "size": str({"square": 3 if players == 2 else players + 2, "hex": 5}.get(board, 0)),
        "line": "3" if players == 2 else "4",
        "hand": str(min(5, DECK_SIZE // players)),
        "hand_max": str(DECK_SIZE // players),
        "tutorial_deal": _tutorial_deal(players),
    }


#: The hands of the card game's tutorial, seat by seat (three cards each, as rank and
#: suit letter): the learner holds the highest spade, so the lead it is asked for wins.
_TUTORIAL_HANDS = (("9S", "4H", "2C"), ("3S", "8H", "5D"), ("6S", "1D", "7C"),
                   ("5H", "9D", "3C"))


def _tutorial_deal(players: int) -> str:
    """The card game's tutorial deal for `players` as a TOML inline table, in the form
    the game's records keep a set-up: the hands, then the undealt cards in deck order."""
    hands = _TUTORIAL_HANDS[:players]
    dealt = {card for hand in hands for card in hand}
    undealt = [f"{rank}{suit}" for suit in "SHDC" for rank in range(1, 10)
               if f"{rank}{suit}" not in dealt]

    def listed(cards: Iterable[str]) -> str:
        return "[" + ", ".join(f'"{card}"' for card in cards) + "]"

    return ("{ hands = [" + ", ".join(listed(hand) for hand in hands) + "], undealt = "
            + listed(undealt) + " }")


def _planned_files(root: Traversable, fields: dict[str, str],
                   prefix: tuple[str, ...] = ()) -> Iterable[tuple[tuple[str, ...], bytes]]:
    """(relative path parts, content) of every file under `root`, fields filled in."""
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name == "__pycache__":
            continue
        part = fields["package"] if entry.name == _PACKAGE_FOLDER else entry.name
        if part.startswith(_DOT):
            part = "." + part[len(_DOT):]
        if entry.is_dir():
            yield from _planned_files(entry, fields, (*prefix, part))
        elif part.endswith(_SUFFIX):
            text = entry.read_text(encoding="utf-8")
            try:
                filled = string.Template(text).substitute(fields)
            except (KeyError, ValueError) as exc:  # a template bug, not the user's
                raise ScaffoldError(_("template {file} is broken: {error}").format(
                    file="/".join((*prefix, part)), error=f"{type(exc).__name__}: {exc}")
                                    ) from None
            yield (*prefix, part[: -len(_SUFFIX)]), filled.encode("utf-8")
        else:
            yield (*prefix, part), entry.read_bytes()
