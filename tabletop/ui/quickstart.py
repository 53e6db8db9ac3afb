"""Quick starts: games begun from the launcher in one click, set-up skipped.

Derived from each game's info, never from its name: "<game> against the computer" for a
game two may play that has agents ("Verso against Beginner" once the opponent's level is
known), "<game> solo" for one a person may play alone, "<game>, two players here" for one
two may play. Each takes the choices last made at that kind of game (the opponent agent,
the options, the people's names) from the library, else the game's defaults and a
newcomer's opponent: the level the game's tutorial ends against, else its weakest level
(a newcomer is never put against Expert without knowing).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import N_, _
from tabletop.levels import computer_name
from tabletop.model import TabletopError
from tabletop.play.session import HUMAN
from tabletop.play.table import Table
from tabletop.seats import Seat
from tabletop.store.library import given_names
from tabletop.tutorial import tutorial_of

if TYPE_CHECKING:
    from tabletop.plugins import Host
    from tabletop.ui.services import Services


#: The kinds of quick start, each its button's words ({game}: the game's name).
AGAINST = N_("{game} against the computer")
#: The same, once the level it plays is known ({level}: "Beginner", in the language).
AGAINST_LEVEL = N_("{game} against {level}")
SOLO = N_("{game} solo")
TWO_HERE = N_("{game}, two players here")


@dataclass(frozen=True)
class QuickStart:
    """One quick start: the words of its button (`words`, a template of {game}; `label`
    is it filled, in the player's language), the game's name, the game and who plays
    each seat."""

    words: str
    game: str
    game_id: str
    seats: tuple[str, ...]  # HUMAN, or the agent to use when none is remembered
    #: The computer's level as players know it (English; "" where none plays).
    level: str = ""

    @property
    def label(self) -> str:
        """The button's words: "Verso against Beginner", "Verso solo"."""
        game = i18n.translated(self.game)
        if self.words == AGAINST and self.level:
            return _(AGAINST_LEVEL).format(game=game, level=i18n.translated(self.level))
        return _(self.words).format(game=game)


def newcomer_agent(host: Host, game_id: str) -> str:
    """The opponent a newcomer starts against: the level the game's tutorial ends
    against, else its weakest level (levels are registered weakest first), else its
    strongest agent (a game without levels has no easier one to offer)."""
    specs = host.agent_specs(game_id)
    names = {spec.name for spec in specs}
    try:
        tutorial = tutorial_of(host.game(game_id))
    except TabletopError:  # a broken tutorial leaves the choice to the levels
        tutorial = None
    if tutorial is not None and tutorial.opponent in names:
        return str(tutorial.opponent)
    levels = [spec.name for spec in specs if spec.level is not None]
    return levels[0] if levels else host.strongest_agent(game_id).name


def quick_starts(host: Host, game_id: str) -> list[QuickStart]:
    """The quick starts a game's info allows (see the module's docstring)."""
    info = host.game(game_id).info
    starts = []
    if info.min_players <= 2 <= info.max_players and host.agent_specs(game_id):
        agent = newcomer_agent(host, game_id)
        starts.append(QuickStart(AGAINST, info.name, game_id, (HUMAN, agent),
                                 _level(host, game_id, agent)))
    if info.min_players == 1:
        starts.append(QuickStart(SOLO, info.name, game_id, (HUMAN,)))
    if info.min_players <= 2 <= info.max_players:
        starts.append(QuickStart(TWO_HERE, info.name, game_id, (HUMAN, HUMAN)))
    return starts


def remembered(services: Services, start: QuickStart) -> tuple[tuple[str, ...], dict[str, Any],
                                                     list[str]]:
    """The seats, options and people's names of the latest kept game of the same kind
    (same game, players and number of people), else the defaults. The names are by seat
    ("" where none was given): each person comes back at the seat they had."""
    seats, options, names = start.seats, {}, list(services.keeper.last_names(start.game_id))
    library = services.keeper.library
    people = start.seats.count(HUMAN)
    for entry in library.entries(game=start.game_id) if library is not None else ():
        agents = tuple(seat.agent for seat in entry.seats)
        if len(agents) == len(start.seats) and agents.count(HUMAN) == people:
            agent_names = {a.name for a in services.host.agent_specs(start.game_id)}
            if all(a == HUMAN or a in agent_names for a in agents):
                seats = agents
            options = dict(entry.options)
            names = list(given_names([seat.player for seat in entry.seats],
                                     [seat.agent for seat in entry.seats]))
            break
    return seats, options, names


def as_offered(services: Services, start: QuickStart) -> QuickStart:
    """`start` naming the level a click plays now: the one remembered from the latest
    game of its kind, else its own."""
    if start.words != AGAINST:
        return start
    seats, _options, _names = remembered(services, start)
    agents = [agent for agent in seats if agent != HUMAN]
    if not agents:
        return start
    return replace(start, level=_level(services.host, start.game_id, agents[0]))


def _level(host: Host, game_id: str, agent: str) -> str:
    """The level that plays `agent` ("" where none does: the button then says "the
    computer" rather than an agent's id)."""
    specs = host.agent_specs(game_id)
    named = computer_name(specs, agent)
    levels = {spec.level.name for spec in specs if spec.level is not None}
    return named if named in levels else ""


def begin(services: Services, start: QuickStart) -> None:
    """Start the game at once; choices that no longer hold give way to the defaults, and
    a game that cannot start with those opens its set-up screen instead."""
    game = services.host.game(start.game_id)
    seats, options, names = remembered(services, start)
    seed = random.SystemRandom().randrange(2**31)
    for tried in (options, {}):
        try:
            opening = Table.opening(game, len(seats), dict(tried), seed, list(seats))
        except TabletopError:
            continue
        specs = services.host.agent_specs(start.game_id)
        services.navigator.start_game(start.game_id, opening, [
            Seat.person(i, names[i] if i < len(names) else "") if agent == HUMAN
            else Seat.computer(i, agent, computer_name(specs, agent))
            for i, agent in enumerate(opening.agents)])
        return
    services.navigator.show_setup(start.game_id)
