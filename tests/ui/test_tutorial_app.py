"""The guided first games in the app, driven by real input events (headless): reached from
the launcher and the rules screen, played through to the real game against the computer
(Versus by the mouse, Verso by the keyboard alone), a move the step does not ask for
refused with the reason, the step kept when the learner leaves and comes back, and every
step laid out at 800×600 and 1280×800 with what it names framed on the board.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image
from test_layout import problems
from ui_driver import (
    click,
    click_button,
    close_app,
    installed_host,
    key,
    open_app,
    pump,
    show_game_card,
    wait_until,
)

from games.verso.rules import bank_cards
from games.verso.state import Bank
from games.versus.board import CELL_OF_NAME
from tabletop.cli import main
from tabletop.play.session import HUMAN
from tabletop.play.table import Played
from tabletop.plugins import Host
from tabletop.store.paths import TUTORIALS
from tabletop.tutorial import asked_moves, tutorial_of
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.tutorial_screen import TutorialScreen


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=(1280, 800), animation=0.05)
    yield win
    close_app(win)


def learn(window: Any, game_id: str) -> TutorialScreen:
    """From the launcher: "Learn <game>"."""
    if not isinstance(window.current_view, LauncherScreen):
        window.app.show_launcher()
        pump(window)
    show_game_card(window, game_id)  # the page of the launcher that lists it
    click_button(window, f"learn:{game_id}")
    screen = window.current_view
    assert isinstance(screen, TutorialScreen), type(screen).__name__
    pump(window)
    return screen


def settle(window: Any, screen: TutorialScreen) -> None:
    """Pump frames until the other side's answers and every animation are over."""
    wait_until(window, lambda: not screen.answers and not screen.animating,
               seconds=20)
    pump(window)


def cell(screen: TutorialScreen, name: str) -> tuple[float, float]:
    return screen.renderer.board_layout.centres[CELL_OF_NAME[name]]


def play_versus(window: Any, screen: TutorialScreen, text: str) -> None:
    """A Versus move as a player makes it: its piece, its destination, VALIDATE."""
    frm, to = text.lstrip("V").split("-")
    click(window, *cell(screen, frm))
    click(window, *cell(screen, to))
    assert screen.renderer.pending_move is not None, text
    click_button(window, "validate")


def test_versus_is_learnt_by_the_mouse_to_a_real_game(window: Any) -> None:
    screen = learn(window, "versus")
    tutorial = screen.tutorial
    assert screen.number == 1 and not screen.step.asks
    assert "versus.md" not in screen.step.text  # the player's words, not the files'
    for step in tutorial.steps:
        assert screen.number == step.number
        # What the step names is framed on the board: every name is a cell.
        assert screen.stage.frame.marks == step.look
        assert tuple(screen.stage.missing_marks()) == ()
        assert screen.renderer.looked == tuple(CELL_OF_NAME[name] for name in step.look)
        if step.asks:
            assert screen.button_named("next") is not None
            assert not screen.button_named("next").enabled  # the move first
            play_versus(window, screen, step.ask[0])
            assert screen.played and screen.message == step.done
            settle(window, screen)
        click_button(window, "next")
        if step.number < len(tutorial.steps):
            settle(window, screen)
            # The position shown is the next step's own, whatever was animated.
            expected = tutorial.position(screen.game, step.number + 1).final
            assert screen.table.session.state == expected
    game = window.current_view
    assert isinstance(game, GameScreen)
    assert game.table.session.agents == (HUMAN, "Casual") and game.table.session.moves == []


def test_a_move_the_step_does_not_ask_for_is_refused_with_why(window: Any) -> None:
    screen = learn(window, "versus")
    key(window, arcade.key.N)
    key(window, arcade.key.N)
    assert screen.number == 3 and screen.step.ask == ("a4-b4",)
    play_versus(window, screen, "a5-b5")  # a legal step, not this step's
    assert screen.table.session.moves == [] and not screen.played
    assert screen.message == f"Not this move. {screen.step.why_not}"
    # The sidebar says it, and what that move would have done (the window has room).
    shown = [text for text, _ in screen.sidebar().status]
    assert shown[-1].startswith(f"{screen.message} (a5-b5: steps the pawn from a5 to b5")
    # The board still takes the move asked for; Show me marks it first.
    click_button(window, "show")
    assert screen.renderer.hint is not None
    assert screen.game.move_to_text(screen.table.session.state, screen.renderer.hint) == "a4-b4"
    play_versus(window, screen, "a4-b4")
    assert screen.played and screen.table.session.moves[-1] == screen.renderer.last_move


