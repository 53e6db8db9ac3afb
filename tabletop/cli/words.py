"""Click's own words ("Usage:", "Options", "Error: …", "Invalid value for …") in the
player's language.

Click translates its texts with the standard `gettext` module, in a domain Tabletop has
no catalog for; `install` points click's modules at the host's catalog instead, where
the texts below are marked (`N_`) so the catalogs carry them. English stays click's own
words, unchanged.
"""

from __future__ import annotations

import importlib

from tabletop import i18n
from tabletop.i18n import N_

#: Click's modules that translate a text a player reads.
MODULES = ("click.core", "click.decorators", "click.exceptions", "click.formatting",
           "click.parser", "click.types", "click.termui")

# Translators: the texts below are those of click, the command-line library: the usage
# line, the headings of `--help`, and the errors for a command line it refuses.
_TEXTS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Aborted!"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("Value must be an iterable."),
)


# Translators: the kinds of value of click's options, shown in capitals after an option
# in `--help` ("--players INTEGER RANGE") and in an error ("'x' is not a valid integer").
_TYPES = {
    "IntParamType": N_("integer"),
    "IntRange": N_("integer range"),
    "FloatParamType": N_("float"),
    "FloatRange": N_("float range"),
    "StringParamType": N_("text"),
    "BoolParamType": N_("boolean"),
}


class _TypeName:
    """A click type's `name`, in the current language when it is read."""

    def __init__(self, english: str) -> None:
        self.english = english

    def __get__(self, instance: object, owner: type | None = None) -> str:
        return i18n.gettext(self.english)


def _plurals() -> None:
    """Click's texts that depend on a count (never called: marks them for the catalog)."""
    i18n.ngettext("Got unexpected extra argument ({args})",
                  "Got unexpected extra arguments ({args})", 1)
    i18n.ngettext("Did you mean {possibility}?",
                  "(Did you mean one of: {possibilities}?)", 1)
    i18n.ngettext("Option {name!r} requires an argument.",
                  "Option {name!r} requires {nargs} arguments.", 1)
    i18n.ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
    i18n.ngettext("Takes {nargs} values but 1 was given.",
                  "Takes {nargs} values but {len} were given.", 1)


def install() -> None:
    """Let click say its words through the host's catalog, in the current language."""
    for name in MODULES:
        module = importlib.import_module(name)
        if callable(getattr(module, "_", None)):
            module._ = i18n.gettext  # type: ignore[attr-defined]
        if callable(getattr(module, "ngettext", None)):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    types = importlib.import_module("click.types")
    for kind, english in _TYPES.items():
        getattr(types, kind).name = _TypeName(english)
