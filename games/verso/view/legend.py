"""The Verso legend: every symbol on the table, in the player's words, and a painter that
draws one of them in a box (the shell's Legend panel, key L)."""

from __future__ import annotations

from typing import Any

import pyglet

from games.verso.cards import JOKER, key_for
from games.verso.view.cards import CardPainter
from games.verso.view.table import HINT, MARK, SELECT, paint_cursor
from tabletop.i18n import N_
from tabletop.ui.kit import Rect, arcade

BLUE, GREEN, ORANGE = 0, 1, 2
THREE_POINTS = 21  # added to a key, the 3-point face of that colour and value

#: One line per symbol, in the order `paint_symbol` draws them (in English: the renderer
#: translates them where the legend is shown).
LEGEND = (
    N_("A thick gold border: a 3-point face; a thin rim is a 1-point face (the dots under "
       "the number count the points too)."),
    N_("The small tag in the top corner: the card's other face, which everyone has seen "
       "(§3)."),
    N_("★, the joker: a 1-point face that takes the value a bank needs."),
    N_("The colours are blue, green and orange; in colour-blind mode a wave (the sea), a "
       "hill (the land) and a sun (the sky) mark them."),
    N_("A white ring: a card chosen for a bank; a pink ring: the hint's cards."),
    N_("Bright corners: the card the arrow keys are on (Space or Enter chooses it); a "
       "thin light blue line: a card the last move brought."),
)


def _cards(box: Rect, count: int) -> list[Rect]:
    """`count` card shapes side by side, centred in `box`."""
    height = box.height * 0.94
    width = min(height * 0.7, box.width / (count + 0.3 * (count - 1)))
    gap = width * 0.3
    left = box.center[0] - (count * width + (count - 1) * gap) / 2
    return [Rect(left + i * (width + gap), box.center[1] - height / 2, width, height)
            for i in range(count)]


def paint_symbol(index: int, box: Rect, colour_blind: bool) -> tuple[Any, Any, CardPainter]:
    """The symbol `LEGEND[index]` explains, drawn to fit `box`: (shapes, text batch,
    the painter that keeps the texts alive)."""
    shapes: Any = arcade.shape_list.ShapeElementList()
    batch = pyglet.graphics.Batch()
    paint = CardPainter(shapes, batch, colour_blind or index == 3)
    if index == 0:
        three, one = _cards(box, 2)
        paint.card(three, THREE_POINTS + key_for(BLUE, 4))
        paint.card(one, key_for(GREEN, 2))
    elif index == 1:
        paint.card(_cards(box, 1)[0], key_for(GREEN, 5),
                   reverse=THREE_POINTS + key_for(ORANGE, 6))
    elif index == 2:
        paint.card(_cards(box, 1)[0], key_for(ORANGE, JOKER))
    elif index == 3:
        for rect, colour in zip(_cards(box, 3), (BLUE, GREEN, ORANGE), strict=True):
            paint.card(rect, key_for(colour, 3))
    else:
        # Inset so that the marks round the cards stay inside the box.
        first, second = _cards(box.inset(box.height * 0.14), 2)
        paint.card(first, key_for(GREEN, 2))
        paint.card(second, key_for(GREEN, 3))
        if index == 4:
            paint.outline(first, SELECT, 3, grow=3)
            paint.outline(second, HINT, 3, grow=5)
        else:
            paint_cursor(paint, first)
            paint.outline(second, MARK, 2, grow=2)
    paint.finish()
    return shapes, batch, paint
