"""Reversi in French and German: the game's own catalog (a plugin ships its translations
in its package), its lines, seats, refusals and rulebook in the player's language; the
notation ("d3", "pass") stays the same in every language."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.resources import files

import pytest
from tabletop_reversi import rules
from tabletop_reversi.game import Reversi
from tabletop_reversi.rules import Position
from tabletop_reversi.words import CATALOG

from tabletop import i18n
from tabletop.i18n import Catalog
from tabletop.lines import render
from tabletop.model import IllegalMoveError, NotationError

GAME = Reversi()
NAMES = ("Ada", "Bob")


@pytest.fixture(autouse=True)
def _language() -> Iterator[None]:
    """The host registers a game's catalog when it loads it; each test ends in English."""
    i18n.register(GAME.info.catalog)
    yield
    i18n.set_language("en")


def position(rows: list[str], to_move: int | None = 0) -> Position:
    """A position from a picture: one string per row from the top, x Black, o White."""
    discs = "".join(rows).replace("x", rules.BLACK).replace("o", rules.WHITE)
    return Position(len(rows), discs, to_move)


def test_the_game_hands_its_catalog_to_the_host() -> None:
    catalog = GAME.info.catalog
    assert isinstance(catalog, Catalog) and catalog is CATALOG
    assert catalog.domain == "reversi"
    for language in ("fr", "de"):
        assert (catalog.folder / language / "LC_MESSAGES" / "reversi.mo").is_file()


@pytest.mark.parametrize(("language", "black", "white"),
                         [("en", "Black", "White"), ("fr", "Noir", "Blanc"),
                          ("de", "Schwarz", "Weiß")])
def test_the_seats_are_named_in_the_players_language(language: str, black: str,
                                                      white: str) -> None:
    i18n.set_language(language)
    assert (GAME.info.seat_name(0), GAME.info.seat_name(1)) == (black, white)


@pytest.mark.parametrize(("language", "won", "drawn"), [
    ("en", "Ada has more discs, 64 to 0", "equal discs, 18 each"),
    ("fr", "Ada a plus de pions, 64 contre 0", "égalité, 18 pions chacun"),
    ("de", "Ada hat mehr Steine, 64 zu 0", "Gleichstand, je 18 Steine"),
])
def test_the_outcome_is_said_in_the_players_language(language: str, won: str,
                                                     drawn: str) -> None:  # rules.md §7
    i18n.set_language(language)
    full = GAME.outcome(position(["x" * 8] * 8, to_move=None))
    equal = GAME.outcome(position(["xxxooo"] * 6, to_move=None))
    assert full is not None and equal is not None
    assert render(full.said, NAMES) == won
    assert render(equal.said, NAMES) == drawn
    assert full.reason == "Black has more discs, 64 to 0"  # records keep English


@pytest.mark.parametrize(("language", "played", "taken"), [
    ("fr", "Noir joue d3 et retourne d4.", "d4 est occupée"),
    ("de", "Schwarz setzt auf d3 und dreht d4 um.", "d4 ist besetzt"),
])
def test_moves_and_refusals_in_the_players_language(language: str, played: str,
                                                    taken: str) -> None:  # rules.md §3
    i18n.set_language(language)
    start = GAME.new_state(2, {"size": 8}, seed=0)
    move = GAME.parse_move(start, "d3")  # the notation is the same in every language
    lines = GAME.describe(start, move, GAME.apply(start, move))
    assert [render(line, (GAME.info.seat_name(0), GAME.info.seat_name(1)))
            for line in lines] == [played]
    with pytest.raises(IllegalMoveError) as refused:
        GAME.parse_move(start, "d4")
    assert render(refused.value.line) == taken
    with pytest.raises(NotationError) as bad:
        GAME.parse_move(start, "z9")
    assert render(bad.value.line).startswith("'z9' ")


def test_rules_in_gives_the_rulebook_of_each_language() -> None:
    package = files("tabletop_reversi")
    assert GAME.info.rules_in("fr") == package.joinpath("rules.fr.md").read_text(
        encoding="utf-8")
    assert GAME.info.rules_in("de") == package.joinpath("rules.de.md").read_text(
        encoding="utf-8")
    assert GAME.info.rules_in("en") == GAME.info.rules_text


def test_the_rulebooks_have_the_english_sections() -> None:
    def sections(text: str) -> list[str]:
        return [line.split(".")[0] for line in text.splitlines() if line.startswith("## ")]

    english = sections(GAME.info.rules_text or "")
    assert english == [f"## {n}" for n in range(1, 8)]
    for language in ("fr", "de"):
        assert sections(GAME.info.rules_in(language) or "") == english


def test_every_text_of_the_game_is_translated() -> None:
    i18n.set_language("de")
    info = GAME.info
    for text in (info.description, info.rules_help, info.options[0].label,
                 info.options[0].help, *info.seat_names):
        assert CATALOG.knows(text), text
