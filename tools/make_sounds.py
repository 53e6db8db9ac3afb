"""Synthesise the app's sound effects into assets/sounds/*.wav (numpy, no recordings).

Run: .venv/bin/python tools/make_sounds.py
Each effect is a few lines of arithmetic on a time axis: sine partials with an
exponential decay, filtered noise for the card's rustle. The noise comes from a fixed
seed, so running this again writes the same bytes (a test checks that the shipped files
are exactly what this script makes). 22,050 Hz, 16-bit mono, each under a second.
"""

from __future__ import annotations

import io
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22_050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
Signal = np.ndarray


def _time(seconds: float) -> Signal:
    return np.arange(int(RATE * seconds)) / RATE


def _tone(freq: float, seconds: float, decay: float, start: float = 0.0) -> Signal:
    """A sine at `freq` starting at `start`, dying away with time constant `decay`."""
    t = _time(seconds)
    wave_ = np.sin(2 * np.pi * freq * (t - start)) * np.exp(-np.clip(t - start, 0, None) / decay)
    wave_[t < start] = 0.0
    return wave_


def _fade(signal: Signal, seconds: float = 0.004) -> Signal:
    """Short ramps at both ends, so no effect starts or stops with a click."""
    n = min(len(signal) // 2, int(RATE * seconds))
    ramp = np.linspace(0.0, 1.0, n)
    signal = signal.copy()
    signal[:n] *= ramp
    signal[-n:] *= ramp[::-1]
    return signal


def card_flip() -> Signal:
    """A card turned over: a quick rustle of band-limited noise."""
    t = _time(0.12)
    noise = np.random.default_rng(12).standard_normal(len(t))
    # A moving average of two widths keeps the middle of the spectrum (a soft "fft").
    smooth = np.convolve(noise, np.ones(3) / 3, "same") - np.convolve(noise, np.ones(24) / 24,
                                                                      "same")
    return smooth * np.exp(-t / 0.03) * 1.6


def pawn_step() -> Signal:
    """A pawn set down on the next hexagon: a short wooden knock."""
    return (_tone(190, 0.12, 0.025) + 0.5 * _tone(420, 0.12, 0.012)
            + 0.25 * _tone(980, 0.12, 0.006))


def attraction() -> Signal:
    """A pawn pulled across: a soft rising glide."""
    t = _time(0.3)
    freq = 300 + 500 * (t / t[-1]) ** 2
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    envelope = np.sin(np.pi * t / t[-1]) ** 2
    return 0.6 * np.sin(phase) * envelope + 0.2 * np.sin(2 * phase) * envelope


def square() -> Signal:
    """A square completed: a bright two-note chime."""
    return 0.6 * (_tone(1047, 0.5, 0.18) + _tone(1319, 0.5, 0.18, start=0.09))


def bank() -> Signal:
    """A sequence banked: three quick coin pings."""
    pings = [_tone(f, 0.4, 0.07, start=s) for f, s in ((1568, 0.0), (1976, 0.07),
                                                        (2349, 0.14))]
    return 0.5 * sum(pings[1:], pings[0])


def game_end() -> Signal:
    """The game is over: a rising arpeggio that rings out."""
    notes = ((523, 0.0), (659, 0.12), (784, 0.24), (1047, 0.36))
    tones = [_tone(f, 0.95, 0.3, start=s) + 0.3 * _tone(2 * f, 0.95, 0.15, start=s)
             for f, s in notes]
    return 0.4 * sum(tones[1:], tones[0])


#: Every effect the app plays, by the cue name the renderers use.
EFFECTS: dict[str, Callable[[], Signal]] = {
    "card_flip": card_flip, "pawn_step": pawn_step, "attraction": attraction,
    "square": square, "bank": bank, "game_end": game_end,
}


def wav_bytes(signal: Signal) -> bytes:
    """`signal` normalised to 80 % of full scale, as the bytes of a 16-bit mono WAV."""
    signal = _fade(signal)
    peak = float(np.max(np.abs(signal))) or 1.0
    samples = np.round(signal / peak * 0.8 * 32767).astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())
    return buffer.getvalue()


def main() -> None:
    """Write every effect to `OUT` (or the directory given as the first argument)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        path = out / f"{name}.wav"
        path.write_bytes(wav_bytes(make()))
        print(f"{path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
