"""Turning clicks on cells into one of the legal moves (pure: no window, no drawing).

A `Picker` holds the legal moves of a position with their paths and the player's choice
so far: a selected start cell, then a pending move awaiting VALIDATE. `click(cell)` is
the whole of the board's mouse and keyboard logic, so it is tested headless.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.ui.boards.geometry import Cell
from tabletop.ui.boards.pieces import MovePath

__all__ = ["Picker"]


class Picker:
    """The choice of one move among `paths` (each legal move with its path on the board)."""

    def __init__(self, paths: Sequence[tuple[Any, MovePath]]) -> None:
        self.paths = tuple(paths)
        #: The start cell whose destinations are shown, if any.
        self.selected: Cell | None = None
        #: The move chosen and previewed, awaiting confirmation; None if none.
        self.pending: Any = None
        self.pending_path: MovePath | None = None
        #: Cells a move starts from (click to select).
        self.sources = frozenset(p.frm for _, p in self.paths if p.frm is not None)
        #: Cells a one-click move is played on (placements, a card played alone).
        self.targets = frozenset(p.to for _, p in self.paths if p.frm is None)
        #: More cells that choose a one-click move: each handle and the target it stands for.
        self.handles = {handle: p.to for _, p in self.paths if p.frm is None
                        for handle in p.handles
                        if handle not in self.targets and handle not in self.sources}

    def destinations(self) -> tuple[Cell, ...]:
        """Where a click may end a move now: from the selected cell, or (nothing selected)
        the cells of one-click moves. In the order of the legal moves, without repeats."""
        if self.selected is not None:
            cells = [p.to for _, p in self.paths if p.frm == self.selected]
        else:
            cells = [p.to for _, p in self.paths if p.frm is None]
        return tuple(dict.fromkeys(cells))

    def clickable(self, cell: Cell) -> bool:
        """True if a click on `cell` would select, choose or switch something."""
        return (cell in self.sources or cell in self.destinations() or cell in self.targets
                or cell in self.handles)

    def _choose(self, cell: Cell, start: Cell | None) -> bool:
        """Make the next move from `start` to `cell` pending (steps through moves that
        share that path on repeated clicks); False if there is none."""
        moves = [(m, p) for m, p in self.paths if p.to == cell and p.frm == start]
        if not moves:
            return False
        index = 0
        if self.pending is not None:
            chosen = [i for i, (m, _) in enumerate(moves) if m == self.pending]
            if chosen:
                index = (chosen[0] + 1) % len(moves)
        self.pending, self.pending_path = moves[index]
        return True

    def click(self, cell: Cell | None) -> bool:
        """A click (or Space on the keyboard cursor) on `cell`: select a start, choose a
        move (pending), step through moves sharing a path, or drop the choice.

        True if it changed or kept something; False if it did nothing at all (a click on
        a cell that is part of no move, with nothing chosen).
        """
        if cell is None:
            return self.clear()
        if self.selected is None:
            cell = self.handles.get(cell, cell)
        if self.selected is not None and cell != self.selected and self._choose(
                cell, self.selected):
            return True
        if cell in self.sources and cell != self.selected:
            self.selected, self.pending, self.pending_path = cell, None, None
            return True
        if cell in self.targets and (self.selected is None or cell == self.selected):
            # A second click on a selected start that is also a one-click move plays it.
            self.selected = None
            return self._choose(cell, None)
        return self.clear()

    def clear(self) -> bool:
        """Drop the selection and the pending move; True if there was either."""
        had = self.selected is not None or self.pending is not None
        self.selected, self.pending, self.pending_path = None, None, None
        return had
