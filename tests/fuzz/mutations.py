"""Seeded mutations of Tabletop's files, and the verdict of a reading path on each.

The fuzz tests (a few hundred cases) and `bench/fuzz.py` (thousands) share this module.
A *corpus* is a set of good inputs of one format: game records, autosaves, state dicts,
settings. `mutants` derives bad ones from them, each with the kind of damage done:

- `truncate`: the text cut short at a random byte;
- `flip`: one to three bytes replaced by random bytes (often no longer UTF-8);
- `type`: one value anywhere in the JSON replaced by a value of another JSON type;
- `oversize`: a text or a list blown up far past any real size;
- `deep`: a value replaced by lists nested 40 to 100,000 levels deep;
- `targeted`: the cases of issue 10, field by field (`version: true`, `agents: "x"`, …).

A *reader* takes the bytes of one mutant and returns normally (the input was accepted) or
raises. `verdict` sorts the result: `accepted`, `clear` (a `TabletopError` or a click
error whose message is one line), `traceback` (anything else) or `wrong` (accepted although
the damage must be refused: every kind but `truncate` and `flip`, whose damage may be
harmless, as a flipped space or a cut final newline).

The game library has two formats. Its index (`library.sqlite3`) is fuzzed byte by byte
and row by row in `tests/fuzz/test_fuzz_library.py`. Its kept-game files (`games/<id>.json`:
a record plus a `library` object) have a corpus here (`library_corpus`), their own targeted
cases (`library_cases`: the `library` object's fields, lone surrogates, times of 2**63 and
NaN, wrong-shaped results) and readers that put the mutant into a library folder and run
what reads kept games (`library_reader`: the library, the statistics, Continue / Replay;
`library_folder` + `library_check` for the command-line and app paths of the tests and
`bench/fuzz.py`).

Extension point: a new file format adds a corpus, its targeted cases and a reader here,
and a line to `readers()` in `bench/fuzz.py`; a new reader of kept games (a screen, a
command) adds a reader built on `library_folder` + `library_check`, in the tests and the
bench. The mutation kinds and verdicts apply to any format as they are.
"""

from __future__ import annotations

import json
import random
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.limits import MAX_MESSAGE
from tabletop.model import TabletopError
from tabletop.plugins import Host
from tabletop.record import Record, replay, start
from tabletop.store.library import UNREADABLE, Library, LibraryError
from tabletop.store.records import file_text
from tabletop.store.stats import player_stats, stats_lines

KINDS = ("truncate", "flip", "type", "oversize", "deep", "targeted")
#: Kinds whose damage may leave a valid input (so acceptance is not wrong).
MAYBE_HARMLESS = ("truncate", "flip")

#: A value of each JSON type, to put where a value of another type was.
_OTHER_TYPES: tuple[Any, ...] = ("x", True, 7, [1], {"a": 1})


@dataclass(frozen=True)
class Mutant:
    """One damaged input: its bytes, the kind of damage and where it was done."""

    kind: str
    data: bytes
    note: str

    @property
    def must_fail(self) -> bool:
        """True if accepting this input would be wrong."""
        return self.kind not in MAYBE_HARMLESS


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"  # JSON has one number type: 7 may stand where 2.5 did
    return type(value).__name__


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside `data` (keys and indexes), outermost first."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*prefix, index))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of `data` with the value at `path` replaced by `value`."""
    copy = json.loads(json.dumps(data))
    if not path:
        return value
    _get(copy, path[:-1])[path[-1]] = value
    return copy


