"""Short sound effects: a card flips, a pawn steps, an attraction, a square, a bank, the
end of a game. The WAVs are synthesised by `tools/make_sounds.py` and ship
in the package data as `assets/sounds/*.wav`.

Sound never stops the app: a headless run (`ARCADE_HEADLESS`) stays silent and opens no
audio device; without a device, or with one that fails, the first failure turns sound off
for the session and is kept in `problem` (shown nowhere as an error: a game plays on
without sound). The volume comes from the settings at each cue (0: muted).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from tabletop.assets import SOUNDS
from tabletop.i18n import _

#: The cue names a renderer may return from `Renderer.sounds`, and the shell's own.
CUES = ("card_flip", "pawn_step", "attraction", "square", "bank", "game_end")


class SoundBoard:
    """Plays cues at the settings' volume; silent when headless or without a device."""

    def __init__(self, volume: Callable[[], float], *, enabled: bool | None = None) -> None:
        """`volume()` is read at each cue; `enabled` None means: unless headless."""
        self.volume = volume
        self.enabled = (not os.environ.get("ARCADE_HEADLESS")) if enabled is None else enabled
        #: Why sound was turned off (no device, a load error), else None.
        self.problem: str | None = None
        #: The cues asked for so far this session, newest last (played or not).
        self.heard: list[str] = []
        self._loaded: dict[str, Any] = {}

    def play(self, cues: Iterable[str]) -> None:
        """Play each cue (unknown names are ignored); several at once overlap."""
        for cue in cues:
            if cue not in CUES:
                continue
            self.heard.append(cue)
            del self.heard[:-50]
            volume = max(0.0, min(1.0, float(self.volume())))
            if not self.enabled or volume <= 0:
                continue
            try:
                self._sound(cue).play(volume=volume)
            except Exception as exc:  # any audio back end failure: play on in silence
                self.enabled = False
                self.problem = _("sound is off ({problem})").format(
                    problem=f"{type(exc).__name__}: {exc}")

    def _sound(self, cue: str) -> Any:
        if cue not in self._loaded:
            from tabletop.ui._arcade import arcade

            self._loaded[cue] = arcade.load_sound(SOUNDS / f"{cue}.wav")
        return self._loaded[cue]
