"""Where everything on the Verso table goes, for a board rectangle and a number of players.

The board is a strip along the top (deck, discard pile, the renderer's buttons, the
status and preview text) above a grid of player panels, in the seats' order from the
top left; the display of the one person at the screen (an online seat, a game against
the computer) comes last, nearest the player: the bottom row, or the right of one row.
The strip is taller where the cards do not need the height, so that the text has room
to be read whole. Each panel is
a header (name, score, square) over three rows of seven card slots — sea, land, sky from
top to bottom; values 1 to 6 left to right and the joker last — so a card never moves
within its row and the gaps of a sequence show. The grid shape is the one giving the
largest cards.

The card places themselves are the board toolkit's: a `CardTable` of the deck, the
discard pile and each seat's three colour rows (`Region`s of seven slots, the joker set
apart by a `break`), laid out once in `layout`; a place `(seat, key)` is the cell
`cell_of(place)` of it, so the toolkit's animation moves the cards between them.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.verso.cards import colour_of, value_of
from games.verso.view.cards import PT_PER_PX
from games.verso.view.preview import DECK, DISCARD, Place
from tabletop.ui.kit import CARD_ASPECT, MIN_POINTS, CardTable, Cell, Layout, Rect, Region

CARD_RATIO = CARD_ASPECT  # width / height of a card (the toolkit's)
COLUMNS = 7  # values 1..6, then the joker
JOKER_COLUMN = COLUMNS - 1  # counted from 0


def column_of(key: int) -> int:
    """The column (1..7, left to right) of a key's card in its row: its value, the joker
    last."""
    return value_of(key) or COLUMNS


def cell_of(place: Place) -> Cell:
    """The card table's cell of a place: the deck, the pile, or a seat's card by key
    (its colour's row, its column)."""
    seat, key = place
    if seat == DECK:
        return ("deck", 0)
    if seat == DISCARD:
        return ("discard", 0)
    return (row_name(seat, colour_of(key)), column_of(key) - 1)


def row_name(seat: int, colour: int) -> str:
    """The region of a seat's colour row ("2:1": seat 2's land row)."""
    return f"{seat}:{colour}"


@dataclass(frozen=True)
class Panel:
    """One player's panel: its frame, header band, rows and its cards' places."""

    seat: int
    frame: Rect
    header: Rect
    rows: tuple[Rect, ...]  # the band behind each colour's row
    layout: Layout  # the whole table's (`TableGeometry.layout`)

    @property
    def card_w(self) -> float:
        """A card's width in this panel."""
        return self.slot(0).width

    @property
    def card_h(self) -> float:
        """A card's height in this panel."""
        return self.slot(0).height

    def slot(self, key: int) -> Rect:
        """The rectangle of layout slot `key` (colour * 7 + value)."""
        return self.layout.content_box(cell_of((self.seat, key)))

    def row(self, colour: int) -> Rect:
        """The band behind one colour's row."""
        return self.rows[colour]


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
    #: The card table laid out: every card place, by `cell_of` its place.
    layout: Layout

    def place_rect(self, place: Place) -> Rect:
        """The rectangle of a card at `place` (the deck, the pile, a seat's card)."""
        return self.layout.content_box(cell_of(place))


def _grid_options(players: int) -> list[tuple[int, int]]:
    return [(cols, -(-players // cols)) for cols in range(1, players + 1)]


def _rows(frame: Rect, font_scale: float) -> tuple[Rect, tuple[Rect, ...], float]:
    """A panel's header, its three row bands (sea, land, sky from the top) and the card
    width they leave."""
    header_h = max(18.0, min(30.0, frame.height * 0.14)) * font_scale ** 0.3
    inner = frame.inset(max(4.0, frame.width * 0.015))
    gap = max(3.0, min(8.0, inner.width * 0.012))
    room_w = (inner.width - gap * (COLUMNS + 2)) / COLUMNS
    room_h = (inner.height - header_h - gap * 4) / 3
    card_h = min(room_h, room_w / CARD_RATIO, 150.0)
    card_w = card_h * CARD_RATIO
    used_w = COLUMNS * card_w + (COLUMNS + 2) * gap
    x0 = inner.left + (inner.width - used_w) / 2 + gap / 2
    top = inner.top - header_h - gap - card_h
    header = Rect(frame.left, frame.top - header_h - 4, frame.width, header_h + 4)
    width = COLUMNS * (card_w + gap) + gap * 2
    rows = tuple(Rect(x0 - gap / 2, top - c * (card_h + gap) - gap / 3, width,
                      card_h + gap * 2 / 3) for c in range(3))
    return header, rows, card_w


def _region(name: str, box: Rect, area: Rect, slots: int = 1, pile: bool = False,
            breaks: tuple[int, ...] = ()) -> Region:
    """A region of the card table covering `box` of `area`."""
    return Region(name, (box.left - area.left) / area.width,
                  (box.bottom - area.bottom) / area.height, box.width / area.width,
                  box.height / area.height, slots=slots, pile=pile, breaks=breaks)


#: The message's text size (pixels, times the table's font scale; `table.py` draws it).
MESSAGE_PX = 13.5
#: The strip grows until its message holds this many lines (see `table_geometry`).
MESSAGE_LINES = 14
#: The rows of buttons (two a row) under the piles, where the strip grew enough for them.
BUTTON_ROWS_UNDER = 2


def panel_order(players: int, own: int | None = None) -> tuple[int, ...]:
    """The seats in the grid's order (reading order, from the top left): every seat in
    turn from the one after `own`, so that `own`'s display comes last, nearest the
    player; the seats' own order where no one seat is the screen's (`own` None)."""
    if own is None or not 0 <= own < players:
        return tuple(range(players))
    return tuple((own + 1 + k) % players for k in range(players))


def _grid(table: Rect, players: int, font_scale: float, order: tuple[int, ...]
          ) -> tuple[float, list[tuple[Rect, Rect, tuple[Rect, ...]]]]:
    """The card width and each panel (frame, header, row bands), by seat, of the grid
    shape giving the largest cards in `table`, the panels placed in `order`."""
    best: tuple[float, list[tuple[Rect, Rect, tuple[Rect, ...]]]] | None = None
    for cols, rows in _grid_options(players):
        gap = max(6.0, table.width * 0.01)
        w = (table.width - gap * (cols - 1)) / cols
        h = (table.height - gap * (rows - 1)) / rows
        panels = []
        size = 0.0
        for seat in range(players):
            row, col = divmod(order.index(seat), cols)
            frame = Rect(table.left + col * (w + gap), table.top - (row + 1) * h - row * gap,
                         w, h)
            header, bands, size = _rows(frame, font_scale)
            panels.append((frame, header, bands))
        if best is None or size > best[0] + 0.5:
            best = (size, panels)
    assert best is not None
    return best


def _columns(panels: list[tuple[Rect, Rect, tuple[Rect, ...]]]) -> int:
    """How many columns of panels a grid has."""
    return len({round(frame.left) for frame, _header, _bands in panels})


def table_geometry(area: Rect, players: int, own: int | None = None,
                   pile_label: float = 0.0) -> TableGeometry:
    """The geometry of a table of `players` in `area` (no two rectangles overlap), the
    display of the screen's seat `own` last (`panel_order`).

    `pile_label` is the width the discard pile's count line takes at the text rule's
    smallest size in the player's language ("Défausse : 31"): the pile leaves it room.
    """
    order = panel_order(players, own)
    font_scale = max(0.6, min(1.6, min(area.width / 900, area.height / 680)))
    usual_h = max(96.0, min(170.0, area.height * 0.2))
    pad = max(6.0, usual_h * 0.08)

    def table_under(strip_h: float) -> Rect:
        return Rect(area.left, area.bottom, area.width,
                    max(10.0, area.height - strip_h - pad))

    # The message (what to do, a preview, what the last move did) gets the height the
    # cards do not need: the strip grows while the cards keep their size, so that a
    # small window reads it whole where the panels have room to spare (a solo game's),
    # until it holds `MESSAGE_LINES` lines at its size (held at the text rule's least).
    line = max(MESSAGE_PX * font_scale, MIN_POINTS / PT_PER_PX) * 1.3
    enough = MESSAGE_LINES * line + 2 * pad
    strip_h = usual_h
    best = _grid(table_under(strip_h), players, font_scale, order)
    while strip_h + 4 <= enough:
        taller = _grid(table_under(strip_h + 4), players, font_scale, order)
        if taller[0] < best[0] - 0.5 or _columns(taller[1]) != _columns(best[1]):
            break  # smaller cards, or as large in narrower panels (cut names)
        strip_h, best = strip_h + 4, taller
    strip = Rect(area.left, area.top - strip_h, area.width, strip_h)
    # The piles and the buttons keep the strip's usual height, at its top.
    # The "Deck: n left" line under the piles: room for the text rule's smallest size.
    label_h = max(18.0, 18.0 * font_scale)
    card_h = usual_h - 2 * pad - label_h
    card_w = card_h * CARD_RATIO
    deck = Rect(strip.left + pad, strip.top - pad - card_h, card_w, card_h)
    # Room under each pile for its count at the text rule's smallest size at least.
    discard = Rect(max(deck.right + pad * 2.5, deck.left + 96), deck.bottom, card_w, card_h)
    button_w = max(90.0, min(150.0, area.width * 0.14))
    buttons = Rect(max(discard.right + pad * 2, discard.left + 84,
                       discard.left + pile_label + pad + 2), strip.top - usual_h + pad,
                   button_w, usual_h - 2 * pad)
    # Where the strip grew enough, the buttons go under the piles, two a row, and the
    # message has their column's width too.
    below = Rect(deck.left, strip.bottom + pad, buttons.left - deck.left - pad,
                 strip_h - usual_h - pad / 2)
    if below.height >= 2 * BUTTON_ROWS_UNDER * max(12.0, MIN_POINTS / PT_PER_PX) + 6:
        buttons = below
        message = Rect(below.right + pad * 1.5, strip.bottom + pad,
                       max(10.0, strip.right - below.right - pad * 2.5), strip_h - 2 * pad)
    else:
        message = Rect(buttons.right + pad * 1.5, strip.bottom + pad,
                       max(10.0, strip.right - buttons.right - pad * 2.5), strip_h - 2 * pad)
    regions = [_region("deck", deck, area, pile=True),
               _region("discard", discard, area, pile=True)]
    card_w = best[0]
    for seat, (_frame, _header, bands) in enumerate(best[1]):
        for colour, band in enumerate(bands):
            # The cards fill the band but for a third of a gap above and below.
            gap = (band.width - COLUMNS * card_w) / (COLUMNS + 2)
            inner = Rect(band.left, band.bottom + gap / 3, band.width, band.height - gap * 2 / 3)
            regions.append(_region(row_name(seat, colour), inner, area, COLUMNS,
                                   breaks=(JOKER_COLUMN,)))
    layout = CardTable(tuple(regions)).fit(area)
    under = deck.bottom - label_h - pad / 2
    deck_label = Rect(deck.left, under, discard.left - deck.left - pad, deck.bottom - under)
    discard_label = Rect(discard.left, under, below.right - discard.left,
                         deck.bottom - under)
    return TableGeometry(layout.content_box(("deck", 0)), layout.content_box(("discard", 0)),
                         buttons, message,
                         tuple(Panel(seat, frame, header, bands, layout)
                               for seat, (frame, header, bands) in enumerate(best[1])),
                         font_scale, deck_label, discard_label, layout)
