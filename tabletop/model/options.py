"""A game's options: what each is called, its default, its type and the values it takes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import _, translated
from tabletop.limits import MAX_FILE_BYTES, data_problem, one_line, shown
from tabletop.model.errors import OptionError

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

    @property
    def title(self) -> str:
        """The label, or the name in words ("ply_limit" → "Ply limit") when none is given."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def help_line(self) -> str:
        """The one-line help, or the description when none is given."""
        return self.help or self.description

    def value_text(self, value: Any) -> str:
        """`value` as a player reads it: its preset's name, on/off, or the value itself."""
        for name, preset in self.presets:
            if preset == value and type(preset) is type(value):
                return translated(name)
        if self.kind is bool:
            return _("on") if value else _("off")
        if self.kind is object:
            return _("custom (set from the command line)")
        return str(value)

    def step(self, value: Any, step: int) -> Any:
        """The value `step` places after `value` (before, if negative) as a front end
        offers them: the next preset, else bool toggled, choice cycled, int stepped in bounds.
        """
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

    def parse(self, text: str) -> Any:
        """Convert command-line text into a validated value of this option."""
        if self.kind is bool:
            word = text.strip().lower()
            if word not in _BOOL_WORDS:
                raise OptionError(_("option {name}: {text} is not true/false").format(
                    name=repr(self.name), text=repr(text)))
            return self.validate(_BOOL_WORDS[word])
        if self.kind is int:
            try:
                return self.validate(int(text.strip()))
            except ValueError as exc:
                if isinstance(exc, OptionError):
                    raise
                raise OptionError(_("option {name}: {text} is not a whole number").format(
                    name=repr(self.name), text=repr(text))) from None
        if self.kind is object:
            import json

            if len(text) > MAX_FILE_BYTES:
                raise OptionError(_("option {name}: the data is too large").format(
                    name=repr(self.name)))
            try:
                value = json.loads(text)
            except RecursionError:
                raise OptionError(_("option {name}: nested too deeply").format(
                    name=repr(self.name))) from None
            except ValueError as exc:  # invalid JSON, or a number over 4,300 digits
                raise OptionError(_("option {name}: not valid JSON ({error})").format(
                    name=repr(self.name), error=one_line(exc, 120))) from None
            problem = data_problem(value)
            if problem:
                raise OptionError(_("option {name}: the data holds {problem}").format(
                    name=repr(self.name), problem=problem))
            return self.validate(value)
        return self.validate(text)

    def validate(self, value: Any) -> Any:
        """Return `value` if this option accepts it, else raise `OptionError`."""
        if self.kind is bool and not isinstance(value, bool):
            raise self.refusal(_("expected true or false, got {value}").format(
                value=shown(value)), _("{value} is neither on nor off").format(
                value=shown(value)))
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.refusal(_("expected a whole number, got {value}").format(
                value=shown(value)), _("{value} is not a whole number").format(
                value=shown(value)))
        if self.kind is str and not isinstance(value, str):
            raise self.refusal(_("expected text, got {value}").format(value=shown(value)),
                               _("{value} is not a text").format(value=shown(value)))
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            offered = ", ".join(self.value_text(c) for c in self.choices)
            raise self.refusal(_("{value} is not one of {allowed}").format(
                value=shown(value), allowed=allowed), _(
                "{value} is not offered (choose {offered})").format(
                value=self.value_text(value), offered=offered))
        if self.minimum is not None and value < self.minimum:
            raise self.refusal(_("{value} is below {lowest}").format(
                value=value, lowest=self.minimum), _(
                "{value} is below the lowest, {lowest}").format(
                value=self.value_text(value), lowest=self.value_text(self.minimum)))
        if self.maximum is not None and value > self.maximum:
            raise self.refusal(_("{value} is above {highest}").format(
                value=value, highest=self.maximum), _(
                "{value} is above the highest, {highest}").format(
                value=self.value_text(value), highest=self.value_text(self.maximum)))
        if self.check is not None:
            try:
                self.check(value)
            except OptionError:
                raise
            except (ValueError, TypeError, KeyError) as exc:
                raise self.refusal(one_line(exc), one_line(exc)) from None
        return value

    def refusal(self, reason: str, words: str) -> OptionError:
        """The `OptionError` refusing a value of this option: `reason` after the option's
        name for the command line, `words` after its label for a player."""
        return OptionError(_("option {name}: {reason}").format(name=repr(self.name),
                                                              reason=reason),
                           _("{option}: {problem}.").format(option=translated(self.title),
                                                           problem=words))

