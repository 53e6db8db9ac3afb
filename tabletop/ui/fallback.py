"""The generic renderer for games that registered none: text picture plus a list of moves.

The position is `Game.render_text` in the monospace font; below it every legal move is a
cell labelled with its notation. A click on a cell plays it; the arrows move a selection
(shown while the board has the keyboard focus) and Enter plays the selected move. The last
move of the history stays named (after undo, redo and Continue too) and is held for the
animation pace when it is played, so AI play stays readable. Every text is laid out by
the app's one rule (`tabletop.ui.textbox`), in a text layer the host hands out.
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n import _
from tabletop.lines import render
from tabletop.ui._arcade import FONT_MONO, FONT_SANS, arcade
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
from tabletop.ui.textbox import MIN_POINTS

_CELL = (52, 62, 84, 255)
_CELL_SELECTED = (92, 112, 150, 255)
_CELL_HOVER = (72, 86, 116, 255)
_HINT = (255, 196, 64, 255)
_TEXT = (236, 236, 236, 255)
_FLASH = (120, 220, 140, 255)
_PX_PER_PT = 96 / 72  # pyglet lays text out at 96 dpi


class TextRenderer(Renderer):
    """Draws any game as its `render_text` and a clickable list of legal moves."""

    def __init__(self, context: RendererContext) -> None:
        super().__init__(context)
        self.selected = 0
        self.hovered: Any = None  # the move whose cell is under the pointer
        self.last_move = ""
        self._flash = 0.0
        self._cells: list[tuple[Rect, Any]] = []
        self._shapes: arcade.shape_list.ShapeElementList[Any] = (
            arcade.shape_list.ShapeElementList())
        self._texts = context.layer("text")

    # -- drawing -------------------------------------------------------------------------
    def _position_text(self) -> str:
        if self.context.position_text is not None:
            # The seat's text from the shell, which holds the true state.
            return self.context.position_text()
        try:
            return render(self.context.game.render_text(self.view))
        except Exception:
            if not self.context.game.info.hidden_information:
                raise
            # render_text takes a full state; this game's observations may not be one.
            return _("(this game shows no text picture of one player's view)")

    def sync(self) -> None:
        """Rebuild the text picture and the move cells from the current view."""
        area = self.area
        self._shapes = arcade.shape_list.ShapeElementList()
        self._texts = self.context.layer("text")
        self._cells = []
        lines = self._position_text().splitlines() or [""]
        # The picture in the upper part, as large as its lines fit unwrapped (the rule
        # wraps, then cuts, only a picture too wide at its smallest size).
        picture = Rect(area.left + 8, area.bottom + area.height * 0.45, area.width - 16,
                       area.height * 0.55 - 8)
        longest = max(len(line) for line in lines) or 1
        size = min(picture.height / (len(lines) * 1.25 * _PX_PER_PT),
                   picture.width / (longest * 0.62 * _PX_PER_PT), 28.0)
        self._texts.add("\n".join(lines), picture.left, picture.top, picture, size, _TEXT,
                        font_name=FONT_MONO, wrap=True, anchor_y="top")
        if self.last_move:
            status = Rect(area.left + 8, area.bottom + area.height * 0.37 + 2,
                          area.width - 16, area.height * 0.08 - 4)
            self._texts.add(_("Last move: {move}").format(move=self.last_move), status.left,
                            status.center[1],
                            status, area.height / 50, _FLASH, font_name=FONT_SANS,
                            anchor_y="center")
        self._layout_cells(Rect(area.left, area.bottom, area.width, area.height * 0.37))

    def _layout_cells(self, grid: Rect) -> None:
        moves = list(self.legal_moves) if self.interactive else []
        if not moves:
            return
        labels = [self.context.notation(move) for move in moves]
        font = max(MIN_POINTS, min(16.0, grid.height / 14))
        cell_w = max(len(text) for text in labels) * font * 0.7 * _PX_PER_PT + 24
        cell_h = font * _PX_PER_PT * 2.0
        cols = max(1, int(grid.width // (cell_w + 6)))
        rows = max(1, int(grid.height // (cell_h + 6)))
        per_page = cols * rows
        self.selected = min(self.selected, len(moves) - 1)
        first = (self.selected // per_page) * per_page
        for slot, index in enumerate(range(first, min(len(moves), first + per_page))):
            col, row = slot % cols, slot // cols
            rect = Rect(grid.left + col * (cell_w + 6), grid.top - (row + 1) * (cell_h + 6),
                        cell_w, cell_h)
            move = moves[index]
            colour = (_CELL_SELECTED if index == self.selected and self.focused
                      else _CELL_HOVER if move == self.hovered else _CELL)
            self._shapes.append(arcade.shape_list.create_rectangle_filled(
                *rect.center, rect.width, rect.height, colour))
            if self.hint is not None and move == self.hint:
                self._shapes.append(arcade.shape_list.create_rectangle_outline(
                    *rect.center, rect.width, rect.height, _HINT, 3))
            inner = Rect(rect.left + 4, rect.bottom, rect.width - 8, rect.height)
            self._texts.add(labels[index], *rect.center, inner, font, _TEXT,
                            font_name=FONT_MONO, anchor_x="center", anchor_y="center")
            self._cells.append((rect, move))

    def draw(self) -> None:
        """Draw the cells, then all texts in one batch."""
        self._shapes.draw()
        self._texts.draw()

    # -- the host's calls ----------------------------------------------------------------
    def show(self, frame: Frame) -> None:
        """Show a frame; a new position takes the selection back to the first move and
        names its last move (a hidden-information game's only as played)."""
        if not frame.same_position(self.frame):
            self.selected = 0
        last = frame.last
        if last is None:
            self.last_move = ""
        elif self.context.game.info.hidden_information:
            self.last_move = _("played")
        else:
            self.last_move = self.context.game.move_to_text(last.before, last.move)
        super().show(frame)

    def animate(self, played: Ply) -> None:
        """Hold the move just played on screen for the animation pace."""
        self._flash = self.context.animation_seconds

    def update(self, delta_time: float) -> bool:
        """Count down the hold of the last move; True while it is held."""
        self._flash = max(0.0, self._flash - delta_time)
        return self._flash > 0

    # -- input ---------------------------------------------------------------------------
    def _move_at(self, x: float, y: float) -> Any:
        return next((move for rect, move in self._cells if rect.contains(x, y)), None)

    def handle(self, event: Event) -> Intent | None:
        """A move cell clicked or chosen by the keys plays it; the pointer highlights
        the cell under it; a press off the cells says where the moves are."""
        if isinstance(event, Pointer):
            hovered = self._move_at(event.x, event.y)
            if hovered == self.hovered:
                return None
            self.hovered = hovered
            self.sync()
            return Changed()
        if isinstance(event, Press):
            move = self._move_at(event.x, event.y)
            if move is not None:
                return Play(move)
            return Explain(_("Click one of the moves listed under the position.")
                           ) if self._cells else None
        if isinstance(event, Key):
            return self._key(event.symbol)
        return None

    def _key(self, symbol: int) -> Intent | None:
        """Arrows move the selection (Up/Down by a row); Enter plays the selected move."""
        if not self.interactive or not self.legal_moves:
            return None
        steps = {arcade.key.RIGHT: 1, arcade.key.LEFT: -1}
        if self._cells and len(self._cells) > 1:
            first_row_y = self._cells[0][0].bottom
            cols = sum(1 for rect, _ in self._cells if rect.bottom == first_row_y)
            steps |= {arcade.key.DOWN: cols, arcade.key.UP: -cols}
        if symbol in steps:
            self.selected = (self.selected + steps[symbol]) % len(self.legal_moves)
            self.sync()
            return Changed()
        if symbol in (arcade.key.ENTER, arcade.key.NUM_ENTER):
            return Play(self.legal_moves[self.selected])
        return None
