"""Each seat sees the board from its own side (issue 33): a screen whose one person plays
Brown sees the Versus board turned half round, Brown's home row at the bottom, and its
clicks, arrow keys and marks follow; a screen two people share (hot-seat) keeps the
board as the rules draw it, Blue at the bottom, whoever is to move (versus.md §1).

The toolkit's part (`Layout.turned`, `BoardRenderer.bottom_seat`) is checked on its own
boards, the renderer with real clicks and keys in a headless window, and the app with a
game against the computer; `test_online_turned.py` has the online seats.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from board_host import said, show, stage_of
from test_boards_renderer import key, press
from ui_driver import click, click_button, close_app, open_app, pixel, pump, wait_until

from games.versus.board import CELL_NAMES, CELL_OF_NAME, CELLS, ROWS
from games.versus.pieces import FIRST_PAWN, OWNER
from games.versus.view.pawns import SEAT_COLOUR
from games.versus.view.renderer import VersusRenderer
from tabletop.plugins import Host
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import HexBoard, SquareBoard
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Explain, Rect
from tabletop.ui.setup_screen import SetupScreen

BLUE, BROWN = 0, 1


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host().load()


def mirrored(cell: int) -> int:
    """The cell opposite `cell` through the board's centre (cells in reading order)."""
    return CELLS - 1 - cell


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(800, 600, "turned", visible=False)
    yield win
    win.close()


@pytest.fixture(scope="module")
def versus() -> Any:
    return installed_host().game("versus")


def start(game: Any) -> Any:
    return game.new_state(2, {o.name: o.default for o in game.info.options}, 1)


# -- the toolkit -------------------------------------------------------------------------------
@pytest.mark.parametrize("board", [HexBoard.hexagon(3), SquareBoard(8, 8),
                                   HexBoard.rhombus(5, 4, "flat")],
                         ids=["hexagon", "square", "rhombus"])
def test_a_turned_layout_puts_every_cell_opposite_and_hits_it_there(board: Any) -> None:
    layout = board.fit(Rect(10, 20, 600, 420))
    turned = layout.turned()
    cx, cy = layout.frame.center
    assert turned.is_turned and not layout.is_turned and turned.frame == layout.frame
    for cell in layout.cells:
        x, y = layout.centres[cell]
        tx, ty = turned.centres[cell]
        assert (tx, ty) == pytest.approx((2 * cx - x, 2 * cy - y))
        assert turned.cell_at(tx, ty) == cell
        assert turned.cell_at(x, y) == layout.cell_at(2 * cx - x, 2 * cy - y)
    for before, after in zip(layout.labels, turned.labels, strict=True):
        assert (after.x, after.y) == pytest.approx((2 * cx - before.x, 2 * cy - before.y))
        assert after.text == before.text
    # A cell's own name stays where it was in its cell (under its centre).
    for cell, name in turned.cell_labels.items():
        assert name.y - turned.centres[cell][1] == pytest.approx(
            layout.cell_labels[cell].y - layout.centres[cell][1])
    again = turned.turned()
    assert not again.is_turned
    for cell, centre in layout.centres.items():
        assert again.centres[cell] == pytest.approx(centre)


def test_a_turned_layout_moves_the_arrow_keys_as_the_board_is_seen() -> None:
    layout = SquareBoard(8, 8).fit(Rect(0, 0, 400, 400))
    turned = layout.turned()
    # On a board seen from the other side, "up" on the screen is down the rows.
    assert layout.neighbour((3, 3), 0, 1) == (3, 4)
    assert turned.neighbour((3, 3), 0, 1) == (3, 2)
    assert turned.neighbour((3, 3), 1, 0) == (2, 3)
    assert turned.neighbour((0, 0), 0, 1) is None  # a1 is now at the top right


# -- the Versus renderer, with real clicks and keys ------------------------------------------
def test_the_same_click_chooses_mirrored_cells_from_the_two_seats(window: Any,
                                                                   versus: Any) -> None:
    state = start(versus)  # Blue to move
    blue_versus = CELL_OF_NAME["a3"]
    blue, _ = show(window, VersusRenderer, versus, state, seats=frozenset({BLUE}))
    assert not blue.turned
    point = blue.board_layout.centres[blue_versus]
    press(window, *point)
    assert blue.selected == blue_versus  # Blue's own VERSUS, where Blue sees it

    brown, _ = show(window, VersusRenderer, versus, state, seats=frozenset({BROWN}))
    assert brown.turned
    press(window, *point)
    # The same pixel is on the opposite cell: Brown's VERSUS, k4, which Blue may not move.
    assert brown.selected is None
    assert mirrored(blue_versus) == CELL_OF_NAME["k4"]
    assert said(window) == Explain(brown.explain(CELL_OF_NAME["k4"]))
    assert brown.board_layout.cell_at(*point) == CELL_OF_NAME["k4"]

    # Brown to move: Brown's screen picks its VERSUS where it is drawn, at the bottom.
    after = versus.apply(state, versus.parse_move(state, "a1-b2"))
    brown, _ = show(window, VersusRenderer, versus, after, seats=frozenset({BROWN}))
    at = brown.board_layout.centres[CELL_OF_NAME["k4"]]
    assert at == pytest.approx(point)
    press(window, *at)
    assert brown.selected == CELL_OF_NAME["k4"]
    for cell in brown.destinations():
        # Every destination is hit where it is drawn, and the move is previewed.
        assert brown.board_layout.cell_at(*brown.board_layout.centres[cell]) == cell
    target = brown.destinations()[0]
    press(window, *brown.board_layout.centres[target])
    assert brown.pending_move is not None and brown.pending_move.to == target
    assert stage_of(window).pending == brown.pending_move


