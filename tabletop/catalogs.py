"""The translation catalogs, managed with Babel: extract, update, compile, check.

    python -m tabletop.catalogs            # every built-in domain (`make i18n`)
    python -m tabletop.catalogs --check    # say what is missing, change nothing
    python -m tabletop.catalogs DOMAIN PACKAGE_DIR   # a plugin's own (new-game's Makefile)

For each domain: the texts are extracted from the package's Python files (`_`, `N_`,
`ngettext`, `pgettext`, and the template of `tabletop.lines.Line.of`) and from its
`tutorial.toml` into `locale/DOMAIN.pot`; each language's
`locale/LANG/LC_MESSAGES/DOMAIN.po` is updated from it (a new one made where missing)
and compiled to its `.mo`, which the app reads.

`problems` is what the tests hold every catalog to: each text translated, none fuzzy,
the same `{fields}` as the English, and a `.mo` that says what its `.po` says.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import struct
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

#: The languages every catalog is translated into (English is the texts as written).
TRANSLATED = ("fr", "de")

#: The calls whose first text(s) are messages; `of` is `Line.of` (a game's line).
KEYWORDS = {"_": None, "gettext": None, "N_": None, "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2), "of": None}

_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Domain:
    """A catalog: its gettext domain and the package folder its texts come from (the
    catalogs live in its `locale/`)."""

    name: str
    package: Path

    @property
    def locale(self) -> Path:
        """The folder of the domain's catalogs."""
        return self.package / "locale"

    def po(self, language: str) -> Path:
        """The catalog of `language` (the file translators edit)."""
        return self.locale / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        """The compiled catalog of `language` (the file the app reads)."""
        return self.po(language).with_suffix(".mo")


#: The host's and the built-in games' catalogs, and the Reversi example's.
BUILT_IN = (
    Domain("tabletop", _ROOT / "tabletop"),
    Domain("verso", _ROOT / "games" / "verso"),
    Domain("versus", _ROOT / "games" / "versus"),
    Domain("reversi", _ROOT / "examples" / "tabletop-reversi" / "tabletop_reversi"),
)


def extract_tutorial(fileobj: Any, keywords: Any, comment_tags: Any,
                     options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for a `tutorial.toml`: every text a learner reads (titles,
    step texts, `why_not`, `done`, captions, the glance, the reasons of `not_taught`)."""
    from tabletop.tutorial import texts_of

    for text in texts_of(fileobj.read().decode("utf-8")):
        yield 0, "", text, []


def extract(domain: Domain) -> BabelCatalog:
    """Every message of `domain`'s package, as a fresh template."""
    catalog = BabelCatalog(project="Tabletop", domain=domain.name, fuzzy=False)
    methods = [("**/locale/**", "ignore"), ("**/tests/**", "ignore"),
               ("**.py", "python"), ("**/tutorial.toml", "tabletop.catalogs:extract_tutorial")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(domain.package), method_map=methods, keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                    context=context)
    return catalog


def build(domain: Domain) -> list[str]:
    """Extract, update (or start) each language's catalog and compile it; returns what
    was written."""
    template = extract(domain)
    domain.locale.mkdir(parents=True, exist_ok=True)
    written = [_write_po(template, domain.locale / f"{domain.name}.pot")]
    for language in TRANSLATED:
        path = domain.po(language)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=language, domain=domain.name)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            catalog = BabelCatalog(locale=language, domain=domain.name, project="Tabletop")
            catalog.update(template, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        written.append(_write_po(catalog, path))
        written.append(compile_mo(path))
    return written


def compile_mo(po: Path) -> str:
    """Compile `po` to the `.mo` beside it."""
    compiled = _mo_bytes(po)
    mo = po.with_suffix(".mo")
    # Rewritten only when a player would read something else: another Babel release
    # writes other header bytes for the same catalog, which is no change.
    if not mo.exists() or not reads_the_same(mo.read_bytes(), compiled):
        mo.write_bytes(compiled)
    return str(mo)


def _mo_bytes(po: Path) -> bytes:
    """The `.mo` of `po` (its language is the folder above `LC_MESSAGES`)."""
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=po.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _write_po(catalog: BabelCatalog, path: Path) -> str:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, omit_header=False, sort_output=False,
             include_previous=False, no_location=False)
    # The creation date changes on every run, and the Babel release that wrote the file
    # with every upgrade: keep the file as it was if only they did.
    bookkeeping = rb'"(?:POT-Creation-Date|Generated-By): [^"]*"\n'
    new = re.sub(bookkeeping, b"", buffer.getvalue())
    old = re.sub(bookkeeping, b"", path.read_bytes()) if path.exists() else None
    if new != old:
        path.write_bytes(buffer.getvalue())
    return str(path)


