"""The one place the UI imports arcade through: headless fix-up and the shipped fonts.

Every UI module does `from tabletop.ui._arcade import arcade`. Importing `arcade.gui` (and
anything that pulls it in) fails under `ARCADE_HEADLESS=1` unless pyglet's xlib window
module is imported and arcade's `ControllerManager` is bound first, so that is done here,
once, before any other UI code touches arcade.
"""

from __future__ import annotations

import os

import arcade

if os.environ.get("ARCADE_HEADLESS"):
    # The order matters: arcade.controller needs pyglet.window.xlib loaded first.
    import pyglet.window.xlib  # noqa: F401, I001
    import arcade.controller

    arcade.ControllerManager = arcade.controller.ControllerManager  # type: ignore[misc]

from tabletop.assets import FONTS

#: The font family names of the fonts shipped in `tabletop.assets` (use only these: the
#: app must render on a machine without system fonts, where arcade raises otherwise).
FONT_SANS = "DejaVu Sans"
FONT_MONO = "DejaVu Sans Mono"

_FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")
_fonts_loaded = False


def load_fonts() -> None:
    """Register the shipped fonts with pyglet (idempotent)."""
    global _fonts_loaded
    if _fonts_loaded:
        return
    for name in _FONT_FILES:
        arcade.load_font(FONTS / name)
    _fonts_loaded = True


__all__ = ["FONT_MONO", "FONT_SANS", "arcade", "load_fonts"]
