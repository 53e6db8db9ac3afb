"""The look of Versus's own pieces and marks, painted into the board toolkit's meshes:
the palette, a pawn's five sections (§2), a VERSUS's tetrahedron, the padlock of a frozen
pawn (§3) and the no-entry sign of §5. `VersusPiece` hands a piece's drawing to the
toolkit (`Piece.painter`), which then draws, previews, animates and turns it over.

Sizes here are in hex radii (`size`: a cell's circumradius in pixels); the toolkit gives a
painter the cell's piece size, `PIECE_SHARE` hex radii.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.versus.pieces import BLUE_SECTIONS, FIRST_PAWN, OWNER, SECTIONS
from tabletop.ui.kit import Mesh

#: A hex board's piece size in hex radii (`HexBoard.fit`: 86 % of the hex's width).
PIECE_SHARE = math.sqrt(3.0) * 0.86

Point = tuple[float, float]
RGBA = tuple[int, int, int, int]

# -- the palette ---------------------------------------------------------------------------
BOARD_EDGE = (92, 74, 52, 255)
CELL = (226, 213, 184, 255)
CELL_AXIS = (214, 199, 166, 255)
CELL_LINE = (150, 128, 98, 255)
TARGET = (240, 196, 92, 255)
TARGET_MARK = (176, 120, 30, 255)
SEAT_COLOUR: tuple[RGBA, RGBA] = ((52, 120, 224, 255), (110, 62, 28, 255))
SEAT_LIGHT: tuple[RGBA, RGBA] = ((120, 170, 240, 255), (196, 140, 92, 255))
SEAT_DARK: tuple[RGBA, RGBA] = ((22, 56, 128, 255), (80, 44, 20, 255))
PAWN_RIM = (34, 30, 26, 255)
SECTION_LINE = (245, 240, 228, 255)
GLYPH = (250, 248, 240, 255)
LOCK = (255, 214, 64, 255)
LOCK_DARK = (60, 44, 10, 255)
SELECT = (255, 255, 255, 255)
DESTINATION = (64, 200, 96, 255)
DESTINATION_TINT = (64, 200, 96, 110)
CURSOR = (255, 196, 64, 255)
LAST_MOVE = (255, 226, 90, 190)
LAST_PULL = (255, 226, 90, 110)
PULL_ARROW = (235, 40, 170, 255)
MOVE_ARROW = (250, 250, 250, 255)
REFUSED = (222, 30, 30, 255)
HINT = (255, 150, 20, 255)
FLIP_RING = (255, 255, 255, 255)
GHOST_WASH = (255, 255, 255, 80)
LOOK = (40, 230, 255, 255)
LOOK_EDGE = (16, 28, 44, 255)


def fade(colour: RGBA, alpha: int) -> RGBA:
    """`colour` with its alpha replaced."""
    return colour[0], colour[1], colour[2], alpha


# -- pieces ----------------------------------------------------------------------------------

def draw_pawn(mesh: Mesh, centre: Point, radius: float, code: int, colour_blind: bool,
              sx: float = 1.0) -> None:
    """A pawn (§2): a disc of 5 sections, blue ones first clockwise from the top, and a
    centre showing the controller. In colour-blind mode blue sections carry a dot and
    brown ones a square, and the centre is round for Blue and square for Brown."""
    blue = BLUE_SECTIONS[code]
    controller = OWNER[code]
    mesh.disc(centre, radius, PAWN_RIM, sx)
    r = radius * 0.9
    step = 2 * math.pi / SECTIONS
    x, y = centre
    for k in range(SECTIONS):
        seat = 0 if k < blue else 1
        a0 = math.pi / 2 - k * step
        mesh.sector(centre, 0.0, r, a0 - step, a0, SEAT_COLOUR[seat], sx)
        if colour_blind:
            mid = a0 - step / 2
            px, py = x + sx * r * 0.7 * math.cos(mid), y + r * 0.7 * math.sin(mid)
            _glyph(mesh, (px, py), r * 0.1, seat, GLYPH, sx)
    for k in range(SECTIONS):
        a = math.pi / 2 - k * step
        mesh.line(centre, (x + sx * r * math.cos(a), y + r * math.sin(a)),
                  max(1.0, radius * 0.05), SECTION_LINE)
    if colour_blind and controller == 1:
        # Brown's centre is a square, Blue's stays round (the view writes the value in it).
        for half, colour in ((0.42, SECTION_LINE), (0.35, SEAT_COLOUR[1])):
            h = radius * half
            mesh.polygon([(x - sx * h, y - h), (x + sx * h, y - h), (x + sx * h, y + h),
                          (x - sx * h, y + h)], colour)
        return
    mesh.disc(centre, radius * 0.46, SECTION_LINE, sx)
    mesh.disc(centre, radius * 0.39, SEAT_COLOUR[controller], sx)


def _glyph(mesh: Mesh, centre: Point, size: float, seat: int, colour: RGBA,
           sx: float = 1.0) -> None:
    """Blue's symbol is a dot, Brown's a square (colour-blind mode)."""
    x, y = centre
    if seat == 0:
        mesh.disc(centre, size, colour, sx)
        return
    h = size * 0.9
    mesh.polygon([(x - sx * h, y - h), (x + sx * h, y - h), (x + sx * h, y + h),
                  (x - sx * h, y + h)], colour)


def draw_versus(mesh: Mesh, centre: Point, radius: float, seat: int, colour_blind: bool,
                alpha: int = 255, turned: bool = False) -> None:
    """A VERSUS: a tetrahedron seen from above — a triangle of three shaded faces meeting
    at its apex. Blue's points up the board, Brown's down (towards the opponent); on a
    board drawn `turned` (Brown's side at the bottom) the other way round."""
    x, y = centre
    up = (seat == 0) != turned
    turn = math.pi / 2 if up else -math.pi / 2
    corners = [(x + radius * math.cos(turn + k * 2 * math.pi / 3),
                y + radius * math.sin(turn + k * 2 * math.pi / 3)) for k in range(3)]
    apex = (x, y + radius * 0.12 * (1 if up else -1))
    solid = alpha == 255  # a translucent VERSUS shows its faces only, none overlapping
    if solid:
        mesh.polygon([(cx + (cx - x) * 0.12, cy + (cy - y) * 0.12) for cx, cy in corners],
                     PAWN_RIM)
    shades = (SEAT_LIGHT[seat], SEAT_COLOUR[seat], SEAT_DARK[seat])
    for k in range(3):
        mesh.triangle(apex, corners[k], corners[(k + 1) % 3], fade(shades[k], alpha))
    if solid:
        for corner in corners:
            mesh.line(apex, corner, max(1.0, radius * 0.04), SEAT_LIGHT[seat])
    if colour_blind:
        _glyph(mesh, apex, radius * 0.2, seat, fade(GLYPH, alpha))


def draw_piece(mesh: Mesh, centre: Point, size: float, code: int, colour_blind: bool,
               sx: float = 1.0, alpha: int = 255, turned: bool = False) -> None:
    """The piece `code` on a hex of circumradius `size` (`alpha` and `turned`: a
    VERSUS's only)."""
    if code >= FIRST_PAWN:
        draw_pawn(mesh, centre, size * 0.76, code, colour_blind, sx)
    elif code:
        draw_versus(mesh, centre, size * 0.86, OWNER[code], colour_blind, alpha, turned)


def draw_lock(mesh: Mesh, centre: Point, size: float, alpha: int = 255) -> None:
    """The frozen mark (§3): a gold ring round the pawn and a padlock at its upper right."""
    mesh.ring(centre, size * 0.76, size * 0.86, fade(LOCK, alpha))
    x, y = centre[0] + size * 0.56, centre[1] + size * 0.5
    w, h = size * 0.36, size * 0.26
    mesh.sector((x, y + h * 0.5), w * 0.26, w * 0.42, 0.0, math.pi, fade(LOCK_DARK, alpha))
    mesh.sector((x, y + h * 0.5), w * 0.3, w * 0.38, 0.0, math.pi, fade(LOCK, alpha))
    body = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2),
            (x - w / 2, y + h / 2)]
    mesh.polygon(body, fade(LOCK, alpha))
    mesh.outline(body, max(1.0, size * 0.035), fade(LOCK_DARK, alpha))
    mesh.disc((x, y), h * 0.16, fade(LOCK_DARK, alpha))


