"""The replay viewer driven headless with real input events, on a real library."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import ui_games
from click.testing import CliRunner
from PIL import Image, ImageChops
from ui_driver import (
    click,
    click_button,
    close_app,
    installed_host,
    key,
    open_app,
    press,
    pump,
    run_clock,
    screenshot,
)

from games.verso.observation import VersoView
from tabletop.cli import main
from tabletop.model import Outcome
from tabletop.plugins import Host
from tabletop.record import Record, record_of, start
from tabletop.store.library import FINISHED, Library
from tabletop.testing import random_record
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.replay_screen import ReplayScreen
from tabletop.ui.setup_screen import SetupScreen

WIN = ("a1", "a2", "b1", "b2", "c1")  # Crosses completes the first row


def _keep(directory: Path) -> str:
    record = Record("tictactoe", 2, {"misere": False, "handicap": 0}, 1, None, WIN,
                    Outcome((1.0, 0.0), (0,), "three in a row"), ("human", "human"))
    library = Library.open(directory)
    entry = library.add(record, ["Ada", "Bob"])
    library.close()
    return entry.id


def _replay(directory: Path, size: tuple[int, int] = (1280, 800)) -> tuple[Any, str]:
    entry_id = _keep(directory)
    window = open_app(ui_games.make_host, directory, size=size)
    click_button(window, "library")
    click_button(window, f"open:{entry_id}")
    assert isinstance(window.current_view, ReplayScreen)
    return window, entry_id


def test_steps_with_keys_and_buttons_and_jumps_by_a_click_in_the_log(tmp_path: Path) -> None:
    window, _ = _replay(tmp_path)
    try:
        screen = window.current_view
        assert screen.ply == 5  # a finished game opens on its result
        shown = "\n".join(t.text for t in screen._labels)
        assert "Ada (Crosses) wins" in shown and "Move 5 of 5" in shown  # the names kept
        screenshot(window, "replay_end")
        key(window, arcade.key.HOME)
        assert screen.ply == 0 and screen.renderer.view == screen.played.states[0]
        key(window, arcade.key.RIGHT)
        key(window, arcade.key.RIGHT)
        assert screen.ply == 2 and screen.renderer.view == screen.played.states[2]
        key(window, arcade.key.LEFT)
        assert screen.ply == 1
        click_button(window, "last")
        assert screen.ply == 5
        click_button(window, "first")
        click_button(window, "forward")
        assert screen.ply == 1
        key(window, arcade.key.END)
        screen.ensure_built()
        rect = next(r for r, p in screen._log_rows if p == 3)
        click(window, *rect.center)  # the third move in the log
        assert screen.ply == 3 and screen.renderer.view == screen.played.states[3]
        assert "Move 3 of 5" in "\n".join(t.text for t in screen._labels)
        screenshot(window, "replay_jumped")
        key(window, arcade.key.ESCAPE)
        assert type(window.current_view).__name__ == "LibraryScreen"
    finally:
        close_app(window)


def test_autoplay_runs_to_the_result_at_the_chosen_speed(tmp_path: Path) -> None:
    window, _ = _replay(tmp_path)
    try:
        screen = window.current_view
        click_button(window, "faster")
        click_button(window, "faster")
        assert "4/s" in "\n".join(t.text for t in screen._labels)
        key(window, arcade.key.SPACE)  # at the end: plays again from the start
        assert screen.playing and screen.ply == 0
        frames = 0
        while screen.playing:
            pump(window)
            frames += 1
            assert frames < 400
        shown = "\n".join(t.text for t in screen._labels)
        assert screen.ply == 5 and "Ada (Crosses) wins" in shown
        # Five moves at 4 per second of 1/60 s frames: at least 15 frames a move.
        assert frames >= 5 * 15
    finally:
        close_app(window)


def test_play_on_from_a_replayed_position_is_a_new_game(tmp_path: Path) -> None:
    window, entry_id = _replay(tmp_path)
    try:
        key(window, arcade.key.HOME)
        key(window, arcade.key.RIGHT)
        key(window, arcade.key.RIGHT)
        click_button(window, "play-on")
        setup = window.current_view
        assert isinstance(setup, SetupScreen) and setup.button_named("seed") is None
        screenshot(window, "replay_play_on_setup")
        click_button(window, "seat1+")  # the computer takes Noughts
        click_button(window, "start")
        game = window.current_view
        assert isinstance(game, GameScreen) and game.table.session.moves == [0, 3]
        assert game.table.session.agents[1] != "human"
        keeper = window.app.keeper
        keeper.flush()
        entries = keeper.library.entries()
        assert len(entries) == 2
        original = keeper.library.get(entry_id)
        assert original.status == FINISHED and original.plies == 5  # untouched
    finally:
        close_app(window)


def test_a_hidden_information_game_shows_what_the_players_saw(tmp_path: Path) -> None:
    host = Host(disabled=("versus",)).load()
    game = host.game("verso")
    state, options = start(game, 2, {}, 5)
    states, moves = [state], []
    while game.to_move(state) is not None and len(moves) < 6:
        move = game.legal_moves(state)[0]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    library = Library.open(tmp_path)
    entry = library.add(record_of(game, 2, options, 5, states, moves, ("human", "greedy")),
                        ["Ada", "greedy"])
    library.close()
    window = open_app(lambda: Host(disabled=("versus",)).load(), tmp_path, size=(800, 600))
    try:
        window.app.show_replay(entry.id)
        screen = window.current_view
        assert isinstance(screen, ReplayScreen) and screen.ply == 6
        key(window, arcade.key.HOME)
        key(window, arcade.key.END)
        assert isinstance(screen.renderer.view, VersoView)  # an observation, not the state
        assert screen.renderer.view == game.observation(states[-1], 0)
        screenshot(window, "replay_verso_800")
    finally:
        close_app(window)


def test_screenshot_draws_the_viewer_at_a_ply(tmp_path: Path) -> None:
    record = Record("tictactoe", 2, {"misere": False, "handicap": 0}, 1, None, WIN,
                    Outcome((1.0, 0.0), (0,), "three in a row"), ("human", "human"))
    source = tmp_path / "game.json"
    source.write_text(record.to_json(), encoding="utf-8")
    host = ui_games.make_host()
    out = tmp_path / "ply2.png"
    ran = CliRunner().invoke(main, ["screenshot", "tictactoe", "--record", str(source),
                                    "--ply", "2", "--out", str(out), "--size", "800x600"],
                             obj={"host": host})
    assert ran.exit_code == 0, ran.output
    image = Image.open(out)
    assert image.size == (800, 600) and len(set(image.getdata())) > 10
    wrong = CliRunner().invoke(main, ["screenshot", "tictactoe", "--record", str(source),
                                      "--ply", "9", "--out", str(out)], obj={"host": host})
    assert wrong.exit_code == 1
    assert "--ply 9 is out of range: the record has 5 moves" in wrong.output


ANIMATION = 0.3  # seconds a step's transition lasts in the replays below


def _keep_played(directory: Path, host: Host, game_id: str, players: int, seed: int) -> str:
    """Keep a finished game of `game_id` played by seeded random moves; its library
    entry's id."""
    library = Library.open(directory)
    entry = library.add(random_record(host.game(game_id), players, seed),
                        ["Ada", "Bob"][:players])
    library.close()
    assert entry.status == FINISHED
    return entry.id


