"""Join codes, seat tokens, and the guard against guessing codes.

A join code is what a player reads out to a friend: 12 letters and digits of Crockford's
base 32 (60 random bits), written in groups of four ("7KQ2-M9XD-4TRA"); typing is
forgiving (case, dashes, spaces, and O/I/L for 0/1/1). A seat token is a longer secret
(128 bits) a client keeps to take its seat again after a drop. An address that sends
wrong codes is slowed down, then refused for a while (`Guard`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from tabletop.lines import Line

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Letters of a join code (5 bits each: 60 bits).
CODE_LETTERS = 12
_READS_AS = {"O": "0", "I": "1", "L": "1"}


def new_code() -> str:
    """A fresh random join code, "XXXX-XXXX-XXXX"."""
    letters = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LETTERS))
    return "-".join(letters[i:i + 4] for i in range(0, CODE_LETTERS, 4))


def normal_code(text: str) -> str:
    """A typed code as the host compares it (upper case, no dashes or spaces, the
    letters that read as digits made digits); "" if it cannot be a code."""
    letters = "".join(_READS_AS.get(c, c) for c in text.upper() if c not in "- ")
    if len(letters) != CODE_LETTERS or any(c not in ALPHABET for c in letters):
        return ""
    return "-".join(letters[i:i + 4] for i in range(0, CODE_LETTERS, 4))


def new_token() -> str:
    """A fresh seat token (128 random bits)."""
    return secrets.token_urlsafe(16)


@dataclass
class _Tries:
    wrong: int = 0
    first: float = 0.0
    barred_until: float = 0.0


#: The scope of a wrong guess that names no table: the whole server.
SERVER = ""


class Guard:
    """Counts wrong codes (and seat tokens) per address and per table, to hurt guessers,
    not the people they share an address with.

    After `free` wrong tries from an address each further one waits (`delay`: `step`
    seconds, doubling up to `max_delay`); the server runs an address's tries one after
    the other (`Server.join`), so a burst waits as a sequence would. After `limit` wrong
    tries at one table's code within `window` seconds, the address is refused that
    table's code for `table_bar` seconds; after `server_limit` wrong tries in all, it is
    refused every code and unknown token for `bar` seconds (longer: it guesses widely).
    A right code clears the address's count at that table. A valid seat token is never
    asked about (`Server.join` seats it at once): the guard cannot lock a seated player
    out."""

    def __init__(self, free: int = 3, limit: int = 10, window: float = 600.0,
                 bar: float = 600.0, max_delay: float = 8.0, step: float = 0.25,
                 server_limit: int = 30, table_bar: float = 120.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.limit, self.window, self.bar = free, limit, window, bar
        self.max_delay, self.step = max_delay, step
        self.server_limit, self.table_bar = server_limit, table_bar
        self.clock = clock
        self._tries: dict[tuple[str, str], _Tries] = {}

    def refusal(self, address: str, scope: str = SERVER) -> Line | None:
        """Why `address` may not try a code at the table `scope` now (None: it may), as a
        line its client words."""
        now = self.clock()
        for key in ((address, SERVER), (address, scope)):
            tries = self._tries.get(key)
            if tries is not None and tries.barred_until > now:
                left = tries.barred_until - now
                return Line.of("too many wrong codes from this address: try again in "
                               "{seconds} s", seconds=round(left))
        return None

    def delay(self, address: str) -> float:
        """Seconds to wait before answering `address`'s next try."""
        tries = self._tries.get((address, SERVER))
        if tries is None or tries.wrong < self.free:
            return 0.0
        return float(min(self.max_delay, self.step * 2 ** (tries.wrong - self.free)))

    def wrong(self, address: str, scope: str = SERVER) -> None:
        """Count a wrong code (or token) from `address` at the table `scope` (SERVER
        when it names no table)."""
        now = self.clock()
        self._count((address, SERVER), now, self.server_limit, self.bar)
        if scope != SERVER:
            self._count((address, scope), now, self.limit, self.table_bar)
        while len(self._tries) > 10_000:  # forget the oldest: bounded memory
            oldest = min(self._tries, key=lambda a: self._tries[a].first)
            del self._tries[oldest]

    def _count(self, key: tuple[str, str], now: float, limit: int, bar: float) -> None:
        tries = self._tries.setdefault(key, _Tries(first=now))
        if now - tries.first > self.window:
            tries.wrong, tries.first = 0, now
        tries.wrong += 1
        if tries.wrong >= limit:
            tries.barred_until = now + bar
            if key[1] == SERVER:  # the delay goes on growing while barred from a table
                tries.wrong, tries.first = 0, now

    def right(self, address: str, scope: str) -> None:
        """A right code from `address` for the table `scope`: its count there starts
        again. The server-wide count stays: knowing one table's code (one's own) must
        not let an address guess the others' afresh."""
        tries = self._tries.get((address, scope))
        if tries is not None and tries.barred_until <= self.clock():
            del self._tries[(address, scope)]