def _dump(data: Any) -> bytes:
    """The JSON bytes of `data`."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _dump_with(data: Any, path: tuple[Any, ...], raw: str) -> bytes:
    """JSON bytes of `data` with the value at `path` written as the raw text `raw`."""
    marker = "\u0000MARK\u0000"
    text = json.dumps(_replaced(data, path, marker), ensure_ascii=False)
    return text.replace(json.dumps(marker), raw, 1).encode("utf-8")


def mutants(good: bytes, rng: random.Random, count: int,
            kinds: tuple[str, ...] = KINDS, scale: int = 1,
            targeted: Callable[[Any, random.Random, int], list[Mutant]] | None = None,
            ) -> Iterator[Mutant]:
    """`count` mutants of the good input `good`, kinds in turn, damage drawn from `rng`.

    `scale` multiplies the oversize and deep damage (the bench uses the issue's sizes:
    a 50 MB name, a 3-million-card set-up). `targeted(data, rng, scale)` gives the
    format's own field-by-field cases.
    """
    data = json.loads(good)
    paths = [p for p in _paths(data) if _get(data, p) is not None]
    text_paths = [p for p in paths if isinstance(_get(data, p), str)]
    list_paths = [p for p in paths if isinstance(_get(data, p), list) and _get(data, p)]
    extra = targeted(data, rng, scale) if targeted else []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        if kind == "truncate":
            cut = rng.randrange(len(good))
            yield Mutant(kind, good[:cut], f"cut at byte {cut}")
        elif kind == "flip":
            damaged = bytearray(good)
            spots = [rng.randrange(len(good)) for _ in range(rng.randint(1, 3))]
            for spot in spots:
                damaged[spot] = rng.randrange(256)
            yield Mutant(kind, bytes(damaged), f"bytes {spots} changed")
        elif kind == "type":
            path = rng.choice(paths[1:])
            original = _json_type(_get(data, path))
            value = rng.choice([v for v in _OTHER_TYPES if _json_type(v) != original])
            yield Mutant(kind, _dump(_replaced(data, path, value)),
                         f"{list(path)}: {original} -> {value!r}")
        elif kind == "oversize":
            if not text_paths and not list_paths:  # numbers and flags only: pad the file
                size = 200_000 * scale
                yield Mutant(kind, _dump({**data, "padding": "A" * size}),
                             f"a padding text of {size:,} characters")
                continue
            if text_paths and (not list_paths or rng.random() < 0.5):
                path = rng.choice(text_paths)
                size = rng.choice((20_000, 200_000)) * scale
                value: Any = "A" * size
                note = f"{list(path)}: a text of {size:,} characters"
            else:
                path = rng.choice(list_paths)
                first = json.dumps(_get(data, path)[0], ensure_ascii=False)
                size = 210_000 * scale
                # Many copies of its first item, if that is small (a move, a card pair).
                item = first if len(first) < 40 else "0"
                yield Mutant(kind, _dump_with(data, path, "[" + ",".join([item] * size) + "]"),
                             f"{list(path)}: a list of {size:,} items")
                continue
            yield Mutant(kind, _dump(_replaced(data, path, value)), note)
        elif kind == "deep":
            path = rng.choice(paths[1:])
            depth = rng.choice((40, 1_000, 5_000, 100_000))
            raw = "[" * depth + "0" + "]" * depth
            yield Mutant(kind, _dump_with(data, path, raw), f"{list(path)}: {depth} deep")
        elif kind == "targeted" and extra:
            yield extra[(n // len(kinds)) % len(extra)]
        else:
            yield Mutant("truncate", good[: len(good) // 2], "cut in half")


def record_cases(data: Any, rng: random.Random, scale: int) -> list[Mutant]:
    """The issue's cases for a game record or an autosave, one field at a time."""
    name_size = 2**18 * scale  # 50 MB in the bench (scale 200)
    cards = 15_000 * scale  # 3,000,000 in the bench (scale 200)
    cases: list[tuple[str, Any]] = [
        ("version", True), ("version", 1.0), ("version", "1"), ("seed", True),
        ("seed", 1.5), ("seed", "7"), ("players", True), ("players", 2.0),
        ("agents", 5), ("agents", "x"), ("agents", [1, 2]), ("agents", {"a": 1}),
        ("agents", ["A" * name_size, "random"]), ("game", "g" * name_size),
        ("setup", {"junk": [1, 2, 3]}), ("setup", "junk"), ("setup", [[0, 0]] * cards),
        ("setup", {"deck": [[0, 0]] * cards, "first": 0}),
        ("moves", "a4-b5"), ("moves", [1, 2]), ("moves", ["x" * 10_000]),
        ("options", []), ("options", {"deck": [[["blue", 1, 1], ["green", 2, 3]]] * cards}),
        ("result", {"scores": "x", "winners": [], "reason": "r"}),
        ("result", {"scores": [1, 2], "winners": ["0"], "reason": "r"}),
        ("result", {"scores": [1, 2], "winners": [0], "reason": 5}),
        ("result", [1, 2]),
    ]
    out = [Mutant("targeted", _dump(_replaced(data, (key,), value)),
                  f"{key}: {json.dumps(value)[:60]}") for key, value in cases]
    raw_cases = [("seed", "1" * 5000), ("seed", "NaN"), ("players", "Infinity"),
                 ("options", "[" * 1000 + "]" * 1000), ("setup", "[" * 100_000 + "]" * 100_000)]
    out += [Mutant("targeted", _dump_with(data, (key,), raw), f"{key}: {raw[:30]}…")
            for key, raw in raw_cases]
    rng.shuffle(out)
    return out


