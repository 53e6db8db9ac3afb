"""A window hosting one board renderer, as the game screen does, for the toolkit's tests:
the renderer alone in a view that forwards frames, clicks and keys to it."""

from __future__ import annotations

from typing import Any

from tabletop.ui._arcade import arcade
from tabletop.ui.boards import BoardRenderer
from tabletop.ui.renderer import Rect, RendererContext


class Host(arcade.View):
    """The view around one renderer."""

    def __init__(self, renderer: BoardRenderer) -> None:
        super().__init__()
        self.renderer = renderer

    def on_draw(self) -> None:
        self.clear(color=(24, 28, 36, 255))
        self.renderer.draw()

    def on_update(self, delta_time: float) -> None:
        self.renderer.update(delta_time)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.renderer.on_mouse_press(x, y, button, modifiers)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.renderer.on_mouse_motion(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.renderer.on_key_press(symbol, modifiers)


def show(window: Any, renderer_cls: type[BoardRenderer], game: Any, state: Any,
         colour_blind: bool = False, animation: float = 0.0, interactive: bool = True
         ) -> tuple[BoardRenderer, list[Any]]:
    """`state` of `game` drawn by a new `renderer_cls` in the window; the renderer and
    the list the moves it chooses go to."""
    submitted: list[Any] = []
    context = RendererContext(game, frozenset({0, 1}), colour_blind, animation,
                              submitted.append, lambda move: game.move_to_text(state, move))
    renderer = renderer_cls(context)
    renderer.set_area(Rect(20, 20, 600, 440))
    renderer.set_position(state, game.to_move(state), game.legal_moves(state), interactive)
    window.show_view(Host(renderer))
    frame(window)
    return renderer, submitted


def frame(window: Any, delta: float = 1 / 60) -> None:
    """One update and draw, dispatched as the event loop does."""
    window.dispatch_event("on_update", delta)
    window.dispatch_event("on_draw")
    window.dispatch_events()
