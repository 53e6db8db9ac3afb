"""Tabletop options from OpenSpiel's game parameters.

Every parameter of a bridged game becomes a `GameOption` of the same name and default,
except the presentation-only ones (`catalogue.PRESENTATION`), the ones its catalogue
entry hides, and `players` (the player count is Tabletop's own setting). The kind follows
the default's type; a number parameter (komi) is given as JSON. Whole numbers are kept
within a sane range (a board a hundred times the default would hang the app), and
`check` loads the game with the value so that OpenSpiel's own refusal becomes the
option's one-line error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pyspiel

from tabletop.model import GameOption, OptionError

from .catalogue import PRESENTATION, Entry

_PARAMETER_CEILING = 8  # a whole-number parameter may be at most 8x its default


def spielerror_text(exc: BaseException) -> str:
    """OpenSpiel's message without its 'OpenSpiel exception:' tail, on one line."""
    text = str(exc).split("OpenSpiel exception:")[0]
    return " ".join(text.split()) or type(exc).__name__


def load(name: str, parameters: Mapping[str, Any]) -> Any:
    """The OpenSpiel game `name` with `parameters`; `OptionError` if OpenSpiel refuses."""
    try:
        return pyspiel.load_game(name, dict(parameters))
    except (pyspiel.SpielError, RuntimeError, ValueError, TypeError) as exc:
        raise OptionError(f"OpenSpiel refuses {name} with {_shown(parameters)}: "
                          f"{spielerror_text(exc)}") from None


def _shown(parameters: Mapping[str, Any]) -> str:
    return ", ".join(f"{key}={value!r}" for key, value in sorted(parameters.items())) or \
        "its default parameters"


def game_options(entry: Entry, defaults: Mapping[str, Any]) -> tuple[GameOption, ...]:
    """The options of `entry`'s game, from OpenSpiel's `defaults` of its parameters."""
    options = []
    for name, default in sorted(defaults.items()):
        if name in PRESENTATION or name in entry.hidden or name == "players":
            continue
        options.append(_option(entry.name, name, default))
    return tuple(options)


def _describe(name: str) -> str:
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ")
    return words[:1].upper() + words[1:] + " (OpenSpiel parameter)"


def _option(game: str, name: str, default: Any) -> GameOption:
    def check(value: Any) -> None:
        load(game, {name: value})

    if isinstance(default, bool):
        return GameOption(name, default, _describe(name), bool, check=check)
    if isinstance(default, int):
        low = 1 if default >= 1 else min(default, 0)  # -1 may mean "not set"
        high = max(default * _PARAMETER_CEILING, 20)
        return GameOption(name, default, _describe(name), int, minimum=low, maximum=high,
                          check=check)
    if isinstance(default, float):
        def check_number(value: Any) -> None:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise OptionError(f"option {name!r}: expected a number, got {value!r}")
            check(float(value))

        return GameOption(name, default, _describe(name) + ", a number", object,
                          check=check_number)
    return GameOption(name, str(default), _describe(name), str, check=check)


def to_parameters(options: Mapping[str, Any], players: int, defaults: Mapping[str, Any],
                  fixed: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters for resolved Tabletop `options` and a player count.

    Only parameters that differ from OpenSpiel's defaults are passed (so a saved game
    names what was chosen); numbers given as whole JSON numbers become floats where
    OpenSpiel expects a float.
    """
    parameters: dict[str, Any] = {}
    for name, value in options.items():
        default = defaults.get(name)
        if isinstance(default, float) and not isinstance(value, bool):
            value = float(value)
        if value != default:
            parameters[name] = value
    if "players" in defaults and players != defaults["players"]:
        parameters["players"] = players
    for name, value in {**PRESENTATION, **fixed}.items():
        if name in defaults and defaults[name] != value:
            parameters[name] = value
    return parameters
