"""Issue 19: no path may write where the player did not mean, nor hang or fill memory
reading what the player named.

Real files, named pipes (`os.mkfifo`), symbolic links, `/dev/zero` and a read-only mount:
every refused path gets one line on stderr and is left exactly as it was. The commands
that could hang on a named pipe run in a real process with a timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

import tabletop.play.terminal
from tabletop.cli import main
from tabletop.play import simulate as sim
from tabletop.plugins import Host, module_sources
from tabletop.record import Record
from tabletop.store.files import RefusedTarget, user_file_problem, write_user_file
from tests.disks import ROOT, make_read_only, tmpfs

#: A game of Nim one move in (seed 1): a record of ours, which `--save` may replace.
NIM_RECORD = Record("nim", 2, {}, 1, None, ("1:3",), None, ("random", "random"))


def _run(*args: str, stdin: str = "") -> Any:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    return CliRunner().invoke(main, list(args), obj={"host": host}, input=stdin)


def _snapshot(folder: Path) -> dict[str, tuple[str, object]]:
    """What is in `folder`, deep: each entry's kind and its bytes, link target or device."""
    seen: dict[str, tuple[str, object]] = {}
    for path in sorted(folder.rglob("*")):
        mode = os.lstat(path).st_mode
        name = str(path.relative_to(folder))
        if stat.S_ISLNK(mode):
            seen[name] = ("link", os.readlink(path))
        elif stat.S_ISREG(mode):
            seen[name] = ("file", path.read_bytes())
        else:
            seen[name] = ("other", stat.S_IFMT(mode))
    return seen


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """A folder no file can be created in, even by root."""
    with tmpfs(folder) as mounted:
        make_read_only(mounted)
        yield mounted


# -- play --save: checked before the game ---------------------------------------------


def _make_fifo(tmp: Path) -> str:
    os.mkfifo(tmp / "pipe.json")
    return str(tmp / "pipe.json")


def _make_link(tmp: Path) -> str:
    (tmp / "target.txt").write_text("the player's notes\n")
    (tmp / "link.json").symlink_to("target.txt")
    return str(tmp / "link.json")


def _make_link_to_record(tmp: Path) -> str:
    # Even a link to one of our records: a link is never written through nor replaced.
    (tmp / "kept.json").write_text(NIM_RECORD.to_json())
    (tmp / "link.json").symlink_to(tmp / "kept.json")
    return str(tmp / "link.json")


def _make_dangling(tmp: Path) -> str:
    (tmp / "dangling.json").symlink_to(tmp / "elsewhere" / "new.json")
    return str(tmp / "dangling.json")


def _make_notes(tmp: Path) -> str:
    (tmp / "notes.json").write_text('{"todo": "buy milk"}\n')
    return str(tmp / "notes.json")


def _make_folder(tmp: Path) -> str:
    (tmp / "games").mkdir()
    return str(tmp / "games")


def _make_under_file(tmp: Path) -> str:
    (tmp / "plain").write_text("x")
    return str(tmp / "plain" / "game.json")


LINK = ("it is a symbolic link; Tabletop does not write through links "
        "(name the file it points to)")
#: Each case: how the path is made, and the whole message ({path}, {tmp} filled in).
SAVE_REFUSALS = [
    ("empty", lambda tmp: "", "no file name given"),
    ("fifo", _make_fifo, "cannot write {path}: it is a named pipe, not a file"),
    ("link", _make_link, "cannot write {path}: " + LINK),
    ("link-to-record", _make_link_to_record, "cannot write {path}: " + LINK),
    ("dangling-link", _make_dangling, "cannot write {path}: " + LINK),
    ("not-a-record", _make_notes,
     "cannot write {path}: it exists and is not a Tabletop record (--force replaces it)"),
    ("folder", _make_folder, "cannot write {path}: it is a folder, not a file"),
    ("dot", lambda tmp: ".", "cannot write .: it names a folder, not a file"),
    ("trailing-slash", lambda tmp: f"{tmp}/new/", "cannot write {path}: it names a folder, "
                                                  "not a file"),
    ("missing-folder", lambda tmp: str(tmp / "no" / "such" / "game.json"),
     "cannot write {path}: the folder {tmp}/no/such does not exist"),
    ("under-a-file", _make_under_file, "cannot write {path}: {tmp}/plain is not a folder"),
]


@pytest.mark.parametrize(("make", "message"), [case[1:] for case in SAVE_REFUSALS],
                         ids=[case[0] for case in SAVE_REFUSALS])
def test_save_is_refused_before_the_game_and_nothing_is_touched(
        tmp_path: Path, make: Any, message: str) -> None:
    target = make(tmp_path)
    before = _snapshot(tmp_path)
    result = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                  "--seed", "1", "--save", target)
    assert result.exit_code == 2, result.output
    # One line: no usage text, no traceback.
    assert result.stderr.splitlines() == [
        "Error: Invalid value for --save: " + message.format(path=target, tmp=tmp_path)]
    assert result.stdout == ""  # the game never started: no "Nim, seed 1" line
    assert _snapshot(tmp_path) == before


