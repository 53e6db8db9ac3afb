"""The one parser of what a person chooses for a game: seats, agents and levels, budgets,
options, player counts and seeds.

`play`, `simulate`, `tournament` and the set-up screen all resolve their choices here, so
a rule (a seed's range, a budget's bound, which names may sit at a table) is written once
and a bad value is refused with the same line everywhere. These are plain functions over
text or numbers: no click here (the commands wrap them in `tabletop.cli.options`), so the
app uses them as they are. Each refusal is a `ChoiceError`: one line, and the command-line
option it belongs to (`--seed`), which the app leaves out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.ai.base import Budget, Level
from tabletop.i18n import _
from tabletop.limits import (
    MAX_MOVES,
    MAX_PLAYER_NAME,
    SEED_RANGE,
    one_line,
    player_name,
    player_name_problem,
    shown,
)
from tabletop.model import Game, OptionError, TabletopError
from tabletop.play.session import HUMAN
from tabletop.plugins import Host

#: The bounds of the numeric choices: a move may think up to an hour, a run play a million
#: games on 64 processes.
MAX_SECONDS = 3600
MAX_ITERATIONS = 10**9
MAX_GAMES = 10**6
MAX_WORKERS = 64
#: Seats at one table (each game's own range is checked too, and is far smaller).
MAX_PLAYERS = 1000
#: A game's ply bound (`--max-plies`, `--ply`): no record holds more moves.
MAX_PLIES = MAX_MOVES
#: Ray tasks at once (`tournament --backend ray --workers`): a cluster may have thousands
#: of CPUs, where a pool on one machine stays within `MAX_WORKERS` processes.
MAX_RAY_TASKS = 4096
#: The range a random seed is drawn from when none is given (any seed in `SEED_RANGE` may
#: be typed; a drawn one stays short enough to read out and type back).
RANDOM_SEEDS = 2**31


class ChoiceError(TabletopError):
    """A choice refused, in one line; `option` is the command-line option it came from."""

    def __init__(self, option: str, message: object) -> None:
        super().__init__(one_line(message))
        self.option = option


# -- numbers ----------------------------------------------------------------------------
def whole(value: Any, low: int, high: int, option: str) -> int:
    """`value` (text or a number) as a whole number in `low..high`; the words are click's
    own for its ranges (`0 is not in the range 1<=x<=10.`), so a count refused here reads
    as every other count the command line refuses."""
    try:
        # Text or an int only: int(2.5) would quietly make 2 of a typed 2.5.
        number = int(value if isinstance(value, int | str) else str(value))
    except (TypeError, ValueError):
        raise ChoiceError(option, _("{value} is not a valid integer.").format(
            value=shown(value))) from None
    if not low <= number <= high:
        raise ChoiceError(option, _("{value} is not in the range {range}.").format(
            value=number, range=f"{low}<=x<={high}"))
    return number


def seconds(value: Any, option: str = "--seconds") -> float:
    """A thinking time: a finite number of seconds in (0, `MAX_SECONDS`]; NaN, infinity
    and 0 are refused."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise ChoiceError(option, _("{value} is not a number of seconds").format(
            value=shown(value))) from None
    # `not 0 < number <= MAX` is true for NaN too (it compares false to everything).
    if not 0 < number <= MAX_SECONDS:
        raise ChoiceError(option, _("{value} is not a number of seconds in (0, {most}]")
                          .format(value=shown(value), most=MAX_SECONDS))
    return number


def iterations(value: Any, option: str = "--iterations") -> int:
    """Work per decision (playouts, nodes): a whole number in 1..`MAX_ITERATIONS`."""
    return whole(value, 1, MAX_ITERATIONS, option)


def budget(seconds_value: Any = None, iterations_value: Any = None) -> Budget:
    """The budget per decision from `--seconds` and `--iterations` (either may be None:
    the agents' own default)."""
    return Budget(None if seconds_value is None else seconds(seconds_value),
                  None if iterations_value is None else iterations(iterations_value))


def budget_text(text: str | None, option: str = "--budget") -> Budget:
    """The older one-option spelling of a budget: `iterations=N`, `seconds=S` or both,
    comma-separated (None: the agents' defaults), under the same bounds as `budget`."""
    if text is None:
        return Budget()
    values: dict[str, float] = {}
    for part in text.split(","):
        key, sep, value = part.partition("=")
        key = key.strip()
        try:
            number = int(value) if key == "iterations" else float(value)
        except ValueError:
            number = 0
        # `number > 0` is false for NaN; infinity is no budget either.
        if (not sep or key not in ("iterations", "seconds") or key in values
                or not (number > 0 and math.isfinite(number))):
            raise ChoiceError(option, _("budget {budget}: expected iterations=N and/or "
                                        "seconds=S with positive numbers").format(
                budget=shown(text)))
        values[key] = number
    if values.get("iterations", 0) > MAX_ITERATIONS or values.get("seconds", 0) > MAX_SECONDS:
        raise ChoiceError(option, _("at most iterations={iterations} and "
                                    "seconds={seconds}").format(iterations=MAX_ITERATIONS,
                                                                 seconds=MAX_SECONDS))
    count = values.get("iterations")
    return Budget(values.get("seconds"), int(count) if count else None)


# -- seeds ------------------------------------------------------------------------------
def seed(value: Any, option: str = "--seed") -> int:
    """A game's seed: a whole number in `SEED_RANGE` (64-bit)."""
    return whole(value, *SEED_RANGE, option)


