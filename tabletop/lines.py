"""What a game says: lines with named arguments, seats among them, that the host words.

A game tells what happened (`tabletop.model.Game.describe`, the end in
`tabletop.model.Outcome.line`, a refusal in a `tabletop.model.TabletopError`) as a `Line`:
an English `str.format` template with named fields and the values of those fields, e.g.

    Line.of("{player} banks {cards} for {points} points.",
            player=seat(1), cards="red 3 4 5", points=12)

A seat is never written into the text: it is an argument, `seat(i)`, and the host puts in
the label it gives that seat (`Line.render(labels)`): the game's own seat name ("Blue"),
the name a person typed ("Ada", "Bob (Blue)"), later the words of another language. So a
person named "Player 3" sitting at seat 0 is shown right, and no text is patched after
the fact. A plain `str` is still a line (older plugins, lines that name no seat): it is
shown as written.

Rendering never raises: a template that does not fit its arguments (an unknown field, a
bad format) is shown as its raw text followed by its arguments, so a plugin's text can
never stop the host. This module imports nothing of the host (the contract, `model`,
builds on it).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tabletop import i18n

__all__ = ["Line", "SeatArg", "default_labels", "from_data", "neutral_label", "render",
           "seat", "set_translator", "template_problem", "to_data"]

_FORMATTER = string.Formatter()


#: How a template or a text argument is put in the player's language: the catalogs'
#: look-up (`tabletop.i18n.translated`; a text no catalog knows stays as written).
_translate: Callable[[str], str] = i18n.translated


def set_translator(translate: Callable[[str], str]) -> None:
    """Render every line's template, and each text argument a catalog knows, through
    `translate` (the host's languages, `tabletop.i18n`)."""
    global _translate
    _translate = translate


@dataclass(frozen=True)
class SeatArg:
    """The argument "seat `index`" of a line (0 is the first seat); make it with `seat`.

    The host renders it as its label for that seat; `str()` gives the neutral "Player N".
    """

    index: int

    def __post_init__(self) -> None:
        if type(self.index) is not int or self.index < 0:
            raise ValueError(f"a seat is a whole number from 0, not {self.index!r}")

    def __str__(self) -> str:
        return neutral_label(self.index)


def seat(index: int) -> SeatArg:
    """The argument naming seat `index` in a `Line` (0 is the first seat)."""
    return SeatArg(index)


def neutral_label(index: int) -> str:
    """A seat as a game-neutral text names it: "Player 1" for seat 0 (in the player's
    language)."""
    try:
        return _translate("Player {number}").format(number=index + 1)
    except Exception:  # a damaged catalog's entry
        return f"Player {index + 1}"


@dataclass(frozen=True)
class Line:
    """A line a game says: `text`, an English `str.format` template with named fields,
    and `args`, the values of those fields as `(name, value)` pairs sorted by name.

    A value is a JSON scalar (text, number, true/false, None) or a `SeatArg`; the host's
    own lines may also hold a `Line` (a refusal that quotes the game's reason), rendered
    in its place. Make one with `Line.of`; show it with `render` (labels for the seats)
    or `str()` (each seat as "Player N", the words of a game without seat names).
    """

    text: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, text: str, /, **args: Any) -> Line:
        """The line `text` with the named arguments `args` (`seat(i)` for a seat)."""
        return cls(text, tuple(sorted(args.items())))

    @property
    def named(self) -> dict[str, Any]:
        """The arguments as a dict, name to value."""
        return dict(self.args)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats the line names, in the order of its arguments."""
        return tuple(value.index for _, value in self.args if isinstance(value, SeatArg))

    def render(self, labels: Sequence[str] = ()) -> str:
        """The line in words, seat i named `labels[i]` ("Player i+1" where `labels` has
        no label for it). Never raises: a template that does not fit its arguments gives
        the raw text followed by the arguments."""
        try:
            values = {name: _shown(value, labels) for name, value in self.args}
        except Exception:  # a plugin's template must never stop the host
            return _raw(self, labels)
        for text in (_translate(self.text), self.text):
            try:  # a translation that does not fit its arguments falls back to English
                return _format(text, values)
            except Exception:
                continue
        return _raw(self, labels)

    def english(self, labels: Sequence[str] = ()) -> str:
        """The line as written, in English whatever the player's language, seat i named
        `labels[i]` ("Player i+1" where none): the text a record keeps (an `Outcome`'s
        `reason`), so that a game replays to the same record in every language. Never
        raises (a template that does not fit gives its raw text and arguments)."""
        def label(index: int) -> str:
            if 0 <= index < len(labels) and labels[index]:
                return str(labels[index])
            return f"Player {index + 1}"

        try:
            return _format(self.text, {
                name: label(value.index) if isinstance(value, SeatArg)
                else value.english(labels) if isinstance(value, Line) else value
                for name, value in self.args})
        except Exception:  # a plugin's template must never stop the host
            args = ", ".join(f"{name}={value}" for name, value in self.args)
            return f"{self.text} ({args})" if args else str(self.text)

    def __str__(self) -> str:
        return self.render(())


def render(line: str | Line, labels: Sequence[str] = ()) -> str:
    """`line` in words: a `Line` rendered with `labels` (see `Line.render`), a plain
    text as it is written."""
    if isinstance(line, Line):
        return line.render(labels)
    return line if isinstance(line, str) else str(line)


class _Seats(Protocol):
    def seat_name(self, seat: int) -> str: ...


def default_labels(info: _Seats, players: int) -> tuple[str, ...]:
    """Each seat as the game names it (`tabletop.model.GameInfo.seat_name`: "Blue",
    "Player 2"): the labels that render a line as the game wrote it before any person
    gave a name."""
    return tuple(info.seat_name(index) for index in range(players))


def template_problem(line: str | Line) -> str | None:
    """Why `line`'s template does not fit its arguments (None when it does): a field
    that is not among the arguments, a field that is not a plain name, bad braces."""
    if not isinstance(line, Line):
        return None if isinstance(line, str) else f"a line must be a text or a Line, " \
                                                   f"not {type(line).__name__}"
    if not isinstance(line.text, str):
        return f"the template must be a text, not {type(line.text).__name__}"
    names = set()
    for name, value in line.args:
        if not isinstance(name, str) or not name.isidentifier():
            return f"argument name {name!r} is not a plain name"
        if not (value is None or isinstance(value, (str, int, float, SeatArg))):
            return f"argument {name!r} is a {type(value).__name__}, not a text, a " \
                   "number or a seat"
        names.add(name)
    try:
        _format(line.text, {name: "" for name in names})
    except Exception as exc:  # any misfit is the answer
        return f"template {line.text!r}: {exc}"
    return None


#: How deep lines may quote lines in data (a refusal quoting the game's reason is 2).
MAX_DEPTH = 4


def to_data(line: str | Line) -> str | dict[str, Any]:
    """`line` as JSON-ready data: a plain text as it is; a `Line` as
    `{"text": ..., "args": {name: value}}`, a seat as `{"seat": i}`, a quoted line as
    its own data. What travels online: each client words it in its own language."""
    if not isinstance(line, Line):
        return render(line)
    return {"text": line.text,
            "args": {name: {"seat": value.index} if isinstance(value, SeatArg)
                     else to_data(value) if isinstance(value, Line) else value
                     for name, value in line.args}}


def from_data(data: Any, depth: int = 0) -> str | Line:
    """The line `to_data` gave; raises `ValueError` for anything else (a foreign
    peer's data: checked, never trusted)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, Mapping) or set(data) != {"text", "args"} or not isinstance(
            data["text"], str) or not isinstance(data["args"], Mapping):
        raise ValueError("a line is a text or an object of text and args")
    args: dict[str, Any] = {}
    for name, value in data["args"].items():
        if isinstance(value, Mapping) and set(value) == {"text", "args"}:
            if depth >= MAX_DEPTH:
                raise ValueError(f"line argument {name!r}: lines quoted too deep")
            value = from_data(value, depth + 1)
        elif isinstance(value, Mapping):
            if set(value) != {"seat"} or type(value["seat"]) is not int \
                    or value["seat"] < 0:
                raise ValueError(f"line argument {name!r}: an object must be a seat")
            value = SeatArg(value["seat"])
        elif not (value is None or isinstance(value, (str, int, float))):
            raise ValueError(f"line argument {name!r} is not a text, a number or a seat")
        args[str(name)] = value
    template = data["text"]  # (a name, not a literal: the catalogs' extractor skips it)
    return Line.of(template, **args)


