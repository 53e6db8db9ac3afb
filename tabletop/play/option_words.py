"""How a game's options are shown to a player, for every front end: an option's title and
help line, a value as a player reads it, the values the set-up's arrows step through, and
a refused value in the player's words.

A game declares its options as data (`tabletop.model.GameOption`: its label, help and
named presets) and the rules that check a value; a value it refuses comes back as an
`OptionError` whose `refusal` is data (`OptionRefusal`). The words are made here, in the
player's language at the moment they are shown (the labels and presets' names through the
game's catalog), so the app's set-up screen and any other front end say the same thing.
The command line names options and values as they are typed: it shows the error's own
message.
"""

from __future__ import annotations

from typing import Any

from tabletop.i18n import _, translated
from tabletop.limits import shown
from tabletop.model import GameInfo, GameOption, OptionError, OptionRefusal, TabletopError

__all__ = ["help_line", "refusal_words", "step", "title", "value_text"]


def title(option: GameOption) -> str:
    """The option's title in the player's language: its label, or its name in words
    ("ply_limit" → "Ply limit") when it has none."""
    return translated(option.label or option.name.replace("_", " ").capitalize())


def help_line(option: GameOption) -> str:
    """The option's one line of help in the player's language (its description when it
    gives no help)."""
    return translated(option.help or option.description)


def value_text(option: GameOption, value: Any) -> str:
    """`value` as a player reads it: its preset's name, on/off, "custom" for data set from
    the command line, or the value itself."""
    for name, preset in option.presets:
        if preset == value and type(preset) is type(value):
            return translated(name)
    if option.kind is bool:
        return _("on") if value else _("off")
    if option.kind is object:
        return _("custom (set from the command line)")
    return str(value)


def step(option: GameOption, value: Any, step: int) -> Any:
    """The value `step` places after `value` (before, if negative) as the set-up's arrows
    offer them: the next preset (round and round; a value no preset names goes to the
    first), else a flag toggled, a choice cycled, a number stepped within its bounds."""
    if option.presets:
        values = [v for _, v in option.presets]
        at = next((i for i, v in enumerate(values)
                   if v == value and type(v) is type(value)), -1)
        return values[(at + step) % len(values)] if at >= 0 else values[0]
    if option.kind is bool:
        return not value
    if option.choices:
        choices = list(option.choices)
        return (choices[(choices.index(value) + step) % len(choices)]
                if value in choices else choices[0])
    if option.kind is int:
        new = value + step
        if option.minimum is not None:
            new = max(option.minimum, new)
        if option.maximum is not None:
            new = min(option.maximum, new)
        return new
    return value


def _problem(option: GameOption, refusal: OptionRefusal) -> str:
    """What was wrong with the refused value, in a player's words (no option named)."""
    value, problem = refusal.value, refusal.problem
    if problem == "not_true_false":
        return _("{value} is neither on nor off").format(value=shown(value))
    if problem == "not_whole_number":
        return _("{value} is not a whole number").format(value=shown(value))
    if problem == "not_text":
        return _("{value} is not a text").format(value=shown(value))
    if problem == "not_offered":
        offered = ", ".join(value_text(option, c) for c in refusal.limit or ())
        return _("{value} is not offered (choose {offered})").format(
            value=value_text(option, value), offered=offered)
    if problem == "below":
        return _("{value} is below the lowest, {lowest}").format(
            value=value_text(option, value), lowest=value_text(option, refusal.limit))
    if problem == "above":
        return _("{value} is above the highest, {highest}").format(
            value=value_text(option, value), highest=value_text(option, refusal.limit))
    if problem == "not_json":
        return _("the data is not valid JSON ({error})").format(error=refusal.detail)
    if problem == "too_large":
        return _("the data is too large")
    if problem == "too_deep":
        return _("the data is nested too deeply")
    if problem == "bad_data":
        return _("the data holds {problem}").format(problem=refusal.detail)
    return refusal.detail  # "check": the option's own check says what is wrong


def refusal_words(error: TabletopError, info: GameInfo) -> str:
    """`error` as a player reads it, in the player's language: a value refused by one of
    `info`'s options named by the option's title and the values by their presets' names
    ("Move limit: 5 is below the lowest, No limit (the rules)."); any other error in its
    own words (`tabletop.model.TabletopError.words`: a game's refusal as the game worded it)."""
    refusal = error.refusal if isinstance(error, OptionError) else None
    option = next((o for o in info.options if refusal and o.name == refusal.option), None)
    if refusal is None or option is None:
        return error.words
    return _("{option}: {problem}.").format(option=title(option),
                                            problem=_problem(option, refusal))
