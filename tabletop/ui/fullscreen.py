"""Full screen in the same window (F11), and back to the size it had.

pyglet's `set_fullscreen` on X11 destroys the window and creates another one (its
`_recreate`): players saw a new window each time, and a launch that restored full screen
started in a broken state. So on X11 the app asks the window manager for full screen
(the EWMH `_NET_WM_STATE_FULLSCREEN` request every desktop honours): the window stays the
same, the manager resizes it, and the screens lay themselves out again on the resize.
With no window manager (a bare X server) nobody would answer, so the window covers the
screen itself by moving and resizing. Elsewhere (Windows, macOS, headless) pyglet keeps
the window, so its own `set_fullscreen` is used.
"""

from __future__ import annotations

import contextlib
from ctypes import byref
from typing import Any

_REMOVE, _ADD = 0, 1  # the EWMH _NET_WM_STATE actions


class FullScreen:
    """Switches one window in and out of full screen, remembering its windowed size."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.on = False
        #: The window's (width, height) before it went full screen.
        width, height = window.get_size()
        self.windowed_size = (int(width), int(height))
        self._windowed_location: tuple[int, int] | None = None

    def set(self, on: bool) -> None:
        """Go full screen (True) or back to the windowed size (False); raises if the
        platform refuses."""
        if on == self.on:
            return
        window = self.window
        if on:
            width, height = window.get_size()
            self.windowed_size = (int(width), int(height))
            with contextlib.suppress(Exception):
                self._windowed_location = window.get_location()
        x11 = _x11_parts(window)
        if x11 is None:
            window.set_fullscreen(on)
        elif _is_managed(window):
            _ask_window_manager(*x11, on)
        elif on:
            screen = window.screen
            window.set_location(screen.x, screen.y)
            window.set_size(screen.width, screen.height)
        else:
            window.set_size(*self.windowed_size)
            if self._windowed_location is not None:
                window.set_location(*self._windowed_location)
        self.on = on


def _x11_parts(window: Any) -> tuple[Any, Any, Any] | None:
    """(xlib module, display, window id) of an X11 window, or None for any other kind."""
    if getattr(window, "headless", False) or not hasattr(window, "_x_display"):
        return None
    try:
        from pyglet.libs.x11 import xlib
    except Exception:  # no Xlib on this machine: not an X11 window after all
        return None
    return xlib, window._x_display, window._window


def _is_managed(window: Any) -> bool:
    """True if a window manager frames the window (it then answers EWMH requests)."""
    try:
        return bool(window._is_reparented())
    except Exception:
        return False


def _ask_window_manager(xlib: Any, display: Any, window_id: Any, on: bool) -> None:
    """Send the EWMH request to add or remove the full-screen state of the window."""
    state = xlib.XInternAtom(display, b"_NET_WM_STATE", False)
    full = xlib.XInternAtom(display, b"_NET_WM_STATE_FULLSCREEN", False)
    event = xlib.XEvent()
    event.xclient.type = xlib.ClientMessage
    event.xclient.message_type = state
    event.xclient.display = display
    event.xclient.window = window_id
    event.xclient.format = 32
    event.xclient.data.l[0] = _ADD if on else _REMOVE
    event.xclient.data.l[1] = full
    event.xclient.data.l[2] = 0
    event.xclient.data.l[3] = 1  # the request comes from a normal application
    root = xlib.XDefaultRootWindow(display)
    xlib.XSendEvent(display, root, False,
                    xlib.SubstructureRedirectMask | xlib.SubstructureNotifyMask, byref(event))
    xlib.XFlush(display)
