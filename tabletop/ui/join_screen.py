"""The Join screen: take a seat at a friend's table, found on this network or by its
address and code.

Tables that hosts announce on the local network (mDNS, `tabletop.net.discovery`) are
listed as they are found (looked for again every few seconds); choosing one fills in its
address, and the code (a secret, never announced) is typed or pasted. A pasted line with
both, as the host's "Copy invitation" gives it, fills both fields. Joining runs on a
thread of its own, so the window stays alive while a far host answers; a refusal (a wrong
code, a game not installed here, no host there) is said in one line under the fields.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import MAX_PLAYER_NAME, one_line
from tabletop.ui._arcade import arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.widgets import ACCENT, DIM, ERROR, Screen

if TYPE_CHECKING:
    from tabletop.net.discovery import Found
    from tabletop.net.seat import OnlineSeat
    from tabletop.ui.services import Services

#: Seconds between two looks for tables on the local network, and how long one lasts.
BROWSE_EVERY, BROWSE_FOR = 4.0, 1.5
#: The found tables listed at most (the rest: type the address).
MAX_FOUND = 6
#: The longest address and code a field takes.
MAX_ADDRESS, MAX_CODE = 200, 20
_FIELDS = ("address", "code", "name")
_CTRL = arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND


class JoinScreen(Screen):
    """Join an online table (see the module)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.values = {"address": "", "code": "", "name": ""}
        self.found: list[Found] = []
        self.looked = False
        self.error: str | None = None
        #: The join under way on its thread: its result (a seat or an error) when done.
        self._joining: threading.Thread | None = None
        self._joined: list[OnlineSeat | BaseException] = []
        self._browsing: threading.Thread | None = None
        self._browsed: list[list[Found]] = []
        self._next_look = 0.0
        self._closed = False

    # -- the fields ----------------------------------------------------------------------
    @property
    def field(self) -> str | None:
        """The field that has the keyboard focus, if one has."""
        name = self.focus_name or ""
        return name if name in _FIELDS else None

    def _room(self, field: str) -> int:
        return {"address": MAX_ADDRESS, "code": MAX_CODE, "name": MAX_PLAYER_NAME}[field]

    def type_text(self, text: str) -> None:
        """Typed or pasted text goes into the focused field; a pasted "address code"
        line fills both."""
        field = self.field
        typed = "".join(c for c in text if c.isprintable())
        if field is None or not typed:
            return
        words = typed.split()
        if field != "name" and len(words) == 2 and len(words[1].replace("-", "")) >= 12:
            self.values["address"], self.values["code"] = words[0], words[1]
        else:
            if field != "name":
                typed = typed.replace(" ", "")
            self.values[field] = (self.values[field] + typed)[:self._room(field)]
        self.error = None
        self.invalidate()

    def on_text(self, text: str) -> None:
        self.ensure_built()
        self.type_text(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        field = self.field
        if field is not None and symbol == arcade.key.BACKSPACE:
            self.values[field] = self.values[field][:-1]
            self.invalidate()
        elif field is not None and symbol == arcade.key.V and modifiers & _CTRL:
            try:
                self.type_text(self.window.get_clipboard_text())
            except Exception:  # no clipboard on this system: typing still works
                self.error = _("Nothing to paste here: type the address and code.")
                self.invalidate()
        elif field is not None and symbol == arcade.key.SPACE:
            return  # a space is text in the name (on_text adds it), not a press
        elif field is not None and symbol in (arcade.key.ENTER, arcade.key.NUM_ENTER):
            self.join() if field == "name" else self.move_focus(1)
        else:
            super().on_key_press(symbol, modifiers)

    # -- finding and joining -------------------------------------------------------------
    def choose(self, found: Found) -> None:
        """A table found on this network: its address, then the code is asked for."""
        self.values["address"] = found.address
        self.focus_name = "code"
        self.error = None
        self.invalidate()

    def join(self) -> None:
        """Join with what the fields say, on a thread (the window stays alive)."""
        if self._joining is not None:
            return
        address, code = self.values["address"].strip(), self.values["code"].strip()
        if not address or not code:
            self.error = _("Type the host's address (or choose a table above) and the code "
                           "your friend gives you.")
            self.invalidate()
            return
        services, name = self.services, self.values["name"].strip()

        def run() -> None:
            from tabletop.net.seat import OnlineSeat

            try:
                seat = OnlineSeat.join(services.host, services.directory, address, code, name)
            except Exception as exc:  # said under the fields, in one line
                self._joined.append(exc)
                return
            if self._closed:  # the player went elsewhere meanwhile: the seat stays held
                seat.leave()
                return
            self._joined.append(seat)

        self.error = None
        self._joining = threading.Thread(target=run, name="tabletop-join", daemon=True)
        self._joining.start()
        self.invalidate()

    def _look(self) -> None:
        """Look for tables on this network, on a thread."""
        def run() -> None:
            from tabletop.net.discovery import browse

            self._browsed.append(browse(BROWSE_FOR))

        self._browsing = threading.Thread(target=run, name="tabletop-browse", daemon=True)
        self._browsing.start()

    def on_update(self, delta_time: float) -> None:
        self._next_look -= delta_time
        if self._browsing is None and self._next_look <= 0:
            self._look()
        if self._browsed:
            found = self._browsed.pop()
            self._browsing, self._next_look = None, BROWSE_EVERY
            if found != self.found or not self.looked:
                self.found, self.looked = found, True
                self.invalidate()
        if self._joined:
            result = self._joined.pop()
            self._joining = None
            if isinstance(result, BaseException):
                self.error = _("Could not join: {reason}").format(
                    reason=i18n.translated(one_line(result)))
                self.invalidate()
            else:
                self._closed = True
                self.navigator.play_online(result)

    def on_hide_view(self) -> None:
        self._closed = True

    def on_escape(self) -> None:
        self.navigator.show_launcher()

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        left, wide = px(60), width - px(120)
        title = self.label(_("Join a game"), left, height - px(30), 28, bold=True,
                           anchor_y="top")
        y = height - px(30) - title.content_height - px(8)
        about = _("Choose a table found on this network, or type the address your friend "
                  "gives you; then the code they read out. Ctrl+V pastes both.")
        about_h = 2 * self.line(13, 1.3)
        self.label(about, left, y, 13, DIM, multiline=True, anchor_y="top",
                   box=Rect(left, y - about_h, wide, about_h))
        y -= about_h + px(24)
        self.label(_("On this network"), left, y, 16, ACCENT, bold=True, anchor_y="top")
        y -= self.line(16, 1.4)
        row = px(44)
        if not self.found:
            words = (_("None found: a friend elsewhere gives you an address.") if self.looked
                     else _("Looking for tables…"))
            self.label(words, left + px(16), y, 13, DIM, anchor_y="top")
            y -= row
        for index, found in enumerate(self.found[:MAX_FOUND]):
            y -= row
            # Tables by their host's name ("Versus with Hana"); a host who gave no name
            # (or an older one) by the table's id.
            words = (_("{name} with {host} · {address}") if found.host
                     else _("{name} · table {table} · {address}"))
            self.add_button(words.format(name=i18n.translated(found.name), host=found.host,
                                         table=found.table, address=found.address),
                            Rect(left, y, min(wide, px(760)), row - px(8)),
                            partial(self.choose, found), name=f"found{index}")
        y -= px(16)
        label_w, field_w = px(200), min(wide - px(200), px(560))
        for field, title_words in (("address", _("Address")), ("code", _("Code")),
                                   ("name", _("Your name"))):
            y -= row
            self.label(title_words, left, y + (row - px(8)) / 2, 16, anchor_y="center",
                       box=Rect(left, y, label_w - px(12), row - px(8)))
            value = self.values[field]
            shown = value + ("|" if self.focus_name == field else "")
            # An empty field says what to type, in words (a value never reads like this).
            placeholder = {"address": _("(type it: host:port, as 192.168.1.20:8470)"),
                           "code": _("(type it: XXXX-XXXX-XXXX)"),
                           "name": _("(type it, or leave it: optional)")}[field]
            self.add_button(shown or placeholder, Rect(left + label_w, y, field_w, row - px(8)),
                            lambda: None, name=field)
        y -= px(24) + px(52)
        joining = self._joining is not None
        self.add_button(_("Joining…") if joining else _("Join"), Rect(left, y, px(200), px(52)),
                        self.join, enabled=not joining, name="join")
        self.add_button(_("Back"), Rect(left + px(220), y, px(200), px(52)),
                        self.navigator.show_launcher, name="back")
        if self.error:
            self.label(self.error, left, y - px(14), 14, ERROR, width=wide, multiline=True,
                       anchor_y="top")
