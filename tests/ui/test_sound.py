"""Sound effects: synthesised WAVs with their source script, played at the player's volume,
silent headless, and never a crash without an audio device (issue 12)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import wave
from pathlib import Path
from typing import Any

from tabletop.assets import SOUNDS
from ui_driver import click, click_button, close_app, installed_host, key, open_app, pump

from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.sound import CUES, SoundBoard

ROOT = Path(__file__).parents[2]


def test_the_shipped_sounds_are_what_the_script_makes(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "tools" / "make_sounds.py"), str(tmp_path)],
                   check=True, capture_output=True)
    for cue in CUES:
        shipped = SOUNDS / f"{cue}.wav"
        assert shipped.read_bytes() == (tmp_path / f"{cue}.wav").read_bytes(), cue
        with wave.open(str(shipped)) as sound:  # short, 16-bit mono
            assert sound.getnchannels() == 1 and sound.getsampwidth() == 2
            assert 0.05 < sound.getnframes() / sound.getframerate() < 1.0
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "*.wav" in config["package-data"]["tabletop.assets.sounds"]


def test_every_cue_plays_through_the_real_audio_back_end_or_turns_sound_off() -> None:
    # Whatever this machine has (a device, pyglet's silent driver, none): no exception.
    board = SoundBoard(lambda: 0.5, enabled=True)
    board.play(CUES)
    assert board.heard == list(CUES)
    assert board.enabled or board.problem


def test_muted_loads_nothing_and_headless_opens_no_device(monkeypatch: Any) -> None:
    muted = SoundBoard(lambda: 0.0, enabled=True)
    muted.play(["bank", "not-a-cue"])
    assert muted.heard == ["bank"] and muted._loaded == {}
    monkeypatch.setenv("ARCADE_HEADLESS", "1")
    headless = SoundBoard(lambda: 1.0)
    headless.play(CUES)
    assert not headless.enabled and headless._loaded == {}


def test_moves_in_the_app_ask_for_their_sounds(tmp_path: Path) -> None:
    window = open_app(installed_host, tmp_path, animation=0.0)
    try:
        click_button(window, "game:verso")  # solo
        click_button(window, "start")
        screen = window.current_view
        assert isinstance(screen, GameScreen)
        key(window, arcade.key.D)
        key(window, arcade.key.K)
        assert window.app.sounds.heard == ["card_flip"]  # the card drawn
        assert not window.app.sounds.enabled  # headless: silent
        key(window, arcade.key.ESCAPE)
        click_button(window, "game:versus")
        click_button(window, "start")
        screen = window.current_view
        move = next(m for m in screen.table.session.legal_moves() if not m.versus)
        layout = screen.renderer.board_layout
        click(window, *layout.centres[move.frm])
        click(window, *layout.centres[move.to])
        key(window, arcade.key.ENTER)
        pump(window)
        assert window.app.sounds.heard[-1] == "pawn_step"
        click_button(window, "special:resign brown")
        key(window, arcade.key.Y)  # yes, resign
        assert screen.table.session.outcome is not None
        assert window.app.sounds.heard[-1] == "game_end"
    finally:
        close_app(window)
