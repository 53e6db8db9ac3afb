"""`tabletop app` (and `tabletop` alone): the desktop app, where a screen can show it."""

from __future__ import annotations

import os
import sys

import click

from tabletop import process_exit
from tabletop.cli.common import fail, why
from tabletop.i18n import _
from tabletop.plugins import Host


@click.command(help=_("Open the desktop app (the launcher)."))
@click.pass_context
def app(ctx: click.Context, entry_id: str | None = None) -> None:
    """Open the desktop app (the launcher)."""
    from tabletop.store.paths import DATA_DIR_ENV, data_dir

    process_exit.app_opened()
    try:
        data_dir()
    except OSError as exc:
        where = os.environ.get(DATA_DIR_ENV)
        if where:
            fail(_("cannot use {folder} as the data folder: {reason}").format(
                folder=where, reason=why(exc)))
        fail(_("cannot use the data folder: {reason}").format(reason=why(exc)))
    host: Host = ctx.obj["host"]  # loaded by the app behind its splash, not before
    no_screen = _("the desktop app needs a screen and none was found "
                  "(no DISPLAY or WAYLAND_DISPLAY); in a terminal, use "
                  "`tabletop play GAME --text`")
    if (sys.platform.startswith("linux") and not os.environ.get("ARCADE_HEADLESS")
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))):
        fail(no_screen)
    try:
        from tabletop.ui.app import run_app
    except ImportError as exc:
        fail(_("the desktop app cannot start: {error}").format(error=exc))
    try:
        run_app(host, entry_id)
    except Exception as exc:
        # Only a failure to get a window or an OpenGL context is the machine's fault;
        # anything else is a bug and keeps its traceback.
        if type(exc).__name__ in ("NoSuchDisplayException", "ContextException",
                                  "NoSuchConfigException"):
            fail(_("{problem} ({error})").format(problem=no_screen, error=exc))
        raise
