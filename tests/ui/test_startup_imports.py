"""The path to the launcher's first frame stays short (issue 21: start to the first frame
within 1.5x a bare Arcade window, bench/ui.py): it imports neither the command line (its
package imports every command) nor a screen other than the launcher and the splash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

FIRST_FRAME = """
import sys
from tabletop.plugins import Host
from tabletop.ui.app import make_window
window = make_window(Host(), (800, 600), visible=False)
window.dispatch_event("on_draw"); window.dispatch_events(); window.ctx.finish()
print(" ".join(sorted(name for name in sys.modules if name.startswith("tabletop"))))
"""


def test_the_first_frame_imports_no_command_line_and_no_other_screen(tmp_path: Path) -> None:
    env = dict(os.environ, ARCADE_HEADLESS="1", TABLETOP_DATA_DIR=str(tmp_path))
    shown = subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, check=True,
                           capture_output=True, text=True, timeout=120).stdout.split()
    assert "tabletop.ui.launcher" in shown and "tabletop.i18n" in shown
    assert not [name for name in shown if name.startswith("tabletop.cli")]
    screens = {name for name in shown if name.endswith("_screen")}
    assert not screens, screens
