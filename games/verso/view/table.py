"""Painting the still Verso table: the strip along the top (deck, discard pile, buttons,
status, preview and end-of-game text) and one panel per player (name, score, square, the
layout in three rows with selection, preview, hint and last-move marks).

The painters take a frozen `TableScene` — the view and everything the renderer wants
shown — and return what they drew (`Drawn`: the buttons and the boxes of the cards), so
they never reach into the renderer. Everything goes into one shape list and one text batch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from games.verso.cards import colour_of, value_of
from games.verso.observation import VersoView
from games.verso.picture import solo_band
from games.verso.rules import bank_cards, neighbours
from games.verso.state import FINAL, FLIP, KEEP, OVER, PASS, PLAY, Bank, Draw, Move, Pass
from games.verso.view.cards import COLOUR_RGB, PT_PER_PX, CardPainter, value_text
from games.verso.view.places import MESSAGE_PX, TableGeometry
from games.verso.view.preview import DECK, DISCARD, BankPreview, Place, layout_by_key
from games.verso.words import _, ngettext
from tabletop.i18n import N_
from tabletop.lines import render
from tabletop.ui.kit import FONT_SANS, Placed, Rect, TextLayer, fit_text

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
CURSOR = (255, 244, 150)
CURSOR_GAP = (16, 18, 24)
BUTTON = (58, 68, 90)
MARK = (150, 230, 255)  # the outline of a card the last move brought
LOOK = (40, 230, 255)  # what a tutorial's step asks the player to look at
LOOK_EDGE = (16, 28, 44)
RECORD = 64  # the designers' solo record (verso.md §7)

#: What a button asks for: start a draw, or play / choose this move (a joker's value).
Command = Literal["draw"] | Move


class Button(NamedTuple):
    """A button drawn on the strip: where it is, its label, what it asks for."""

    rect: Rect
    label: str
    command: Command


@dataclass(frozen=True)
class TableScene:
    """Everything the still table shows, taken from the renderer at one moment.

    `to_move` is the seat the shell says is to move; `mover` the human seat whose cards
    can be chosen now (None otherwise); `hint_text` the hint in notation; `pending` is
    True once a bank is ready to VALIDATE; `marked` are the places the last move's cards
    reached, `hidden` those still being animated; `discard_shown` the pile's size to show
    while cards fly to it (None: all of it); `looked` the places (cards, the deck or the
    pile) and `looked_panels` the seats a tutorial asks the player to look at.
    """

    view: VersoView
    area: Rect
    geometry: TableGeometry
    seat_labels: tuple[str, ...]
    to_move: int | None
    mover: int | None
    animating: bool
    drawing: bool
    hint: Move | None
    hint_text: str | None
    joker_options: tuple[Bank, ...]
    preview: BankPreview | None
    pending: bool
    selected: frozenset[int]
    cursor: int | None
    notes: tuple[str, ...]
    marked: frozenset[Place]
    hidden: frozenset[Place]
    discard_shown: int | None
    news: tuple[str, ...] = ()
    looked: frozenset[Place] = frozenset()
    looked_panels: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Drawn:
    """What the painters drew that input needs: the buttons and every card's box."""

    buttons: tuple[Button, ...]
    cards: dict[Place, Rect]


def paint_table(scene: TableScene, paint: CardPainter) -> Drawn:
    """The whole still table: the strip, then every player's panel."""
    buttons = paint_strip(scene, paint)
    cards: dict[Place, Rect] = {}
    for seat in range(scene.view.players):
        cards.update(paint_panel(scene, paint, seat))
    return Drawn(buttons, cards)


def status_line(view: VersoView, seat_name: str, interactive: bool) -> str:
    """The one-line state of play shown above the table."""
    if not interactive:
        return _("{player} to play.").format(player=seat_name)
    if view.phase == FINAL:
        return _("{player}: bank one final sequence (select it), or pass (P).").format(
            player=seat_name)
    return _("{player}: draw (click the deck, or D) or bank (select a sequence).").format(
        player=seat_name)


