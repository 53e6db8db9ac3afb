"""Painters of the Versus board and its pieces (versus.md §1, §2): the 91 hexes on their
frame with the central axis and the targets, then every piece where it stands.

Pure functions of a layout or a `Scene`; the renderer turns each result into one shape
list when the board is resized or the position changes, never per frame.
"""

from __future__ import annotations

from games.versus.board import CELLS, ROWS
from games.versus.view.geometry import BoardLayout, HitBox
from games.versus.view.mesh import (
    BOARD_EDGE,
    CELL,
    CELL_AXIS,
    CELL_LINE,
    TARGET,
    TARGET_MARK,
    Mesh,
    draw_lock,
    draw_piece,
)
from games.versus.view.scene import Painted, Scene


def paint_board(layout: BoardLayout, is_target: bytes) -> Painted:
    """The 91 hexes on a dark frame, the central axis tinted and the targets marked (§1);
    every cell is a hit box."""
    mesh = Mesh()
    s = layout.size
    frame = [c for row in (ROWS[0], ROWS[-1]) for c in row]
    for cell in frame + [row[0] for row in ROWS] + [row[-1] for row in ROWS]:
        mesh.polygon(layout.hex_corners(cell, 1.16), BOARD_EDGE)
    axis = set(ROWS[len(ROWS) // 2])
    for cell in range(CELLS):
        corners = layout.hex_corners(cell)
        colour = TARGET if is_target[cell] else CELL_AXIS if cell in axis else CELL
        mesh.polygon(corners, colour)
        mesh.outline(corners, max(1.0, s * 0.06), CELL_LINE)
        if is_target[cell]:
            mesh.outline(layout.hex_corners(cell, 0.72), max(1.5, s * 0.09), TARGET_MARK)
            mesh.ring(layout.centres[cell], s * 0.12, s * 0.2, TARGET_MARK)
    return Painted(mesh, layout.cell_boxes())


def paint_pieces(scene: Scene) -> Painted:
    """Every piece of the position but the `hidden` cells (those an animation draws);
    frozen pawns carry the lock (§3). Each piece drawn is a hit box."""
    mesh = Mesh()
    layout, state = scene.layout, scene.state
    hits = []
    for cell in state.pieces:
        if cell in scene.hidden:
            continue
        centre = layout.centres[cell]
        draw_piece(mesh, centre, layout.size, state.board[cell], scene.colour_blind)
        if state.frozen(cell):
            draw_lock(mesh, centre, layout.size)
        hits.append(HitBox(cell, centre, layout.size * 0.76))
    return Painted(mesh, tuple(hits))
