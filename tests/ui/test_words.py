"""Issue 12, a player's words: options in plain words, and AI turns a person can follow.

Driven through the real app (installed plugins, the real AI worker process) headless.
"""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click_button, close_app, installed_host, open_app, pump, wait_until

from tabletop.lines import render
from tabletop.model import Outcome
from tabletop.play import option_words
from tabletop.play.session import Session
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import Seat
from tabletop.store.library import Library
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.setup_screen import SetupScreen


def shown(window: Any) -> str:
    return "\n".join(t.text for t in window.current_view._labels)


@pytest.mark.parametrize("game_id", ["versus", "verso"])
def test_set_up_shows_options_in_plain_words_never_names_or_data(tmp_path: Path,
                                                                  game_id: str) -> None:
    window = open_app(installed_host, tmp_path)
    try:
        click_button(window, f"game:{game_id}")
        setup = window.current_view
        assert isinstance(setup, SetupScreen)
        text = shown(window)
        for option in setup.game.info.options:
            if setup.players < option.min_players:
                assert option_words.title(option) not in text  # nothing at this table
                continue
            title = option_words.title(option)
            assert "_" not in title and title in text  # not "ply_limit"
            assert option_words.help_line(option) in text
            assert option_words.value_text(option, option.default) in text
        assert "None" not in text and "-1" not in text and "data" not in text
    finally:
        close_app(window)


def test_set_up_steps_an_option_through_its_named_presets(tmp_path: Path) -> None:
    window = open_app(installed_host, tmp_path)
    try:
        click_button(window, "game:versus")
        click_button(window, "option:ply_limit+")
        assert "100 moves, 50 each" in shown(window)
        click_button(window, "option:ply_limit-")
        click_button(window, "option:ply_limit-")  # wraps round to the last preset
        assert "400 moves, 200 each" in shown(window)
        assert window.current_view.options["ply_limit"] == 400
    finally:
        close_app(window)


def play_two_computers(tmp_path: Path, pause: float, plies: int) -> tuple[list[int], Any]:
    """Versus, both seats the computer: the frame at which each of the first `plies`
    moves was played (a frame is 1/60 s of the app's clock), and the window."""
    window = open_app(installed_host, tmp_path)
    window.app.settings.ai_pause_seconds = pause
    click_button(window, "game:versus")
    click_button(window, "seat0+")
    click_button(window, "seat1+")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    assert all(screen.table.session.is_ai(seat) for seat in (0, 1))
    frames: list[int] = []
    frame, deadline = 0, time.monotonic() + 60
    while len(frames) < plies and time.monotonic() < deadline:
        before = len(screen.table.session.moves)
        pump(window)
        frame += 1
        played = len(screen.table.session.moves) - before
        assert played <= 1, "two computer moves were played in one frame"
        if played:
            frames.append(frame)
            # What happened, in words, on the status line (the ply's log lines).
            assert screen.message == " ".join(
                render(line, screen.game.info.seat_names).strip()
                for line in screen.table.session.log[-1])
            assert screen.message.startswith(("Blue", "Brown"))
            assert screen.renderer.animating  # its animation plays
    return frames, window


def test_two_computer_seats_show_each_move_for_the_pace(tmp_path: Path) -> None:
    frames, window = play_two_computers(tmp_path, pause=0.5, plies=4)
    try:
        assert len(frames) == 4
        # Each move stays on show its animation (0.05 s) plus the pace (0.5 s).
        gaps = [b - a for a, b in itertools.pairwise(frames)]
        assert min(gaps) >= 0.55 * 60 - 1, gaps
    finally:
        close_app(window)


def test_two_computer_seats_at_instant_pace_still_show_every_move(tmp_path: Path) -> None:
    frames, window = play_two_computers(tmp_path, pause=0.0, plies=4)
    try:
        assert len(frames) == 4  # one move per frame at most, each animated (above)
        assert window.current_view.table.session.outcome is None
    finally:
        close_app(window)


def test_a_chosen_computer_move_held_for_the_pace_is_not_called_thinking(
        tmp_path: Path) -> None:
    """While the computer's chosen move waits for the pace, the status line says it plays
    in a moment (never "is thinking") and the last move's sentence stays on show."""
    window = open_app(installed_host, tmp_path)
    try:
        window.app.settings.ai_pause_seconds = 30.0  # long enough to look at it
        click_button(window, "game:versus")
        click_button(window, "seat0+")
        click_button(window, "seat1+")
        click_button(window, "start")
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        wait_until(window, lambda: len(screen.table.session.moves) == 1)
        told = screen.message
        wait_until(window, lambda: screen.move_held)
        pump(window)
        texts = [placed.text for placed in screen.texts.items]
        who = screen.game.info.seat_name(screen.table.session.to_move)
        assert f"{who} plays in a moment." in texts
        assert not [text for text in texts if "thinking" in text]
        assert told.startswith("Blue") and told in texts
        assert len(screen.table.session.moves) == 1  # held: not played yet
    finally:
        close_app(window)


def finished_solo(host: Host, seed: int) -> Session:
    """A solo Verso game played to its end by a seeded random hand."""
    session = Session.new(host.game("verso"), 1, {}, seed, ("human",))
    rng = random.Random(seed)
    while session.outcome is None:
        session.play(rng.choice(list(session.legal_moves())))
    return session


def test_solo_end_screen_gives_score_rating_and_personal_best(tmp_path: Path) -> None:
    # verso.md §7: the rating bands; the personal best comes from the library.
    library = Library.open(tmp_path)
    for score in (12, 19):
        library.add(Record("verso", 1, {}, score, None, ("keep",),
                           Outcome((score,), (0,), "the deck ran out"), ("human",)), ["Ada"])
    library.close()
    window = open_app(installed_host, tmp_path)
    try:
        session = finished_solo(window.app.host, 3)
        score = session.outcome.scores[0]
        window.app.start_game("verso", session.record(), [Seat.person(0, "Ada")])
        pump(window, 2)
        text = shown(window)
        assert f"Ada scored {score:g} points." in text
        assert "The rulebook's rating: " in text
        best = ("A new personal best! Your best before was 19 points." if score > 19
                else "Your personal best is 19 points.")
        assert best in text
        assert "wins" not in text and "Player 1" not in text
    finally:
        close_app(window)
