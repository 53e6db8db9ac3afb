"""The French and German rulebooks are the English ones, section for section.

docs/rules/<game>.fr.md and <game>.de.md must have the English document's section numbers
(a citation such as `verso.md §4.2` means the same rule in every language), its rulings,
its § references, its notation (code spans) and its Markdown shape, no paragraph left in
English, and the words the publisher's own rulebooks use for the game's things and actions.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from tabletop.ui.markdown import Block, parse

ROOT = Path(__file__).parents[2]
RULES = ROOT / "docs" / "rules"
GAMES = ("verso", "versus")
LANGS = ("fr", "de")
CASES = [(game, lang) for game in GAMES for lang in LANGS]

HEADING = re.compile(r"^(##|###) (\d+)(?:\.(\d+))?\.? \S", re.MULTILINE)
SECTION_REF = re.compile(r"§\s*(\d+(?:\.\d+)?)")
CODE = re.compile(r"`([^`]+)`")
# What marks a ruling: a bold span that starts with these words ("**Our ruling:**",
# "**Our ruling on the layout:**", and the mention "marked **Our ruling**").
RULING = {"en": "Our ruling", "fr": "Notre décision", "de": "Unsere Festlegung"}
# Said where the English text introduces the notation the players type.
SAME_NOTATION = {"fr": "dans toutes les langues", "de": "in allen Sprachen"}
# English function words that no French or German sentence contains (not "on", "in",
# "an", "was", "will", "also": those are French or German words too).
ENGLISH = re.compile(r"\b(the|and|which|with|you|your|of|is|are|to|this|that|when|from|"
                     r"be|it|for|not|only|can|must|each)\b", re.IGNORECASE)

# The publisher's words, from the Verso rulebooks in French and German (Gigamic 2024; the
# German edition by Strohmann Games) and, for Versus, the published rules' terms in natural
# French and German. A term is found if the text contains it (any ending, any case); a word
# of NOT_TERMS only as a whole word.
TERMS = {
    ("verso", "fr"): [
        "carte",            # card
        "pioche",           # deck (the draw pile)
        "piocher",          # draw a card
        "défausse",         # discard pile (défausser: discard)
        "conserver",        # keep the face up
        "retourner",        # flip / turn over
        "série",            # sequence
        "valider",          # bank a sequence
        "carré",            # square
        "joker",            # joker
        "voisins",          # neighbours
        "points de victoire",  # (victory) points
        "mode solo",        # solo mode
    ],
    ("verso", "de"): [
        "Karte",            # card
        "Stapel",           # deck
        "ziehen",           # draw a card
        "abwerfen",         # discard (abgeworfene Karten: the discards)
        "umdrehen",         # flip / turn over
        "Straße",           # sequence
        "werten",           # bank a sequence
        "Quadrat",          # square
        "Stern",            # joker (the German edition calls it a star)
        "Auslage",          # display
        "Nachbarn",         # neighbours
        "Wertigkeit",       # a face's points
        "Solo-Modus",       # solo mode
    ],
    ("versus", "fr"): [
        "VERSUS", "plateau", "hexagone", "hexagones cibles", "axe central", "pion",
        "couleur dominante", "attraction", "attir", "Bleu", "Marron", "force égale",
        "abandon", "partie nulle",
    ],
    ("versus", "de"): [
        "VERSUS", "Spielplan", "Sechseck", "Zielfeld", "Mittelachse", "Spielstein",
        "vorherrschende Farbe", "Anziehung", "angezogen", "Blau", "Braun",
        "gleiche Stärke", "Aufgabe", "Remis",
    ],
}
# Words that are not the publisher's, which a translator might reach for instead.
NOT_TERMS = {
    ("verso", "fr"): ["séquence", "paquet", "deck", "banque", "encaisser"],
    ("verso", "de"): ["Sequenz", "Deck", "Ablagestapel", "Joker-Karte", "Sternchen"],
    ("versus", "fr"): ["brun", "case cible"],
    ("versus", "de"): ["Bauer", "Spielbrett"],
}


def path(game: str, lang: str) -> Path:
    return RULES / (f"{game}.md" if lang == "en" else f"{game}.{lang}.md")


def text(game: str, lang: str) -> str:
    return path(game, lang).read_text(encoding="utf-8")


def language_line(game: str) -> str:
    """The line under the title that names the three versions."""
    return (f"English (`{game}.md`) · Français (`{game}.fr.md`) · "
            f"Deutsch (`{game}.de.md`)")


def body(game: str, lang: str) -> str:
    """The document without its language line (the English one has none)."""
    lines = text(game, lang).splitlines()
    if lang != "en":
        assert lines[1] == "" and lines[2].endswith(language_line(game)), lines[:3]
        assert lines[3] == ""
        lines = lines[:1] + lines[3:]
    return "\n".join(lines) + "\n"


def sections(document: str) -> dict[str, str]:
    """The text of each numbered section (its own text, not its subsections'); "0" is the
    part before its first numbered heading."""
    parts: dict[str, str] = {}
    at, name = 0, "0"
    for match in HEADING.finditer(document):
        parts[name] = document[at:match.start()]
        major, minor = match.group(2), match.group(3)
        name = f"{major}.{minor}" if minor else major
        at = match.start()
    parts[name] = document[at:]
    return parts


def numbers(game: str, lang: str) -> list[tuple[str, str]]:
    """Each numbered heading's level and number, in order."""
    return [(level, f"{major}.{minor}" if minor else major)
            for level, major, minor in HEADING.findall(text(game, lang))]


def rulings(section: str, lang: str) -> int:
    """How many bold spans of a section start with the ruling marker."""
    return sum(1 for bold in re.findall(r"\*\*(.+?)\*\*", section)
               if bold.startswith(RULING[lang]))


def flat(text: str) -> str:
    """The text with its line breaks and runs of spaces as single spaces."""
    return " ".join(text.split())


def shape(blocks: list[Block]) -> list[tuple[str, int, str]]:
    return [(block.kind, block.level, block.marker) for block in blocks]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_translation_exists_and_names_the_language_versions(game: str, lang: str) -> None:
    assert path(game, lang).is_file()
    document = text(game, lang)
    assert document.startswith(f"# {game.capitalize()}\n\n")
    body(game, lang)  # the language line is the first paragraph under the title
    for other in ("en", *LANGS):
        assert path(game, other).is_file()


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_section_numbers_are_the_english_ones_in_order(game: str, lang: str) -> None:
    english = numbers(game, "en")
    assert len(english) >= 10
    assert numbers(game, lang) == english


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_ruling_and_section_reference_is_in_the_same_section(game: str,
                                                                    lang: str) -> None:
    english, translated = sections(body(game, "en")), sections(body(game, lang))
    assert list(translated) == list(english)
    assert sum(rulings(part, "en") for part in english.values()) >= 5
    for name, part in english.items():
        assert rulings(translated[name], lang) == rulings(part, "en"), f"§{name}"
        assert "Our ruling" not in translated[name], f"§{name}"
        assert (sorted(SECTION_REF.findall(translated[name]))
                == sorted(SECTION_REF.findall(part))), f"§{name}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_notation_and_names_in_code_are_kept_as_in_english(game: str, lang: str) -> None:
    """Every code span of a section (moves, cells, options, coordinates) is there, unchanged;
    a translation may add some (the colour words a French or German player types)."""
    english, translated = sections(body(game, "en")), sections(body(game, lang))
    for name, part in english.items():
        missing = Counter(CODE.findall(part)) - Counter(CODE.findall(translated[name]))
        assert not missing, f"§{name}: {sorted(missing)}"
    # Where the English introduces the notation, the translation says it is the same in
    # every language.
    (notation,) = [name for name, part in english.items() if "Moves are written" in part]
    assert SAME_NOTATION[lang] in flat(translated[notation])


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_markdown_has_the_english_shape(game: str, lang: str) -> None:
    """Headings, paragraphs, bullets and numbered steps in the same order and nesting, and
    no markup the Rules screen would show as stray characters."""
    english, translated = parse(body(game, "en")), parse(body(game, lang))
    assert shape(translated) == shape(english)
    for block in parse(text(game, lang)):
        plain = "".join(span.text for span in block.spans)
        assert not re.search(r"\*|__|\[.*\]\(|^\|", plain), (game, lang, plain)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_no_english_is_left(game: str, lang: str) -> None:
    leftovers = []
    for block in parse(body(game, lang)):
        plain = " ".join(span.text for span in block.spans if not span.code)
        plain = re.sub(r"\b(?:verso|versus)\.md\b", "", plain)
        leftovers += [f"{word!r} in: {plain}" for word in ENGLISH.findall(plain)]
    assert not leftovers, "\n".join(leftovers)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_publishers_terms_are_used(game: str, lang: str) -> None:
    plain = flat(CODE.sub("", body(game, lang))).lower()
    missing = [term for term in TERMS[game, lang] if term.lower() not in plain]
    assert not missing, missing
    others = [term for term in NOT_TERMS[game, lang]
              if re.search(rf"\b{re.escape(term.lower())}\b", plain)]
    assert not others, others


def test_the_piece_is_written_as_the_publisher_writes_it() -> None:
    """VERSUS, the piece, in capitals; "Versus" is only the game's name."""
    for lang in LANGS:
        plain = CODE.sub("", body("versus", lang))
        assert plain.count("VERSUS") >= 20
        assert re.findall(r"\bVersus\b", plain) == ["Versus", "Versus"], lang  # title, line 1


def test_nothing_cites_rules_outside_the_repository() -> None:
    for game, lang in CASES:
        document = text(game, lang)
        for needle in ("shared" + "/", "seeds", "../"):
            assert needle not in document, (game, lang, needle)
