"""The toolkit's ways for a game with a look of its own (issue 21, Versus on the toolkit):
a `HexBoard` with the game's own cells, names and rim labels and a frame round its edge,
a `Piece` painted by the game, its own marks under and over the pieces, its own board
colours, and a move that carries other pieces along (several turning over at once)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from board_host import frame, show, stage_of
from test_boards_renderer import HEX, HexWalk, Walk, WalkState

from tabletop.ui._arcade import arcade
from tabletop.ui.boards import (
    BoardRenderer,
    Cell,
    HexBoard,
    Layout,
    MovePath,
    Piece,
    RimLabel,
)
from tabletop.ui.boards.animation import MoveAnimation
from tabletop.ui.boards.mesh import Mesh
from tabletop.ui.boards.paint import (
    Palette,
    Scene,
    TextSpec,
    draw_piece,
    paint_board,
    paint_marks_under,
)
from tabletop.ui.renderer import Rect

#: Three cells in a row, numbered 0, 1, 2 by the game and named "x", "y", "z".
ROW = ((-1, 0), (0, 0), (1, 0))


def row_board(**options: Any) -> HexBoard:
    return HexBoard.numbered(ROW, names={0: "x", 1: "y", 2: "z"}, **options)


def test_a_hex_board_with_the_games_cells_and_names() -> None:
    board = row_board()
    assert board.cells == (0, 1, 2) and board.axial(2) == (1, 0)
    assert [board.cell_name(c) for c in board.cells] == ["x", "y", "z"]
    layout = board.fit(Rect(0, 0, 300, 100))
    assert layout.cell_at(*layout.centre(1)) == 1
    assert layout.centre(0)[0] < layout.centre(1)[0] < layout.centre(2)[0]
    # Any values: ids map axial cells to the game's.
    named = HexBoard(frozenset(ROW), ids={(-1, 0): "w", (0, 0): "e", (1, 0): "s"})
    assert set(named.cells) == {"w", "e", "s"} and named.axial("s") == (1, 0)
    assert named == HexBoard(frozenset(ROW), ids={(1, 0): "s", (0, 0): "e", (-1, 0): "w"})
    assert hash(named) == hash(HexBoard(frozenset(ROW), ids={(1, 0): "s", (0, 0): "e",
                                                             (-1, 0): "w"}))
    with pytest.raises(ValueError, match="distinct"):
        HexBoard(frozenset(ROW), ids={(-1, 0): 0, (0, 0): 0, (1, 0): 1})
    with pytest.raises(ValueError, match="no cell"):
        row_board(rim=(RimLabel(7, "?", "left"),))


def test_rim_labels_get_room_outside_the_board_and_cells_their_names() -> None:
    rim = (RimLabel(0, "r", "left", bold=True), RimLabel(2, "r", "right", bold=True),
           RimLabel(1, "5", "above"), RimLabel(1, "5", "below"))
    area = Rect(0, 0, 400, 200)
    layout = row_board(rim=rim, frame="cells").fit(area)
    labels = {(label.text, label.bold): label for label in layout.labels}
    left = next(label for label in layout.labels if label.x < layout.centre(0)[0])
    right = next(label for label in layout.labels if label.x > layout.centre(2)[0])
    above = next(label for label in layout.labels if label.y > layout.centre(1)[1])
    below = next(label for label in layout.labels if label.y < layout.centre(1)[1])
    assert left.bold and right.bold and not above.bold and ("5", False) in labels
    outline = layout.outlines[1]
    assert above.y - above.size * 0.6 > max(y for _, y in outline)  # outside the hexes
    assert below.y + below.size * 0.6 < min(y for _, y in outline)
    assert left.x + left.width / 2 < min(x for x, _ in layout.outlines[0])
    for label in layout.labels:  # room was kept for every one of them
        assert area.left <= label.x - label.width / 2 and label.x + label.width / 2 <= area.right
        assert area.bottom <= label.y - label.size * 0.6
        assert label.y + label.size * 0.6 <= area.top
    # The rim gives the coordinates: each cell's name is a small reminder low in it.
    names = layout.cell_labels
    assert [names[c].text for c in (0, 1, 2)] == ["x", "y", "z"]
    assert names[1].y < layout.centre(1)[1] and names[1].room is not None
    assert not row_board(rim=rim, cell_names=False).fit(area).cell_labels
    # The frame follows the edge: a hexagon round each edge cell (all three here).
    assert len(layout.frame_shapes) == 3
    assert not row_board(rim=rim).fit(area).frame_shapes
    mesh, texts = paint_board(layout, Palette(), {1: (255, 0, 0)})
    assert (255, 0, 0, 255) in mesh.colours and len(texts) == 4


@dataclass(frozen=True)
class Ring:
    """A game's own piece: a ring, recording how it was asked to draw itself."""

    colour: tuple[int, int, int, int]
    calls: list[tuple[float, float, int | None]] = field(default_factory=list,
                                                         compare=False, hash=False)

    def __call__(self, mesh: Mesh, centre: tuple[float, float], size: float, sx: float,
                 alpha: int | None) -> None:
        self.calls.append((size, sx, alpha))
        mesh.ring(centre, size * 0.3, size * 0.5, self.colour, sx)


