"""Headless Arcade for the tests that import the renderer: set before arcade is imported."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

# Tests read English unless a test chooses another language (and so do the processes
# they start): the machine's locale and a TABLETOP_LANG must not change what a test sees.
for _name in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