# -- rendering -------------------------------------------------------------------------

def _label(index: int, labels: Sequence[str]) -> str:
    if 0 <= index < len(labels) and labels[index]:
        return str(labels[index])
    return neutral_label(index)


def _shown(value: Any, labels: Sequence[str]) -> Any:
    if isinstance(value, SeatArg):
        return _label(value.index, labels)
    if isinstance(value, Line):
        return value.render(labels)
    return _translate(value) if isinstance(value, str) else value


def _format(text: str, values: Mapping[str, Any]) -> str:
    """`text.format(**values)` for plain named fields only: no attribute or index
    lookups, no positional or nested fields (raises `ValueError` or `KeyError`)."""
    out = []
    for literal, field, spec, conversion in _FORMATTER.parse(text):
        out.append(literal)
        if field is None:
            continue
        if not field.isidentifier():
            raise ValueError(f"field {{{field}}} is not a plain name")
        if spec and ("{" in spec or "}" in spec):
            raise ValueError(f"field {{{field}}} has a nested format")
        value = values[field]
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        out.append(format(value, spec or ""))
    return "".join(out)


def _raw(line: Line, labels: Sequence[str]) -> str:
    """A line whose template does not fit: its text as written, then its arguments."""
    try:
        text = str(line.text)
        args = ", ".join(f"{name}={_shown(value, labels)}" for name, value in line.args)
        return f"{text} ({args})" if args else text
    except Exception:  # the last resort never fails either
        return repr(line)
