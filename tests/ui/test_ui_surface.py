"""One focus, a kept last-move mark, clicks that say why, hover, and drawing on demand.

Driven headless with real input events through the app's window (issue 12, "One focus,
and no surprises" and "Cost when idle").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import (
    click,
    click_button,
    click_continue,
    close_app,
    key,
    open_app,
    pixel,
    pump,
    wait_until,
)

from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.setup_screen import SetupScreen
from tabletop.ui.widgets import FOCUS


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(ui_games.make_host, tmp_path, size=(1280, 800))
    yield win
    close_app(win)


def start_game(window: Any, game_id: str, seats: dict[int, int] | None = None) -> GameScreen:
    click_button(window, f"game:{game_id}")
    assert isinstance(window.current_view, SetupScreen)
    for seat, steps in (seats or {}).items():
        for _ in range(steps):
            click_button(window, f"seat{seat}+")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    return screen


def play_cell(window: Any, screen: GameScreen, cell: int) -> None:
    """Preview a tic-tac-toe cell with the mouse and confirm it with Enter."""
    wait_until(window, lambda: not screen.animating)
    click(window, *screen.renderer.cell_rect(cell).center)
    key(window, arcade.key.ENTER)
    wait_until(window, lambda: not screen.animating)


def board_ring_shown(window: Any, screen: GameScreen) -> bool:
    """True if the board's focus ring is drawn (its left edge, halfway up)."""
    pump(window)
    area = screen._area
    assert area is not None
    x = area.left - screen.px(6)
    return any(pixel(window, x + dx, area.bottom + area.height / 2) == FOCUS[:3]
               for dx in (-1, 0, 1))


def button_ring_shown(window: Any, screen: GameScreen, name: str) -> bool:
    """True if the focus ring is drawn round the button `name` (its left edge)."""
    pump(window)
    button = screen.button_named(name)
    assert button is not None
    x, y = button.rect.left - 2, button.rect.center[1]
    return any(pixel(window, x + dx, y) == FOCUS[:3] for dx in (-1, 0, 1))


def test_tab_cycles_board_then_enabled_buttons_and_back(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    assert screen.board_focused and screen.renderer.focused
    enabled = [b.name for b in screen.buttons if b.enabled]
    assert "undo" not in enabled  # nothing to undo yet: Tab skips it
    seen = []
    for _ in range(len(enabled)):
        key(window, arcade.key.TAB)
        seen.append(screen.focus_name)
        assert not screen.board_focused and not screen.renderer.focused
    assert seen == enabled
    key(window, arcade.key.TAB)  # past the last button: back to the board
    assert screen.board_focused and screen.renderer.focused
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)  # Shift-Tab: the last button
    assert screen.focus_name == enabled[-1]
    key(window, arcade.key.ESCAPE)  # Esc from a button: the board, not the launcher
    assert screen.board_focused and window.current_view is screen


