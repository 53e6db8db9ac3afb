"""Every screen and dialog at three window sizes: no text leaves its box, none overlaps,
no button's label is cut.

Measured from the layout itself (each screen's register of laid-out texts, see
`tabletop.ui.textbox`, with the board's own texts from the text layers the host handed
its renderer, `Stage.placed`) and the screens' button rectangles, not guessed from
pixels.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, close_app, installed_host, open_app, pump
from ui_driver import key as press_key
from ui_games import make_host

from games.verso.rules import bank_cards
from games.verso.state import Bank
from games.versus.state import Move
from tabletop import i18n
from tabletop.model import Outcome
from tabletop.play.session import HUMAN, Session
from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import seats_of
from tabletop.store.library import Library
from tabletop.store.settings import Settings
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Press, Rect
from tabletop.ui.rules_screen import RULEBOOK, RulesScreen
from tabletop.ui.textbox import ELLIPSIS, Placed, TextBoxes, extent_of, fit_text

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
#: Every language of the app: each screen is laid out in each.
LANGUAGES = tuple(i18n.LANGUAGES)


def busy(host: Host, game_id: str, players: int, plies: int, seed: int = 7) -> Session:
    """A game `plies` random moves in (fewer if it ends first), every seat a person."""
    game = host.game(game_id)
    session = Session.new(game, players, {o.name: o.default for o in game.info.options}, seed,
                          [HUMAN] * players)
    rng = random.Random(seed)
    for _ in range(plies):
        if session.outcome is not None:
            break
        session.play(rng.choice(list(session.legal_moves())))
    return session


def with_a_bank(host: Host, players: int) -> Session:
    """A Verso game drawn on (seeded, banking nothing) for a dozen plies at least, until
    the player to move can bank."""
    session = busy(host, "verso", players, 0)
    rng = random.Random(players)
    while len(session.moves) < 12 or not any(isinstance(m, Bank)
                                             for m in session.legal_moves()):
        assert session.outcome is None
        session.play(rng.choice([m for m in session.legal_moves()
                                 if not isinstance(m, Bank)]))
    return session


def finished(host: Host, game_id: str, players: int) -> Session:
    """A game played to its end by random moves."""
    return busy(host, game_id, players, 10_000)


def _keep(directory: Path) -> None:
    """A library with finished games of both games, for the library and statistics."""
    library = Library.open(directory)
    for score in (33, 41, 47):
        library.add(Record("verso", 1, {}, score, None, ("keep",),
                           Outcome((score,), (0,), "the deck ran out"), ("human",)),
                    ["Ada Lovelace-Byron"])
    library.add(Record("versus", 2, {}, 1, None, ("x",), Outcome((1, 0), (0,), "end"),
                       ("human", "greedy")), ["Ada Lovelace-Byron", "greedy"])
    # A game whose player gave no name: Statistics says how to keep one's own figures.
    library.add(Record("verso", 1, {}, 29, None, ("keep",),
                       Outcome((29,), (0,), "the deck ran out"), ("human",)))
    library.close()


def problems(window: Any, what: str) -> list[str]:
    """What is wrong with the current screen's layout (empty: nothing)."""
    pump(window)
    view = window.current_view
    view.ensure_built()
    width, height = window.get_size()
    found = view.laid_out().problems(Rect(0, 0, width, height))
    buttons = [b for b in view.buttons]
    labels = set()
    for index, a in enumerate(buttons):
        r = a.rect
        # A player reads every button's label whole: none is ellipsised.
        cut = [p for p in view.texts.items
               if p.text == a.label and r.contains(*p.box.center) and p.cut]
        if cut:
            labels.add(cut[0])
            found.append(f"button {a.name!r}: its label {a.label!r} is cut to "
                         f"{cut[0].shown!r}")
        if r.left < -1 or r.bottom < -1 or r.right > width + 1 or r.top > height + 1:
            found.append(f"button {a.name!r} leaves the window ({r})")
        for b in buttons[index + 1:]:
            s = b.rect
            if (min(r.right, s.right) - max(r.left, s.left) > 1
                    and min(r.top, s.top) - max(r.bottom, s.bottom) > 1):
                found.append(f"buttons {a.name!r} and {b.name!r} overlap")
    # Nor any other text, but a name or a path (marked `may_cut` where it is laid out):
    # those may be any length and are read whole on hover.
    found += [f"{p.text!r} is cut to {p.shown!r}" for p in cut_texts(view)
              if p not in labels]
    return [f"{what} at {width}x{height}: {problem}" for problem in found]


