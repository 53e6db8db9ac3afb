"""The game screen's still picture (issues 12 and 21): the sidebar and the Verso table are
painted offscreen by the host when they change and copied to the window each frame; while
cards move, the table is drawn over the still sidebar each frame. Each step of a game
(hover, focus, a move and its animation, undo, a resize, F11) must show the very pixels
that drawing everything afresh shows."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops
from ui_driver import close_app, installed_host, key, open_app, pump, run_clock

import games.verso.plugin
from games.verso.state import FLIP, KEEP, Bank
from games.verso.view.renderer import VersoRenderer
from tabletop.play.session import Session
from tabletop.plugins import Host, module_sources
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.widgets import BACKGROUND


def make_host() -> Host:
    """The real Verso plugin, in process; picklable for the worker."""
    return Host(module_sources([("verso", games.verso.plugin)])).load()


def six_players_mid_game(host: Host) -> Session:
    """A seeded 6-player hotseat game after 40 plies (the frame bench's position)."""
    session = Session.new(host.game("verso"), 6, {}, 2024, ("human",) * 6)
    rng = random.Random(6)
    for _ in range(40):
        banks = [m for m in session.legal_moves() if isinstance(m, Bank)]
        session.play(rng.choice(banks) if banks and rng.random() < 0.2 else
                     rng.choice([KEEP, FLIP]))
    return session


def open_table(directory: Path, size: tuple[int, int]) -> tuple[Any, GameScreen]:
    window = open_app(make_host, directory, size=size, animation=100.0)
    window.app.start_game("verso", six_players_mid_game(window.app.host).record())
    screen = window.current_view
    assert isinstance(screen, GameScreen) and isinstance(screen.renderer, VersoRenderer)
    pump(window, 2)
    return window, screen


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Any, GameScreen]]:
    window, screen = open_table(tmp_path, (1280, 720))
    yield window, screen
    close_app(window)


def image(window: Any) -> Image.Image:
    return arcade.get_image(0, 0, *window.get_size()).convert("RGB")


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def frame_both_ways(window: Any, screen: GameScreen) -> Image.Image:
    """Draw a frame from the still picture, then the same frame with every part drawn
    afresh on the window (every box, the renderer's table and every text, with no still
    picture; while cards move, the still picture painted anew); assert they match; the
    picture."""
    pump(window)
    cached = image(window)
    screen.renderer.sync()  # the table built again from the frame the host showed it
    screen.ensure_built()
    if screen.stage.moving:
        # Cards move: the still picture (sidebar, the table without them) painted anew,
        # the moving cards over it.
        screen.drop_still()
        screen.on_draw()
    else:
        window.clear(color=BACKGROUND)
        screen.draw_layout()
    whole = image(window)
    assert same(cached, whole), ImageChops.difference(cached, whole).getbbox()
    return cached


def test_the_picture_follows_every_change(table: tuple[Any, GameScreen]) -> None:
    window, screen = table
    renderer = screen.renderer
    assert isinstance(renderer, VersoRenderer)
    shown = frame_both_ways(window, screen)
    pump(window, 3)
    assert same(image(window), shown)  # nothing changed: the picture is kept

    def changes() -> Image.Image:
        nonlocal shown
        picture = frame_both_ways(window, screen)
        assert not same(picture, shown), "the change did not reach the window"
        shown = picture
        return picture

    hint = screen.button_named("hint")
    assert hint is not None
    window.dispatch_event("on_mouse_motion", *map(int, hint.rect.center), 0, 0)
    changes()  # the hover colour of a sidebar button
    window.dispatch_event("on_mouse_motion", 5, 5, 0, 0)
    changes()
    key(window, arcade.key.TAB)
    assert screen.focus_name is not None
    changes()  # the focus ring leaves the board for a button
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    assert screen.board_focused
    changes()

    plies = len(screen.table.session.moves)
    key(window, arcade.key.D)
    changes()  # Keep / Flip offered on the table
    key(window, arcade.key.K)
    assert len(screen.table.session.moves) == plies + 1 and renderer.animating
    changes()  # the drawn card in flight, the new log line
    renderer.elapsed = renderer.duration / 2
    changes()
    renderer.elapsed = renderer.duration - 1e-6
    pump(window, 2)
    assert not renderer.animating
    changes()  # the card has landed: the still table shows it

    # Undo: taken back where Verso allows it, else said on the status line.
    undone = screen.table.session.can_undo()
    key(window, arcade.key.U)
    assert len(screen.table.session.moves) == (plies if undone else plies + 1)
    changes()
    layouts = screen.layouts
    window.dispatch_event("on_resize", *window.get_size())
    frame_both_ways(window, screen)
    assert screen.layouts > layouts  # laid out and painted again
    key(window, arcade.key.F11)
    frame_both_ways(window, screen)
    key(window, arcade.key.F11)
    frame_both_ways(window, screen)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_picture_at_other_sizes(tmp_path: Path, size: tuple[int, int]) -> None:
    window, screen = open_table(tmp_path, size)
    try:
        frame_both_ways(window, screen)
        key(window, arcade.key.F)  # flip a card: an animation over the still picture
        assert screen.renderer.animating
        frame_both_ways(window, screen)
    finally:
        close_app(window)


def test_a_computer_move_ends_on_the_table_while_the_app_idles(tmp_path: Path) -> None:
    """The computer moves with nobody touching the app: the window, drawing on demand,
    draws the animation and then the table after the move (not the animation's last
    frame), and then idles (the replay viewer once left a step's first frame up)."""
    window = open_app(installed_host, tmp_path, size=(800, 600), animation=0.3)
    try:
        game = window.app.host.game("verso")
        first = Session.new(game, 2, {}, 7, ("human",) * 2).to_move  # verso.md §2
        agents = tuple("random" if seat == first else "human" for seat in range(2))
        window.app.start_game("verso", Session.new(game, 2, {}, 7, agents).record())
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        deadline = time.monotonic() + 30
        while not screen.table.session.moves:  # the AI worker thinks in its own process
            assert time.monotonic() < deadline, "the computer did not move"
            run_clock(window, 1 / 60)
            time.sleep(0.01)
        assert screen.renderer.animating
        assert run_clock(window, 0.4) >= round(0.3 * 60)  # the animation, frame by frame
        assert not screen.renderer.animating
        shown = image(window)
        assert run_clock(window, 1.0) == 0  # idle: nothing more is drawn
        assert same(shown, frame_both_ways(window, screen))
    finally:
        close_app(window)