def paint_strip(scene: TableScene, paint: CardPainter) -> tuple[Button, ...]:
    """The top strip: deck (top face, cards left), discard pile, buttons and text."""
    view, geo, area = scene.view, scene.geometry, scene.area
    fs = geo.font_scale
    paint.rect(Rect(area.left, geo.message.bottom - 4, area.width,
                    area.top - geo.message.bottom + 4), STRIP)
    deck = geo.deck
    if view.deck_size:
        for i in range(min(3, view.deck_size - 1), 0, -1):
            paint.back(Rect(deck.left + 3 * i, deck.bottom - 3 * i, deck.width, deck.height))
        paint.card(deck, view.deck_top)
    else:
        paint.outline(deck, DIM, 1)
    if scene.drawing or isinstance(scene.hint, Draw):
        paint.outline(deck, HINT if not scene.drawing else ACCENT, 3, grow=4)
    # In full where there is room, else just the count (the deck is drawn above it).
    label = geo.deck_label
    if not paint.fit(_("Deck: {count} left").format(count=view.deck_size), label.left,
                     label.center[1], label, 14 * fs, TEXT, anchor_y="center", whole=True):
        paint.fit(_("{count} left").format(count=view.deck_size), label.left,
                  label.center[1], label, 14 * fs, TEXT, anchor_y="center")
    shown = len(view.discard) if scene.discard_shown is None else scene.discard_shown
    pile = geo.discard
    if shown:
        top = view.discard[shown - 1]
        paint.card(pile, top[0], top[1])
    else:
        paint.outline(pile, DIM, 1)
    label = geo.discard_label
    paint.fit(_("Discard: {count}").format(count=shown), label.left, label.center[1], label,
              14 * fs, DIM, anchor_y="center")
    for seat, rect in ((DECK, deck), (DISCARD, pile)):
        if (seat, 0) in scene.looked:
            paint_look(paint, rect, grow=4)  # close: the pile's count is right below
    buttons = _paint_buttons(scene, paint)
    _paint_message(scene, paint)
    return buttons


def _paint_buttons(scene: TableScene, paint: CardPainter) -> tuple[Button, ...]:
    view, geo, hint = scene.view, scene.geometry, scene.hint
    specs: list[tuple[str, Command, bool]] = []
    if scene.mover is not None and not scene.animating:
        if scene.joker_options:
            for option in scene.joker_options:
                specs.append((_("Joker = {value}").format(value=option.joker), option,
                              False))
        elif view.phase == PLAY and scene.drawing:
            specs += [(_("Keep (K)"), KEEP, hint == KEEP), (_("Flip (F)"), FLIP, hint == FLIP)]
        elif view.phase == PLAY:
            specs.append((_("Draw (D)"), "draw", isinstance(hint, Draw)))
        elif view.phase == FINAL:
            specs.append((_("Pass (P)"), PASS, isinstance(hint, Pass)))
    # Four buttons at most (a joker's values): a column beside the piles, or two a row
    # under them where the strip has room (`table_geometry`).
    column = geo.buttons
    across = 2 if column.width > column.height else 1
    rows = 4 // across
    height = min(40.0 * geo.font_scale, (column.height - 6 * (rows - 1)) / rows)
    width = (column.width - 6 * (across - 1)) / across
    buttons = []
    for i, (label, command, hinted) in enumerate(specs):
        row, place = divmod(i, across)
        rect = Rect(column.left + place * (width + 6), column.top - (row + 1) * (height + 6),
                    width, height)
        paint.rect(rect, BUTTON)
        paint.outline(rect, HINT if hinted else (120, 136, 170), 3 if hinted else 1)
        inner = Rect(rect.left + 3, rect.bottom, rect.width - 6, rect.height)
        paint.fit(label, *rect.center, inner, 15 * geo.font_scale, TEXT, anchor_x="center",
                  anchor_y="center")
        buttons.append(Button(rect, label, command))
    return tuple(buttons)


