"""The languages' frame (tabletop.i18n, tabletop.catalogs): which language is chosen,
every catalog complete, plural rules, numbers and dates by locale, a game's lines in the
player's language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tabletop import i18n
from tabletop.catalogs import BUILT_IN, Domain, fields, problems
from tabletop.lines import Line, seat
from tabletop.plugins import Host
from tabletop.store.settings import Settings


@pytest.mark.parametrize("domain", BUILT_IN, ids=lambda d: d.name)
def test_every_text_has_a_french_and_a_german_translation(domain: Domain) -> None:
    """Every message of the code (and of the tutorial) is in the catalogs, translated,
    not fuzzy, with the English's fields, and compiled: for the host, both games and
    Reversi."""
    found = problems(domain)
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} in all; run make i18n)"


def test_the_check_bites_on_a_missing_a_fuzzy_and_a_mismatched_translation(
        tmp_path: Path) -> None:
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.pofile import write_po

    from tabletop.catalogs import build

    package = tmp_path / "toy"
    package.mkdir()
    (package / "words.py").write_text(
        "from tabletop.i18n import _\n"
        "A = _('{name} wins')\nB = _('Draw')\nC = _('New game')\nD = _('Fine')\n",
        encoding="utf-8")
    domain = Domain("toy", package)
    build(domain)
    for language in ("fr", "de"):
        catalog = BabelCatalog(locale=language, domain="toy")
        catalog.add("{name} wins", "{nom} gagne")  # a field renamed
        catalog.add("Draw", "Nulle", flags=("fuzzy",))
        catalog.add("Fine", "Bien")  # 'New game' is missing
        with domain.po(language).open("wb") as handle:
            write_po(handle, catalog)
    found = "\n".join(problems(domain))
    assert "fields ['nom'] where the English has ['name']" in found
    assert "'Draw': fuzzy" in found
    assert "'New game': not in the catalog" in found
    assert "not compiled from its .po" in found
    assert "'Fine'" not in found


def _toy_catalogs(tmp_path: Path) -> Domain:
    """A small domain with a plural, a context and a field, translated and compiled."""
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.pofile import write_po

    from tabletop.catalogs import build

    package = tmp_path / "toy"
    package.mkdir()
    (package / "words.py").write_text(
        "from tabletop.i18n import _, ngettext, pgettext\n"
        "A = _('{name} wins')\nB = ngettext('{n} point', '{n} points', 2)\n"
        "C = pgettext('verb', 'Bank')\n", encoding="utf-8")
    domain = Domain("toy", package)
    build(domain)
    for language, words in (("fr", ("{name} gagne", "Valider", "{n} point", "{n} points")),
                            ("de", ("{name} gewinnt", "Sichern", "{n} Punkt", "{n} Punkte"))):
        catalog = BabelCatalog(locale=language, domain="toy")
        catalog.add("{name} wins", words[0])
        catalog.add("Bank", words[1], context="verb")
        # As many plural forms as this Babel's rule for the language has.
        forms = (*words[2:], *[words[3]] * (catalog.num_plurals - 2))
        catalog.add(("{n} point", "{n} points"), forms)
        with domain.po(language).open("wb") as handle:
            write_po(handle, catalog)
    build(domain)
    assert problems(domain) == []
    return domain


def test_a_catalog_compiled_by_another_babel_release_still_passes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check compares what a player reads, not bytes: a `.mo` compiled by another
    Babel release (its `Generated-By` header says so, and the file's length differs)
    is the same catalog."""
    import io

    import babel.messages.catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    domain = _toy_catalogs(tmp_path)
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "2.14.0rc99")
    for language in ("fr", "de"):
        with domain.po(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        assert b"Generated-By: Babel 2.14.0rc99" in buffer.getvalue()
        assert buffer.getvalue() != domain.mo(language).read_bytes()
        domain.mo(language).write_bytes(buffer.getvalue())
    monkeypatch.undo()
    assert problems(domain) == []


def test_a_changed_translation_plural_or_plural_rule_fails_the_check(tmp_path: Path) -> None:
    """A `.mo` that reads differently from its `.po` is stale: a translation, a plural
    form or the `Plural-Forms` rule changed after compiling."""
    domain = _toy_catalogs(tmp_path)
    fr, de = domain.mo("fr"), domain.mo("de")
    fr.write_bytes(fr.read_bytes().replace(b"gagne", b"perde"))
    de.write_bytes(de.read_bytes().replace(b"Punkte", b"Punkta"))
    found = "\n".join(problems(domain))
    assert f"{fr}: not compiled from its .po" in found
    assert f"{de}: not compiled from its .po" in found
    (tmp_path / "again").mkdir()
    domain = _toy_catalogs(tmp_path / "again")
    mo = domain.mo("de")
    assert b"plural=(n != 1)" in mo.read_bytes()
    mo.write_bytes(mo.read_bytes().replace(b"plural=(n != 1)", b"plural=(n != 2)"))
    assert f"{mo}: not compiled from its .po" in "\n".join(problems(domain))
    mo.write_bytes(b"not a catalog")
    assert f"{mo}: not compiled from its .po" in "\n".join(problems(domain))


def test_fields_are_named_braces() -> None:
    assert fields("{a} and {b:>3} but {{not}}") == {"a", "b:>3"}


def test_the_language_comes_from_the_flag_then_the_environment_then_settings_then_locale(
) -> None:
    assert i18n.resolve("de", "fr", {"TABLETOP_LANG": "fr", "LANG": "fr_FR.UTF-8"}) \
        == ("de", None)
    assert i18n.resolve(None, "de", {"TABLETOP_LANG": "fr_CH", "LANG": "en_GB"}) \
        == ("fr", None)
    assert i18n.resolve(None, "de", {"LANG": "fr_FR.UTF-8"}) == ("de", None)
    assert i18n.resolve(None, None, {"LANG": "de_AT.UTF-8"}) == ("de", None)
    assert i18n.resolve(None, None, {"LANGUAGE": "es:fr", "LANG": "de_DE"}) == ("fr", None)
    assert i18n.resolve(None, None, {"LC_ALL": "C", "LANG": "fr_FR"}) == ("en", None)
    assert i18n.resolve(None, None, {"LANG": "es_ES.UTF-8"}) == ("en", None)
    assert i18n.resolve(None, None, {}) == ("en", None)
    code, warning = i18n.resolve(None, "de", {"TABLETOP_LANG": "klingon"})
    assert code == "de" and warning is not None and "\n" not in warning
    assert "TABLETOP_LANG" in warning and "en, fr, de" in warning


def test_an_unknown_language_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="not a language of Tabletop"):
        i18n.set_language("xx")
    assert i18n.language() == "en"
    settings = Settings(language="xx")
    with pytest.raises(ValueError, match="setting language"):
        settings.save(Path("/nonexistent"))


