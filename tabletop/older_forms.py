"""The older forms of the contract a plugin still uses, said where the host meets them.

A form that still works but now misbehaves is said with a
`tabletop.model.PluginDeprecationWarning` naming the game's method and what to change,
once per game class and form: a `render_text(state)` that takes no seat, a log line
(`describe`) or an outcome's reason written as plain text that names a seat (the host
cannot name that seat as it labels it, nor say the text in the player's language).

Python hides a `DeprecationWarning` outside `__main__`, so the host also listens:
`listening(note)` hands each one said in this thread to `note`, for `tabletop plugins`,
the commands' stderr and the conformance kit's report.
"""

from __future__ import annotations

import contextlib
import inspect
import re
import threading
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tabletop.lines import Line
from tabletop.model import Game, Outcome, PluginDeprecationWarning
from tabletop.model.seat_view import _TAKES_SEAT, _render_takes_seat

#: (game class, form) already said in this process: each is said once.
_SAID: set[tuple[type, str]] = set()
#: The most seats whose default label ("Player N") a plain text is searched for.
MOST_SEATS = 20


@contextlib.contextmanager
def listening(note: Callable[[str], None]) -> Iterator[None]:
    """While the block runs, hand each `PluginDeprecationWarning` said in this thread to
    `note(message)`, every time it is said; when it ends, say every warning heard again
    under the caller's filters, as if nobody had listened (a warning of another thread
    is only said then)."""
    thread = threading.get_ident()
    heard: list[tuple[Any, type[Warning], str, int]] = []

    def show(message: Any, category: type[Warning], filename: str, lineno: int,
             file: Any = None, line: str | None = None) -> None:
        if issubclass(category, PluginDeprecationWarning) and threading.get_ident() == thread:
            note(str(message))
        heard.append((message, category, filename, lineno))

    with warnings.catch_warnings():
        warnings.simplefilter("always", PluginDeprecationWarning)
        warnings.showwarning = show
        yield
    for message, category, filename, lineno in heard:
        warnings.warn_explicit(message, category, filename, lineno)


def render_text_form(game: Game[Any, Any]) -> str | None:
    """What to change in `game`'s `render_text` if it takes no seat (None: nothing).

    Asked again for each caller (a second host, another kit run), but warned once per
    game class, as `tabletop.model.seat_text` warns."""
    kind = type(getattr(inspect.unwrap(game.render_text), "__self__", game))
    known = _TAKES_SEAT.pop(kind, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginDeprecationWarning)
        try:
            takes = _render_takes_seat(game)
        except Exception:  # the game's own code failing: play reports that where it matters
            _TAKES_SEAT[kind] = known if known is not None else True
            return None
    said = [w for w in caught if issubclass(w.category, PluginDeprecationWarning)]
    if takes or not said:
        return None
    if known is None:  # never said before in this process
        warnings.warn_explicit(said[0].message, said[0].category, said[0].filename,
                               said[0].lineno)
    return str(said[0].message)


def seat_words(game: Game[Any, Any], players: int) -> list[str]:
    """How a plain text would name a seat: the game's seat names, "Player N"."""
    named = [str(name) for name in game.info.seat_names if str(name).strip()]
    return named + [f"Player {n}" for n in range(1, min(players, MOST_SEATS) + 1)]


def names_a_seat(text: str, game: Game[Any, Any], players: int) -> bool:
    """True if `text` names one of the seats in words (a whole word, "Player 2")."""
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)
               for word in seat_words(game, players))


def _said_once(game: Game[Any, Any], form: str, message: str) -> str:
    kind = type(game)
    if (kind, form) not in _SAID:
        _SAID.add((kind, form))
        warnings.warn(message, PluginDeprecationWarning, stacklevel=3)
    return message


def lines_form(game: Game[Any, Any], lines: Sequence[str | Line]) -> str | None:
    """What to change in `describe` if one of `lines` is plain text naming a seat."""
    players = game.info.max_players
    for line in lines:
        if isinstance(line, str) and names_a_seat(line, game, players):
            return _said_once(game, "describe", (
                f"game {game.info.id!r}: {type(game).__qualname__}.describe gave the plain "
                f"text {line[:60]!r}, which names a seat; give a Line with the seat as an "
                "argument, Line.of('{player} takes {count}.', player=seat(i), count=3), so "
                "that the host names the seat as it labels it and says the line in the "
                "player's language"))
    return None


def outcome_form(game: Game[Any, Any], outcome: Outcome | None) -> str | None:
    """What to change in `outcome` if its reason names a seat in plain text, no line."""
    if outcome is None or outcome.line is not None or not isinstance(outcome.reason, str):
        return None
    if not names_a_seat(outcome.reason, game, len(outcome.scores)):
        return None
    return _said_once(game, "outcome", (
        f"game {game.info.id!r}: {type(game).__qualname__}.outcome gave the reason "
        f"{outcome.reason[:60]!r}, which names a seat, without a line; give the line too, "
        "Outcome(scores, winners, line.english(seat_names), line), so that the host names "
        "the seats as it labels them and says the reason in the player's language"))
