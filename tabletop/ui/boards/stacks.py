"""Where a `Stack`'s pieces and its count go in a cell: pure geometry (`paint` draws).

Tokens are spread from the middle of the cell outwards on a sunflower spiral (each new
one in the gap the others leave, so that any number of them lies evenly without a grid's
stiffness) and squeezed into the cell when they need more room; the count is written in a
band under them. Cards lie in a pile: a few edges under the top card, the count on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.ui.boards.geometry import CARD_ASPECT, Colour, Point
from tabletop.ui.boards.pieces import Stack

__all__ = ["StackLook", "count_colour", "look_of"]

_GOLDEN_ANGLE = math.pi * (3 - math.sqrt(5))
#: The share of the content's shorter side the count's band takes, under the pieces.
_BAND = 0.3
#: The share of the content's width and height (above the band) the pieces spread over.
_ROOM = 0.8
#: At most this many card edges show under the top card of a pile.
_EDGES = 3


@dataclass(frozen=True)
class StackLook:
    """A stack laid out in a cell: the centres of the pieces drawn (cards: bottom to top),
    the size each is drawn at (`draw_piece`'s `size`), and the count's box (centre x, y,
    height, width), or None when no count is written."""

    places: tuple[Point, ...]
    size: float
    count_box: tuple[float, float, float, float] | None


def look_of(stack: Stack, centre: Point, width: float, height: float, size: float
            ) -> StackLook:
    """Lay `stack` out in the `width` x `height` content of a cell round `centre` whose
    piece size is `size`."""
    if stack.piece.shape == "card":
        return _pile(stack, centre, width, height, size)
    return _spread(stack, centre, width, height, size)


def _spread(stack: Stack, centre: Point, width: float, height: float, size: float
            ) -> StackLook:
    cx, cy = centre
    counted = stack.show_count
    if stack.drawn == 0:  # the count alone, in the middle
        box = (cx, cy, min(width, height) * 0.45, width * 0.8) if counted else None
        return StackLook((), size, box)
    band = min(width, height) * _BAND if counted else 0.0
    bottom = cy - height / 2
    box = (cx, bottom + band / 2, band, width * 0.8) if counted else None
    # The pieces keep to the middle of what is left: inside a round cell (a pit) too,
    # and clear of the marks drawn round a cell's edge.
    room_w, room_h = width * _ROOM, (height - band) * _ROOM
    mid_y = bottom + band + (height - band) / 2
    seed = min(size * stack.piece.scale, room_w, room_h)  # a token fits its cell
    if seed <= 0:  # a cell laid out in no room at all
        return StackLook((), size, box)
    size = seed / stack.piece.scale
    fit = max(1, int(room_w * room_h / (seed * seed)))  # heaped a little, as seeds lie
    shown = min(stack.count, fit if stack.drawn is None else stack.drawn)
    if shown == 0:
        return StackLook((), size, box)
    if shown == 1:
        return StackLook(((cx, mid_y),), size, box)
    # A sunflower: the k-th piece at a radius growing as sqrt(k + 0.5), each turned by
    # the golden angle from the last; the whole squeezed into the room if it is big.
    spacing = seed * 0.62
    reach = spacing * math.sqrt(shown - 0.5)
    half_w, half_h = max(0.0, (room_w - seed) / 2), max(0.0, (room_h - seed) / 2)
    squeeze_x, squeeze_y = min(1.0, half_w / reach), min(1.0, half_h / reach)
    places = []
    for k in range(shown):
        radius = spacing * math.sqrt(k + 0.5)
        angle = k * _GOLDEN_ANGLE + math.pi / 2
        places.append((cx + radius * math.cos(angle) * squeeze_x,
                       mid_y + radius * math.sin(angle) * squeeze_y))
    return StackLook(tuple(places), size, box)


def _pile(stack: Stack, centre: Point, width: float, height: float, size: float
          ) -> StackLook:
    cx, cy = centre
    counted = stack.show_count
    if stack.count == 0 or stack.drawn == 0:  # an empty place, or the count alone
        box = (cx, cy, min(width, height) * 0.3, width * 0.8) if counted else None
        return StackLook((), size, box)
    size *= stack.piece.scale
    edges = min(stack.count - 1, _EDGES if stack.drawn is None else stack.drawn - 1)
    step = size * 0.02
    # The top card lies on the place (covering it as a single card does); the edges of
    # the cards under it show down and to the left of it.
    places = tuple((cx - step * (edges - i), cy - step * (edges - i))
                   for i in range(edges + 1))
    top_x, top_y = places[-1]
    box = (top_x, top_y - size * 0.22, size * 0.2, size * CARD_ASPECT * 0.8) if counted \
        else None
    return StackLook(places, size / stack.piece.scale, box)


def count_colour(fill: Colour) -> Colour:
    """A colour a count reads in on `fill`: near-black on a light one, near-white on a
    dark one (by its luma)."""
    r, g, b = fill[:3]
    return (28, 22, 16) if 0.2126 * r + 0.7152 * g + 0.0722 * b > 128 else (246, 240, 228)
