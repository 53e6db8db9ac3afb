"""A window hosting one board renderer, as the game screen does, for the toolkit's tests:
the renderer on a `Stage` in a view that forwards frames, clicks and keys to it, plays
what its input means into a list, and keeps its preview (`Propose`) as the frame's
pending move, with Enter for VALIDATE."""

from __future__ import annotations

from typing import Any

from tabletop.ui._arcade import arcade
from tabletop.ui.boards import BoardRenderer
from tabletop.ui.renderer import Intent, Key, Play, Pointer, Press, Rect, RendererContext
from tabletop.ui.stage import Stage


class Host(arcade.View):
    """The view around one renderer."""

    def __init__(self, stage: Stage, played: list[Any]) -> None:
        super().__init__()
        self.stage = stage
        self.played = played
        #: What each input meant, in order.
        self.intents: list[Intent | None] = []

    def on_draw(self) -> None:
        self.clear(color=(24, 28, 36, 255))
        self.stage.draw()

    def on_update(self, delta_time: float) -> None:
        self.stage.update(delta_time)

    def _act(self, intent: Intent | None) -> None:
        self.intents.append(intent)
        if isinstance(intent, Play):
            self.stage.cancel()
            self.played.append(intent.move)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._act(self.stage.handle(Press(x, y, button, modifiers)))

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.stage.handle(Pointer(x, y))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        pending = self.stage.pending
        if pending is not None and symbol in (arcade.key.ENTER, arcade.key.NUM_ENTER):
            self._act(Play(pending))  # VALIDATE, as the game screen does it
            return
        if pending is not None and symbol == arcade.key.ESCAPE:
            self.stage.cancel()
            return
        self._act(self.stage.handle(Key(symbol, modifiers)))


def show(window: Any, renderer_cls: type[BoardRenderer], game: Any, state: Any,
         colour_blind: bool = False, animation: float = 0.0, interactive: bool = True,
         seats: frozenset[int] = frozenset({0, 1})) -> tuple[BoardRenderer, list[Any]]:
    """`state` of `game` drawn by a new `renderer_cls` in the window for the people at
    `seats` (default: both seats at one screen); the renderer and the list the moves it
    plays go to."""
    played: list[Any] = []
    context = RendererContext(game, seats, colour_blind, animation,
                              lambda move: game.move_to_text(state, move))
    renderer = renderer_cls(context)
    stage = Stage(renderer)
    stage.set_area(Rect(20, 20, 600, 440))
    stage.position(state, game.to_move(state), game.legal_moves(state), interactive)
    window.show_view(Host(stage, played))
    frame(window)
    return renderer, played


def host_of(window: Any) -> Host:
    """The view around the renderer the window shows."""
    view = window.current_view
    assert isinstance(view, Host)
    return view


def stage_of(window: Any) -> Stage:
    """The stage of the renderer the window shows."""
    return host_of(window).stage


def said(window: Any) -> Intent | None:
    """What the last press or key the renderer handled meant."""
    return host_of(window).intents[-1]


def frame(window: Any, delta: float = 1 / 60) -> None:
    """One update and draw, dispatched as the event loop does."""
    window.dispatch_event("on_update", delta)
    window.dispatch_event("on_draw")
    window.dispatch_events()
