"""Games the conformance kit must catch, each broken in one way its new checks look for.

Module-level classes (not made inside a test): the kit sends the game to a fresh Python
process for its PYTHONHASHSEED check, which imports this module there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from tabletop_nim import Nim, NimState, Take

from tabletop.lines import Line, seat
from tabletop.model import IllegalMoveError, NotationError, Sampler
from tests.host.toys import Duel, DuelState, DuelView


class AcceptingNim(Nim):
    """`apply` takes any move it is given: a heap emptied long ago, a count too big."""

    def apply(self, state: NimState, move: Take) -> NimState:
        heaps = list(state.heaps)
        heaps[move.heap] -= move.count
        return NimState(tuple(heaps), 1 - state.player)


@dataclass(frozen=True)
class PitsState:
    """Counters in a row of pits; a move empties one pit."""

    pits: tuple[int, ...]
    player: int


class Pits(Nim):
    """Moves are pit numbers (ints); `apply` indexes the row with any number it gets."""

    info = replace(Nim.info, id="pits", name="Pits", options=(), max_plies=8)

    def new_state(self, players: int, options: Any, seed: int,
                  setup: Any = None) -> Any:
        return PitsState((1, 2, 3, 1, 2, 3), 0)

    def to_move(self, state: Any) -> int | None:
        return state.player if any(state.pits) else None

    def legal_moves(self, state: Any) -> list[Any]:
        return [pit for pit, count in enumerate(state.pits) if count]

    def apply(self, state: Any, move: Any) -> Any:
        pits = list(state.pits)
        pits[move] = 0  # no check: pit 99 raises IndexError, pit -1 empties the last pit
        return PitsState(tuple(pits), 1 - state.player)

    def outcome(self, state: Any) -> Any:
        return super().outcome(NimState(state.pits, state.player))

    def move_to_text(self, state: Any, move: Any) -> str:
        return str(move + 1)

    def parse_move(self, state: Any, text: str) -> Any:
        if not text.strip().isdigit():
            raise NotationError(f"{text!r} is not a pit number")
        pit = int(text) - 1
        if pit not in self.legal_moves(state):
            raise IllegalMoveError(f"pit {text} is empty or missing")
        return pit

    def render_text(self, state: Any, seat: int | None = None) -> str:
        return " ".join(map(str, state.pits))

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        return {"version": 1, "pits": list(state.pits), "player": state.player}

    def state_from_dict(self, data: Any) -> Any:
        state = super().state_from_dict({"version": data.get("version"),
                                         "heaps": data.get("pits"),
                                         "player": data.get("player")})
        return PitsState(state.heaps, state.player)


class Fixed(Pits):
    """Pits with a careful `apply`: the kit's control."""

    info = replace(Pits.info, id="fixed")

    def apply(self, state: Any, move: Any) -> Any:
        if type(move) is not int or move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a pit with counters")
        return super().apply(state, move)


@dataclass(frozen=True)
class Word:
    """A move named by a word (its hash changes with PYTHONHASHSEED)."""

    word: str


class HashedWords(Fixed):
    """Legal moves listed from a set of strings: their order depends on the hash seed."""

    info = replace(Pits.info, id="hashed")
    WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")

    def legal_moves(self, state: Any) -> list[Any]:
        return [Word(w) for w in {self.WORDS[p] for p, c in enumerate(state.pits) if c}]

    def apply(self, state: Any, move: Any) -> Any:
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not legal here")
        return Pits.apply(self, state, self.WORDS.index(move.word))

    def move_to_text(self, state: Any, move: Any) -> str:
        return str(move.word)

    def parse_move(self, state: Any, text: str) -> Any:
        if Word(text.strip()) not in self.legal_moves(state):
            raise NotationError(f"{text!r} is not a legal word here")
        return Word(text.strip())


class CrashingSample(Duel):
    """Its sampler's `sample_state` fails on the game's own observations."""

    info = replace(Duel.info, id="crashing")

    def sampler(self) -> Sampler[DuelState]:
        return CrashingSampler()


class CrashingSampler(Sampler[DuelState]):
    """Raises KeyError for any observation."""

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> DuelState:
        raise KeyError("hand")


class LeakyText(Duel):
    """Every seat's text shows both hidden cards."""

    info = replace(Duel.info, id="leaky_text")

    def render_text(self, state: DuelState, seat: int | None = None) -> str:
        return f"hands {state.hands}, turn {state.turn}"


class SpectatorLeak(Duel):
    """A seat sees its own card, but a spectator is shown the card of the seat to move."""

    info = replace(Duel.info, id="spectator_leak")

    def render_text(self, state: DuelState, seat: int | None = None) -> str:
        shown = state.turn % 2 if seat is None else seat
        return f"card {state.hands[shown]}, turn {state.turn}"


class OldText(Duel):
    """A plugin from before seat views: `render_text(state)` shows both hidden cards."""

    info = replace(Duel.info, id="old_text")

    def render_text(self, state: DuelState) -> str:  # type: ignore[override]
        return f"hands {state.hands}, turn {state.turn}"


class OldViewText(Duel):
    """A hidden-information plugin from before seat views whose `render_text(state)` also
    draws a seat's observation (the app drew that)."""

    info = replace(Duel.info, id="old_view_text")

    def render_text(self, state: Any) -> str:  # type: ignore[override]
        if isinstance(state, DuelView):
            return f"your card {state.card}, turn {state.turn}"
        return f"hands {state.hands}, turn {state.turn}"


class OldNim(Nim):
    """A perfect-information plugin from before seat views: `render_text(state)`."""

    info = replace(Nim.info, id="old_nim")

    def render_text(self, state: NimState) -> str:
        return f"heaps {state.heaps}"


class LoadedDie(Nim):
    """A chance step whose probabilities do not sum to 1 (a die with five faces of 1/6)."""

    info = replace(Nim.info, id="loaded")

    def new_state(self, players: int, options: Any, seed: int, setup: Any = None) -> Any:
        return ("roll", super().new_state(players, options, seed, setup))

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]:
        return [(face, 1 / 6) for face in range(1, 6)] if isinstance(state, tuple) else []

    def apply_chance(self, state: Any, outcome: Any) -> Any:
        return state[1]


class MisspokenNim(Nim):
    """`describe` gives a `Line` whose template names a field it has no argument for."""

    def describe(self, before: NimState, move: Take, after: NimState) -> list[str | Line]:
        return [Line.of("{player} takes {count}.", player=seat(before.player))]


class PlainWordsNim(Nim):
    """An older form: its log and its outcome's reason write the seat into plain text."""

    info = replace(Nim.info, id="plain_words")

    def describe(self, before: NimState, move: Take, after: NimState) -> list[str | Line]:
        return [f"Player {before.player + 1} takes {move.count} from heap {move.heap + 1}."]

    def outcome(self, state: NimState) -> Any:
        found = super().outcome(state)
        if found is None:
            return None
        return replace(found, reason=f"Player {found.winners[0] + 1} took the last counter")
