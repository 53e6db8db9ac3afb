"""The AI worker process: deadlines, restarts, agents' errors, and exit with its parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.ai.base import Budget
from tabletop.play.session import AgentError, Decision, DecisionTimeout, Session, agent_label
from tabletop.play.worker import AIWorker
from tests.host import play_toys

ROOT = Path(__file__).resolve().parents[2]


def decision(agent: str, budget: Budget | None = None) -> Decision:
    budget = budget or Budget(iterations=1)
    host = play_toys.make_host()
    session = Session.new(host.game("nim"), 2, {}, 3, (agent, agent))
    return session.decision(agent, agent_label(host, "nim", agent), budget)


def wait_for(condition: object, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def gone(pid: int) -> bool:
    """True once `pid` has exited (a zombie waiting for its reaper counts as exited)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def test_a_killed_worker_is_restarted_and_the_decision_sent_again() -> None:
    worker = AIWorker(play_toys.make_host)
    try:
        future = worker.submit(decision("dozy"))
        wait_for(lambda: worker.pid is not None)
        first = worker.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)
        assert future.result(timeout=60) == "1:1"  # dozy plays the first legal move
        assert worker.starts == 2 and worker.pid not in (None, first)
    finally:
        worker.shutdown()


def test_an_agent_past_its_deadline_is_stopped_and_the_next_decision_runs() -> None:
    worker = AIWorker(play_toys.make_host)
    try:
        slow = worker.submit(decision("sleepy", Budget(seconds=0.1)))
        with pytest.raises(DecisionTimeout, match=r"agent 'sleepy' .* 0\.1 s budget"):
            slow.result(timeout=play_toys.SLEEPY_SECONDS / 2)
        assert worker.submit(decision("random")).result(timeout=60)
        assert worker.starts == 2
    finally:
        worker.shutdown()


def test_an_agent_error_in_the_worker_names_the_agent_and_its_plugin() -> None:
    worker = AIWorker(play_toys.make_host)
    try:
        with pytest.raises(AgentError, match=r"agent 'crash' \(plugin 'toys'\) failed"):
            worker.submit(decision("crash")).result(timeout=60)
    finally:
        worker.shutdown()


def test_shutdown_does_not_wait_for_a_thinking_agent() -> None:
    worker = AIWorker(play_toys.make_host)
    worker.submit(decision("sleepy"))
    wait_for(lambda: worker.pid is not None)
    pid = worker.pid
    assert pid is not None
    began = time.monotonic()
    worker.shutdown()
    assert time.monotonic() - began < play_toys.SLEEPY_SECONDS / 3
    wait_for(lambda: gone(pid), 5)


PARENT = """
import sys, time
sys.path[:0] = {path!r}
from multiprocessing import resource_tracker
from tabletop.ai.base import Budget
from tests.host.test_worker import decision
from tests.host import play_toys
from tabletop.play.worker import AIWorker
worker = AIWorker(play_toys.make_host)
worker.submit(decision("random")).result(timeout=60)  # the worker is up
worker.submit(decision("sleepy"))  # and now thinks for 30 s
time.sleep(0.5)
print(worker.pid, resource_tracker._resource_tracker._pid, flush=True)
time.sleep(120)
"""


def test_the_worker_and_its_resource_tracker_exit_when_the_app_is_killed() -> None:
    path = [str(ROOT), str(ROOT / "tests" / "plugins" / "tabletop-nim")]
    parent = subprocess.Popen([sys.executable, "-c", PARENT.format(path=path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        worker_pid, tracker_pid = (int(p) for p in parent.stdout.readline().split())
        assert not gone(worker_pid) and not gone(tracker_pid)
        parent.kill()  # kill -9: no cleanup code runs in the parent
        parent.wait(10)
        wait_for(lambda: gone(worker_pid) and gone(tracker_pid), 10)
    finally:
        parent.kill()
