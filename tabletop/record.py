"""Game records: what was played, saved as JSON, and replayed exactly.

A record holds the game id, the record format version, the number of players, the
options, the seed, the explicit set-up where the game has one, the moves in the game's
notation and the result. `replay` rebuilds the game move by move and rejects a record
that does not replay, saying where and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.chance import settle
from tabletop.i18n import _
from tabletop.limits import (
    MAX_FILE_BYTES,
    MAX_MOVE_TEXT,
    MAX_MOVES,
    MAX_NAME,
    SEED_RANGE,
    data_problem,
    one_line,
    read_text,
    shown,
)
from tabletop.lines import Line, seat
from tabletop.model import Game, Outcome, RecordError, TabletopError

RECORD_FORMAT = "tabletop-record"
RECORD_VERSION = 1
#: How a game may end other than by its rules, kept in its record (`Record.ended`): a
#: person ran out of time on an online table's clock, a seat forfeited (an agent that
#: failed, under the forfeit policy), or a person resigned while another seat was to move
#: (`tabletop.play.table.Table.resign`; on its own turn a person resigns by the game's
#: own move, which the moves keep). The result is then the table's verdict.
TIMEOUT, FORFEITED, RESIGNED = "timeout", "forfeit", "resigned"
VERDICTS = (TIMEOUT, FORFEITED, RESIGNED)


def verdict_line(ended: str | None, result: Outcome | None) -> Line | None:
    """The reason of the table's verdict `ended` as a line naming its seat ("{player}
    resigned"), made again from the result (the seat that lost), so that a record read
    back words it in the reader's language with the seats' labels; None for a verdict
    that has none (a forfeit's reason names an agent) or a result that names no one
    seat."""
    if result is None or ended not in (TIMEOUT, RESIGNED):
        return None
    losers = [i for i in range(len(result.scores)) if i not in result.winners]
    if len(losers) != 1:
        return None
    if ended == TIMEOUT:
        return Line.of("timeout: {player} ran out of time", player=seat(losers[0]))
    return Line.of("{player} resigned", player=seat(losers[0]))


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
    #: None when the rules ended the game (or it goes on); one of `VERDICTS` when the
    #: table ended it, `result` then being its verdict (the moves do not end the game).
    ended: str | None = None

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
            # Only when the table ended the game: every other record reads as before.
            **({"ended": self.ended} if self.ended is not None else {}),
        }

    def to_json(self) -> str:
        """The record as JSON text; the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=False, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Parse a record dict; raises `RecordError` naming the first field that is wrong.

        Every field is checked for its type and its size before anything else reads it,
        so a corrupt or hostile record is refused at once, in one line.
        """
        if not isinstance(data, Mapping):
            raise RecordError(_("not a game record: expected a JSON object"))
        problem = data_problem(data)
        if problem:
            raise RecordError(_("not a game record: it holds {problem}").format(
                problem=problem))
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(_("not a game record (format is {format})").format(
                format=shown(data.get("format"))))
        version = data.get("version")
        if type(version) is not int or version != RECORD_VERSION:
            raise RecordError(_("record version {version} is not supported (this Tabletop "
                                "reads version {supported})").format(
                version=shown(version), supported=RECORD_VERSION))
        missing = [key for key in ("game", "players", "seed", "options", "moves")
                   if key not in data]
        if missing:
            raise RecordError(_("record is missing {field}").format(field=repr(missing[0])))
        players = _whole(data["players"], "players", 1, 1000)
        moves = data["moves"]
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise RecordError(_("record's moves must be a list of at most {count} texts")
                              .format(count=i18n.number(MAX_MOVES)))
        for number, move in enumerate(moves, 1):
            if not isinstance(move, str) or not 0 < len(move) <= MAX_MOVE_TEXT:
                raise RecordError(_("record's moves: move {number} must be a text of 1 to "
                                    "{most} characters, not {move}").format(
                    number=number, most=MAX_MOVE_TEXT, move=shown(move)))
        options = data["options"]
        if not isinstance(options, dict):
            raise RecordError(_("record's options must be an object, not {value}").format(
                value=shown(options)))
        result = data.get("result")
        ended = data.get("ended")
        if ended is not None and (ended not in VERDICTS or result is None):
            raise RecordError(_("record's ended must be one of {verdicts}, with the result "
                                "it gave, not {value}").format(
                verdicts=", ".join(VERDICTS), value=shown(ended)))
        return cls(_name(data["game"], "game"), players, dict(options),
                   _whole(data["seed"], "seed", *SEED_RANGE), data.get("setup"),
                   tuple(moves), None if result is None else Outcome.from_dict(result),
                   _agents(data.get("agents"), players), ended)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse record JSON text; raises `RecordError` on anything else."""
        if len(text) > MAX_FILE_BYTES:
            raise RecordError(_("not a game record: larger than {size} MB").format(
                size=MAX_FILE_BYTES // 2**20))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(_("not a game record: invalid JSON ({error})").format(
                error=exc)) from None
        except RecursionError:
            raise RecordError(_("not a game record: nested too deeply")) from None
        except ValueError as exc:  # a number over Python's 4,300-digit limit
            raise RecordError(_("not a game record: a number is too long ({error})").format(
                error=one_line(exc, 60))) from None
        return cls.from_dict(data)

    @classmethod
    def read(cls, path: str | Path) -> Record:
        """The record in the file at `path`, read with a size cap.

        Raises `OSError` if the file cannot be read, `RecordError` for anything in it.
        """
        try:
            text = read_text(Path(path))
        except ValueError as exc:
            raise RecordError(_("not a game record: {problem}").format(problem=exc)) from None
        return cls.from_json(text)


def _whole(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise RecordError(_("record's {field} must be a whole number in {low}..{high}, "
                            "not {value}").format(field=field, low=low, high=high,
                                                   value=shown(value)))
    return value


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
        raise RecordError(_("record's {field} must be a name of 1 to {most} characters, "
                            "not {value}").format(field=field, most=MAX_NAME,
                                                   value=shown(value)))
    return value


def _agents(value: Any, players: int) -> tuple[str, ...]:
    """Each seat's player; absent or empty in records that do not say."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RecordError(_("record's agents must be a list of names, not {value}").format(
            value=shown(value)))
    if value and len(value) != players:
        raise RecordError(_("record's agents name {count} players for {seats} seats").format(
            count=len(value), seats=players))
    return tuple(_name(name, "agents") for name in value)


@dataclass(frozen=True)
class Replay:
    """A replayed record: every state from the start, and the log lines of each ply
    (texts and `tabletop.lines.Line`s, as `tabletop.model.Game.describe` gives them)."""

    record: Record
    states: tuple[Any, ...]
    moves: tuple[Any, ...]
    log: tuple[tuple[str | Line, ...], ...]

    @property
    def final(self) -> Any:
        """The last state."""
        return self.states[-1]

    def outcome(self, game: Game[Any, Any], ply: int) -> Outcome | None:
        """The result shown after `ply` moves: the rules', or at the last ply the
        table's verdict that ended the game (a timeout, a forfeit)."""
        outcome = game.outcome(self.states[ply])
        result = self.record.result
        if outcome is None and ply == len(self.moves) and self.record.ended is not None:
            line = verdict_line(self.record.ended, result)
            # With its line, the reason reads in the reader's language and names; its
            # scores are the verdict's marks, not the game's points.
            if result is None:
                return None
            return replace(result, line=line or result.line, points=False)
        return outcome


def start(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
          seed: int, setup: Any = None) -> tuple[Any, dict[str, Any]]:
    """A new state of `game` and its resolved options (validated; raises `OptionError`).

    A chance step the new game waits for (a first roll) is drawn from `seed`
    (`tabletop.chance.settle`), so the state returned is a seat's move or the end.
    """
    game.info.check_players(players)
    resolved = game.info.resolve_options(options)
    return settle(game, game.new_state(players, resolved, seed, setup), seed, 0), resolved


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
        raise RecordError(_("record is of game {game}, not {expected}").format(
            game=repr(record.game), expected=repr(game.info.id)))
    try:
        state, _resolved = start(game, record.players, record.options, record.seed,
                                 record.setup)
    except TabletopError as exc:
        raise RecordError(_("set-up: {problem}").format(problem=one_line(exc))) from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise RecordError(_("set-up is invalid: {error}").format(
            error=one_line(repr(exc), 200))) from None
    if record.setup is not None and game.setup(state) != record.setup:
        # A game without chance has no set-up, and a game's own set-up reads back equal:
        # anything else in the field is junk the game did not use.
        raise RecordError(_("record's setup {setup} is not one {game} would record").format(
            setup=shown(record.setup), game=i18n.translated(game.info.name)))
    states, moves, log = [state], [], []
    for number, text in enumerate(record.moves, 1):
        if game.to_move(state) is None:
            raise RecordError(_("move {number} ({move}): the game was already over").format(
                number=number, move=shown(text)))
        try:
            move = game.parse_move(state, text)
            # The rolls are not in the record: the seed draws them again, as in play.
            after = settle(game, game.apply(state, move), record.seed, number)
        except TabletopError as exc:
            raise RecordError(_("move {number} ({move}): {problem}").format(
                number=number, move=shown(text), problem=one_line(exc))) from None
        log.append(tuple(game.describe(state, move, after)))
        states.append(after)
        moves.append(move)
        state = after
    outcome = game.outcome(state)
    if record.ended is not None:  # the table's verdict ended a game its rules had not
        if outcome is not None:
            raise RecordError(_("after move {number}: the rules ended the game, yet the "
                                "record says it ended by {verdict}").format(
                number=len(record.moves), verdict=record.ended))
    elif record.result is not None and outcome != record.result:
        got = _("game not over") if outcome is None else f"{outcome.to_dict()}"
        raise RecordError(_("after move {number}: result differs from the record (recorded "
                            "{recorded}, replay gives {got})").format(
            number=len(record.moves), recorded=record.result.to_dict(), got=got))
    return Replay(record, tuple(states), tuple(moves), tuple(log))