def test_the_seat_at_the_bottom_is_the_screens_own(window: Any, versus: Any) -> None:
    state = start(versus)
    for seats, bottom in ((frozenset({BLUE}), BLUE), (frozenset({BROWN}), BROWN),
                          (frozenset({BLUE, BROWN}), BLUE), (frozenset(), BLUE)):
        renderer, _ = show(window, VersusRenderer, versus, state, seats=seats)
        layout = renderer.board_layout
        middle = layout.frame.center[1]
        for cell in state.pieces:
            below = layout.centres[cell][1] < middle
            assert below == (OWNER[state.board[cell]] == bottom), (seats, CELL_NAMES[cell])
        # The pawns are drawn where the layout says: the controller's colour in its disc.
        for cell in state.pieces:
            if state.board[cell] >= FIRST_PAWN and OWNER[state.board[cell]] == bottom:
                x, y = layout.centres[cell]
                colour = pixel_at(window, x + renderer.hex_size * 0.2, y)
                assert near(colour, SEAT_COLOUR[bottom][:3]), (seats, CELL_NAMES[cell])


def test_the_arrow_keys_move_the_cursor_as_the_player_sees_the_board(
        window: Any, versus: Any) -> None:
    state = start(versus)
    after = versus.apply(state, versus.parse_move(state, "a1-b2"))  # Brown to move
    brown, _ = show(window, VersusRenderer, versus, after, seats=frozenset({BROWN}))
    centres = brown.board_layout.centres

    def at() -> str:
        return CELL_NAMES[brown.cursor]

    key(window, arcade.key.UP)  # the first arrow puts the cursor on Brown's first piece
    assert at() == "k1"
    key(window, arcade.key.UP)
    assert at() == "j1"  # up the screen, towards Blue's side
    assert centres[CELL_OF_NAME["j1"]][1] > centres[CELL_OF_NAME["k1"]][1]
    key(window, arcade.key.DOWN)
    assert at() == "k1"  # cell 0: a cell the toolkit once took for the board's edge
    key(window, arcade.key.DOWN)
    assert at() == "k1"  # Brown's home row is the bottom edge
    key(window, arcade.key.LEFT)
    assert at() == "k2"  # the numbers run right to left, seen from Brown's side
    assert centres[CELL_OF_NAME["k2"]][0] < centres[CELL_OF_NAME["k1"]][0]


def pixel_at(window: Any, x: float, y: float) -> tuple[int, ...]:
    image = arcade.get_image(0, 0, *window.get_size())
    return tuple(image.getpixel((int(x), window.get_size()[1] - 1 - int(y))))[:3]


def near(colour: tuple[int, ...], expected: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


# -- the app -----------------------------------------------------------------------------------
@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path / "app", size=(1024, 700))
    yield win
    close_app(win)


def own_pieces_below(screen: Any, seat: int) -> None:
    """`seat`'s home row is drawn at the bottom of the board, the other's at the top, and
    the pawns `seat` controls there are drawn there in its colour (the pixels)."""
    renderer = screen.renderer
    state = renderer.view
    layout = renderer.board_layout
    window = screen.window
    pump(window)
    home, other = (ROWS[-1], ROWS[0]) if seat == BLUE else (ROWS[0], ROWS[-1])
    lowest = min(y for _, y in layout.centres.values())
    highest = max(y for _, y in layout.centres.values())
    assert all(layout.centres[cell][1] == pytest.approx(lowest) for cell in home)
    assert all(layout.centres[cell][1] == pytest.approx(highest) for cell in other)
    pawns = [cell for cell in home
             if state.board[cell] >= FIRST_PAWN and state.controller(cell) == seat]
    assert len(pawns) >= 3
    for cell in pawns:
        x, y = layout.centres[cell]
        assert near(pixel(window, x + renderer.hex_size * 0.2, y),
                    SEAT_COLOUR[seat][:3]), CELL_NAMES[cell]


def test_playing_brown_against_the_computer_brown_sits_at_the_bottom(app: Any) -> None:
    click_button(app, "game:versus")
    assert isinstance(app.current_view, SetupScreen)
    click_button(app, "seat0+")  # Blue: the computer; Brown stays the person's
    click_button(app, "start")
    screen = app.current_view
    assert isinstance(screen, GameScreen)
    wait_until(app, lambda: screen.plies >= 1 and not screen.renderer.animating, 60)
    assert screen.renderer.turned
    own_pieces_below(screen, BROWN)


def test_two_people_at_one_screen_keep_blue_at_the_bottom_on_both_turns(app: Any) -> None:
    click_button(app, "game:versus")
    click_button(app, "start")  # two people, hot-seat
    screen = app.current_view
    assert isinstance(screen, GameScreen)
    renderer = screen.renderer
    own_pieces_below(screen, BLUE)
    a1 = renderer.board_layout.centres[CELL_OF_NAME["a1"]]
    click(app, *a1)
    click(app, *renderer.board_layout.centres[CELL_OF_NAME["b2"]])
    click_button(app, "validate")
    wait_until(app, lambda: screen.plies == 1 and not renderer.animating, 30)
    pump(app)
    assert screen.snapshot.to_move == BROWN and not renderer.turned
    assert renderer.board_layout.centres[CELL_OF_NAME["a1"]] == a1