def test_verso_is_learnt_by_the_keyboard_alone(window: Any) -> None:
    screen = learn(window, "verso")
    tutorial = screen.tutorial
    for step in tutorial.steps:
        assert screen.number == step.number
        assert screen.stage.frame.marks == step.look, step.title
        assert tuple(screen.stage.missing_marks()) == (), step.title
        if step.asks:
            move = screen.game.parse_move(screen.table.session.state, step.ask[0])
            if isinstance(move, Bank):
                select_by_keys(window, screen, move)
                key(window, arcade.key.ENTER)  # VALIDATE
            else:
                key(window, arcade.key.D)
                key(window, arcade.key.F if step.ask[0] == "flip" else arcade.key.K)
            assert screen.played, step.title
            settle(window, screen)
        key(window, arcade.key.N)
        if step.number < len(tutorial.steps):
            settle(window, screen)
    game = window.current_view
    assert isinstance(game, GameScreen)
    assert game.table.session.agents == (HUMAN, "Beginner") and game.table.session.players == 2


def select_by_keys(window: Any, screen: TutorialScreen, move: Bank) -> None:
    """The cards of a bank chosen with the arrows and Space, as a player at the keyboard."""
    renderer = screen.renderer
    for wanted in bank_cards(move).values():
        for _ in range(30):
            if renderer.cursor == wanted:
                break
            key(window, arcade.key.RIGHT)
        assert renderer.cursor == wanted
        key(window, arcade.key.SPACE)
    assert renderer.pending_move == move


def test_leaving_and_coming_back_resumes_at_the_step(window: Any, tmp_path: Path) -> None:
    screen = learn(window, "versus")
    for _ in range(3):
        key(window, arcade.key.N)  # the third waits for step 3's move
    assert screen.number == 3
    key(window, arcade.key.BACKSPACE)
    assert screen.number == 2
    key(window, arcade.key.N)
    assert screen.number == 3
    key(window, arcade.key.ESCAPE)  # Leave
    assert isinstance(window.current_view, LauncherScreen)
    kept = json.loads((tmp_path / TUTORIALS).read_text(encoding="utf-8"))
    assert kept == {"version": 1, "steps": {"versus": 3}}
    again = learn(window, "versus")
    assert again is not screen and again.number == 3
    assert again.table.session.state == again.tutorial.position(again.game, 3).final
    # Another game's tutorial keeps its own place.
    assert learn(window, "verso").number == 1


def test_the_rules_open_on_the_glance_and_lead_to_the_tutorial(window: Any) -> None:
    app = window.app
    launcher = window.current_view
    window.show_view(RulesScreen(app, app.host.game("versus").info, launcher))
    rules = window.current_view
    pump(window)
    assert rules.page == "glance" and len(rules.glance.pictures) == 2
    key(window, arcade.key.R)
    assert rules.page == "rulebook"
    key(window, arcade.key.G)
    key(window, arcade.key.KEY_4)  # a section's key reads on, into the rulebook
    assert rules.page == "rulebook" and rules.reader.offset > 0
    click_button(window, "learn")
    screen = window.current_view
    assert isinstance(screen, TutorialScreen) and screen.game_id == "versus"
    key(window, arcade.key.F1)  # the rules over the tutorial offer no second tutorial
    over = window.current_view
    assert isinstance(over, RulesScreen) and over.button_named("learn") is None
    key(window, arcade.key.ESCAPE)
    assert window.current_view is screen


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_step_keeps_its_text_in_its_boxes(tmp_path: Path, size: tuple[int, int]) -> None:
    window = open_app(installed_host, tmp_path, size=size, animation=0)
    try:
        found = []
        for game_id in ("versus", "verso"):
            tutorial = tutorial_of(window.app.host.game(game_id))
            assert tutorial is not None
            for step in tutorial.steps:
                window.app.show_tutorial(game_id, step.number)
                screen = window.current_view
                assert isinstance(screen, TutorialScreen)
                found += problems(window, f"{game_id} step {step.number}")
                if step.asks:  # with the longest words it says: a refusal, and why
                    asked = asked_moves(screen.game, screen.table.session.state, step)
                    other = next(m for m in screen.table.session.legal_moves() if m not in asked)
                    screen.submit(other)
                    assert screen.message.startswith("Not this move")
                    found += problems(window, f"{game_id} step {step.number} refusing")
            window.app.show_rules(window.app.host.game(game_id).info, window.current_view)
            found += problems(window, f"{game_id} rules at a glance")
        window.app.show_launcher()
        found += problems(window, "launcher with Learn")
        assert not found, "\n".join(found)
    finally:
        close_app(window)


