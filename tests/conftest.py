"""Shared test set-up: the example Nim plugin importable in-process, headless Arcade."""

import os
import sys
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

# Tests read English unless a test chooses another language (and so do the processes
# they start): the machine's locale and a TABLETOP_LANG must not change what a test sees.
for _name in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

NIM_SOURCE = Path(__file__).parent / "plugins" / "tabletop-nim"
if str(NIM_SOURCE) not in sys.path:
    sys.path.insert(0, str(NIM_SOURCE))

# No test writes into the real user's data dir: the game library, settings and saves of
# every test process (and of the subprocesses it starts) go to a temp dir unless a test
# sets its own. Each pytest-xdist worker gets its own: a worker inherits the environment of
# the main pytest process, which has already set one here.
if not os.environ.get("TABLETOP_DATA_DIR") or (
        os.environ.get("PYTEST_XDIST_WORKER")
        and os.environ["TABLETOP_DATA_DIR"] == os.environ.get("TABLETOP_TESTS_DATA_DIR")):
    import tempfile

    os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-tests-")
    os.environ["TABLETOP_TESTS_DATA_DIR"] = os.environ["TABLETOP_DATA_DIR"]


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the language leaves English behind it."""
    yield
    from tabletop import i18n

    i18n.set_language("en")
