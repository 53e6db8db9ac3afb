"""Fonts, images and sound effects shipped with Tabletop (the `tabletop.assets` package)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
FONTS = ROOT / "fonts"
IMAGES = ROOT / "images"
#: The sound effects (WAV), made by tools/make_sounds.py.
SOUNDS = ROOT / "sounds"
