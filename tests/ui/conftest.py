"""Headless Arcade for the UI tests: set before arcade is imported anywhere."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")
