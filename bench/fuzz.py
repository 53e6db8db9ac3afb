"""Thousands of seeded damaged inputs through every reading path; prints the verdicts.

    ARCADE_HEADLESS=1 .venv/bin/python bench/fuzz.py [--cases N] [--seed S] [--timeout T]
                                                     [--scale K] [--app N] [--processes N]
                                                     [--only READER]

The inputs are good game records, autosaves, state dicts and settings, damaged by
`tests/fuzz/mutations.py` (truncations, byte flips, wrong types per field, oversize
fields, deep nesting, and the cases of issue 10 at the issue's sizes: with the default
`--scale 200` a 50 MB agent name and a 3-million-card set-up). Each goes through a reader:

- `record`: `Record.read` then `replay` (what `tabletop replay` and the app do);
- `state:<game>`: the game's `state_from_dict`;
- `settings`: `Settings.load`;
- `replay-cli`: the `replay` command in process; `replay-process`: in a real process;
- `screenshot`: the `screenshot --record` command (a hidden window);
- `app`: the app opened headless on the autosave, Continue clicked when offered (each in a
  child process, killed as a hang after 3 × `--timeout`);
- `library`: a damaged kept-game file (mutants of good ones, their `library` object
  included, and issue 19's cases: a 50 MB name at the default scale, times of 2**63 and
  NaN, lone surrogates, wrong-shaped results) in the library's `games/` folder: the
  library opened and listed, the statistics, Continue / Replay (`library_check`);
- `library-stats` / `library-open` / `library-play`: `stats --json`, `open` of a good
  file (and of the damaged one when the library refuses it) and `play --text` with the
  damaged file kept, each then `library_check`;
- `library-app`: the app opened on a library holding the damaged file (child process):
  launcher, Library and Statistics screens.

Per reader it prints: tried / clear error / accepted (harmless damage) / traceback /
wrongly accepted / hang (over `--timeout` seconds). Any traceback, wrong acceptance or
hang is listed below the table.

Extension point: a new reader of kept games or a new format adds a line to `readers()`,
with a corpus and a reader in `tests/fuzz/mutations.py` (see the note there); the index
database itself is fuzzed in `tests/fuzz/test_fuzz_library.py`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "plugins" / "tabletop-nim"))

from click.testing import CliRunner  # noqa: E402

from tabletop.cli import main  # noqa: E402
from tabletop.model import TabletopError  # noqa: E402
from tabletop.plugins import Host  # noqa: E402
from tabletop.store.library import UNREADABLE, Library  # noqa: E402
from tabletop.store.paths import AUTOSAVE, DATA_DIR_ENV, SETTINGS  # noqa: E402
from tabletop.store.settings import SETTING_BOUNDS, Settings, setting_problem  # noqa: E402
from tests.fuzz.mutations import (  # noqa: E402
    KEPT_ID,
    SETTINGS_CORPUS,
    Mutant,
    autosave_corpus,
    builtin_host,
    is_json,
    library_cases,
    library_check,
    library_corpus,
    library_folder,
    library_reader,
    mutants,
    record_cases,
    record_corpus,
    record_reader,
    settings_cases,
    state_corpus,
    verdict,
)

COLUMNS = ("tried", "clear", "accepted", "traceback", "wrong", "hang")


class Hang(Exception):
    """A case ran past its time limit."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def timed(read: Callable[[bytes], object], limit: float) -> Callable[[bytes], object]:
    """`read`, interrupted after `limit` seconds (a hang)."""
    def run(data: bytes) -> object:
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            return read(data)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return run


def cli_reader(args: Callable[[Path], list[str]], scratch: Path) -> Callable[[bytes], object]:
    """A command run in process on the input written to a file: exit 0 accepts, a one-line
    `Error:` is a clear refusal, anything else a traceback."""
    path = scratch / "input.json"

    def read(data: bytes) -> object:
        path.write_bytes(data)
        result = CliRunner().invoke(main, args(path), obj={"host": Host(disabled=[])})
        if result.exit_code == 0:
            return None
        errors = [line for line in result.output.splitlines() if line.startswith("Error")]
        if isinstance(result.exception, SystemExit) and len(errors) == 1:
            raise TabletopError(errors[0])
        raise RuntimeError(f"{type(result.exception).__name__}: {result.exception}")
    return read