def message_lines(scene: TableScene) -> list[tuple[str, Any]]:
    """The message, most needed first: what to do now, then what the last move did (the
    move log has it too), so a small window cuts the least needed."""
    view = scene.view
    if view.phase == OVER:
        return _end_lines(scene)
    seat = scene.to_move if scene.to_move is not None else view.turn
    label = scene.seat_labels[seat]
    # The first line says what to do now: once a draw, a joker's value or a bank is under
    # way, that step's instruction takes the place of "draw or bank".
    if scene.drawing:
        first = (_("{player}: keep the face up (K), or flip the card for its other face "
                   "(F).").format(player=label), NEIGHBOUR)
    elif scene.joker_options:
        first = (_("{player}: choose the joker's value (buttons or keys 1-6): it changes "
                   "which cards are discarded.").format(player=label), NEIGHBOUR)
    elif scene.preview is not None and scene.pending:
        first = (_("{player}: VALIDATE (Enter or B) to bank, or Cancel (Esc) to "
                   "change.").format(player=label), NEIGHBOUR)
    else:
        first = (status_line(view, label, scene.mover is not None), TEXT)
    lines: list[tuple[str, Any]] = [first]
    if view.phase == FINAL:
        lines.append((_("Final round: the deck is empty; no flips."), NEIGHBOUR))
    if scene.preview is not None:
        # The renderer's scene words the lines (`render` keeps a text as it is).
        lines += [(render(line), GOOD if i == 0 else TEXT)
                  for i, line in enumerate(scene.preview.lines)]
    elif scene.selected:
        names = ", ".join(value_text(k) for k in sorted(scene.selected, key=value_of))
        # The rulebook's colour words (sea/land/sky are the pictures' flavour only).
        lines.append((_(SELECTED[colour_of(min(scene.selected))]).format(values=names),
                      DIM))
    if scene.hint_text is not None:
        lines.append((_("Hint: {hint}").format(hint=scene.hint_text), HINT))
    # A card lost (a duplicate discarded) is a warning; the solo opponent's card is an
    # event of every turn, told in the colour of flips rather than of errors.
    return (lines + [(note, WARN) for note in scene.notes]
            + [(item, NEIGHBOUR) for item in scene.news])


#: "Selected <colour> <values>: not a sequence yet.", by colour.
SELECTED = (N_("Selected blue {values}: not a sequence yet."),
            N_("Selected green {values}: not a sequence yet."),
            N_("Selected orange {values}: not a sequence yet."))


def _end_lines(scene: TableScene, compact: bool = False) -> list[tuple[str, Any]]:
    """The end of the game: a solo score and its rating, or the ranking, a seat a line
    (`compact`: the seats in one paragraph, each kept whole on its line)."""
    view = scene.view
    if view.players == 1:
        score = view.scores[0]
        record = (_("The designers' record: {points} — you beat it!") if score > RECORD
                  else _("The designers' record: {points}"))
        return [(ngettext("Game over: {points} point", "Game over: {points} points",
                          score).format(points=score), GOOD),
                (_("Rating: {band}").format(band=solo_band(score)), TEXT),
                (record.format(points=RECORD), NEIGHBOUR)]
    ranking = sorted(range(view.players), key=lambda s: -view.scores[s])
    best = view.scores[ranking[0]]
    lines: list[tuple[str, Any]] = [(_("Game over: ranking"), GOOD)]
    for place, seat in enumerate(ranking):
        mark = "  ★" if view.scores[seat] == best else ""
        lines.append((_("{place}. {player}: {points}").format(
            place=place + 1, player=scene.seat_labels[seat], points=view.scores[seat]) + mark,
            TEXT))
    if compact:  # no-break spaces: a line breaks between two seats, never within one
        return [lines[0], (" · ".join(text.replace(" ", "\xa0") for text, _c in lines[1:]),
                           TEXT)]
    return lines


