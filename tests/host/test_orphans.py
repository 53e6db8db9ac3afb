"""Issue 19: a process pool dies with the command that started it. `kill -9` of
`simulate --workers 2` or `tournament --workers 2` used to leave the pool's processes
alive, parentless, minutes later; now every process under the command is gone within
seconds (Linux's parent-death signal, and a thread polling the parent pid everywhere).

Real processes and real kills: the command runs in a subprocess with enough games to
last, the test waits until its workers exist, kills it with SIGKILL (no cleanup code of
the command can run) and watches each descendant found under /proc.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

def children(pid: int) -> set[int]:
    """The direct children of `pid`, from every one of its threads."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found.update(int(c) for c in (task / "children").read_text().split())
        except OSError:  # the thread or the process ended meanwhile
            continue
    return found


def descendants(pid: int) -> set[int]:
    """Every process under `pid`: children, grandchildren and so on."""
    found, todo = set(), [pid]
    while todo:
        for child in children(todo.pop()) - found:
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs: a zombie (dead, waiting to be reaped) counts as gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def _kill_leaving_no_orphan(args: list[str], workers_deep: int) -> None:
    """Start `tabletop ARGS`, wait for its process tree (`workers_deep` processes under it
    at least), kill -9 the command and check every process of the tree ends."""
    env = dict(os.environ, TABLETOP_DISABLE_PLUGINS="", PYTHONPATH=str(ROOT))
    command = subprocess.Popen([sys.executable, "-m", "tabletop", *args], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tree: set[int] = set()
    try:
        assert wait_for(lambda: len(descendants(command.pid)) >= workers_deep, 90), (
            "the workers never started")
        time.sleep(0.5)  # every worker past its start-up, playing
        tree = descendants(command.pid)
        assert command.poll() is None, "the command ended before it was killed"
        command.send_signal(signal.SIGKILL)
        command.wait(10)
        assert wait_for(lambda: not any(alive(pid) for pid in tree), 5), (
            f"left running: {sorted(pid for pid in tree if alive(pid))}")
    finally:
        command.kill()
        command.wait(10)
        for pid in tree:  # never leave a failed test's orphans on the machine
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_killing_simulate_kills_its_pool_and_the_pools_ai_workers() -> None:
    # With --seconds every pool process starts its own AI worker (and a resource tracker):
    # six processes on two levels to end.
    _kill_leaving_no_orphan(["simulate", "versus", "--agents", "random", "--games", "100000",
                             "--workers", "2", "--seconds", "5"], workers_deep=6)


def test_killing_a_tournament_kills_its_pool() -> None:
    _kill_leaving_no_orphan(["tournament", "verso", "--agents", "random,greedy",
                             "--games-per-pair", "20000", "--workers", "2"], workers_deep=2)


CHILD = """
import sys, time
from tabletop.play.worker import exit_with_parent
exit_with_parent(int(sys.argv[1]), death_signal=False)
print("ready", flush=True)
time.sleep(120)
"""

PARENT = """
import subprocess, sys, time, os
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid())],
                         stdout=subprocess.PIPE, text=True)
child.stdout.readline()
print(child.pid, flush=True)
time.sleep(120)
"""


def test_without_the_signal_the_polling_thread_ends_an_orphan() -> None:
    # What macOS has: no parent-death signal, only the thread watching the parent pid.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    parent = subprocess.Popen([sys.executable, "-c", PARENT, CHILD], env=env,
                              stdout=subprocess.PIPE, text=True)
    child = 0
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert alive(child)
        parent.kill()
        parent.wait(10)
        assert wait_for(lambda: not alive(child), 3)
    finally:
        parent.kill()
        parent.wait(10)
        if child and alive(child):
            os.kill(child, signal.SIGKILL)


def test_a_child_whose_parent_died_before_it_was_watched_exits_at_once() -> None:
    # The race the check after arming closes: the pid given is not our parent (any more).
    code = ("from tabletop.play.worker import exit_with_parent; exit_with_parent(1); "
            "print('still here')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT)), check=False)
    assert done.returncode == 0 and "still here" not in done.stdout