def process_reader(scratch: Path) -> Callable[[bytes], object]:
    """`tabletop replay` in a real process."""
    path = scratch / "input.json"

    def read(data: bytes) -> object:
        path.write_bytes(data)
        done = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(path)],
                              capture_output=True, text=True, timeout=120)
        if done.returncode == 0:
            return None
        lines = done.stderr.strip().splitlines()
        if "Traceback" not in done.stderr and len(lines) == 1 and lines[0].startswith("Error"):
            raise TabletopError(lines[0])
        raise RuntimeError(done.stderr[-300:])
    return read


def open_app_on(folder: Path) -> dict[str, str]:
    """Open the app on `folder`'s autosave, click Continue if offered; the verdict as data.

    Runs in a child process (`--open-app FOLDER`): a hang inside drawing code cannot be
    interrupted from Python, but a child can be killed.
    """
    from tabletop.ui.game_screen import GameScreen
    from tabletop.ui.launcher import LauncherScreen
    from tests.ui.ui_driver import click_button, close_app, open_app, pump

    data = (folder / AUTOSAVE).read_bytes()
    window = open_app(builtin_host, folder)
    try:
        view = window.current_view
        button = view.button_named("continue")
        if view.message is None and button is not None and button.enabled:
            click_button(window, "continue")
            pump(window, 2)
        view = window.current_view
        if isinstance(view, LauncherScreen) and view.message:
            aside = list(folder.glob(AUTOSAVE + ".bad-*"))
            if not aside or aside[0].read_bytes() != data:
                return {"result": "traceback", "detail": "the bad autosave was not kept aside"}
            return {"result": "clear", "detail": view.message}
        if not isinstance(view, GameScreen | LauncherScreen):
            return {"result": "traceback", "detail": f"the app shows {type(view).__name__}"}
        return {"result": "accepted", "detail": ""}
    finally:
        close_app(window)