def settings_cases(data: Any, rng: random.Random, scale: int) -> list[Mutant]:
    """The issue's cases for `settings.json`: NaN, infinity, negative, huge, wrong type."""
    raws = ["NaN", "Infinity", "-Infinity", "-1", "1e308", "1" * 5000, "true", '"1"',
            "[1]", "null"]
    out = []
    for key in ("ai_seconds", "animation_seconds"):
        out += [Mutant("targeted", _dump_with(data, (key,), raw), f"{key}: {raw[:20]}")
                for raw in raws]
    for key in ("colour_blind", "fullscreen"):
        out += [Mutant("targeted", _dump_with(data, (key,), raw), f"{key}: {raw}")
                for raw in ("1", '"yes"', "null", "NaN")]
    rng.shuffle(out)
    return out


def library_cases(data: Any, rng: random.Random, scale: int) -> list[Mutant]:
    """Issue 19's cases for a kept-game file: its `library` object field by field, the
    numbers and texts no file or database can hold, results of the wrong shape, and the
    record's own cases (`record_cases`)."""
    name_size = 2**20 if scale == 1 else 50 * 2**20  # 1 MB here, 50 MB in the bench
    meta = data["library"]
    names = meta["players"]
    seats = len(names)
    rest = names[1:]
    cases: list[tuple[str, Any]] = [
        ("players", 5), ("players", "Ada"), ("players", [1] * seats), ("players", names[:-1]),
        ("players", ["", *rest]), ("players", ["A\nB", *rest]),
        ("players", ["\x1b[2J", *rest]), ("players", ["A" * 65, *rest]),
        ("players", ["A" * name_size, *rest]), ("created", "x"), ("created", True),
        ("created", -5), ("created", 1e300), ("created", 2**63), ("updated", [1]),
        ("updated", 2**63), ("updated", -(2**63)), ("origin", "mars"), ("origin", 5),
        ("id", "../../outside"), ("id", 7),
    ]
    out = [Mutant("targeted", _dump(_replaced(data, ("library", key), value)),
                  f"library.{key}: {json.dumps(value)[:60]}") for key, value in cases]
    out += [Mutant("targeted", _dump({**data, "library": value}), f"library: {value!r}")
            for value in ("x", [1], 5)]
    raws: list[tuple[tuple[Any, ...], str]] = [
        (("library", key), raw) for key in ("created", "updated")
        for raw in ("NaN", "Infinity", "-Infinity", "1" * 5000, str(2**63))]
    raws += [(("library", "players", 0), '"\\ud800"'), (("library",), "[" * 1000 + "]" * 1000),
             (("game",), '"\\udfff"'), (("options",), '{"k": "x\\ud800"}'),
             (("library", "id"), '"\\ud800"'), (("seed",), "1" * 5000)]
    out += [Mutant("targeted", _dump_with(data, path, raw),
                   f"{'.'.join(map(str, path))}: {raw[:30]}") for path, raw in raws]
    results = [{"scores": "x", "winners": [], "reason": "r"},
               {"scores": [1], "winners": [5], "reason": 3},
               {"scores": [1] * (seats + 1), "winners": [0], "reason": "r"},
               {"scores": [1] * seats, "winners": [0, 0], "reason": "r"},
               {"scores": [1] * seats, "winners": [seats], "reason": "r"},
               {"scores": [1] * seats, "winners": [0], "reason": "r" * 5000}]
    out += [Mutant("targeted", _dump(_replaced(data, ("result",), value)),
                   f"result: {json.dumps(value)[:60]}") for value in results]
    out += record_cases(data, rng, scale)
    rng.shuffle(out)
    return out


# -- verdicts -------------------------------------------------------------------------------

def is_clear(exc: BaseException) -> bool:
    """True for a refusal a person can read: our error type, its message one short line."""
    message = str(exc)
    # A message may frame a cut one ("move 3 ('x'): <one_line of the game's words>").
    return (isinstance(exc, TabletopError) and "\n" not in message
            and 0 < len(message) <= MAX_MESSAGE + 100)


def verdict(mutant: Mutant, read: Callable[[bytes], object]) -> tuple[str, str]:
    """(`accepted`/`clear`/`traceback`/`wrong`, detail) of `read` on `mutant`."""
    try:
        read(mutant.data)
    except Exception as exc:
        if is_clear(exc):
            return "clear", str(exc)
        return "traceback", f"{type(exc).__name__}: {str(exc)[:200]}"
    return ("wrong" if mutant.must_fail else "accepted"), ""


# -- good inputs ----------------------------------------------------------------------------

def _random_game(host: Host, game_id: str, players: int, seed: int, plies: int,
                 finish: bool, agents: tuple[str, ...]) -> bytes:
    """A record of `plies` random moves (then a resignation if `finish` and possible)."""
    from tabletop.record import record_of

    game = host.game(game_id)
    rng = random.Random(seed)
    state, options = start(game, players, {}, seed)
    states, moves = [state], []
    for _ in range(plies):
        if game.to_move(state) is None:
            break
        move = rng.choice(list(game.legal_moves(state)))
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    if finish and game.to_move(state) is not None and game.special_moves(state):
        move = game.special_moves(state)[0]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return record_of(game, players, options, seed, states, moves, agents).to_json().encode()


