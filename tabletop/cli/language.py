"""The language of a `tabletop` run, chosen before any command's help text is made.

Click makes every command's `--help` when its module is imported, so the language is
settled first, from `--lang` on the command line, `TABLETOP_LANG`, Settings' choice or
the system's locale (`tabletop.i18n.resolve`). `--lang` is also a real option of the
`tabletop` group, which refuses an unknown language in one line.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from tabletop import i18n


def saved_language() -> str | None:
    """The language chosen in Settings, if any and readable (never raises)."""
    try:
        from tabletop.store.paths import data_dir
        from tabletop.store.settings import Settings

        settings, _ = Settings.load(data_dir())
    except Exception:  # an unreadable data folder: the other sources decide
        return None
    return settings.language or None


def choose(argv: Sequence[str] | None = None) -> None:
    """Set the language of this run before the commands are imported; a refused
    `TABLETOP_LANG` is said in one line on stderr (a refused `--lang` is click's error)."""
    flag = i18n.flag_of(sys.argv[1:] if argv is None else argv)
    wanted = flag if flag in i18n.LANGUAGES else None
    code, warning = i18n.resolve(wanted, None if wanted else saved_language())
    i18n.set_language(code)
    if warning:
        print(warning, file=sys.stderr)


def apply_flag(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """`--lang`'s callback: refuse a language Tabletop does not speak, else use it."""
    if value is None:
        return None
    problem = i18n.language_problem(value)
    if problem:
        raise click.BadParameter(problem)
    i18n.set_language(value)
    return value