def _drawn_afresh(window: Any, entry_id: str, ply: int) -> Image.Image:
    """The window showing a new viewer of `entry_id` put straight on `ply` (no step, no
    animation), drawn once; the viewer shown before is shown again afterwards."""
    shown = window.current_view
    fresh = ReplayScreen.open(window.app, entry_id)
    window.show_view(fresh)
    fresh.go(ply)
    assert not fresh.animating
    pump(window)
    picture = arcade.get_image(0, 0, *window.get_size()).convert("RGB")
    window.show_view(shown)
    pump(window)
    return picture


@pytest.mark.parametrize(("game_id", "players"), [
    ("verso", 1), ("versus", 2), ("reversi", 2)])  # Reversi: the board toolkit's renderer
def test_a_step_ends_on_the_position_after_it_while_the_app_idles(
        tmp_path: Path, game_id: str, players: int) -> None:
    # The play-tester's report: Home, → showed the first step's animation frozen in its
    # first frame (a card over the deck, the table empty) until the next key press. The
    # step must end on the very picture of its ply shown straight away (last move marked
    # alike: a jump marks it as a step does).
    entry_id = _keep_played(tmp_path, installed_host(), game_id, players, 3)  # Versus: 230 plies
    window = open_app(installed_host, tmp_path, size=(800, 600), animation=ANIMATION)
    try:
        click_button(window, "library")
        click_button(window, f"open:{entry_id}")
        screen = window.current_view
        assert isinstance(screen, ReplayScreen) and screen.ply == screen.last
        press(window, arcade.key.HOME)
        run_clock(window, 2.0)
        assert screen.ply == 0
        for ply in (1, 2):
            press(window, arcade.key.RIGHT)  # one step forward, animated
            assert screen.ply == ply and screen.animating
            drawn = run_clock(window, ANIMATION + 0.1)
            assert not screen.animating
            on_screen = arcade.get_image(0, 0, *window.get_size()).convert("RGB")
            idle = run_clock(window, 0.5)
            afresh = _drawn_afresh(window, entry_id, ply)
            assert ImageChops.difference(on_screen, afresh).getbbox() is None, \
                f"after step {ply} the screen is not the position after move {ply}"
            assert drawn >= ANIMATION * 60  # every frame of the animation was drawn
            assert idle == 0  # and then the app idles: no frame drawn
    finally:
        close_app(window)


