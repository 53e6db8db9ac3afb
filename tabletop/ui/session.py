"""A game in progress on screen: history, undo/redo rules, what may be shown (no arcade).

The history is the list of states (pgx style: undo is popping states). The engine decides
what may be undone: never a ply where `Game.reveals` is True, and in a hidden-information
game never a move of an AI seat (its move was already shown to the human).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.model import Game, Outcome, RecordError
from tabletop.plugins import Host
from tabletop.record import Record, record_of, replay, start

HUMAN = "human"


class Session:
    """One game: its set-up, the seats' players (`HUMAN` or an agent name) and history."""

    def __init__(self, game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
                 agents: Sequence[str], states: Sequence[Any],
                 moves: Sequence[Any] = (), log: Sequence[Sequence[str]] = ()) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.agents = tuple(agents)
        self.states: list[Any] = list(states)
        self.moves: list[Any] = list(moves)
        self.log: list[tuple[str, ...]] = [tuple(lines) for lines in log]
        self._redo: list[list[Any]] = []

    # -- creating ----------------------------------------------------------------------
    @classmethod
    def new(cls, game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
            agents: Sequence[str]) -> Session:
        """A fresh game (raises `OptionError` for bad players or options)."""
        state, resolved = start(game, players, options, seed)
        return cls(game, players, resolved, seed, agents, [state])

    @classmethod
    def from_record(cls, host: Host, record: Record) -> Session:
        """Rebuild a saved game; raises `TabletopError` (`RecordError`) if it does not load."""
        game = host.game(record.game)
        played = replay(game, record)
        agents = record.agents or (HUMAN,) * record.players
        if len(agents) != record.players:
            raise RecordError(f"the save names {len(agents)} players for {record.players} seats")
        known = {spec.name for spec in host.agent_specs(record.game)} | {HUMAN}
        for name in agents:
            if name not in known:
                raise RecordError(f"the save names an unknown player {name!r}")
        return cls(game, record.players, dict(record.options), record.seed, agents,
                   played.states, played.moves, played.log)

    def record(self) -> Record:
        """The game so far as a `Record` (with each seat's player in `agents`)."""
        return record_of(self.game, self.players, self.options, self.seed, self.states,
                         self.moves, self.agents)

    # -- the position ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (never shown as such in a hidden-information game)."""
        return self.states[-1]

    @property
    def to_move(self) -> int | None:
        """The seat to move, None once the game is over."""
        return self.game.to_move(self.state)

    @property
    def outcome(self) -> Outcome | None:
        """The result, once the game is over."""
        return self.game.outcome(self.state)

    @property
    def human_seats(self) -> frozenset[int]:
        """The seats played by people at this screen."""
        return frozenset(i for i, name in enumerate(self.agents) if name == HUMAN)

    def is_ai(self, seat: int | None) -> bool:
        """True if `seat` is played by an agent."""
        return seat is not None and self.agents[seat] != HUMAN

    def viewing_seat(self) -> int:
        """Whose eyes the screen shows: the human to move, else the last human who moved."""
        humans = self.human_seats
        if self.to_move is not None and self.to_move in humans:
            return self.to_move
        for before in reversed(self.states[:-1]):
            mover = self.game.to_move(before)
            if mover in humans:
                return mover
        if humans:
            return min(humans)
        return self.to_move if self.to_move is not None else 0

    def view_of(self, state: Any, seat: int | None = None) -> Any:
        """What the screen may show of `state`: itself, or the observation of `seat`
        (default: `viewing_seat()`) in a hidden-information game."""
        if not self.game.info.hidden_information:
            return state
        return self.game.observation(state, self.viewing_seat() if seat is None else seat)

    def legal_moves(self) -> Sequence[Any]:
        """The legal moves of the seat to move."""
        return self.game.legal_moves(self.state)

    def special_moves(self) -> Sequence[Any]:
        """Resign, draw and the like, when a human is to move."""
        if self.to_move is None or self.is_ai(self.to_move):
            return ()
        return self.game.special_moves(self.state)

    def needs_consent(self, move: Any) -> bool:
        """True for a special move the other players must accept (it ends the game without
        the mover losing: a draw offer), False for a unilateral one such as resigning."""
        after = self.game.apply(self.state, move)
        result = self.game.outcome(after)
        return result is not None and (not result.winners or self.to_move in result.winners)

    # -- playing -----------------------------------------------------------------------
    def play(self, move: Any) -> tuple[Any, Any]:
        """Apply `move` (raises `IllegalMoveError`); returns (before, after). Clears redo."""
        before = self.state
        after = self.game.apply(before, move)
        self.states.append(after)
        self.moves.append(move)
        self.log.append(tuple(self.game.describe(before, move, after)))
        self._redo.clear()
        return before, after

    def _undoable(self, ply: int) -> bool:
        before, after, move = self.states[ply], self.states[ply + 1], self.moves[ply]
        if self.game.reveals(before, move, after):
            return False
        return not (self.game.info.hidden_information and self.is_ai(self.game.to_move(before)))

    def _undo_target(self) -> int | None:
        """The ply to go back to: the latest human turn reachable by undoable plies."""
        if not self.human_seats:
            return None
        ply = len(self.moves)
        while ply > 0:
            ply -= 1
            if not self._undoable(ply):
                return None
            if not self.is_ai(self.game.to_move(self.states[ply])):
                return ply
        return None

    def can_undo(self) -> bool:
        """True if undo would go back to an earlier human turn."""
        return self._undo_target() is not None

    def undo(self) -> bool:
        """Go back to the previous human turn; False (nothing changes) if not allowed."""
        target = self._undo_target()
        if target is None:
            return False
        self._redo.append(self.moves[target:])
        del self.states[target + 1:], self.moves[target:], self.log[target:]
        return True

    def can_redo(self) -> bool:
        """True if an undone turn can be replayed."""
        return bool(self._redo)

    def redo(self) -> bool:
        """Replay the last undone turn; False if there is none."""
        if not self._redo:
            return False
        group = self._redo.pop()
        saved, self._redo = self._redo, []  # play() clears redo; keep the older turns
        for move in group:
            self.play(move)
        self._redo = saved
        return True
