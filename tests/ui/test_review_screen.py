"""The review on the replay screen, driven headless with real input events on a real
library: Review in the background (the window keeps drawing), the graph, the marks, N/P,
the better move previewed, the review kept; the layout at two sizes."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

import pytest
from ui_driver import (
    click,
    click_button,
    close_app,
    installed_host,
    key,
    open_app,
    pump,
    screenshot,
)

from tabletop.ai.base import Budget
from tabletop.play.review import FLAGGED, digest, review
from tabletop.record import Record
from tabletop.store.library import Library
from tabletop.store.reviews import ReviewStore
from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.replay_screen import ReplayScreen
from tabletop.ui.stats_screen import StatsScreen

RECORD = Path(__file__).parent.parent / "review" / "versus-expert-random.json"


def _open(directory: Path, size: tuple[int, int]) -> tuple[Any, ReplayScreen]:
    record = Record.read(RECORD)
    library = Library.open(directory)
    entry = library.add(record, ["Ada", "Bot"])
    library.close()
    window = open_app(installed_host, directory, size=size)
    click_button(window, "library")
    click_button(window, f"open:{entry.id}")
    screen = window.current_view
    assert isinstance(screen, ReplayScreen)
    screen.review_budget = Budget(iterations=150)  # small: the test checks behaviour
    return window, screen


def _texts(screen: ReplayScreen) -> str:
    return "\n".join(placed.text for placed in screen.laid_out().items)


def _review(window: Any, screen: ReplayScreen) -> int:
    key(window, arcade.key.R)  # a real key press through the window
    assert screen.reviewing
    frames = 0
    while screen.reviewing:  # the window goes on drawing while the review runs
        pump(window)
        frames += 1
        assert frames < 20_000
    return frames


def test_review_runs_in_the_background_and_is_shown_and_kept(tmp_path: Path) -> None:
    window, screen = _open(tmp_path, (1280, 800))
    try:
        assert screen.review is None and "Review (R)" in _texts(screen)
        _review(window, screen)
        assert screen.review is not None
        assert ReviewStore(tmp_path).load(digest(screen.record)) is not None
        pump(window)
        shown = _texts(screen)
        assert "Accuracy: Blue" in shown and "Brown" in shown
        # N: the first flagged move; its mark and the better move with its line.
        key(window, arcade.key.HOME)
        key(window, arcade.key.N)
        first = screen.review.next_flagged(-1, 1)
        assert first is not None and screen.ply == first + 1
        judgement = screen.judgement()
        assert judgement.mark in FLAGGED
        pump(window)
        assert f"Better: {judgement.best}" in _texts(screen)
        # B: the better move previewed on the board, as the game previews a move.
        key(window, arcade.key.B)
        assert screen.previewing
        assert screen.stage.frame.hint == screen.better_move()
        assert screen.stage.frame.view == screen.view_of(screen.played.states[first])
        key(window, arcade.key.B)
        assert not screen.previewing
        key(window, arcade.key.N)
        assert screen.ply - 1 == screen.review.next_flagged(first, 1)
        key(window, arcade.key.P)
        assert screen.ply == first + 1
        # A click on the graph jumps to the move under it.
        rect, count = screen._graph
        click(window, rect.left + rect.width * (10.5 / count), rect.bottom + rect.height / 2)
        assert screen.ply == 11
    finally:
        close_app(window)


def test_a_kept_review_is_shown_at_once_and_a_running_one_can_be_cancelled(
        tmp_path: Path) -> None:
    window, screen = _open(tmp_path, (1280, 800))
    try:
        screen.review_budget = Budget(iterations=3000)  # long enough to cancel
        key(window, arcade.key.R)
        assert screen.reviewing
        seen = set()
        for _ in range(3000):  # the window draws on while the review goes on: its progress
            if len(seen) >= 3:
                break
            pump(window)
            time.sleep(0.01)
            seen |= {line for line in _texts(screen).splitlines()
                     if line.startswith("Reviewing:")}
        assert len(seen) >= 3, seen
        assert screen.reviewing
        click_button(window, "cancel-review")
        deadline = time.monotonic() + 60  # the pool ends the plies it has begun
        while screen.reviewing and time.monotonic() < deadline:
            pump(window)
            time.sleep(0.01)
        assert not screen.reviewing and screen.review is None
        assert ReviewStore(tmp_path).load(digest(screen.record)) is None
    finally:
        close_app(window)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_review_fits_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    window, screen = _open(tmp_path, size)
    try:
        _review(window, screen)
        key(window, arcade.key.HOME)
        key(window, arcade.key.N)
        pump(window)
        assert screen.laid_out().problems(Rect(0, 0, *size)) == []
        area = screen.stage.area
        graph, _ = screen._graph
        assert graph.top <= area.bottom  # the strip lies under the board, not over it
        screenshot(window, f"review_{size[0]}x{size[1]}")
        key(window, arcade.key.B)
        assert screen.laid_out().problems(Rect(0, 0, *size)) == []
        screenshot(window, f"review_better_{size[0]}x{size[1]}")
    finally:
        close_app(window)


def test_statistics_show_the_accuracy_of_reviewed_games_beside_the_rating(
        tmp_path: Path) -> None:
    """A person's game against a level, reviewed: Statistics shows their accuracy under
    the game's rating (docs/review.md)."""
    record = dataclasses.replace(Record.read(RECORD), agents=("human", "Expert"))
    host = installed_host()
    result = review(host, record, budget=Budget(iterations=150))
    ReviewStore(tmp_path).save(digest(record), result.to_dict())
    library = Library.open(tmp_path)
    library.add(record, ["Ada", "Expert"])
    library.close()
    window = open_app(installed_host, tmp_path, size=(1280, 800))
    try:
        click_button(window, "statistics")
        assert isinstance(window.current_view, StatsScreen)
        assert window.current_view.player == "Ada"
        shown = _texts(window.current_view)
        accuracy = result.seat_summary(0).accuracy
        assert f"Accuracy in 1 reviewed game: {accuracy:.1f}%" in shown
        assert "Versus: " in shown  # the rating's line, above it
        assert window.current_view.laid_out().problems(Rect(0, 0, 1280, 800)) == []
    finally:
        close_app(window)