def cut_texts(view: Any) -> list[Placed]:
    """The texts of the current layout cut with an ellipsis that may not be (neither a
    name nor a path)."""
    return [p for p in view.laid_out().items if p.cut and not p.may_cut]


def screens(window: Any, host: Host) -> Iterator[tuple[str, Callable[[], object]]]:
    """(name, open it) for every screen and dialog of the app."""
    app = window.app

    def game(name: str, session: Session, panel: str | None = None,
             offer: Any = None, then: Callable[[GameScreen], object] | None = None
             ) -> tuple[str, Callable[[], object]]:
        def show() -> None:
            app.start_game(session.game.info.id, session.record(),
                           seats_of(session.agents, ["Ada Lovelace-Byron"]))
            screen = window.current_view
            assert isinstance(screen, GameScreen), name
            pump(window, 2)
            screen.offer = offer
            screen.show_panel(panel)
            if then is not None:
                # Laid out first: a panel shown (or none) has the position shown again at
                # the next layout, which would drop a preview made before it.
                pump(window)
                then(screen)
        return name, show

    versus = busy(host, "versus", 2, 60)
    yield game("versus in play", versus)
    yield game("versus previewing a move", versus, then=preview_versus)
    resign, draw = versus.special_moves()
    yield game("versus draw offer", versus, "offer", draw)
    yield game("versus resign confirm", versus, "confirm", resign)
    # The Keys panel (?): the game's own keys above the host's, the longest list.
    yield game("versus keys panel", versus, "keys")
    yield game("verso keys panel", busy(host, "verso", 2, 24), "keys")
    for players in (1, 3, 6):
        yield game(f"verso {players} players in play", busy(host, "verso", players, 24))
        yield game(f"verso {players} players previewing a bank", with_a_bank(host, players),
                   then=preview_bank)
    yield game("reversi in play", busy(host, "reversi", 2, 20))
    for players in (1, 3, 6):
        yield game(f"verso {players} players game over",
                   finished(host, "verso", players), "end")
    yield "launcher", app.show_launcher
    for game_id in ("versus", "verso"):
        yield f"set-up {game_id}", partial(app.show_setup, game_id)

        def rules(g: str = game_id) -> None:
            window.show_view(RulesScreen(app, host.game(g).info, window.current_view))
        yield f"rules {game_id}", rules

        def rulebook(g: str = game_id) -> None:
            rules(g)
            window.current_view.show_page(RULEBOOK)
        yield f"rulebook {game_id}", rulebook
    yield "set-up verso 6 players", lambda: app.show_setup(
        "verso", Table(None, busy(host, "verso", 6, 0)))
    levels = ("human", "Expert", "Club", "Casual", "Beginner", "Expert")  # blurbs in a column
    yield "set-up verso 6 players, computers at every level", lambda: app.show_setup(
        "verso", Table(None, Session.new(host.game("verso"), 6, {}, 0, levels)))
    yield "settings", app.show_settings
    yield "library", app.show_library
    yield "library import", lambda: (app.show_library(), window.current_view.show_import())

    def delete() -> None:
        app.show_library()
        window.current_view.ask_delete(app.keeper.library.entries()[0])
    yield "library delete", delete
    yield "statistics", app.show_stats
    yield "statistics without a name", lambda: (app.show_stats(),
                                                window.current_view.cycle_player(-1))
    yield "join a game", app.show_join

    def replay() -> None:
        app.keeper.flush()
        kept = [e for e in app.keeper.library.entries() if e.result is not None]
        app.show_replay(max(kept, key=lambda e: e.plies).id)  # a real game, played out
    yield "replay", replay


def press_board(screen: GameScreen, x: float, y: float) -> None:
    """A click on the board at (x, y), done as the screen does what it means."""
    assert screen.act(screen.stage.handle(Press(x, y)))


def preview_versus(screen: GameScreen) -> None:
    """Choose a VERSUS slide that pulls pawns: the status line says what it would do."""
    renderer = screen.renderer
    moves = [m for m in renderer.legal_moves if isinstance(m, Move)]
    move = next((m for m in moves if m.versus), moves[0])
    for cell in (move.frm, move.to):
        press_board(screen, *renderer.board_layout.centre(cell))
    assert screen.stage.pending == move and renderer.pending_move == move