def _paint_message(scene: TableScene, paint: CardPainter) -> None:
    """The message lines stacked in their box, each wrapped to its width, all scaled
    down together to the text rule's minimum before any is cut (shown whole on hover)."""
    geo = scene.geometry
    box, size = geo.message, MESSAGE_PX * geo.font_scale
    lines = message_lines(scene)
    if scene.view.phase == OVER and geo.buttons.left >= geo.discard.right:
        # No button is drawn once the game is over: the end has their column too (when
        # it is beside the piles).
        box = Rect(geo.buttons.left, box.bottom, box.right - geo.buttons.left, box.height)
    if scene.view.phase == OVER and scene.view.players > 1:
        # The ranking a seat a line where it fits, else the seats run on (each whole).
        trial = TextLayer().add_lines(lines, box, size * PT_PER_PX, font_name=FONT_SANS)
        if any(p.cut for p in trial):
            lines = _end_lines(scene, compact=True)
    paint.lines(lines, box, size)


def paint_panel(scene: TableScene, paint: CardPainter, seat: int) -> dict[Place, Rect]:
    """One player's panel: name, score and square, then the layout by colour rows.

    Returns the box of every card drawn, by its place.
    """
    view, geo = scene.view, scene.geometry
    panel = geo.panels[seat]
    playing = view.phase != OVER and seat == view.turn
    flippers = neighbours(view.players, view.turn) if view.phase == PLAY else ()
    paint.rect(panel.frame, PANEL)
    if playing:
        paint.outline(panel.frame, ACCENT, 3)
    elif seat in flippers:
        paint.outline(panel.frame, NEIGHBOUR, 2)
    _paint_header(scene, paint, seat, playing, seat in flippers)
    for colour in range(3):
        band = COLOUR_RGB[colour]
        paint.rect(panel.row(colour), (*band, 38))
    mine = seat == scene.mover
    hint_keys = _hint_keys(scene, seat)
    preview = scene.preview
    flip_marks = set(preview.flips) if preview is not None else set()
    drawn: dict[Place, Rect] = {}
    for key, (up, down) in layout_by_key(view, seat).items():
        if (seat, key) in scene.hidden:
            continue
        rect = panel.slot(key)
        drawn[(seat, key)] = rect
        paint.card(rect, up, down)
        if (seat, key) in scene.marked:
            paint.outline(rect, MARK, 2, grow=2)
        if key in hint_keys:
            paint.outline(rect, HINT, 3, grow=5)
        if mine and key in scene.selected:
            paint.outline(rect, SELECT, 3, grow=3)
        if mine and preview is not None and key in preview.discards:
            paint.cross(rect, WARN, max(2.0, rect.width * 0.07))
        if (seat, key) in flip_marks:
            paint.outline(rect, NEIGHBOUR, 3, grow=3)
            # A badge of the card (the message says the flip in words).
            paint.text("↻", rect.center[0], rect.top - rect.height * 0.13,
                       rect.height * 0.2, NEIGHBOUR, anchor_x="center", anchor_y="center",
                       bold=True)
        if mine and key == scene.cursor:
            paint_cursor(paint, rect)
        if (seat, key) in scene.looked:
            paint_look(paint, rect)
    if seat in scene.looked_panels:
        paint_look(paint, panel.frame.inset(4), grow=0, beads=False)
    return drawn


def paint_look(paint: CardPainter, rect: Rect, grow: float = 7, beads: bool = True) -> None:
    """What a tutorial's step asks the player to look at: a bright frame edged dark,
    with a bead at the top corners of a card or a pile (no other mark of the table has
    them; below, the words of a pile or the next row's cards; a panel's frame goes
    without, clear of its header's words)."""
    paint.outline(rect, LOOK_EDGE, 7, grow=grow)
    paint.outline(rect, LOOK, 3, grow=grow)
    if not beads:
        return
    for x in (rect.left - grow, rect.right + grow):
        for y in (rect.top + grow,):
            paint.rect(Rect(x - 6, y - 6, 12, 12), LOOK_EDGE)
            paint.rect(Rect(x - 4, y - 4, 8, 8), LOOK)


