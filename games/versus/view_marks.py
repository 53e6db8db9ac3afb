"""The layers of the Versus picture as meshes: the board, the pieces, and the marks
(last move, selection, destinations, cursor, hint and the preview of a pending move).

Pure functions from a layout and a position to a `Mesh`; the renderer turns each into
one shape list when the position or the selection changes, never per frame.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from games.versus.board import CELLS, ROWS
from games.versus.pieces import BLUE_SECTIONS, FIRST_PAWN, pawn_code
from games.versus.state import Move, VersusState
from games.versus.view_geometry import BoardLayout
from games.versus.view_mesh import (
    BOARD_EDGE,
    CELL,
    CELL_AXIS,
    CELL_LINE,
    CURSOR,
    DESTINATION,
    DESTINATION_TINT,
    FLIP_RING,
    GHOST_WASH,
    HINT,
    LAST_MOVE,
    LAST_PULL,
    MOVE_ARROW,
    PAWN_RIM,
    PULL_ARROW,
    SELECT,
    TARGET,
    TARGET_MARK,
    Mesh,
    draw_lock,
    draw_piece,
    draw_refused,
    fade,
)


def board_mesh(layout: BoardLayout, is_target: bytes) -> Mesh:
    """The 91 hexes on a dark frame, the central axis tinted and the targets marked (§1)."""
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
    return mesh


def pieces_mesh(layout: BoardLayout, state: VersusState, colour_blind: bool,
                hidden: Collection[int] = ()) -> Mesh:
    """Every piece of the position but the `hidden` cells (those an animation draws);
    frozen pawns carry the lock."""
    mesh = Mesh()
    for cell in state.pieces:
        if cell in hidden:
            continue
        draw_piece(mesh, layout.centres[cell], layout.size, state.board[cell], colour_blind)
        if state.frozen(cell):
            draw_lock(mesh, layout.centres[cell], layout.size)
    return mesh


@dataclass(frozen=True)
class Marks:
    """What the player is doing, as the marks layers need it."""

    last_move: Move | None = None
    selected: int | None = None
    destinations: Sequence[int] = ()
    cursor: int | None = None
    hint: Move | None = None
    pending: Move | None = None


def under_mesh(layout: BoardLayout, marks: Marks) -> Mesh:
    """Marks drawn on the cells, below the pieces: the last move and the destinations."""
    mesh = Mesh()
    s = layout.size
    last = marks.last_move
    if last is not None:
        for cell in (last.frm, last.to):
            mesh.polygon(layout.hex_corners(cell, 0.94), LAST_MOVE)
        for pull in last.attractions:
            mesh.polygon(layout.hex_corners(pull.frm, 0.94), LAST_PULL)
        last_move_arrows(mesh, layout, last)
    chosen = marks.pending.to if marks.pending is not None else None
    for cell in marks.destinations:
        mesh.polygon(layout.hex_corners(cell, 0.9), DESTINATION_TINT)
        if cell == chosen:
            continue  # the preview's ghost stands there
        mesh.disc(layout.centres[cell], s * 0.26, fade(PAWN_RIM, 160))
        mesh.disc(layout.centres[cell], s * 0.21, DESTINATION)
    return mesh


def over_mesh(layout: BoardLayout, state: VersusState, marks: Marks,
              colour_blind: bool) -> Mesh:
    """Marks drawn over the pieces: selection, preview, hint and the keyboard cursor."""
    mesh = Mesh()
    s = layout.size
    if marks.selected is not None:
        mesh.ring(layout.centres[marks.selected], s * 0.8, s * 0.92, SELECT)
    if marks.pending is not None:
        preview(mesh, layout, state, marks.pending, colour_blind)
    if marks.hint is not None:
        a, b = layout.centres[marks.hint.frm], layout.centres[marks.hint.to]
        mesh.ring(b, s * 0.66, s * 0.8, HINT)
        mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 200), shorten=s * 0.3)
        mesh.arrow(a, b, s * 0.12, HINT, shorten=s * 0.35)
    if marks.cursor is not None:
        mesh.outline(layout.hex_corners(marks.cursor, 0.9), max(2.0, s * 0.11), CURSOR)
    return mesh


def preview(mesh: Mesh, layout: BoardLayout, state: VersusState, move: Move,
            colour_blind: bool) -> None:
    """What `move` would do (§4, §5): the element as a ghost where it would stop, each
    pawn it would pull as a ghost turned to the mover where it would land (locked if on a
    target) with an arrow from where it stands, and the pawns the limit keeps, barred."""
    s = layout.size
    mover = state.to_move
    centres = layout.centres
    code = state.board[move.frm]
    draw_ghost(mesh, centres[move.to], s, code, colour_blind)
    if code >= FIRST_PAWN and state.rules.is_target[move.to]:
        draw_lock(mesh, centres[move.to], s, alpha=200)
    for pull in move.attractions:
        flipped = pawn_code(BLUE_SECTIONS[state.board[pull.frm]], mover)
        mesh.ring(centres[pull.to], s * 0.78, s * 0.9, FLIP_RING)
        draw_ghost(mesh, centres[pull.to], s, flipped, colour_blind)
        if pull.frozen:
            draw_lock(mesh, centres[pull.to], s)
    for cell in move.refused:
        draw_refused(mesh, centres[cell], s)
    a, b = centres[move.frm], centres[move.to]
    mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 220), shorten=s * 0.25)
    mesh.arrow(a, b, s * 0.12, MOVE_ARROW, shorten=s * 0.3)
    for pull in move.attractions:
        a, b = centres[pull.frm], centres[pull.to]
        mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 220), shorten=s * 0.05)
        mesh.arrow(a, b, s * 0.12, PULL_ARROW, shorten=s * 0.1)


def draw_ghost(mesh: Mesh, centre: tuple[float, float], size: float, code: int,
               colour_blind: bool) -> None:
    """A piece where it would be: a pawn washed pale, a VERSUS translucent. (Drawing
    a whole pawn translucent would show its overlapping layers through each other.)"""
    if code >= FIRST_PAWN:
        draw_piece(mesh, centre, size, code, colour_blind)
        mesh.disc(centre, size * 0.76, GHOST_WASH)
    else:
        draw_piece(mesh, centre, size, code, colour_blind, alpha=160)


def last_move_arrows(mesh: Mesh, layout: BoardLayout, move: Move) -> None:
    """Faint arrows of the pawns the last move pulled (drawn under the pieces)."""
    for pull in move.attractions:
        mesh.arrow(layout.centres[pull.frm], layout.centres[pull.to], layout.size * 0.1,
                   fade(PULL_ARROW, 140), shorten=layout.size * 0.1)


def preview_words(move: Move) -> str:
    """The preview in words, for the status line."""
    parts = []
    if move.attractions:
        n = len(move.attractions)
        frozen = sum(1 for a in move.attractions if a.frozen)
        parts.append(f"pulls {n} pawn{'s' if n > 1 else ''} to your side"
                     + (f", {frozen} onto a target" if frozen else ""))
    elif move.versus:
        parts.append("pulls nothing")
    if move.refused:
        parts.append(f"{len(move.refused)} kept in place by the limit")
    return "; ".join(parts)
