"""The two games' boards in a player's words: the last move stays marked through undo,
redo and Continue, the keyboard cursor shows only while the board has the focus, and a
click that does nothing says why (issue 12), driven headless with real input events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import (
    click,
    click_button,
    click_continue,
    close_app,
    installed_host,
    key,
    open_app,
    pixel,
    pump,
    wait_until,
)

from games.verso.cards import JOKER, key_for
from games.verso.game import VersoGame
from games.verso.observation import observe
from games.verso.view.table import NEIGHBOUR, message_lines
from games.versus.board import CELL_OF_NAME
from games.versus.state import Move
from games.versus.view.pawns import SEAT_COLOUR
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.widgets import PANEL
from tests.verso.scenario import table


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0.0)
    yield win
    close_app(win)


def start(window: Any, game_id: str, players: int | None = None) -> GameScreen:
    click_button(window, f"game:{game_id}")
    while players is not None and window.current_view.players < players:
        click_button(window, "players+")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    return screen


def play_versus_pawn(window: Any, screen: GameScreen) -> Move:
    """The seat to move steps its first movable pawn, by mouse, then Enter."""
    move = next(m for m in screen.table.session.legal_moves() if not m.versus)
    layout = screen.renderer.board_layout
    click(window, *layout.centres[move.frm])
    click(window, *layout.centres[move.to])
    key(window, arcade.key.ENTER)
    assert screen.table.session.moves[-1] == move
    return move


def test_versus_last_move_survives_undo_redo_and_continue(window: Any) -> None:
    screen = start(window, "versus")  # two people at one screen
    first = play_versus_pawn(window, screen)
    second = play_versus_pawn(window, screen)
    assert screen.renderer.last_move == second
    key(window, arcade.key.U)
    assert screen.renderer.last_move == first
    key(window, arcade.key.U)
    assert screen.renderer.last_move is None  # the start: nothing to mark
    key(window, arcade.key.R)
    assert screen.renderer.last_move == first
    key(window, arcade.key.R)
    assert screen.renderer.last_move == second
    assert screen.renderer.last_path.cells == (second.frm, second.to)  # the board marks it
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherScreen)
    click_continue(window)
    resumed = window.current_view
    assert isinstance(resumed, GameScreen)
    assert resumed.renderer.last_move == second


def test_verso_last_move_survives_continue(window: Any) -> None:
    screen = start(window, "verso")  # solo: D draws, K keeps
    key(window, arcade.key.D)
    key(window, arcade.key.K)
    assert len(screen.table.session.moves) == 1
    marked = set(screen.renderer.marked)
    assert marked  # the kept card's slot
    key(window, arcade.key.ESCAPE)
    click_continue(window)
    resumed = window.current_view
    assert isinstance(resumed, GameScreen)
    assert resumed.renderer.marked == marked
    assert resumed.renderer.scene(resumed.renderer.view,
                                  resumed.renderer.geometry).marked == frozenset(marked)


def test_versus_cursor_shows_only_while_the_board_has_the_focus(window: Any) -> None:
    screen = start(window, "versus")
    key(window, arcade.key.RIGHT)  # the first arrow puts the cursor on a piece
    renderer = screen.renderer
    assert renderer.cursor is not None and renderer.shown_cursor == renderer.cursor
    key(window, arcade.key.TAB)  # the shell keeps Tab: the focus goes to a button
    assert not renderer.focused and renderer.shown_cursor is None
    key(window, arcade.key.TAB, arcade.key.MOD_SHIFT)
    assert renderer.focused and renderer.shown_cursor == renderer.cursor


def test_verso_cursor_shows_only_while_the_board_has_the_focus(window: Any) -> None:
    screen = start(window, "verso")
    key(window, arcade.key.D)
    key(window, arcade.key.K)
    key(window, arcade.key.RIGHT)
    renderer = screen.renderer
    assert renderer.cursor is not None
    assert renderer.scene(renderer.view, renderer.geometry).cursor == renderer.cursor
    key(window, arcade.key.TAB)
    assert renderer.scene(renderer.view, renderer.geometry).cursor is None


def test_versus_clicks_that_do_nothing_say_why(window: Any) -> None:
    screen = start(window, "versus")
    layout = screen.renderer.board_layout
    click(window, *layout.centres[CELL_OF_NAME["k1"]])  # Brown's, Blue to move
    assert screen.message == "That is Brown's pawn: you play Blue."
    empty = next(c for c in range(len(layout.centres)) if not screen.table.session.state.board[c])
    click(window, *layout.centres[empty])
    assert screen.message.startswith("That hexagon is empty")


def test_versus_enter_where_the_chosen_piece_cannot_go_says_why(window: Any) -> None:
    """Issue 36: Space/Enter on the cursor's cell says why, as a click there does."""
    screen = start(window, "versus")
    renderer, layout = screen.renderer, screen.renderer.board_layout
    click(window, *layout.centres[CELL_OF_NAME["a3"]])  # Blue's VERSUS, chosen
    assert renderer.selected == CELL_OF_NAME["a3"]
    key(window, arcade.key.RIGHT)  # the keyboard's cursor, then up the board
    for _ in range(12):
        cell = renderer.cursor
        if (cell not in renderer.destinations() and cell != CELL_OF_NAME["a3"]
                and not screen.table.session.state.board[cell]):
            break
        key(window, arcade.key.UP)
    name = layout.board.cell_name(renderer.cursor)
    key(window, arcade.key.ENTER)
    assert screen.message == (f"Your VERSUS slides from a3 along a free straight line: "
                              f"{name} is not on one, or a piece stands in the way.")
    assert renderer.selected is None  # the choice is dropped, as a click drops it
    screen.message = ""
    key(window, arcade.key.SPACE)  # nothing chosen: an empty cell says what to do first
    assert screen.message.startswith("That hexagon is empty")


