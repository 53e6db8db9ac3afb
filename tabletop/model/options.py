"""A game's options: what each is called, its default, its type and the values it takes.

An option is data its game declares and the rules that check a value (`parse`,
`validate`); a refused value is an `OptionError` carrying an `OptionRefusal`. How an
option is shown (its title in words, a value as a player reads it, the set-up's arrows,
a refusal in a player's words) is the front ends', in `tabletop.play.option_words`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import _, translated
from tabletop.limits import MAX_FILE_BYTES, data_problem, one_line, shown
from tabletop.model.errors import OptionError, OptionRefusal, Problem
from tabletop.model.legacy import PluginDeprecationWarning

_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class GameOption:
    """One option of a game: its name, default, type and the values it accepts.

    `kind` is one of `bool`, `int`, `str` or `object` (structured data such as a deck or a
    start position, given as JSON text on the command line). `choices` restricts the
    value to a set; `minimum`/`maximum` bound an int. `check`, if given, validates a
    structured value and raises `OptionError` (or `ValueError`) with a clear message.

    What a player sees (the `name` and `description` stay for the command line):
    `label` is the option's title in plain words ("Who plays first"), `help` one line
    saying what it does; `presets` are named values, `(name, value)` pairs, that a front
    end offers instead of the raw value ("At random" for -1, "Standard 90 cards" for a
    deck given as data). An option of kind `object` is chosen from its presets only.
    `min_players` is the smallest table at which the option changes anything (who plays
    first, alone at the table): a front end leaves it out of smaller tables' set-up.
    """

    name: str
    default: Any
    description: str
    kind: type = str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    check: Any = field(default=None, compare=False, repr=False)
    label: str = ""
    help: str = ""
    presets: tuple[tuple[str, Any], ...] = ()
    min_players: int = 1

    def parse(self, text: str) -> Any:
        """Convert command-line text into a validated value of this option."""
        if self.kind is bool:
            word = text.strip().lower()
            if word not in _BOOL_WORDS:
                raise self._refused("not_true_false", text, _(
                    "option {name}: {text} is not true/false").format(
                    name=repr(self.name), text=repr(text)))
            return self.validate(_BOOL_WORDS[word])
        if self.kind is int:
            try:
                number = int(text.strip())
            except ValueError:
                raise self._refused("not_whole_number", text, _(
                    "option {name}: {text} is not a whole number").format(
                    name=repr(self.name), text=repr(text))) from None
            return self.validate(number)
        if self.kind is object:
            return self.validate(self._data(text))
        return self.validate(text)

    def _data(self, text: str) -> Any:
        """The JSON data `text` holds, refused if it is not data a game could take."""
        import json

        if len(text) > MAX_FILE_BYTES:
            raise self._refused("too_large", text, _(
                "option {name}: the data is too large").format(name=repr(self.name)))
        try:
            value = json.loads(text)
        except RecursionError:
            raise self._refused("too_deep", text, _(
                "option {name}: nested too deeply").format(name=repr(self.name))) from None
        except ValueError as exc:  # invalid JSON, or a number over 4,300 digits
            error = one_line(exc, 120)
            raise self._refused("not_json", text, _(
                "option {name}: not valid JSON ({error})").format(
                name=repr(self.name), error=error), detail=error) from None
        problem = data_problem(value)
        if problem:
            raise self._refused("bad_data", value, _(
                "option {name}: the data holds {problem}").format(
                name=repr(self.name), problem=problem), detail=problem)
        return value

    def validate(self, value: Any) -> Any:
        """Return `value` if this option accepts it, else raise `OptionError` (its
        `refusal` says what was wrong, as data)."""
        if self.kind is bool and not isinstance(value, bool):
            raise self._refused("not_true_false", value, self._about(_(
                "expected true or false, got {value}").format(value=shown(value))))
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self._refused("not_whole_number", value, self._about(_(
                "expected a whole number, got {value}").format(value=shown(value))))
        if self.kind is str and not isinstance(value, str):
            raise self._refused("not_text", value, self._about(_(
                "expected text, got {value}").format(value=shown(value))))
        if self.choices is not None and value not in self.choices:
            raise self._refused("not_offered", value, self._about(_(
                "{value} is not one of {allowed}").format(
                value=shown(value), allowed=", ".join(str(c) for c in self.choices))),
                limit=tuple(self.choices))
        if self.minimum is not None and value < self.minimum:
            raise self._refused("below", value, self._about(_(
                "{value} is below {lowest}").format(value=value, lowest=self.minimum)),
                limit=self.minimum)
        if self.maximum is not None and value > self.maximum:
            raise self._refused("above", value, self._about(_(
                "{value} is above {highest}").format(value=value, highest=self.maximum)),
                limit=self.maximum)
        if self.check is not None:
            try:
                self.check(value)
            except OptionError:
                raise
            except (ValueError, TypeError, KeyError) as exc:
                said = one_line(exc)
                raise self._refused("check", value, self._about(said), detail=said) from None
        return value

    def _about(self, reason: str) -> str:
        """`reason` after the option's name, as the command line says a refusal."""
        return _("option {name}: {reason}").format(name=repr(self.name), reason=reason)

    def _refused(self, problem: Problem, value: Any, message: str, limit: Any = None,
                 detail: str = "") -> OptionError:
        """The `OptionError` refusing `value`: the command line's `message`, and the
        refusal as data for the front ends to word."""
        return OptionError(message, refusal=OptionRefusal(self.name, problem, value, limit,
                                                          detail))

    # -- deprecated: how an option is shown is the front ends' (one release) ------------
    @property
    def title(self) -> str:
        """Deprecated (the host titles options: `tabletop.play.option_words.title`): the
        label, or the name in words ("ply_limit" → "Ply limit")."""
        _deprecated("title", "name the option by its label (GameOption(..., label=...))")
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def help_line(self) -> str:
        """Deprecated (the host shows the help: `tabletop.play.option_words.help_line`):
        the one-line help, or the description when none is given."""
        _deprecated("help_line", "give the option a help line (GameOption(..., help=...))")
        return self.help or self.description

    def value_text(self, value: Any) -> str:
        """Deprecated (the host names values: `tabletop.play.option_words.value_text`):
        `value` as a player reads it: its preset's name, on/off, or the value itself."""
        _deprecated("value_text", "name a value by its preset's name, from the option's "
                                  "presets (GameOption(..., presets=((name, value), ...)))")
        for name, preset in self.presets:
            if preset == value and type(preset) is type(value):
                return translated(name)
        if self.kind is bool:
            return _("on") if value else _("off")
        if self.kind is object:
            return _("custom (set from the command line)")
        return str(value)

    def step(self, value: Any, step: int) -> Any:
        """Deprecated (the host steps values: `tabletop.play.option_words.step`): the
        value `step` places after `value` (before, if negative), as the set-up's arrows."""
        _deprecated("step", "leave the set-up's arrows to the host")
        if self.presets:
            values = [v for _, v in self.presets]
            at = next((i for i, v in enumerate(values)
                       if v == value and type(v) is type(value)), -1)
            return values[(at + step) % len(values)] if at >= 0 else values[0]
        if self.kind is bool:
            return not value
        if self.choices:
            choices = list(self.choices)
            return (choices[(choices.index(value) + step) % len(choices)]
                    if value in choices else choices[0])
        if self.kind is int:
            new = value + step
            if self.minimum is not None:
                new = max(self.minimum, new)
            if self.maximum is not None:
                new = min(self.maximum, new)
            return new
        return value

    def refusal(self, reason: str, words: str) -> OptionError:
        """Deprecated (a refusal is data: `tabletop.model.OptionError.refusal`): the
        `OptionError` refusing a value, `reason` after the option's name for the command
        line, `words` after its title for a player."""
        _deprecated("refusal", "raise OptionError(message, words) with the game's own "
                               "words, or let validate refuse the value: its OptionError "
                               "carries the refusal as data (OptionError.refusal)")
        return OptionError(_("option {name}: {reason}").format(name=repr(self.name),
                                                              reason=reason),
                           _("{option}: {problem}.").format(
                               option=translated(self.label or self.name.replace(
                                   "_", " ").capitalize()), problem=words))


#: The deprecated members of `GameOption` already said in this process (each once).
_SAID: set[str] = set()


def _deprecated(member: str, change: str) -> None:
    """Say once per process that `GameOption.<member>` is deprecated (until issue 35 an
    option also showed itself: its title, a value's name, the set-up's steps, a refusal
    in two sentences; the host now does that in `tabletop.play.option_words`), and what
    the plugin writes instead: `change`."""
    if member in _SAID:
        return
    _SAID.add(member)
    warnings.warn(f"GameOption.{member} is deprecated: the host shows options itself "
                  f"(tabletop.play.option_words); {change}", PluginDeprecationWarning,
                  stacklevel=3)
