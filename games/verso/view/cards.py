"""How a Verso card looks, painted with the board toolkit into one mesh and one batch.

A card is filled with its colour (sea blue, land green, sky orange), shows its number or
a star for the joker in the middle and its points as dots (a 3-point card also has a gold
rim). In colour-blind mode a symbol in the corner names the colour without it: a wave
for the sea, a triangle (a hill) for the land, a disc (the sun) for the sky. A card
whose other face is known to everyone carries a small tab of that face's colour and
number (verso.md §3). `CardFace` is the face as a toolkit `Piece.painter` (`card_piece`),
so the still table and the toolkit's animation paint cards alike; `CardPainter` paints
the still table (cards, marks, words) into one mesh and one text batch.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import pyglet

from games.verso.cards import colour_of, points_of, value_of
from games.verso.observation import UNSEEN
from tabletop.ui.kit import (
    CARD_ASPECT,
    FONT_SANS,
    Mesh,
    Piece,
    Point,
    Rect,
    TextLayer,
    arcade,
    rgba,
)

COLOUR_RGB = ((38, 108, 196), (46, 140, 70), (236, 134, 36))
COLOUR_NAMES = ("sea", "land", "sky")
INK: tuple[Any, ...] = ((255, 255, 255, 255), (255, 255, 255, 255), (48, 30, 8, 255))
GOLD = (250, 214, 92)
RIM = (225, 228, 235)
BACK = (70, 62, 104)
SHADOW = (0, 0, 0, 110)
PT_PER_PX = 72 / 96  # pyglet lays text out at 96 dpi

ShapeList = Any  # arcade.shape_list.ShapeElementList (generic in arcade, untyped here)


def value_text(face: int) -> str:
    """The number on a face, or a star for a joker (the printed cards' mark, and the
    German rulebook's name for it, "Stern"; the notation writes it J)."""
    value = value_of(face)
    return str(value) if value else "★"


def _box(left: float, bottom: float, width: float, height: float) -> list[Point]:
    return [(left, bottom), (left + width, bottom), (left + width, bottom + height),
            (left, bottom + height)]


def symbol_shapes(mesh: Mesh, colour: int, cx: float, cy: float, size: float,
                  ink: Any) -> None:
    """Add the colour-blind symbol of `colour` centred at (cx, cy): wave, triangle or
    disc."""
    half, ink = size / 2, rgba(ink)
    if colour == 0:
        points = [(cx - half + size * i / 10, cy + half * 0.35 * math.sin(i / 10 * 2 * math.pi))
                  for i in range(11)]
        width = max(1.5, size / 7)
        for line in (points, [(x, y - half * 0.6) for x, y in points]):
            for a, b in itertools.pairwise(line):
                mesh.line(a, b, width, ink, caps=True)
        return
    if colour == 1:
        mesh.polygon([(cx - half, cy - half * 0.8), (cx + half, cy - half * 0.8),
                      (cx, cy + half * 0.8)], ink)
        return
    mesh.disc((cx, cy), size * 0.4, ink)


@dataclass(frozen=True)
class CardFace:
    """The face of a Verso card as a toolkit painter (`Piece.painter`): its shadow,
    colour, rim (gold for 3 points), points dots and, in colour-blind mode, its colour's
    symbol; the number is the piece's label (`card_piece`)."""

    face: int
    colour_blind: bool = False

    def __call__(self, mesh: Mesh, centre: Point, size: float, sx: float,
                 alpha: int | None) -> None:
        self.paint(mesh, centre, size * CARD_ASPECT, size, sx, alpha)

    def paint(self, mesh: Mesh, centre: Point, full: float, height: float, sx: float = 1.0,
              alpha: int | None = None) -> None:
        """The face `full` wide (`sx` of it shown) and `height` tall round `centre`."""
        width = max(1.0, full * sx)
        left, bottom = centre[0] - width / 2, centre[1] - height / 2
        colour = colour_of(self.face)
        ink = rgba(INK[colour], alpha)
        mesh.polygon(_box(left + 2, bottom - 3, width, height),
                     rgba(SHADOW, None if alpha is None else alpha * 110 // 255))
        mesh.polygon(_box(left, bottom, width, height), rgba(COLOUR_RGB[colour], alpha))
        if points_of(self.face) == 3:
            mesh.outline(_box(left, bottom, width, height), max(2.0, full * 0.06),
                         rgba(GOLD, alpha))
        else:
            mesh.outline(_box(left, bottom, width, height), 1.0, rgba(RIM, alpha))
        if sx < 0.6:  # edge-on: no dots nor symbol
            return
        dots, radius = points_of(self.face), max(1.6, full * 0.06)
        for i in range(dots):
            x = centre[0] + (i - (dots - 1) / 2) * radius * 3 * sx
            mesh.disc((x, bottom + height * 0.13), radius, ink, sx)
        if self.colour_blind:
            symbol = full * 0.26
            symbol_shapes(mesh, colour, centre[0] + width / 2 - symbol * 0.75,
                          bottom + height - symbol * 0.75, symbol, ink)


def card_piece(face: int, colour_blind: bool) -> Piece:
    """A Verso card as a toolkit piece: `CardFace` painted, its number written on it."""
    return Piece(COLOUR_RGB[colour_of(face)], shape="card", label=value_text(face),
                 text=INK[colour_of(face)][:3], painter=CardFace(face, colour_blind),
                 text_scale=1.5, text_at=0.06)  # as `CardPainter.card` writes it


class CardPainter:
    """Adds cards to one mesh and one text batch (kept alive by `texts`); `finish` puts
    the mesh into the shape list, as one shape drawn in the order painted.

    Words on the table (`fit`, `lines`) are laid out by the app's one rule for text and
    recorded in `layer.placed`; `text` is for the glyphs of a card (its number, the tag's
    number), sized to the card by construction.
    """

    def __init__(self, shapes: ShapeList, batch: pyglet.graphics.Batch,
                 colour_blind: bool, layer: TextLayer | None = None) -> None:
        self.shapes = shapes
        self.mesh = Mesh()
        self.batch = batch
        self.colour_blind = colour_blind
        self.texts: list[arcade.Text] = []
        #: The words laid out by the rule, in the same batch (a layer the host handed
        #: out, on the table; a layer of its own, in a legend's symbol).
        self.layer = layer if layer is not None else TextLayer(batch)

    def text(self, text: str, x: float, y: float, size_px: float, colour: Any, **kw: Any
             ) -> arcade.Text:
        """A glyph in the batch; `size_px` is the wanted glyph height scale in pixels."""
        label = arcade.Text(text, x, y, colour, max(6.0, size_px * PT_PER_PX),
                            font_name=FONT_SANS, batch=self.batch, **kw)
        self.texts.append(label)
        return label

    def fit(self, text: str, x: float, y: float, box: Rect, size_px: float, colour: Any,
            *, whole: bool = False, **kw: Any) -> bool:
        """Words at (x, y) laid out in `box` by the one rule (`TextLayer.add`; `size_px`
        as in `text`); False if `whole` and they do not fit whole (left out)."""
        placed = self.layer.add(text, x, y, box, size_px * PT_PER_PX, colour,
                                font_name=FONT_SANS, whole=whole, **kw)
        if placed is not None:
            self.texts.append(self.layer.texts[-1])
        return placed is not None

    def lines(self, lines: list[tuple[str, Any]], box: Rect, size_px: float) -> None:
        """Paragraphs stacked from the top of `box`, wrapped (`TextLayer.add_lines`)."""
        count = len(self.layer.texts)
        self.layer.add_lines(lines, box, size_px * PT_PER_PX, font_name=FONT_SANS)
        self.texts += self.layer.texts[count:]

    def finish(self) -> None:
        """Put what was painted into the shape list (call once, when done)."""
        if self.mesh.points:
            self.shapes.append(arcade.shape_list.create_triangles_filled_with_colors(
                self.mesh.points, self.mesh.colours))
        self.mesh = Mesh()

    def rect(self, rect: Rect, colour: Any) -> None:
        """A filled rectangle."""
        self.mesh.polygon(_box(rect.left, rect.bottom, rect.width, rect.height), rgba(colour))

    def outline(self, rect: Rect, colour: Any, width: float = 2, grow: float = 0) -> None:
        """A rectangle outline, `grow` pixels outside `rect`."""
        self.mesh.outline(_box(rect.left - grow, rect.bottom - grow, rect.width + 2 * grow,
                               rect.height + 2 * grow), width, rgba(colour))

    def cross(self, rect: Rect, colour: Any, width: float = 3) -> None:
        """An X over a card (it will be discarded)."""
        inner = rect.inset(rect.width * 0.12)
        self.mesh.line((inner.left, inner.bottom), (inner.right, inner.top), width,
                       rgba(colour))
        self.mesh.line((inner.left, inner.top), (inner.right, inner.bottom), width,
                       rgba(colour))

    def back(self, rect: Rect) -> None:
        """The back of a card (the deck under its top card)."""
        self.rect(Rect(rect.left + 2, rect.bottom - 3, rect.width, rect.height), SHADOW)
        self.rect(rect, BACK)
        self.outline(rect.inset(rect.width * 0.08), (120, 110, 160), 1.5)

    def card(self, rect: Rect, face: int, reverse: int = UNSEEN) -> None:
        """A card showing `face`; `reverse` is its other face when everyone knows it."""
        CardFace(face, self.colour_blind).paint(self.mesh, rect.center, rect.width,
                                                rect.height)
        w, h = rect.width, rect.height
        cx, cy = rect.center
        self.text(value_text(face), cx, cy + h * 0.06, h * 0.36, INK[colour_of(face)],
                  anchor_x="center", anchor_y="center", bold=True)
        if reverse != UNSEEN:
            other = colour_of(reverse)
            tab = Rect(rect.left + 2, rect.top - w * 0.34 - 2, w * 0.34, w * 0.34)
            self.rect(tab, COLOUR_RGB[other])
            self.outline(tab, (20, 20, 20), 1)
            self.text(value_text(reverse), *tab.center, tab.height * 0.75, INK[other],
                      anchor_x="center", anchor_y="center")
