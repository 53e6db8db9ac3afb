"""Fonts and images shipped with Tabletop (installed as the `tabletop.assets` package)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
FONTS = ROOT / "fonts"
IMAGES = ROOT / "images"
