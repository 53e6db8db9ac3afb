"""Agent decisions in a worker process the host controls (no arcade here).

The app's AI seats and hints think here, so the window never stalls, and so does
`simulate --seconds`, so that an agent that ignores its time budget cannot stall a run.
One worker process (started with "spawn": forking a process that holds an OpenGL context
is unsafe) builds its own `Host` once from a picklable `host_factory`, then makes one
`Decision` at a time (`tabletop.play.session.decide`) and answers with the move's notation.

A supervising thread in the calling process watches it:
- a decision that runs past its deadline (`session.deadline_seconds`, counted from the
  moment the worker starts it) is stopped by killing the process; its future fails with
  `DecisionTimeout` and the next decision starts a fresh process;
- a process that dies (killed, crashed) is restarted and the decision it was making is
  sent once more; if it dies again the future fails with `WorkerLost`;
- `shutdown()` kills the process at once: closing a window never waits on an agent.
The worker process exits by itself when the process that started it dies (kill -9
included): Linux's parent-death signal where there is one, and a thread that watches the
parent pid everywhere.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from tabletop.i18n import _
from tabletop.model import TabletopError
from tabletop.play.session import AgentError, Decision, DecisionTimeout, deadline_seconds, decide
from tabletop.plugins import Host

HostFactory = Callable[[], Host]

#: How often the worker checks that its parent is alive, in seconds.
PARENT_POLL = 0.5
_PR_SET_PDEATHSIG = 1


class WorkerLost(TabletopError):
    """The worker process died twice while making the same decision."""


class WorkerError(TabletopError):
    """Code other than the agent's raised in the worker (the game's, or the host's).

    `kind` is the exception's type name and `details` its traceback in the worker.
    """

    def __init__(self, message: str, kind: str = "", details: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.details = details


def entry_point_host(disabled: tuple[str, ...] = ()) -> Host:
    """The host of the installed plugins (the default worker host factory)."""
    return Host(disabled=disabled).load()


def default_factory(host: Host) -> HostFactory:
    """A picklable factory that rebuilds `host` from entry points with the same blocks."""
    return partial(entry_point_host, tuple(host.disabled))


# -- in the worker process -----------------------------------------------------------------
def exit_with_parent(parent: int | None = None, death_signal: bool = True) -> None:
    """End this process when its parent dies, whoever kills it and however (kill -9 too).

    Called first thing in a child process (the AI worker, a pool's initializer).
    `parent` is the pid of the process that started this one; if it is already not our
    parent (it died before we got here), we exit at once. None trusts whoever our
    parent is now (a "forkserver" child's parent is the fork server, which exits when
    the process that started it dies). `death_signal` arms Linux's parent-death signal
    (SIGKILL): only ask for it when the thread that starts this process lives as long as
    the process is needed, because the kernel sends it when that *thread* ends. Everywhere
    (macOS too), a daemon thread polls the parent pid every `PARENT_POLL` seconds and
    exits when this process has been handed to another parent.
    """
    if death_signal and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    # Read after arming the signal: a parent that died before it was armed shows here.
    current = os.getppid()
    if parent is not None and current != parent:
        os._exit(0)

    def watch() -> None:
        # An orphan is handed to init (or a subreaper): its parent pid changes.
        while os.getppid() == current:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of `workers` processes that exit when this process dies (kill -9
    included), so a killed `simulate` or `tournament` leaves no orphan playing on.

    The pool's processes are started by the thread that first submits to it; Linux's
    parent-death signal follows that thread, so it is armed only when that is the main
    thread (which lasts as long as the process) or the fork server; the polling thread
    of `exit_with_parent` covers every other case.
    """
    context = multiprocessing.get_context()
    method = context.get_start_method()
    parent = None if method == "forkserver" else os.getpid()
    armed = method == "forkserver" or threading.current_thread() is threading.main_thread()
    return ProcessPoolExecutor(workers, mp_context=context, initializer=exit_with_parent,
                               initargs=(parent, armed))


def _serve(conn: Connection, factory: HostFactory, parent: int) -> None:
    """The worker's main loop: one decision at a time until the pipe closes."""
    # Started by the supervising thread, which lives as long as this process is used.
    exit_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    stdout_to_stderr()
    host: Host | None = None
    failure: WorkerError | None = None
    try:
        host = factory()
    except Exception as exc:
        failure = WorkerError(_("the AI worker could not load the plugins: {error}").format(
                              error=f"{type(exc).__name__}: {exc}"), type(exc).__name__,
                              traceback.format_exc())
    with contextlib.suppress(EOFError, OSError):  # the pipe closed: the caller is gone
        while True:
            job, decision = conn.recv()
            conn.send(("started", job, None))
            conn.send(_answer(host, failure, job, decision))


def _answer(host: Host | None, failure: WorkerError | None, job: int,
            decision: Decision) -> tuple[str, int, Any]:
    """The worker's reply to one decision: ("done", job, notation) or ("error", job, exc)."""
    try:
        if host is None:
            raise failure or WorkerError(_("the AI worker has no host"))
        return ("done", job, decide(host, decision))
    except (AgentError, WorkerError) as exc:
        return ("error", job, exc)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # SystemExit in the game's code: that decision's failure
        return ("error", job, WorkerError(f"{type(exc).__name__}: {exc}", type(exc).__name__,
                                          traceback.format_exc()))


def stdout_to_stderr() -> None:
    """In a child process that plays or thinks (never in the command's own process): send
    file descriptor 1 and `sys.stdout` to stderr, so that what plugin code prints there,
    even from C or a subprocess, never reaches the command's stdout (`--json`)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stdout.flush()
        os.dup2(2, 1)
        sys.stdout = sys.stderr


# -- in the calling process ----------------------------------------------------------------
@dataclass
class _Job:
    number: int
    decision: Decision
    future: Future[str]
    deadline: float | None = None  # monotonic time, set when the worker starts the job
    attempts: int = 0


class AIWorker:
    """Sends agent decisions to a lazily started worker process and polices their time."""

    def __init__(self, host_factory: HostFactory) -> None:
        self._factory = host_factory
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Condition()
        self._queue: collections.deque[_Job] = collections.deque()
        self._numbers = itertools.count(1)
        self._process: Any = None
        self._conn: Connection | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        #: Worker processes started so far (a restart after a kill or a timeout adds one).
        self.starts = 0

    @property
    def host_factory(self) -> HostFactory:
        """The picklable factory of the host the worker's processes build (a review's
        pool builds the same: the app's games, blocked plugins left out)."""
        return self._factory

    @property
    def pid(self) -> int | None:
        """The worker process's pid, or None when none is running."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def submit(self, decision: Decision) -> Future[str]:
        """Queue a decision; the future gives the chosen move's notation, or raises
        `AgentError`, `DecisionTimeout`, `WorkerLost` or `WorkerError`."""
        future: Future[str] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the AI worker was shut down")
            self._queue.append(_Job(next(self._numbers), decision, future))
            if self._thread is None:
                self._thread = threading.Thread(target=self._supervise, name="ai-worker",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return future

    def shutdown(self) -> None:
        """Kill the worker process now; pending decisions are cancelled. Never waits on
        an agent."""
        with self._lock:
            self._closed = True
            queued = list(self._queue)
            self._queue.clear()
            self._lock.notify_all()
            self._stop_process()  # under the lock: no process can start after this
        for job in queued:
            job.future.cancel()

    # -- the supervising thread ------------------------------------------------------
    def _start_process(self) -> None:
        # Called with the lock held, after checking that the worker is not shut down.
        parent, child = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(child, self._factory, os.getpid()),
                                        name="tabletop-ai-worker", daemon=True)
        process.start()
        child.close()
        self._process, self._conn = process, parent
        self.starts += 1

    def _stop_process(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is not None:
            with contextlib.suppress(Exception):
                process.kill()
            with contextlib.suppress(Exception):
                process.join(1.0)
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _next_job(self) -> _Job | None:
        with self._lock:
            while not self._closed:
                while self._queue:
                    job = self._queue.popleft()
                    if job.future.set_running_or_notify_cancel():
                        return job
                self._lock.wait()
            return None

    def _supervise(self) -> None:
        while (job := self._next_job()) is not None:
            try:
                self._run(job)
            except Exception as exc:  # never leave a caller waiting on a lost job
                if not job.future.done():
                    job.future.set_exception(WorkerError(
                        _("the AI worker failed: {error}").format(error=exc)))
        with self._lock:
            self._stop_process()

    def _send(self, job: _Job) -> bool:
        job.attempts += 1
        job.deadline = None
        try:
            with self._lock:
                if self._closed:
                    return False
                if self._process is None or not self._process.is_alive():
                    self._stop_process()
                    self._start_process()
                conn = self._conn
            assert conn is not None
            conn.send((job.number, job.decision))
        except (OSError, EOFError, ValueError):
            return False
        return True

    def _run(self, job: _Job) -> None:
        sent = self._send(job)
        while not self._closed:
            conn = self._conn
            try:
                ready = sent and conn is not None and conn.poll(0.05)
                message = conn.recv() if ready and conn is not None else None
            except (OSError, EOFError):
                message, sent = None, False
            if message is not None:
                kind, number, payload = message
                if number != job.number:
                    continue  # an answer to a job given up on before a restart
                if kind == "started":
                    limit = deadline_seconds(job.decision.budget)
                    job.deadline = time.monotonic() + limit if limit is not None else None
                elif kind == "done":
                    job.future.set_result(payload)
                    return
                else:
                    job.future.set_exception(payload)
                    return
                continue
            if not sent or self._process is None or not self._process.is_alive():
                if self._closed:
                    break
                with self._lock:
                    self._stop_process()
                if job.attempts >= 2:
                    job.future.set_exception(WorkerLost(
                        f"the AI worker process died twice while {job.decision.label} was "
                        "thinking"))
                    return
                sent = self._send(job)  # restart and ask once more
                continue
            if job.deadline is not None and time.monotonic() > job.deadline:
                with self._lock:
                    self._stop_process()  # the next decision starts a fresh process
                seconds = job.decision.budget.seconds
                job.future.set_exception(DecisionTimeout(
                    f"{job.decision.label} thought past its {seconds:g} s budget and was "
                    "stopped"))
                return
        job.future.set_exception(WorkerLost("the AI worker was shut down"))
