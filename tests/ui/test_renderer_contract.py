"""The renderer contract (issue 21): five calls and their extras, a frame the host owns,
what an input means returned (never called back), the host's still picture for every
renderer and the texts read from the layers the host hands out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, close_app, key, open_app, pump
from ui_games import make_host

from tabletop.ui import kit
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import BoardRenderer
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import (
    DEPRECATED_CALLS,
    Changed,
    Explain,
    Frame,
    Play,
    Pointer,
    Press,
    Propose,
    Rect,
    Renderer,
    RendererContext,
)
from tabletop.ui.stage import Stage

#: What the host calls on a renderer: the five calls and the extras.
CONTRACT = {"set_area", "show", "draw", "handle", "animate", "update", "draw_still",
            "keys", "legend", "draw_legend_symbol", "scores", "sounds", "missing_marks",
            "thumbnail_position", "draws_pictures"}
#: The frame's fields, for short, and the hooks of the base class.
CONVENIENCE = {"view", "to_move", "legal_moves", "interactive", "hint", "pending_move",
               "focused", "marks", "last_played", "layout", "sync", "frame", "area",
               "context"}


def test_the_contract_is_a_handful_of_calls() -> None:
    public = {name for name in dir(Renderer) if not name.startswith("_")}
    # Issue 35: the last release's calls stay one release, each behind a warning
    # (tests/ui/test_renderer_shims.py); the host calls none of them.
    assert public - CONVENIENCE - DEPRECATED_CALLS == CONTRACT
    # The renderer never calls the host back: no submit in its context, no choose.
    assert "submit" not in RendererContext.__dataclass_fields__
    assert not hasattr(Renderer, "choose")
    # A plugin finds the whole contract in the public kit.
    for name in ("Renderer", "RendererContext", "Frame", "Ply", "Press", "Release",
                 "Pointer", "Key", "Play", "Propose", "Explain", "Changed", "TextLayer",
                 "Canvas", "Rect", "FONT_SANS", "BoardRenderer"):
        assert name in kit.__all__, name


class Counting(Renderer):
    """A renderer that counts its drawings and lays one text out per frame shown."""

    def __init__(self, context: RendererContext) -> None:
        super().__init__(context)
        self.drawn = 0
        self.hovered = False
        self.layer = context.layer("words")

    def sync(self) -> None:
        self.layer = self.context.layer("words")
        self.layer.add(f"view {self.view}", self.area.left, self.area.top - 20,
                       Rect(self.area.left, self.area.top - 30, 200, 30), 12,
                       (255, 255, 255, 255), font_name=kit.FONT_SANS)

    def draw(self) -> None:
        self.drawn += 1
        self.layer.draw()

    def handle(self, event: Any) -> Any:
        if isinstance(event, Pointer):
            hovered = event.x < 100
            if hovered == self.hovered:
                return None
            self.hovered = hovered
            return Changed()
        if isinstance(event, Press):
            return Propose(7) if event.x < 100 else Explain("nothing there")
        return None


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    window = open_app(make_host, tmp_path, size=(800, 600))
    yield window
    close_app(window)


def context(game: Any = None) -> RendererContext:
    return RendererContext(game, frozenset({0}), False, 0.0, str)


def test_a_stage_tells_a_renderer_only_what_changed_and_keeps_the_proposal(
        window: Any) -> None:
    renderer = Counting(context())
    stage = Stage(renderer)
    stage.set_area(Rect(0, 0, 400, 300))
    stage.position("a", 0, (7, 8), True)
    version = stage.version
    stage.position("a", 0, (7, 8), True)  # the same view object: nothing to show anew
    stage.show(focused=True)
    assert stage.version == version
    assert [p.text for p in stage.placed()] == ["view a"]

    # A press meaning a proposal: the host keeps it as the frame's pending move.
    assert stage.handle(Press(50, 50)) == Propose(7)
    assert stage.pending == 7 and renderer.pending_move == 7 and stage.version > version
    assert stage.cancel() and stage.pending is None
    assert not stage.cancel()
    assert stage.handle(Press(300, 50)) == Explain("nothing there")

    # A new position drops the pending move and the hint; the texts are the new layer's.
    stage.handle(Press(50, 50))
    stage.show(hint=8)
    stage.position("b", 0, (7, 8), True)
    assert stage.pending is None and stage.frame.hint is None
    assert [p.text for p in stage.placed()] == ["view b"]  # the old layer is forgotten


def test_a_frame_compares_views_by_identity_and_moves_by_value() -> None:
    view = object()
    a = Frame(view, 0, (1, 2), True)
    assert a.same(Frame(view, 0, (1, 2), True))
    assert not a.same(Frame(object(), 0, (1, 2), True))
    assert a.same_position(Frame(view, 0, (1, 2), True, hint=1))
    assert not a.same(Frame(view, 0, (1, 2), True, hint=1))


def test_the_host_keeps_any_renderers_board_in_its_still_picture(window: Any) -> None:
    """A plain renderer (no cache of its own) is drawn once while nothing changes, again
    after an input that changed its picture, and not after one that did not."""
    from tabletop.play.session import Session

    game = window.app.host.game("tictactoe")
    window.app.start_game("tictactoe", Session.new(game, 2, {}, 1, ("human", "human")).record())
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    renderer = screen.renderer
    drawn: list[int] = []
    original = renderer.draw

    def counted() -> None:
        drawn.append(1)
        original()

    renderer.draw = counted  # type: ignore[method-assign]
    pump(window, 5)
    assert drawn == []  # the still picture, painted before, is copied
    window.dispatch_event("on_mouse_motion", 790, 590, 0, 0)  # off the board: nothing
    pump(window, 3)
    assert drawn == []
    # A click on a free cell: the renderer proposes it; the host's VALIDATE shows, the
    # board is painted once more, with its preview.
    cell = renderer.cell_rect(4)  # type: ignore[attr-defined]
    click(window, *cell.center)
    assert screen.stage.pending == 4 and screen.button_named("validate") is not None
    pump(window, 3)
    assert len(drawn) == 1
    # VALIDATE plays it (the host's button; the renderer is not called back).
    key(window, arcade.key.ENTER)
    assert screen.table.session.moves == [4] and screen.stage.pending is None


def test_every_built_in_renderer_is_on_the_contract() -> None:
    """No renderer of the app's or the built-in games' still overrides a call of the old
    contract (the host would never call it)."""
    from games.verso.view.renderer import VersoRenderer
    from games.versus.view.renderer import VersusRenderer

    old = {"set_position", "show_hint", "show_last_move", "set_focus", "show_marks",
           "text_boxes", "sound_cues", "draw_moving", "repaint", "confirm"}
    for cls in (TextRenderer, BoardRenderer, VersoRenderer, VersusRenderer):
        assert not old & set(vars(cls)), cls
    assert Play(1) == Play(1) and Changed() == Changed()


def test_a_hover_that_only_the_renderer_sees_reaches_the_still_picture(
        tmp_path: Path) -> None:
    """The pointer over one of Versus's pawns outlines it: the renderer says the picture
    changed (`Changed`), and the host paints its still picture again; off the board the
    outline goes."""
    from PIL import ImageChops
    from ui_driver import installed_host

    from tabletop.play.session import Session

    window = open_app(installed_host, tmp_path, size=(800, 600))
    try:
        game = window.app.host.game("versus")
        window.app.start_game("versus",
                              Session.new(game, 2, {}, 3, ("human", "human")).record())
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        pump(window, 2)
        before = arcade.get_image(0, 0, 800, 600).convert("RGB")
        renderer = screen.renderer
        source = sorted(renderer.picker.sources)[0]  # type: ignore[attr-defined]
        x, y = renderer.board_layout.centre(source)  # type: ignore[attr-defined]
        window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
        pump(window, 2)
        assert renderer.hover == source  # type: ignore[attr-defined]
        hovered = arcade.get_image(0, 0, 800, 600).convert("RGB")
        assert ImageChops.difference(before, hovered).getbbox() is not None
        window.dispatch_event("on_mouse_motion", 2, 2, 0, 0)
        pump(window, 2)
        after = arcade.get_image(0, 0, 800, 600).convert("RGB")
        assert ImageChops.difference(before, after).getbbox() is None
    finally:
        close_app(window)
