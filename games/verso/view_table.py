"""Painting the still Verso table for `VersoRenderer.sync`: the strip along the top (deck,
discard pile, the renderer's buttons, status, preview and end-of-game text) and one panel
per player (name, score, square, the layout in three rows with selection, preview, hint
and last-move marks). Everything goes into one shape list and one text batch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.verso.observation import VersoView
from games.verso.picture import solo_band
from games.verso.state import FINAL, FLIP, KEEP, OVER, PASS, PLAY, Bank, Draw, Pass
from games.verso.view_cards import COLOUR_NAMES, COLOUR_RGB, CardPainter, value_text
from games.verso.view_geometry import TableGeometry
from games.verso.view_model import layout_by_key, neighbours, status_line
from tabletop.ui.renderer import Rect

if TYPE_CHECKING:
    from games.verso.view import VersoRenderer

STRIP = (32, 38, 50)
PANEL = (40, 47, 61)
TEXT = (236, 236, 236)
DIM = (160, 166, 178)
ACCENT = (96, 170, 255)
NEIGHBOUR = (255, 196, 64)
GOOD = (120, 220, 140)
WARN = (255, 120, 110)
HINT = (255, 96, 220)
SELECT = (255, 255, 255)
CURSOR = (255, 230, 90)
BUTTON = (58, 68, 90)
MARK = (150, 230, 255)
RECORD = 64  # the designers' solo record (verso.md §7)


def paint_strip(r: VersoRenderer, paint: CardPainter, view: VersoView,
                geo: TableGeometry) -> None:
    """The top strip: deck (top face, cards left), discard pile, buttons and text."""
    fs = geo.font_scale
    paint.rect(Rect(r.area.left, geo.message.bottom - 4, r.area.width,
                    r.area.top - geo.message.bottom + 4), STRIP)
    deck = geo.deck
    if view.deck_size:
        for i in range(min(3, view.deck_size - 1), 0, -1):
            paint.back(Rect(deck.left + 3 * i, deck.bottom - 3 * i, deck.width, deck.height))
        paint.card(deck, view.deck_top)
    else:
        paint.outline(deck, DIM, 1)
    if r.drawing or (r.hint is not None and isinstance(r.hint, Draw)):
        paint.outline(deck, HINT if not r.drawing else ACCENT, 3, grow=4)
    paint.text(f"Deck: {view.deck_size} left", deck.left, deck.bottom - 15 * fs,
               14 * fs, TEXT)
    shown = len(view.discard) if r.discard_shown is None else r.discard_shown
    pile = geo.discard
    if shown:
        top = view.discard[shown - 1]
        paint.card(pile, top[0], top[1])
    else:
        paint.outline(pile, DIM, 1)
    paint.text(f"Discard: {shown}", pile.left, pile.bottom - 15 * fs, 14 * fs, DIM)
    _paint_buttons(r, paint, view, geo)
    _paint_message(r, paint, view, geo)


def _paint_buttons(r: VersoRenderer, paint: CardPainter, view: VersoView,
                   geo: TableGeometry) -> None:
    specs: list[tuple[str, Callable[[], None], bool]] = []
    if r.mover is not None and not r.animating:
        if r.joker_options:
            for option in r.joker_options:
                specs.append((f"Joker = {option.joker}", r.joker_choice(option), False))
        elif view.phase == PLAY and r.drawing:
            specs += [("Keep (K)", lambda: r.choose(KEEP), r.hint == KEEP),
                      ("Flip (F)", lambda: r.choose(FLIP), r.hint == FLIP)]
        elif view.phase == PLAY:
            specs.append(("Draw (D)", r.start_draw, isinstance(r.hint, Draw)))
        elif view.phase == FINAL:
            specs.append(("Pass (P)", lambda: r.choose(PASS), isinstance(r.hint, Pass)))
    column = geo.buttons
    height = min(40.0 * geo.font_scale, (column.height - 6 * 3) / 4)
    for i, (label, action, hinted) in enumerate(specs):
        rect = Rect(column.left, column.top - (i + 1) * (height + 6), column.width, height)
        paint.rect(rect, BUTTON)
        paint.outline(rect, HINT if hinted else (120, 136, 170), 3 if hinted else 1)
        paint.text(label, *rect.center, 15 * geo.font_scale, TEXT, anchor_x="center",
                   anchor_y="center")
        r.buttons.append((rect, label, action))


def _message_lines(r: VersoRenderer, view: VersoView) -> list[tuple[str, Any]]:
    if view.phase == OVER:
        return _end_lines(r, view)
    seat = r.to_move if r.to_move is not None else view.turn
    lines: list[tuple[str, Any]] = [
        (status_line(view, r.seat_label(seat), r.mover is not None), TEXT)]
    lines += [(note, WARN) for note in r.notes]
    if view.phase == FINAL:
        lines.append(("Final round: the deck is empty; no flips.", NEIGHBOUR))
    if r.drawing:
        lines.append(("Keep the face up (K), or flip the card for its other face (F).",
                      NEIGHBOUR))
    if r.joker_options:
        lines.append(("The joker's value changes which cards are discarded: choose it "
                      "(buttons or keys 1-6).", NEIGHBOUR))
    if r.preview is not None:
        lines += [(line, GOOD if i == 0 else TEXT) for i, line in enumerate(r.preview.lines)]
        if r.pending_move is not None:
            lines.append(("VALIDATE (Enter or B) to bank, Cancel (Esc) to change.", DIM))
    elif r.selected:
        names = ", ".join(value_text(k) for k in sorted(r.selected, key=lambda k: k % 7))
        lines.append((f"Selected {COLOUR_NAMES[min(r.selected) // 7]} {names}: "
                      "not a sequence yet.", DIM))
    if r.hint is not None:
        lines.append((f"Hint: {r.context.notation(r.hint)}", HINT))
    return lines


def _end_lines(r: VersoRenderer, view: VersoView) -> list[tuple[str, Any]]:
    if view.players == 1:
        score = view.scores[0]
        return [(f"Game over: {score} points", GOOD),
                (f"Rating: {solo_band(score)}", TEXT),
                (f"The designers' record: {RECORD}"
                 + (" — you beat it!" if score > RECORD else ""), NEIGHBOUR)]
    ranking = sorted(range(view.players), key=lambda s: -view.scores[s])
    best = view.scores[ranking[0]]
    lines: list[tuple[str, Any]] = [("Game over: ranking", GOOD)]
    for place, seat in enumerate(ranking):
        mark = "  ★" if view.scores[seat] == best else ""
        lines.append((f"{place + 1}. {r.seat_label(seat)}: {view.scores[seat]}{mark}",
                      TEXT))
    return lines


def _paint_message(r: VersoRenderer, paint: CardPainter, view: VersoView,
                   geo: TableGeometry) -> None:
    box = geo.message
    lines = _message_lines(r, view)
    size = 13.5 * geo.font_scale
    step = min(size * 1.5, box.height / max(1, len(lines)))
    size = min(size, step / 1.45)
    for i, (line, colour) in enumerate(lines):
        paint.text(line, box.left, box.top - (i + 0.8) * step, size, colour,
                   width=int(box.width), multiline=False)


def paint_panel(r: VersoRenderer, paint: CardPainter, view: VersoView, geo: TableGeometry,
                seat: int) -> None:
    """One player's panel: name, score and square, then the layout by colour rows."""
    panel = geo.panels[seat]
    fs = geo.font_scale
    playing = view.phase != OVER and seat == view.turn
    flippers = neighbours(view.players, view.turn) if view.phase == PLAY else ()
    paint.rect(panel.frame, PANEL)
    if playing:
        paint.outline(panel.frame, ACCENT, 3)
    elif seat in flippers:
        paint.outline(panel.frame, NEIGHBOUR, 2)
    header = panel.header
    size = min(14.0 * fs, header.height * 0.55)
    name_colour = ACCENT if playing else TEXT
    paint.text(("▶ " if playing else "") + r.seat_label(seat), header.left + 8,
               header.center[1], size, name_colour, anchor_y="center", bold=playing)
    counts = [sum(1 for item in view.layouts[seat] if item[0] % 21 // 7 == c)
              for c in range(3)]
    square = ("square ✓" if view.squares[seat]
              else "square " + "·".join(str(n) for n in counts))
    note = "  flips if banked" if seat in flippers else ""
    paint.text(f"{view.scores[seat]} pts   {square}{note}", header.right - 8,
               header.center[1], size * 0.9,
               GOOD if view.squares[seat] else (NEIGHBOUR if note else DIM),
               anchor_x="right", anchor_y="center")
    for colour in range(3):
        band = COLOUR_RGB[colour]
        paint.rect(panel.row(colour), (*band, 38))
    layout = layout_by_key(view, seat)
    mine = seat == r.mover
    hint_keys = _hint_keys(r, seat)
    flip_marks = set(r.preview.flips) if r.preview is not None else set()
    for key, (up, down) in layout.items():
        if (seat, key) in r.hidden:
            continue
        rect = panel.slot(key)
        paint.card(rect, up, down)
        if (seat, key) in r.marked:
            paint.outline(rect, (150, 230, 255), 2, grow=2)
        if key in hint_keys:
            paint.outline(rect, HINT, 3, grow=5)
        if mine and key in r.selected:
            paint.outline(rect, SELECT, 3, grow=3)
        if mine and r.preview is not None and key in r.preview.discards:
            paint.cross(rect, WARN, max(2.0, rect.width * 0.07))
        if (seat, key) in flip_marks:
            paint.outline(rect, NEIGHBOUR, 3, grow=3)
            paint.text("↻ flips", rect.center[0], rect.top + 3, 11 * fs, NEIGHBOUR,
                       anchor_x="center", anchor_y="bottom")
        if mine and key == r.cursor:
            paint.outline(rect, CURSOR, 2, grow=6)


def _hint_keys(r: VersoRenderer, seat: int) -> set[int]:
    if not isinstance(r.hint, Bank) or seat != r.to_move:
        return set()
    base = 7 * r.hint.colour
    keys = {base + v for v in r.hint.values}
    if r.hint.joker is not None:
        keys.add(base)
    return keys

