"""`tabletop join --text` is a conversation (issue 33): a move typed out of turn is refused
at once and never played; the other player's move is printed as it happens; `quit` works
at any moment. Real processes: a host and two terminal players on the loopback."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from tests.net.processes import TABLETOP, kept, start_host


class Terminal:
    """A `tabletop join --text` process whose stdin the test types into."""

    def __init__(self, address: str, code: str, name: str, seat: int, data: Path) -> None:
        data.mkdir(parents=True, exist_ok=True)
        self.out = data / "out.txt"
        env = {**os.environ, "TABLETOP_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1",
               "TABLETOP_LANG": "en"}
        with self.out.open("w") as sink:
            self.popen = subprocess.Popen(
                [*TABLETOP, "join", address, code, "--text", "--name", name, "--seat",
                 str(seat)], env=env, text=True, stdout=sink, stderr=subprocess.STDOUT,
                stdin=subprocess.PIPE)

    def text(self) -> str:
        return self.out.read_text(encoding="utf-8", errors="replace")

    def type(self, line: str) -> int:
        """Type `line` and Enter; how much had been printed before it."""
        before = len(self.text())
        assert self.popen.stdin is not None
        self.popen.stdin.write(line + "\n")
        self.popen.stdin.flush()
        return before

    def wait_for(self, seen: Callable[[str], bool], timeout: float = 60,
                 since: int = 0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()[since:]
            if seen(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"not seen in {timeout} s: {self.text()!r}")

    def close(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait()


def _legal(terminal: Terminal) -> list[str]:
    since = terminal.type("help")
    text = terminal.wait_for(lambda t: "Legal moves: " in t, since=since)
    line = next(li for li in text.splitlines() if "Legal moves: " in li)
    return line.split("Legal moves: ", 1)[1].split(", ")


def test_moves_typed_out_of_turn_are_refused_at_once_and_never_played(tmp_path: Path
                                                                      ) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    hana = Terminal(address, code, "Hana", 1, tmp_path / "hana")
    bob = None
    try:
        hana.wait_for(lambda t: "Joined table" in t)
        # Before the table is full, a move waits for nobody: it is refused.
        since = hana.type("a1-b2")
        hana.wait_for(lambda t: "Not your turn: waiting for players to join." in t, 10,
                      since)
        bob = Terminal(address, code, "Bob", 2, tmp_path / "bob")
        hana.wait_for(lambda t: "to move> " in t, 30)
        # Bob types while Hana is to move: refused at once, naming who is to move.
        moves = _legal(hana)
        since = bob.type(moves[0])
        bob.wait_for(lambda t: "Not your turn: waiting for Hana" in t, 10, since)
        # Hana moves: Bob reads it as it happens, without typing anything.
        bob_before = len(bob.text())
        hana.type(moves[0])
        bob.wait_for(lambda t: "Hana" in t and "to move> " in t, 30, bob_before)
        # Now Hana types out of turn, twice; then quits while it is Bob's turn.
        for move in moves[1:3]:
            since = hana.type(move)
            hana.wait_for(lambda t: "Not your turn: waiting for Bob" in t, 10, since)
        since = hana.type("quit")
        hana.wait_for(lambda t: "You left the table" in t, 10, since)
        hana.popen.wait(timeout=10)  # quit ends it at once, on the other's turn
        since = bob.type("quit")
        bob.wait_for(lambda t: "You left the table" in t, 10, since)
        bob.popen.wait(timeout=10)
    finally:
        hana.close()
        if bob is not None:
            bob.close()
        host.kill()
    [record] = kept(tmp_path / "host")
    assert len(record.moves) == 1  # Hana's one move in turn; nothing typed out of turn
