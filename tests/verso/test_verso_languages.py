"""Verso in French and German: its lines, words, rules and table in the player's language,
with the rulebooks' terms (docs/rules/verso.fr.md, verso.de.md); English is unchanged.
The language goes back to English after each test (conftest)."""

from __future__ import annotations

import pytest

from games.verso.cards import BLUE, face_text
from games.verso.game import VersoGame
from games.verso.state import FLIP, PASS, Bank, Move, VersoState
from games.verso.words import CARD_WORDS, CATALOG, FACE_WORDS
from tabletop import i18n
from tabletop.i18n import Catalog
from tabletop.lines import render
from tabletop.play import option_words
from tabletop.plugins import Host
from tests.verso.scenario import table

GAME = VersoGame()
# Player 1 banks blue 3, the joker as 4, and 5; Player 2 flips its blue 1 into a green 6
# it holds already, which is discarded (verso.md §4.2).
STATE = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3)],
               [("blue", 1, 1, "green", 6), ("green", 6, 1)]])
BANK = Bank(BLUE, (3, 5), 4)


@pytest.fixture(autouse=True)
def host() -> Host:
    """The host, which registers the game's catalog (lines are words through it)."""
    return Host().load()


def _log(state: VersoState = STATE, move: Move = BANK) -> list[str]:
    return [plain(render(line, ("Ada", "Bob")))
            for line in GAME.describe(state, move, GAME.apply(state, move))]


def plain(text: str) -> str:
    """`text` with French's no-break spaces (before : ; ? !) as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def test_the_card_words_are_the_faces_words() -> None:
    # The catalog knows every face a log line names (`cards.face_text`).
    assert tuple(face_text(face) for face in range(42)) == FACE_WORDS
    assert tuple(text.split(" (")[0] for text in FACE_WORDS[:21]) == CARD_WORDS


def test_a_bank_is_told_in_french_with_the_rulebooks_words() -> None:
    i18n.set_language("fr")
    assert _log() == [
        "Ada valide une série bleue : 3 J=4 5.",
        "Bob retourne le 1 bleu (1 pt), qui devient le 6 vert (3 pts).",
        "Bob défausse le 6 vert (3 pts) : son jeu montre déjà cette face.",
        "Ada marque 5 points.",
        "Ada défausse le joker bleu (1 pt) (le joker, pris comme 4).",
        "Ada défausse le 5 bleu (3 pts).",
    ]


def test_a_bank_is_told_in_german_with_the_rulebooks_words() -> None:
    i18n.set_language("de")
    assert _log() == [
        "Ada wertet eine blaue Straße: 3 J=4 5.",
        "Bob dreht um: blaue 1 (1 Pkt.) wird zu grüne 6 (3 Pkt.).",
        "Bob wirft ab: grüne 6 (3 Pkt.) (die Auslage hat diese Seite schon).",
        "Ada bekommt 5 Punkte.",
        "Ada wirft ab: blauer Stern (1 Pkt.) (der Stern, als 4).",
        "Ada wirft ab: blaue 5 (3 Pkt.).",
    ]


def test_english_is_unchanged() -> None:
    assert _log()[0] == "Ada banks blue 3 J=4 5."
    assert _log()[1] == "Bob flips blue 1 (1 pt): it becomes green 6 (3 pts)."


def test_the_end_and_the_solo_opponent_in_both_languages() -> None:
    solo = table([[]], deck=[("orange", 1, 1), ("blue", 1, 1, "green", 6)], filler=0)
    after = GAME.apply(solo, FLIP)
    i18n.set_language("fr")
    lines = _log(solo, FLIP)
    assert lines[1].startswith("L'adversaire fictif retourne le 1 bleu (1 pt)")
    assert lines[-1] == ("La pioche est vide : la partie se termine. Vous pouvez valider "
                         "une dernière série.")
    assert _log(after, PASS)[-1] == "Partie terminée : score final 0 points."
    i18n.set_language("de")
    assert _log(solo, FLIP)[2] == "Ada hat keine grüne Karte zum Umdrehen."
    assert _log(after, PASS)[0] == "Ada passt bei der letzten Wertung."


def test_a_game_of_three_ends_in_the_language() -> None:
    state = table([[("blue", 1, 1), ("blue", 2, 1)], [], []], filler=0)
    state = GAME.apply(state, Bank(BLUE, (1, 2)))  # the deck was empty: final round
    for _ in range(3):
        before, state = state, GAME.apply(state, PASS)
    i18n.set_language("de")
    said = plain(render(GAME.describe(before, PASS, state)[-1], ("Ada", "Bob", "Cy")))
    assert said == "Partie beendet: Ada gewinnt mit 2 Punkten (Ada 2, Bob 0, Cy 0)."


def test_seat_names_and_counts_follow_the_languages_plural_rules(host: Host) -> None:
    info = host.game("verso").info
    i18n.set_language("fr")
    assert info.seat_name(1) == "Joueur 2"
    picture = plain(str(GAME.render_text(STATE)))
    assert "Pioche : 10 cartes" in picture and "Défausse : 0 carte\n" in picture
    assert ">Joueur 1 : 0 point\n" in picture and "    bleu   3(1) 5(3) J(1)" in picture
    i18n.set_language("de")
    assert info.seat_name(1) == "Spieler 2"
    picture = plain(str(GAME.render_text(STATE)))
    assert "Abwurfstapel: 0 Karten" in picture and ">Spieler 1: 0 Punkte" in picture


def test_the_rulebook_comes_in_the_language() -> None:
    info = VersoGame.info
    french, german = info.rules_in("fr") or "", info.rules_in("de") or ""
    assert french.startswith("# Verso\n\nLangues")
    assert "## 4. Un tour : piocher ou valider" in french
    assert "## 4. Ein Zug: ziehen oder werten" in german
    assert info.rules_in("en") == info.rules_text


def test_the_host_registers_the_games_catalog(host: Host) -> None:
    info = host.game("verso").info
    assert isinstance(info.catalog, Catalog) and info.catalog.domain == "verso"
    assert info.catalog is CATALOG
    i18n.set_language("fr")
    assert i18n.translated(info.description).startswith("Conservez ou retournez")
    assert option_words.title(info.option("deck")) == "Pioche"
    assert i18n.translated("Beginner") == "Débutant"
    i18n.set_language("de")
    assert i18n.translated("Expert") == "Experte"
    assert i18n.translated("the deck ran out") == "der Stapel ist aufgebraucht"


def test_a_hint_and_a_refusal_in_the_language() -> None:
    i18n.set_language("fr")
    said = plain(render(GAME.explain(STATE, BANK, 0), ("Ada", "Bob")))
    assert said.startswith("Valide la série bleue 3-4-5 (le joker pris comme 4) pour 5 "
                           "points, en défaussant le joker et le 5 (le 3 reste) ; Bob doit "
                           "retourner le 1 bleu (1 pt)")
    i18n.set_language("de")
    try:
        GAME.parse_move(STATE, "bank blue 1 2")
    except ValueError as error:
        assert str(error) == "Sie haben keine blaue 1, 2"
    else:
        raise AssertionError("bank blue 1 2 is not legal here")
