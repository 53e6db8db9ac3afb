"""The launcher at the smallest window and a laptop's, in every language (issue 36): each
game's pitch reads whole in its card, a red message takes no room from the games, and
"Learn <game>" says where the player left its tutorial."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import close_app, open_app, pump

from tabletop import i18n
from tabletop.play.session import Session
from tabletop.plugins import Host, entry_point_sources, module_sources
from tabletop.store import tutorials
from tabletop.tutorial import tutorial_of
from tabletop.ui.geometry import Rect
from tabletop.ui.keeper import players_line
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.renderer import Frame, RendererContext

SIZES = [(800, 600), (1280, 800)]
LANGUAGES = ["en", "fr", "de"]
#: The games a player installs with Tabletop and its Reversi example (the OpenSpiel
#: bridge, whose dozens of games page anyway, is left out).
FIRST_PAGE = ["game:verso", "game:versus", "game:reversi"]


def shipped_host() -> Host:
    """The installed plugins but the OpenSpiel bridge (picklable for the AI worker)."""
    return Host(disabled=["openspiel"]).load()


def broken_host() -> Host:
    """The same, and a plugin that fails to load (a red line on the launcher)."""
    return Host([*entry_point_sources(),
                 *module_sources([("chess", ui_games.FailingPlugin())])],
                disabled=["openspiel"]).load()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _launcher(window: Any, code: str) -> LauncherScreen:
    i18n.set_language(code)
    pump(window, 2)
    screen = window.current_view
    assert isinstance(screen, LauncherScreen)
    screen.ensure_built()
    return screen


def _no_problems(window: Any, screen: LauncherScreen) -> None:
    width, height = window.get_size()
    assert screen.texts.problems(Rect(0, 0, width, height)) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_pitch_reads_whole_in_its_card(tmp_path: Path, size: tuple[int, int],
                                              code: str) -> None:
    window = open_app(shipped_host, tmp_path, size=size)
    try:
        screen = _launcher(window, code)
        assert [b.name for b in screen.buttons if b.name.startswith("game:")] == FIRST_PAGE
        for game in window.app.host.games.values():
            pitch = i18n.translated(game.info.description)
            placed = next(p for p in screen.texts.items if p.text == pitch)
            card = screen.button_named(f"game:{game.info.id}")
            assert card is not None
            # Whole, at its size or scaled no further than the rule allows, inside its card.
            assert placed.shown == pitch and not placed.cut, placed
            assert card.rect.contains(placed.extent.left, placed.extent.bottom)
            assert card.rect.contains(placed.extent.right - 1, placed.extent.top - 1)
        _no_problems(window, screen)
    finally:
        close_app(window)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_red_message_leaves_the_third_game_on_the_first_page(
        tmp_path: Path, size: tuple[int, int], code: str) -> None:
    window = open_app(broken_host, tmp_path, size=size)
    try:
        message = ("The plugin 'exiting' failed while starting its renderer: SystemExit: 5. "
                   "Your game is saved; choose Continue to retry.")
        window.app.show_launcher(message)
        screen = _launcher(window, code)
        assert [b.name for b in screen.buttons if b.name.startswith("game:")] == FIRST_PAGE
        assert screen.button_named("games:next") is None  # one page: nothing to turn
        red = screen.problems()
        assert len(red) == 2 and red[0] == message and red[1].startswith("chess (")
        for text in red:  # each red line reads whole, wrapped in the side column
            placed = next(p for p in screen.texts.items if p.text == text)
            assert placed.shown.replace("\u200b", "") == text and not placed.cut
        # Every quick start is still offered.
        assert len([b for b in screen.buttons if b.name.startswith("quick:")]) == 4
        _no_problems(window, screen)
    finally:
        close_app(window)


@pytest.mark.parametrize(("code", "learn"), [
    ("en", "Learn Versus"), ("fr", "Apprendre Versus"), ("de", "Versus lernen")])
def test_learn_says_where_the_tutorial_was_left(tmp_path: Path, code: str,
                                                learn: str) -> None:
    tutorials.keep_place(tmp_path, "versus", 7)
    window = open_app(shipped_host, tmp_path, size=(800, 600))
    try:
        screen = _launcher(window, code)
        tutorial = tutorial_of(window.app.host.game("versus"))
        assert tutorial is not None
        button = screen.button_named("learn:versus")
        assert button is not None
        on_it = [p for p in screen.texts.items if button.rect.contains(*p.extent.center)]
        # "Learn Versus" and under it "Step 7 of 15" (its words in French and German come
        # with the catalogs), each whole.
        assert len(on_it) == 2 and on_it[0].text == learn
        under = on_it[1]
        assert under.extent.top <= on_it[0].extent.bottom + 1
        assert "7 " in under.text and under.text.endswith(f" {len(tutorial.steps)}")
        if code == "en":
            assert under.text == f"Step 7 of {len(tutorial.steps)}"
        assert all(p.shown == p.text for p in on_it)
        # A tutorial not begun (Verso's) says only "Learn Verso", on its button.
        verso = screen.button_named("learn:verso")
        assert verso is not None and verso.label == screen._learn_label(
            window.app.host.game("verso").info)
        assert not any("7" in p.text for p in screen.texts.items
                       if verso.rect.contains(*p.extent.center))
        _no_problems(window, screen)
    finally:
        close_app(window)


def test_the_verso_picture_is_drawn_for_its_size(tmp_path: Path) -> None:
    """Verso's launcher picture is a few large cards drawn at the picture's own size (not
    its table at 480×360 scaled down to a blur): three cards, each number a fifth of the
    picture's height or more."""
    window = open_app(shipped_host, tmp_path, size=(800, 600))
    try:
        screen = _launcher(window, "en")
        pump(window, 2)  # the pictures wait for the first frame
        screen.ensure_built()
        card = screen.button_named("game:verso")
        assert card is not None
        sprite = next(s for s in screen._pictures if card.rect.contains(*s.position))
        assert max(sprite.scale) < 1.02  # drawn at the size shown (to the pixel)
        texture = sprite.texture
        height = texture.height
        game = window.app.host.game("verso")
        renderer_class = window.app.make_renderer("verso")
        assert renderer_class.draws_pictures
        view, to_move = renderer_class.thumbnail_position(game)
        renderer = renderer_class(RendererContext(
            game=game, seats=frozenset(), colour_blind=False, animation_seconds=0.0,
            notation=lambda move: "", picture=True))
        renderer.set_area(Rect(0, 0, texture.width, height))
        renderer.show(Frame(view=view, to_move=to_move))
        numbers = renderer._texts
        assert len(numbers) == 3
        assert all(t.content_height >= height / 5 for t in numbers)
        assert all(t.x - t.content_width / 2 >= 0 and t.x + t.content_width / 2 <= texture.width
                   for t in numbers)  # each number whole inside the picture
        assert renderer.context.texts.placed() == []  # no words of play in the picture
        # The same renderer draws the whole table in play (no picture in its context).
        table = renderer_class(RendererContext(
            game=game, seats=frozenset(), colour_blind=False, animation_seconds=0.0,
            notation=lambda move: ""))
        table.set_area(Rect(0, 0, 1280, 800))
        table.show(Frame(view=view, to_move=to_move))
        assert table.context.texts.placed()  # its status line, names, scores
    finally:
        close_app(window)


@pytest.mark.parametrize("code", LANGUAGES)
def test_who_plays_a_game_in_progress_reads_whole(tmp_path: Path, code: str) -> None:
    """"Spieler 1 gegen Spieler 2" is not cut to "Spieler 1 gegen Sp…" at 800×600: where
    the players line would be cut beside the game's small picture, it takes the card's
    whole width."""
    window = open_app(shipped_host, tmp_path, size=(800, 600))
    try:
        host = window.app.host
        session = Session.new(host.game("versus"), 2, {}, 3, ("human", "human"))
        session.play(session.legal_moves()[0])
        window.app.start_game("versus", session.record())
        pump(window, 2)
        window.app.keeper.flush()
        window.app.show_launcher()
        screen = _launcher(window, code)
        entry = screen.in_progress[0]
        players = players_line(entry, host)
        placed = next(p for p in screen.texts.items if p.text == players)
        assert placed.shown == players and not placed.cut
        assert screen.button_named(f"continue:{entry.id}") is not None
        _no_problems(window, screen)
    finally:
        close_app(window)