def child_answer(flag: str, folder: Path, limit: float) -> dict[str, Any]:
    """Run this script with `flag FOLDER` in a child process killed after `limit` seconds
    (a `Hang`); its verdict is the JSON object of its last line of output."""
    try:
        done = subprocess.run([sys.executable, __file__, flag, str(folder)],
                              capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        raise Hang from None
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(done.stderr[-300:])
    answer: dict[str, Any] = json.loads(lines[-1])
    return answer


def app_reader(scratch: Path, limit: float) -> Callable[[bytes], object]:
    """The app opened on the input as its autosave, in a child process killed after
    `limit` seconds; a launcher message is a refusal."""
    def read(data: bytes) -> object:
        folder = Path(tempfile.mkdtemp(dir=scratch))
        (folder / AUTOSAVE).write_bytes(data)
        answer = child_answer("--open-app", folder, limit)
        if answer["result"] == "clear":
            raise TabletopError(answer["detail"])
        if answer["result"] == "traceback":
            raise RuntimeError(answer["detail"])
        return None
    return read


def library_cli_reader(host: Host, scratch: Path, command: str
                       ) -> Callable[[bytes], object]:
    """A command run in process with the input kept in the library's `games/` folder:
    `stats` (`stats --json`), `open` (`open` of a good record, then of the input if the
    library refuses it: that never reaches a window) or `play` (`play --text`, quit at
    once). The command must end cleanly; then `library_check` gives the verdict."""
    good = scratch / "good-record.json"
    good.write_bytes(json.dumps({k: v for k, v in json.loads(library_corpus(host)[2]).items()
                                 if k != "library"}).encode())
    damaged = scratch / "damaged.json"

    def run(args: list[str], folder: Path, stdin: str = "") -> Any:
        result = CliRunner().invoke(main, args, obj={"host": Host(disabled=[])}, input=stdin,
                                    env={DATA_DIR_ENV: str(folder)})
        errors = [line for line in result.output.splitlines() if line.startswith("Error")]
        if result.exit_code != 0 and not (isinstance(result.exception, SystemExit)
                                          and len(errors) == 1):
            raise RuntimeError(f"{' '.join(args[:2])}: {type(result.exception).__name__}: "
                               f"{result.exception}")
        return result

    def read(data: bytes) -> object:
        folder = library_folder(scratch / "library", data)
        if command == "stats":
            json.loads(run(["stats", "--json"], folder).stdout)
        elif command == "open":
            from tabletop.cli.library import import_record

            import_record(host, good, folder)
            library = Library.open(folder)
            try:
                refused = library.get(KEPT_ID).status == UNREADABLE
            finally:
                library.close()
            if refused:
                damaged.write_bytes(data)
                if run(["open", str(damaged)], folder).exit_code == 0:
                    raise RuntimeError("open accepted a file the library cannot read")
        else:
            run(["play", "versus", "--text", "--seat", "human", "--seat", "random"], folder,
                "quit\n")
        return library_check(host, folder)
    return read


def open_app_on_library(folder: Path) -> dict[str, str]:
    """Open the app on `folder`'s library, then its Library and Statistics screens; the
    verdict as data (`--open-library FOLDER`, in a child process as `open_app_on`)."""
    from tabletop.ui.launcher import LauncherScreen
    from tabletop.ui.library_screen import LibraryScreen
    from tabletop.ui.stats_screen import StatsScreen
    from tests.ui.ui_driver import close_app, open_app, pump

    window = open_app(builtin_host, folder)
    try:
        if not isinstance(window.current_view, LauncherScreen):
            return {"result": "traceback", "detail": "the app did not start"}
        pump(window, 2)
        window.app.show_library()
        pump(window, 2)
        screen = window.current_view
        if not isinstance(screen, LibraryScreen):
            return {"result": "traceback", "detail": "no Library screen"}
        window.app.show_stats()
        pump(window, 2)
        if not isinstance(window.current_view, StatsScreen):
            return {"result": "traceback", "detail": "no Statistics screen"}
        entry = next(e for e in screen.entries if e.id == KEPT_ID)
        if entry.status == UNREADABLE:
            return {"result": "clear", "detail": entry.problem or ""}
        return {"result": "accepted", "detail": ""}
    finally:
        close_app(window)


def library_app_reader(host: Host, scratch: Path, limit: float) -> Callable[[bytes], object]:
    """The app opened on a library holding the input, in a child process killed after
    `limit` seconds; then `library_check` (Continue / Replay) in this one."""
    def read(data: bytes) -> object:
        folder = library_folder(Path(tempfile.mkdtemp(dir=scratch)), data)
        answer = child_answer("--open-library", folder, limit)
        if answer["result"] == "traceback":
            raise RuntimeError(answer["detail"])
        return library_check(host, folder)
    return read


def state_reader(host: Host, game_id: str) -> Callable[[bytes], object]:
    game = host.game(game_id)

    def read(data: bytes) -> object:
        return game.state_from_dict(json.loads(data))
    return read


def settings_reader(scratch: Path) -> Callable[[bytes], object]:
    def read(data: bytes) -> object:
        folder = Path(tempfile.mkdtemp(dir=scratch))
        (folder / SETTINGS).write_bytes(data)
        settings, message = Settings.load(folder)
        for name in SETTING_BOUNDS:
            if setting_problem(name, getattr(settings, name)):
                raise RuntimeError(f"loaded {name}={getattr(settings, name)!r}")
        if message:
            raise TabletopError(message)  # refused, with a notice
        return settings
    return read


def readers(host: Host, scratch: Path, cases: int, scale: int, app: int,
            processes: int) -> Iterator[tuple[str, Callable[[bytes], object], list[Mutant]]]:
    """(name, reader, mutants) for every reading path, all drawn from one seeded stream."""
    rng = random.Random(ARGS.seed)

    def record_mutants(corpus: list[bytes], count: int, big: bool) -> list[Mutant]:
        out: list[Mutant] = []
        for i, good in enumerate(corpus):
            size = scale if big and i == 0 else 1  # the sizes once: they are slow
            out += mutants(good, rng, count // len(corpus),
                           targeted=lambda d, r, s, size=size: record_cases(d, r, size))
        return out

    records = record_corpus(host)
    yield "record", record_reader(host, scratch), record_mutants(records, cases, True)
    yield "autosave", record_reader(host, scratch), record_mutants(
        autosave_corpus(host), cases // 2, False)
    for game_id, corpus in state_corpus(host).items():
        # The state reader takes a dict: only damage that is still JSON can reach it.
        yield f"state:{game_id}", state_reader(host, game_id), [
            m for good in corpus for m in mutants(good, rng, cases // len(corpus))
            if is_json(m.data)]
    yield "settings", settings_reader(scratch), list(
        mutants(SETTINGS_CORPUS[0], rng, cases // 4, targeted=settings_cases))
    yield "replay-cli", cli_reader(lambda p: ["replay", str(p)], scratch), record_mutants(
        records, cases // 4, False)
    yield "replay-process", process_reader(scratch), record_mutants(records[2:], processes,
                                                                     False)
    yield "screenshot", cli_reader(lambda p: ["screenshot", "versus", "--record", str(p),
                                              "--out", str(scratch / "shot.png"),
                                              "--size", "640x400"], scratch), \
        record_mutants(records[2:], app, False)
    saves = autosave_corpus(host)
    # The big autosaves (a 50 MB agent name, a 3-million-card set-up) at full size.
    biggest = [m for m in record_cases(json.loads(saves[1]), rng, scale)
               if len(m.data) > 2**20]
    yield "app", app_reader(scratch, 3 * ARGS.timeout), record_mutants(saves, app, False) \
        + biggest

    kept = library_corpus(host)

    def kept_mutants(count: int, big: bool) -> list[Mutant]:
        out: list[Mutant] = []
        for i, good in enumerate(kept):
            size = scale if big and i == 0 else 1  # the sizes once: they are slow
            out += mutants(good, rng, count // len(kept),
                           targeted=lambda d, r, s, size=size: library_cases(d, r, size))
        return out

    yield "library", library_reader(host, scratch / "library"), kept_mutants(cases, True)
    for command in ("stats", "open", "play"):
        yield f"library-{command}", library_cli_reader(host, scratch, command), \
            kept_mutants(cases // 8, False)
    yield "library-app", library_app_reader(host, scratch, 3 * ARGS.timeout), \
        kept_mutants(app, False)


def main_bench() -> None:
    signal.signal(signal.SIGALRM, _alarm)
    host = builtin_host()
    totals = dict.fromkeys(COLUMNS, 0)
    faults: list[str] = []
    print(f"{'reader':16}" + "".join(f"{c:>11}" for c in COLUMNS) + f"{'seconds':>9}")
    with tempfile.TemporaryDirectory() as scratch:
        for name, read, cases in readers(host, Path(scratch), ARGS.cases, ARGS.scale, ARGS.app,
                                         ARGS.processes):
            if ARGS.only and not name.startswith(ARGS.only):
                continue
            row = dict.fromkeys(COLUMNS, 0)
            began = time.perf_counter()
            # The app reader times its own child process (its startup takes seconds).
            run = read if name in ("app", "library-app") else timed(read, ARGS.timeout)
            for mutant in cases:
                start = time.perf_counter()
                try:
                    result, detail = verdict(mutant, run)
                except Hang:
                    result, detail = "hang", ""
                if result == "traceback" and "Hang" in detail:
                    result = "hang"
                if time.perf_counter() - start > ARGS.timeout:
                    result = "hang"
                row["tried"] += 1
                row[result] += 1
                if result in ("traceback", "wrong", "hang"):
                    faults.append(f"{name}: {result}: {mutant.kind} {mutant.note[:70]}: "
                                  f"{detail[:160]}")
            for column in COLUMNS:
                totals[column] += row[column]
            print(f"{name:16}" + "".join(f"{row[c]:>11,}" for c in COLUMNS)
                  + f"{time.perf_counter() - began:>9.1f}", flush=True)
    print(f"{'total':16}" + "".join(f"{totals[c]:>11,}" for c in COLUMNS))
    for fault in faults[:50]:
        print("  " + fault)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=1200,
                        help="mutants per reader (record); others get a share of it")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds after which a case counts as a hang")
    parser.add_argument("--scale", type=int, default=200,
                        help="size of the issue's big cases (200: 50 MB name, 3M cards)")
    parser.add_argument("--app", type=int, default=24, help="autosaves opened in the app")
    parser.add_argument("--processes", type=int, default=24,
                        help="records replayed in a real process")
    parser.add_argument("--open-app", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--open-library", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--only", help="run only the readers whose name starts with this")
    ARGS = parser.parse_args()
    if ARGS.open_app:
        print(json.dumps(open_app_on(ARGS.open_app)))
    elif ARGS.open_library:
        print(json.dumps(open_app_on_library(ARGS.open_library)))
    else:
        main_bench()
