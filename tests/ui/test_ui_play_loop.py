"""The app plays through the one play loop: same game as the CLI, agents that fail, the worker.

Real windows (headless), the real AI worker process, real plugins registered via a Host.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import tabletop_nim
from click.testing import CliRunner
from ui_driver import close_app, key, pump, wait_until

from tabletop.ai.base import Budget
from tabletop.cli import main
from tabletop.play.session import HUMAN, Session
from tabletop.play.simulate import Match, run
from tabletop.plugins import Host, module_sources
from tabletop.record import Record
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window
from tabletop.ui.game_screen import GameScreen
from tests.host import play_toys
from tests.host.test_worker import gone

SEED = 11
AGENTS = ("mcts", "random")
ITERATIONS = 25


def nim_host() -> Host:
    """Nim in process (picklable: the AI worker rebuilds it)."""
    return Host(module_sources([("nim", tabletop_nim)]), disabled=[]).load()


def open_game(factory: Any, directory: Path, agents: tuple[str, str], budget: Budget,
              options: dict[str, Any] | None = None) -> tuple[Any, Session]:
    """A hidden app window playing Nim with `agents`, started from the app's own path."""
    window = make_window(factory(), (1280, 720), visible=False, host_factory=factory,
                         directory=directory, budget=budget)
    window.app.settings.animation_seconds = 0.0
    window.app.settings.ai_pause_seconds = 0.0
    session = Session.new(window.app.host.game("nim"), 2, options or {}, SEED, agents)
    window.app.start_game("nim", session.record())
    pump(window)
    return window, window.current_view.table.session


def test_one_seed_is_one_game_in_simulate_play_text_and_the_app(tmp_path: Path) -> None:
    # STYLE.md "One play loop": the same seed, agents and iteration budget.
    match = Match("nim", 2, AGENTS, {}, Budget(iterations=ITERATIONS))
    simulated = Record.from_json(next(run(nim_host(), match, 1, SEED)).record).moves

    saved = tmp_path / "text.json"
    played = CliRunner().invoke(main, [
        "play", "nim", "--text", "--seat", AGENTS[0], "--seat", AGENTS[1], "--seed", str(SEED),
        "--iterations", str(ITERATIONS), "--save", str(saved)], obj={"host": nim_host()})
    assert played.exit_code == 0, played.output
    in_terminal = Record.from_json(saved.read_text()).moves

    window, session = open_game(nim_host, tmp_path / "app", AGENTS,
                                Budget(iterations=ITERATIONS))
    try:
        wait_until(window, lambda: session.outcome is not None, 120)
        in_app = session.record().moves
    finally:
        close_app(window)
    assert len(simulated) > 4
    assert simulated == in_terminal == in_app


def test_a_failing_agent_gives_way_to_the_next_one_and_the_game_goes_on(
        tmp_path: Path) -> None:
    window, session = open_game(play_toys.make_host, tmp_path, ("crash", "random"),
                                Budget(iterations=5))
    try:
        screen = window.current_view
        wait_until(window, lambda: session.outcome is not None, 120)
        assert window.current_view is screen and isinstance(screen, GameScreen)
        # crash → cheat → blank fail in turn; mcts, the next weaker, plays on.
        assert screen.stand_ins == {"crash": "cheat", "cheat": "blank", "blank": "mcts"}
        assert session.record().agents == ("crash", "random")
    finally:
        close_app(window)


def test_the_status_line_names_the_failed_agent_and_its_stand_in(tmp_path: Path) -> None:
    window, _ = open_game(play_toys.make_host, tmp_path, ("blank", "random"),
                          Budget(iterations=5))
    try:
        screen = window.current_view
        wait_until(window, lambda: bool(screen.stand_ins), 60)
        lines = [text for text, _ in screen.status_lines()]
        assert ("agent 'blank' (plugin 'toys') answered None, which is not a legal move; "
                "'mcts' plays instead.") in lines
    finally:
        close_app(window)


def test_an_agent_past_its_time_gives_way_to_the_random_agent(tmp_path: Path) -> None:
    window, session = open_game(play_toys.make_host, tmp_path, ("sleepy", "random"),
                                Budget(seconds=0.05), {"heaps": "1,2"})
    try:
        screen = window.current_view
        wait_until(window, lambda: session.outcome is not None, play_toys.SLEEPY_SECONDS / 2)
        assert screen.stand_ins == {"sleepy": "random"}
        note = ("agent 'sleepy' (plugin 'toys') thought past its 0.05 s budget and was "
                "stopped; 'random' plays instead.")
        assert note in [text for text, _ in screen.status_lines()]
    finally:
        close_app(window)


def test_killing_the_worker_mid_move_restarts_it_and_the_game_goes_on(tmp_path: Path) -> None:
    window, session = open_game(play_toys.make_host, tmp_path, ("dozy", "random"),
                                Budget(iterations=5), {"heaps": "1,2"})
    try:
        worker = window.app.worker
        wait_until(window, lambda: worker.pid is not None, 60)
        os.kill(worker.pid, signal.SIGKILL)
        wait_until(window, lambda: session.outcome is not None, 60)
        assert isinstance(window.current_view, GameScreen)
        assert worker.starts == 2
        assert window.current_view.stand_ins == {}
    finally:
        close_app(window)


def test_closing_the_window_never_waits_on_a_thinking_agent(tmp_path: Path) -> None:
    window, _ = open_game(play_toys.make_host, tmp_path, ("sleepy", "random"),
                         Budget(iterations=5))
    worker = window.app.worker
    wait_until(window, lambda: worker.pid is not None, 60)
    pid = worker.pid
    began = time.monotonic()
    window.dispatch_event("on_close")  # what the window manager's close button sends
    window.dispatch_events()
    assert time.monotonic() - began < play_toys.SLEEPY_SECONDS / 3
    assert worker.pid is None and pid is not None and gone(pid)


def test_a_hint_past_its_time_is_offered_by_the_random_agent(tmp_path: Path) -> None:
    # The strongest agent of the toys' Nim is `sleepy`, which ignores its budget.
    window, session = open_game(play_toys.make_host, tmp_path, (HUMAN, "random"),
                                Budget(seconds=0.05))
    try:
        screen = window.current_view
        key(window, arcade.key.H)
        assert screen.message == "Looking for a hint (sleepy)…"
        wait_until(window, lambda: screen.message.startswith("Hint: "),
                   play_toys.SLEEPY_SECONDS / 2)
        assert screen.stand_ins == {"sleepy": "random"} and session.moves == []
        hinted = session.game.parse_move(session.state, screen.message.removeprefix("Hint: "))
        assert hinted in session.legal_moves()
    finally:
        close_app(window)
