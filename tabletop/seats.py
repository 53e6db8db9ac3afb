"""Who sits at each seat: a `Seat` value, made once at set-up (no arcade here).

A seat is its index and either a person (the name typed for it, "" if none) or an agent
(its registered name, and the name a player knows it by: the level's, "Expert"). The
table, the record (its `agents`), the library (each kept seat's `player` and `agent`) and
every front end take the seat's words from here: "Player 2", "Bob (Blue)", "Expert",
"Alice vs Expert". A quick-start seat with no typed name is a person with no name: it is
not counted as a named person in Statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.model import GameInfo

#: The agent name of a seat played by a person at this screen.
HUMAN = "human"


def default_name(index: int) -> str:
    """The library's word for a person who typed no name: "Player N"."""
    return f"Player {index + 1}"


@dataclass(frozen=True)
class Seat:
    """One seat of a game: `index`, and a person (`agent` HUMAN, `name` typed or "") or an
    agent (`agent` its registered name, `level` the name players know it by, "" if none)."""

    index: int
    agent: str = HUMAN
    name: str = ""
    level: str = ""

    @classmethod
    def person(cls, index: int, name: str = "") -> Seat:
        """A person's seat; `name` is what they typed (stripped; "" for none)."""
        return cls(index, HUMAN, name.strip())

    @classmethod
    def computer(cls, index: int, agent: str, level: str = "") -> Seat:
        """An agent's seat; `level` is how players know it ("Expert"), "" for its name."""
        return cls(index, agent, "", level)

    @classmethod
    def kept(cls, index: int, player: str, agent: str, level: str = "") -> Seat:
        """The seat of a kept game (the library's `player` and `agent` of a seat): a
        person kept as the default "Player N" typed no name."""
        if agent != HUMAN:
            return cls.computer(index, agent, level)
        return cls.person(index, "" if player == default_name(index) else player)

    @property
    def is_person(self) -> bool:
        """True for a person at this screen."""
        return self.agent == HUMAN

    @property
    def player(self) -> str:
        """What the library keeps as the seat's player: the person's name ("Player N" if
        none was typed) or the agent's registered name."""
        if not self.is_person:
            return self.agent
        return self.name or default_name(self.index)

    @property
    def shown(self) -> str:
        """The seat in a game's title ("Alice vs Expert"): the person's name ("Player N"
        if none), or the agent's level name (its own name if it has none)."""
        return self.player if self.is_person else (self.level or self.agent)

    def label(self, info: GameInfo) -> str:
        """The seat as a game's lines name it: a person's name in place of "Player 2", or
        beside the game's own seat name ("Bob (Blue)"); otherwise the seat's own name."""
        return info.player_label(self.index, self.name if self.is_person else "")


def seats_of(agents: Sequence[str], names: Sequence[str] = (),
             levels: Sequence[str] = ()) -> tuple[Seat, ...]:
    """Seats from parallel lists: each seat's agent (HUMAN for a person), the names
    people typed ("" or missing for none), the agents' level names."""
    seats = []
    for index, agent in enumerate(agents):
        if agent == HUMAN:
            seats.append(Seat.person(index, names[index] if index < len(names) else ""))
        else:
            seats.append(Seat.computer(index, agent,
                                       levels[index] if index < len(levels) else ""))
    return tuple(seats)


def title(seats: Sequence[Seat]) -> str:
    """A game's players in one line: "Alice vs Expert"."""
    return " vs ".join(seat.shown for seat in seats)
