"""A whole game of each built-in game played with the keyboard only (real key events).

Launcher → set-up (seats and seed chosen with Tab, Enter and digits) → every move of the
human made with the arrows, Space and Enter on the board, which has the focus by default
→ the game-over panel. The test "looks at the screen" (the renderer's cursor and the
legal moves) to decide which key to press, as a player would; it never calls the app.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import close_app, installed_host, key, open_app, pump, wait_until

from games.versus.board import ROWS
from tabletop.ai.base import Budget
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen

K = arcade.key


def press(window: Any, symbol: int) -> None:
    """Press and release a key without drawing a frame (the next wait draws them)."""
    window.dispatch_event("on_key_press", symbol, 0)
    window.dispatch_event("on_key_release", symbol, 0)
    window.dispatch_events()


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(800, 600), animation=0.02)
    yield win
    close_app(win)


def tab_to(window: Any, name: str) -> None:
    """Press Tab until the button `name` has the focus."""
    for _ in range(60):
        if window.current_view.focus_name == name:
            return
        key(window, K.TAB)
    raise AssertionError(f"Tab never reached {name!r}")


def set_up(window: Any, game_id: str, players: int, seat_agents: dict[int, str],
           seed: str) -> GameScreen:
    """From the launcher to the game screen with the keyboard only."""
    tab_to(window, f"game:{game_id}")
    key(window, K.ENTER)
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    while setup.players != players:
        tab_to(window, "players-" if setup.players > players else "players+")
        key(window, K.ENTER)
    for seat, agent in seat_agents.items():
        tab_to(window, f"seat{seat}+")
        for _ in range(len(setup.agent_names)):
            if setup.seats[seat] == agent:
                break
            key(window, K.ENTER)
        assert setup.seats[seat] == agent
    tab_to(window, "seed")
    for digit in seed:
        key(window, getattr(K, f"KEY_{digit}"))
    tab_to(window, "start")
    key(window, K.ENTER)
    screen = window.current_view
    assert isinstance(screen, GameScreen) and screen.table.session.seed == int(seed)
    assert screen.board_focused
    return screen


def human_turn(window: Any, screen: GameScreen) -> bool:
    """Wait until a human may move (True) or the game is over (False)."""
    s = screen.table.session
    wait_until(window, lambda: s.outcome is not None or (
        not s.is_ai(s.to_move) and not screen.renderer.animating), seconds=120)
    return s.outcome is None


def finish(window: Any, screen: GameScreen) -> None:
    """The game is over: the result panel shows; Enter on it reviews the board."""
    wait_until(window, lambda: screen.overlay == "end")
    pump(window)
    assert screen.focus_name == "review"
    key(window, K.ENTER)
    assert screen.overlay is None and screen.table.session.outcome is not None


# -- Versus against the computer ------------------------------------------------------------
def row_and_index(cell: int) -> tuple[int, int]:
    for row, cells in enumerate(ROWS):
        if cell in cells:
            return row, cells.index(cell)
    raise AssertionError(cell)


def cursor_to(window: Any, screen: GameScreen, cell: int) -> None:
    """Walk the board cursor to `cell` with the arrows (rows first, then along the row)."""
    renderer = screen.renderer
    for _ in range(60):
        at = renderer.cursor
        if at == cell:
            return
        if at is None:
            press(window, K.RIGHT)  # the first arrow shows the cursor on one of your pieces
            continue
        (row, index), (goal_row, goal_index) = row_and_index(at), row_and_index(cell)
        if row != goal_row:
            press(window, K.UP if goal_row < row else K.DOWN)
        else:
            press(window, K.RIGHT if goal_index > index else K.LEFT)
    raise AssertionError(f"the cursor never reached cell {cell}")


@pytest.mark.slow
def test_a_whole_versus_game_against_the_computer_by_keyboard(window: Any) -> None:
    # Seed 103: one of the shortest games of these two players (24 moves of the human).
    screen = set_up(window, "versus", 2, {1: "Casual"}, seed="103")  # the greedy player
    s = screen.table.session
    brain = window.app.host.make_agent("versus", "greedy")  # how the human chooses
    rng = random.Random(7)
    human_plies = 0
    while human_turn(window, screen):
        seat = s.to_move
        move = brain.choose(s.game.observation(s.state, seat), seat, s.legal_moves(),
                            Budget(seconds=0.05), rng)
        before = len(s.moves)
        cursor_to(window, screen, move.frm)
        press(window, K.SPACE)  # select the element: its destinations light up
        assert screen.renderer.selected == move.frm
        cursor_to(window, screen, move.to)
        press(window, K.SPACE)  # choose the destination: the preview
        assert screen.renderer.pending_move == move and len(s.moves) == before
        pump(window)
        press(window, K.ENTER)  # VALIDATE
        assert s.moves[before] == move
        human_plies += 1
        assert human_plies < 400, "the game did not end"
    assert s.outcome is not None and human_plies > 5
    assert s.agents == ("human", "Casual")
    finish(window, screen)


# -- Verso solo -----------------------------------------------------------------------------
def verso_bank(window: Any, screen: GameScreen) -> bool:
    """Bank a legal sequence with the arrows, Space and Enter, if there is one (no joker)."""
    from games.verso.state import Bank

    s = screen.table.session
    banks = [m for m in s.legal_moves() if isinstance(m, Bank) and m.joker is None]
    if not banks:
        return False
    move = max(banks, key=lambda m: len(m.values))
    renderer = screen.renderer
    # The table's slot of a card is colour * 7 + value (the renderer's cursor keys).
    for card in sorted(7 * move.colour + value for value in move.values):
        for _ in range(30):
            if renderer.cursor == card:
                break
            press(window, K.RIGHT)
        assert renderer.cursor == card
        press(window, K.SPACE)
    if renderer.pending_move != move:
        return False  # the same cards make another bank too; draw instead
    before = len(s.moves)
    key(window, K.ENTER)
    assert s.moves[before] == move
    return True


@pytest.mark.slow
def test_a_whole_verso_solo_game_by_keyboard(window: Any) -> None:
    from games.verso.state import FINAL

    screen = set_up(window, "verso", 1, {}, seed="12")
    s = screen.table.session
    turn = 0
    while human_turn(window, screen):
        before = len(s.moves)
        if s.state.phase == FINAL:
            if not verso_bank(window, screen):
                key(window, K.P)  # pass the final bank
        elif turn % 4 == 3 and verso_bank(window, screen):
            pass
        else:
            key(window, K.D)  # draw: Keep and Flip are offered
            key(window, K.K if turn % 2 else K.F)
        assert len(s.moves) == before + 1, f"turn {turn}: no move was played"
        turn += 1
        pump(window)
        assert turn < 200, "the game did not end"
    assert s.outcome is not None and turn > 10
    finish(window, screen)
