"""The board toolkit: a clickable, animated board from a few dozen lines of plugin code.

A game's renderer subclasses `BoardRenderer`, declares its `board` and says two things
about the game: which `Piece` stands on which cell of a position, and the `MovePath` of
each legal move. The toolkit does the rest of the renderer contract
(`tabletop.ui.renderer`): it scales the board to the area, labels the coordinates,
selects, shows destinations, previews the chosen move as ghosts until VALIDATE, follows
the pointer and a keyboard cursor (arrows, Space/Enter, Esc), marks the last move and
the hint, animates each move (slide, grow in, turn over, shrink away) for
`context.animation_seconds`, honours the colour-blind setting (each piece's `symbol`,
marks told apart by shape) and writes every text inside its box.

    from tabletop.ui.boards import BoardRenderer, MovePath, Piece, SquareBoard

    BLACK = Piece(fill=(20, 20, 20), edge=(0, 0, 0), symbol="B")
    WHITE = Piece(fill=(240, 240, 240), edge=(60, 60, 60), text=(0, 0, 0), symbol="W")

    class ReversiRenderer(BoardRenderer):
        board = SquareBoard(8, 8, light=(40, 130, 80))

        def pieces(self, view):
            return {cell: (BLACK, WHITE)[owner] for cell, owner in view.discs.items()}

        def move_path(self, view, move):
            return None if move.is_pass else MovePath(to=move.cell)

A move from one cell to another is `MovePath(frm=a, to=b)` (click a, then b); `handles`
are more cells that choose a one-click move (a Connect Four column); a move with no path
(None) gets a button in the status line under the board. A cell holding several alike
pieces holds a `Stack(piece, count)`: its pieces spread over the cell (or piled, for
cards; face down with `hidden=True`) and its count written on it (a mancala pit's seeds,
a deck). Boards:

- `SquareBoard(columns, rows)`: cells `(column, row)` from the lower-left, named "a1";
  `spans={(c, r): (columns, rows)}` makes a cell cover several squares (a Kalah store
  spanning both rows), `round_cells=True` paints the cells as round hollows (its pits),
  `labels=False` leaves the coordinates out;
- `HexBoard.hexagon(radius)`, `HexBoard.rhombus(columns, rows)` or `HexBoard(cells)`:
  axial `(q, r)` cells, pointy or flat tops;
- `CardTable(regions)`: hands, rows and piles of card places, cells `(region, slot)`;
  cards are `Piece(shape="card", label="Q♥", ...)`.

A game with a look of its own overrides only that: `Piece(painter=...)` paints its own
pieces into the toolkit's mesh (still previewed, animated, turned over), `paint_board`,
`paint_under` and `paint_over` add its board's colours and its own marks,
`MovePath(carried=...)` animates the pieces a move takes along, and `HexBoard`'s `ids`,
`names`, `rim` (`RimLabel`) and `frame="cells"` give a board the game's own cells, names,
edge labels and frame (the built-in Versus is drawn so). A game that works out
itself what its moves do on the table keeps the toolkit's geometry, pieces and animation
without `BoardRenderer`: `CardTable` places its cards (`Region(breaks=...)` sets groups
of a row apart), `Piece(painter=...)` paints its faces into a `Mesh`, and
`MoveAnimation(..., travels=...)` plays each card's `Travel` (drawn, turned over,
discarded) in its own time window (the built-in Verso is drawn so).

The painting helpers such a game uses are the toolkit's own: `paint_board(layout,
palette, fill)` paints the frame, the cells (in `fill`'s colours where given) and the
coordinates, and returns the `Mesh` and the labels (`TextSpec`s) that the
`BoardRenderer.paint_board` hook returns; `Scene` is what `paint_under`/`paint_over`
are shown (the layout, the selection, the pending and last paths); `shrunk(outline,
share)` scales an outline about its centre, `corner_ticks(mesh, outline, length, width,
colour)` brackets a cell at its corners; `rgba(colour, alpha)` is a colour as the
`Mesh` takes it (`RGBA`), and `ShapeList` the arcade shape list `Mesh.shape_list()`
returns.

Each seat sees the board from its own side: `bottom_seat` on the renderer class names the
seat whose side is at the bottom as the board is declared, and a screen where one person
plays another seat sees the board turned half round (`BoardRenderer.turned`,
`Layout.turned()`: clicks, keys, marks and coordinates follow).

Everything is also usable piece by piece: `board.fit(rect)` gives a `Layout` (centres,
outlines, hit testing, labels) without any window. A renderer not built on the toolkit
lays its words out in a `TextLayer` the host hands it
(`tabletop.ui.renderer.RendererContext.layer`: the app's one rule for text, in a box,
wrapped or scaled down to `MIN_POINTS`, else cut with the full text on hover), so the app
checks and hovers them like its own.

Register the renderer from the plugin like any other:

    @tabletop.hookimpl
    def tabletop_register_renderers(register):
        register("reversi", "tabletop_reversi.view:ReversiRenderer")
"""

from tabletop.ui.boards.animation import MoveAnimation
from tabletop.ui.boards.geometry import (
    CARD_ASPECT,
    Board,
    CardTable,
    Cell,
    Colour,
    HexBoard,
    Label,
    Layout,
    Point,
    Region,
    RimLabel,
    SquareBoard,
)
from tabletop.ui.boards.mesh import RGBA, Mesh, ShapeList, rgba
from tabletop.ui.boards.paint import (
    Palette,
    Scene,
    TextSpec,
    corner_ticks,
    paint_board,
    shrunk,
)
from tabletop.ui.boards.picking import Picker
from tabletop.ui.boards.pieces import (
    Content,
    MovePath,
    Painter,
    Piece,
    Shape,
    Stack,
    Travel,
)
from tabletop.ui.boards.renderer import BoardRenderer
from tabletop.ui.textbox import MIN_POINTS, Placed, TextLayer

__all__ = [
    "CARD_ASPECT",
    "MIN_POINTS",
    "RGBA",
    "Board",
    "BoardRenderer",
    "CardTable",
    "Cell",
    "Colour",
    "Content",
    "HexBoard",
    "Label",
    "Layout",
    "Mesh",
    "MoveAnimation",
    "MovePath",
    "Painter",
    "Palette",
    "Picker",
    "Piece",
    "Placed",
    "Point",
    "Region",
    "RimLabel",
    "Scene",
    "Shape",
    "ShapeList",
    "SquareBoard",
    "Stack",
    "TextLayer",
    "TextSpec",
    "Travel",
    "corner_ticks",
    "paint_board",
    "rgba",
    "shrunk",
]
