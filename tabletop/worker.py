"""Moved to `tabletop.play.worker` (the drivers live in `tabletop.play`); this path works
for one more release, with a `DeprecationWarning`."""

from tabletop.play.moved import moved

moved(__name__, "tabletop.play.worker")
