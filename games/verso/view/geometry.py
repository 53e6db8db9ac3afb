"""Where everything on the Verso table goes, for a board rectangle and a number of players.

The board is a strip along the top (deck, discard pile, the renderer's buttons, the
status and preview text) above a grid of player panels. Each panel is a header (name,
score, square) over three rows of seven card slots — sea, land, sky from top to bottom;
values 1 to 6 left to right and the joker last — so a card never moves within its row
and the gaps of a sequence show. The grid shape is the one giving the largest cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.verso.cards import colour_of, value_of
from tabletop.ui.kit import Rect

CARD_RATIO = 0.72  # width / height of a card
COLUMNS = 7  # values 1..6, then the joker
JOKER_COLUMN = COLUMNS - 1  # counted from 0


def column_of(key: int) -> int:
    """The column (1..7, left to right) of a key's card in its row: its value, the joker
    last."""
    return value_of(key) or COLUMNS


@dataclass(frozen=True)
class Panel:
    """One player's panel: its frame, header band and card size."""

    frame: Rect
    header: Rect
    card_w: float
    card_h: float
    origin: tuple[float, float]  # lower-left corner of the slot of column 0, top row
    gap: float

    def slot(self, key: int) -> Rect:
        """The rectangle of layout slot `key` (colour * 7 + value)."""
        colour, column = colour_of(key), column_of(key) - 1
        x0, y0 = self.origin
        left = x0 + column * (self.card_w + self.gap) + (self.gap if column == JOKER_COLUMN else 0)
        return Rect(left, y0 - colour * (self.card_h + self.gap), self.card_w, self.card_h)

    def row(self, colour: int) -> Rect:
        """The band behind one colour's row."""
        x0, y0 = self.origin
        bottom = y0 - colour * (self.card_h + self.gap)
        width = COLUMNS * (self.card_w + self.gap) + self.gap * 2
        return Rect(x0 - self.gap / 2, bottom - self.gap / 3, width, self.card_h + self.gap * 2 / 3)


@dataclass(frozen=True)
class TableGeometry:
    """Every rectangle of the table for one board area and number of players."""

    deck: Rect
    discard: Rect
    buttons: Rect  # the column where the renderer's buttons go
    message: Rect
    panels: tuple[Panel, ...]
    font_scale: float
    #: The lines under the deck and the discard pile (their counts).
    deck_label: Rect
    discard_label: Rect


def _grid_options(players: int) -> list[tuple[int, int]]:
    return [(cols, -(-players // cols)) for cols in range(1, players + 1)]


def _panel(frame: Rect, font_scale: float) -> Panel:
    header_h = max(18.0, min(30.0, frame.height * 0.14)) * font_scale ** 0.3
    inner = frame.inset(max(4.0, frame.width * 0.015))
    gap = max(3.0, min(8.0, inner.width * 0.012))
    room_w = (inner.width - gap * (COLUMNS + 2)) / COLUMNS
    room_h = (inner.height - header_h - gap * 4) / 3
    card_h = min(room_h, room_w / CARD_RATIO, 150.0)
    card_w = card_h * CARD_RATIO
    used_w = COLUMNS * card_w + (COLUMNS + 2) * gap
    x0 = inner.left + (inner.width - used_w) / 2 + gap / 2
    top = inner.top - header_h - gap
    header = Rect(frame.left, frame.top - header_h - 4, frame.width, header_h + 4)
    return Panel(frame, header, card_w, card_h, (x0, top - card_h), gap)


def table_geometry(area: Rect, players: int) -> TableGeometry:
    """The geometry of a table of `players` in `area` (no two rectangles overlap)."""
    font_scale = max(0.6, min(1.6, min(area.width / 900, area.height / 680)))
    strip_h = max(96.0, min(170.0, area.height * 0.2))
    strip = Rect(area.left, area.top - strip_h, area.width, strip_h)
    pad = max(6.0, strip_h * 0.08)
    # The "Deck: n left" line under the piles: room for the text rule's smallest size.
    label_h = max(18.0, 18.0 * font_scale)
    card_h = strip_h - 2 * pad - label_h
    card_w = card_h * CARD_RATIO
    deck = Rect(strip.left + pad, strip.bottom + pad + label_h, card_w, card_h)
    # Room under each pile for its count at the text rule's smallest size at least.
    discard = Rect(max(deck.right + pad * 2.5, deck.left + 96), deck.bottom, card_w, card_h)
    button_w = max(90.0, min(150.0, area.width * 0.14))
    buttons = Rect(max(discard.right + pad * 2, discard.left + 84), strip.bottom + pad,
                   button_w, strip_h - 2 * pad)
    message = Rect(buttons.right + pad * 1.5, strip.bottom + pad,
                   max(10.0, strip.right - buttons.right - pad * 2.5), strip_h - 2 * pad)
    table = Rect(area.left, area.bottom, area.width, max(10.0, area.height - strip_h - pad))
    best: tuple[float, list[Panel]] | None = None
    for cols, rows in _grid_options(players):
        gap = max(6.0, table.width * 0.01)
        w = (table.width - gap * (cols - 1)) / cols
        h = (table.height - gap * (rows - 1)) / rows
        panels = []
        for seat in range(players):
            row, col = divmod(seat, cols)
            frame = Rect(table.left + col * (w + gap), table.top - (row + 1) * h - row * gap,
                         w, h)
            panels.append(_panel(frame, font_scale))
        size = panels[0].card_w
        if best is None or size > best[0] + 0.5:
            best = (size, panels)
    assert best is not None
    under = strip.bottom + pad / 2
    deck_label = Rect(deck.left, under, discard.left - deck.left - pad, deck.bottom - under)
    discard_label = Rect(discard.left, under, buttons.left - discard.left - pad,
                         deck.bottom - under)
    return TableGeometry(deck, discard, buttons, message, tuple(best[1]), font_scale,
                         deck_label, discard_label)