def test_save_refuses_a_device_and_leaves_it_a_device(tmp_path: Path) -> None:
    if ROOT:
        # A device node of our own, the same device as /dev/zero: a regression would
        # replace this one, never the machine's /dev/zero (root may rename over it).
        device = tmp_path / "zero"
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 5))
    else:
        device = Path("/dev/zero")  # only root may replace a file in /dev
    before = os.lstat(device)
    result = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                  "--save", str(device))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"Error: Invalid value for --save: cannot write {device}: it is a device, not a file"]
    after = os.lstat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino  # the same node, not a file renamed over it


def test_save_into_a_folder_that_cannot_be_written_is_refused_before_the_game(
        tmp_path: Path) -> None:
    with read_only_folder(tmp_path / "ro") as folder:
        result = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                      "--save", str(folder / "game.json"))
        assert result.exit_code == 2
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"Error: Invalid value for --save: cannot write into {folder}: ")
        assert result.stdout == ""
        assert list(folder.iterdir()) == []


# -- play --save: what it may replace ---------------------------------------------------


def test_save_writes_a_new_file_and_replaces_only_a_record_of_ours(tmp_path: Path) -> None:
    new = tmp_path / "game.json"
    first = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                 "--seed", "1", "--save", str(new))
    assert first.exit_code == 0, first.output
    assert f"Record written to {new}" in first.stdout and first.stderr == ""
    assert Record.read(new).seed == 1
    new.chmod(0o640)  # the player's choice of who may read it survives a replacement
    again = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                 "--seed", "2", "--save", str(new))
    assert again.exit_code == 0, again.output
    assert Record.read(new).seed == 2  # a record of ours is replaced without --force
    assert stat.S_IMODE(new.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temp left


def test_force_replaces_a_file_that_is_not_a_record_but_never_a_pipe_or_a_link(
        tmp_path: Path) -> None:
    notes = Path(_make_notes(tmp_path))
    forced = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                  "--seed", "3", "--save", str(notes), "--force")
    assert forced.exit_code == 0, forced.output
    assert Record.read(notes).seed == 3
    for make in (_make_fifo, _make_link):
        target = make(tmp_path)
        before = _snapshot(tmp_path)
        refused = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                       "--save", target, "--force")
        assert refused.exit_code == 2 and len(refused.stderr.splitlines()) == 1
        assert _snapshot(tmp_path) == before