def test_verso_a_click_on_another_players_card_says_why(window: Any) -> None:
    screen = start(window, "verso", players=2)
    for _ in range(2):  # each player draws and keeps a card
        key(window, arcade.key.D)
        key(window, arcade.key.K)
    renderer = screen.renderer
    mover = screen.table.session.to_move
    other = next((place, box) for place, box in renderer.card_boxes.items()
                 if place[0] >= 0 and place[0] != mover)
    click(window, *other[1].center)
    assert screen.message == (f"That card is not yours: it is in "
                              f"{screen.game.info.seat_name(other[0][0])}'s display.")


def luma(colour: tuple[int, ...]) -> float:
    """Rec. 709 luma of an sRGB colour: its grey in a greyscale picture (0-255)."""
    r, g, b = colour[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_versus_blue_and_brown_differ_in_greyscale_too() -> None:  # versus.md §2
    blue, brown = SEAT_COLOUR
    assert abs(luma(blue) - luma(brown)) >= 40


@pytest.mark.parametrize("game_id", ["versus", "verso"])
def test_legend_opens_with_l_and_its_button_and_draws_every_symbol(window: Any,
                                                                  game_id: str) -> None:
    screen = start(window, game_id)
    lines = list(screen.renderer.legend())
    assert len(lines) >= 4
    key(window, arcade.key.L)
    assert screen.overlay == "legend"
    assert len(screen.legend_boxes) == len(lines)
    text = "\n".join(t.text for t in screen._labels)
    assert all(line in text for line in lines)
    for box in screen.legend_boxes:  # a symbol is drawn in each box: several colours
        colours = {pixel(window, box.left + box.width * i / 10, box.center[1] + 3)
                   for i in range(1, 10)}
        assert len(colours - {PANEL[:3]}) >= 2, (box, colours)
    key(window, arcade.key.L)
    assert screen.overlay is None
    click_button(window, "legend")
    assert screen.overlay == "legend"
    key(window, arcade.key.ESCAPE)
    assert screen.overlay is None and screen.board_focused
    key(window, arcade.key.F1)  # the rules screen names the symbols too
    rules = window.current_view
    assert isinstance(rules, RulesScreen)
    assert "**Symbols on the board**" in rules.text and f"- {lines[0]}" in rules.text


def test_versus_pawns_show_their_value_without_colour_blind_mode(window: Any) -> None:
    screen = start(window, "versus")
    assert sorted(screen.renderer.value_labels()) == sorted("24313" * 2)  # versus.md §2


def test_verso_arrows_keep_their_column_from_row_to_row(window: Any) -> None:
    """Up and down aim at the column the cursor set out from: from the blue joker, down
    twice reaches the orange joker below it, past a green row that stops at 3."""
    screen = start(window, "verso")
    renderer = screen.renderer
    state = table([[("blue", 3, 3), ("blue", "J", 1), ("green", 1, 3), ("green", 2, 1),
                    ("green", 3, 3), ("orange", 2, 3), ("orange", 4, 3), ("orange", 5, 1),
                    ("orange", "J", 1)]], deck=[("blue", 1, 1)])
    screen.stage.position(observe(state), 0, VersoGame().legal_moves(state), True)
    blue_joker, green_3 = key_for(0, JOKER), key_for(1, 3)
    orange_joker, orange_4 = key_for(2, JOKER), key_for(2, 4)
    for _ in range(2):
        key(window, arcade.key.RIGHT)  # the first arrow puts the cursor on blue 3
    assert renderer.cursor == blue_joker
    key(window, arcade.key.DOWN)
    assert renderer.cursor == green_3  # the nearest in a row that stops at 3
    key(window, arcade.key.DOWN)
    assert renderer.cursor == orange_joker  # not orange 5, nearest green 3
    key(window, arcade.key.UP)
    key(window, arcade.key.UP)
    assert renderer.cursor == blue_joker
    key(window, arcade.key.DOWN)
    key(window, arcade.key.DOWN)
    key(window, arcade.key.LEFT)  # left and right go along the row, in reading order
    key(window, arcade.key.LEFT)
    assert renderer.cursor == orange_4


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_verso_a_bank_under_way_says_first_how_to_finish_it(tmp_path: Path,
                                                            size: tuple[int, int]) -> None:
    """Once a bank is previewed, the message's first line says how to validate it (it
    took the place of "draw or bank"), and that line is shown whole even at 800x600,
    where the preview of a five-card bank fills the rest (seen cut in a play-test)."""
    window = open_app(installed_host, tmp_path, size=size)
    try:
        screen = start(window, "verso")
        renderer = screen.renderer
        state = table([[("green", 3, 3), ("orange", 2, 3), ("orange", 4, 3), ("orange", 5, 3),
                        ("orange", 6, 3), ("orange", "J", 1)]], deck=[("blue", 1, 1)])
        screen.stage.position(observe(state), 0, VersoGame().legal_moves(state), True)
        key(window, arcade.key.RIGHT)  # the cursor on green 3, then along orange
        for _ in range(5):
            key(window, arcade.key.RIGHT)
            key(window, arcade.key.SPACE)
        if renderer.joker_options:
            key(window, getattr(arcade.key, f"KEY_{renderer.joker_options[-1].joker}"))
        assert renderer.pending_move is not None
        pump(window, 2)
        assert screen.stage.pending == renderer.pending_move
        first = next(p for p in screen.stage.placed() if "VALIDATE" in p.text)
        assert first.text.startswith("Player 1: VALIDATE (Enter or B) to bank")
        assert not first.cut and first.shown == first.text
        assert not any(p.text.startswith("Player 1: draw") for p in screen.stage.placed())
    finally:
        close_app(window)


def test_verso_the_solo_opponents_card_is_news_not_a_warning(window: Any) -> None:
    """verso.md §7: the solo opponent turns a card over after each turn; the table tells
    it in the colour of flips, keeping red for a card lost (a duplicate discarded)."""
    screen = start(window, "verso")
    key(window, arcade.key.D)
    key(window, arcade.key.K)
    renderer = screen.renderer
    wait_until(window, lambda: not renderer.animating)
    # A note is a text or a game's Line (told in the player's language when drawn).
    assert any(str(n).startswith("The solo opponent turns over") for n in renderer.news)
    assert not any(str(n).startswith("The solo opponent") for n in renderer.notes)
    lines = message_lines(renderer.scene(renderer.view, renderer.geometry))
    news = [colour for text, colour in lines if text.startswith("The solo opponent")]
    assert news == [NEIGHBOUR]
