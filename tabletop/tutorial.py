"""Tutorials: a guided first game that a plugin ships as data, read, replayed and checked.

A tutorial is TOML text (the `tutorial` of a `tabletop.model.GameInfo`: a file such as
`tutorial.toml` in the game's package, read with `importlib.resources` as the rulebook
is). It is a sequence of steps
over real positions of the game: each position is a record prefix, the moves in the
game's notation played from a start (players, seed, options, set-up), so it replays
exactly as any kept game does. A step says a few sentences, names what to look at (the
renderer marks it: the `marks` of `tabletop.ui.renderer.Frame`), may ask for one move or
several (any other is refused with the step's `why_not`), and cites the sections of the
rulebook (the info's `rules_text`) it teaches, as its headings number them: the sign §
and the section's number. The whole format, field by field, with an example, is in
docs/plugins.md ("Tutorials"); in short, the top level gives the tutorial's `title`, the
start every step is played from (`players`, `seed`, `options`, `setup`: by default the
fewest players, seed 0, the default options), the learner's `seat` (the first by
default), the `opponent` of the real game at the end (a level or agent; by default the
game's weakest level), `not_taught` (the sections no step teaches, each with the reason)
and the rules at a `glance` (a few lines and pictures of steps, the first page of the
app's Rules screen); then one `[[step]]` table per step: its `title`, what it `teaches`,
its `text`, its `moves`, what to `look` at (names the renderer marks: cells, cards,
piles), the moves it may `ask` for in notation (none: the learner reads, then Next),
`why_not` (said when another move is tried) and `done` (said once it is played).

A step's `moves` go on from the previous step's position; `start = true` (or its own
`players`, `seed`, `options`, `setup`) plays them from a fresh start instead. The
learner's move at an asking step is not carried into the next step: that step's `moves`
say what happened (usually the move asked for, then the other players' answers).

No arcade here: the conformance kit (`tabletop.testing.check_tutorial`) and the app both
read tutorials through this module.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import _, translated
from tabletop.limits import (
    MAX_FILE_BYTES,
    MAX_MOVE_TEXT,
    SEED_RANGE,
    data_problem,
    one_line,
    shown,
)
from tabletop.model import Game, GameInfo, TabletopError
from tabletop.record import Record, Replay, replay

__all__ = ["Glance", "Picture", "Start", "Step", "Tutorial", "TutorialError", "asked_moves",
           "read_tutorial", "rule_sections", "tutorial_of", "tutorial_problems", "untaught"]

#: The most steps a tutorial may have (a guided game, not a library of puzzles).
MAX_STEPS = 200
#: The longest text a step may say, in characters.
MAX_STEP_TEXT = 2000
#: A citation of a section: the sign § and the section's number, as the headings have it.
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
#: A numbered heading of a rulebook: "## 4. Attraction", "### 6.1 All targets filled".
_HEADING = re.compile(r"^#{2,3}\s+(\d+(?:\.\d+)?)\.?\s+(\S.*?)\s*$", re.MULTILINE)

_TOP_KEYS = {"title", "players", "seed", "options", "setup", "seat", "opponent",
             "not_taught", "glance", "step"}
_STEP_KEYS = {"title", "teaches", "text", "moves", "start", "players", "seed", "options",
              "setup", "look", "ask", "why_not", "done"}
_START_KEYS = ("players", "seed", "options", "setup")


class TutorialError(TabletopError):
    """A tutorial that cannot be read: the message names the step and the field."""


@dataclass(frozen=True)
class Start:
    """The set-up a step's moves are played from: as a record's (`tabletop.record`)."""

    players: int
    seed: int
    options: dict[str, Any]
    setup: Any = None


@dataclass(frozen=True)
class Step:
    """One step: its words, the sections it teaches, its position (`start` and `moves`,
    every move from the start), what to look at, and the moves it asks for (none: the
    learner reads and goes on)."""

    number: int
    title: str
    text: str
    teaches: tuple[str, ...]
    start: Start
    moves: tuple[str, ...]
    look: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()
    why_not: str = ""
    done: str = ""

    @property
    def asks(self) -> bool:
        """True if the step asks for a move (else it is read, then Next)."""
        return bool(self.ask)

    def record(self, game_id: str) -> Record:
        """The step's position as a record prefix of game `game_id`."""
        start = self.start
        return Record(game_id, start.players, dict(start.options), start.seed, start.setup,
                      self.moves)


