"""The board toolkit's geometry and click logic, headless (no window): every board shape
lays out inside its area at several sizes, every cell is hit where it is drawn, labels
stay in their boxes, arrows walk the board and clicks turn into the right moves."""

from __future__ import annotations

import pytest

from tabletop.ui.boards import (
    Board,
    CardTable,
    HexBoard,
    MovePath,
    Picker,
    Piece,
    Region,
    SquareBoard,
)
from tabletop.ui.renderer import Rect

AREAS = (Rect(16, 16, 900, 768), Rect(10, 10, 562, 580), Rect(0, 0, 300, 900),
         Rect(5, 50, 1900, 300))
BOARDS: dict[str, Board] = {
    "square 8x8": SquareBoard(8, 8),
    "square 3x5 rows down": SquareBoard(3, 5, rows_down=True, dark=(90, 60, 30)),
    "square 19x19 no labels": SquareBoard(19, 19, labels=False),
    "hexagon pointy": HexBoard.hexagon(3),
    "hexagon flat": HexBoard.hexagon(4, "flat"),
    "hex rhombus 11": HexBoard.rhombus(11, 11),
    "hex odd shape": HexBoard(frozenset({(0, 0), (1, 0), (2, -1), (0, 2), (-3, 3)})),
    "card table": CardTable((
        Region("hand", 0.0, 0.0, 1.0, 0.35, slots=9, title="Your hand"),
        Region("stock", 0.05, 0.5, 0.2, 0.45, slots=30, pile=True, title="Stock"),
        Region("row", 0.3, 0.5, 0.7, 0.45, slots=4))),
}


@pytest.mark.parametrize("name", list(BOARDS))
def test_every_board_fits_its_area_and_hits_each_cell(name: str) -> None:
    board = BOARDS[name]
    for area in AREAS:
        layout = board.fit(area)
        assert set(layout.cells) == set(board.cells)
        for cell in layout.cells:
            for x, y in layout.outlines[cell]:
                assert area.left - 1e-6 <= x <= area.right + 1e-6, (name, area, cell)
                assert area.bottom - 1e-6 <= y <= area.top + 1e-6, (name, area, cell)
            assert layout.cell_at(*layout.click_point(cell)) == cell, (name, area, cell)
            size = layout.size_of(cell)
            assert size > 0
        for label in layout.labels:  # a label's box is inside the area
            assert area.left - 1e-6 <= label.x - label.width / 2, (name, label)
            assert label.x + label.width / 2 <= area.right + 1e-6, (name, label)
            assert area.bottom - 1e-6 <= label.y - label.size / 2, (name, label)
            assert label.y + label.size / 2 <= area.top + 1e-6, (name, label)
        assert layout.cell_at(area.left - 5, area.bottom - 5) is None


def test_square_board_fills_the_short_side_and_names_cells() -> None:
    board = SquareBoard(8, 8)
    layout = board.fit(Rect(0, 0, 1000, 500))
    assert layout.frame.height == pytest.approx(500)
    assert board.cell_name((0, 0)) == "a1" and board.cell_name((7, 7)) == "h8"
    assert layout.centre((0, 0))[1] < layout.centre((0, 7))[1]  # row 1 at the bottom
    down = SquareBoard(8, 8, rows_down=True).fit(Rect(0, 0, 1000, 500))
    assert down.centre((0, 0))[1] > down.centre((0, 7))[1]  # row 1 on top
    assert [label.text for label in layout.labels][:3] == ["a", "b", "c"]
    assert SquareBoard(30, 2).cell_name((27, 1)) == "ab2"


def test_chequered_square_board_alternates() -> None:
    layout = SquareBoard(2, 2, light=(1, 1, 1), dark=(2, 2, 2)).fit(Rect(0, 0, 100, 100))
    assert layout.fill[(0, 0)] == layout.fill[(1, 1)] == (2, 2, 2)
    assert layout.fill[(0, 1)] == (1, 1, 1)


def test_arrows_walk_the_grids() -> None:
    square = SquareBoard(8, 8).fit(Rect(0, 0, 800, 800))
    assert square.neighbour((3, 3), 1, 0) == (4, 3)
    assert square.neighbour((3, 3), 0, 1) == (3, 4)
    assert square.neighbour((0, 0), -1, 0) is None
    pointy = HexBoard.hexagon(2).fit(Rect(0, 0, 800, 800))
    assert pointy.neighbour((0, 0), 1, 0) == (1, 0)
    assert pointy.neighbour((0, 0), -1, 0) == (-1, 0)
    assert pointy.neighbour((0, 0), 0, -1) in {(0, 1), (-1, 1)}  # r grows down the screen
    flat = HexBoard.hexagon(2, "flat").fit(Rect(0, 0, 800, 800))
    assert flat.neighbour((0, 0), 0, 1) == (0, -1)
    assert flat.neighbour((0, 0), 0, -1) == (0, 1)


