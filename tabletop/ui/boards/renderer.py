"""`BoardRenderer`: a whole game renderer from a board, pieces and move paths.

A subclass declares its `board` and says two things about the game — which piece stands
on which cell (`pieces`) and where each legal move goes (`move_path`) — and gets the rest
of the renderer contract (`tabletop.ui.renderer`): drawing that scales to the area,
selection, destination dots, a ghost preview of the chosen move with VALIDATE/Cancel,
hover, a keyboard cursor, the last-move mark, the hint, a move animation and a status
line with buttons for moves that are not on the board (such as "pass").

Words are laid out by the app's one rule for text (`tabletop.ui.textbox`) in the text
layers the host hands out (`RendererContext.layer`): the coordinates and cell names whole
at the rule's minimum size or not at all (a board too small for them), the status line
wrapped in its strip, the buttons' labels in their buttons. The words on a piece are
glyphs of the piece, shrunk to fit it (`fitted_text`).

A game with a look of its own keeps the toolkit for everything else and overrides only
what is its own: `Piece.painter` paints its pieces (drawn, previewed, animated and turned
over by the toolkit), `paint_board` adds what the board itself shows (targets, a tinted
line), `paint_under` and `paint_over` add its own marks under and over the pieces (the
arrows of what a previewed move would do), `MovePath.carried` animates the other pieces a
move takes along, and `HexBoard`'s `ids`, `names` and `rim` give the board the game's own
cells, names and edge labels.

The still part (board, marks, pieces, texts) is painted into a `Canvas` only when it
changes (multisampled where `samples` asks), and shown as one quad: by `draw`, and while
a move's transition runs by `draw_still`, which the host keeps in its still picture, so a
frame of the transition draws only what moves and what follows the pointer or the keys
(hover, cursor).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import pyglet

from tabletop import i18n
from tabletop.i18n import _
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.boards import paint
from tabletop.ui.boards.animation import MoveAnimation
from tabletop.ui.boards.geometry import Board, Cell, Colour, Layout, SquareBoard
from tabletop.ui.boards.mesh import Mesh, ShapeList, rgba
from tabletop.ui.boards.paint import (
    Palette,
    Scene,
    TextSpec,
    paint_cell_names,
    paint_counts,
    paint_live,
    paint_marks_over,
    paint_marks_under,
    paint_pieces,
)
from tabletop.ui.boards.picking import Picker
from tabletop.ui.boards.pieces import Content, MovePath
from tabletop.ui.canvas import Canvas
from tabletop.ui.renderer import (
    Changed,
    Event,
    Explain,
    Frame,
    Intent,
    Key,
    Play,
    Ply,
    Pointer,
    Press,
    Rect,
    Renderer,
    RendererContext,
)
from tabletop.ui.textbox import TextLayer

__all__ = ["BoardRenderer"]

_PX_PER_PT = 96 / 72  # pyglet lays text out at 96 dpi
_STATUS_TEXT = (236, 236, 236)
_CHIP = (58, 68, 90)
_CHIP_EDGE = (120, 140, 180)
#: Laid out until the first position names the board (a renderer using `board_for` only).
_NO_BOARD = SquareBoard(1, 1, labels=False)


def fitted_text(spec: TextSpec, batch: pyglet.graphics.Batch) -> arcade.Text:
    """An `arcade.Text` for `spec`, centred on its point and shrunk until it fits its box:
    for the words on a piece, glyphs of the piece at whatever size it has."""
    text = arcade.Text(spec.text, spec.x, spec.y, rgba(spec.colour),
                       max(1.0, spec.height * 0.8 / _PX_PER_PT), font_name=FONT_SANS,
                       bold=spec.bold, anchor_x="center", anchor_y="center", batch=batch)
    if text.content_width > spec.width > 0:
        text.font_size = max(1.0, text.font_size * spec.width / text.content_width)
    return text


class BoardRenderer(Renderer):
    """Base class of toolkit renderers: declare `board`, implement `pieces` and
    `move_path`; override the rest only to change the defaults.

        class ReversiRenderer(BoardRenderer):
            board = SquareBoard(8, 8, light=(40, 130, 80))

            def pieces(self, view):
                return {cell: DISCS[colour] for cell, colour in view.discs.items()}

            def move_path(self, view, move):
                return None if move.is_pass else MovePath(to=move.cell)
    """

    #: The board's shape: `SquareBoard`, `HexBoard` or `CardTable` (or see `board_for`).
    board: ClassVar[Board]
    #: Colours of the frame, lines, labels and marks.
    palette: ClassVar[Palette] = Palette()
    #: True: a chosen move is previewed and waits for VALIDATE (Enter) or Cancel (Esc);
    #: False: it is played at once.
    confirm_moves: ClassVar[bool] = True
    #: The window colour round the board (the still picture is opaque).
    background: ClassVar[Colour] = (24, 28, 36)
    #: Samples per pixel of the still picture: above 1 smooths the edges of fine shapes
    #: (multisampling), painted only when the picture changes.
    samples: ClassVar[int] = 1
    #: The seat whose side of the board is at the bottom as `board` is declared (None:
    #: the board is never turned). A screen where one person plays another seat (an
    #: online seat, a game against the computer: `RendererContext.own_seat`) sees the
    #: board turned half round, that seat's side at the bottom (`turned`); a hot-seat
    #: game, a replay of one and the launcher's pictures see it as declared.
    bottom_seat: ClassVar[int | None] = None

    def __init__(self, context: RendererContext) -> None:
        super().__init__(context)
        #: The board laid out in the area (centres, outlines, hit testing).
        self.board_layout: Layout = self._fit(getattr(self, "board", _NO_BOARD),
                                              Rect(0, 0, 1, 1))
        #: The choice in progress (selection, pending move) among the legal moves.
        self.picker = Picker(())
        #: The keyboard cursor's cell (None until an arrow key is used).
        self.cursor: Cell | None = None
        #: The cell under the pointer, if a click there would do something.
        self.hover: Cell | None = None
        #: The path of the last move played (marked on the board), if any.
        self.last_path: MovePath | None = None
        #: The cells a tutorial asks the player to look at (the frame's `marks`).
        self.looked: tuple[Cell, ...] = ()
        self.animation: MoveAnimation | None = None
        self.status_area = Rect(0, 0, 1, 1)
        self._shown = Rect(0, 0, 1, 1)
        self._pieces: Mapping[Cell, Content] = {}
        self._pieces_of: Any = None
        self._picker_stale = True
        self._chips: list[tuple[Rect, Any]] = []
        self._canvas = Canvas(rgba(self.background)[:3], samples=self.samples)
        self._layers: list[ShapeList | pyglet.graphics.Batch] = []
        self._texts: list[arcade.Text] = []
        #: Each text layer of the last still picture, by name, with the specs it was laid
        #: out from: a new picture whose layer has the same specs takes it as it is (a
        #: cursor move changes no label, and laying 100 labels out again costs a frame).
        self._laid_out_before: dict[str, tuple[tuple[Any, ...], TextLayer | None]] = {}
        self._words_before: tuple[Any, pyglet.graphics.Batch, list[arcade.Text]] | None = None
        #: Each mesh of the last still picture, by name, with its shape list (the same).
        self._shapes_before: dict[str, tuple[Mesh, ShapeList]] = {}
        self._live: ShapeList = arcade.shape_list.ShapeElementList()

    # -- what a game says ----------------------------------------------------------------
    def board_for(self, view: Any) -> Board:
        """The board of the position `view`: the class's `board` by default; override it
        for a game whose board depends on its options (the size of a Hex board)."""
        board: Board = getattr(self, "board", None) or _NO_BOARD
        if board is _NO_BOARD:
            raise NotImplementedError(f"{type(self).__name__} declares no board")
        return board

    def pieces(self, view: Any) -> Mapping[Cell, Content]:
        """What stands on each occupied cell of the position `view` (required): a
        `Piece`, or a `Stack` of alike pieces with its count (seeds in a pit, a deck)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement pieces()")

    def move_path(self, view: Any, move: Any) -> MovePath | None:
        """Where `move` (legal in `view`) goes on the board; None for a move that is not
        on the board (it gets a button in the status line, like "pass")."""
        return None

    def preview(self, view: Any, move: Any) -> Mapping[Cell, Content] | None:
        """The pieces after `move`, shown as ghosts while it awaits VALIDATE.

        Default: the game's own `apply` for a perfect-information game (each rule stays
        in the rules); None for a hidden-information one (then the moving piece alone is
        previewed at its destination).
        """
        game = self.context.game
        if game.info.hidden_information:
            return None
        return self.pieces(game.apply(view, move))

    def paint_board(self, layout: Layout) -> tuple[Mesh, list[TextSpec]]:
        """The board itself — frame, cells, coordinates — as triangles and labels.
        Override it to add what the game's board shows (targets, a river), starting from
        `paint.paint_board(layout, self.palette, fill)` with the cells' own colours."""
        return paint.paint_board(layout, self.palette)

    def paint_under(self, scene: Scene, mesh: Mesh) -> None:
        """Hook: add the game's own marks to `mesh`, drawn on the cells under the pieces
        (after the toolkit's last-move and selection marks). Default: none."""

    def paint_over(self, scene: Scene, mesh: Mesh) -> None:
        """Hook: add the game's own marks to `mesh`, drawn over the pieces and the
        toolkit's marks (what a previewed move would do, beyond its ghosts). Default:
        none."""

    def status(self) -> str:
        """The status line under the board: what the player may do now."""
        seat = self.to_move
        if seat is None:
            return _("Game over.")
        who = self.context.seat_label(seat)
        if not self.interactive:
            return _("{player} to move.").format(player=who)
        if self.picker.pending is not None:
            return _("{move}: VALIDATE (Enter) to play, Cancel (Esc) to choose again.").format(
                move=self.context.notation(self.picker.pending))
        if self.picker.selected is not None:
            name = self.board_layout.board.cell_name(self.picker.selected)
            return _("{player}: choose where {cell} goes.").format(player=who, cell=name)
        if not self.picker.paths and self._off_board_moves():
            return _("{player}: no move on the board.").format(player=who)
        return _("{player} to move: choose a move on the board.").format(player=who)

    def explain(self, cell: Cell) -> str | None:
        """Why a click on `cell` does nothing (the shell's status line shows it)."""
        name = self.board_layout.board.cell_name(cell)
        return _("No move of yours starts or ends on {cell}.").format(cell=name)

    def explain_unreachable(self, start: Cell, cell: Cell) -> str | None:
        """Why the piece on `start`, selected, cannot go to `cell` (a press there drops the
        choice and shows this); None says nothing."""
        board = self.board_layout.board
        return _("The piece on {start} cannot go to {cell}.").format(
            start=board.cell_name(start), cell=board.cell_name(cell))

    @property
    def turned(self) -> bool:
        """True when the board is drawn turned half round (180°) for the seat at this
        screen, its side at the bottom (see `bottom_seat`); clicks, the arrow keys, the
        marks, the animations and the coordinates follow (`Layout.turned`). Override it
        for another rule."""
        seat = self.context.own_seat
        return self.bottom_seat is not None and seat is not None and seat != self.bottom_seat

    def _fit(self, board: Board, area: Rect) -> Layout:
        """`board` laid out in `area`, turned for the seat at this screen (`turned`): the
        one place the board's cells meet the screen's pixels."""
        layout = board.fit(area)
        return layout.turned() if self.turned else layout

    # -- the renderer contract -----------------------------------------------------------
    def layout(self) -> None:
        """Split the area into the board and the status line; lay the board out."""
        area = self.area
        strip = max(18.0, min(40.0, area.height * 0.07))  # two lines at 10 points
        board = (self.board_for(self.view) if self.view is not None
                 else getattr(self, "board", _NO_BOARD))
        self.board_layout = self._fit(board, Rect(area.left, area.bottom + strip, area.width,
                                                  max(1.0, area.height - strip)))
        # The status line spans the board's width (at least half the area's), and only the
        # board and the status line are shown each frame: on a software renderer a frame
        # costs the pixels it fills.
        frame = self.board_layout.frame
        pad = self.board_layout.piece_size * 0.08
        width = min(area.width, max(frame.width + 2 * pad, area.width / 2))
        left = min(max(area.left, frame.center[0] - width / 2), area.right - width)
        self.status_area = Rect(left, area.bottom, width, strip)
        self._shown = Rect(left, area.bottom, width,
                           min(area.top, frame.top + pad) - area.bottom)

    def show(self, frame: Frame) -> None:
        """A new frame: a new position drops the choice, hover and animation (the marks
        follow the frame's last move and marks); a frame without the pending move drops
        the choice (Cancel); a change of focus only shows or hides the cursor."""
        old, self.frame = self.frame, frame
        moved = not frame.same_position(old)
        if moved:
            if frame.view is not old.view:
                self.animation = None
            self.hover = None
            if self.board_for(frame.view) != self.board_layout.board:
                self.layout()
            # The moves (or who may make them) may change while the position stays.
            self._picker_stale = True
        elif frame.pending is None and self.picker.pending is not None:
            self.picker.clear()
        if frame.last is not old.last or moved:
            last = frame.last
            self.last_path = None if last is None else self.move_path(last.before, last.move)
        if frame.marks != old.marks or moved:
            board = self.board_layout.board
            by_name = {board.cell_name(cell): cell for cell in self.board_layout.cells}
            self.looked = tuple(by_name[name] for name in frame.marks if name in by_name)
        if not moved and old.focused != frame.focused and old.same(
                replace(frame, focused=old.focused)):
            self._build_live()
            return
        self.sync()

    def missing_marks(self) -> Sequence[str]:
        """The names of the frame's marks that are no cell of the board (a cell is marked
        by its `cell_name`: "d3")."""
        board = self.board_layout.board
        names = {board.cell_name(cell) for cell in self.board_layout.cells}
        return tuple(name for name in self.frame.marks if name not in names)

    def sync(self) -> None:
        """Rebuild the still picture for the position, choice, hint and marks."""
        if self.view is None:
            return
        if self._pieces_of is not self.view:
            self._pieces = dict(self.pieces(self.view))
            self._pieces_of = self.view
        if self._picker_stale:
            self.picker = Picker(self._paths())
            self._picker_stale = False
        self._build_still()
        self._build_live()

    def _paths(self) -> list[tuple[Any, MovePath]]:
        if not self.interactive:
            return []
        paths = []
        for move in self.legal_moves:
            path = self.move_path(self.view, move)
            if path is not None:
                paths.append((move, path))
        return paths

    def _off_board_moves(self) -> list[Any]:
        if not self.interactive:
            return []
        on_board = {id(m) for m, _ in self.picker.paths}
        return [m for m in self.legal_moves if id(m) not in on_board]

    def _scene(self) -> Scene:
        hint = self.move_path(self.view, self.hint) if self.hint is not None else None
        return Scene(self.board_layout, self.palette, self._pieces, self.context.colour_blind,
                     self.animation.hidden if self.animation else frozenset(),
                     self.last_path, self.picker.selected, self.picker.destinations(),
                     hint, self.picker.pending_path, self._ghosts(), self.looked)

    def _ghosts(self) -> dict[Cell, Content | None]:
        move, path = self.picker.pending, self.picker.pending_path
        if move is None or path is None:
            return {}
        after = self.preview(self.view, move)
        if after is None:
            piece = self._pieces.get(path.frm) if path.frm is not None else None
            return {} if piece is None else {path.frm: None, path.to: piece}
        return {cell: after.get(cell) for cell in set(self._pieces) | set(after)
                if after.get(cell) != self._pieces.get(cell)}

    def _build_still(self) -> None:
        scene = self._scene()
        board_mesh, labels = self.paint_board(scene.layout)
        pieces_mesh, piece_words = paint_pieces(scene)
        over_mesh, over_words = paint_marks_over(scene)
        self.paint_over(scene, over_mesh)
        under_mesh = paint_marks_under(scene)
        self.paint_under(scene, under_mesh)
        self._texts = []
        layers: list[ShapeList | pyglet.graphics.Batch] = [self._shapes("board", board_mesh)]
        layers.append(self._laid_out("labels", labels))
        layers.append(self._shapes("under", under_mesh))
        layers.append(self._laid_out("cell names", paint_cell_names(scene), together=True))
        layers.append(self._shapes("pieces", pieces_mesh))
        layers.append(self._batch(piece_words))
        layers.append(self._laid_out("counts", paint_counts(scene), whole=False))
        layers.append(self._shapes("over", over_mesh))
        layers.append(self._batch(over_words))
        layers.extend(self._status_layers())
        self._layers = layers
        self._canvas.dirty = True

    def _shapes(self, name: str, mesh: Mesh) -> ShapeList:
        """`mesh`'s shape list: the last picture's if its mesh `name` was the same (most
        new pictures change a few marks, not the board's thousands of triangles)."""
        before = self._shapes_before.get(name)
        if before is not None and before[0].points == mesh.points \
                and before[0].colours == mesh.colours:
            return before[1]
        shapes = mesh.shape_list()
        self._shapes_before[name] = (mesh, shapes)
        return shapes

    def _batch(self, specs: Sequence[TextSpec]) -> pyglet.graphics.Batch:
        """The words on pieces, each shrunk to its piece (as they were, if the specs are
        the last picture's)."""
        key = ("words", tuple(specs))
        before = self._words_before
        if before is not None and before[0] == key:
            batch, texts = before[1], before[2]
        else:
            batch = pyglet.graphics.Batch()
            texts = [fitted_text(spec, batch) for spec in specs]
            self._words_before = (key, batch, texts)
        self._texts += texts
        return batch

    def _laid_out(self, name: str, specs: Sequence[TextSpec], whole: bool = True,
                  layer: TextLayer | None = None, together: bool = False
                  ) -> pyglet.graphics.Batch:
        """Labels laid out by the one rule in their specs' boxes, in the host's text layer
        `name` (with `whole`, left out when they do not fit whole at the rule's minimum
        size; with `together`, all left out if one is: cell names, on every free cell or
        on none)."""
        key = (tuple(specs), whole, together)
        if layer is None and name in self._laid_out_before:
            kept_key, kept = self._laid_out_before[name]
            if kept_key == key:
                return self._again(name, kept)
        given = layer is not None
        layer = layer or self.context.layer(name)
        for spec in specs:
            room = max(spec.room or 0.0, spec.height * 1.2)
            box = Rect(spec.x - spec.width / 2, spec.y - room / 2, spec.width, room)
            layer.add(spec.text, spec.x, spec.y, box, spec.height * 0.8 / _PX_PER_PT,
                      rgba(spec.colour), font_name=FONT_SANS, bold=spec.bold,
                      anchor_x="center", anchor_y="center", whole=whole)
        if together and len(layer.placed) < len(specs):
            self.context.texts.drop(name)
            if not given:
                self._laid_out_before[name] = (key, None)
            return pyglet.graphics.Batch()
        if not given:
            self._laid_out_before[name] = (key, layer)
        self._texts += layer.texts
        return layer.batch

    def _again(self, name: str, kept: TextLayer | None) -> pyglet.graphics.Batch:
        """The layer `name` of the last picture, handed to the host again as it was laid
        out (or left out again, `kept` None)."""
        if kept is None:
            self.context.texts.drop(name)
            return pyglet.graphics.Batch()
        layer = self.context.layer(name, kept.batch)
        layer.texts[:], layer.placed[:] = kept.texts, kept.placed
        self._laid_out_before[name] = (self._laid_out_before[name][0], layer)
        self._texts += layer.texts
        return layer.batch

    def _status_layers(self) -> list[ShapeList | pyglet.graphics.Batch]:
        """The status line and a button per move that is not on the board (e.g. pass)."""
        strip = self.status_area
        moves = self._off_board_moves()
        chip_w = min(strip.width * 0.2, strip.height * 4) if moves else 0.0
        text_w = strip.width - len(moves) * (chip_w + 6)
        mesh = Mesh()
        layer = self.context.layer("status")
        layer.add(self.status(), strip.left + text_w / 2, strip.center[1],
                  Rect(strip.left, strip.bottom, text_w, strip.height),
                  strip.height * 0.5 / _PX_PER_PT, rgba(_STATUS_TEXT), font_name=FONT_SANS,
                  wrap=True, anchor_x="center", anchor_y="center")
        specs = []
        self._chips = []
        for i, move in enumerate(moves):
            rect = Rect(strip.left + text_w + i * (chip_w + 6) + 3, strip.bottom + 2,
                        chip_w, strip.height - 4)
            self._chips.append((rect, move))
            corners = ((rect.left, rect.bottom), (rect.right, rect.bottom),
                       (rect.right, rect.top), (rect.left, rect.top))
            mesh.polygon(corners, rgba(_CHIP))
            hinted = self.hint is not None and move == self.hint
            mesh.outline(corners, 3.0 if hinted else 1.5,
                         rgba(self.palette.hint if hinted else _CHIP_EDGE))
            # The button shows the move's notation, in words where a catalog knows it
            # ("pass"): the player clicks it, nobody types it.
            specs.append(TextSpec(i18n.translated(self.context.notation(move)), *rect.center,
                                  rect.height * 0.6, rect.width * 0.85, _STATUS_TEXT))
        return [self._shapes("status", mesh),
                self._laid_out("status", specs, whole=False, layer=layer)]

    @property
    def texts(self) -> list[arcade.Text]:
        """Every text of the still picture: labels, words on pieces, stacks' counts, the
        status line."""
        return list(self._texts)

    @property
    def shown_cursor(self) -> Cell | None:
        """The keyboard cursor's cell as drawn: None while the board has not the focus
        (or the player may not move)."""
        return self.cursor if self.focused and self.interactive else None

    def _build_live(self) -> None:
        mesh = paint_live(self.board_layout, self.palette, self.hover, self.shown_cursor)
        self._live = mesh.shape_list()

    def draw(self) -> None:
        """The still board (not while a move's transition runs: the host keeps it from
        `draw_still`), then the moving pieces, the hover and the cursor."""
        if self.animation is None:
            self.draw_still()
        else:
            self.animation.draw()
        self._live.draw()

    def draw_still(self) -> None:
        """The board, marks, pieces and texts, without the pieces a transition moves."""
        shown = self._shown
        self._canvas.draw(self.area, self._paint, (
            (shown.left, shown.bottom), (shown.right, shown.bottom),
            (shown.right, shown.top), (shown.left, shown.top)))

    def _paint(self) -> None:
        for layer in self._layers:
            layer.draw()

    def animate(self, played: Ply) -> None:
        """Mark the move and play the default transition (see `animation`)."""
        self.last_path = self.move_path(played.before, played.move)
        if self.context.animation_seconds > 0:
            self.animation = MoveAnimation(self.board_layout, self.pieces(played.before),
                                           self.pieces(played.after), self.last_path,
                                           self.context.animation_seconds,
                                           self.context.colour_blind)
        self.sync()

    @property
    def animating(self) -> bool:
        """True while a move's transition plays."""
        return self.animation is not None

    def update(self, delta_time: float) -> bool:
        """Advance the transition; at its end the still picture takes the pieces back.
        True while it runs."""
        if self.animation is None:
            return False
        self.animation.update(delta_time)
        if self.animation.done:
            self.animation = None
            self.sync()
        return self.animation is not None

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: Event) -> Intent | None:
        """What a press, a key or the pointer means, the renderer's only input path: a
        move to play (`Play`) or to preview (`Propose`, or `Propose(None)` when the
        preview is dropped), a changed choice, hover or cursor (`Changed`), or why a press
        does nothing (`Explain`); None when the input is not the board's."""
        if isinstance(event, Pointer):
            return Changed() if self._hover(event.x, event.y) else None
        if not isinstance(event, Press | Key):
            return None
        # The cell a press or Space/Enter means, and the piece chosen before it.
        keys = (arcade.key.SPACE, arcade.key.ENTER, arcade.key.NUM_ENTER)
        aimed = (self.board_layout.cell_at(event.x, event.y) if isinstance(event, Press)
                 else self.cursor if event.symbol in keys and self.picker.pending is None
                 else None)
        start = self.picker.selected
        done = self._press(event) if isinstance(event, Press) else self._key(event)
        if isinstance(done, Play):
            self.picker.clear()
            return done
        if self.picker.pending is not None and not self.confirm_moves:
            # A move chosen on a board that does not ask for VALIDATE is played at once.
            move = self.picker.pending
            self.picker.clear()
            return Play(move)
        if (self.interactive and aimed is not None and self.picker.pending is None
                and self.picker.selected is None):
            if start is not None and aimed != start and aimed not in self.picker.sources:
                # The chosen piece cannot go there: the choice is dropped, and why is said.
                why = self.explain_unreachable(start, aimed)
                if why:
                    return Explain(why)
            elif isinstance(event, Key) and not done:
                # Space/Enter on a cell that does nothing says why, as a click does.
                why = self.explain(aimed)
                return Explain(why) if why else None
        return self._intent_after(event, self.picker.pending, bool(done), self.explain_click)

    def activate(self, cell: Cell | None) -> bool:
        """A click (or Space/Enter on the cursor) on `cell`: select a piece, choose a
        move or drop the choice in progress (`picker`); True if it was used. Override it
        to choose a cell's move otherwise (a Connect Four column's lowest free cell);
        `handle` says what it meant."""
        if not self.interactive:
            return False
        used = self.picker.click(cell)
        if used and (self.picker.pending is None or self.confirm_moves):
            self.sync()
        return used

    def choose(self, move: Any) -> None:
        """Deprecated (goes in the next release): make `move` the choice in progress, as
        if clicked; the input being handled then means it (`Play` on a board without
        VALIDATE, else `Propose`)."""
        self._deprecated("choose(move)", "return Play(move) or Propose(move) from "
                         "handle(event), or let activate(cell) choose through the picker")
        self.picker.clear()
        self.picker.pending = move

    def _press(self, event: Press) -> Play | bool:
        """A click: a button of the status line plays its move; a cell is `activate`d; off
        the board the choice is dropped. True if the press was used."""
        if not self.interactive:
            return False
        for rect, move in self._chips:
            if rect.contains(event.x, event.y):
                return Play(move)
        cell = self.board_layout.cell_at(event.x, event.y)
        if cell is None:
            return self.cancel()
        return self.activate(cell)

    def _hover(self, x: float, y: float) -> bool:
        """Outline the cell under the pointer if a click there would do something; True
        if the outline moved."""
        cell = self.board_layout.cell_at(x, y)
        hover = cell if cell is not None and self.picker.clickable(cell) else None
        if hover == self.hover:
            return False
        self.hover = hover
        self._build_live()
        return True

    def explain_click(self, x: float, y: float) -> str | None:
        """Why a press on a cell does nothing (`explain`); None off the board."""
        cell = self.board_layout.cell_at(x, y)
        if cell is None or not self.interactive:
            return None
        return self.explain(cell)

    def _key(self, event: Key) -> Play | bool:
        """Arrows move the cursor; Space/Enter click its cell (Enter plays a pending
        move, and the only move when it is off the board); Esc drops the choice."""
        key, symbol = arcade.key, event.symbol
        if not self.interactive:
            return False
        if symbol in (key.ENTER, key.NUM_ENTER) and self.picker.pending is not None:
            return Play(self.picker.pending)
        if symbol == key.ESCAPE:
            return self.cancel()
        arrows = {key.LEFT: (-1, 0), key.RIGHT: (1, 0), key.UP: (0, 1), key.DOWN: (0, -1)}
        if symbol in arrows:
            self._step_cursor(*arrows[symbol])
            return True
        if symbol in (key.SPACE, key.ENTER, key.NUM_ENTER):
            off_board = self._off_board_moves()
            if not self.picker.paths and len(off_board) == 1:
                return Play(off_board[0])
            return self.cursor is not None and self.activate(self.cursor)
        return False

    def _step_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None or self.cursor not in self.board_layout.centres:
            stops = [*self.picker.sources, *self.picker.destinations()]
            self.cursor = stops[0] if stops else self.board_layout.cells[0]
        else:
            step = self.board_layout.neighbour(self.cursor, dx, dy)
            # A cell may be falsy (Versus's cell 0, k1): only None is the board's edge.
            self.cursor = self.cursor if step is None else step
        self._build_live()

    def cancel(self) -> bool:
        """Drop the pending move and the selection; True if there was either."""
        had = self.picker.clear()
        if had:
            self.sync()
        return had
