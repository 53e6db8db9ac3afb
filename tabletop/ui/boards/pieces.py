"""What stands on a board, and how a move travels over it — both plain data.

A renderer describes a position as a mapping `{cell: Piece}` (`BoardRenderer.pieces`),
a cell holding several alike pieces as a `Stack` (seeds in a pit, a face-down deck), and
each legal move as a `MovePath` (`BoardRenderer.move_path`); the toolkit draws, syncs,
animates and turns clicks into moves from these alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from tabletop.ui.boards.geometry import Cell, Colour, Point

if TYPE_CHECKING:
    from tabletop.ui.boards.mesh import Mesh

__all__ = ["Content", "MovePath", "Painter", "Piece", "Shape", "Stack", "Travel"]

#: A game's own drawing of a piece: `painter(mesh, centre, size, sx, alpha)` adds the
#: piece's triangles to `mesh`, centred at `centre` for a cell whose piece size (its
#: diameter) is `size`, squeezed horizontally by `sx` (1 whole, less while it turns
#: over), translucent as a previewed ghost when `alpha` is given (0-255), else opaque.
Painter = Callable[["Mesh", Point, float, float, "int | None"], None]

#: The outline of a piece: "card" fills a card place (face up shows `label`, face down
#: shows the back); the others are centred tokens sized to the cell.
Shape = Literal["disc", "square", "hexagon", "diamond", "triangle", "card"]

_SHAPES = ("disc", "square", "hexagon", "diamond", "triangle", "card")


@dataclass(frozen=True)
class Piece:
    """A token, stone, pawn or card as the board shows it.

    `fill` and `edge` are its colours; `label` is always written on it (a card's rank and
    suit, a king's "K"); `symbol` is written only in colour-blind mode, so that what its
    colour says is also said by a shape or letter (e.g. "B" and "W" on Reversi discs).
    `text` is the colour of both texts. `scale` is its size as a share of the cell's
    piece size. A card with `face_down` shows its back (`fill`) and no texts.

    `painter`, where given, draws the piece instead of `shape` (`Painter`): a game's own
    pieces (Versus's pawns of five sections) painted into the toolkit's meshes, so they
    are drawn, previewed, animated and turned over like any other. Make it a frozen
    dataclass with `__call__` so that equal pieces compare equal. `text_scale` sizes the
    words written on the piece (a share of the default: a value in a pawn's small centre);
    `text_at` raises them above its centre by that share of its size (None: a card's
    words in its upper half, a token's in its middle).
    """

    fill: Colour
    edge: Colour = (20, 20, 20)
    shape: Shape = "disc"
    label: str = ""
    symbol: str = ""
    text: Colour = (250, 250, 250)
    scale: float = 1.0
    face_down: bool = False
    painter: Painter | None = None
    text_scale: float = 1.0
    text_at: float | None = None

    def __post_init__(self) -> None:
        if self.shape not in _SHAPES:
            raise ValueError(f"unknown piece shape {self.shape!r}; one of {', '.join(_SHAPES)}")
        if not 0 < self.scale <= 1.5:
            raise ValueError("a piece's scale is a share of its cell, above 0 and up to 1.5")

    def words(self, colour_blind: bool) -> str:
        """The text written on the piece: its label, plus its symbol in colour-blind mode."""
        if self.face_down:
            return ""
        if colour_blind and self.symbol:
            return f"{self.label} {self.symbol}".strip()
        return self.label


@dataclass(frozen=True)
class Stack:
    """`count` alike pieces in one cell, with the count written on the cell: the seeds of
    a mancala pit, a pile of chips, a deck.

    Tokens are spread over the cell (as many as fit, at most `drawn`; `drawn=0` draws
    none: the count alone), each `piece.scale` of the cell's piece size, the count written
    under them; cards are drawn as a pile (a few edges under the top card) with the count
    on the top card. `show_count=False` writes no count (a seat that may not know it);
    `hidden=True` hides the contents: the pieces are drawn face down (a card's back, a
    token without its words), whatever `piece` says. A stack of none still shows its "0".
    """

    piece: Piece
    count: int
    drawn: int | None = None
    show_count: bool = True
    hidden: bool = False

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("a stack's count is 0 or more")
        if self.drawn is not None and self.drawn < 0:
            raise ValueError("a stack's drawn pieces are None (as many as fit) or 0 or more")

    @property
    def shown(self) -> Piece:
        """The piece as drawn: face down if the stack is hidden."""
        return replace(self.piece, face_down=True) if self.hidden else self.piece

    def words(self, colour_blind: bool) -> str:
        """The words on the top piece (a face-up card's label), not the count."""
        return self.shown.words(colour_blind)

    @property
    def count_text(self) -> str:
        """What is written on the cell: the count, or nothing with `show_count=False`."""
        return str(self.count) if self.show_count else ""


#: What a cell holds, as `BoardRenderer.pieces` says: one piece or a stack of alike ones.
Content = Piece | Stack


@dataclass(frozen=True)
class MovePath:
    """Where a move happens on the board, for clicks, highlights, hints and animation.

    - a placement or a one-click move (a stone on a cell, a card played from a hand):
      `MovePath(to=cell)` — clicking `to` chooses it;
    - a move from one cell to another (a pawn, a card onto a pile):
      `MovePath(frm=cell, to=other)` — click `frm` to select, then `to`;
    - `via` are cells passed on the way (a jump's landings), drawn in the arrow;
    - `handles` are more cells a click on which chooses a one-click move (a whole column
      of Connect Four, whose disc lands on `to`).

    - `carried` are other pieces the move takes along, each `(from, to)` (the pawns a
      Versus VERSUS pulls, a pushed stone): they slide after the moving piece and turn
      over at their end if they change on the way (several in one move); the last-move
      mark tints where they came from, paler.

    Several legal moves may share a path (a promotion's choices): clicking the
    destination again steps through them, each previewed before VALIDATE.
    """

    to: Cell
    frm: Cell | None = None
    via: tuple[Cell, ...] = ()
    handles: tuple[Cell, ...] = ()
    carried: tuple[tuple[Cell, Cell], ...] = ()

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the path in order, start to end."""
        start = () if self.frm is None else (self.frm,)
        return (*start, *self.via, self.to)


@dataclass(frozen=True)
class Travel:
    """One piece's own journey in a move's animation, for a game that works out itself
    what its moves do on the table (a card drawn from the deck, turned over, sent to the
    discard pile): `piece` leaves `frm` and ends at `to` (its size going from a piece's
    size at `frm` to one's at `to`: a big deck's card dealt into a small hand), turning
    over into `becomes`
    (None: it does not turn) during the `turn` window and sliding during `move`, both
    shares of the animation (0 to 1). A piece turns where it is at that moment: before
    it slides if `turn` comes first (a card turned over on the deck, then dealt), after
    it if later. Give them to `MoveAnimation(travels=...)`; the still picture leaves the
    cells they end on out (its `hidden`) until the animation is over.
    """

    frm: Cell
    to: Cell
    piece: Piece
    becomes: Piece | None = None
    turn: tuple[float, float] | None = None
    move: tuple[float, float] = (0.0, 1.0)

    def __post_init__(self) -> None:
        for window in (self.move, self.turn) if self.turn is not None else (self.move,):
            if not 0.0 <= window[0] <= window[1] <= 1.0:
                raise ValueError("a travel's windows are (start, end) with 0 <= start <= "
                                 "end <= 1")
