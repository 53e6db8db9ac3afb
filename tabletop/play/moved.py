"""Old import paths of modules that moved, kept working for one release.

The drivers (`session`, `worker`, `simulate`, `tournament`, `terminal`, `choices`) moved
from the package root into `tabletop.play` so the tree shows the layers; a module at an
old path calls `moved` and becomes the new module, with a
`tabletop.model.PluginDeprecationWarning` (a `DeprecationWarning`) that names the new path.
"""

from __future__ import annotations

import importlib
import sys
import warnings

from tabletop.model import PluginDeprecationWarning


def moved(old: str, new: str) -> None:
    """Make module `old` the module `new` (so `import old` and `from old import x` both
    work) and warn whoever imported it where it lives now."""
    # A plugin's (the host imports the new paths): `tabletop plugins` lists it.
    warnings.warn(f"{old} moved to {new}: import it from there (the old path goes in the "
                  "next release)", PluginDeprecationWarning, stacklevel=3)
    sys.modules[old] = importlib.import_module(new)
