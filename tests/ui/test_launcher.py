"""The launcher: each game with its renderer's picture (or a generic card), its player
counts and pitch, and quick starts derived from the games' info with remembered choices."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import ui_games
from ui_driver import click_button, close_app, installed_host, key, open_app, pump

from tabletop.play.session import HUMAN, Session
from tabletop.plugins import Host
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen, initials
from tabletop.ui.quickstart import quick_starts


def _labels(window: Any) -> list[str]:
    window.current_view.ensure_built()
    return [p.text for p in window.current_view.texts.items]


def test_quick_starts_come_from_each_games_info() -> None:
    host = Host().load()
    # The button names the level, a newcomer's: the one each tutorial ends against.
    assert [s.label for s in quick_starts(host, "verso")] == [
        "Verso against Beginner", "Verso solo", "Verso, two players here"]
    assert [s.label for s in quick_starts(host, "versus")] == [
        "Versus against Casual", "Versus, two players here"]
    against = quick_starts(host, "versus")[0]
    assert against.seats == (HUMAN, "Casual")
    test_host = ui_games.make_host()  # a plugin's game gets the same, by its own name
    assert [s.label for s in quick_starts(test_host, "tictactoe")] == [
        "Tic-tac-toe against the computer", "Tic-tac-toe, two players here"]


def test_each_game_shows_its_picture_or_a_tidy_card(tmp_path: Path) -> None:
    window = open_app(ui_games.make_host, tmp_path, size=(800, 600))
    try:
        screen = window.current_view
        assert isinstance(screen, LauncherScreen)
        texts = _labels(window)
        # The grid renderer draws the picture; the text-only game and the renderer that
        # raises get a card with their initials (the launcher still opens).
        assert len(screen._pictures) == 1
        assert initials("Tic-tac-toe (text)") in texts and initials("Broken renderer") in texts
        assert "2 players" in texts and "Three in a row on a 3×3 grid." in texts
        picture = screen._pictures[0]
        card = screen.button_named("game:tictactoe")
        assert card is not None and card.rect.contains(*picture.position)
    finally:
        close_app(window)


def test_a_quick_start_skips_set_up_with_the_choices_made_last(tmp_path: Path) -> None:
    window = open_app(ui_games.make_host, tmp_path)
    try:
        click_button(window, "game:tictactoe")  # set up once: Ada against random
        click_button(window, "seat1+")
        setup = window.current_view
        while setup.seats[1] != "random":
            click_button(window, "seat1+")
        click_button(window, "name0")
        window.dispatch_event("on_text", "Ada")
        pump(window)
        click_button(window, "option:handicap+")
        click_button(window, "start")
        assert isinstance(window.current_view, GameScreen)
        key(window, arcade.key.ESCAPE)
        pump(window, 2)
        assert isinstance(window.current_view, LauncherScreen)
        click_button(window, "quick:tictactoe:2:1")
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        session = screen.table.session
        assert session.agents == (HUMAN, "random")
        assert session.options["handicap"] == 1
        window.app.keeper.flush()
        assert window.app.keeper.names_of(screen.table)[0] == "Ada"
    finally:
        close_app(window)


def test_a_cut_text_shows_whole_under_the_pointer(tmp_path: Path) -> None:
    """The layout rule's last resort: a pitch too long for the tallest card (five lines)
    is cut with an ellipsis at 800×600 and shown whole while the pointer is over it."""
    window = open_app(ui_games.make_host, tmp_path, size=(800, 600))
    try:
        screen = window.current_view
        screen.ensure_built()
        long_pitch = "Three in a row on a 3×3 grid. " * 20
        for game in window.app.host.games.values():
            game.info = replace(game.info, description=long_pitch)  # this window's own host
        screen.invalidate()
        pump(window, 2)  # the pictures that waited for the first frame are drawn
        screen.ensure_built()
        cut = next(p for p in screen.texts.items if p.text == long_pitch)
        assert cut.cut and cut.shown.endswith("…")
        x, y = cut.extent.center
        window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
        pump(window)
        assert screen.tooltip is cut
        assert screen._tooltip_text is not None and screen._tooltip_text.text == long_pitch
        window.dispatch_event("on_mouse_motion", 2, 2, 0, 0)
        pump(window)
        assert screen.tooltip is None
    finally:
        close_app(window)


def _installed_host() -> Host:
    return Host().load()  # every installed plugin: the built-ins, Reversi, the OpenSpiel bridge


def test_many_games_page_with_the_built_in_games_first(tmp_path: Path) -> None:
    host = _installed_host()
    window = open_app(_installed_host, tmp_path, size=(800, 600))
    try:
        screen = window.current_view
        assert isinstance(screen, LauncherScreen)
        order = screen.game_order()
        builtin = [g for g in order if (o := host.owner(g)) is not None and o.builtin]
        assert order[:len(builtin)] == builtin and set(builtin) >= {"verso", "versus"}
        cards = [b.name for b in screen.buttons if b.name.startswith("game:")]
        assert len(order) > len(cards)  # the bridge's dozens of games do not fit: pages
        assert cards == [f"game:{g}" for g in order[:len(cards)]]
        assert not screen.button_named("games:previous").enabled
        seen, pages = set(cards), 1
        while screen.button_named("games:next").enabled:
            click_button(window, "games:next")
            cards = [b.name for b in screen.buttons if b.name.startswith("game:")]
            assert cards and not seen & set(cards)
            seen, pages = seen | set(cards), pages + 1
        assert seen == {f"game:{g}" for g in order}  # every game reachable by a click
        assert screen.page == pages - 1
        click_button(window, "games:previous")
        assert screen.page == pages - 2
    finally:
        close_app(window)


def test_a_generic_card_shows_a_short_name_whole() -> None:
    assert initials("Verso") == "Ve" and initials("Tic Tac") == "TT"
    assert initials("2048") == "2048" and initials("Nim") == "Nim"  # not "20", not "Ni"


def test_the_games_in_progress_are_counted_and_name_their_players_whole(
        tmp_path: Path) -> None:
    # At 800x600 a two-player card's players line wraps to a second row rather than being
    # cut ("Ada Lovelace-Byron vs Pla…"), and the cards shown and "… and N more" count
    # every game in progress.
    library = Library.open(tmp_path)
    game = installed_host().game("versus")
    for seed in range(6):  # played a little: a game left at its start is not kept apart
        session = Session.new(game, 2, {o.name: o.default for o in game.info.options}, seed,
                              [HUMAN, HUMAN])
        for _ in range(4):
            session.play(random.Random(seed).choice(list(session.legal_moves())))
        library.add(session.record(), ["Ada Lovelace-Byron", "Player 2"])
    library.close()
    window = open_app(installed_host, tmp_path, size=(800, 600))
    try:
        launcher = window.current_view
        launcher.ensure_built()
        shown = [b for b in launcher.buttons if b.name.startswith("continue:")]
        more = next(p.text for p in launcher.texts.items if "more in progress" in p.text)
        assert shown and len(shown) + int(more.split()[2]) == 6, more
        players = [p for p in launcher.texts.items
                   if p.text == "Ada Lovelace-Byron vs Player 2"]
        assert len(players) == len(shown) and not any(p.cut for p in players)
        assert all(p.extent.height > 20 for p in players)  # two rows
    finally:
        close_app(window)
