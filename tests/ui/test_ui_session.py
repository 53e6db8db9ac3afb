"""The shell's game logic without a window: undo rules, consent, saves, screenshots."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import pytest
import ui_games
from PIL import Image

from tabletop.model import TabletopError
from tabletop.play.session import HUMAN, Session
from tabletop.store.paths import SETTINGS
from tabletop.store.settings import Settings


def session(game: Any, agents: tuple[str, str] = (HUMAN, HUMAN)) -> Session:
    return Session.new(game, 2, {}, 7, agents)


def test_undo_goes_back_to_the_human_turn_past_ai_moves() -> None:
    s = session(ui_games.TicTacToe(), (HUMAN, "random"))
    s.play(0)
    s.play(4)
    assert s.undo() and s.moves == [] and s.to_move == 0
    assert s.redo() and s.moves == [0, 4]


def test_no_undo_of_an_ai_move_already_shown_in_a_hidden_information_game() -> None:
    game = ui_games.TicTacToe()
    game.info = dataclasses.replace(game.info, hidden_information=True)
    s = session(game, (HUMAN, "random"))
    s.play(0)
    s.play(4)
    assert not s.can_undo() and not s.undo() and s.moves == [0, 4]


def test_no_undo_past_a_ply_that_revealed_something() -> None:
    class Revealing(ui_games.TicTacToe):
        def reveals(self, before: Any, move: Any, after: Any) -> bool:
            return move == 4

    s = session(Revealing())
    s.play(4)
    s.play(0)
    assert s.undo() and s.moves == [4]
    assert not s.undo() and s.moves == [4]


def test_a_draw_offer_needs_consent_and_resigning_does_not() -> None:
    s = session(ui_games.TicTacToe())
    assert s.needs_consent("draw") and not s.needs_consent("resign")


def test_a_resignation_stands_undo_and_redo_refuse_to_take_it_back() -> None:
    # Issue 20: the front end asks first because a resignation ends the game for good;
    # the session, which every front end undoes through, must hold to that.
    s = session(ui_games.TicTacToe(), (HUMAN, "random"))
    s.play(0)
    s.play(4)
    s.play("resign")
    assert s.outcome is not None and s.final_move() == "resign"
    assert not s.can_undo() and not s.undo() and s.moves == [0, 4, "resign"]
    assert not s.can_redo() and not s.redo() and s.moves == [0, 4, "resign"]
    assert s.undo_refusal() == "Nothing that may be undone: the game was resigned."


def test_an_agreed_draw_stands_and_an_ordinary_last_move_does_not() -> None:
    s = session(ui_games.TicTacToe())
    s.play(0)
    s.play("draw")
    assert not s.undo() and s.moves == [0, "draw"]
    assert s.undo_refusal() == "Nothing that may be undone: the draw was agreed."
    won = session(ui_games.TicTacToe())
    for move in (0, 3, 1, 4, 2):  # a row: the game ends by an ordinary move
        won.play(move)
    assert won.outcome is not None and won.final_move() is None
    assert won.undo() and won.moves == [0, 3, 1, 4]


def test_a_new_move_clears_redo_and_the_record_names_the_players() -> None:
    s = session(ui_games.TicTacToe(), (HUMAN, "random"))
    s.play(0)
    s.play(1)
    s.undo()
    s.play(2)
    assert not s.can_redo()
    record = s.record()
    assert record.moves == ("c1",) and record.agents == (HUMAN, "random")


def test_resuming_a_save_with_an_unknown_player_is_refused() -> None:
    host = ui_games.make_host()
    record = dataclasses.replace(session(host.game("tictactoe")).record(),
                                 agents=("human", "grandmaster"))
    with pytest.raises(TabletopError, match="unknown player 'grandmaster'"):
        Session.from_record(host, record)


def test_settings_round_trip_and_a_bad_file_is_moved_aside(tmp_path: Path) -> None:
    settings = Settings(animation_seconds=1.0, colour_blind=True)
    settings.save(tmp_path)
    assert Settings.load(tmp_path) == (settings, None)
    (tmp_path / SETTINGS).write_text('["colour_blind", "yes"]')  # not an object
    loaded, message = Settings.load(tmp_path)
    assert loaded == Settings() and message and "moved to" in message
    assert len(list(tmp_path.glob("settings.json.bad-*"))) == 1


def test_screenshot_renders_a_record_and_rejects_bad_input(tmp_path: Path) -> None:
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    from tabletop.ui.screenshot import render_record

    host = ui_games.make_host()
    s = session(host.game("tictactoe"))
    for move in (0, 4, 1):
        s.play(move)
    record_path = tmp_path / "game.json"
    record_path.write_text(s.record().to_json())
    out = tmp_path / "shot.png"
    render_record(host, "tictactoe", record_path, out, size=(960, 600))
    image = Image.open(out)
    assert image.size == (960, 600)
    shots = Path(__file__).parent / "screenshots"
    shots.mkdir(exist_ok=True)
    image.save(shots / "18_screenshot_command.png")
    with pytest.raises(TabletopError, match="not 'tictactoe-text'"):
        render_record(host, "tictactoe-text", record_path, out)
    with pytest.raises(TabletopError, match="no game 'nope'"):
        render_record(host, "nope", record_path, out)
    with pytest.raises(TabletopError, match="cannot read record"):
        render_record(host, "tictactoe", tmp_path / "missing.json", out)
    with pytest.raises(TabletopError, match="out of range"):
        render_record(host, "tictactoe", record_path, out, size=(10, 10))
    with pytest.raises(TabletopError, match="does not exist"):
        render_record(host, "tictactoe", record_path, tmp_path / "no" / "x.png")


def test_undo_that_does_nothing_says_why() -> None:
    # Issue 21: "Nothing that may be undone" names the reason, never leaves the player
    # guessing.
    s = session(ui_games.TicTacToe(), (HUMAN, "random"))
    assert s.undo_refusal() == "Nothing that may be undone: no move has been played yet."
    computer_first = session(ui_games.TicTacToe(), ("random", HUMAN))
    computer_first.play(0)
    assert computer_first.undo_refusal() == ("Nothing that may be undone: no one here has "
                                             "moved yet.")
    nobody = session(ui_games.TicTacToe(), ("random", "random"))
    assert nobody.undo_refusal() == "Nothing that may be undone: nobody plays here."
