"""The app driven headless with real input events: launcher, set-up, play, AI, saves."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ui_games
from ui_driver import (
    click,
    click_button,
    click_continue,
    close_app,
    kept_records,
    key,
    open_app,
    pixel,
    pump,
    screenshot,
    wait_until,
)

from tabletop.store.paths import AUTOSAVE
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.setup_screen import SetupScreen


def open_window(directory: Path) -> Any:
    return open_app(ui_games.make_host, directory, size=(1280, 800))


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_window(tmp_path)
    yield win
    close_app(win)


def texts(window: Any) -> str:
    """Every label the current screen shows, joined (to check messages)."""
    window.current_view.ensure_built()
    # (without the zero-width spaces where a long word may wrap)
    return "\n".join(t.text.replace("\u200b", "") for t in window.current_view._labels)


def start_game(window: Any, game_id: str, seats: dict[int, int] | None = None) -> GameScreen:
    click_button(window, f"game:{game_id}")
    assert isinstance(window.current_view, SetupScreen)
    for seat, steps in (seats or {}).items():
        for _ in range(steps):
            click_button(window, f"seat{seat}+")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    return screen


def click_cell(window: Any, screen: GameScreen, cell: int) -> None:
    click(window, *screen.renderer.cell_rect(cell).center)


def red_pixels(window: Any, rect: Any) -> int:
    image = arcade.get_image(0, 0, *window.get_size())
    h = window.get_size()[1]
    box = (int(rect.left), int(h - rect.top), int(rect.right), int(h - rect.bottom))
    return sum(1 for r, g, b, *_ in image.crop(box).getdata() if r > 200 and g < 120)


def test_launcher_lists_games_and_the_unavailable_plugin(window: Any) -> None:
    screenshot(window, "01_launcher")
    names = [b.name for b in window.current_view.buttons]
    assert {"game:tictactoe", "game:tictactoe-text", "game:broken", "settings", "quit"} <= set(
        names)
    assert "chess (unavailable)" in texts(window)
    assert "the board data file is missing" in texts(window)


def test_keyboard_reaches_set_up_and_back(window: Any) -> None:
    key(window, arcade.key.TAB)
    key(window, arcade.key.ENTER)
    assert isinstance(window.current_view, SetupScreen)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherScreen)


def test_hotseat_preview_validate_undo_redo_and_win(window: Any, tmp_path: Path) -> None:
    screenshot(window, "02_launcher_before_setup")
    click_button(window, "game:tictactoe")
    screenshot(window, "03_setup")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    screenshot(window, "04_game_start")
    click_cell(window, screen, 0)  # a1: a preview, not yet a move
    assert screen.table.session.moves == [] and screen.renderer.pending_move == 0
    assert screen.button_named("validate") is not None
    screenshot(window, "05_preview")
    click_button(window, "validate")
    assert screen.table.session.moves == [0]
    pump(window, 5)
    assert red_pixels(window, screen.renderer.cell_rect(0)) > 50  # the X is drawn
    click_cell(window, screen, 4)
    key(window, arcade.key.ENTER)  # Enter validates too
    assert screen.table.session.moves == [0, 4]
    (saved,) = kept_records(window)
    assert saved.moves == ("a1", "b2") and saved.agents == ("human", "human")
    pump(window, 5)
    key(window, arcade.key.U)
    assert screen.table.session.moves == [0]
    click_button(window, "redo")
    assert screen.table.session.moves == [0, 4]
    for cell in (1, 5, 2):  # b1, c2, c1: crosses complete the first row
        click_cell(window, screen, cell)
        key(window, arcade.key.ENTER)
        pump(window, 5)
    assert screen.table.session.outcome is not None and screen.table.session.outcome.winners == (0,)
    assert screen.overlay == "end" and "Crosses wins." in texts(window)
    screenshot(window, "06_game_over")
    click_button(window, "review")
    screenshot(window, "07_review_board")
    assert not screen.table.session.can_redo()


def test_draw_offer_is_declined_then_accepted_on_screen(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    click_button(window, "special:draw")
    assert screen.overlay == "offer" and screen.table.session.moves == []
    screenshot(window, "08_draw_offer")
    key(window, arcade.key.N)
    assert screen.overlay is None and screen.table.session.outcome is None
    click_button(window, "special:draw")
    click_button(window, "accept")
    assert screen.table.session.outcome is not None
    assert screen.table.session.outcome.reason == "draw agreed"


def test_resign_asks_first_then_ends_the_game_for_the_other_seat(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    click_button(window, "special:resign")
    assert screen.overlay == "confirm" and screen.table.session.outcome is None
    assert screen.button_named("keep") is not None
    assert screen.buttons[screen.focus].name == "keep"  # the harmless answer has the focus
    screenshot(window, "08b_resign_confirm")
    key(window, arcade.key.ENTER)  # Enter on the focused "Keep playing"
    assert screen.overlay is None and screen.table.session.outcome is None
    click_button(window, "special:resign")
    key(window, arcade.key.ESCAPE)  # Esc keeps playing too
    assert screen.overlay is None and screen.table.session.outcome is None
    click_button(window, "special:resign")
    key(window, arcade.key.N)
    assert screen.overlay is None and screen.snapshot.outcome is None
    assert not screen.snapshot.plies
    click_button(window, "special:resign")
    click_button(window, "yes")  # the mouse confirms
    outcome = screen.table.session.outcome
    assert outcome is not None and outcome.winners == (1,)
    assert screen.overlay == "end"


def test_resign_confirmed_with_the_keyboard(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    while screen.focus_name != "special:resign":
        key(window, arcade.key.TAB)
    key(window, arcade.key.SPACE)
    assert screen.overlay == "confirm" and screen.table.session.outcome is None
    key(window, arcade.key.Y)
    outcome = screen.table.session.outcome
    assert outcome is not None and outcome.winners == (1,)


def test_a_game_against_the_computer_to_the_end(window: Any) -> None:
    # tictactoe-text has no renderer: the generic one draws it; Enter plays the selection.
    screen = start_game(window, "tictactoe-text", seats={1: 1})
    assert screen.table.session.agents == ("human", "random")
    screenshot(window, "09_fallback_renderer")
    saw_thinking = False
    while screen.table.session.outcome is None:
        if screen.table.session.to_move == 0:
            wait_until(window, lambda: not screen.animating)
            before = len(screen.table.session.moves)
            key(window, arcade.key.ENTER)
            assert len(screen.table.session.moves) == before + 1
        else:
            before = len(screen.table.session.moves)
            wait_until(window, lambda b=before: screen.thinking is not None
                       or len(screen.table.session.moves) > b)
            if screen.thinking is not None and not saw_thinking:
                saw_thinking = True
                assert any("thinking" in line for line, _ in screen.status_lines())
                screenshot(window, "10_computer_thinking")
            before = len(screen.table.session.moves)
            wait_until(window, lambda b=before: len(screen.table.session.moves) > b)
    assert saw_thinking
    assert screen.overlay == "end"
    screenshot(window, "11_game_over_vs_computer")
    if screen.table.session.can_undo():  # perfect information: undo goes back to a human turn
        key(window, arcade.key.ESCAPE)  # close the result panel
        key(window, arcade.key.U)
        assert screen.table.session.to_move == 0


def test_continue_resumes_the_kept_game(window: Any, tmp_path: Path) -> None:
    screen = start_game(window, "tictactoe")
    for cell in (0, 4):
        click_cell(window, screen, cell)
        key(window, arcade.key.ENTER)
        pump(window, 5)
    key(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherScreen)
    screenshot(window, "12_launcher_with_continue")
    click_continue(window)
    resumed = window.current_view
    assert isinstance(resumed, GameScreen) and resumed.table.session.moves == [0, 4]


def test_a_corrupt_autosave_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / AUTOSAVE).write_text("{not json")
    win = open_window(tmp_path)
    try:
        assert "could not be read" in texts(win)
        assert not (tmp_path / AUTOSAVE).exists()
        moved = list(tmp_path.glob(AUTOSAVE + ".bad-*"))
        assert len(moved) == 1 and moved[0].read_text() == "{not json"
        screenshot(win, "13_corrupt_autosave")
    finally:
        win.app.worker.shutdown()
        win.close()


def test_a_save_that_does_not_replay_is_moved_aside_on_continue(tmp_path: Path) -> None:
    bad = {"format": "tabletop-record", "version": 1, "game": "tictactoe", "players": 2,
           "agents": ["human", "human"], "options": {"misere": False, "handicap": 0},
           "seed": 1, "setup": None, "moves": ["a1", "a1"], "result": None}
    (tmp_path / AUTOSAVE).write_text(json.dumps(bad))  # moved into the library at start
    win = open_window(tmp_path)
    try:
        click_continue(win)
        assert isinstance(win.current_view, LauncherScreen)
        assert "could not be resumed" in texts(win) and "move 2" in texts(win)
        assert len(list((tmp_path / "games").glob("*.json.bad-*"))) == 1
        assert win.app.keeper.in_progress() == []
    finally:
        close_app(win)


def test_a_renderer_that_raises_returns_to_the_launcher_naming_the_plugin(
        window: Any, tmp_path: Path) -> None:
    click_button(window, "game:broken")
    click_button(window, "start")  # the game screen's first frame calls the renderer
    pump(window, 2)
    assert isinstance(window.current_view, LauncherScreen)
    message = texts(window)
    assert "'tictactoe' failed while drawing" in message
    assert "the broken renderer cannot draw" in message
    assert kept_records(window)[0].game == "broken"  # nothing lost
    screenshot(window, "14_plugin_failed")


def test_settings_persist_and_reach_the_renderer(window: Any, tmp_path: Path) -> None:
    click_button(window, "settings")
    screenshot(window, "15_settings")
    click_button(window, "colour_blind")
    click_button(window, "pace+")
    assert json.loads((tmp_path / "settings.json").read_text())["colour_blind"] is True
    key(window, arcade.key.ESCAPE)
    screen = start_game(window, "tictactoe")
    assert screen.renderer.context.colour_blind is True


def test_each_setting_has_a_help_line_under_it(window: Any) -> None:
    """Issue 36: Settings says what each setting does, as set-up says it of each option."""
    click_button(window, "settings")
    screen = window.current_view
    screen.ensure_built()
    placed = {p.text: p for p in screen.texts.items}
    rows = ("Animation per move", "Computer thinking time", "Computer moves shown",
            "Sound volume", "Colour-blind symbols", "Fullscreen (F11)", "Language")
    titles = [placed[title] for title in rows]
    helps = [p for p in placed.values() if p not in titles and p.extent.left > titles[0]
             .extent.left and p.text.endswith(".") and p.text != "Saved automatically. Esc "
             "returns."]
    assert len(helps) == len(rows)  # one line of help a row, under its title
    for title, help_line in zip(titles, sorted(helps, key=lambda p: -p.extent.top),
                                strict=True):
        assert help_line.extent.top <= title.extent.bottom


def test_rules_panel_and_setup_validation(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    key(window, arcade.key.F1)
    rules = window.current_view
    assert isinstance(rules, RulesScreen) and rules.reader is not None
    # A game without a rulebook shows its short rules_help.
    assert "Three marks in a row win." in rules.reader.layout.document.text
    screenshot(window, "16_rules")
    key(window, arcade.key.ESCAPE)
    assert window.current_view is screen and screen.overlay is None
    key(window, arcade.key.N)
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    click_button(window, "option:handicap+")
    click_button(window, "option:handicap+")
    click_button(window, "option:handicap+")  # the stepper stops at the maximum
    assert setup.options["handicap"] == 2
    setup.options["handicap"] = 5  # a value the option refuses is reported, not raised
    click_button(window, "start")
    # Said in the option's label, not its command-line name.
    assert isinstance(window.current_view, SetupScreen)
    assert "5 is above the highest, 2." in texts(window) and "'handicap'" not in texts(window)
    screenshot(window, "17_setup_error")
    assert pixel(window, 5, 5) == (24, 28, 36)


def test_hint_comes_from_the_worker_and_is_marked_on_the_board(window: Any) -> None:
    screen = start_game(window, "tictactoe")
    key(window, arcade.key.H)
    wait_until(window, lambda: screen.renderer.hint is not None)
    assert screen.renderer.hint in screen.table.session.legal_moves()
    assert screen.message.startswith("Hint: ")
    screenshot(window, "19_hint")


def test_two_computers_play_to_the_end_while_the_window_stays_live(window: Any) -> None:
    screen = start_game(window, "tictactoe", seats={0: 1, 1: 1})
    assert screen.table.session.agents == ("random", "random")
    frames = 0
    while screen.table.session.outcome is None:
        pump(window)  # the window keeps drawing while the worker thinks
        frames += 1
        assert frames < 3000, "the AI game did not finish"
    assert screen.overlay == "end"
    assert len(screen.table.session.moves) >= 5
    assert frames > len(screen.table.session.moves)  # frames were drawn between the AI moves
    screenshot(window, "20_ai_vs_ai_over")