def test_exactly_one_focus_ring(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    assert board_ring_shown(window, screen)
    assert not button_ring_shown(window, screen, "hint")
    key(window, arcade.key.TAB)
    assert screen.focus_name == "hint"
    assert button_ring_shown(window, screen, "hint")
    assert not board_ring_shown(window, screen)
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    assert board_ring_shown(window, screen)
    assert not button_ring_shown(window, screen, "hint")


def test_enter_with_the_board_focused_never_undoes(window: Any) -> None:
    # The reported surprise: against the computer, Enter undid two plies.
    screen = start_game(window, "tictactoe", seats={1: 1})
    play_cell(window, screen, 4)
    wait_until(window, lambda: len(screen.table.session.moves) == 2)
    wait_until(window, lambda: not screen.animating)
    undo = screen.button_named("undo")
    assert screen.table.session.can_undo() and undo is not None and undo.enabled
    for _ in range(3):
        key(window, arcade.key.ENTER)
        key(window, arcade.key.SPACE)
    assert len(screen.table.session.moves) == 2 and screen.board_focused
    # Tab onto Undo and back: still nothing undone, and Enter on the board does nothing.
    key(window, arcade.key.TAB)
    assert screen.focus_name == "undo"
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    key(window, arcade.key.ENTER)
    assert len(screen.table.session.moves) == 2
    # Undo runs only when it has the focus.
    key(window, arcade.key.TAB)
    key(window, arcade.key.ENTER)
    assert len(screen.table.session.moves) == 0


def test_a_mouse_click_on_a_button_leaves_the_focus_on_the_board(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    play_cell(window, screen, 0)
    click_button(window, "undo")
    assert screen.table.session.moves == [] and screen.board_focused
    key(window, arcade.key.ENTER)  # would press Undo again if the click had focused it
    assert screen.table.session.moves == [] and screen.table.session.can_redo()


def test_the_last_move_stays_named_after_undo_redo_and_continue(window: Any) -> None:
    screen = start_game(window, "tictactoe-text")  # the generic renderer, hotseat
    key(window, arcade.key.ENTER)  # a1
    wait_until(window, lambda: not screen.animating)
    key(window, arcade.key.RIGHT)
    key(window, arcade.key.ENTER)  # the second free cell
    wait_until(window, lambda: not screen.animating)
    first, second = (screen.game.move_to_text(screen.table.session.states[i], m)
                     for i, m in enumerate(screen.table.session.moves))
    assert screen.renderer.last_move == second
    key(window, arcade.key.U)
    assert screen.renderer.last_move == first
    key(window, arcade.key.U)
    assert screen.renderer.last_move == ""  # the start: no move to mark
    key(window, arcade.key.R)
    assert screen.renderer.last_move == first
    key(window, arcade.key.R)
    assert screen.renderer.last_move == second
    assert any(f"Last move: {second}" in t.text for t in screen.stage.placed())
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherScreen)
    click_continue(window)
    resumed = window.current_view
    assert isinstance(resumed, GameScreen)
    assert resumed.renderer.last_move == second
    assert resumed.renderer.last_played is not None
    assert resumed.renderer.last_played[1] == resumed.table.session.moves[-1]


def test_a_click_that_does_nothing_says_why(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    play_cell(window, screen, 4)
    click(window, *screen.renderer.cell_rect(4).center)  # Noughts on a cell taken by X
    assert screen.table.session.moves == [4]
    assert screen.message == "That cell is taken."  # the renderer's reason
    assert any(line == "That cell is taken." for line, _ in screen.status_lines())
    area = screen._area
    assert area is not None
    click(window, area.left + 2, area.bottom + 2)  # the renderer has no reason: the shell's
    assert screen.message == "Nothing to play there for Noughts (H suggests a move)."


def test_a_click_while_the_computer_is_to_move_says_wait(window: Any) -> None:
    screen = start_game(window, "tictactoe", seats={0: 1})  # the computer plays first
    assert screen.table.session.is_ai(screen.table.session.to_move)
    x, y = (int(v) for v in screen.renderer.cell_rect(4).center)
    window.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_events()  # no frame: the computer's move cannot arrive meanwhile
    assert not screen.table.session.moves
    assert screen.message == "Wait: Crosses (the computer) is to move."


def test_the_generic_renderer_explains_and_highlights_under_the_pointer(
        window: Any) -> None:
    screen = start_game(window, "tictactoe-text")
    area = screen._area
    assert area is not None
    click(window, area.left + 20, area.top - 20)  # on the text picture, not a move
    assert screen.message == "Click one of the moves listed under the position."
    rect, move = screen.renderer._cells[3]
    before = pixel(window, *rect.center)
    window.dispatch_event("on_mouse_motion", int(rect.center[0]), int(rect.bottom + 3), 0, 0)
    pump(window)
    assert screen.renderer.hovered == move
    assert pixel(window, rect.center[0], rect.bottom + 3) != before


def test_buttons_highlight_under_the_pointer(window: Any) -> None:
    screen = window.current_view
    button = screen.button_named("settings")
    x, y = button.rect.left + 4, button.rect.bottom + 4
    before = pixel(window, x, y)
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    pump(window)
    assert pixel(window, x, y) != before


class FrameCounter:
    """Counts the frames the window really draws (its on_draw events)."""

    def __init__(self, window: Any) -> None:
        self.frames = 0
        window.push_handlers(on_draw=self.count)

    def count(self) -> None:
        self.frames += 1


def tick(window: Any, ticks: int) -> None:
    """What arcade's clock does each tick on a display: updates, then `draw` (on demand)."""
    for _ in range(ticks):
        window.dispatch_event("on_update", 1 / 60)
        window.draw(1 / 60)


def test_an_idle_window_draws_nothing_until_something_changes(
        window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Events are handled as they come, as in `pyglet.app.run` (tests queue them otherwise).
    monkeypatch.setattr(window, "_enable_event_queue", False)
    counter = FrameCounter(window)
    tick(window, 3)
    counter.frames = 0
    tick(window, 30)
    assert counter.frames == 0  # idle at the launcher: no frame drawn
    window.dispatch_event("on_mouse_motion", 5, 5, 0, 0)
    tick(window, 5)
    assert counter.frames == 1  # the pointer moved: one frame, then idle again
    window.dispatch_event("on_resize", 1000, 700)
    tick(window, 5)
    assert counter.frames == 2
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    tick(window, 3)
    counter.frames = 0
    tick(window, 30)
    assert counter.frames == 0  # in a game, human to move: idle
    click(window, *screen.renderer.cell_rect(0).center)
    window.dispatch_event("on_key_press", arcade.key.ENTER, 0)
    counter.frames = 0
    assert screen.animating
    tick(window, 2)
    assert counter.frames == 2  # every tick draws while the move animates
    while screen.animating:
        tick(window, 1)
    counter.frames = 0
    tick(window, 20)
    assert counter.frames <= 1  # the last frame of the animation, then idle


# -- F11: full screen in the same window, and the size restored at the next launch --------
def test_f11_toggles_full_screen_in_the_same_window_and_lays_out_again(
        window: Any, tmp_path: Path) -> None:
    import json

    import pyglet

    windows = len(pyglet.app.windows)
    quit_button = window.current_view.button_named("quit")
    assert quit_button is not None and quit_button.rect.right <= 1280
    key(window, arcade.key.F11)
    assert len(pyglet.app.windows) == windows and window.app.window is window
    screen_w, screen_h = window.screen.width, window.screen.height
    assert tuple(window.get_size()) == (screen_w, screen_h)
    quit_button = window.current_view.button_named("quit")
    assert quit_button is not None and quit_button.rect.right > 1280  # laid out again
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["fullscreen"] is True
    assert (saved["window_width"], saved["window_height"]) == (1280, 800)  # windowed size
    click_button(window, "game:tictactoe")
    click_button(window, "start")
    key(window, arcade.key.F11)  # in a game too, and back to the windowed size
    assert tuple(window.get_size()) == (1280, 800)
    assert len(pyglet.app.windows) == windows
    assert json.loads((tmp_path / "settings.json").read_text())["fullscreen"] is False


def test_the_window_size_and_full_screen_come_back_at_the_next_launch(
        tmp_path: Path) -> None:
    import json

    first = open_app(ui_games.make_host, tmp_path, size=(1000, 700))
    try:
        key(first, arcade.key.F11)
        assert tuple(first.get_size()) != (1000, 700)
        quit_button = first.current_view.button_named("quit")
        x, y = (int(v) for v in quit_button.rect.center)
        first.dispatch_event("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        first.dispatch_events()  # Quit saves the windowed size and full screen, and closes
    finally:
        first.app.worker.shutdown()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["fullscreen"] is True and saved["window_width"] == 1000
    second = make_window(ui_games.make_host(), visible=False,
                         host_factory=ui_games.make_host, directory=tmp_path)
    try:
        pump(second)
        assert tuple(second.get_size()) == (second.screen.width, second.screen.height)
        assert second.app.fullscreen.on and second.app.settings.fullscreen
        key(second, arcade.key.F11)
        assert tuple(second.get_size()) == (1000, 700)  # the saved windowed size
        assert isinstance(second.current_view, LauncherScreen)
    finally:
        close_app(second)
