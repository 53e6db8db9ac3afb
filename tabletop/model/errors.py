"""The errors a game and the host raise on bad input, and the first check of a saved state."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tabletop.limits import data_problem, shown
from tabletop.lines import Line


class TabletopError(Exception):
    """Base of every error the host and the games raise on bad input.

    The message may be a `tabletop.lines.Line` (a refusal that names a seat:
    `IllegalMoveError(Line.of("{player} has already passed", player=seat(1)))`): `str()`
    is then the line with each seat as "Player N", and `line` holds it for a host to
    render with the seats' labels.
    """

    def __init__(self, *args: Any) -> None:
        if args and isinstance(args[0], Line):
            self._line = args[0]
            args = (str(args[0]), *args[1:])
        super().__init__(*args)

    @property
    def line(self) -> str | Line:
        """What the error says as a line: the `Line` it was given, else its message as
        text (`tabletop.lines.render` shows either)."""
        given = self.__dict__.get("_line")
        return given if isinstance(given, Line) else str(self)

    @property
    def words(self) -> str:
        """The problem as a player reads it in the app (see `OptionError`); by default
        the message itself."""
        return str(self)


class IllegalMoveError(TabletopError, ValueError):
    """A well-formed move that the rules do not allow in this position."""


class NotationError(TabletopError, ValueError):
    """Text that is not a move in the game's notation at all."""


#: What was wrong with a value an option refused (`OptionRefusal.problem`).
Problem = Literal["not_whole_number", "not_true_false", "not_text", "not_offered", "below",
                  "above", "not_json", "too_large", "too_deep", "bad_data", "check"]


@dataclass(frozen=True)
class OptionRefusal:
    """A value an option refused, as data: each front end words it in its own way and in
    the player's language (the set-up screen names the option by its label and the values
    by their presets' names; the command line as they are typed).

    `problem` says what was wrong: `"not_whole_number"`, `"not_true_false"`, `"not_text"`
    (the value is not of the option's kind), `"not_offered"` (not one of its `choices`),
    `"below"`/`"above"` (past its `minimum`/`maximum`), `"not_json"`, `"too_large"`,
    `"too_deep"`, `"bad_data"` (command-line data that is not JSON, too much of it, or
    JSON no game takes), `"check"` (the option's own `check` refused it). `value` is the
    value refused (the text typed, where it was typed); `limit` the bound passed
    (`"below"`, `"above"`) or the choices allowed (`"not_offered"`); `detail` the check's
    own message, or what is wrong with the data.
    """

    option: str
    problem: Problem
    value: Any
    limit: Any = None
    detail: str = ""


class OptionError(TabletopError, ValueError):
    """An unknown option, or a value the option does not accept.

    The message (`str()`) is the command line's: it names options and values as they are
    typed there (`first_player`, `3`). A value refused by `GameOption.validate` or `parse`
    carries the refusal as data in `refusal`, which the front ends word for a player. A
    game refusing a choice its own way (a deck too small for the table) may give `words`,
    the same problem in a player's words: the options' labels and their presets' names
    ("Who plays first", "Player 4"), in the game's own catalog.
    """

    def __init__(self, message: str | Line, words: str | None = None, *,
                 refusal: OptionRefusal | None = None) -> None:
        super().__init__(message)
        self._words = words
        self._refusal = refusal

    @property
    def refusal(self) -> OptionRefusal | None:
        """The value refused, as data for the front ends to word (None for a refusal a
        game gave only as text, or in its own `words`)."""
        return self._refusal

    @property
    def words(self) -> str:
        """The problem in the options' labels and presets' names, as the game gave it
        (else the message; a refusal given as data is worded by the front end)."""
        return self._words or str(self)


class StateFormatError(TabletopError, ValueError):
    """A state dict that is not a valid state of this game (version, keys, values)."""


class RecordError(TabletopError, ValueError):
    """A game record that does not replay; the message says where and why."""


def check_version(data: Any, what: str, version: int) -> Mapping[str, Any]:
    """`data` if it is a dict of `version`; else `StateFormatError` naming `what`.

    The first check of every `Game.state_from_dict`: a foreign or newer dict is refused
    with a message that says so, before any field is read.
    """
    if not isinstance(data, Mapping):
        raise StateFormatError(f"a {what} must be a JSON object")
    found = data.get("version")
    if type(found) is not int or found != version:  # not true, not 1.0
        raise StateFormatError(f"{what} version {shown(found)} is not supported "
                               f"(expected {version})")
    problem = data_problem(dict(data))
    if problem:
        raise StateFormatError(f"a {what} cannot hold {problem}")
    return data