def draw_refused(mesh: Mesh, centre: Point, size: float) -> None:
    """A pawn the limit of §5 keeps in place: a red ring crossed by a bar (no entry)."""
    mesh.ring(centre, size * 0.72, size * 0.86, REFUSED)
    d = size * 0.55
    mesh.line((centre[0] - d, centre[1] + d), (centre[0] + d, centre[1] - d), size * 0.14,
              REFUSED)


@dataclass(frozen=True)
class VersusPiece:
    """The painter of one Versus piece (`Piece.painter`): the piece `code`, with the
    padlock if `frozen`, its sections marked in `colour_blind` mode, a VERSUS pointing
    at the other side of a board drawn `turned` (Brown's side at the bottom). A ghost (a
    preview)
    is a pawn washed pale or a translucent VERSUS: a whole pawn drawn translucent would
    show its overlapping layers through each other."""

    code: int
    frozen: bool = False
    colour_blind: bool = False
    turned: bool = False

    def __call__(self, mesh: Mesh, centre: Point, size: float, sx: float,
                 alpha: int | None) -> None:
        s = size / PIECE_SHARE
        pawn = self.code >= FIRST_PAWN
        if alpha is None or pawn:
            draw_piece(mesh, centre, s, self.code, self.colour_blind, sx, turned=self.turned)
        else:
            draw_piece(mesh, centre, s, self.code, self.colour_blind, sx, alpha=160,
                       turned=self.turned)
        if alpha is not None and pawn:
            mesh.disc(centre, s * 0.76, GHOST_WASH, sx)
        if self.frozen and sx >= 0.99:  # the padlock once the pawn faces up again
            draw_lock(mesh, centre, s, alpha=200 if alpha is not None else 255)