def test_hex_names_and_labels() -> None:
    board = HexBoard.rhombus(11, 11)
    assert board.cell_name((0, 0)) == "a1" and board.cell_name((10, 10)) == "k11"
    layout = board.fit(Rect(0, 0, 1000, 700))
    texts = [label.text for label in layout.labels]
    assert texts[:11] == list("abcdefghijk") and texts[11:] == [str(i) for i in range(1, 12)]
    assert HexBoard.hexagon(1).cell_name((0, 0)) == "b2"
    with pytest.raises(ValueError, match="orientation"):
        HexBoard(frozenset({(0, 0)}), "sideways")  # type: ignore[arg-type]


def test_fanned_cards_are_hit_on_their_visible_strip() -> None:
    table = CardTable((Region("hand", 0, 0, 1, 1, slots=20),))
    layout = table.fit(Rect(0, 0, 400, 200))
    first, second = layout.outlines[("hand", 0)], layout.outlines[("hand", 1)]
    assert first[1][0] == pytest.approx(second[0][0])  # strips side by side, no overlap
    card_width = layout.size_of(("hand", 0)) * 2.5 / 3.5
    assert first[1][0] - first[0][0] < card_width  # covered by the next card
    assert table.cell_name(("hand", 4)) == "hand 5"
    with pytest.raises(ValueError, match="distinct names"):
        CardTable((Region("a", 0, 0, 1, 1), Region("a", 0, 0, 1, 1)))


def test_pieces_are_checked_and_speak_in_colour_blind_mode() -> None:
    disc = Piece(fill=(0, 0, 0), label="K", symbol="B")
    assert disc.words(colour_blind=False) == "K" and disc.words(colour_blind=True) == "K B"
    assert Piece(fill=(0, 0, 0), shape="card", label="Q", face_down=True).words(True) == ""
    with pytest.raises(ValueError, match="unknown piece shape"):
        Piece(fill=(0, 0, 0), shape="blob")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scale"):
        Piece(fill=(0, 0, 0), scale=0)


def test_picker_placements() -> None:
    picker = Picker([("a", MovePath(to=1)), ("b", MovePath(to=2))])
    assert picker.destinations() == (1, 2)
    assert picker.click(1) and picker.pending == "a"
    assert picker.click(2) and picker.pending == "b"  # another target replaces the choice
    assert picker.click(2) and picker.pending == "b"  # a second click keeps it
    assert picker.click(9) and picker.pending is None  # elsewhere: dropped
    assert not picker.click(9)  # nothing to drop: the click is not used


def test_picker_from_to_and_shared_paths() -> None:
    paths = [("a-b", MovePath(frm="a", to="b")), ("a-c", MovePath(frm="a", to="c")),
             ("d-b=Q", MovePath(frm="d", to="b")), ("d-b=N", MovePath(frm="d", to="b"))]
    picker = Picker(paths)
    assert picker.destinations() == () and picker.sources == {"a", "d"}
    assert picker.click("b") is False  # a destination of nothing selected
    assert picker.click("a") and picker.selected == "a" and picker.destinations() == ("b", "c")
    assert picker.click("c") and picker.pending == "a-c"
    assert picker.click("d") and picker.selected == "d" and picker.pending is None
    assert picker.click("b") and picker.pending == "d-b=Q"
    assert picker.click("b") and picker.pending == "d-b=N"  # promotion choices in turn
    assert picker.click("b") and picker.pending == "d-b=Q"
    assert picker.click("d") is True and picker.selected is None  # the start again: drop
    assert picker.clickable("a") and not picker.clickable("z")


def test_picker_a_start_that_is_also_a_one_click_move() -> None:
    picker = Picker([("play", MovePath(to="card")), ("to-pile", MovePath(frm="card",
                                                                         to="pile"))])
    assert picker.click("card") and picker.selected == "card"
    assert picker.click("card") and picker.pending == "play"  # the second click plays it
    assert picker.click("card") and picker.selected == "card"
    assert picker.click("pile") and picker.pending == "to-pile"


def test_picker_handles_choose_a_one_click_move() -> None:
    # Connect Four: a click anywhere in a column drops the disc on its lowest free cell.
    paths = [(col, MovePath(to=(col, 0), handles=tuple((col, row) for row in range(6))))
             for col in range(7)]
    picker = Picker(paths)
    assert picker.click((3, 5)) and picker.pending == 3
    assert picker.clickable((6, 4)) and not picker.clickable((7, 0))
    assert picker.click((6, 0)) and picker.pending == 6