def test_a_saved_language_that_is_not_ours_falls_back_and_keeps_the_rest(
        tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"language": "tlh", "volume": 0.25}')
    settings, message = Settings.load(tmp_path)
    assert settings.language == "" and settings.volume == 0.25
    assert message is not None and "language" in message


def test_a_change_of_language_is_told_and_applies_at_once() -> None:
    heard: list[str] = []
    stop = i18n.on_change(heard.append)
    try:
        i18n.set_language("fr")
        first = i18n.ngettext("{count} game", "{count} games", 1)
        i18n.set_language("de")
        i18n.set_language("de")  # no change, no word
    finally:
        stop()
    i18n.set_language("fr")
    assert heard == ["fr", "de"]
    assert first != "{count} game"


@pytest.mark.parametrize(("language", "one", "two", "zero"), [
    ("en", "1 game", "2 games", "0 games"),
    ("fr", "1 partie", "2 parties", "0 partie"),
    ("de", "1 Partie", "2 Partien", "0 Partien"),
])
def test_plurals_follow_each_languages_rule(language: str, one: str, two: str,
                                            zero: str) -> None:
    """French counts 0 as one ("0 partie"), German as many: the catalogs' rules."""
    i18n.set_language(language)

    def games(n: int) -> str:
        return i18n.ngettext("{count} game", "{count} games", n).format(count=n)

    assert (games(1), games(2), games(0)) == (one, two, zero)