@dataclass(frozen=True)
class Picture:
    """A picture of the rules' first page: a step's position, with a caption."""

    step: int
    caption: str


@dataclass(frozen=True)
class Glance:
    """The rules at a glance: a few lines of markdown-lite and pictures of steps."""

    text: str
    pictures: tuple[Picture, ...] = ()


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game (see the module)."""

    game: str
    title: str
    seat: int
    opponent: str | None
    steps: tuple[Step, ...]
    #: The tutorial's own start (its players are the real game's at the end).
    start: Start
    not_taught: dict[str, str] = field(default_factory=dict)
    glance: Glance | None = None

    def step(self, number: int) -> Step:
        """The step `number` (from 1); `TutorialError` if there is none."""
        if not 1 <= number <= len(self.steps):
            raise TutorialError(_("{tutorial} has steps 1 to {last}, not {number}").format(
                tutorial=translated(self.title), last=len(self.steps), number=number))
        return self.steps[number - 1]

    def taught(self) -> set[str]:
        """Every section some step cites."""
        return {section for step in self.steps for section in step.teaches}

    def position(self, game: Game[Any, Any], number: int) -> Replay:
        """Step `number`'s position replayed (raises `TabletopError` if it does not)."""
        return replay(game, self.step(number).record(self.game))


def tutorial_of(game: Game[Any, Any]) -> Tutorial | None:
    """The tutorial `game` ships (its info's `tutorial`), read; None if it has none. Raises
    `TutorialError` for one that cannot be read."""
    text = game.info.tutorial
    if text is None:
        return None
    return read_tutorial(text, game.info)


def read_tutorial(text: str, info: GameInfo) -> Tutorial:
    """The tutorial in the TOML `text` of the game `info`; `TutorialError` naming the
    first thing wrong (its replay is checked by `tutorial_problems`, not here)."""
    if not isinstance(text, str) or len(text) > MAX_FILE_BYTES:
        raise TutorialError("a tutorial is TOML text of at most 16 MB")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"the tutorial is not TOML: {one_line(exc, 200)}") from None
    problem = data_problem(data)
    if problem:
        raise TutorialError(f"the tutorial holds {problem}")
    _no_other_keys(data, _TOP_KEYS, "the tutorial")
    start = _start(data, Start(info.min_players, 0, {}), "the tutorial")
    seat = _whole(data.get("seat", 0), "the tutorial's seat", 0, start.players - 1)
    opponent = data.get("opponent")
    if opponent is not None:
        opponent = _text(opponent, "the tutorial's opponent", 1, 64)
    steps_data = data.get("step")
    if not isinstance(steps_data, list) or not 1 <= len(steps_data) <= MAX_STEPS:
        raise TutorialError(f"a tutorial has 1 to {MAX_STEPS} [[step]] tables")
    steps: list[Step] = []
    for number, entry in enumerate(steps_data, 1):
        steps.append(_step(entry, number, start, steps[-1] if steps else None))
    not_taught = data.get("not_taught", {})
    if not isinstance(not_taught, dict):
        raise TutorialError("not_taught is a table of sections and reasons")
    for section, reason in not_taught.items():
        _section(section, "not_taught")
        _text(reason, f"not_taught {section}", 1, MAX_STEP_TEXT)
    return Tutorial(info.id, _text(data.get("title", f"Learn {info.name}"), "the title", 1, 80),
                    seat, opponent, tuple(steps), start, dict(not_taught),
                    _glance(data.get("glance"), len(steps)))