def record_corpus(host: Host) -> list[bytes]:
    """Good records of the built-in games: finished and unfinished, solo and multi-seat."""
    return [
        _random_game(host, "verso", 2, 11, 200, False, ("random", "random")),
        _random_game(host, "verso", 1, 12, 200, False, ("human",)),
        _random_game(host, "versus", 2, 13, 30, True, ("human", "random")),
    ]


def autosave_corpus(host: Host) -> list[bytes]:
    """Good autosaves: games in progress, a person to move (no AI starts thinking)."""
    return [
        _random_game(host, "verso", 2, 21, 9, False, ("human", "human")),
        _random_game(host, "versus", 2, 22, 12, False, ("human", "random")),
    ]


def state_corpus(host: Host) -> dict[str, list[bytes]]:
    """Good state dicts of each built-in game, mid-game and at the end, as JSON."""
    corpus: dict[str, list[bytes]] = {}
    for game_id, players in (("verso", 3), ("versus", 2)):
        game = host.game(game_id)
        rng = random.Random(5)
        state, _ = start(game, players, {}, 5)
        kept = [state]
        for ply in range(400):
            if game.to_move(state) is None:
                break
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
            if ply in (7, 25):
                kept.append(state)
        kept.append(state)
        corpus[game_id] = [json.dumps(game.state_to_dict(s)).encode() for s in kept]
    return corpus


SETTINGS_CORPUS = [
    b'{"animation_seconds": 0.3, "ai_seconds": 2.0, "colour_blind": true, '
    b'"fullscreen": false}',
]


def builtin_host() -> Host:
    """The installed games, as `tabletop` runs them (picklable for the app's AI worker)."""
    return Host(disabled=[]).load()


def is_json(data: bytes) -> bool:
    """True if `data` still parses as JSON (a state reader is only fed such inputs)."""
    try:
        json.loads(data)
    except (ValueError, RecursionError):
        return False
    return True


def record_reader(host: Host, folder: Path) -> Callable[[bytes], object]:
    """What `replay` and the app do with a record file: read it capped, then replay it."""
    path = folder / "record.json"

    def read(data: bytes) -> object:
        path.write_bytes(data)
        record = Record.read(path)
        return replay(host.game(record.game), record)
    return read


def library_corpus(host: Host) -> list[bytes]:
    """Good kept-game files, as the library writes them: the records of `record_corpus`
    with their `library` object (names, times, origin, id); one of each origin."""
    out = []
    for number, data in enumerate(record_corpus(host)):
        record = Record.from_json(data.decode("utf-8"))
        names = ["Ada" if agent == "human" else agent for agent in record.agents]
        meta = {"id": f"{number:032x}", "players": names, "created": 1.7e9 + number,
                "updated": 1.7e9 + number + 60, "origin": ("app", "text", "imported")[number]}
        out.append(file_text(record, meta).encode("utf-8"))
    return out


#: The id (file stem) a mutant is kept under in the library folder of a reader.
KEPT_ID = "f" * 32


def library_folder(folder: Path, data: bytes) -> Path:
    """A fresh data dir holding one kept game, the mutant, as `games/<KEPT_ID>.json`."""
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "games").mkdir(parents=True)
    (folder / "games" / f"{KEPT_ID}.json").write_bytes(data)
    return folder


def library_check(host: Host, folder: Path) -> object:
    """Every headless reader of kept games on `folder`: open the library, list it, the
    statistics (as JSON and as lines), the names; then Continue / Replay (the record read
    and replayed). Raises `LibraryError` or `RecordError` if the kept game is refused."""
    library = Library.open(folder)
    try:
        for message in library.messages:
            if "\n" in message or len(message) > MAX_MESSAGE:
                raise RuntimeError(f"a notice of {len(message)} characters")
        entries = library.entries()
        stats = player_stats(entries, host.games)
        json.dumps(stats, allow_nan=False)  # `stats --json` prints strict JSON
        stats_lines(stats, {})
        library.player_names()
        for game_id in host.games:
            library.last_names(game_id)
        entry = library.get(KEPT_ID)
        if entry.status == UNREADABLE:
            raise LibraryError(entry.problem or "unreadable, no reason given")
        record = library.read_record(KEPT_ID)
        return replay(host.game(record.game), record)
    finally:
        library.close()


def library_reader(host: Host, folder: Path) -> Callable[[bytes], object]:
    """The mutant as a kept game in `folder`, through `library_check`."""
    def read(data: bytes) -> object:
        return library_check(host, library_folder(folder, data))
    return read
