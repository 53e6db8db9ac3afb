"""Issue 10: the app opened headless on damaged autosaves always starts, and never twice
on the same bad file: whatever fails while reading, the file is moved aside (its bytes
kept), the launcher says so in one line, and Continue never crashes."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from tabletop.limits import MAX_MESSAGE
from tabletop.record import Record
from tabletop.store.paths import AUTOSAVE
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.launcher import LauncherScreen
from tests.fuzz.fragile import fragile_host
from tests.fuzz.mutations import (
    Mutant,
    autosave_corpus,
    builtin_host,
    mutants,
    record_cases,
)
from tests.ui.ui_driver import (
    click_button,
    click_continue,
    close_app,
    kept_records,
    open_app,
    pump,
)

MIGRATED = "autosave.migrated.json"  # where the keeper leaves an autosave it kept


def texts(window: Any) -> list[str]:
    window.current_view.ensure_built()
    # A long word (a file's name) is laid out with zero-width spaces to wrap anywhere.
    return [t.text.replace("\u200b", "") for t in window.current_view._labels]


def message_of(window: Any) -> str | None:
    message: str | None = window.current_view.message
    if message is not None:
        assert "\n" not in message and len(message) <= MAX_MESSAGE
        assert message in texts(window)  # the label shows the same one short line
    return message


def open_on(folder: Path, mutant: Mutant) -> None:
    """Open the app on `mutant` as an old autosave; check the launcher, Continue and files.

    At start the keeper moves the autosave into the game library, or, if it cannot be read,
    aside (its bytes kept) with one line on the launcher. A kept game that then fails to
    resume is set aside by Continue, with a message."""
    (folder / AUTOSAVE).write_bytes(mutant.data)
    window = open_app(builtin_host, folder)
    try:
        assert isinstance(window.current_view, LauncherScreen), mutant.note
        aside = sorted(folder.glob(AUTOSAVE + ".bad-*"))
        if aside:  # refused at start: moved aside intact, said once on the launcher
            assert aside[0].read_bytes() == mutant.data and not (folder / AUTOSAVE).exists()
            assert "could not be read" in (message_of(window) or ""), mutant.note
        else:  # kept: the original stays beside the library, untouched
            assert (folder / MIGRATED).read_bytes() == mutant.data, mutant.note
            names = [b.name for b in window.current_view.buttons
                     if b.name.startswith("continue:")]
            if names:
                click_button(window, names[0])
                pump(window, 2)
                if isinstance(window.current_view, LauncherScreen):
                    assert "could not be resumed" in (message_of(window) or ""), mutant.note
                else:
                    assert isinstance(window.current_view, GameScreen)
                    assert not mutant.must_fail, mutant.note
    finally:
        close_app(window)
    # The next start is clean: no crash, no message about the same file again.
    again = open_app(builtin_host, folder)
    try:
        assert isinstance(again.current_view, LauncherScreen)
        assert not again.current_view.message or "could not" not in again.current_view.message
    finally:
        close_app(again)
    for path in folder.iterdir():
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


def test_the_app_starts_on_damaged_autosaves(tmp_path: Path) -> None:
    rng = random.Random(10)
    good = autosave_corpus(builtin_host())[1]  # Versus, a person against random
    for mutant in mutants(good, rng, 6, kinds=("truncate", "flip", "type", "oversize",
                                                "deep", "targeted"),
                          targeted=record_cases):
        open_on(tmp_path, mutant)


def test_the_issues_autosaves_no_longer_crash_the_launcher(tmp_path: Path) -> None:
    good = json.loads(autosave_corpus(builtin_host())[1])
    text = json.dumps(good)
    cases = [
        Mutant("targeted", json.dumps({**good, "agents": 5}).encode(), "agents: 5"),
        Mutant("targeted", text.replace('"seed": 22', '"seed": ' + "7" * 5000).encode(),
               "seed of 5,000 digits"),
        Mutant("targeted", text.replace('"setup": null', '"setup": ' + "[" * 1000 + "]" * 1000
                                        ).encode(), "setup 1,000 deep"),
        Mutant("targeted", json.dumps({**good, "agents": ["A" * 2**21, "random"]}).encode(),
               "a 2 MB agent name"),
    ]
    for mutant in cases:
        open_on(tmp_path, mutant)


def test_a_plugin_failing_while_the_save_is_read_does_not_crash_continue(
        tmp_path: Path) -> None:
    """Any exception while resuming, even from the game's own code, moves the file aside."""
    record = {"format": "tabletop-record", "version": 1, "game": "nim", "players": 2,
              "agents": ["human", "human"], "options": {}, "seed": 1, "setup": None,
              "moves": ["boom"], "result": None}
    text = json.dumps(record).encode()
    (tmp_path / AUTOSAVE).write_bytes(text)
    window = open_app(fragile_host, tmp_path)
    try:
        click_continue(window)
        assert isinstance(window.current_view, LauncherScreen)
        message = message_of(window) or ""
        assert "could not be resumed" in message and "notation reader has a bug" in message
        # The kept copy is set aside (out of the list, not deleted); the original is kept.
        assert len(list((tmp_path / "games").glob("*.bad-*"))) == 1
        assert (tmp_path / MIGRATED).read_bytes() == text
        assert not [b for b in window.current_view.buttons if b.name.startswith("continue:")]
    finally:
        close_app(window)


def test_a_good_autosave_is_resumed_and_rewritten_byte_for_byte(tmp_path: Path) -> None:
    for good in autosave_corpus(builtin_host()):
        (tmp_path / AUTOSAVE).write_bytes(good)
        window = open_app(builtin_host, tmp_path)
        try:
            assert window.current_view.message is None
            click_continue(window)
            assert isinstance(window.current_view, GameScreen)
            assert window.current_view.message == ""  # nothing to report
            # The library keeps the same game, byte for byte in its record.
            assert kept_records(window)[0].to_json() == Record.from_json(good).to_json()
        finally:
            close_app(window)
        assert not list(tmp_path.rglob("*.bad-*"))
        for path in tmp_path.iterdir():
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
