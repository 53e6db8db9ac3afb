"""Keys as the screens expect them, whatever the window system sent.

Under X, Shift+Tab arrives as the keysym ISO_Left_Tab, which pyglet does not know: it
passes the key on as `key.user_key(keycode)` of the Tab key (with Shift in the
modifiers), so a screen that looks for Tab never saw Shift+Tab. The app's window turns
that back into Tab with Shift before any screen sees it (`normal_key`).

The same key may also be released under the other symbol (Shift let go before Tab, as
`xdotool key shift+Tab` and quick hands do): pyglet, which takes a key pressed and not
released for one held down (auto-repeat), then dropped every other Shift+Tab. The
release of either symbol forgets both (`forget_released_tab`).
"""

from __future__ import annotations

import sys
from typing import Any

import pyglet

import tabletop.ui._arcade  # noqa: F401  (first: pyglet's window needs its headless set-up)

key = pyglet.window.key

#: X's keysym for Shift+Tab (kept in case a pyglet passes it on as it is).
ISO_LEFT_TAB = 0xFE20
#: The keycode of Tab in X's evdev and xfree86 keymaps, when the window cannot ask X
#: (a headless window on Linux, as the tests use).
X_TAB_KEYCODE = 23


def shift_tab_symbols(window: Any) -> frozenset[int]:
    """The symbols pyglet may send for Shift+Tab in `window` besides Tab itself."""
    symbols = {ISO_LEFT_TAB}
    display = getattr(window, "_x_display", None)  # an X window: ask X where Tab is
    if display is not None:
        from pyglet.libs.x11 import xlib

        symbols.add(key.user_key(xlib.XKeysymToKeycode(display, key.TAB) or X_TAB_KEYCODE))
    elif sys.platform.startswith("linux"):
        symbols.add(key.user_key(X_TAB_KEYCODE))
    return frozenset(symbols)


def normal_key(symbol: int, modifiers: int, shift_tab: frozenset[int]) -> tuple[int, int]:
    """(`symbol`, `modifiers`) with X's Shift+Tab (a symbol of `shift_tab`) made Tab with
    Shift; any other key unchanged."""
    if symbol in shift_tab:
        return key.TAB, modifiers | key.MOD_SHIFT
    return symbol, modifiers


def forget_released_tab(pressed: set[int] | None, symbol: int,
                        shift_tab: frozenset[int]) -> None:
    """On the release of Tab or X's Shift+Tab, forget both as pressed in `pressed` (the
    window's set of held keys, None if it keeps none), so the next press is not taken
    for a repeat."""
    if pressed is not None and (symbol == key.TAB or symbol in shift_tab):
        pressed.difference_update({key.TAB, *shift_tab})