def preview_bank(screen: GameScreen) -> None:
    """Select the cards of the longest bank: the message shows its preview lines."""
    renderer = screen.renderer
    banks = [m for m in renderer.legal_moves if isinstance(m, Bank)]
    assert banks, "a busy Verso position has a bank to preview"
    mover = renderer.mover
    for key in bank_cards(max(banks, key=lambda m: len(m.values))).values():
        press_board(screen, *renderer.card_boxes[(mover, key)].center)
    assert renderer.preview is not None


#: Every language at the two sizes players use most; the large window in German alone
#: (its words are the longest, and a large window cuts least).
LAID_OUT = [(language, size) for language in LANGUAGES for size in SIZES[:2]] + [
    ("de", SIZES[2])]


@pytest.mark.parametrize(("language", "size"), LAID_OUT,
                         ids=[f"{lang}-{w}x{h}" for lang, (w, h) in LAID_OUT])
def test_every_screen_keeps_its_text_in_its_boxes(tmp_path: Path, language: str,
                                                  size: tuple[int, int]) -> None:
    """In English, French and German (German's words are the longest)."""
    i18n.set_language(language)
    Settings(language=language).save(tmp_path)  # as a player who chose it would have
    _keep(tmp_path)
    window = open_app(installed_host, tmp_path, size=size, animation=0)
    try:
        found, seen = [], []
        for name, show in screens(window, window.app.host):
            show()
            seen.append(type(window.current_view).__name__)
            found += problems(window, name)
        assert {"LauncherScreen", "SetupScreen", "SettingsScreen", "LibraryScreen",
                "StatsScreen", "RulesScreen", "GameScreen", "ReplayScreen",
                "JoinScreen"} <= set(seen)
        assert not found, "\n".join(found)
    finally:
        close_app(window)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_generic_renderer_keeps_its_text_in_its_boxes(tmp_path: Path,
                                                          size: tuple[int, int]) -> None:
    """A game with no renderer of its own: its picture, last move and move labels."""
    window = open_app(make_host, tmp_path, size=size, animation=0)
    try:
        session = busy(window.app.host, "tictactoe-text", 2, 3)
        window.app.start_game("tictactoe-text", session.record(), seats_of(session.agents, ["Ada"]))
        pump(window, 2)
        screen = window.current_view
        board = screen.stage.placed()
        assert any(p.text.startswith("Last move: ") for p in board)
        assert len(board) == 2 + len(session.legal_moves())  # picture, last move, moves
        assert not problems(window, "tictactoe-text")
    finally:
        close_app(window)


def test_the_check_bites_on_board_text_outside_the_rule(tmp_path: Path) -> None:
    """The layout check sees the board's texts: Verso's message drawn the old way (one
    line at its size, no box rule) is caught leaving its box; a text over another is
    caught overlapping; the same message through the rule stays in its box, cut and whole
    on hover, and is caught cut: only a name or a path may be."""
    window = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    try:
        app = window.app
        busy_game = busy(app.host, "verso", 3, 24)
        app.start_game("verso", busy_game.record(), seats_of(busy_game.agents, ["Ada"]))
        pump(window, 2)
        screen, renderer = window.current_view, window.current_view.renderer
        assert not problems(window, "verso")
        box = renderer.geometry.message
        message = "Player 3 flips blue 6 (3 pts) into green 1 (1 pt), a face they " \
                  "already hold: it is discarded (no duplicates in a layout). " * 10
        line = arcade.Text(message, box.left, box.top - 20, (255, 255, 255), 13,
                           font_name="DejaVu Sans")
        texts = renderer.context.texts  # the layers the host handed the renderer
        texts.layer("the old way").placed.append(
            Placed(message, message, box, extent_of(line), 13))
        found = problems(window, "verso")
        assert any("leaves its box" in p and "Player 3 flips" in p for p in found), found
        texts.drop("the old way")
        name = next(p for p in screen.stage.placed() if p.text.startswith("Ada"))
        texts.layer("over").placed.append(Placed("over", "over", name.box, name.extent, 10))
        assert any("overlaps" in p for p in problems(window, "verso"))
        texts.drop("over")
        renderer.notes = [message]
        renderer.sync()
        found = problems(window, "verso")
        assert found and all("is cut to" in p for p in found), found
        assert any("Player 3 flips" in p for p in found), found
        cut = [p for p in screen.stage.placed() if p.cut]
        assert cut and message.strip() in cut[0].text and cut[0].shown.endswith(ELLIPSIS)
        window.dispatch_event("on_mouse_motion", *map(int, cut[0].extent.center), 0, 0)
        pump(window)
        assert screen.tooltip is not None and message.strip() in screen.tooltip.text
    finally:
        close_app(window)


