"""One focus, in reading order: Tab walks forward, Shift+Tab back, on every screen.

Real key events through the window (headless). Under X, Shift+Tab arrives as the keysym
ISO_Left_Tab, which pyglet passes on as `key.user_key(<Tab's keycode>)` with Shift held;
the tests send that too, as pyglet dispatches it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pyglet
import pytest
from ui_driver import close_app, installed_host, key, open_app, pump

from tabletop.play.session import HUMAN, Session
from tabletop.seats import Seat
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.keys import ISO_LEFT_TAB, X_TAB_KEYCODE, normal_key, shift_tab_symbols
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.setup_screen import SetupScreen

K = arcade.key
#: What pyglet dispatches for Shift+Tab under X (ISO_Left_Tab is no pyglet key).
X_SHIFT_TAB = pyglet.window.key.user_key(X_TAB_KEYCODE)


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    yield win
    close_app(win)


def reading_order(screen: Any) -> list[str]:
    """The enabled buttons of `screen` top to bottom, left to right in each row."""
    screen.ensure_built()
    rows = sorted((b for b in screen.buttons if b.enabled),
                  key=lambda b: (-round(b.rect.center[1]), b.rect.left))
    return [b.name for b in rows]


def tab_walk(window: Any, steps: int, modifiers: int = 0, symbol: int = K.TAB) -> list[Any]:
    """The focused button's name after each of `steps` presses of `symbol`."""
    seen = []
    for _ in range(steps):
        key(window, symbol, modifiers)
        seen.append(window.current_view.focus_name)
    return seen


def test_setup_tab_follows_reading_order_and_shift_tab_goes_back(window: Any) -> None:
    """Verso with a person, a computer and a person: each seat's "<" and ">" come before
    the name field right of them; Shift+Tab walks the same stops backwards."""
    app = window.app
    app.show_setup("verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    setup.step_players(2)
    setup.cycle_seat(1)
    pump(window)
    order = reading_order(setup)
    assert order.index("seat0+") < order.index("name0") < order.index("seat1-")
    forward = tab_walk(window, len(order))
    assert forward == order
    backward = tab_walk(window, len(order) - 1, K.MOD_SHIFT)
    assert backward == order[-2::-1]
    # The way X sends it: pyglet's symbol for ISO_Left_Tab, Shift held.
    assert tab_walk(window, 1) == [order[1]]
    assert tab_walk(window, 1, K.MOD_SHIFT, X_SHIFT_TAB) == [order[0]]


def _screens(window: Any) -> Iterator[tuple[str, Callable[[], object]]]:
    app = window.app
    host = app.host
    yield "launcher", app.show_launcher
    yield "set-up", lambda: app.show_setup("versus")
    yield "settings", app.show_settings
    yield "library", app.show_library
    yield "statistics", app.show_stats
    yield "rules", lambda: window.show_view(
        RulesScreen(app, host.game("versus").info, window.current_view))
    versus = host.game("versus")

    def game(panel: str | None) -> None:
        session = Session.new(versus, 2, {}, 3, [HUMAN, HUMAN])
        app.start_game("versus", session.record(), [Seat.person(0, "Ada"), Seat.person(1)])
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        pump(window, 2)
        screen.show_panel(panel)
    yield "game", lambda: game(None)
    yield "game legend", lambda: game("legend")
    yield "game resign confirm", lambda: (
        game(None), setattr(window.current_view, "offer",
                            versus.special_moves(window.current_view.table.session.state)[0]),
        window.current_view.show_panel("confirm"))


def test_shift_tab_as_x_sends_it_goes_back_on_every_screen(window: Any) -> None:
    """Launcher, set-up, settings, library, statistics, rules, the game (board and
    sidebar) and its dialogs: Tab twice then X's Shift+Tab is Tab once."""
    for name, show in _screens(window):
        show()
        pump(window)
        once = tab_walk(window, 1)[-1]
        twice = tab_walk(window, 1)[-1]
        assert once != twice or len(reading_order(window.current_view)) < 2, name
        back = tab_walk(window, 1, K.MOD_SHIFT, X_SHIFT_TAB)[-1]
        assert back == once, f"{name}: Shift+Tab went to {back!r}, not back to {once!r}"


def test_x_shift_tab_becomes_tab_with_shift(window: Any) -> None:
    """The window's translation itself: X's symbols for Shift+Tab, and nothing else."""
    symbols = shift_tab_symbols(window)
    assert {ISO_LEFT_TAB, X_SHIFT_TAB} <= symbols
    for symbol in symbols:
        assert normal_key(symbol, K.MOD_SHIFT, symbols) == (K.TAB, K.MOD_SHIFT)
    assert normal_key(K.TAB, 0, symbols) == (K.TAB, 0)
    assert normal_key(K.A, K.MOD_SHIFT, symbols) == (K.A, K.MOD_SHIFT)



def test_tab_released_under_the_other_symbol_is_not_held(window: Any) -> None:
    """Shift let go before Tab: X releases the key as Tab after pressing it as
    ISO_Left_Tab (and the other way round). The X window's set of held keys (which pyglet
    checks to drop auto-repeats) forgets both, so the next Shift+Tab is not dropped."""
    for pressed, released in ((X_SHIFT_TAB, K.TAB), (K.TAB, X_SHIFT_TAB)):
        window.pressed_keys = {pressed, K.A}  # as pyglet's X window holds them
        window.dispatch_event("on_key_release", released, 0)
        assert window.pressed_keys == {K.A}
