"""The generic text renderer shows a seat's view, never the whole state: two people at one
screen see, each on their turn, their own card only (the shell hands the renderer the
seat's text, `tabletop.model.seat_text`)."""

from __future__ import annotations

from pathlib import Path

from ui_driver import close_app, open_app, pump

from tabletop.play.session import HUMAN, Session
from tabletop.seats import seats_of
from tabletop.ui.game_screen import GameScreen
from tests.host.toys import peek_host


def _shown(screen: GameScreen) -> str:
    return "\n".join(placed.text for placed in screen.stage.placed())


def test_each_person_sees_only_their_own_card_on_their_turn(tmp_path: Path) -> None:
    window = open_app(peek_host, tmp_path / "data", animation=0.0)
    try:
        game = window.app.host.game("duel")
        session = Session.new(game, 2, {}, 4, (HUMAN, HUMAN))
        window.app.start_game("duel", session.record(), seats_of(session.agents, ["Ada", "Bob"]))
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        session = screen.table.session
        pump(window, 2)
        hands = session.state.hands
        assert f"seat 0 holds {hands[0]}" in _shown(screen)
        assert f"holds {hands[1]}" not in _shown(screen)
        screen.submit(session.legal_moves()[0])
        pump(window, 2)
        assert f"seat 1 holds {session.state.hands[1]}" in _shown(screen)
        assert "seat 0 holds" not in _shown(screen)
    finally:
        close_app(window)
