"""Issue 10: seeded damage to records, state dicts and settings, through every reader.

Each reader must accept the input or refuse it with a clear one-line error: never a
traceback, never a damaged input taken as good. `bench/fuzz.py` runs the same mutations
by the thousand; here a few hundred keep `make test` at a few seconds.
"""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.limits import MAX_MESSAGE
from tabletop.model import StateFormatError
from tabletop.plugins import Host
from tabletop.record import start
from tabletop.store.paths import SETTINGS
from tabletop.store.settings import SETTING_BOUNDS, Settings, setting_problem
from tests.fuzz.mutations import (
    SETTINGS_CORPUS,
    Mutant,
    is_clear,
    is_json,
    mutants,
    record_cases,
    record_corpus,
    record_reader,
    settings_cases,
    state_corpus,
    verdict,
)

SEED = 10


@pytest.fixture(scope="module")
def host() -> Host:
    return Host(disabled=[]).load()


def run_all(cases: list[Mutant], read: Callable[[bytes], object]) -> dict[str, int]:
    """The verdict counts; fails listing every traceback and wrongly accepted input."""
    counts: dict[str, int] = {}
    faults = []
    for mutant in cases:
        result, detail = verdict(mutant, read)
        counts[result] = counts.get(result, 0) + 1
        if result in ("traceback", "wrong"):
            faults.append(f"{result}: {mutant.kind} {mutant.note}: {detail}")
    assert not faults, "\n".join(faults[:20])
    return counts


def test_damaged_records_are_refused_in_one_line(host: Host, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    cases = [m for good in record_corpus(host)
             for m in mutants(good, rng, 84, targeted=record_cases)]
    counts = run_all(cases, record_reader(host, tmp_path))
    assert sum(counts.values()) == 252 and counts["clear"] > 200


def test_the_issues_record_cases_each_name_the_field(host: Host, tmp_path: Path) -> None:
    good = record_corpus(host)[2]  # Versus, finished
    read = record_reader(host, tmp_path)
    for mutant in record_cases(json.loads(good), random.Random(SEED), 1):
        result, message = verdict(mutant, read)
        assert result == "clear", (mutant.note, result, message)
        field = mutant.note.split(":")[0]
        # Too big or too deep is said before any field is read; otherwise the field's name.
        assert field in message or "holds" in message or "nested" in message \
            or "limit" in message, (mutant.note, message)


def test_damaged_state_dicts_are_refused_in_one_line(host: Host) -> None:
    rng = random.Random(SEED)
    for game_id, corpus in state_corpus(host).items():
        game = host.game(game_id)

        def read(data: bytes, game=game) -> object:  # type: ignore[no-untyped-def]
            return game.state_from_dict(json.loads(data))
        # The state reader takes a dict: only what is still JSON reaches it.
        cases = [m for good in corpus for m in mutants(good, rng, 48) if is_json(m.data)]
        counts = run_all(cases, read)
        assert counts.get("clear", 0) >= 60, (game_id, counts)


@pytest.mark.parametrize("game_id", ["verso", "versus"])
def test_a_state_nested_past_the_recursion_limit_is_refused(host: Host, game_id: str) -> None:
    game = host.game(game_id)
    state, _ = start(game, 2, {}, 3)
    deep: list[object] = []
    for _ in range(100_000):  # built in Python: JSON this deep does not even parse
        deep = [deep]
    for key in game.state_to_dict(state):
        data = {**game.state_to_dict(state), key: deep}
        with pytest.raises(StateFormatError) as refused:
            game.state_from_dict(data)
        assert is_clear(refused.value), (key, str(refused.value)[:300])


def _valid_settings(settings: Settings) -> bool:
    values = vars(settings)
    return all(setting_problem(name, values[name]) is None
               for name in SETTING_BOUNDS) and all(
        math.isfinite(v) for v in values.values() if not isinstance(v, bool | str))


def test_damaged_settings_fall_back_with_a_notice(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    good = SETTINGS_CORPUS[0]
    for n, mutant in enumerate(mutants(good, rng, 72, targeted=settings_cases)):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / SETTINGS).write_bytes(mutant.data)
        settings, message = Settings.load(folder)
        assert _valid_settings(settings), (mutant.note, settings)
        if mutant.must_fail:
            assert message and len(message) <= MAX_MESSAGE, mutant.note
        if message:
            assert "\n" not in message and len(message) <= MAX_MESSAGE
        # An unreadable file is moved aside with its bytes, never deleted or rewritten.
        aside = list(folder.glob("settings.json.bad-*"))
        if aside:
            assert aside[0].read_bytes() == mutant.data
        else:
            assert (folder / SETTINGS).read_bytes() == mutant.data


def test_replay_and_screenshot_commands_refuse_damage_in_one_line(host: Host,
                                                                   tmp_path: Path) -> None:
    rng = random.Random(SEED)
    good = record_corpus(host)[2]
    cases = list(mutants(good, rng, 24, targeted=record_cases))
    runner = CliRunner()
    for n, mutant in enumerate(cases):
        path = tmp_path / f"{n}.json"
        path.write_bytes(mutant.data)
        for args in (["replay", str(path)],
                     *([["screenshot", "versus", "--record", str(path), "--out",
                         str(tmp_path / f"{n}.png"), "--size", "640x400"]]
                       if n % 5 == 0 else [])):
            result = runner.invoke(main, args, obj={"host": Host(disabled=[])})
            if result.exit_code == 0:
                assert not mutant.must_fail, (mutant.note, args[0])
                continue
            assert isinstance(result.exception, SystemExit), (mutant.note, result.exception)
            errors = [line for line in result.output.splitlines() if line.startswith("Error")]
            assert len(errors) == 1 and len(errors[0]) <= MAX_MESSAGE + 40, result.output
            assert path.read_bytes() == mutant.data  # reading never rewrites the file


def test_replay_in_a_real_process_gives_one_line_and_no_traceback(host: Host,
                                                                  tmp_path: Path) -> None:
    good = json.loads(record_corpus(host)[2])
    cases = {
        "agents.json": json.dumps({**good, "agents": 5}),
        "seed.json": json.dumps(good).replace('"seed": 13', '"seed": ' + "9" * 5000),
        "deep.json": json.dumps(good).replace('"setup": null',
                                              '"setup": ' + "[" * 5000 + "]" * 5000),
        "name.json": json.dumps({**good, "agents": ["A" * 2**20, "random"]}),
        "binary.json": "\x00\xff not json",
    }
    for name, text in cases.items():
        (tmp_path / name).write_bytes(text.encode("utf-8", "surrogateescape"))
        done = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(tmp_path / name)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, (name, done.stderr)
        assert "Traceback" not in done.stderr, (name, done.stderr[-2000:])
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), (name, done.stderr[:500])
        assert len(lines[0]) <= MAX_MESSAGE + 10


def test_a_clear_error_is_our_error_in_one_short_line() -> None:
    from tabletop.model import RecordError

    assert is_clear(RecordError("record's seed must be a whole number"))
    assert not is_clear(ValueError("plain"))
    assert not is_clear(RecordError("two\nlines"))
