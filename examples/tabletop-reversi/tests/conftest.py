"""Headless Arcade for the tests that import the renderer: set before arcade is imported."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

# Tests read English unless a test chooses another language.
os.environ["TABLETOP_LANG"] = "en"
