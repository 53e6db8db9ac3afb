"""How a Verso card looks: built into a shape list and a text batch once, never per frame.

A card is filled with its colour (sea blue, land green, sky orange), shows its number or
J for the joker in the middle and its points as dots (a 3-point card also has a gold
rim). In colour-blind mode a symbol in the corner names the colour without it: a wave
for the sea, a triangle (a hill) for the land, a disc (the sun) for the sky. A card
whose other face is known to everyone carries a small tab of that face's colour and
number (verso.md §3). Animated cards are added to a frame's `MovingPicture` by
`draw_moving_card`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

import pyglet

from games.verso.cards import colour_of, points_of, value_of
from games.verso.observation import UNSEEN
from games.verso.view.moving import MovingPicture
from tabletop.ui.kit import FONT_SANS, Rect, TextLayer, arcade

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
    """The number on a face, or J for a joker."""
    value = value_of(face)
    return str(value) if value else "J"


def symbol_shapes(colour: int, cx: float, cy: float, size: float,
                  ink: Any) -> list[Any]:
    """The colour-blind symbol of `colour` centred at (cx, cy): wave, triangle or disc."""
    sl = arcade.shape_list
    half = size / 2
    if colour == 0:
        points = [(cx - half + size * i / 10, cy + half * 0.35 * math.sin(i / 10 * 2 * math.pi))
                  for i in range(11)]
        lower = [(x, y - half * 0.6) for x, y in points]
        width = max(1.5, size / 7)
        return [sl.create_line_strip(points, ink, width), sl.create_line_strip(lower, ink, width)]
    if colour == 1:
        return [sl.create_polygon([(cx - half, cy - half * 0.8), (cx + half, cy - half * 0.8),
                                   (cx, cy + half * 0.8)], ink)]
    return [sl.create_ellipse_filled(cx, cy, size * 0.8, size * 0.8, ink, num_segments=20)]


class CardPainter:
    """Adds cards to one shape list and one text batch (kept alive by `texts`).

    Words on the table (`fit`, `lines`) are laid out by the app's one rule for text and
    recorded in `layer.placed`; `text` is for the glyphs of a card (its number, the tag's
    number), sized to the card by construction.
    """

    def __init__(self, shapes: ShapeList, batch: pyglet.graphics.Batch,
                 colour_blind: bool) -> None:
        self.shapes = shapes
        self.batch = batch
        self.colour_blind = colour_blind
        self.texts: list[arcade.Text] = []
        #: The words laid out by the rule, in the same batch.
        self.layer = TextLayer(batch)

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

    def rect(self, rect: Rect, colour: Any) -> None:
        """A filled rectangle."""
        self.shapes.append(arcade.shape_list.create_rectangle_filled(
            *rect.center, rect.width, rect.height, colour))

    def outline(self, rect: Rect, colour: Any, width: float = 2, grow: float = 0) -> None:
        """A rectangle outline, `grow` pixels outside `rect`."""
        self.shapes.append(arcade.shape_list.create_rectangle_outline(
            *rect.center, rect.width + 2 * grow, rect.height + 2 * grow, colour, width))

    def cross(self, rect: Rect, colour: Any, width: float = 3) -> None:
        """An X over a card (it will be discarded)."""
        inner = rect.inset(rect.width * 0.12)
        self.shapes.append(arcade.shape_list.create_line(
            inner.left, inner.bottom, inner.right, inner.top, colour, width))
        self.shapes.append(arcade.shape_list.create_line(
            inner.left, inner.top, inner.right, inner.bottom, colour, width))

    def back(self, rect: Rect) -> None:
        """The back of a card (the deck under its top card)."""
        self.rect(Rect(rect.left + 2, rect.bottom - 3, rect.width, rect.height), SHADOW)
        self.rect(rect, BACK)
        self.outline(rect.inset(rect.width * 0.08), (120, 110, 160), 1.5)

    def card(self, rect: Rect, face: int, reverse: int = UNSEEN) -> None:
        """A card showing `face`; `reverse` is its other face when everyone knows it."""
        colour, w, h = colour_of(face), rect.width, rect.height
        ink = INK[colour]
        self.rect(Rect(rect.left + 2, rect.bottom - 3, w, h), SHADOW)
        self.rect(rect, COLOUR_RGB[colour])
        if points_of(face) == 3:
            self.outline(rect, GOLD, max(2.0, w * 0.06))
        else:
            self.outline(rect, RIM, 1)
        cx, cy = rect.center
        self.text(value_text(face), cx, cy + h * 0.06, h * 0.36, ink, anchor_x="center",
                  anchor_y="center", bold=True)
        dots, radius = points_of(face), max(1.6, w * 0.06)
        for i in range(dots):
            x = cx + (i - (dots - 1) / 2) * radius * 3
            self.shapes.append(arcade.shape_list.create_ellipse_filled(
                x, rect.bottom + h * 0.13, radius * 2, radius * 2, ink, num_segments=12))
        if self.colour_blind:
            size = w * 0.26
            for shape in symbol_shapes(colour, rect.right - size * 0.75,
                                       rect.top - size * 0.75, size, ink):
                self.shapes.append(shape)
        if reverse != UNSEEN:
            other = colour_of(reverse)
            tab = Rect(rect.left + 2, rect.top - w * 0.34 - 2, w * 0.34, w * 0.34)
            self.rect(tab, COLOUR_RGB[other])
            self.outline(tab, (20, 20, 20), 1)
            self.text(value_text(reverse), *tab.center, tab.height * 0.75, INK[other],
                      anchor_x="center", anchor_y="center")


def draw_moving_card(picture: MovingPicture, key: Hashable, rect: Rect, face: int,
                     squeeze: float, label: arcade.Text) -> None:
    """Add one animated card, called `key`, to this frame's `picture`: `squeeze` (0..1)
    narrows it mid-flip; `label` is its value text (made in `picture.batch(key)`), moved
    to the card's centre (hidden while the card is edge-on)."""
    colour = colour_of(face)
    width = max(1.0, rect.width * squeeze)
    left = rect.left + (rect.width - width) / 2
    border = max(1.5, rect.width * 0.05)
    picture.item(Rect(left - border, rect.bottom - 4 - border, width + 3 + 2 * border,
                      rect.height + 4 + 2 * border), key)
    picture.rect(left + 3, rect.bottom - 4, width, rect.height, SHADOW)
    picture.rect(left, rect.bottom, width, rect.height, COLOUR_RGB[colour])
    rim = GOLD if points_of(face) == 3 else RIM
    picture.outline(left, rect.bottom, width, rect.height, rim, border)
    if squeeze > 0.6:
        cx, cy = rect.center
        picture.text(label, cx, cy + rect.height * 0.06)
        for i in range(points_of(face)):
            x = cx + (i - (points_of(face) - 1) / 2) * rect.width * 0.18
            picture.disc(x, rect.bottom + rect.height * 0.13, max(1.6, rect.width * 0.06),
                         INK[colour], 12)