def _step(entry: Any, number: int, first: Start, before: Step | None) -> Step:
    where = f"step {number}"
    if not isinstance(entry, dict):
        raise TutorialError(f"{where} is not a table")
    _no_other_keys(entry, _STEP_KEYS, where)
    restart = entry.get("start", False)
    if not isinstance(restart, bool):
        raise TutorialError(f"{where}: start is true or false")
    start = _start(entry, first, where)
    earlier: tuple[str, ...] = ()
    if before is not None and not restart and not any(key in entry for key in _START_KEYS):
        start, earlier = before.start, before.moves  # it goes on from the step before
    moves = _texts(entry.get("moves", []), f"{where}: moves", MAX_MOVE_TEXT)
    teaches = _texts(entry.get("teaches"), f"{where}: teaches", 16)
    if not teaches:
        raise TutorialError(f"{where}: teaches names the sections it teaches")
    for section in teaches:
        _section(section, f"{where}: teaches")
    ask = _texts(entry.get("ask", []), f"{where}: ask", MAX_MOVE_TEXT)
    why_not = _text(entry.get("why_not", ""), f"{where}: why_not", 0, MAX_STEP_TEXT)
    if ask and not why_not:
        raise TutorialError(f"{where} asks for a move: why_not says why another is refused")
    return Step(number, _text(entry.get("title"), f"{where}: title", 1, 80),
                _text(entry.get("text"), f"{where}: text", 1, MAX_STEP_TEXT),
                teaches, start, (*earlier, *moves),
                _texts(entry.get("look", []), f"{where}: look", 40), ask, why_not,
                _text(entry.get("done", ""), f"{where}: done", 0, MAX_STEP_TEXT))


def _start(entry: Mapping[str, Any], default: Start, where: str) -> Start:
    """The start an entry gives, each field falling back to `default`'s."""
    players = _whole(entry.get("players", default.players), f"{where}: players", 1, 1000)
    seed = _whole(entry.get("seed", default.seed), f"{where}: seed", *SEED_RANGE)
    options = entry.get("options", default.options)
    if not isinstance(options, dict):
        raise TutorialError(f"{where}: options is a table")
    return Start(players, seed, dict(options), entry.get("setup", default.setup))


def _glance(data: Any, steps: int) -> Glance | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise TutorialError("glance is a table: text and pictures")
    _no_other_keys(data, {"text", "pictures"}, "glance")
    pictures = []
    entries = data.get("pictures", [])
    if not isinstance(entries, list) or len(entries) > 4:
        raise TutorialError("glance: pictures is a list of at most 4 {step, caption}")
    for entry in entries:
        if not isinstance(entry, dict):
            raise TutorialError("glance: a picture is {step = N, caption = \"...\"}")
        _no_other_keys(entry, {"step", "caption"}, "glance: a picture")
        pictures.append(Picture(_whole(entry.get("step"), "glance: a picture's step", 1, steps),
                                _text(entry.get("caption", ""), "glance: a caption", 0, 200)))
    return Glance(_text(data.get("text"), "glance: text", 1, MAX_STEP_TEXT), tuple(pictures))


def _no_other_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise TutorialError(f"{where} has no field {unknown[0]!r} (known: "
                            f"{', '.join(sorted(known))})")


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise TutorialError(f"{what} is a whole number in {low}..{high}, not {shown(value)}")
    return value


def _text(value: Any, what: str, low: int, high: int) -> str:
    if not isinstance(value, str) or not low <= len(value.strip()) <= high:
        raise TutorialError(f"{what} is a text of {low} to {high} characters, "
                            f"not {shown(value)}")
    return value.strip()