def test_the_rule_wraps_then_scales_then_cuts(tmp_path: Path) -> None:
    """The one rule itself: text wraps in its box, shrinks to the minimum, then is cut
    (and the cut text is marked, so its full text shows on hover)."""
    window = open_app(installed_host, tmp_path, size=(800, 600))
    try:
        box = Rect(10, 10, 200, 60)
        _, wrapped = fit_text("a few words that wrap in the box", 10, 70, box, 12, (0, 0, 0),
                              font_name="DejaVu Sans", wrap=True, anchor_y="top")
        assert not wrapped.cut and wrapped.points == 12
        assert wrapped.extent.height > 20  # more than one line
        _, scaled = fit_text("a line a bit too long", 10, 40, box, 30, (0, 0, 0),
                             font_name="DejaVu Sans", anchor_y="center")
        assert not scaled.cut and 10 <= scaled.points < 30
        _, cut = fit_text("far too long a line for a box this narrow, even small", 10, 40,
                          box, 14, (0, 0, 0), font_name="DejaVu Sans", anchor_y="center")
        assert cut.cut and cut.shown.endswith("…") and cut.points == 10
        assert not cut.may_cut  # only a text marked as a name or a path may be cut
        _, name = fit_text("Ada Lovelace-Byron and a very long name indeed", 10, 40, box, 14,
                           (0, 0, 0), font_name="DejaVu Sans", may_cut=True)
        assert name.cut and name.may_cut
        boxes = TextBoxes([wrapped, scaled, cut])
        assert boxes.at(*cut.extent.center) is cut
        assert not [p for p in boxes.problems(Rect(0, 0, 800, 600)) if "leaves" in p]
    finally:
        close_app(window)


def test_the_move_log_shows_the_newest_moves_in_whole_rows_and_scrolls(
        tmp_path: Path) -> None:
    """At 800×600 the log's rows are whole (none cut at the top, no letter clipped), the
    newest ply is the last row, and the wheel over the log shows earlier rows."""
    window = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    try:
        session = busy(window.app.host, "versus", 2, 60)
        window.app.start_game("versus", session.record(), seats_of(session.agents, ["Ada"]))
        screen = window.current_view
        pump(window, 2)
        rows = [p for p in screen.texts.items if screen.log_box.contains(*p.extent.center)
                and p.text.strip()]  # (the rest of a move counted earlier is blank)
        assert rows and all(not p.cut for p in rows[1:])
        assert rows[-1].text.lstrip().startswith(f"{len(session.log)}.") or \
            rows[-1].text.startswith(" " * 5)  # the newest ply's row (or its last line)
        # The first row counts the moves out of sight (moves, not rows), and the row under
        # it starts a move, by its number: never the end of a move's sentence.
        first_shown = int(rows[1].text.split(".")[0])
        assert rows[0].text == f"↑ {first_shown - 1} moves earlier"
        x, y = screen.log_box.center
        window.dispatch_event("on_mouse_scroll", int(x), int(y), 0, 2)
        pump(window)
        scrolled = [p.text for p in screen.texts.items
                    if screen.log_box.contains(*p.extent.center)]
        assert screen.log_scroll == 6 and scrolled[-1].endswith(("move newer", "moves newer"))
        assert scrolled[1:-1] != [p.text for p in rows[1:-1]]
        # Page Up and Down, End; the scroll bar's track pages too, and its thumb drags.
        press_key(window, arcade.key.PAGEUP)
        assert screen.log_scroll == 6 + screen.log_room - 1
        press_key(window, arcade.key.END)
        assert screen.log_scroll == 0
        track, thumb = screen.log_track, screen.log_thumb
        assert track.height > thumb.height > 0 and abs(thumb.bottom - track.bottom) < 0.01
        click(window, track.center[0], track.top - 2)  # above the thumb: a page earlier
        assert screen.log_scroll == screen.log_room - 1
        thumb = screen.log_thumb
        window.dispatch_event("on_mouse_press", int(thumb.center[0]), int(thumb.center[1]),
                              arcade.MOUSE_BUTTON_LEFT, 0)
        window.dispatch_event("on_mouse_drag", int(thumb.center[0]),
                              int(thumb.center[1]) - 40, 0, -40, arcade.MOUSE_BUTTON_LEFT, 0)
        pump(window)
        assert screen.log_scroll < screen.log_room - 1  # dragged down: newer moves
    finally:
        close_app(window)
