"""Game records: what was played, saved as JSON, and replayed exactly.

A record holds the game id, the record format version, the number of players, the
options, the seed, the explicit set-up where the game has one, the moves in the game's
notation and the result. `replay` rebuilds the game move by move and rejects a record
that does not replay, saying where and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.model import Game, Outcome, RecordError, TabletopError

RECORD_FORMAT = "tabletop-record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Record:
    """One game: how it was set up and the moves that were played."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    setup: Any
    moves: tuple[str, ...] = ()
    result: Outcome | None = None
    agents: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form, keys in a fixed order."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "players": self.players,
            "agents": list(self.agents),
            "options": self.options,
            "seed": self.seed,
            "setup": self.setup,
            "moves": list(self.moves),
            "result": self.result.to_dict() if self.result is not None else None,
        }

    def to_json(self) -> str:
        """The record as JSON text; the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=False, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Parse a record dict; raises `RecordError` if it is not a record of this format."""
        if not isinstance(data, Mapping):
            raise RecordError("not a game record: expected a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record (format is {data.get('format')!r})")
        if data.get("version") != RECORD_VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported "
                              f"(this Tabletop reads version {RECORD_VERSION})")
        try:
            game, players, seed = data["game"], data["players"], data["seed"]
            options, moves = data["options"], data["moves"]
        except KeyError as exc:
            raise RecordError(f"record is missing {exc.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(options, dict):
            raise RecordError("record's game or options have the wrong type")
        if not isinstance(players, int) or not isinstance(seed, int):
            raise RecordError("record's players and seed must be whole numbers")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record's moves must be a list of texts")
        result = data.get("result")
        agents = data.get("agents") or []
        return cls(game, players, dict(options), seed, data.get("setup"), tuple(moves),
                   Outcome.from_dict(result) if result is not None else None,
                   tuple(str(a) for a in agents))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse record JSON text; raises `RecordError` on anything else."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"not a game record: invalid JSON ({exc})") from None
        return cls.from_dict(data)


@dataclass(frozen=True)
class Replay:
    """A replayed record: every state from the start, and the log lines of each ply."""

    record: Record
    states: tuple[Any, ...]
    moves: tuple[Any, ...]
    log: tuple[tuple[str, ...], ...]

    @property
    def final(self) -> Any:
        """The last state."""
        return self.states[-1]


def start(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
          seed: int, setup: Any = None) -> tuple[Any, dict[str, Any]]:
    """A new state of `game` and its resolved options (validated; raises `OptionError`)."""
    game.info.check_players(players)
    resolved = game.info.resolve_options(options)
    return game.new_state(players, resolved, seed, setup), resolved


def record_of(game: Game[Any, Any], players: int, options: Mapping[str, Any], seed: int,
              states: Sequence[Any], moves: Sequence[Any],
              agents: Sequence[str] = ()) -> Record:
    """The record of a game given its states (`states[0]` the start) and moves."""
    notation = tuple(game.move_to_text(s, m) for s, m in zip(states, moves, strict=False))
    return Record(game.info.id, players, dict(options), seed, game.setup(states[0]),
                  notation, game.outcome(states[-1]), tuple(agents))


def replay(game: Game[Any, Any], record: Record) -> Replay:
    """Rebuild the game of `record`; raises `RecordError` saying where it goes wrong."""
    if record.game != game.info.id:
        raise RecordError(f"record is of game {record.game!r}, not {game.info.id!r}")
    try:
        state, _ = start(game, record.players, record.options, record.seed, record.setup)
    except TabletopError as exc:
        raise RecordError(f"set-up: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordError(f"set-up is invalid: {exc!r}") from None
    states, moves, log = [state], [], []
    for number, text in enumerate(record.moves, 1):
        if game.to_move(state) is None:
            raise RecordError(f"move {number} ({text!r}): the game was already over")
        try:
            move = game.parse_move(state, text)
            after = game.apply(state, move)
        except TabletopError as exc:
            raise RecordError(f"move {number} ({text!r}): {exc}") from None
        log.append(tuple(game.describe(state, move, after)))
        states.append(after)
        moves.append(move)
        state = after
    outcome = game.outcome(state)
    if record.result is not None and outcome != record.result:
        got = "game not over" if outcome is None else f"{outcome.to_dict()}"
        raise RecordError(f"after move {len(record.moves)}: result differs from the record "
                          f"(recorded {record.result.to_dict()}, replay gives {got})")
    return Replay(record, tuple(states), tuple(moves), tuple(log))
