"""The public drawing kit for a game's renderer: everything a plugin's `view` may use.

A renderer imports from here (and from `tabletop.ui.boards`, whose names are here too),
never from the host's other UI modules: those change without notice, these do not.

    from tabletop.ui.kit import FONT_SANS, Rect, Renderer, RendererContext, TextLayer, arcade

- the contract (`tabletop.ui.renderer`, documented in `docs/plugins.md`): `Renderer`,
  `RendererContext`; what the host shows, `Frame` and `Ply`; the input, `Press`,
  `Release`, `Pointer` and `Key`; what an input means, `Play`, `Propose`, `Explain` and
  `Changed` (`handle(event)` returns one: the renderer's only input path);
- geometry: `Rect`;
- text: the shipped fonts `FONT_SANS` and `FONT_MONO` (use only these: the app runs on
  machines without system fonts), `TextLayer` (texts laid out by the app's one rule: in
  a box, wrapped or scaled down to `MIN_POINTS`, else cut with an ellipsis), `fit_text`
  for one text, `Placed` (what a text box reports to the layout checks);
- `Canvas`, an offscreen picture, painted when it changes (the host keeps the still
  picture of every board; a renderer may keep one of a part of its own, as the board
  toolkit does of the still board under a moving piece);
- `arcade`, imported the way the app needs it (headless-safe);
- the board toolkit: `BoardRenderer`, `SquareBoard`, `HexBoard`, `CardTable`, `Cell`,
  `Piece`, `MovePath`, its painting helpers (`Mesh`, `paint_board`, `Scene`, `TextSpec`,
  `shrunk`, `corner_ticks`, `rgba`, `ShapeList`) and every other name
  `tabletop.ui.boards` exports.

`__all__` is the edge: a plugin uses these names and no other (the guard test reads every
game's view code for it); a name that leaves it stays one release behind a
`PluginDeprecationWarning` first.
"""

from __future__ import annotations

from typing import Any

from tabletop.ui import boards, renderer
from tabletop.ui._arcade import FONT_MONO, FONT_SANS, arcade
from tabletop.ui.boards import *  # noqa: F403  (the toolkit's names are the kit's)
from tabletop.ui.canvas import Canvas
from tabletop.ui.renderer import (
    Changed,
    Event,
    Explain,
    Frame,
    Intent,
    Key,
    Play,
    Ply,
    Pointer,
    Press,
    Propose,
    Rect,
    Release,
    Renderer,
    RendererContext,
)
from tabletop.ui.textbox import MIN_POINTS, Placed, TextLayer, fit_text

__all__ = ["FONT_MONO", "FONT_SANS", "MIN_POINTS", "Canvas", "Changed", "Event", "Explain",
           "Frame", "Intent", "Key", "Placed", "Play", "Ply", "Pointer", "Press", "Propose",
           "Rect", "Release", "Renderer", "RendererContext", "TextLayer", "arcade",
           "fit_text"]
__all__ += [name for name in boards.__all__ if name not in __all__]


def __getattr__(name: str) -> Any:
    """A name removed from the kit, kept one release behind a `PluginDeprecationWarning`
    (`meaning`: return the `Intent` from `handle` instead)."""
    if name in renderer.REMOVED:
        return renderer.REMOVED[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