def test_the_screenshot_command_draws_a_step(tmp_path: Path) -> None:
    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(main, ["screenshot", *args], obj={"host": Host()})
        return result.exit_code, result.output

    out = tmp_path / "step.png"
    code, said = run("--screen", "tutorial", "--game", "versus", "--step", "8", "--size",
                     "800x600", "--out", str(out))
    assert code == 0, said
    with Image.open(out) as image:
        assert image.size == (800, 600)
        assert len(set(image.convert("RGB").getdata())) > 8
    for args, message in (
            (["--screen", "tutorial", "--game", "versus", "--step", "99"],
             "--step 99 is out of range: Learn Versus has steps 1 to 15"),
            (["--screen", "tutorial"], "--screen tutorial needs --game ID"),
            (["--screen", "launcher", "--step", "2"], "--step goes with --screen tutorial")):
        code, said = run(*args, "--out", str(tmp_path / "x.png"))
        assert code != 0 and message in said and "Traceback" not in said, said


def test_reversi_frames_its_squares_with_the_board_toolkit(window: Any) -> None:
    """A plugin on the public toolkit: its tutorial's names are cells the toolkit frames."""
    screen = learn(window, "reversi")
    for step in screen.tutorial.steps:
        window.app.show_tutorial("reversi", step.number)
        shown = window.current_view
        assert isinstance(shown, TutorialScreen)
        pump(window)
        assert shown.renderer.marks == step.look
        assert tuple(shown.stage.missing_marks()) == (), step.title
        assert len(shown.renderer.looked) == len(step.look)
    # The pass it asks for is a button of the status line, pressed as a player would.
    window.app.show_tutorial("reversi", 5)
    shown = window.current_view
    pump(window)
    (rect, move), = shown.renderer._chips
    click(window, *rect.center)
    assert shown.played and shown.table.session.moves[-1] == move


def test_the_tutorial_plays_at_a_table_its_moves_and_the_answers(window: Any) -> None:
    """Issue 34: the tutorial played on its own (`Session.play`, three places). Now the
    learner's move is proposed to a `Table` and the other side's answers are its
    scripted seats' moves: each reaches the table's listeners as a `Played`."""
    screen = learn(window, "versus")
    assert not hasattr(screen, "session")
    heard: list[Played] = []
    watched = None
    for step in screen.tutorial.steps:
        if screen.table is not watched:  # a step shown from its own position: a new table
            watched = screen.table
            watched.listen(lambda event: heard.append(event)
                           if isinstance(event, Played) else None)
        if step.asks:
            before = len(heard)
            play_versus(window, screen, step.ask[0])
            assert [(e.seat, e.by_agent) for e in heard[before:]] == [(screen.seat, False)]
            settle(window, screen)
        if step.number == len(screen.tutorial.steps):
            break
        before, table = len(heard), screen.table
        click_button(window, "next")
        settle(window, screen)
        if screen.table is table and len(heard) > before:
            # The answers on the way to the next step: the script's, told as played.
            assert all(e.by_agent and e.seat != screen.seat for e in heard[before:])
            assert screen.table.snapshot(screen.seat).notations == \
                screen.step.moves[:screen.table.plies]
            return
    raise AssertionError("no step of the Versus tutorial is reached by answers")


@pytest.mark.parametrize("game_id", ["verso", "versus"])
def test_a_long_step_leaves_the_move_log_its_rows_at_1280x800(window: Any,
                                                              game_id: str) -> None:
    """Issue 36: a long step's words never hide the move log in a wide window."""
    screen = learn(window, game_id)
    for number in range(1, len(screen.tutorial.steps) + 1):
        window.app.show_tutorial(game_id, number)
        pump(window)
        step = window.current_view
        assert step.log_room >= 8, (number, step.log_room)
