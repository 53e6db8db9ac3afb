"""What a seat is shown as text (`seat_text`), keeping plugins whose `render_text` takes
no seat working through their deprecation."""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Sequence
from typing import Any

from tabletop.lines import render
from tabletop.model.game import Game
from tabletop.model.legacy import PluginDeprecationWarning

__all__ = ["seat_text"]


#: Per game class: does its `render_text` take a seat? (Looked at once, then cached.)
_TAKES_SEAT: dict[type, bool] = {}


def _render_takes_seat(game: Game[Any, Any]) -> bool:
    # Keyed by the class that defines the method (a wrapper, such as the conformance
    # kit's, passes the game's own method through `__wrapped__`).
    method = inspect.unwrap(game.render_text)
    kind = getattr(method, "__self__", game).__class__
    if kind not in _TAKES_SEAT:
        try:
            params = list(inspect.signature(method).parameters.values())
        except (TypeError, ValueError):  # no signature to read: trust the contract
            _TAKES_SEAT[kind] = True
        else:
            positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY,
                                                          p.POSITIONAL_OR_KEYWORD)]
            _TAKES_SEAT[kind] = (len(positional) >= 2 or any(
                p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params))
        if not _TAKES_SEAT[kind]:
            hidden = game.info.hidden_information
            # One warning per game class, not per position: the author needs to hear it
            # once, and a game shown after every move would bury everything else.
            warnings.warn(
                f"game {game.info.id!r}: {kind.__qualname__}.render_text(state) takes no "
                "seat; write render_text(self, state, seat=None) returning what that seat "
                "may see (None: a spectator, who sees what every seat sees). "
                + ("Until then the host shows a seat the text of its observation where "
                   "render_text can draw one, else the legal moves only." if hidden else
                   "Until then every seat is shown the same text."),
                PluginDeprecationWarning, stacklevel=3)
    return _TAKES_SEAT[kind]


def seat_text(game: Game[Any, Any], state: Any, seat: int | None = None,
              labels: Sequence[str] = ()) -> str:
    """The position as `seat` sees it (None: a spectator): `game.render_text(state, seat)`,
    a `Line` rendered with `labels` (how the host names each seat; "Player N" by default).

    The host calls a game's text through this. A plugin written before seat views, whose
    `render_text(state)` takes one argument, still loads and plays, with one
    `PluginDeprecationWarning` per game class saying what to change: a game without
    hidden information shows that text to every seat; a hidden-information game shows a
    seat the text of that seat's `observation` where its `render_text` can draw one (as
    the app drew it before seat views), else no picture (its text of the state could hold
    any seat's secrets), only the legal moves to the seat whose turn it is; a spectator
    sees no picture.
    """
    if _render_takes_seat(game):
        return render(game.render_text(state, seat), labels)
    if not game.info.hidden_information:
        return render(game.render_text(state), labels)  # type: ignore[call-arg,unused-ignore]
    if seat is not None:
        view = game.observation(state, seat)
        try:
            return render(game.render_text(view), labels)  # type: ignore[call-arg,unused-ignore]
        except Exception:  # its text takes a whole state only: no picture, below
            pass
    lines = [f"({game.info.name} shows no picture of a seat's view: its render_text "
             "takes no seat.)"]
    mover = game.to_move(state)
    if mover is not None and mover == seat:
        lines.append("Legal moves: " + ", ".join(game.move_to_text(state, move)
                                                 for move in game.legal_moves(state)))
    return "\n".join(lines)