def paint_cursor(paint: CardPainter, rect: Rect) -> None:
    """The keyboard's card: bright corners round it, apart from the card by a dark ring.
    Corners, not a ring: every other mark round a card is a ring (a 3-point card's gold
    border among them), and a ring of one more colour was mistaken for those."""
    paint.outline(rect, CURSOR_GAP, 3, grow=4)
    outer = Rect(rect.left - 8, rect.bottom - 8, rect.width + 16, rect.height + 16)
    arm, width = min(outer.width, outer.height) * 0.3, 4.0
    for x, y, dx, dy in ((outer.left, outer.bottom, 1, 1), (outer.right, outer.bottom, -1, 1),
                         (outer.left, outer.top, 1, -1), (outer.right, outer.top, -1, -1)):
        # Each arm is a filled bar (lines' ends would leave the corner itself open).
        paint.rect(Rect(min(x, x + dx * arm), y - width / 2, arm, width), CURSOR)
        paint.rect(Rect(x - width / 2, min(y, y + dy * arm), width, arm), CURSOR)


def _paint_header(scene: TableScene, paint: CardPainter, seat: int, playing: bool,
                  flips: bool) -> None:
    """The seat's name on the left of its header; its points and square on the right,
    as much of them as leaves the name whole (a name too wide even beside the points
    alone is cut, whole on hover)."""
    view, header = scene.view, scene.geometry.panels[seat].header
    size = min(14.0 * scene.geometry.font_scale, header.height * 0.55)
    counts = [sum(1 for item in view.layouts[seat] if colour_of(item[0]) == c)
              for c in range(3)]
    square = (_("square ✓") if view.squares[seat]
              else _("square {counts}").format(counts="·".join(str(n) for n in counts)))
    points = _("{points} pts").format(points=view.scores[seat])
    colour = GOOD if view.squares[seat] else (NEIGHBOUR if flips else DIM)
    right = Rect(header.left + header.width * 0.35, header.bottom,
                 header.width * 0.65 - 8, header.height)
    words = [f"{points}   {square}", points]
    if flips:
        words.insert(0, _("{points}   {square}  flips if banked").format(points=points,
                                                                         square=square))
    name = ("▶ " if playing else "") + scene.seat_labels[seat]
    # The name reads whole first: the words on the right give way (down to the points
    # alone) before it is cut; a name wider than the panel even then is cut (a name:
    # whole on hover).
    chosen = points
    for text in words:
        placed = fit_text(text, right.right, right.center[1], right, size * 0.9 * PT_PER_PX,
                          colour, font_name=FONT_SANS, anchor_x="right",
                          anchor_y="center")[1]
        if placed.cut:
            continue
        if not fit_text(name, header.left + 8, right.center[1], _name_box(header, placed),
                        size * PT_PER_PX, TEXT, font_name=FONT_SANS, bold=playing,
                        anchor_y="center")[1].cut:
            chosen = text
            break
    paint.fit(chosen, right.right, right.center[1], right, size * 0.9, colour,
              anchor_x="right", anchor_y="center")
    box = _name_box(header, paint.layer.placed[-1])
    paint.fit(name, box.left, box.center[1], box, size, ACCENT if playing else TEXT,
              anchor_y="center", bold=playing, may_cut=True)


def _name_box(header: Rect, right: Placed) -> Rect:
    """The room for a seat's name on the left of its header, up to the words on the
    right (`right`, as laid out)."""
    return Rect(header.left + 8, header.bottom, max(1.0, right.extent.left - header.left - 16),
                header.height)


def _hint_keys(scene: TableScene, seat: int) -> set[int]:
    """The cards of the hinted bank, on the panel of the seat to move."""
    if not isinstance(scene.hint, Bank) or seat != scene.to_move:
        return set()
    return set(bank_cards(scene.hint).values())