def random_seed() -> int:
    """A seed for a game where none was chosen (from the system, never the global
    `random`, which plugin code may have seeded)."""
    return random.SystemRandom().randrange(RANDOM_SEEDS)


def seed_run(first: int, count: int, what: str, option: str = "--seed") -> int:
    """`first`, checked so that the `count` seeds `first..first+count-1` a run uses (one
    per game, or per round: `what`) all stay within `SEED_RANGE`."""
    if first + count - 1 > SEED_RANGE[1]:
        if what == "round":
            message = _("round seeds SEED..SEED+{last} must stay within {most}")
        elif what == "game":
            message = _("game seeds SEED..SEED+{last} must stay within {most}")
        else:
            message = what + " seeds SEED..SEED+{last} must stay within {most}"
        raise ChoiceError(option, message.format(last=count - 1, most=SEED_RANGE[1]))
    return first


# -- agents, levels and seats -------------------------------------------------------------
def agent_names(values: Iterable[str]) -> list[str]:
    """The names in `--agents a,b` and repeated `--seat a --seat b` alike: each value
    split at commas, blanks dropped, in order."""
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def agents(host: Host, game_id: str, names: Sequence[str], option: str = "--agents",
           human: bool = False) -> list[str]:
    """`names`, each an agent or a level of `game_id` (or `human`, where a person may sit);
    the first unknown one is refused naming the game's agents."""
    for name in names:
        if human and name == HUMAN:
            continue
        try:
            host.agent_spec(game_id, name)
        except TabletopError as exc:
            raise ChoiceError(option, exc) from None
    return list(names)


def levels(host: Host, game_id: str) -> dict[str, Level]:
    """The game's levels by name, weakest first (empty if it declares none)."""
    return {s.name: s.level for s in host.agent_specs(game_id) if s.level is not None}


def seat_choices(host: Host, game_id: str) -> list[str]:
    """What a seat may be in the set-up screen: `human`, then the game's levels (a player
    picks how strong an opponent is; the agent ids stay for the command line), or its
    agents if it has no levels."""
    named = levels(host, game_id)
    return [HUMAN, *(named or [s.name for s in host.agent_specs(game_id)])]


def players(game: Game[Any, Any], count: int | None, default: int,
            option: str = "--players") -> int:
    """The number of players (`default` if None), within the game's own range."""
    try:
        return game.info.check_players(count if count is not None else default)
    except OptionError as exc:
        raise ChoiceError(option, exc) from None


def play_seats(host: Host, game_id: str, names: Sequence[str], count: int,
               option: str = "--seat") -> list[str]:
    """Who sits at each of `count` seats of a played game: one name per seat; one name
    or none: that seat (a person by default) plays seat 1 and the game's strongest agent
    every other seat."""
    seated = list(names) or [HUMAN]
    if len(seated) == 1 and count > 1:
        seated += [host.strongest_agent(game_id).name] * (count - 1)
    if len(seated) != count:
        raise ChoiceError(option, _("{seats} seats given for {count} players").format(
            seats=len(seated), count=count))
    return agents(host, game_id, seated, option, human=True)


def match_seats(host: Host, game_id: str, names: Sequence[str], count: int,
                option: str = "--agents") -> list[str]:
    """The agents of a headless match of `count` seats: one per seat, or one for all."""
    if not names:
        raise ChoiceError(option, _("name at least one agent"))
    seated = list(names) * count if len(names) == 1 else list(names)
    if len(seated) != count:
        raise ChoiceError(option, _("{agents} agents for {count} players").format(
            agents=len(seated), count=count))
    for name in dict.fromkeys(seated):
        agents(host, game_id, [name], option)
    return seated


def entrants(host: Host, game_id: str, names: Sequence[str],
             option: str = "--agents") -> list[str]:
    """The agents a tournament rates: at least two, all different, all known."""
    if len(names) < 2 or len(set(names)) != len(names):
        raise ChoiceError(option, _("name at least two different agents"))
    return agents(host, game_id, names, option)


# -- options and names --------------------------------------------------------------------
def options(game: Game[Any, Any], pairs: Iterable[str], option: str = "--option") -> dict[
        str, Any]:
    """`KEY=VALUE` texts as the game's option values (each parsed by its option)."""
    values: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise ChoiceError(option, _("{pair} is not key=value").format(pair=shown(pair)))
        try:
            values[name.strip()] = game.info.option(name.strip()).parse(text)
        except OptionError as exc:
            raise ChoiceError(option, exc) from None
    return values


def checked_options(game: Game[Any, Any], values: dict[str, Any],
                    option: str = "--option") -> dict[str, Any]:
    """`values`, refused if the game's options do not take them together."""
    try:
        game.info.resolve_options(values)
    except OptionError as exc:
        raise ChoiceError(option, exc) from None
    return values


def person_name(name: str, option: str = "--name") -> str:
    """A person's name for a seat, refused if too long or holding a control character (a
    name is shown on every turn line, label and library row); the name as kept (stripped,
    NFC: `limits.player_name`). The rule is `limits.player_name_problem`."""
    if player_name_problem(name) is None:
        return player_name(name)
    if len(player_name(name)) > MAX_PLAYER_NAME:
        raise ChoiceError(option, _("the name {name} is longer than {count} characters")
                          .format(name=shown(name), count=MAX_PLAYER_NAME))
    raise ChoiceError(option, _("the name {name} holds a control or invisible character")
                      .format(name=shown(name)))
