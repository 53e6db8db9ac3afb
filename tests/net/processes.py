"""`tabletop` processes for the online tests: a host, its clients, a club server, each
with a data folder of its own, and what they kept."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tabletop.record import Record
from tabletop.store.library import Library

TABLETOP = [sys.executable, "-m", "tabletop"]
#: Random Versus games run to 800 plies at the median and past 5,000 now and then (the
#: rules set no bound): tests that play them to the end cap them, so none outlasts its wait.
BOUNDED = "--option=ply_limit=400"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Process:
    """A `tabletop` process with a data folder of its own; its output goes to a file (a
    pipe nobody reads would fill and stall it)."""

    def __init__(self, args: list[str], data: Path, files: int | None = None,
                 language: str = "en", command: list[str] = TABLETOP) -> None:
        """`files`: the most file descriptors it may hold (`prlimit --nofile`);
        `language`: the one it speaks (`TABLETOP_LANG`); `command`: what runs (`args`
        follow it)."""
        data.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "TABLETOP_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1",
               "TABLETOP_LANG": language}
        self.out = data / f"out-{time.monotonic_ns()}.txt"
        with self.out.open("w") as sink:
            self.popen = subprocess.Popen([*command, *args], env=env, text=True,
                                          stdout=sink, stderr=subprocess.STDOUT,
                                          stdin=subprocess.DEVNULL,
                                          preexec_fn=None if files is None
                                          else lambda: _limit_files(files))

    def text(self) -> str:
        """What it printed so far."""
        return self.out.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, seen: Callable[[str], bool], timeout: float = 60) -> str:
        """Its output once `seen` says yes (fails if it ends or `timeout` passes first)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if seen(text):
                return text
            if self.popen.poll() is not None:
                text = self.text()
                assert seen(text), f"{self.popen.args} ended: {text}"
                return text
            time.sleep(0.05)
        raise AssertionError(f"{self.popen.args} did not get there: {self.text()}")

    def kill(self) -> None:
        """kill -9."""
        self.popen.send_signal(signal.SIGKILL)
        self.popen.wait()

    def finish(self, timeout: float = 120) -> str:
        """Its output once it ended well (fails on a non-zero exit)."""
        try:
            self.popen.wait(timeout=timeout)
        finally:
            if self.popen.poll() is None:
                self.popen.kill()
        text = self.text()
        assert self.popen.returncode == 0, (self.popen.args, text)
        return text


def _limit_files(count: int) -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (count, count))


def run(args: list[str], data: Path, files: int | None = None, language: str = "en"
        ) -> Process:
    return Process(args, data, files, language)


def start_serve(data: Path, port: int | None = None, files: int | None = None
                ) -> tuple[Process, str]:
    """A `tabletop serve` process on the loopback; it and its address."""
    port = port or free_port()
    server = run(["serve", "--port", str(port), "--bind", "127.0.0.1"], data, files)
    server.wait_for(lambda t: f"serving on 127.0.0.1:{port}" in t)
    return server, f"127.0.0.1:{port}"


def stop(process: Process) -> str:
    """Stop a `serve` process as Ctrl-C does; what it printed."""
    process.popen.send_signal(signal.SIGINT)
    process.popen.wait(timeout=30)
    return process.text()


def start_host(data: Path, *args: str, port: int | None = None, language: str = "en"
               ) -> tuple[Process, str, str]:
    """A `tabletop host` process (speaking `language`); it, the address to join and the
    code it printed."""
    host = run(["host", *args, "--port", str(port or 0), "--bind", "127.0.0.1",
                "--no-discovery"], data, language=language)
    text = host.wait_for(lambda t: "join with: tabletop join " in t)
    line = next(li for li in text.splitlines() if li.startswith("join with:"))
    _, address, code = line.rsplit(" ", 2)
    return host, address, code.strip()


def finish(process: Process, timeout: float = 120) -> str:
    return process.finish(timeout)


def kept(data: Path) -> list[Record]:
    library = Library.open(data)
    try:
        return [library.read_record(entry.id) for entry in library.entries()]
    finally:
        library.close()


