"""`VersusRenderer`: the Versus board in the app's game screen (the only class the shell
imports). The painters are in `board` and `marks` (triangles from `mesh`), the
transition in `animation`, the arithmetic of the layout in `geometry`.

Play as in the online game: click one of your elements and its destinations light up;
click a destination and the preview shows what the move would do (the pawns it pulls,
where they land, which turn over, any the limit of §5 keeps); VALIDATE or Enter plays
it, Esc or a click elsewhere drops it. The keyboard does the same while the board has
the focus: the arrows move a cursor over the board (drawn only while focused), Space or
Enter act as a click on the cursor's cell. The last move stays marked through undo, redo
and Continue (`show_last_move`); a click that does nothing is explained in words.

Layers, each one draw call, rebuilt only when what they show changes: the board (on
resize), the marks under the pieces, the cell labels, the pieces (on a new position),
the marks over the pieces (on a new selection), then the texts in one pyglet batch.
Every text but the pawns' values is laid out by the app's one rule (`TextLayer`) and
reported by `text_boxes`: the rim's row letters and numbers, the status line (wrapped),
and the cell names, which are left out where they would be smaller than the rule's
minimum (a small window: the rim then gives the coordinates). A pawn's value is a digit
sized to the pawn's centre by construction, drawn as a glyph of the pawn.
Each painter gets a frozen `Scene` and returns what it drew with its hit boxes; a click
is looked up in the board's hit boxes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyglet

from games.versus import rules as R
from games.versus.board import CELL_NAMES, CELL_OF_NAME, ROWS
from games.versus.pieces import EMPTY, FIRST_PAWN, OWNER, SEAT_NAMES, VALUE
from games.versus.state import NO_PREVIEW, Move, Preview, VersusState
from games.versus.view.animation import MoveAnimation, ShapeList
from games.versus.view.board import paint_board, paint_pieces
from games.versus.view.geometry import (
    BoardLayout,
    HitBox,
    hit,
    nearest_in_row,
    row_and_index,
)
from games.versus.view.legend import LEGEND, paint_symbol
from games.versus.view.marks import paint_over, paint_under, preview_words
from games.versus.view.scene import Marks, Scene
from games.versus.words import _
from tabletop.lines import render
from tabletop.ui.kit import (
    FONT_SANS,
    Canvas,
    Placed,
    Rect,
    Renderer,
    RendererContext,
    TextLayer,
    arcade,
    fit_text,
)

#: The shell's window background, which shows round the board.
WINDOW_BACKGROUND = (24, 28, 36)

_PX_PER_PT = 96 / 72  # pyglet lays text out at 96 dpi
_LABEL_COLOURS = {"row": (236, 224, 196), "number": (236, 224, 196), "cell": (120, 104, 80)}
_STATUS = (236, 236, 236)
_VALUE_TEXT = (255, 255, 255)


class VersusRenderer(Renderer):
    """Draws a Versus position and turns clicks and keys into moves (see the module)."""

    def __init__(self, context: RendererContext) -> None:
        super().__init__(context)
        #: Where the board sits in `area` (cell centres, hex size, hit testing).
        self.board_layout = BoardLayout.fit(0, 0, 1, 1)
        self._outline = self.board_layout.board_outline()
        #: The cell of the element whose destinations are shown, if any.
        self.selected: int | None = None
        #: The keyboard cursor's cell (None until the keyboard is used).
        self.cursor: int | None = None
        self.last_move: Move | None = None
        #: What the last move did (its preview from the position before it).
        self.last_preview: Preview = NO_PREVIEW
        #: The cells a tutorial asks the player to look at (`show_marks`).
        self.looked: tuple[int, ...] = ()
        #: The cells a click can pick: the board's hit boxes, as its painter drew them.
        self._cells: tuple[HitBox, ...] = ()
        self._animation: MoveAnimation | None = None
        self._cache = Canvas(WINDOW_BACKGROUND, samples=4)
        empty: ShapeList = arcade.shape_list.ShapeElementList()
        self._board, self._under, self._pieces, self._over = empty, empty, empty, empty
        self._labels = TextLayer()  # the rim's coordinates
        self._status = TextLayer()
        self._cell_names = TextLayer()
        #: Each cell's name as laid out for this size, if it fits whole (per layout).
        self._name_fits: dict[int, Placed] = {}
        self._texts = pyglet.graphics.Batch()  # the pawns' values
        self._text_objects: list[arcade.Text] = []
        self._legend: dict[tuple[int, Rect], ShapeList] = {}

    # -- the shell tells the renderer ----------------------------------------------------
    def layout(self) -> None:
        """Fit the board to the area; build the board layer and the cell labels."""
        area = self.area
        self.board_layout = BoardLayout.fit(area.left, area.bottom, area.width, area.height)
        self._outline = self.board_layout.board_outline()
        self._build_board()

    def _build_board(self) -> None:
        targets = self.view.rules.is_target if self.view is not None else bytes(len(CELL_NAMES))
        painted = paint_board(self.board_layout, targets)
        self._board, self._cells = painted.mesh.shape_list(), painted.hits
        self._cache.dirty = True
        self._labels = TextLayer()
        self._name_fits = {}
        for label in self.board_layout.labels(CELL_NAMES):
            if label.kind == "cell":
                # Whole and readable or not at all: on a small board the rim's row
                # letters and numbers give the coordinates.
                _, placed = fit_text(label.text, label.x, label.y, label.box,
                                     label.size / _PX_PER_PT, _LABEL_COLOURS["cell"],
                                     font_name=FONT_SANS, anchor_x="center",
                                     anchor_y="center")
                if placed.shown == label.text:
                    self._name_fits[CELL_OF_NAME[label.text]] = placed
            else:
                self._labels.add(label.text, label.x, label.y, label.box,
                                 label.size / _PX_PER_PT, _LABEL_COLOURS[label.kind],
                                 font_name=FONT_SANS, bold=label.kind == "row",
                                 anchor_x="center", anchor_y="center")

    def set_position(self, view: Any, to_move: int | None, legal_moves: Sequence[Any],
                     interactive: bool) -> None:
        """Show a position: the selection is dropped (the last-move mark is the shell's
        to set, through `show_last_move`, right after)."""
        targets_changed = self.view is None or view.rules != self.view.rules
        if view is not self.view:  # the shell may show the same position again
            self._animation = None
        self.selected = None
        self.view = view
        if targets_changed:
            self._build_board()
        super().set_position(view, to_move, legal_moves, interactive)

    def sync(self) -> None:
        """Rebuild the pieces, the marks and the texts for the current position."""
        if self.view is None:
            return
        self._pieces = paint_pieces(self.scene()).mesh.shape_list()
        # Cell names on the free cells only: under a piece they would show round its edge.
        occupied = set(self.view.pieces)
        self._cell_names = TextLayer()
        for cell, placed in self._name_fits.items():
            if cell not in occupied:
                self._cell_names.place(placed, _LABEL_COLOURS["cell"], font_name=FONT_SANS)
        self._sync_marks()

    def scene(self) -> Scene:
        """A frozen snapshot of what the board shows now: what the painters get."""
        state: VersusState = self.view
        pending = self.pending_move
        marks = Marks(self.last_move, self.last_preview, self.selected, self.destinations(),
                      self.cursor if self.focused else None,
                      self.hint if isinstance(self.hint, Move) else None, pending,
                      self._preview(pending), self.looked)
        hidden = self._animation.hidden if self._animation else frozenset()
        return Scene(self.board_layout, state, marks, self.context.colour_blind, hidden)

    def _preview(self, move: Move | None) -> Preview:
        """What `move` would do from the position shown (the rules' preview, §4, §5)."""
        if move is None:
            return NO_PREVIEW
        return R.preview(self.view, move)

    def _sync_marks(self) -> None:
        """Rebuild what changes with the selection: the marks and the texts."""
        scene = self.scene()
        self._under = paint_under(scene).mesh.shape_list()
        self._cache.dirty = True
        self._over = paint_over(scene).mesh.shape_list()
        self._build_texts(scene)

    def _build_texts(self, scene: Scene) -> None:
        """The status line (wrapped in its strip), and the pawns' values, from `scene`."""
        state, layout = scene.state, scene.layout
        size = layout.size
        self._status = TextLayer()
        box = layout.status
        self._status.add(self.status_line(), *box.center, box, min(15.0, self.area.height / 48),
                         _STATUS, font_name=FONT_SANS, wrap=True, anchor_x="center",
                         anchor_y="center")
        self._texts = pyglet.graphics.Batch()
        self._text_objects = []
        # The value of each pawn to its controller, inside its centre: readable without
        # counting wedges.
        for cell in state.pieces:
            code = state.board[cell]
            if code < FIRST_PAWN or cell in scene.hidden:
                continue
            cx, cy = layout.centres[cell]
            self._text_objects.append(arcade.Text(
                str(VALUE[OWNER[code]][code]), cx, cy, _VALUE_TEXT, size * 0.3 / _PX_PER_PT,
                font_name=FONT_SANS, bold=True, anchor_x="center", anchor_y="center",
                batch=self._texts))

    def value_labels(self) -> list[str]:
        """The values written on the pawns."""
        return [text.text for text in self._text_objects]

    def text_boxes(self) -> Sequence[Placed]:
        """The rim's coordinates, the cell names and the status line, as laid out."""
        return [*self._labels.placed, *self._cell_names.placed, *self._status.placed]

    def status_line(self) -> str:
        """What the player should do now, in words (shown above the board)."""
        state: VersusState = self.view
        outcome = self.context.game.outcome(state)
        seats = tuple(_(name) for name in SEAT_NAMES)
        if outcome is not None:
            return _("Game over: {reason}.").format(reason=render(outcome.said, seats))
        who = seats[state.to_move]
        if not self.interactive:
            return _("{player} to move.").format(player=who)
        if self.pending_move is not None:
            move = self.pending_move
            words = preview_words(move, self._preview(move))
            if words:
                return _("{move}: {preview}. VALIDATE (Enter) to play, Esc to change your "
                         "mind.").format(move=self.context.notation(move), preview=words)
            return _("{move}. VALIDATE (Enter) to play, Esc to change your mind.").format(
                move=self.context.notation(move))
        if self.selected is not None:
            cell = CELL_NAMES[self.selected]
            if state.board[self.selected] < FIRST_PAWN:
                return _("{player}: choose where your VERSUS on {cell} goes.").format(
                    player=who, cell=cell)
            return _("{player}: choose where your pawn on {cell} goes.").format(
                player=who, cell=cell)
        return _("{player} to move: choose your VERSUS or one of your pawns.").format(
            player=who)

    def draw(self) -> None:
        """Show the cached picture of the board, then what moves and the texts."""
        self._cache.draw(self.area, self._paint, self._outline)
        if self._animation is not None:
            self._animation.draw()
        self._labels.draw()
        self._status.draw()
        self._texts.draw()

    def _paint(self) -> None:
        """The layers that change only with the position or the selection (cached)."""
        self._board.draw()
        self._under.draw()
        self._cell_names.draw()
        self._pieces.draw()
        self._over.draw()

    # -- transitions, hints, scores ------------------------------------------------------
    def show_last_move(self, before: Any, move: Any, after: Any) -> None:
        """Mark the last move of the history and what it did (none before the first, or
        after a resignation or an agreed draw)."""
        super().show_last_move(before, move, after)
        if isinstance(move, Move):
            self.last_move, self.last_preview = move, R.preview(before, move)
        else:
            self.last_move, self.last_preview = None, NO_PREVIEW
        self._sync_marks()

    def show_marks(self, names: Sequence[str]) -> Sequence[str]:
        """Frame the cells named (`f3`, as the notation writes them) for the player to
        look at; returns the names that are no cell."""
        self.marks = tuple(names)
        self.looked = tuple(CELL_OF_NAME[name] for name in names if name in CELL_OF_NAME)
        if self.view is not None:
            self._sync_marks()
        return tuple(name for name in names if name not in CELL_OF_NAME)

    def animate(self, before: Any, move: Any, after: Any) -> None:
        """Slide the element, then the pulls, then the turn-overs."""
        if not isinstance(move, Move):
            return
        if self.context.animation_seconds > 0:
            self._animation = MoveAnimation(self.board_layout, before, move,
                                            R.preview(before, move),
                                            self.context.animation_seconds,
                                            self.context.colour_blind)
        self.sync()

    def legend(self) -> Sequence[str]:
        """Every symbol of the board in words (the shell's Legend panel), in the player's
        language."""
        return tuple(_(line) for line in LEGEND)

    def draw_legend_symbol(self, index: int, box: Rect) -> None:
        """Draw the symbol of `LEGEND[index]` in `box` (built once per box)."""
        key = (index, box)
        if key not in self._legend:
            self._legend[key] = paint_symbol(index, box, self.context.colour_blind
                                             ).shape_list()
        self._legend[key].draw()

    def sound_cues(self, before: Any, move: Any, after: Any) -> Sequence[str]:
        """A pawn's step, or a VERSUS's slide that pulls pawns (an attraction)."""
        if not isinstance(move, Move):
            return ()
        if move.versus and R.preview(before, move).attractions:
            return ("attraction",)
        return ("pawn_step",)

    @property
    def animating(self) -> bool:
        """True while a move's transition plays."""
        return self._animation is not None

    def update(self, delta_time: float) -> None:
        """Advance the transition; when it ends, the pieces layer takes the pieces back."""
        if self._animation is None:
            return
        self._animation.update(delta_time)
        if self._animation.done:
            self._animation = None
            self.sync()

    def scores(self, view: Any) -> Sequence[float] | None:
        """The banked score of each seat: its pawns on targets at their value to it (§7)."""
        blue, brown = R.banked(view.board, view.rules)
        return (float(blue), float(brown))

    # -- choosing a move -----------------------------------------------------------------
    def _moves(self) -> list[Move]:
        return [m for m in self.legal_moves if isinstance(m, Move)] if self.interactive else []

    def destinations(self) -> list[int]:
        """The cells the selected element may move to (empty if none is selected)."""
        return [m.to for m in self._moves() if m.frm == self.selected]

    def activate(self, cell: int | None) -> bool:
        """A click (or Space) on `cell`: select an element, choose a destination (the
        preview), or drop the selection. True if it changed or kept something."""
        moves = self._moves()
        if cell is None or not moves:
            return False
        if self.pending_move is not None and cell == self.pending_move.to:
            return True
        chosen = [m for m in moves if m.frm == self.selected and m.to == cell]
        if self.selected is not None and chosen:
            self.pending_move = chosen[0]
        elif cell != self.selected and any(m.frm == cell for m in moves):
            self.pending_move, self.selected = None, cell
        else:
            return self.cancel()
        self._sync_marks()
        return True

    def cancel(self) -> bool:
        """Drop the pending move and the selection; True if there was either."""
        had = self.pending_move is not None or self.selected is not None
        self.pending_move, self.selected = None, None
        if self.view is not None:
            self._sync_marks()
        return had

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A click on the board (see `activate`); clicks off the board are not used."""
        if not self.interactive or not Rect.contains(self.area, x, y):
            return False
        return self.activate(hit(self._cells, x, y))

    def explain_click(self, x: float, y: float) -> str | None:
        """Why a click on a hexagon did nothing, in the player's words."""
        cell = hit(self._cells, x, y)
        state: VersusState | None = self.view
        if cell is None or state is None or not self.interactive:
            return None
        code, me = state.board[cell], _(SEAT_NAMES[state.to_move])
        if code == EMPTY:
            return _("That hexagon is empty: choose your VERSUS or one of your pawns "
                     "first, {player}.").format(player=me)
        owner = state.controller(cell)
        if owner != state.to_move:
            text = (_("That is {owner}'s pawn: you play {player}.") if code >= FIRST_PAWN
                    else _("That is {owner}'s VERSUS: you play {player}."))
            return text.format(owner=_(SEAT_NAMES[owner]), player=me)
        if state.frozen(cell):
            return _("That pawn is frozen on its target: it stays there to the end.")
        if code < FIRST_PAWN:
            # Its free lines may lead only to targets, which the option can keep it off.
            if any(m >> 7 == cell for m in R.refused_stops(state.board, state.pieces,
                                                           state.to_move, state.rules)):
                return _("Your VERSUS can reach only targets, and may not stop on them.")
            return _("Your VERSUS has no free line to slide along.")
        return _("That pawn has no free neighbouring hexagon to step to.")

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """Arrows move the cursor, Space or Enter click its cell, Enter confirms a pending
        move, Esc drops the selection; other keys (Tab too) go to the shell."""
        key = arcade.key
        if not self.interactive:
            return False
        if symbol in (key.ENTER, key.NUM_ENTER) and self.pending_move is not None:
            return self.confirm()
        if symbol == key.ESCAPE:
            return self.cancel()
        if symbol in (key.SPACE, key.ENTER, key.NUM_ENTER):
            return self.cursor is not None and self.activate(self.cursor)
        if symbol not in (key.LEFT, key.RIGHT, key.UP, key.DOWN):
            return False
        self._step_cursor(symbol)
        self._sync_marks()
        return True

    def _step_cursor(self, symbol: int) -> None:
        """An arrow moves the cursor; the first one puts it on your first element."""
        key = arcade.key
        if self.cursor is None:
            stops = sorted({m.frm for m in self._moves()})
            self.cursor = stops[0] if stops else None
            return
        row, index = row_and_index(self.cursor)
        if symbol in (key.LEFT, key.RIGHT):
            cells = ROWS[row]
            self.cursor = cells[max(0, min(len(cells) - 1,
                                           index + (1 if symbol == key.RIGHT else -1)))]
            return
        row = max(0, min(len(ROWS) - 1, row + (-1 if symbol == key.UP else 1)))
        x = self.board_layout.centres[self.cursor][0]
        self.cursor = nearest_in_row(self.board_layout, row, x)


__all__ = ["VersusRenderer"]
