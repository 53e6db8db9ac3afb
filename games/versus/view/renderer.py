"""`VersusRenderer`: the Versus board in the app's game screen, drawn by the board
toolkit (`tabletop.ui.boards`); the only class the shell imports.

The toolkit lays the 91 hexes out (`HexBoard`, with Versus's cell numbers, names `a1` to
`k6` and its rim: the row letters at both ends of each row, the numbers along the top and
bottom rows, each cell's name small in its lower part), turns clicks and keys into moves,
previews, marks, animates and writes the texts. What is Versus's own stays here and in
`mesh`, `marks` and `legend`: the pawns' sections and the VERSUS tetrahedra
(`mesh.VersusPiece`, a `Piece.painter`), the axis and the targets, the arrows of a
previewed move's pulls and the no-entry marks of §5, the preview in words, the legend.

Play as in the online game: click one of your elements and its destinations light up;
click a destination and the preview shows what the move would do (the pawns it pulls,
where they land, which turn over, any the limit of §5 keeps); VALIDATE or Enter plays
it, Esc or a click elsewhere drops it. The keyboard does the same while the board has
the focus: the arrows move a cursor over the board (drawn only while focused), Space or
Enter act as a click on the cursor's cell. The last move stays marked through undo, redo
and Continue (`show_last_move`); a click that does nothing is explained in words.

Each seat sees the board from its own side: Blue's home row is at the bottom as the rules
draw it (`bottom_seat`), and a screen where one person plays Brown (a friend who joined
online, a person against the computer) sees the board turned half round by the toolkit,
Brown's home row at the bottom and each VERSUS pointing at the other side. A screen two
people share keeps Blue at the bottom on both turns: turning the board at every move
would move every piece under the players' eyes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

from games.versus import rules as R
from games.versus.board import AXIAL, CELL_NAMES, CELLS, ROWS
from games.versus.pieces import EMPTY, FIRST_PAWN, OWNER, SEAT_NAMES, VALUE
from games.versus.state import NO_PREVIEW, Move, Preview, VersusState
from games.versus.view.legend import LEGEND, paint_symbol
from games.versus.view.marks import (
    last_move_arrows,
    paint_preview,
    paint_selected,
    preview_words,
)
from games.versus.view.pawns import (
    BOARD_EDGE,
    CELL,
    CELL_AXIS,
    CELL_LINE,
    PIECE_SHARE,
    SEAT_COLOUR,
    TARGET,
    TARGET_MARK,
    VersusPiece,
)
from games.versus.words import _
from tabletop.lines import render
from tabletop.ui.kit import (
    BoardRenderer,
    Cell,
    Colour,
    HexBoard,
    Layout,
    Mesh,
    MovePath,
    Palette,
    Piece,
    Ply,
    Rect,
    RimLabel,
    Scene,
    ShapeList,
    TextSpec,
    paint_board,
    shrunk,
)

#: The shell's window background, which shows round the board.
WINDOW_BACKGROUND = (24, 28, 36)
_VALUE_TEXT = (255, 255, 255)
#: The central axis (row f), tinted.
_AXIS = frozenset(ROWS[len(ROWS) // 2])


def _rim() -> tuple[RimLabel, ...]:
    """Each row's letter at both its ends; the numbers above the top row and below the
    bottom one (as the notation writes them: `k1`, `a6`)."""
    labels = []
    for row in ROWS:
        letter = CELL_NAMES[row[0]][0]
        labels += [RimLabel(row[0], letter, "left", bold=True),
                   RimLabel(row[-1], letter, "right", bold=True)]
    labels += [RimLabel(cell, CELL_NAMES[cell][1:], "above") for cell in ROWS[0]]
    labels += [RimLabel(cell, CELL_NAMES[cell][1:], "below") for cell in ROWS[-1]]
    return tuple(labels)


#: The 91 hexes (versus.md §1): cells numbered as the rules number them, row `k` at the top.
BOARD = HexBoard.numbered(AXIAL, fill=CELL[:3], names=dict(enumerate(CELL_NAMES)),
                          rim=_rim(), frame="cells")


@cache
def _piece(code: int, frozen: bool, colour_blind: bool, turned: bool = False) -> Piece:
    """A Versus piece for the toolkit: painted by `VersusPiece`, a pawn's value to its
    controller written in its centre (§2: readable without counting wedges); a VERSUS
    points at the other side of the board as drawn (`turned`: Brown's side below)."""
    owner = OWNER[code]
    label = str(VALUE[owner][code]) if code >= FIRST_PAWN else ""
    return Piece(fill=SEAT_COLOUR[owner][:3], label=label, text=_VALUE_TEXT, text_scale=0.6,
                 painter=VersusPiece(code, frozen, colour_blind, turned))


class VersusRenderer(BoardRenderer):
    """Draws a Versus position and turns clicks and keys into moves (see the module)."""

    board = BOARD
    palette = Palette(frame=BOARD_EDGE[:3], line=CELL_LINE[:3], name=(120, 104, 80))
    background: ClassVar[Colour] = WINDOW_BACKGROUND
    samples = 4
    #: Blue's home row is at the bottom as the rules draw the board (§1); a screen where
    #: one person plays Brown (joined online, or against the computer) sees it turned.
    bottom_seat = 0

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self._legend: dict[tuple[int, Rect], ShapeList] = {}

    # -- what the toolkit asks -----------------------------------------------------------
    def pieces(self, view: VersusState) -> Mapping[Cell, Piece]:
        """Every piece of the position; frozen pawns carry the padlock (§3)."""
        colour_blind, turned = self.context.colour_blind, self.turned
        return {cell: _piece(view.board[cell], view.frozen(cell), colour_blind, turned)
                for cell in view.pieces}

    def move_path(self, view: VersusState, move: Any) -> MovePath | None:
        """An element from its cell to another, with the pawns it pulls (§4)."""
        if not isinstance(move, Move):
            return None
        pulls = R.preview(view, move).attractions if move.versus else ()
        return MovePath(move.to, move.frm, carried=tuple((a.frm, a.to) for a in pulls))

    def preview(self, view: VersusState, move: Any) -> Mapping[Cell, Piece] | None:
        """The pieces after `move` as ghosts where they would stand; those that leave
        stay shown where they are (the arrows say where they go)."""
        before = self.pieces(view)
        after = dict(self.pieces(self.context.game.apply(view, move)))
        for cell, piece in before.items():
            after.setdefault(cell, piece)
        return after

    @property
    def hex_size(self) -> float:
        """A hex's circumradius in pixels, as laid out."""
        return self.board_layout.piece_size / PIECE_SHARE

    def paint_board(self, layout: Layout) -> tuple[Mesh, list[TextSpec]]:
        """The 91 hexes on their frame, the central axis tinted and the targets marked
        (§1; the targets are an option of the rules)."""
        targets = self.view.rules.is_target if self.view is not None else bytes(CELLS)
        fill = {cell: TARGET[:3] if targets[cell] else CELL_AXIS[:3]
                for cell in layout.cells if targets[cell] or cell in _AXIS}
        mesh, labels = paint_board(layout, self.palette, fill)
        s = self.hex_size
        for cell in layout.cells:
            if targets[cell]:
                mesh.outline(shrunk(layout.outlines[cell], 0.72), max(1.5, s * 0.09),
                             TARGET_MARK)
                mesh.ring(layout.centres[cell], s * 0.12, s * 0.2, TARGET_MARK)
        return mesh, labels

    def paint_under(self, scene: Scene, mesh: Mesh) -> None:
        """The faint arrows of the pawns the last move pulled."""
        if scene.last_move is not None:
            last_move_arrows(mesh, scene.layout.centres, self.hex_size,
                             scene.last_move.carried)

    def paint_over(self, scene: Scene, mesh: Mesh) -> None:
        """The ring round the chosen piece; what a pending move would do (§4, §5)."""
        centres = scene.layout.centres
        if scene.selected is not None:
            paint_selected(mesh, centres[scene.selected], self.hex_size)
        move = self.picker.pending
        if isinstance(move, Move):
            paint_preview(mesh, centres, self.hex_size, move, self._preview(move))

    def _preview(self, move: Move | None) -> Preview:
        """What `move` would do from the position shown (the rules' preview, §4, §5)."""
        if move is None:
            return NO_PREVIEW
        return R.preview(self.view, move)

    # -- what the player sees and does ---------------------------------------------------
    @property
    def selected(self) -> int | None:
        """The cell of the element whose destinations are shown, if any."""
        selected: int | None = self.picker.selected
        return selected

    def destinations(self) -> list[int]:
        """The cells the selected element may move to (empty if none is selected)."""
        return list(self.picker.destinations()) if self.selected is not None else []

    @property
    def last_move(self) -> Move | None:
        """The last move of the history, marked on the board (None before the first, or
        after a resignation or an agreed draw)."""
        played = self.last_played
        return played[1] if played is not None and isinstance(played[1], Move) else None

    def value_labels(self) -> list[str]:
        """The values written on the pawns."""
        hidden = self.animation.hidden if self.animation else frozenset()
        return [piece.label for cell, piece in self._pieces.items()
                if isinstance(piece, Piece) and piece.label and cell not in hidden]

    def status(self) -> str:
        return self.status_line()

    def status_line(self) -> str:
        """What the player should do now, in words (shown under the board)."""
        state: VersusState = self.view
        outcome = self.context.game.outcome(state)
        seats = tuple(_(name) for name in SEAT_NAMES)
        if outcome is not None:
            return _("Game over: {reason}.").format(reason=render(outcome.said, seats))
        if self.to_move is None:  # the table's verdict (a resignation, a clock) ended it
            return super().status()  # the toolkit's words: "Game over."
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

    def explain(self, cell: Cell) -> str | None:
        """Why a click on a hexagon did nothing, in the player's words."""
        state: VersusState | None = self.view
        if state is None:
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

    def explain_unreachable(self, start: Cell, cell: Cell) -> str | None:
        """Why the chosen VERSUS or pawn on `start` cannot go to `cell`."""
        state: VersusState | None = self.view
        if state is None:
            return None
        board = self.board_layout.board
        names = {"start": board.cell_name(start), "cell": board.cell_name(cell)}
        if state.board[start] < FIRST_PAWN:
            return _("Your VERSUS slides from {start} along a free straight line: {cell} is "
                     "not on one, or a piece stands in the way.").format(**names)
        return _("A pawn steps to a free hexagon next to it: {cell} is not one next to "
                 "{start}.").format(**names)

    # -- transitions, legend, sounds, scores ---------------------------------------------
    def animate(self, played: Ply) -> None:
        """Slide the element, then the pulled pawns, which turn over (the toolkit's)."""
        if isinstance(played.move, Move):
            super().animate(played)

    def keys(self) -> Sequence[tuple[str, str]]:
        """Versus's own keys and what each does (the shell's Keys panel), in the current
        language."""
        return ((_("Arrows"), _("the ring from hexagon to hexagon")),
                (_("Space, Enter"), _("choose the piece under the ring, then the hexagon "
                                      "it goes to")),
                (_("Enter"), _("play the previewed move (VALIDATE)")))

    def legend(self) -> Sequence[str]:
        """Every symbol of the board in words (the shell's Legend panel), in the player's
        language."""
        return tuple(_(line) for line in LEGEND)

    def draw_legend_symbol(self, index: int, box: Rect) -> None:
        """Draw the symbol of `LEGEND[index]` in `box` (built once per box)."""
        key = (index, box)
        if key not in self._legend:
            self._legend[key] = paint_symbol(index, box, self.context.colour_blind,
                                             self.turned).shape_list()
        self._legend[key].draw()

    def sounds(self, played: Ply) -> Sequence[str]:
        """A pawn's step, or a VERSUS's slide that pulls pawns (an attraction)."""
        move = played.move
        if not isinstance(move, Move):
            return ()
        if move.versus and R.preview(played.before, move).attractions:
            return ("attraction",)
        return ("pawn_step",)

    def scores(self, view: Any) -> Sequence[float] | None:
        """The banked score of each seat: its pawns on targets at their value to it (§7)."""
        blue, brown = R.banked(view.board, view.rules)
        return (float(blue), float(brown))


__all__ = ["BOARD", "VersusRenderer"]