def test_a_path_that_changes_during_the_game_is_checked_again_when_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    real = tabletop.play.terminal.play_text

    def pipe_appears(*args: Any, **kwargs: Any) -> Any:
        # Made while the game is played, after the check at the start and the first
        # keeping (which wrote the file as the game began).
        save.unlink(missing_ok=True)
        os.mkfifo(save)
        return real(*args, **kwargs)

    monkeypatch.setattr(tabletop.play.terminal, "play_text", pipe_appears)
    result = _run("play", "nim", "--text", "--seat", "random", "--seat", "random",
                  "--save", str(save))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: cannot write {save}: it is a named pipe, not a file"]
    assert stat.S_ISFIFO(os.lstat(save).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temp left


def test_write_user_file_claims_a_free_name_without_replacing(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    write_user_file(path, NIM_RECORD.to_json())
    assert Record.read(path) == NIM_RECORD
    assert user_file_problem(path) is None  # ours: may be replaced
    path.write_text("[]")
    with pytest.raises(RefusedTarget, match="not a Tabletop record"):
        write_user_file(path, NIM_RECORD.to_json())
    assert path.read_text() == "[]"
    big = tmp_path / "big.json"
    with open(big, "wb") as out:
        out.truncate(2**31)  # sparse: 2 GB on paper, read no further than the cap
    assert user_file_problem(big) == "it exists and is not a Tabletop record"


# -- readers: open, replay, screenshot ------------------------------------------------


def _limit_memory() -> None:
    # 1 GB of address space: a reader that read /dev/zero or a 2 GB file whole would
    # fail here at once instead of filling the machine's memory.
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


def _tabletop(*args: str) -> subprocess.CompletedProcess[str]:
    """`tabletop ARGS` in a real process, with a timeout (a read that blocks would hang
    the test otherwise) and a memory bound."""
    env = dict(os.environ, ARCADE_HEADLESS="1", TABLETOP_DISABLE_PLUGINS="openspiel")
    return subprocess.run([sys.executable, "-m", "tabletop", *args], env=env,
                          capture_output=True, text=True, timeout=30,
                          preexec_fn=_limit_memory)


def test_readers_refuse_a_named_pipe_at_once_in_one_line(tmp_path: Path) -> None:
    pipe = Path(_make_fifo(tmp_path))
    (tmp_path / "pipe-link.json").symlink_to(pipe)
    out = tmp_path / "x.png"
    cases = [
        (["open", str(pipe)], f"Error: cannot read {pipe}: not a regular file (a named pipe)"),
        (["open", str(tmp_path / "pipe-link.json")],
         f"Error: cannot read {tmp_path / 'pipe-link.json'}: not a regular file "
         "(a named pipe)"),
        (["replay", str(pipe)],
         f"Error: {pipe}: not a game record: not a regular file (a named pipe)"),
        (["screenshot", "versus", "--record", str(pipe), "--ply", "1", "--out", str(out)],
         f"Error: cannot read record {pipe}: not a regular file (a named pipe)"),
        (["screenshot", "versus", "--record", str(pipe), "--out", str(out)],
         f"Error: {pipe}: not a game record: not a regular file (a named pipe)"),
    ]
    for args, line in cases:
        done = _tabletop(*args)
        assert (done.returncode, done.stderr.splitlines()) == (1, [line]), args
        assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert not out.exists()


@pytest.mark.parametrize("source", ["/dev/zero", "big", "folder"])
def test_readers_never_read_a_device_a_folder_or_a_huge_file_whole(tmp_path: Path,
                                                                    source: str) -> None:
    if source == "folder":
        path, why = tmp_path, "not a regular file (a folder)"
    elif source == "big":
        path = tmp_path / "big.json"
        with open(path, "wb") as out:
            out.truncate(2 * 2**30)  # sparse: 2 GB that would take 2 GB of memory to read
        why = "the file is larger than 16 MB"
    else:
        path, why = Path(source), "not a regular file (a device)"
    for args, line in [
        (["open", str(path)], f"Error: cannot read {path}: {why}"),
        (["replay", str(path)], f"Error: {path}: not a game record: {why}"),
        (["screenshot", "versus", "--record", str(path), "--ply", "0", "--out",
          str(tmp_path / "x.png")], f"Error: cannot read record {path}: {why}"),
    ]:
        done = _tabletop(*args)
        assert (done.returncode, done.stderr.splitlines()) == (1, [line]), args
    assert not (tmp_path / "x.png").exists()


# -- simulate --records: a folder that fails during the run ----------------------------


def _sabotaged_run(monkeypatch: pytest.MonkeyPatch, after: int, sabotage: Any) -> None:
    """Play the real games, but do `sabotage()` once `after` games have been yielded."""
    real = sim.run

    def run(*args: Any, **kwargs: Any) -> Iterator[sim.GameResult]:
        for number, result in enumerate(real(*args, **kwargs), 1):
            if number == after + 1:
                sabotage()
            yield result

    monkeypatch.setattr(sim, "run", run)


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_records_folder_replaced_by_a_file_keeps_what_was_written_and_the_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool) -> None:
    folder, moved = tmp_path / "records", tmp_path / "moved"

    def replace_by_a_file() -> None:
        folder.rename(moved)
        folder.write_text("in the way")

    _sabotaged_run(monkeypatch, 2, replace_by_a_file)
    result = _run("simulate", "nim", "--games", "5", "--seed", "10", "--iterations", "5",
                  "--records", str(folder), *(["--json"] if as_json else []))
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error")]
    assert errors == [f"Error: cannot write the record of game 3 ({folder / 'nim-12.json'}): "
                      f"{folder} is not a folder; 2 records were written before it, "
                      "none after"]
    # Besides the error, only the progress bar's label is on stderr.
    assert all(line.startswith("nim: 5 games") for line in result.stderr.splitlines()
               if not line.startswith("Error"))
    if as_json:
        data = json.loads(result.stdout)
        assert data["games"] == 5 and [r["seed"] for r in data["results"]] == list(
            range(10, 15))
    else:
        assert result.stdout.startswith("5 games of Nim in ")
    assert sorted(p.name for p in moved.iterdir()) == ["nim-10.json", "nim-11.json"]
    assert Record.read(moved / "nim-11.json").seed == 11
    assert folder.read_text() == "in the way"


def test_records_folder_removed_during_the_run_is_not_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "records"
    _sabotaged_run(monkeypatch, 1, lambda: shutil.rmtree(folder))
    result = _run("simulate", "nim", "--games", "3", "--iterations", "5",
                  "--records", str(folder))
    assert result.exit_code == 1
    assert f"the folder {folder} does not exist; 1 records were written before it" in (
        result.stderr)
    assert result.stdout.startswith("3 games of Nim in ")
    assert not folder.exists()


def test_records_never_replace_a_file_or_a_link_that_is_not_a_record(
        tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "nim-0.json").write_text(NIM_RECORD.to_json())  # a record of ours: replaced
    (tmp_path / "notes.txt").write_text("notes")
    (folder / "nim-1.json").symlink_to(tmp_path / "notes.txt")
    result = _run("simulate", "nim", "--games", "3", "--iterations", "5",
                  "--records", str(folder))
    assert result.exit_code == 1
    assert f"({folder / 'nim-1.json'}): it is a symbolic link" in result.stderr
    assert Record.read(folder / "nim-0.json").agents == ("random", "random")
    assert Record.read(folder / "nim-0.json").seed == 0
    assert os.readlink(folder / "nim-1.json") == str(tmp_path / "notes.txt")
    assert (tmp_path / "notes.txt").read_text() == "notes"
    assert not (folder / "nim-2.json").exists()  # none after the first failure
