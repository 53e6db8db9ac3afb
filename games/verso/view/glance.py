"""The launcher's picture of a Verso table, drawn for its own small size: three large
cards of one display, overlapping a little, each number big enough to read at a glance
(the whole table scaled down to a launcher card is a blur of tiny cards and words)."""

from __future__ import annotations

from games.verso.cards import colour_of, value_of
from games.verso.observation import UNSEEN, VersoView
from games.verso.view.cards import CardPainter
from games.verso.view.table import PANEL
from tabletop.ui.kit import CARD_ASPECT, Rect

#: How many cards the picture shows: few enough that each is large.
SHOWN = 3
#: How far each card is from the one before, in card widths (its number stays clear of
#: the next card, which covers only its right edge).
STEP = 0.76


def glance_faces(view: VersoView, seat: int) -> list[int]:
    """The faces to show: up to `SHOWN` cards of `seat`'s display, a colour each before
    a second of any colour, lowest values first; the deck's top face where the display
    has fewer."""
    cards = sorted((item[0] for item in view.layouts[seat]),
                   key=lambda face: (value_of(face) or 7, colour_of(face)))
    chosen: list[int] = []
    for face in cards:  # one of each colour first
        if len(chosen) < SHOWN and colour_of(face) not in {colour_of(f) for f in chosen}:
            chosen.append(face)
    chosen += [face for face in cards if face not in chosen][:SHOWN - len(chosen)]
    if len(chosen) < SHOWN and view.deck_top != UNSEEN:
        chosen.append(view.deck_top)
    return sorted(chosen, key=lambda face: (colour_of(face), value_of(face) or 7))


def paint_glance(view: VersoView, area: Rect, paint: CardPainter, seat: int) -> None:
    """The picture in `area`: the table's colour, then the cards of `glance_faces` side
    by side, overlapping, the middle one raised a little."""
    paint.rect(area, PANEL)
    faces = glance_faces(view, seat)
    if not faces:
        return
    count = len(faces)
    height = area.height * 0.8
    width = height * CARD_ASPECT
    room = area.width * 0.92
    if width * (1 + STEP * (count - 1)) > room:  # a narrow picture: smaller cards
        width = room / (1 + STEP * (count - 1))
        height = width / CARD_ASPECT
    left = area.left + (area.width - width * (1 + STEP * (count - 1))) / 2
    middle = (count - 1) / 2
    for index, face in enumerate(faces):
        drop = abs(index - middle) * height * 0.06
        bottom = area.bottom + (area.height - height) / 2 - drop + height * 0.03
        paint.card(Rect(left + index * STEP * width, bottom, width, height), face)
