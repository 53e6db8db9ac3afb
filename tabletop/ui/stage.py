"""The host's side of the renderer contract (`tabletop.ui.renderer`), for every screen
that shows a game's board: the game, tutorial, online and replay screens and the
launcher's pictures.

A `Stage` holds one renderer with what the host has told it: its area, its `Frame`
(changed field by field: `show(focused=False)`, `position(...)`), the move awaiting
VALIDATE (set when `handle` returns a `Propose`), whether a transition runs, and a
`version` that changes whenever the board's picture does, so the screen paints its still
picture again only then. The renderer's texts are the boxes of the layers its context
handed out (`placed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from tabletop.ui.renderer import (
    Event,
    Frame,
    Intent,
    Ply,
    Propose,
    Rect,
    Renderer,
)
from tabletop.ui.textbox import Placed

__all__ = ["Stage"]


class Stage:
    """One renderer and what the host has shown it (see the module)."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self.frame = Frame()
        self.area: Rect | None = None
        #: Changes whenever what the renderer draws may have changed.
        self.version = 0
        #: True while the renderer's transition runs (`update` says so).
        self.moving = False

    @property
    def pending(self) -> Any:
        """The move previewed and awaiting VALIDATE, or None."""
        return self.frame.pending

    def _changed(self) -> None:
        self.version += 1

    # -- telling the renderer ----------------------------------------------------------------
    def set_area(self, area: Rect) -> None:
        """Lay the renderer out in `area` (nothing to do if it is the same)."""
        if area != self.area:
            self.area = area
            self.renderer.set_area(area)
            self._changed()

    def show(self, **changes: Any) -> None:
        """Show the frame with `changes` (nothing to do if it shows the same)."""
        frame = replace(self.frame, **changes)
        if frame.same(self.frame) and self.frame.view is not None:
            self.frame = frame
            return
        self.frame = frame
        self.renderer.show(frame)
        if self.moving:  # a new position may have ended the transition under way
            self.moving = bool(self.renderer.update(0.0))
        self._changed()

    def position(self, view: Any, to_move: int | None, legal_moves: Sequence[Any],
                 interactive: bool, last: Ply | None = None, **more: Any) -> None:
        """A position to show: the previewed move and the hint are dropped."""
        self.show(view=view, to_move=to_move, legal_moves=tuple(legal_moves),
                  interactive=interactive, last=last, pending=None, hint=None, **more)

    def rename(self, names: tuple[str, ...], remote: frozenset[int]) -> None:
        """People's names or their seats changed: a new context, the frame drawn again."""
        context = self.renderer.context
        if context.names != names or context.remote != remote:
            self.renderer.context = replace(context, names=names, remote=remote)
            self.redraw()

    def redraw(self) -> None:
        """Lay out and show everything again (the language changed)."""
        if self.area is not None:
            self.renderer.set_area(self.area)
        if self.frame.view is not None:
            self.renderer.show(self.frame)
        self._changed()

    # -- what the renderer says --------------------------------------------------------------
    def handle(self, event: Event) -> Intent | None:
        """What `event` means to the renderer; a proposed move becomes the frame's
        pending move."""
        intent = self.renderer.handle(event)
        if intent is not None:
            self._changed()
        if isinstance(intent, Propose):
            self.show(pending=intent.move)
        return intent

    def cancel(self) -> bool:
        """Drop the previewed move (Cancel, Esc); True if there was one."""
        if self.frame.pending is None:
            return False
        self.show(pending=None)
        return True

    # -- transitions and drawing -------------------------------------------------------------
    def animate(self, played: Ply) -> None:
        """Play the transition of the move just played."""
        self.renderer.animate(played)
        self.moving = bool(self.renderer.update(0.0))
        self._changed()

    def update(self, delta_time: float) -> bool:
        """Advance the transition; True while it runs (its end changes the picture)."""
        was = self.moving
        self.moving = bool(self.renderer.update(delta_time))
        if was and not self.moving:
            self._changed()
        return self.moving

    def draw(self) -> None:
        """Draw the renderer's board."""
        self.renderer.draw()

    def placed(self) -> list[Placed]:
        """The renderer's texts: the boxes of the layers it was handed."""
        return self.renderer.context.texts.placed()

    def missing_marks(self) -> Sequence[str]:
        """The frame's marks the renderer found nothing for."""
        return self.renderer.missing_marks()