@pytest.mark.parametrize("failing", ["animate", "update", "animating"])
def test_a_renderer_that_raises_while_stepping_is_named_and_the_app_goes_on(
        tmp_path: Path, failing: str) -> None:
    """A plugin's renderer that raises when a step animates (as it starts, on its first
    update, or on a frame while it runs): one line naming the game and the Library again,
    never a crash (the kept game stays as it was)."""
    window, entry_id = _replay(tmp_path)
    try:
        screen = window.current_view
        key(window, arcade.key.HOME)
        renderer = type(screen.renderer)

        def broken(*args: Any) -> Any:
            raise RuntimeError("the renderer tripped")

        def broken_while_moving(self: Any, delta_time: float) -> bool:
            # Starts its transition, then raises on a frame of it (the app's clock).
            moving = renderer.update(self, delta_time)
            if moving and delta_time > 0:
                raise RuntimeError("the renderer tripped")
            return moving

        methods = ({"update": broken_while_moving} if failing == "animating"
                   else {failing: broken})
        patched = type("Tripping", (renderer,), methods)
        screen.renderer.__class__ = patched
        press(window, arcade.key.RIGHT)
        run_clock(window, 0.5)  # the app's clock: update, then draw on demand
        library = window.current_view
        assert type(library).__name__ == "LibraryScreen"
        pump(window)
        shown = "\n".join(t.text for t in library._labels)
        assert "the renderer tripped" in shown and "\n" not in library.message
        assert Library.open(tmp_path).read_record(entry_id).moves == WIN
    finally:
        close_app(window)


@pytest.mark.parametrize("language", ["fr", "de"])
def test_long_moves_wrap_in_the_log_and_the_log_still_scrolls_and_jumps(
        tmp_path: Path, language: str) -> None:
    """At 800x600 a six-player Verso game's long move sentences take two lines or more,
    none is cut; Home shows the first moves, a click on a row jumps to its move."""
    from tabletop import i18n
    from tabletop.store.settings import Settings

    i18n.set_language(language)
    Settings(language=language).save(tmp_path)
    library = Library.open(tmp_path)
    entry = library.add(random_record(installed_host().game("verso"), 6, 3),
                        ["Ada", "Bob", "Cy", "Di", "Ed", "Flo"])
    library.close()
    window = open_app(installed_host, tmp_path, size=(800, 600), animation=0)
    try:
        window.app.show_replay(entry.id)
        screen = window.current_view
        assert isinstance(screen, ReplayScreen)
        pump(window)
        rows = [p for p in screen.texts.items
                if any(r.contains(*p.extent.center) for r, _ in screen._log_rows)]
        assert rows and not [p for p in rows if p.cut]
        one_line = screen.line(11, 1.35) + screen.px(4)  # a row's height for one line
        assert any(r.height > 1.5 * one_line for r, _ in screen._log_rows), [
            (p.text, p.extent.height) for p in rows]  # rows of two lines and more
        assert screen._log_rows[-1][1] == screen.last  # the result's move is in sight
        key(window, arcade.key.HOME)
        screen.ensure_built()
        assert screen.ply == 0 and [p for _, p in screen._log_rows][:1] == [1]
        rect, ply = screen._log_rows[2]
        click(window, *rect.center)
        assert screen.ply == ply == 3
    finally:
        close_app(window)


def test_a_game_a_resignation_out_of_turn_ended_replays_as_over_with_its_verdict(
        tmp_path: Path) -> None:
    # Issue 37: a kept Versus game Blue resigned while Brown was to move (the record as
    # issue 33 wrote it): at its end nobody is to move, the log's last row says the
    # resignation, and the result shows who won, no marks as points.
    record = Record.from_json(
        '{"format": "tabletop-record", "version": 1, "game": "versus", "players": 2,'
        ' "agents": ["human", "human"], "options": {"versus_may_stop_on_target": false,'
        ' "repetition_limit": 3, "ply_limit": 0, "start_position": null, "targets": null},'
        ' "seed": 1, "setup": null, "moves": ["a1-b1"], "result": {"scores": [0.0, 1.0],'
        ' "winners": [1], "reason": "Blue resigned"}, "ended": "resigned"}')
    library = Library.open(tmp_path)
    entry = library.add(record, ["Ada", "Bob"])
    library.close()
    window = open_app(installed_host, tmp_path, size=(1280, 800))
    try:
        click_button(window, "library")
        click_button(window, f"open:{entry.id}")
        screen = window.current_view
        assert isinstance(screen, ReplayScreen)
        key(window, arcade.key.END)
        pump(window, 2)
        assert screen.ply == 1
        assert screen.log_row(1) == "1. Ada moves a pawn from a1 to b1 (a1-b1).\nAda resigned."
        assert screen.renderer.status() == "Game over."
        shown = [label.text for label in screen._labels]
        assert any(text.startswith("Game over (Blue resigned): ") for text in shown), shown
        assert not any(" 0," in text or " 1;" in text for text in shown), shown
        key(window, arcade.key.HOME)
        pump(window, 2)
        assert screen.renderer.status() == "Blue to move."
    finally:
        close_app(window)
