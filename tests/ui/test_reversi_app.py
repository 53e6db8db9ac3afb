"""Reversi, the example distribution drawn by the board toolkit, played in the real app.

The game comes from the installed `tabletop-reversi` distribution (`make test` installs
it), so these tests go launcher → set-up → game screen → `ReversiRenderer` exactly as a
player does, with real mouse and key events, and look at the engine's state, the
toolkit's hit boxes and the pixels. Rules are cited from the example's rules.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import (
    click,
    click_button,
    close_app,
    key,
    open_app,
    pixel,
    screenshot,
    show_game_card,
    wait_until,
)

from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import BoardRenderer
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.setup_screen import SetupScreen

BLACK_DISC, WHITE_DISC, GREEN = (24, 24, 24), (242, 242, 236), (36, 122, 74)
#: A game in which Black has no placement after eight plies and must pass (Reversi's
#: rules.md, 5. Passing).
TO_A_PASS = ("d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1")


def installed_host() -> Host:
    """The installed plugins as `tabletop` runs them, without the two built-in games."""
    return Host(disabled=("verso", "versus")).load()


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0.05)
    yield win
    close_app(win)


def start_reversi(window: Any, computer_white: bool = False) -> GameScreen:
    click_button(window, "game:reversi")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    if computer_white:
        click_button(window, "seat1-")  # the last choice: a friend online
        click_button(window, "seat1-")  # then the computer
        assert setup.seats[1] == "mcts"
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    assert type(screen.renderer).__name__ == "ReversiRenderer"
    assert isinstance(screen.renderer, BoardRenderer)
    return screen


def cell(name: str) -> tuple[int, int]:
    """The toolkit cell of a square name: "a1" is the top-left (rules.md, 1. The board)."""
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def point(screen: GameScreen, name: str) -> tuple[float, float]:
    return screen.renderer.board_layout.click_point(cell(name))


def settle(window: Any, screen: GameScreen) -> None:
    wait_until(window, lambda: not screen.renderer.animating, seconds=10)


def play_by_clicks(window: Any, screen: GameScreen, name: str) -> None:
    """Click the square, then VALIDATE, as a player does."""
    plies = len(screen.table.session.moves)
    click(window, *point(screen, name))
    assert screen.renderer.pending_move is not None, f"{name} was not previewed"
    click_button(window, "validate")
    assert len(screen.table.session.moves) == plies + 1
    settle(window, screen)


def test_launcher_lists_the_installed_example(tmp_path: Path) -> None:
    win = open_app(lambda: Host().load(), tmp_path, size=(800, 600))
    try:
        assert show_game_card(win, "reversi") is not None  # on one of the launcher's pages
        plugin = win.app.plugin_name("reversi")
        assert plugin == "reversi"
    finally:
        close_app(win)


def test_a_placement_is_previewed_then_played_by_clicks(window: Any) -> None:
    # Reversi's rules.md, 3. Placing a disc and 4. Turning discs over.
    screen = start_reversi(window)
    renderer = screen.renderer
    layout = renderer.board_layout
    # Hit boxes: every square's click point is on that square, inside the board area.
    for c in layout.cells:
        assert layout.cell_at(*layout.click_point(c)) == c
        assert renderer.area.contains(*layout.click_point(c))
    click(window, *point(screen, "d3"))
    assert screen.table.session.moves == [] and renderer.pending_move is not None
    # The preview: a ghost disc on d3 and d4's disc seen half turned (grey).
    ghost = pixel(window, *point(screen, "d4"))
    assert all(60 < channel < 200 for channel in ghost), ghost
    screenshot(window, "reversi_preview")
    click_button(window, "validate")
    settle(window, screen)
    assert [screen.game.move_to_text(s, m) for s, m in
            zip(screen.table.session.states, screen.table.session.moves, strict=False)] == ["d3"]
    assert pixel(window, *point(screen, "d3")) == BLACK_DISC
    assert pixel(window, *point(screen, "d4")) == BLACK_DISC  # turned over (4. Turning discs over)
    assert pixel(window, *point(screen, "e5")) == WHITE_DISC
    assert pixel(window, *point(screen, "a8")) == GREEN
    # White's turn: a click on a square that outflanks nothing is explained, not played.
    click(window, *point(screen, "a1"))
    assert len(screen.table.session.moves) == 1 and renderer.pending_move is None
    assert renderer.explain_click(*point(screen, "a1")) == \
        "A disc on a1 would outflank no disc."
    assert renderer.explain_click(*point(screen, "d4")) == "d4 is taken."
    play_by_clicks(window, screen, "c3")
    assert screen.table.session.state.count(1) == 3  # c3 and e5, and d4 turned back
    screenshot(window, "reversi_after_two")


def test_f1_shows_the_rulebook_the_plugin_ships(window: Any) -> None:
    screen = start_reversi(window)
    key(window, arcade.key.F1)
    rules = window.current_view
    assert isinstance(rules, RulesScreen) and rules.text == screen.game.info.rules_text
    assert "## 5. Passing" in rules.text
    key(window, arcade.key.ESCAPE)
    assert window.current_view is screen


def test_cancel_and_a_second_choice(window: Any) -> None:
    screen = start_reversi(window)
    click(window, *point(screen, "d3"))
    click(window, *point(screen, "f5"))  # another legal square replaces the choice
    assert screen.table.notation(screen.renderer.pending_move) == "f5"
    click_button(window, "cancel")
    assert screen.renderer.pending_move is None and screen.table.session.moves == []
    click(window, *point(screen, "a1"))  # outflanks nothing: no choice is made
    assert screen.renderer.pending_move is None


def test_the_keyboard_cursor_plays_a_move(window: Any) -> None:
    screen = start_reversi(window)
    key(window, arcade.key.RIGHT)  # the cursor appears on the first legal square
    assert screen.renderer.cursor == cell("d3")
    key(window, arcade.key.DOWN)
    key(window, arcade.key.DOWN)
    assert screen.renderer.cursor == cell("d5")
    key(window, arcade.key.LEFT)
    key(window, arcade.key.UP)
    assert screen.renderer.cursor == cell("c4")
    key(window, arcade.key.SPACE)
    assert screen.renderer.pending_move is not None
    key(window, arcade.key.ENTER)
    settle(window, screen)
    assert screen.snapshot.notations[0] == "c4"


def test_a_forced_pass_is_a_button_under_the_board(window: Any) -> None:  # Reversi: 5. Passing
    screen = start_reversi(window)
    for name in TO_A_PASS:
        play_by_clicks(window, screen, name)
    renderer = screen.renderer
    assert [screen.game.move_to_text(screen.table.session.state, m)
            for m in screen.table.session.legal_moves()] == ["pass"]
    assert renderer.status() == "Black: no move on the board."
    chip = renderer.status_area
    assert renderer.explain_click(*point(screen, "h8")) is not None
    screenshot(window, "reversi_pass")
    # The pass button sits at the right end of the status line.
    click(window, chip.right - chip.height, chip.center[1])
    settle(window, screen)
    assert screen.snapshot.notations[-1] == "pass"
    assert screen.table.session.to_move == 1
    # From the keyboard: when the only move is off the board, Space plays it.
    key(window, arcade.key.U)
    assert len(screen.table.session.moves) == len(TO_A_PASS)
    key(window, arcade.key.SPACE)
    settle(window, screen)
    assert screen.snapshot.plies == len(TO_A_PASS) + 1 and screen.snapshot.to_move == 1


def test_against_the_computer_the_move_is_animated_and_marked(window: Any) -> None:
    window.app.settings.animation_seconds = 0.3
    screen = start_reversi(window, computer_white=True)
    play_by_clicks(window, screen, "d3")
    wait_until(window, lambda: len(screen.table.session.moves) == 2, seconds=30)
    assert screen.renderer.animating  # the computer's disc grows in, then discs turn
    settle(window, screen)
    last = screen.renderer.last_path
    assert last is not None and last.to in screen.renderer.board_layout.cells
    placed = screen.table.session.state.discs[last.to[1] * 8 + last.to[0]]
    assert placed == "w"
    assert pixel(window, *screen.renderer.board_layout.centre(last.to)) == WHITE_DISC


def test_colour_blind_discs_carry_letters_inside_them(tmp_path: Path) -> None:
    for size in ((800, 600), (1280, 800)):
        win = open_app(installed_host, tmp_path, size=size, colour_blind=True)
        try:
            screen = start_reversi(win)
            renderer = screen.renderer
            letters = sorted(t.text for t in renderer.texts if t.text in ("B", "W"))
            assert letters == ["B", "B", "W", "W"]
            area = renderer.area
            for placed in screen.stage.placed():  # laid out by the rule, from its extent
                e = placed.extent
                assert area.left <= e.left and e.right <= area.right, placed.text
                assert area.bottom <= e.bottom and e.top <= area.top, placed.text
            for text in renderer.texts:  # the discs' letters, centred on their discs
                if text.text not in ("B", "W"):
                    continue
                half_w, half_h = text.content_width / 2, text.content_height / 2
                assert renderer.area.left <= text.x - half_w, text.text
                assert text.x + half_w <= renderer.area.right, text.text
                assert renderer.area.bottom <= text.y - half_h, text.text
                assert text.y + half_h <= renderer.area.top, text.text
            d4 = renderer.board_layout.outlines[cell("d4")]
            on_d4 = [t for t in renderer.texts if t.text == "W" and
                     renderer.board_layout.cell_at(t.x, t.y) == cell("d4")]
            assert on_d4 and on_d4[0].content_width < d4[1][0] - d4[0][0]
            screenshot(win, f"reversi_colour_blind_{size[0]}")
        finally:
            close_app(win)


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


def test_the_toolkit_board_draws_on_demand(window: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(window, "_enable_event_queue", False)
    screen = start_reversi(window)
    counter = FrameCounter(window)
    tick(window, 3)
    counter.frames = 0
    tick(window, 30)
    assert counter.frames == 0  # a human to move, nothing changing: no frame drawn
    window.dispatch_event("on_mouse_motion", *map(int, point(screen, "d3")), 0, 0)
    tick(window, 5)
    assert counter.frames == 1 and screen.renderer.hover == cell("d3")
    window.dispatch_event("on_mouse_press", *map(int, point(screen, "d3")),
                          arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_key_press", arcade.key.ENTER, 0)
    assert screen.renderer.animating and len(screen.table.session.moves) == 1
    counter.frames = 0
    tick(window, 2)
    assert counter.frames == 2  # every tick draws while the move animates
    while screen.renderer.animating:
        tick(window, 1)
    counter.frames = 0
    tick(window, 20)
    assert counter.frames <= 1  # the picture after the animation, then idle