def test_numbers_dates_and_ago_are_written_the_languages_way() -> None:
    moment = datetime(2026, 11, 26, 14, 5, tzinfo=UTC)
    seen = {}
    for language in ("en", "fr", "de"):
        i18n.set_language(language)
        seen[language] = (i18n.number(1234.5, 1), i18n.percent(0.45),
                          i18n.day(moment.date()),
                          i18n.ago(moment - timedelta(minutes=5), now=moment))
    assert seen["en"] == ("1,234.5", "45%", "Nov 26, 2026", "5 minutes ago")
    assert seen["fr"][0] == "1\u202f234,5" and seen["fr"][1] == "45\u00a0%"
    assert seen["fr"][3] == "il y a 5 minutes" and "nov." in seen["fr"][2]
    assert seen["de"][:2] == ("1.234,5", "45\u00a0%")
    assert seen["de"][3] == "vor 5 Minuten" and seen["de"][2] == "26.11.2026"
    i18n.set_language("en")
    assert i18n.ago(moment, now=moment) == "just now"


def test_a_games_line_is_shown_in_the_players_language_with_its_seat_names() -> None:
    """Versus's resignation, with its seat names, in each language; a person's name is
    never translated."""
    versus = Host().game("versus")
    assert isinstance(versus.info.catalog, i18n.Catalog)
    line = Line.of("{player} resigns.", player=seat(0))
    labels = ("Ada",)
    shown = {}
    for language in ("en", "fr", "de"):
        i18n.set_language(language)
        shown[language] = (line.render(labels), versus.info.seat_name(1))
    assert shown["en"] == ("Ada resigns.", "Brown")
    assert shown["fr"][0].startswith("Ada ") and shown["fr"][0] != "Ada resigns."
    assert shown["de"][0].startswith("Ada ") and shown["de"][0] != "Ada resigns."
    assert shown["fr"][1] != "Brown" and shown["de"][1] != "Brown"


def test_a_translation_that_does_not_fit_its_line_falls_back_to_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged catalog entry (a field the line does not have) shows the English."""
    from babel.messages.catalog import Catalog as BabelCatalog
    from babel.messages.mofile import write_mo

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = BabelCatalog(locale="fr", domain="broken")
    catalog.add("{who} shrugs.", "{qui} hausse les épaules.")
    with (folder / "broken.mo").open("wb") as handle:
        write_mo(handle, catalog)
    monkeypatch.setattr(i18n, "_games", [])  # this catalog only, for this test
    i18n.register(i18n.Catalog("broken", tmp_path))
    i18n.set_language("fr")
    assert Line.of("{who} shrugs.", who="Ada").render() == "Ada shrugs."


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("verso", 3, {}), ("versus", 2, {"ply_limit": 120}), ("reversi", 2, {})])
def test_a_game_keeps_the_same_record_in_every_language(game_id: str, players: int,
                                                         options: dict[str, int]) -> None:
    """Same seed, same moves: the same record, byte for byte, whatever the language it
    was played in (an outcome's reason is kept in English), and it replays in another."""
    from tabletop.ai import RandomAgent
    from tabletop.play.table import Table
    from tabletop.record import Record, replay
    from tabletop.seats import seats_of

    game = Host().game(game_id)
    kept = {}
    for language in ("en", "fr", "de"):
        i18n.set_language(language)
        table = Table.of_game(None, game, seats_of(("random",) * players), options, 11,
                              agents={"random": RandomAgent()})
        table.run()
        assert table.session.outcome is not None
        kept[language] = table.session.record().to_json()
    assert kept["fr"] == kept["en"] == kept["de"]
    i18n.set_language("de")
    replay(game, Record.from_json(kept["fr"]))  # raises if the result differed
