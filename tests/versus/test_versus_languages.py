"""Versus in French and German (issue 23): its catalog, its lines, seats, refusals,
hints, the board's words and its rulebook in the player's language; the notation the
players type stays the same in every language."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from games.versus.game import INFO
from games.versus.levels import LEVELS
from games.versus.pieces import SEAT_NAMES
from games.versus.state import VersusState
from games.versus.view.marks import preview_words
from games.versus.words import CATALOG
from tabletop import i18n
from tabletop.i18n import Catalog
from tabletop.lines import default_labels, render
from tabletop.model import IllegalMoveError, NotationError
from tabletop.plugins import Host
from tests.versus.helpers import BLUE, BROWN, GAME, build, move
from tests.versus.test_explain import SPARE, two_pulls
from tests.versus.test_limit import tug

ROOT = Path(__file__).parents[2]


@functools.cache
def installed() -> Host:
    return Host().load()


@pytest.fixture(autouse=True)
def _catalog_known() -> None:
    """The host registers the game's catalog when it loads the game (`Host.load`)."""
    i18n.register(CATALOG)


def plain(text: str) -> str:
    """`text` with French typography's no-break spaces (before ":", ";") as spaces."""
    return text.replace("\u00a0", " ")


def labels() -> tuple[str, ...]:
    return default_labels(INFO, 2)


def log(state: VersusState, text: str) -> list[str]:
    m = GAME.parse_move(state, text)
    return [plain(render(line, labels()))
            for line in GAME.describe(state, m, GAME.apply(state, m))]


def test_the_host_hands_out_the_games_catalog() -> None:
    info = installed().game("versus").info
    assert isinstance(info.catalog, Catalog)
    assert info.catalog.domain == "versus"
    assert info.catalog.folder == ROOT / "games" / "versus" / "locale"


@pytest.mark.parametrize(("language", "blue", "brown"),
                         [("en", "Blue", "Brown"), ("fr", "Bleu", "Marron"),
                          ("de", "Blau", "Braun")])
def test_the_seats_are_named_in_the_players_language(language: str, blue: str,
                                                      brown: str) -> None:
    i18n.set_language(language)
    assert (INFO.seat_name(0), INFO.seat_name(1)) == (blue, brown)
    assert SEAT_NAMES == ("Blue", "Brown")  # the game's words stay English


def test_the_rulebook_comes_in_each_language() -> None:
    assert INFO.rules_in("de") == (ROOT / "docs/rules/versus.de.md").read_text(
        encoding="utf-8")
    assert INFO.rules_in("fr") == (ROOT / "docs/rules/versus.fr.md").read_text(
        encoding="utf-8")
    assert INFO.rules_in("en") == INFO.rules_text
    assert INFO.rules_in("de").startswith("# Versus\n") and "Zielfeld" in INFO.rules_in("de")


@pytest.mark.parametrize(("language", "pull", "moved"), [
    ("en", "  The VERSUS pulls Brown's pawn of 1 brown and 4 blue sections from d8 to d7; "
           "it turns to Blue.", "Blue slides the VERSUS from d3 to d5 (Vd3-d5)."),
    ("fr", "  Le VERSUS attire le pion de Marron (1 marron / 4 bleu) de d8 à d7 ; il passe "
           "dans le camp de Bleu.", "Bleu fait glisser le VERSUS de d3 à d5 (Vd3-d5)."),
    ("de", "  Der VERSUS zieht den Stein von Braun (1 braun / 4 blau) von d8 nach d7; er "
           "wechselt auf die Seite von Blau.",
     "Blau lässt den VERSUS von d3 nach d5 gleiten (Vd3-d5)."),
])
def test_a_pull_is_told_in_the_players_language(language: str, pull: str,
                                                moved: str) -> None:  # versus.md §4
    i18n.set_language(language)
    said = log(two_pulls(*SPARE), "Vd3-d5")
    assert said[0] == moved
    assert pull in said


@pytest.mark.parametrize(("language", "frozen"), [
    ("en", "  It lands on the target f5 and is frozen there: it scores 3 points for Blue."),
    ("fr", "  Il arrive sur la cible f5 et y est figé : il rapporte 3 points à Bleu."),
    ("de", "  Er landet auf dem Zielfeld f5 und ist dort festgesetzt: Er bringt Blau 3 "
           "Punkte."),
])
def test_a_freeze_is_told_in_the_players_language(language: str,
                                                  frozen: str) -> None:  # versus.md §3, §7
    i18n.set_language(language)
    assert frozen in log(two_pulls(*SPARE), "Vd3-d5")


@pytest.mark.parametrize(("language", "kept"), [
    ("fr", "  La limite (§5) maintient le pion de Marron (3 marron / 2 bleu) en f6 : il a "
           "été attiré à chacun des deux derniers coups."),
    ("de", "  Die Grenze (§5) hält den Stein von Braun (3 braun / 2 blau) auf f6: Er wurde "
           "in jedem der letzten beiden Züge angezogen."),
])
def test_the_limit_is_told_in_the_players_language(language: str, kept: str) -> None:
    i18n.set_language(language)  # versus.md §5
    state = tug(blue_sections=2)
    assert kept in log(state, "Vc6-d6")


