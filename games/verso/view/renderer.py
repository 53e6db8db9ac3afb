"""`VersoRenderer`: the Verso table in the desktop app (the renderer protocol of
`tabletop.ui.renderer`).

It draws only the `VersoView` it is given (what every seat may see, verso.md §3): the deck
with its top face and size, the discard pile, each player's panel and layout. Input turns
into moves: click the deck (or D) then Keep / Flip (K / F); click cards of one colour (or
arrows + Space or Enter) to select a sequence, then VALIDATE (Enter or B) after the preview; Pass
(P) in the final round. The joker's value is asked (buttons or keys 1-6) only when it
changes which cards are discarded: a bank with one outcome is proposed at once
(`Propose`: the host shows VALIDATE). Everything still is built in `sync` into one shape
list and one text batch (its words in the text layer the host hands out); the host keeps
the table in its still picture (while cards move, the table without them: `draw_still`),
and a frame of an animation draws only the moving cards: the board toolkit's
`MoveAnimation`, each card's `Travel` between the places of the toolkit's card table
(`places`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pyglet

from games.verso.cards import colour_number, colour_of, key_for
from games.verso.observation import VersoView
from games.verso.state import FINAL, FLIP, KEEP, OVER, PASS, PLAY, Bank
from games.verso.view.cards import CardPainter, card_piece
from games.verso.view.glance import paint_glance
from games.verso.view.legend import LEGEND, paint_symbol
from games.verso.view.motions import Floater, Motion, transitions
from games.verso.view.places import TableGeometry, cell_of, column_of, table_geometry
from games.verso.view.preview import (
    DECK,
    DISCARD,
    BankPreview,
    Place,
    bank_preview,
    banks_for,
    distinct_outcomes,
    layout_by_key,
)
from games.verso.view.table import Button, TableScene, paint_table
from games.verso.words import _
from tabletop.lines import Line, render
from tabletop.ui.kit import (
    FONT_SANS,
    MIN_POINTS,
    Event,
    Explain,
    Frame,
    Intent,
    Key,
    Mesh,
    MoveAnimation,
    Play,
    Ply,
    Press,
    Rect,
    Renderer,
    RendererContext,
    ShapeList,
    Travel,
    arcade,
)

BACKGROUND = (24, 28, 36)  # the shell's window background, around the panels
GOOD = (120, 220, 140)
_NUMBER_KEYS = {getattr(arcade.key, f"KEY_{v}"): v for v in range(1, 7)}
_NUMBER_KEYS |= {getattr(arcade.key, f"NUM_{v}"): v for v in range(1, 7)}


def look_place(view: VersoView | None, name: str) -> Place | int | None:
    """What `name` names on the table of `view` (see `VersoRenderer.show`): a place
    (a card, the deck, the pile), a seat (its panel), or None if nothing shown."""
    word = name.strip().lower()
    if word == "deck":
        return (DECK, 0)
    if word == "discard":
        return (DISCARD, 0)
    players = view.players if view is not None else 0
    if word.startswith("player "):
        number = word.removeprefix("player ").strip()
        seat = int(number) - 1 if number.isdigit() else -1
        return seat if 0 <= seat < players else None
    seat_text, _colon, face = word.partition(":")
    colour_word, _space, value_word = face.strip().partition(" ")
    colour = colour_number(colour_word)
    value = 0 if value_word in ("j", "joker") else (
        int(value_word) if value_word in ("1", "2", "3", "4", "5", "6") else -1)
    if not seat_text.strip().isdigit() or colour is None or value < 0 or view is None:
        return None
    seat = int(seat_text) - 1
    key = key_for(colour, value)
    if not 0 <= seat < players or key not in layout_by_key(view, seat):
        return None
    return (seat, key)


class VersoRenderer(Renderer):
    """Draws a Verso table for 1 to 6 players and turns clicks and keys into moves."""

    #: The launcher's picture is a few large cards drawn for its size (`glance`).
    draws_pictures = True

    def __init__(self, context: RendererContext) -> None:
        super().__init__(context)
        self.geometry: TableGeometry | None = None
        self.selected: set[int] = set()  # keys of the mover's cards chosen for a bank
        self.cursor: int | None = None  # the keyboard's card (a key of the mover's layout)
        self.cursor_column = 0  # the column up/down aim at (0: the cursor's own)
        self.drawing = False  # the deck was clicked: Keep / Flip are offered
        self.joker_options: list[Bank] = []  # asked when the joker's value matters
        self.chosen: Bank | None = None  # the bank previewed (proposed for VALIDATE)
        self.preview: BankPreview | None = None
        self.buttons: tuple[Button, ...] = ()  # as the last `sync` drew them
        self.card_boxes: dict[Place, Rect] = {}  # every card drawn, by place
        self.marked: set[Place] = set()  # where the last move's cards arrived
        self.looked: set[Place] = set()  # what a tutorial asks to look at: cards, piles
        self.looked_panels: set[int] = set()  # … and whole panels, by seat
        self.notes: list[str | Line] = []  # what the last move did that the table should explain
        self.news: list[str | Line] = []  # events of the last move told as news (solo opponent)
        self.motions: list[Motion] = []
        self.floaters: list[Floater] = []
        self.hidden: set[Place] = set()
        self.discard_shown: int | None = None
        self.elapsed = 0.0
        self.duration = 0.0
        self._still: tuple[Any, Any] = (arcade.shape_list.ShapeElementList(),
                                        pyglet.graphics.Batch())
        self._texts: list[arcade.Text] = []
        #: The toolkit's animation of the cards of `motions` (None when still).
        self.animation: MoveAnimation | None = None
        self._animated_on: TableGeometry | None = None  # the geometry it was built for
        #: Each floater's text, its starting height and its plate (at the origin).
        self._floater_labels: list[tuple[arcade.Text, float, ShapeList]] = []
        self._legend: dict[tuple[int, Rect], tuple[Any, Any, Any]] = {}

    # -- the host's calls ----------------------------------------------------------------
    def show(self, frame: Frame) -> None:
        """A new frame: a new position starts the selection and the draw choice afresh; a
        frame without the pending bank drops the choice (Cancel); the last move's marks
        and notes and what a tutorial names follow the frame."""
        old, self.frame = self.frame, frame
        moved = not frame.same_position(old)
        if moved:
            self._drop_choice()
            self.cursor = None
            self._stop_animation()
        elif frame.pending is None and self.chosen is not None:
            self._drop_choice()  # Cancel (not this renderer's own withdrawal, `Propose(None)`)
        if moved or frame.last is not old.last:
            self._mark_last(frame.last)
        if moved or frame.marks != old.marks:
            self._look(frame.marks)
        self.sync()

    def _drop_choice(self) -> bool:
        """Drop the previewed bank, the selection and the draw choice; True if any."""
        had = bool(self.chosen is not None or self.selected or self.drawing
                   or self.joker_options)
        self.chosen = None
        self.selected = set()
        self.drawing = False
        self.joker_options = []
        self.preview = None
        return had

    def _mark_last(self, last: Ply | None) -> None:
        """Mark where the last move's cards arrived and keep its notes (through undo,
        redo and Continue); nothing before the first move."""
        self.marked, self.notes, self.news = set(), [], []
        if last is not None:
            motions, _floaters = transitions(last.before, last.move, last.after,
                                             last.before.turn)
            self.marked = {m.end for m in motions if m.end[0] >= 0}
            self.notes = [m.note for m in motions if m.note and not m.news]
            self.news = [m.note for m in motions if m.note and m.news]

    def _look(self, names: Sequence[str]) -> None:
        """Frame what a tutorial's step names: `deck`, `discard`, `player 2` (a seat's
        panel, seats counted from 1), or a card in a seat's layout by the face up,
        `1:blue 3`, `2:orange J` (a joker)."""
        self.looked, self.looked_panels = set(), set()
        for name in names:
            found = look_place(self.view, name)
            if isinstance(found, int):
                self.looked_panels.add(found)
            elif found is not None:
                self.looked.add(found)

    def missing_marks(self) -> Sequence[str]:
        """The names of the frame's marks that name nothing on the table."""
        return tuple(name for name in self.frame.marks
                     if look_place(self.view, name) is None)

    def scores(self, view: Any) -> Sequence[float] | None:
        """Every seat's points."""
        return tuple(float(v) for v in view.scores) if view is not None else None

    def animate(self, played: Ply) -> None:
        """Fly the drawn card, flip what was flipped, send discards to the pile, float the
        points and squares (the marks of the frame's last move stay afterwards)."""
        before, move, after = played.before, played.move, played.after
        motions, floaters = transitions(before, move, after, before.turn)
        if self.context.animation_seconds <= 0 or not (motions or floaters):
            self.sync()
            return
        self.motions, self.floaters = motions, floaters
        self.hidden = {m.end for m in motions if m.end[0] >= 0}
        self.discard_shown = len(before.discard)
        self.elapsed, self.duration = 0.0, self.context.animation_seconds
        self.animation = None  # built for the table's geometry by `sync`
        self.sync()

    def keys(self) -> Sequence[tuple[str, str]]:
        """Verso's own keys and what each does (the shell's Keys panel), in the current
        language. Enter chooses a card until a bank is previewed; from then on it is the
        host's VALIDATE, as on every board, and Space adds or takes out a card."""
        return ((_("Arrows"), _("the ring from one of your cards to the next")),
                (_("Space, Enter"), _("choose the card under the ring for a bank, or put "
                                      "it back")),
                (_("Enter, B"), _("bank the previewed sequence (VALIDATE); Space still "
                                  "adds or takes out a card")),
                ("1-6", _("the joker's value, when it is asked")),
                ("D", _("draw the deck's top card")),
                ("K", _("keep the drawn card face up")),
                ("F", _("flip the drawn card for its other face")),
                ("P", _("pass (final round)")))

    def legend(self) -> Sequence[str]:
        """Every symbol of the table in words (the shell's Legend panel), in the current
        language."""
        return tuple(_(line) for line in LEGEND)

    def draw_legend_symbol(self, index: int, box: Rect) -> None:
        """Draw the symbol of `LEGEND[index]` in `box` (built once per box)."""
        key = (index, box)
        if key not in self._legend:
            self._legend[key] = paint_symbol(index, box, self.context.colour_blind)
        shapes, batch, _painter = self._legend[key]
        shapes.draw()
        batch.draw()

    def sounds(self, played: Ply) -> Sequence[str]:
        """A drawn or flipped card, a bank, a completed square (in the order they happen)."""
        before, move, after = played.before, played.move, played.after
        cues: list[str] = []
        if isinstance(move, Bank):
            cues.append("bank")
        if move != PASS and (isinstance(move, Bank) or after.deck_size < before.deck_size):
            cues.append("card_flip")  # a card drawn, or the neighbours' flips
        if any(a and not b for a, b in zip(after.squares, before.squares, strict=True)):
            cues.append("square")
        return cues

    def _animation(self, geo: TableGeometry) -> MoveAnimation:
        """The toolkit's animation of `motions` on the card table of `geo`: each card a
        `Travel` from its place to the next, turned over where it flips."""
        cb = self.context.colour_blind
        travels = tuple(
            Travel(cell_of(m.start), cell_of(m.end), card_piece(m.face, cb),
                   card_piece(m.face_after, cb) if m.flip is not None else None,
                   m.flip, m.move) for m in self.motions)
        animation = MoveAnimation(geo.layout, {}, {}, None, self.duration, cb, travels)
        animation.elapsed = self.elapsed
        return animation

    @property
    def animating(self) -> bool:
        """True while cards are moving."""
        return self.elapsed < self.duration

    def update(self, delta_time: float) -> bool:
        """Advance the animation; at its end the table shows the new position in full.
        True while cards move."""
        if not self.animating:
            return False
        self.elapsed += delta_time
        if not self.animating:
            self._stop_animation()
            self.sync()
        return self.animating

    def _stop_animation(self) -> None:
        self.motions, self.floaters = [], []
        self.hidden = set()
        self.discard_shown = None
        self.elapsed = self.duration = 0.0
        self.animation = None
        self._floater_labels = []

    # -- who is who ----------------------------------------------------------------------
    @property
    def mover(self) -> int | None:
        """The seat whose cards can be selected now (the human to move), else None."""
        view = self.view
        if not self.interactive or view is None or view.phase == OVER or self.to_move is None:
            return None
        return int(self.to_move)

    def seat_label(self, seat: int) -> str:
        """A seat's name as the panel shows it (AI and online seats marked as such)."""
        name = self.context.seat_label(seat)
        if seat in self.context.seats:
            return name
        if seat in self.context.remote:
            return _("{player} · online").format(player=name)
        # The computer by its level, so that a player knows whom they play from the start.
        level = self.context.level(seat)
        if level:
            return _("{player} · {level}").format(player=name, level=level)
        return _("{player} · computer").format(player=name)

    # -- building the picture ------------------------------------------------------------
    def sync(self) -> None:
        """Rebuild the whole table (shapes and texts) for the view, selection and hint."""
        view: VersoView | None = self.view
        if view is None:
            return
        if self.context.picture:
            self._sync_picture(view)
            return
        if self.geometry is None or len(self.geometry.panels) != view.players:
            self.layout_for(view.players)
        geo = self.geometry
        assert geo is not None
        shapes: Any = arcade.shape_list.ShapeElementList()
        batch = pyglet.graphics.Batch()
        paint = CardPainter(shapes, batch, self.context.colour_blind,
                            self.context.layer("table", batch))
        drawn = paint_table(self.scene(view, geo), paint)
        paint.finish()
        self.buttons, self.card_boxes = drawn.buttons, drawn.cards
        self._texts = paint.texts
        self._still = (shapes, batch)
        if self.motions and (self.animation is None or self._animated_on is not geo):
            self.animation, self._animated_on = self._animation(geo), geo
        if self.floaters:
            self._floater_labels = []
            for floater in self.floaters:
                # Centred on the panel and rising: a score change on anyone's turn is seen.
                frame = geo.panels[floater.seat].frame
                index = sum(1 for f in self.floaters[:len(self._floater_labels)]
                            if f.seat == floater.seat)
                base = frame.center[1] - index * 34 * geo.font_scale
                label = arcade.Text(floater.text, frame.center[0], base, GOOD,
                                    24 * geo.font_scale, font_name=FONT_SANS, bold=True,
                                    anchor_x="center", anchor_y="center")
                # A dark plate under the text keeps it readable over the cards.
                width, height = label.content_width + 16, label.content_height + 6
                plate = Mesh()
                plate.polygon(((-width / 2, -height / 2), (width / 2, -height / 2),
                               (width / 2, height / 2), (-width / 2, height / 2)),
                              (16, 20, 28, 220))
                self._floater_labels.append((label, base, plate.shape_list()))

    def _sync_picture(self, view: VersoView) -> None:
        """The launcher's picture: a few cards of the mover's display (`paint_glance`)."""
        shapes: Any = arcade.shape_list.ShapeElementList()
        batch = pyglet.graphics.Batch()
        paint = CardPainter(shapes, batch, self.context.colour_blind,
                            self.context.layer("table", batch))
        seat = self.to_move if self.to_move is not None and self.to_move < view.players else 0
        paint_glance(view, self.area, paint, seat)
        paint.finish()
        self.buttons, self.card_boxes = (), {}
        self._texts = paint.texts
        self._still = (shapes, batch)

    def scene(self, view: VersoView, geo: TableGeometry) -> TableScene:
        """A frozen snapshot of what the still table shows now."""
        hint = self.hint
        # The rules and the previews name seats as arguments of their lines ("{player}
        # flips…"); the seats' labels (a person's name, else "Player 2") go in here.
        labels = tuple(self.context.seat_label(s) for s in range(view.players))

        def named(lines: Sequence[str | Line]) -> tuple[str, ...]:
            return tuple(render(line, labels) for line in lines)

        preview = self.preview
        if preview is not None:
            preview = replace(preview, lines=named(preview.lines))
        return TableScene(
            view=view, area=self.area, geometry=geo,
            seat_labels=tuple(self.seat_label(s) for s in range(view.players)),
            to_move=self.to_move, mover=self.mover, animating=self.animating,
            drawing=self.drawing, hint=hint,
            hint_text=self.context.notation(hint) if hint is not None else None,
            joker_options=tuple(self.joker_options), preview=preview,
            pending=self.chosen is not None, selected=frozenset(self.selected),
            cursor=self.cursor if self.focused else None, notes=named(self.notes),
            news=named(self.news),
            marked=frozenset(self.marked), looked=frozenset(self.looked),
            looked_panels=frozenset(self.looked_panels),
            hidden=frozenset(self.hidden), discard_shown=self.discard_shown)

    def layout(self) -> None:
        """Recompute the geometry for the area (the view decides the number of players)."""
        self.geometry = None
        if self.view is not None:
            self.layout_for(self.view.players)

    def layout_for(self, players: int) -> None:
        """Lay the table out for `players` in the current area: the display of the seat
        at this screen nearest the player (`places.panel_order`), and room for the discard
        pile's count in the player's language (laid out again when it changes)."""
        widest = arcade.Text(_("Discard: {count}").format(count=88), 0, 0,
                             font_size=MIN_POINTS, font_name=FONT_SANS)
        self.geometry = table_geometry(self.area, players, self.context.own_seat,
                                       widest.content_width)

    # -- drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        """The table; while cards move, only the moving cards and the rising texts (the
        host keeps the rest, from `draw_still`, in its still picture)."""
        if self.animating:
            self._draw_animation()
        else:
            self._paint_still()

    def draw_still(self) -> None:
        """The table without the cards in motion: one shape list and one text batch."""
        self._paint_still()

    def _paint_still(self) -> None:
        shapes, batch = self._still
        shapes.draw()
        batch.draw()

    def _draw_animation(self) -> None:
        t = self.elapsed / self.duration if self.duration else 1.0
        if self.animation is not None:
            self.animation.elapsed = self.elapsed
            self.animation.draw()
        for label, base, plate in self._floater_labels:
            y = base + 40 * t
            plate.position = (label.x, y)
            plate.draw()
            label.y = y
            label.draw()

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: Event) -> Intent | None:
        """A press or a key as the player's choice: a move to play (Keep, Flip, Pass, a
        bank by B), a bank to preview (`Propose`, `Propose(None)` when it is dropped), a
        changed selection (`Changed`), or why a press on the table (or Space, Enter or
        B) does nothing."""
        done: Play | Explain | bool
        if isinstance(event, Press):
            done = self._press(event.x, event.y)
        elif isinstance(event, Key):
            done = self._key(event.symbol)
        else:
            return None
        if isinstance(done, Play):
            self._drop_choice()
            return done
        if isinstance(done, Explain):
            return done
        return self._intent_after(event, self.chosen, bool(done), self.explain_click)

    def _press(self, x: float, y: float) -> Play | bool:
        """Buttons, the deck, or one of the mover's cards: the move a button plays, else
        True if the press was used."""
        if self.mover is None or self.animating or self.geometry is None:
            return False
        for drawn in self.buttons:
            if drawn.rect.contains(x, y):
                return self.press(drawn) or True
        if self.geometry.deck.contains(x, y) and self.view.phase == PLAY:
            self.start_draw()
            return True
        for (seat, key), box in self.card_boxes.items():
            if seat == self.mover and box.contains(x, y):
                self.cursor, self.cursor_column = key, column_of(key)
                self.toggle(key)
                return True
        return False

    def explain_click(self, x: float, y: float) -> str | None:
        """Why a click on the table did nothing, in the player's words."""
        view: VersoView | None = self.view
        if self.mover is None or view is None or self.geometry is None:
            return None
        if self.geometry.deck.contains(x, y):
            return _("The deck is closed in the final round: bank a sequence or pass (P).")
        if self.geometry.discard.contains(x, y):
            return _("The discard pile is out of play: draw from the deck or bank your "
                     "cards.")
        for (seat, _key), box in self.card_boxes.items():
            if seat >= 0 and seat != self.mover and box.contains(x, y):
                owner = self.context.seat_label(seat)
                return _("That card is not yours: it is in {player}'s display.").format(
                    player=owner)
        return None

    def press(self, button: Button) -> Play | None:
        """Do what a drawn button asks: start a draw or set the joker's value (None), or
        the move it plays."""
        command = button.command
        if command == "draw":
            self.start_draw()
        elif isinstance(command, Bank):
            self.joker_choice(command)()
        else:
            return Play(command)
        return None

    def _key(self, symbol: int) -> Play | Explain | bool:
        """D / K / F draw, arrows + Space or Enter select, B (or Enter once a bank is
        chosen) banks, 1-6 the joker, P pass, Esc drops the choice: the move a key plays,
        why it does nothing, else True if the key was used."""
        if self.mover is None or self.animating:
            return False
        key = arcade.key
        phase = self.view.phase
        if symbol == key.ESCAPE:
            if not self._drop_choice():
                return False
            self.sync()
        elif symbol == key.D and phase == PLAY:
            self.start_draw()
        elif symbol in (key.K, key.F) and phase == PLAY:
            return Play(KEEP if symbol == key.K else FLIP)
        elif symbol == key.P and phase == FINAL:
            return Play(PASS)
        elif symbol in (key.LEFT, key.RIGHT, key.UP, key.DOWN):
            self.move_cursor(symbol)
        elif symbol in (key.SPACE, key.ENTER, key.NUM_ENTER) and self.chosen is None:
            # Enter chooses a card as Space does (the Keys panel's promise); once a bank
            # is previewed the host takes Enter for VALIDATE before it reaches here.
            if self.cursor is None:
                return Explain(self._no_ring())
            self.toggle(self.cursor)
        elif symbol in (key.B, key.ENTER, key.NUM_ENTER):
            if self.chosen is None:
                return Explain(_("No bank to make yet: choose the cards of a sequence "
                                 "(arrows, then Space or Enter)."))
            return Play(self.chosen)
        elif symbol == key.SPACE and self.cursor is not None:
            self.toggle(self.cursor)
        elif symbol in _NUMBER_KEYS and self.joker_options:
            chosen = [o for o in self.joker_options if o.joker == _NUMBER_KEYS[symbol]]
            if not chosen:
                return False
            self.joker_choice(chosen[0])()
        else:
            return False
        return True

    def _no_ring(self) -> str:
        """Why Space or Enter chooses no card: the ring is on none (or there is none)."""
        assert self.mover is not None
        if layout_by_key(self.view, self.mover):
            return _("Put the ring on one of your cards with the arrow keys first: Space "
                     "or Enter then chooses it.")
        if self.view.phase == PLAY:
            return _("You have no cards to choose yet: draw one (D).")
        return _("You have no cards to bank: pass (P).")

    # -- what the player does ------------------------------------------------------------
    def start_draw(self) -> None:
        """The deck was chosen: offer Keep and Flip (a bank selection is dropped)."""
        self._drop_choice()
        self.drawing = True
        self.sync()

    def toggle(self, key: int) -> None:
        """Add a card to the bank selection or take it out (another colour starts anew)."""
        self.drawing = False
        if key in self.selected:
            self.selected.discard(key)
        elif self.selected and colour_of(min(self.selected)) != colour_of(key):
            self.selected = {key}
        else:
            self.selected.add(key)
        self._selection_changed()

    def _selection_changed(self) -> None:
        self.chosen, self.preview, self.joker_options = None, None, []
        if self.selected and self.mover is not None:
            colour = colour_of(min(self.selected))
            moves = banks_for(self.legal_moves, colour, frozenset(self.selected))
            outcomes = distinct_outcomes(moves)
            if len(outcomes) == 1:
                self.chosen = outcomes[0]
            elif outcomes:
                self.joker_options = outcomes
            if outcomes:
                self.preview = bank_preview(self.view, self.mover, self.chosen or outcomes[0])
                if self.joker_options:
                    self.preview = BankPreview(self.preview.points, (), self.preview.flips,
                                               self.preview.lines[:1] + self.preview.lines[2:])
        self.sync()

    def joker_choice(self, option: Bank) -> Callable[[], None]:
        def choose_value() -> None:
            self.joker_options = []
            self.chosen = option
            assert self.mover is not None
            self.preview = bank_preview(self.view, self.mover, option)
            self.sync()
        return choose_value

    def move_cursor(self, symbol: int) -> None:
        """Arrows: left/right along the mover's cards in reading order, up/down to the
        card of the next row that has one nearest the column the cursor set out from.

        Up and down keep that column (as a text cursor keeps its column across short
        lines): from a joker on the right, down twice reaches the joker below, not the
        card nearest the short middle row's last one.
        """
        assert self.mover is not None
        keys = sorted(layout_by_key(self.view, self.mover),
                      key=lambda k: (colour_of(k), column_of(k)))
        if not keys:
            return
        if self.cursor not in keys:
            self.cursor = keys[0]
            self.cursor_column = column_of(self.cursor)
        elif symbol in (arcade.key.LEFT, arcade.key.RIGHT):
            step = 1 if symbol == arcade.key.RIGHT else -1
            self.cursor = keys[(keys.index(self.cursor) + step) % len(keys)]
            self.cursor_column = column_of(self.cursor)
        else:
            step = 1 if symbol == arcade.key.DOWN else -1
            row = colour_of(self.cursor)
            column = self.cursor_column or column_of(self.cursor)
            for offset in (1, 2):
                target = (row + step * offset) % 3
                in_row = [k for k in keys if colour_of(k) == target]
                if in_row:
                    self.cursor = min(in_row, key=lambda k: abs(column_of(k) - column))
                    break
            self.cursor_column = column
        self.sync()