def test_a_piece_painted_by_the_game() -> None:
    ring = Ring((200, 0, 0, 255))
    piece = Piece(fill=(200, 0, 0), painter=ring, label="3", text_scale=0.5)
    assert piece == Piece(fill=(200, 0, 0), painter=Ring((200, 0, 0, 255)), label="3",
                          text_scale=0.5)
    mesh = Mesh()
    draw_piece(mesh, (10, 10), 40, piece, sx=0.5, alpha=120)
    assert ring.calls == [(40, 0.5, 120)] and len(mesh) > 0
    assert set(mesh.colours) == {(200, 0, 0, 255)}  # only what the painter drew
    small = Mesh()
    small.arrow((0, 0), (10, 0), 2, (0, 0, 0, 255), shorten=6)
    assert len(small) == 0  # the ends would meet: no arrow


class CarryRenderer(BoardRenderer):
    """Hex walk where each token is a ring, with marks of its own under and over them."""

    board = HEX

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self.under: list[Scene] = []
        self.over: list[Scene] = []

    def pieces(self, view: WalkState) -> Mapping[Cell, Piece]:
        return {cell: Piece(fill=(0, 0, 0), painter=Ring((250, 0, 250, 255)))
                for cell in view.tokens}

    def move_path(self, view: WalkState, move: Walk) -> MovePath:
        return MovePath(frm=move.frm, to=move.to)

    def paint_board(self, layout: Layout) -> tuple[Mesh, list[TextSpec]]:
        return paint_board(layout, self.palette, {(0, 0): (0, 200, 0)})

    def paint_under(self, scene: Scene, mesh: Mesh) -> None:
        self.under.append(scene)

    def paint_over(self, scene: Scene, mesh: Mesh) -> None:
        self.over.append(scene)
        if scene.selected is not None:
            mesh.disc(scene.layout.centre(scene.selected), 4, (0, 255, 255, 255))


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "boards", visible=False)
    yield win
    win.close()


def pixel(window: Any, x: float, y: float) -> tuple[int, ...]:
    image = arcade.get_image(0, 0, *window.get_size())
    return tuple(image.getpixel((int(x), window.get_size()[1] - 1 - int(y))))[:3]


def test_the_games_board_colours_pieces_and_marks(window: Any) -> None:
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, _ = show(window, CarryRenderer, game, state)
    assert isinstance(renderer, CarryRenderer)
    layout = renderer.board_layout
    assert pixel(window, *layout.centre((0, 0))) == (0, 200, 0)  # paint_board's fill
    x, y = layout.centre((-2, 0))
    assert pixel(window, x + layout.piece_size * 0.4, y) == (250, 0, 250)  # the painter's
    assert pixel(window, x, y) != (0, 255, 255)
    window.dispatch_event("on_mouse_press", *map(int, layout.click_point((-2, 0))),
                          arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)
    assert renderer.over[-1].selected == (-2, 0) and renderer.under
    assert pixel(window, x, y) == (0, 255, 255)  # paint_over's mark, over the piece
    window.dispatch_event("on_key_press", arcade.key.RIGHT, 0)
    frame(window)
    assert renderer.shown_cursor == renderer.cursor is not None
    stage_of(window).show(focused=False)
    assert renderer.shown_cursor is None


def test_a_move_carries_pieces_that_slide_then_turn_over(window: Any) -> None:
    window.clear()
    layout = HEX.fit(Rect(0, 0, 600, 440))
    red, blue = Piece(fill=(220, 0, 0)), Piece(fill=(0, 0, 220))
    before = {(-2, 0): red, (2, 0): blue, (1, -1): blue}
    after = {(0, 0): red, (1, 0): red, (0, -1): red}  # both blue tokens pulled, turned red
    path = MovePath(frm=(-2, 0), to=(0, 0), via=((-1, 0),),
                    carried=(((2, 0), (1, 0)), ((1, -1), (0, -1))))
    animation = MoveAnimation(layout, before, after, path, 1.0, False)
    assert animation.hidden == {(0, 0), (1, 0), (0, -1)}
    assert len(animation._tracks) == 3  # the slide and two carried: none grows or shrinks
    animation.update(0.62)  # the carried pieces slide in the second half...
    for track in animation._tracks[1:]:
        assert track.start == 0.5 and len(track.points) == 3
    animation.update(0.4)
    assert animation.done
    # ...and a piece carried unchanged only slides.
    same = MoveAnimation(layout, {(2, 0): blue, (-2, 0): red}, {(1, 0): blue, (0, 0): red},
                         MovePath(frm=(-2, 0), to=(0, 0), carried=(((2, 0), (1, 0)),)),
                         1.0, False)
    assert len(same._tracks) == 2 and len(same._tracks[1].frames) == 1
    scene = Scene(layout, Palette(), after, False, last_move=path)
    mesh = paint_marks_under(scene)
    assert (255, 226, 90, 60) in mesh.colours  # where the carried pieces came from