_FIELD = re.compile(r"\{([^{}]*)\}")


def fields(text: str) -> set[str]:
    """The `{fields}` of a text (`{{` and `}}` are braces, not fields)."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


def problems(domain: Domain) -> list[str]:
    """What is wrong with `domain`'s catalogs: a text of the code missing from a
    language's catalog, untranslated or fuzzy, with other `{fields}`, or a `.mo` that
    does not say what its `.po` says. Empty when all is well."""
    found: list[str] = []
    template = extract(domain)
    for language in TRANSLATED:
        path = domain.po(language)
        if not path.exists():
            found.append(f"{path}: missing (run make i18n)")
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in template:
            if not message.id:
                continue
            entry = catalog.get(message.id, context=message.context)
            key = message.id if isinstance(message.id, str) else message.id[0]
            where = f"{path.name} ({language}) {key!r}"
            if entry is None:
                found.append(f"{where}: not in the catalog (run make i18n)")
                continue
            strings = entry.string if isinstance(entry.string, (list, tuple)) \
                else [entry.string]
            if entry.fuzzy:
                found.append(f"{where}: fuzzy")
            if not all(strings):
                found.append(f"{where}: not translated")
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            wanted = set().union(*(fields(text) for text in ids))
            for string in strings:
                got = fields(str(string))
                # A plural form may leave the number out ("une partie"), never add one.
                if got != wanted and not (len(ids) > 1 and got <= wanted):
                    found.append(f"{where}: fields {sorted(got)} where the "
                                 f"English has {sorted(wanted)}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or not reads_the_same(mo.read_bytes(), _mo_bytes(path)):
            found.append(f"{mo}: not compiled from its .po (run make i18n)")
    return found


#: The header fields of a compiled catalog that change what a player reads: how plurals
#: are chosen, and how the bytes are decoded. The rest (`Generated-By`, dates, the
#: translator's name) is bookkeeping that differs between Babel releases.
READ_HEADERS = ("plural-forms", "content-type")


def reading(mo: bytes) -> tuple[dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]],
                                dict[str, str]]:
    """What a player reads from the compiled catalog `mo`: each message (its context
    and its singular and plural ids) with its translations, and the header fields
    that change behaviour (`READ_HEADERS`). Raises `OSError` for bytes that are no
    `.mo` at all."""
    catalog = read_mo(io.BytesIO(mo))
    messages = {}
    for message in catalog:
        if not message.id:
            continue  # the header: compared field by field below
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (message.string,) if isinstance(message.string, str) \
            else tuple(message.string or ())
        messages[(message.context, ids)] = strings
    # The header as gettext (what the app reads with) parses it.
    info = gettext.GNUTranslations(io.BytesIO(mo)).info()
    return messages, {field: info.get(field, "") for field in READ_HEADERS}


def reads_the_same(mo: bytes, other: bytes) -> bool:
    """Whether two compiled catalogs give a player the same texts: the same messages,
    plural forms, contexts and translations, and the same `READ_HEADERS`, whatever
    Babel release wrote each (a different `Generated-By` line is the same catalog)."""
    try:
        return reading(mo) == reading(other)
    except (OSError, UnicodeDecodeError, struct.error):
        return False  # a damaged or foreign file reads as nothing a player could use


def main(argv: list[str] | None = None) -> int:
    """`python -m tabletop.catalogs`: build (or check) the catalogs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("domain", nargs="?", help="a plugin's gettext domain")
    parser.add_argument("package", nargs="?", type=Path, help="its package folder")
    parser.add_argument("--check", action="store_true",
                        help="say what is missing or stale, change nothing")
    args = parser.parse_args(argv)
    if bool(args.domain) != bool(args.package):
        parser.error("give both a domain and its package folder, or neither")
    domains = [Domain(args.domain, args.package)] if args.domain else list(BUILT_IN)
    failed = False
    for domain in domains:
        if args.check:
            found = problems(domain)
            for problem in found:
                print(problem)
            failed = failed or bool(found)
            print(f"{domain.name}: {'problems above' if found else 'complete'}")
        else:
            for path in build(domain):
                print(path)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
