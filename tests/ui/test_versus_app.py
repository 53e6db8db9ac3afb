"""Versus on screen, driven through the real app with real input events (headless).

The window is the app's own (`make_window` on the installed plugins), so these tests go
launcher → set-up → game screen → `VersusRenderer` exactly as a player does, and check
both the engine's state and the pixels where they matter. Each state tested is saved as
`screenshots/versus_*.png`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import (
    click,
    click_button,
    click_continue,
    close_app,
    key,
    open_app,
    pixel,
    pump,
    screenshot,
    wait_until,
)

from games.versus.board import CELL_OF_NAME, INDEX
from games.versus.pieces import BLUE_VERSUS, OWNER
from games.versus.state import Move
from games.versus.view.pawns import CELL, DESTINATION, HINT, SEAT_COLOUR, SECTION_LINE
from games.versus.view.renderer import BOARD, VersusRenderer
from tabletop.play.session import Session
from tabletop.plugins import Host
from tabletop.store import saves
from tabletop.ui._arcade import arcade
from tabletop.ui.boards.mesh import Mesh
from tabletop.ui.boards.paint import Scene
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Rect
from tabletop.ui.setup_screen import SetupScreen

BLUE, BROWN = 0, 1


def open_window(directory: Path, colour_blind: bool = False,
                animation: float = 0.3) -> Any:
    return open_app(installed_host, directory, animation=animation, colour_blind=colour_blind)


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host(disabled=("verso",)).load()


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_window(tmp_path)
    yield win
    close_app(win)


def start_versus(window: Any, seats: dict[int, int] | None = None) -> GameScreen:
    click_button(window, "game:versus")
    assert isinstance(window.current_view, SetupScreen)
    for seat, steps in (seats or {}).items():
        for _ in range(steps):
            click_button(window, f"seat{seat}+")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen) and isinstance(screen.renderer, VersusRenderer)
    pump(window)
    return screen


def centre(screen: GameScreen, name: str) -> tuple[float, float]:
    return screen.renderer.board_layout.centres[CELL_OF_NAME[name]]


def pawn_centre(screen: GameScreen, name: str) -> tuple[float, float]:
    """A point in the controller's disc at a pawn's centre, beside the value written there."""
    x, y = centre(screen, name)
    return x + screen.renderer.hex_size * 0.2, y


def click_cell(window: Any, screen: GameScreen, name: str) -> None:
    click(window, *centre(screen, name))


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


def finish_animation(window: Any, screen: GameScreen) -> None:
    wait_until(window, lambda: not screen.renderer.animating, seconds=10)
    pump(window)


def test_versus_move_by_mouse_with_preview_cancel_validate_undo_redo(window: Any) -> None:
    screen = start_versus(window)
    renderer = screen.renderer
    screenshot(window, "versus_01_start")
    start = screen.table.session.state
    assert near(pixel(window, *centre(screen, "d6")), CELL[:3])

    # Click the Blue VERSUS: its destinations light up (§3: straight lines, free cells).
    click_cell(window, screen, "a3")
    assert renderer.selected == CELL_OF_NAME["a3"]
    assert CELL_OF_NAME["d6"] in renderer.destinations()
    screenshot(window, "versus_02_versus_selected")
    assert near(pixel(window, *centre(screen, "d6")), DESTINATION[:3])

    # Choose d6: a preview of the pull k1 → j2 (§4), nothing played yet.
    click_cell(window, screen, "d6")
    pending = renderer.pending_move
    assert isinstance(pending, Move) and pending.versus
    shown = screen.table.session.game.preview(screen.table.session.state, pending)
    assert [(a.frm, a.to) for a in shown.attractions] == [
        (CELL_OF_NAME["k1"], CELL_OF_NAME["j2"])]
    assert screen.table.session.moves == [] and screen.button_named("validate") is not None
    screenshot(window, "versus_03_preview")
    assert "pulls 1 pawn" in renderer.status_line()

    # Esc changes the player's mind: nothing is played and the highlights go.
    key(window, arcade.key.ESCAPE)
    assert renderer.pending_move is None and renderer.selected is None
    assert isinstance(window.current_view, GameScreen)
    assert screen.table.session.moves == [] and screen.table.session.state is start
    assert near(pixel(window, *centre(screen, "d6")), CELL[:3])
    screenshot(window, "versus_04_preview_cancelled")

    # A click on another of one's pieces changes the selection; elsewhere drops it.
    click_cell(window, screen, "a3")
    click_cell(window, screen, "a2")
    assert renderer.selected == CELL_OF_NAME["a2"] and renderer.pending_move is None
    click_cell(window, screen, "f6")
    assert renderer.selected is None

    # Again, and VALIDATE: the VERSUS slides, k1 comes to j2 and turns Blue.
    click_cell(window, screen, "a3")
    click_cell(window, screen, "d6")
    click_button(window, "validate")
    state = screen.table.session.state
    assert screen.table.session.moves == [pending]
    assert state.board[CELL_OF_NAME["d6"]] == BLUE_VERSUS
    assert state.board[CELL_OF_NAME["k1"]] == 0 and OWNER[state.board[CELL_OF_NAME["j2"]]] == BLUE
    assert renderer.animating
    pump(window, 4)
    screenshot(window, "versus_05_sliding")
    finish_animation(window, screen)
    screenshot(window, "versus_06_after_pull")
    assert near(pixel(window, *pawn_centre(screen, "j2")), SEAT_COLOUR[BLUE][:3])
    assert renderer.scores(state) == (0.0, 0.0)

    # Undo goes back to the start; redo plays the move again.
    click_cell(window, screen, "f6")  # the focus back on the board, off the buttons
    key(window, arcade.key.U)
    assert screen.table.session.moves == [] and screen.table.session.state.board == start.board
    pump(window)
    assert near(pixel(window, *pawn_centre(screen, "k1")), SEAT_COLOUR[BROWN][:3])
    click_button(window, "redo")
    assert screen.table.session.moves == [pending]
    pump(window)
    assert near(pixel(window, *pawn_centre(screen, "j2")), SEAT_COLOUR[BLUE][:3])


def test_versus_keyboard_play_and_hint(window: Any) -> None:
    screen = start_versus(window)
    renderer = screen.renderer
    # Blue steps a pawn with the keyboard: the arrows bring the cursor, Space selects.
    key(window, arcade.key.RIGHT)
    assert renderer.cursor is not None
    while renderer.board_layout.centres[renderer.cursor][1] > centre(screen, "a1")[1] + 1:
        key(window, arcade.key.DOWN)  # Blue's pieces are on row a, at the bottom
    while renderer.cursor != CELL_OF_NAME["a2"]:
        key(window, arcade.key.LEFT if renderer.cursor > CELL_OF_NAME["a2"] else
            arcade.key.RIGHT)
    key(window, arcade.key.SPACE)
    assert renderer.selected == CELL_OF_NAME["a2"]
    key(window, arcade.key.UP)
    assert renderer.cursor in renderer.destinations()
    key(window, arcade.key.SPACE)
    pending = renderer.pending_move
    assert isinstance(pending, Move) and not pending.versus
    screenshot(window, "versus_07_keyboard_preview")
    key(window, arcade.key.ENTER)
    assert screen.table.session.moves == [pending]
    finish_animation(window, screen)

    # H asks the strongest agent; its move is drawn as an arrow with a ring at its end.
    key(window, arcade.key.H)
    wait_until(window, lambda: renderer.hint is not None, seconds=60)
    pump(window)
    hint = renderer.hint
    screenshot(window, "versus_08_hint")
    (ax, ay), (bx, by) = (renderer.board_layout.centres[hint.frm],
                          renderer.board_layout.centres[hint.to])
    angle, size = math.atan2(by - ay, bx - ax), renderer.hex_size
    ring = (bx + math.cos(angle) * size * 0.73, by + math.sin(angle) * size * 0.73)
    assert near(pixel(window, *ring), HINT[:3], 30)


def test_versus_against_the_computer_to_the_end(tmp_path: Path) -> None:
    # An endgame resumed from an autosave: one target left free, so the game ends in a
    # few plies whatever the greedy agent plays (versus.md §6.1).
    host = Host(disabled=("verso",)).load()
    game = host.game("versus")

    def pawn(q: int, r: int, blue: int, control: str) -> dict[str, Any]:
        return {"cell": [q, r], "blue": blue, "control": control}

    start = {"versus": {"blue": [-2, 4], "brown": [2, -4]},
             "pawns": [pawn(-5, 0, 3, "blue"), pawn(-3, 0, 2, "blue"),
                       pawn(-1, 0, 2, "brown"), pawn(1, 0, 1, "brown"),
                       pawn(3, 0, 3, "brown"), pawn(4, 1, 4, "blue"),
                       pawn(5, -1, 1, "brown")]}
    session = Session.new(game, 2, {"start_position": start}, 7, ("human", "greedy"))
    saves.write_autosave(tmp_path, session.record())
    window = open_window(tmp_path, animation=0.1)
    try:
        click_continue(window)
        screen = window.current_view
        assert isinstance(screen, GameScreen) and screen.table.session.agents == ("human", "greedy")
        screenshot(window, "versus_09_endgame_vs_computer")
        target = INDEX[(5, 0)]
        for _ in range(12):
            if screen.table.session.outcome is not None:
                break
            if screen.table.session.to_move == BLUE:
                finish_animation(window, screen)
                moves = [m for m in screen.table.session.legal_moves() if isinstance(m, Move)]
                # First a VERSUS slide (the computer must get a turn), then the target.
                first = not screen.table.session.moves
                move = next((m for m in moves if (m.versus if first else m.to == target)),
                            moves[0])
                click(window, *screen.renderer.board_layout.centres[move.frm])
                click(window, *screen.renderer.board_layout.centres[move.to])
                key(window, arcade.key.ENTER)
                assert screen.table.session.moves[-1] == move
            else:
                played = len(screen.table.session.moves)
                wait_until(window, lambda p=played: len(screen.table.session.moves) > p
                           or screen.thinking is not None)
                wait_until(window, lambda p=played: len(screen.table.session.moves) > p, seconds=60)
        assert screen.table.session.outcome is not None
        assert any(screen.table.session.is_ai(screen.game.to_move(s))
                   for s in screen.table.session.states[:-1])
        assert screen.overlay == "end"
        screenshot(window, "versus_10_end_panel")
        click_button(window, "review")
        finish_animation(window, screen)
        screenshot(window, "versus_11_final_board")
        assert "Game over" in screen.renderer.status_line()
    finally:
        window.app.worker.shutdown()
        window.close()


def test_versus_colour_blind_mode_draws_symbols(tmp_path: Path) -> None:
    window = open_window(tmp_path, colour_blind=True)
    try:
        screen = start_versus(window)
        assert screen.renderer.context.colour_blind
        screenshot(window, "versus_12_colour_blind")
        # Brown's centre is a square with a white border: past the round centre's reach,
        # towards the square's corner, k2 shows that border where a round centre would
        # leave its (blue) section visible; Blue's centre stays round, so a2 shows its
        # blue section there.
        size = screen.renderer.hex_size * 0.76
        x, y = centre(screen, "k2")
        assert near(pixel(window, x + 0.385 * size, y + 0.385 * size), SECTION_LINE[:3], 40)
        x, y = centre(screen, "a2")
        red, green, blue = pixel(window, x + 0.385 * size, y + 0.385 * size)[:3]
        # A blue section (its colour-blind dot may tint the sampled pixel paler), not the
        # near-white border of a square centre.
        assert blue > red + 60 and blue > green + 40
        # Each pawn's value to its controller is written in its centre (§2: 2, 4, 3, 1, 3).
        assert sorted(screen.renderer.value_labels()) == sorted("24313" * 2)
    finally:
        window.app.worker.shutdown()
        window.close()


def test_the_board_is_the_toolkits_hex_board_with_versus_cells(window: Any) -> None:
    # versus.md §1: 91 hexes numbered as the rules number them, named a1..k6, hit by the
    # toolkit's layout; Versus's marks are added through the toolkit's hooks.
    layout = BOARD.fit(Rect(0, 0, 1280, 720))
    assert layout.cells == tuple(range(91))
    for name in ("a1", "f6", "k6"):
        assert layout.cell_at(*layout.centres[CELL_OF_NAME[name]]) == CELL_OF_NAME[name]
        assert BOARD.cell_name(CELL_OF_NAME[name]) == name
    assert layout.cell_at(-50, -50) is None
    letters = [label.text for label in layout.labels if label.bold]
    assert letters == [letter for letter in "kjihgfedcba" for _ in range(2)]
    screen = start_versus(window)
    renderer = screen.renderer
    game, state = screen.table.session.game, screen.table.session.state
    slide = next(m for m in game.legal_moves(state)
                 if isinstance(m, Move) and game.preview(state, m).attractions)
    path = renderer.move_path(state, slide)
    assert path is not None and path.cells == (slide.frm, slide.to)
    assert path.carried == tuple((a.frm, a.to) for a in game.preview(state, slide).attractions)
    bare = Mesh()
    renderer.paint_over(renderer._scene(), bare)
    click(window, *renderer.board_layout.click_point(slide.frm))
    click(window, *renderer.board_layout.click_point(slide.to))
    assert renderer.pending_move == slide == screen.stage.pending
    marked = Mesh()
    renderer.paint_over(renderer._scene(), marked)
    assert len(marked) > len(bare)
    assert isinstance(renderer._scene(), Scene)