@pytest.mark.parametrize(("language", "ending"), [
    ("en", "Game over: the game is decided, Ada 3 - Bob 0."),
    ("fr", "Partie terminée : l'issue est acquise, Ada 3 - Bob 0."),
    ("de", "Partie beendet: Die Partie ist entschieden, Ada 3 - Bob 0."),
])
def test_the_end_is_told_with_the_seats_labels(language: str, ending: str) -> None:
    i18n.set_language(language)  # versus.md §6.3
    state = two_pulls()
    m = GAME.parse_move(state, "Vd3-d5")
    after = GAME.apply(state, m)
    assert plain(render(GAME.describe(state, m, after)[-1], ("Ada", "Bob"))) == ending
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.reason == "the game is decided, Blue 3 - Brown 0"  # records: English


@pytest.mark.parametrize(("language", "hint"), [
    ("fr", "Le VERSUS glisse de d3 à d5 et attire 2 pions : d8 arrive en d7 (vaut 4 pour "
           "vous), g4 arrive sur la cible f5 et y est figé (vaut 3 pour vous) ; vous gagnez "
           "3 points ; le VERSUS de Bob peut reprendre d7 au tour suivant."),
    ("de", "Der VERSUS gleitet von d3 nach d5 und zieht 2 Steine an: d8 landet auf d7 (für "
           "Sie 4 wert), g4 landet auf dem Zielfeld f5 und wird dort festgesetzt (für Sie 3 "
           "wert); Sie gewinnen 3 Punkte; der VERSUS von Bob kann d7 im nächsten Zug "
           "zurückholen."),
])
def test_a_hint_explains_the_move_in_the_players_language(language: str,
                                                          hint: str) -> None:
    i18n.set_language(language)  # versus.md §4, §7
    state = two_pulls(*SPARE)
    said = GAME.explain(state, move(state, (-3, 2), (-1, 2)), BLUE)
    assert plain(render(said, ("Ada", "Bob"))) == hint


@pytest.mark.parametrize(("language", "step"), [
    ("fr", "Le pion va de d5 à e5 (vaut 4 pour vous), plus près de la cible vide f5 "
           "(encore 1 case)."),
    ("de", "Der Stein zieht von d5 nach e5 (für Sie 4 wert), näher an das leere Zielfeld "
           "f5 (noch 1 Feld)."),
])
def test_a_steps_hint_counts_in_the_players_language(language: str, step: str) -> None:
    i18n.set_language(language)  # versus.md §1, §3
    state = build((-5, 5), (5, -5), [(-1, 2, 4, BLUE), *SPARE])
    said = GAME.explain(state, move(state, (-1, 2), (-1, 1)), BLUE)
    assert plain(render(said, ("Ada", "Bob"))) == step


@pytest.mark.parametrize(("language", "refusal"), [
    ("fr", "k1 porte le pion de Bob (3 marron / 2 bleu), et Ada ne peut déplacer que ses "
           "propres pièces (§3)"),
    ("de", "auf k1 steht der Stein von Bob (3 braun / 2 blau), und Ada darf nur eigene "
           "Figuren bewegen (§3)"),
])
def test_a_refusal_says_why_in_the_players_language(language: str, refusal: str) -> None:
    i18n.set_language(language)  # versus.md §3
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.parse_move(start, "k1-j1")
    assert plain(render(refused.value.line, ("Ada", "Bob"))) == refusal


def test_the_option_a_refusal_names_is_in_the_players_language() -> None:
    i18n.set_language("de")  # versus.md §3, §8
    state = build((-1, 2), (5, -5), [(4, -4, 0, BROWN)])
    with pytest.raises(IllegalMoveError) as refused:
        GAME.parse_move(state, "Vd5-f5")
    assert render(refused.value.line) == ("ein VERSUS darf nicht auf dem Zielfeld f5 stehen "
                                          "bleiben (§3; die Option „VERSUS auf Zielfeld“ "
                                          "erlaubt es)")


def test_notation_stays_the_same_and_its_errors_are_translated() -> None:
    i18n.set_language("fr")  # versus.md §9
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    assert GAME.move_to_text(start, GAME.parse_move(start, "Va3-e3")) == "Va3-e3"
    with pytest.raises(NotationError) as bad:
        GAME.parse_move(start, "x9")
    assert render(bad.value.line) == ("'x9' n'est pas un coup de Versus (écrivez par exemple "
                                      "'b2-c2', 'Va3-e3', 'resign' ou 'draw')")


def test_the_levels_and_options_are_in_the_catalog() -> None:
    i18n.set_language("de")
    assert [i18n.translated(level.name) for level in LEVELS] == [
        "Hobby", "Verein", "Experte"]
    assert all(CATALOG.knows(level.blurb) for level in LEVELS)
    for option in INFO.options:
        assert CATALOG.knows(option.label) and CATALOG.knows(option.help)
        assert all(CATALOG.knows(name) for name, _ in option.presets)
    assert CATALOG.knows(INFO.description) and CATALOG.knows(INFO.rules_help)


def test_the_boards_words_follow_the_language() -> None:
    state = two_pulls(*SPARE)
    m = move(state, (-3, 2), (-1, 2))
    preview = GAME.preview(state, m)
    assert preview_words(m, preview) == "pulls 2 pawns to your side, 1 onto a target"
    i18n.set_language("fr")
    assert plain(preview_words(m, preview)) == "attire 2 pions dans votre camp, 1 sur une cible"
    assert "Bleu joue." in GAME.render_text(state)
    i18n.set_language("de")
    assert preview_words(m, preview) == "zieht 2 Steine auf Ihre Seite, 1 auf ein Zielfeld"
    assert "Blau ist am Zug." in GAME.render_text(state)
