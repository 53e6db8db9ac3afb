"""Shared test set-up: the example Nim plugin importable in-process, headless Arcade."""

import os
import sys
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

NIM_SOURCE = Path(__file__).parent / "plugins" / "tabletop-nim"
if str(NIM_SOURCE) not in sys.path:
    sys.path.insert(0, str(NIM_SOURCE))
