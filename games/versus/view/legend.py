"""The Versus legend: every symbol the board draws, in the player's words, and a painter
that draws one of them in a box (the shell's Legend panel, key L)."""

from __future__ import annotations

import math

from games.versus.pieces import BLUE, BROWN, pawn_code, versus_code
from games.versus.view.pawns import (
    CELL,
    CELL_LINE,
    CURSOR,
    LAST_MOVE,
    PULL_ARROW,
    SELECT,
    TARGET,
    TARGET_MARK,
    draw_lock,
    draw_piece,
    draw_refused,
)
from tabletop.i18n import N_
from tabletop.ui.kit import Mesh, Rect, corner_ticks

#: One line per symbol, in the order `paint_symbol` draws them (in English: the renderer
#: translates them when the Legend panel asks).
LEGEND = (
    N_("A pawn: five wedges, each a section of blue or brown; its centre shows who controls "
       "it, and the number is its value to that player (§2)."),
    N_("A VERSUS (Blue's and Brown's): it slides in a straight line and pulls pawns (§3, §4)."),
    N_("A target (gold hexagon, middle row): a pawn that lands on it is frozen and scores "
       "its value (§1, §7)."),
    N_("The padlock: this pawn is frozen on its target and never moves again."),
    N_("The pink arrow: a pawn the VERSUS pulls one hexagon closer; it turns to the mover's "
       "side (§4)."),
    N_("The no-entry sign: the limit keeps this pawn in place, as it was pulled in each of "
       "the last two moves (§5)."),
    N_("Yellow cells: where the last move started and ended; paler yellow, the pawns it "
       "pulled."),
    N_("A white ring: the piece you chose (green dots show where it can go); an orange "
       "outline: the cell the arrow keys are on (Space or Enter chooses it)."),
)


def _hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(90 + 60 * k)),
             cy + size * math.sin(math.radians(90 + 60 * k))) for k in range(6)]


def paint_symbol(index: int, box: Rect, colour_blind: bool, turned: bool = False) -> Mesh:
    """The symbol `LEGEND[index]` explains, drawn to fit `box` as on the board (`turned`:
    a board drawn with Brown's side at the bottom, whose VERSUS point the other way)."""
    mesh = Mesh()
    cx, cy = box.center
    size = min(box.width, box.height) / 2
    hexagon = _hexagon(cx, cy, size)
    mesh.polygon(hexagon, TARGET if index in (2, 3) else CELL)
    mesh.outline(hexagon, max(1.0, size * 0.04), CELL_LINE)
    if index == 0:
        draw_piece(mesh, (cx, cy), size, pawn_code(3, BLUE), colour_blind)
    elif index == 1:
        half = size * 0.5
        draw_piece(mesh, (cx - half * 0.5, cy), half, versus_code(BLUE), colour_blind,
                   turned=turned)
        draw_piece(mesh, (cx + half * 0.5, cy), half, versus_code(BROWN), colour_blind,
                   turned=turned)
    elif index == 2:
        mesh.outline(_hexagon(cx, cy, size * 0.72), max(1.5, size * 0.09), TARGET_MARK)
        mesh.ring((cx, cy), size * 0.12, size * 0.2, TARGET_MARK)
    elif index == 3:
        draw_piece(mesh, (cx, cy), size, pawn_code(4, BLUE), colour_blind)
        draw_lock(mesh, (cx, cy), size * 0.76)
    elif index == 4:
        mesh.arrow((cx - size * 0.7, cy - size * 0.3), (cx + size * 0.7, cy + size * 0.3),
                   max(2.0, size * 0.1), PULL_ARROW)
    elif index == 5:
        draw_piece(mesh, (cx, cy), size, pawn_code(1, BROWN), colour_blind)
        draw_refused(mesh, (cx, cy), size * 0.76)
    elif index == 6:
        mesh.polygon(_hexagon(cx, cy, size * 0.94), LAST_MOVE)
        draw_piece(mesh, (cx, cy), size * 0.8, pawn_code(2, BLUE), colour_blind)
    elif index == 7:
        # As the board draws them: the ring over the piece, the cursor's brackets at the
        # cell's corners.
        piece = size * 0.66
        draw_piece(mesh, (cx, cy), piece, pawn_code(2, BLUE), colour_blind)
        mesh.ring((cx, cy), piece * 0.8, piece * 0.92, SELECT)
        corner_ticks(mesh, hexagon, size * 0.45, max(2.0, size * 0.1), CURSOR)
    return mesh
