"""Painters of the marks on the Versus board: under the pieces, the last move and the
destinations; over them, the selection, the preview of a pending move (§4, §5), a hint,
the cells a tutorial asks the player to look at, and the keyboard cursor.

Pure functions of a `Scene`; the renderer turns each result into one shape list when
the position or the selection changes, never per frame.
"""

from __future__ import annotations

from games.versus.pieces import BLUE_SECTIONS, FIRST_PAWN, pawn_code
from games.versus.state import Move, Preview, VersusState
from games.versus.view.geometry import BoardLayout, HitBox
from games.versus.view.mesh import (
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
    Mesh,
    draw_lock,
    draw_look,
    draw_piece,
    draw_refused,
    fade,
)
from games.versus.view.scene import Painted, Scene
from games.versus.words import CATALOG, _


def paint_under(scene: Scene) -> Painted:
    """Marks drawn on the cells, below the pieces: the last move (and the pawns it
    pulled) and the destinations of the selected element, which are its hit boxes."""
    mesh = Mesh()
    layout, marks = scene.layout, scene.marks
    s = layout.size
    last = marks.last_move
    if last is not None:
        for cell in (last.frm, last.to):
            mesh.polygon(layout.hex_corners(cell, 0.94), LAST_MOVE)
        for pull in marks.last_preview.attractions:
            mesh.polygon(layout.hex_corners(pull.frm, 0.94), LAST_PULL)
        last_move_arrows(mesh, layout, marks.last_preview)
    chosen = marks.pending.to if marks.pending is not None else None
    hits = []
    for cell in marks.destinations:
        mesh.polygon(layout.hex_corners(cell, 0.9), DESTINATION_TINT)
        hits.append(HitBox(cell, layout.centres[cell], s * 0.9))
        if cell == chosen:
            continue  # the preview's ghost stands there
        mesh.disc(layout.centres[cell], s * 0.26, fade(PAWN_RIM, 160))
        mesh.disc(layout.centres[cell], s * 0.21, DESTINATION)
    return Painted(mesh, tuple(hits))


def paint_over(scene: Scene) -> Painted:
    """Marks drawn over the pieces: selection, preview, hint and the keyboard cursor;
    the hit boxes are the selected element and the pending move's destination."""
    mesh = Mesh()
    layout, marks = scene.layout, scene.marks
    s = layout.size
    hits = []
    if marks.selected is not None:
        mesh.ring(layout.centres[marks.selected], s * 0.8, s * 0.92, SELECT)
        hits.append(HitBox(marks.selected, layout.centres[marks.selected], s * 0.92))
    if marks.pending is not None:
        preview(mesh, layout, scene.state, marks.pending, marks.pending_preview,
                scene.colour_blind)
        hits.append(HitBox(marks.pending.to, layout.centres[marks.pending.to], s * 0.9))
    if marks.hint is not None:
        a, b = layout.centres[marks.hint.frm], layout.centres[marks.hint.to]
        mesh.ring(b, s * 0.66, s * 0.8, HINT)
        mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 200), shorten=s * 0.3)
        mesh.arrow(a, b, s * 0.12, HINT, shorten=s * 0.35)
    for cell in marks.looked:
        draw_look(mesh, layout.hex_corners(cell, 0.97), s)
    if marks.cursor is not None:
        mesh.outline(layout.hex_corners(marks.cursor, 0.9), max(2.0, s * 0.11), CURSOR)
    return Painted(mesh, tuple(hits))


def preview(mesh: Mesh, layout: BoardLayout, state: VersusState, move: Move,
            shown: Preview, colour_blind: bool) -> None:
    """What `move` would do (§4, §5), as `shown` by the rules: the element as a ghost
    where it would stop, each pawn it would pull as a ghost turned to the mover where it
    would land (locked if on a target) with an arrow from where it stands, and the pawns
    the limit keeps, barred."""
    s = layout.size
    mover = state.to_move
    centres = layout.centres
    code = state.board[move.frm]
    draw_ghost(mesh, centres[move.to], s, code, colour_blind)
    if code >= FIRST_PAWN and state.rules.is_target[move.to]:
        draw_lock(mesh, centres[move.to], s, alpha=200)
    for pull in shown.attractions:
        flipped = pawn_code(BLUE_SECTIONS[state.board[pull.frm]], mover)
        mesh.ring(centres[pull.to], s * 0.78, s * 0.9, FLIP_RING)
        draw_ghost(mesh, centres[pull.to], s, flipped, colour_blind)
        if pull.frozen:
            draw_lock(mesh, centres[pull.to], s)
    for cell in shown.refused:
        draw_refused(mesh, centres[cell], s)
    a, b = centres[move.frm], centres[move.to]
    mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 220), shorten=s * 0.25)
    mesh.arrow(a, b, s * 0.12, MOVE_ARROW, shorten=s * 0.3)
    for pull in shown.attractions:
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


def last_move_arrows(mesh: Mesh, layout: BoardLayout, shown: Preview) -> None:
    """Faint arrows of the pawns the last move pulled (drawn under the pieces)."""
    for pull in shown.attractions:
        mesh.arrow(layout.centres[pull.frm], layout.centres[pull.to], layout.size * 0.1,
                   fade(PULL_ARROW, 140), shorten=layout.size * 0.1)


def preview_words(move: Move, shown: Preview) -> str:
    """The preview in words, for the status line (in the player's language)."""
    parts = []
    if shown.attractions:
        n = len(shown.attractions)
        frozen = sum(1 for a in shown.attractions if a.frozen)
        if frozen:
            parts.append(CATALOG.ngettext(
                "pulls {count} pawn to your side, {frozen} onto a target",
                "pulls {count} pawns to your side, {frozen} onto a target", n).format(
                count=n, frozen=frozen))
        else:
            parts.append(CATALOG.ngettext("pulls {count} pawn to your side",
                                          "pulls {count} pawns to your side", n).format(
                count=n))
    elif move.versus:
        parts.append(_("pulls nothing"))
    if shown.refused:
        kept = len(shown.refused)
        parts.append(CATALOG.ngettext("{count} kept in place by the limit",
                                      "{count} kept in place by the limit", kept).format(
            count=kept))
    return CATALOG.pgettext("between clauses", "; ").join(parts)