def _texts(value: Any, what: str, longest: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 1000:
        raise TutorialError(f"{what} is a list of texts")
    return tuple(_text(item, what, 1, longest) for item in value)


def _section(value: Any, where: str) -> str:
    if not isinstance(value, str) or not SECTION.fullmatch(value):
        raise TutorialError(f"{where}: {shown(value)} is not a section (the sign § and a "
                            "number, as the rulebook's headings have them)")
    return value


def texts_of(text: str) -> list[str]:
    """Every text of a tutorial's TOML `text` a learner reads, as the tutorial holds it
    (stripped): the titles, the step texts, `why_not` and `done`, the reasons of
    `not_taught`, the glance and its captions. They are the messages of the game's
    catalog (`tabletop.catalogs`); the screens show each through `tabletop.i18n`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return []
    found: list[Any] = [data.get("title")]
    found += list((data.get("not_taught") or {}).values())
    glance = data.get("glance") or {}
    found += [glance.get("text")] + [p.get("caption") for p in glance.get("pictures", [])]
    for step in data.get("step", []):
        found += [step.get(key) for key in ("title", "text", "why_not", "done")]
    return [item.strip() for item in found if isinstance(item, str) and item.strip()]


# -- the rulebook's sections ---------------------------------------------------------------
def rule_sections(rules_text: str | None) -> list[tuple[str, str]]:
    """The numbered sections of a rulebook in order, as (the sign § and the number,
    the title): the numbered `##` and `###` headings."""
    return [(f"§{number}", title) for number, title in _HEADING.findall(rules_text or "")]


def untaught(tutorial: Tutorial, rules_text: str | None) -> list[str]:
    """The sections of the rulebook no step teaches and `not_taught` does not list."""
    covered = tutorial.taught() | set(tutorial.not_taught)
    return [section for section, _ in rule_sections(rules_text) if section not in covered]


# -- the kit's checks ----------------------------------------------------------------------
def tutorial_problems(game: Game[Any, Any], tutorial: Tutorial) -> list[str]:
    """What is wrong with `tutorial` for `game` (empty: nothing): every step's position
    replays; at a step that asks, the learner is to move and every asked move is legal
    there; every section cited is one of the rulebook's; every section of the rulebook
    is taught by a step or listed in `not_taught` with its reason; each picture of the
    glance shows a step."""
    problems: list[str] = []
    for step in tutorial.steps:
        where = f"step {step.number} ({step.title})"
        try:
            replayed = replay(game, step.record(game.info.id))
        except TabletopError as exc:
            problems.append(f"{where}: its position does not replay: {one_line(exc, 200)}")
            continue
        state = replayed.final
        if not step.asks:
            continue
        mover = game.to_move(state)
        if mover != tutorial.seat:
            problems.append(f"{where} asks for a move, but the seat to move is {mover}, "
                            f"not the learner's ({tutorial.seat})")
            continue
        legal = list(game.legal_moves(state))
        for text in step.ask:
            try:
                move = game.parse_move(state, text)
            except TabletopError as exc:
                problems.append(f"{where}: the asked move {text!r} is refused: "
                                f"{one_line(exc, 200)}")
                continue
            if move not in legal:
                problems.append(f"{where}: the asked move {text!r} is not a legal move there")
    rules = game.info.rules_text
    if rules is None:
        problems.append("the game has no rulebook (GameInfo.rules_text) for its tutorial "
                        "to cite")
        return problems
    sections = {section for section, _ in rule_sections(rules)}
    for step in tutorial.steps:
        for section in step.teaches:
            if section not in sections:
                problems.append(f"step {step.number} teaches {section}, which the rulebook "
                                "does not have")
    for section in tutorial.not_taught:
        if section not in sections:
            problems.append(f"not_taught lists {section}, which the rulebook does not have")
        elif section in tutorial.taught():
            problems.append(f"not_taught lists {section}, which a step teaches")
    missing = untaught(tutorial, rules)
    if missing:
        problems.append("no step teaches " + ", ".join(missing) + " and not_taught does not "
                        "say why")
    return problems


def asked_moves(game: Game[Any, Any], state: Any, step: Step) -> list[Any]:
    """The moves `step` asks for, read in `state` (its position); those that do not read
    are left out (the kit reports them)."""
    moves = []
    for text in step.ask:
        try:
            moves.append(game.parse_move(state, text))
        except TabletopError:
            continue
    return moves

