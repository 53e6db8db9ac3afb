"""Painters: a frozen `Scene` in, triangles and texts out (nothing reads the renderer).

Every mark is told apart by its shape as well as its colour, so the board reads the same
in colour-blind mode: the selection is a thick outline, destinations are dots (rings on
occupied cells), the last move is a tint with corner ticks, the hint is a dashed ring
(and an arrow for a move from a cell), the keyboard cursor four corner brackets, a cell
a tutorial asks to look at an outline beaded at its corners.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tabletop.ui.boards.geometry import CARD_ASPECT, Cell, Colour, Layout, Point
from tabletop.ui.boards.mesh import Mesh, rgba
from tabletop.ui.boards.pieces import Content, MovePath, Piece, Stack
from tabletop.ui.boards.stacks import StackLook, count_colour, look_of

__all__ = ["Palette", "Scene", "TextSpec", "corner_ticks", "paint_board", "shrunk"]


#: The colour a count is written for on a cell that has no fill of its own.
_NO_FILL: Colour = (200, 200, 200)


@dataclass(frozen=True)
class Palette:
    """The colours of the board frame, lines, labels and marks (override per renderer)."""

    frame: Colour = (70, 56, 40)
    line: Colour = (40, 32, 24)
    label: Colour = (236, 224, 196)
    select: Colour = (255, 255, 255)
    destination: Colour = (64, 200, 96)
    last_move: Colour = (255, 226, 90)
    hint: Colour = (255, 150, 20)
    cursor: Colour = (255, 196, 64)
    hover: Colour = (255, 255, 255)
    #: What a tutorial's step asks the player to look at (the frame's `marks`).
    look: Colour = (40, 230, 255)
    #: The names written in free cells (None: the `line` colour).
    name: Colour | None = None
    #: How opaque a previewed (ghost) piece is drawn, 0-255.
    ghost_alpha: int = 120


@dataclass(frozen=True)
class TextSpec:
    """A text to write centred at (x, y), at most `height` px tall and `width` px wide."""

    text: str
    x: float
    y: float
    height: float
    width: float
    colour: Colour
    bold: bool = False
    #: The height of its box, where more than `height` × 1.2.
    room: float | None = None


@dataclass(frozen=True)
class Scene:
    """Everything the still picture of a board shows, as plain values."""

    layout: Layout
    palette: Palette
    pieces: Mapping[Cell, Content]
    colour_blind: bool
    hidden: frozenset[Cell] = frozenset()
    last_move: MovePath | None = None
    selected: Cell | None = None
    destinations: tuple[Cell, ...] = ()
    hint: MovePath | None = None
    pending: MovePath | None = None
    ghosts: Mapping[Cell, Content | None] = field(default_factory=dict)
    looked: tuple[Cell, ...] = ()


def paint_board(layout: Layout, palette: Palette,
                fill: Mapping[Cell, Colour] | None = None) -> tuple[Mesh, list[TextSpec]]:
    """The frame, the cells (each in its `fill` colour where given, else the layout's)
    and the coordinate labels."""
    mesh = Mesh()
    if layout.frame_shapes:
        for shape in layout.frame_shapes:
            mesh.polygon(shape, rgba(layout.frame_fill or palette.frame))
    else:
        _frame_box(mesh, layout, palette)
    width = max(1.0, layout.piece_size * 0.03)
    fill = fill or {}
    for cell in layout.cells:
        shape = layout.shape_of(cell)
        mesh.polygon(shape, rgba(fill.get(cell) or layout.fill.get(cell, _NO_FILL)))
        mesh.outline(shape, width, rgba(palette.line))
    texts = [TextSpec(label.text, label.x, label.y, label.size, label.width, palette.label,
                      label.bold) for label in layout.labels]
    return mesh, texts


def _frame_box(mesh: Mesh, layout: Layout, palette: Palette) -> None:
    frame = layout.frame
    # The frame shows round the cells, up to the area's edge at most.
    pad = layout.piece_size * 0.08
    box = layout.area
    mesh.polygon(((max(box.left, frame.left - pad), max(box.bottom, frame.bottom - pad)),
                  (min(box.right, frame.right + pad), max(box.bottom, frame.bottom - pad)),
                  (min(box.right, frame.right + pad), min(box.top, frame.top + pad)),
                  (max(box.left, frame.left - pad), min(box.top, frame.top + pad))),
                 rgba(layout.frame_fill or palette.frame))


def paint_cell_names(scene: Scene) -> list[TextSpec]:
    """The names written inside the free cells, where the board has them."""
    colour = scene.palette.name or scene.palette.line
    return [TextSpec(label.text, label.x, label.y, label.size, label.width, colour,
                     room=label.room)
            for cell, label in scene.layout.cell_labels.items()
            if cell not in scene.pieces]


def shrunk(outline: Sequence[Point], share: float) -> list[Point]:
    """`outline` scaled by `share` about its centre."""
    cx = sum(x for x, _ in outline) / len(outline)
    cy = sum(y for _, y in outline) / len(outline)
    return [(cx + (x - cx) * share, cy + (y - cy) * share) for x, y in outline]


def paint_marks_under(scene: Scene) -> Mesh:
    """The marks drawn on the cells, under the pieces: the last move and the selection."""
    mesh = Mesh()
    layout, palette = scene.layout, scene.palette
    if scene.last_move is not None:
        for cell in scene.last_move.cells:
            if cell in layout.outlines:
                mesh.polygon(layout.shape_of(cell), rgba(palette.last_move, 110))
                corner_ticks(mesh, layout.outlines[cell], layout.piece_size * 0.18,
                              layout.piece_size * 0.05, rgba(palette.last_move))
        for start, _ in scene.last_move.carried:  # what the move took along: paler
            if start in layout.outlines:
                mesh.polygon(layout.shape_of(start), rgba(palette.last_move, 60))
    if scene.selected is not None and scene.selected in layout.outlines:
        mesh.polygon(layout.shape_of(scene.selected), rgba(palette.select, 70))
    return mesh


def paint_pieces(scene: Scene) -> tuple[Mesh, list[TextSpec]]:
    """Every piece and stack not hidden (an animation draws those), with its words (a
    stack's count is `paint_counts`')."""
    mesh = Mesh()
    texts: list[TextSpec] = []
    for cell, content in scene.pieces.items():
        if cell in scene.hidden or cell not in scene.layout.centres:
            continue
        draw_content(mesh, scene.layout, cell, content)
        texts += content_words(scene.layout, cell, content, scene.colour_blind)
    return mesh, texts


def paint_counts(scene: Scene) -> list[TextSpec]:
    """The count of each stack, written on its cell; while a move is previewed, the
    count it would leave (its ghost's), so no cell shows two numbers."""
    texts: list[TextSpec] = []
    for cell in scene.layout.cells:
        content = scene.ghosts[cell] if cell in scene.ghosts else scene.pieces.get(cell)
        if isinstance(content, Stack) and cell not in scene.hidden:
            spec = count_text(scene.layout, cell, content, fill=_marked_fill(scene, cell))
            if spec is not None:
                texts.append(spec)
    return texts


def stack_look(layout: Layout, cell: Cell, stack: Stack, centre: Point | None = None,
               scale: float = 1.0) -> StackLook:
    """`stack` laid out in `cell` (round `centre` instead of the cell's centre: an
    animation draws at the origin), `scale` times its size."""
    box = layout.content_box(cell)
    return look_of(stack, centre or box.center, box.width * scale, box.height * scale,
                   layout.size_of(cell) * scale)


def draw_content(mesh: Mesh, layout: Layout, cell: Cell, content: Content,
                 centre: Point | None = None, sx: float = 1.0, alpha: int | None = None,
                 scale: float = 1.0) -> None:
    """Add what `cell` holds, a piece or a stack, round its centre (or `centre`); `sx`,
    `alpha` and `scale` squeeze, fade and size it as `draw_piece` does."""
    if isinstance(content, Stack):
        look = stack_look(layout, cell, content, centre, scale)
        piece = content.shown
        for place in look.places:
            draw_piece(mesh, place, look.size, piece, sx=sx, alpha=alpha)
        return
    draw_piece(mesh, centre or layout.centres[cell], layout.size_of(cell) * scale, content,
               sx=sx, alpha=alpha)


def content_words(layout: Layout, cell: Cell, content: Content, colour_blind: bool,
                  centre: Point | None = None) -> list[TextSpec]:
    """The words written on what `cell` holds: a piece's, a stack's on each of its
    tokens or on its top card (not its count)."""
    words = content.words(colour_blind)
    if not words:
        return []
    if isinstance(content, Stack):
        look = stack_look(layout, cell, content, centre)
        places = look.places[-1:] if content.piece.shape == "card" else look.places
        return [piece_text(words, place, look.size, content.piece) for place in places]
    return [piece_text(words, centre or layout.centres[cell], layout.size_of(cell), content)]


def count_text(layout: Layout, cell: Cell, stack: Stack, centre: Point | None = None,
               fill: Colour | None = None) -> TextSpec | None:
    """A stack's count in its box: in the piece's text colour on a card, else in a colour
    that reads on the cell (on `fill` if given: the cell as a mark tints it); None if the
    stack writes none."""
    look = stack_look(layout, cell, stack, centre)
    if look.count_box is None or not stack.count_text:
        return None
    x, y, height, width = look.count_box
    if stack.piece.shape == "card" and look.places:
        colour = stack.piece.text
    else:
        colour = count_colour(fill or layout.fill.get(cell, _NO_FILL))
    return TextSpec(stack.count_text, x, y, height, width, colour, bold=True)


def _marked_fill(scene: Scene, cell: Cell) -> Colour:
    """The colour `cell` shows under its pieces: its fill, tinted by the last move's
    mark or the selection's (`paint_marks_under`)."""
    colour = scene.layout.fill.get(cell, _NO_FILL)
    if scene.last_move is not None and cell in scene.last_move.cells:
        colour = _blend(colour, scene.palette.last_move, 110)
    if cell == scene.selected:
        colour = _blend(colour, scene.palette.select, 70)
    return colour


def _blend(under: Colour, over: Colour, alpha: int) -> Colour:
    share = alpha / 255
    return (round(under[0] + (over[0] - under[0]) * share),
            round(under[1] + (over[1] - under[1]) * share),
            round(under[2] + (over[2] - under[2]) * share))


def paint_marks_over(scene: Scene) -> tuple[Mesh, list[TextSpec]]:
    """The marks over the pieces: destinations, the previewed move's ghosts, the hint."""
    mesh = Mesh()
    texts: list[TextSpec] = []
    layout, palette = scene.layout, scene.palette
    size = layout.piece_size
    for cell in scene.destinations:
        if cell not in layout.centres:
            continue
        if cell in scene.pieces:  # a frame inside the cell, round whatever stands there
            # (a round cell's on its rim: it has no corners to keep clear of)
            share = 0.97 if cell in layout.shapes else 0.88
            mesh.outline(shrunk(layout.shape_of(cell), share), size * 0.06,
                         rgba(palette.destination))
        else:
            mesh.disc(layout.centres[cell], size * 0.13, rgba(palette.destination))
    for cell, ghost in scene.ghosts.items():
        if cell not in layout.centres:
            continue
        centre, cell_size = layout.centres[cell], layout.size_of(cell)
        now = scene.pieces.get(cell)
        if ghost is None or _fewer(ghost, now):  # the piece there would go: cross it out
            if isinstance(now, Stack):  # the cross over the pieces, off the count
                look = stack_look(layout, cell, now)
                centre = _middle(look.places) if look.places else centre
            d = cell_size * 0.3
            x, y = centre
            mesh.line((x - d, y - d), (x + d, y + d), cell_size * 0.08, rgba(palette.select))
            mesh.line((x - d, y + d), (x + d, y - d), cell_size * 0.08, rgba(palette.select))
            if ghost is None:
                continue
        draw_content(mesh, layout, cell, ghost, alpha=palette.ghost_alpha)
        texts += content_words(layout, cell, ghost, scene.colour_blind)
    if scene.pending is not None and scene.pending.to in layout.outlines:
        mesh.outline(layout.outlines[scene.pending.to], size * 0.07, rgba(palette.select))
    if scene.hint is not None:
        _hint(mesh, layout, scene.hint, rgba(palette.hint))
    for cell in scene.looked:
        if cell in layout.outlines:
            _look(mesh, layout.outlines[cell], size, rgba(palette.look))
    return mesh, texts


def _fewer(ghost: Content, now: Content | None) -> bool:
    """True if a stack's preview holds fewer pieces than it does now."""
    return isinstance(ghost, Stack) and isinstance(now, Stack) and ghost.count < now.count


def _middle(points: Sequence[Point]) -> Point:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _look(mesh: Mesh, outline: Sequence[Point], size: float,
          colour: tuple[int, int, int, int]) -> None:
    """A cell to look at: its outline in a thick bright line edged dark, with a bead at
    each corner (no other mark has beads)."""
    mesh.outline(outline, size * 0.12, (16, 28, 44, 255))
    mesh.outline(outline, size * 0.06, colour)
    for corner in outline:
        mesh.disc(corner, size * 0.08, (16, 28, 44, 255))
        mesh.disc(corner, size * 0.05, colour)


def paint_live(layout: Layout, palette: Palette, hover: Cell | None,
               cursor: Cell | None) -> Mesh:
    """What follows the pointer and the keys (drawn over the still picture each frame)."""
    mesh = Mesh()
    size = layout.piece_size
    if hover is not None and hover in layout.outlines:
        mesh.outline(layout.outlines[hover], max(1.5, size * 0.035), rgba(palette.hover, 200))
    if cursor is not None and cursor in layout.outlines:
        corner_ticks(mesh, layout.outlines[cursor], size * 0.3, max(2.0, size * 0.07),
                      rgba(palette.cursor))
    return mesh


def _hint(mesh: Mesh, layout: Layout, path: MovePath, colour: tuple[int, int, int, int]
          ) -> None:
    size = layout.piece_size
    if path.to in layout.centres:
        _dashed_ring(mesh, layout.centres[path.to], size * 0.5, size * 0.07, colour)
    points = [layout.centres[c] for c in path.cells if c in layout.centres]
    for a, b in itertools.pairwise(points):
        mesh.arrow(a, b, size * 0.09, colour)


def _dashed_ring(mesh: Mesh, centre: Point, radius: float, width: float,
                 colour: tuple[int, int, int, int]) -> None:
    x, y = centre
    dashes = 12
    for i in range(dashes):
        a0 = 2 * math.pi * i / dashes
        a1 = a0 + math.pi / dashes
        steps = 3
        for j in range(steps):
            t0, t1 = a0 + (a1 - a0) * j / steps, a0 + (a1 - a0) * (j + 1) / steps
            p0 = (x + radius * math.cos(t0), y + radius * math.sin(t0))
            p1 = (x + radius * math.cos(t1), y + radius * math.sin(t1))
            mesh.line(p0, p1, width, colour, caps=True)


def corner_ticks(mesh: Mesh, outline: Sequence[Point], length: float, width: float,
                  colour: tuple[int, int, int, int]) -> None:
    """Short strokes along both edges at each corner of `outline` (a bracketed cell)."""
    count = len(outline)
    for i, corner in enumerate(outline):
        for other in (outline[(i + 1) % count], outline[(i - 1) % count]):
            dx, dy = other[0] - corner[0], other[1] - corner[1]
            edge = math.hypot(dx, dy) or 1.0
            share = min(0.45, length / edge)
            mesh.line(corner, (corner[0] + dx * share, corner[1] + dy * share), width, colour,
                      caps=True)


def draw_piece(mesh: Mesh, centre: Point, size: float, piece: Piece, sx: float = 1.0,
               alpha: int | None = None) -> None:
    """Add `piece` centred at `centre` for a cell whose piece size is `size`; `sx`
    squeezes it horizontally (turning over), `alpha` draws it translucent (a ghost)."""
    size *= piece.scale
    if piece.painter is not None:
        piece.painter(mesh, centre, size, sx, alpha)
        return
    fill, edge = rgba(piece.fill, alpha), rgba(piece.edge, alpha)
    x, y = centre
    if piece.shape == "disc":
        mesh.disc(centre, size / 2, edge, sx)
        mesh.disc(centre, size / 2 * 0.9, fill, sx)
        return
    if piece.shape == "card":
        w, h = size * CARD_ASPECT * sx, size
        inset = size * 0.03
        mesh.polygon(_box(x, y, w, h), edge)
        mesh.polygon(_box(x, y, max(0.0, w - 2 * inset), h - 2 * inset), fill)
        if piece.face_down:  # the back: a frame inside the card
            mesh.outline(_box(x, y, max(0.0, w - 8 * inset), h - 8 * inset), inset, edge)
        return
    corners = _token_corners(piece.shape, size / 2)
    mesh.polygon([(x + cx * sx, y + cy) for cx, cy in corners], edge)
    mesh.polygon([(x + cx * 0.86 * sx, y + cy * 0.86) for cx, cy in corners], fill)


def piece_text(words: str, centre: Point, size: float, piece: Piece) -> TextSpec:
    """The words on a piece, boxed inside it (a card's words in its upper half)."""
    size *= piece.scale
    words_size = size * piece.text_scale
    if piece.shape == "card":
        above = 0.18 if piece.text_at is None else piece.text_at
        return TextSpec(words, centre[0], centre[1] + size * above, words_size * 0.3,
                        size * CARD_ASPECT * 0.8, piece.text, bold=True)
    return TextSpec(words, centre[0], centre[1] + size * (piece.text_at or 0.0),
                    words_size * 0.42, size * 0.66, piece.text, bold=True)


def _box(x: float, y: float, w: float, h: float) -> list[Point]:
    return [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2),
            (x - w / 2, y + h / 2)]


def _token_corners(shape: str, r: float) -> list[Point]:
    if shape == "square":
        s = r * 0.85
        return [(-s, -s), (s, -s), (s, s), (-s, s)]
    if shape == "diamond":
        return [(0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0)]
    if shape == "triangle":
        return [(r * math.cos(math.radians(a)), r * math.sin(math.radians(a)) - r * 0.1)
                for a in (210, 330, 90)]
    # hexagon
    return [(r * math.cos(math.radians(30 + 60 * i)), r * math.sin(math.radians(30 + 60 * i)))
            for i in range(6)]
