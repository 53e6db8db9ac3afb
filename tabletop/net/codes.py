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


class Guard:
    """Counts each address's wrong codes: after `free` of them each further try waits
    (`delay`, doubling up to `max_delay` seconds); after `limit` within `window`
    seconds the address is refused for `bar` seconds. A right code clears its count."""

    def __init__(self, free: int = 3, limit: int = 10, window: float = 600.0,
                 bar: float = 600.0, max_delay: float = 8.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.free, self.limit, self.window, self.bar = free, limit, window, bar
        self.max_delay = max_delay
        self.clock = clock
        self._tries: dict[str, _Tries] = {}

    def refusal(self, address: str) -> str | None:
        """Why `address` may not try a code now (None: it may)."""
        tries = self._tries.get(address)
        if tries is not None and tries.barred_until > self.clock():
            left = tries.barred_until - self.clock()
            return f"too many wrong codes from this address: try again in {left:.0f} s"
        return None

    def delay(self, address: str) -> float:
        """Seconds to wait before answering `address`'s next try."""
        tries = self._tries.get(address)
        if tries is None or tries.wrong < self.free:
            return 0.0
        return float(min(self.max_delay, 0.25 * 2 ** (tries.wrong - self.free)))

    def wrong(self, address: str) -> None:
        """Count a wrong code (or token) from `address`."""
        now = self.clock()
        tries = self._tries.setdefault(address, _Tries(first=now))
        if now - tries.first > self.window:
            tries.wrong, tries.first = 0, now
        tries.wrong += 1
        if tries.wrong >= self.limit:
            tries.barred_until = now + self.bar
            tries.wrong, tries.first = 0, now
        if len(self._tries) > 10_000:  # forget the oldest: bounded memory
            oldest = min(self._tries, key=lambda a: self._tries[a].first)
            del self._tries[oldest]

    def right(self, address: str) -> None:
        """A right code from `address`: its count starts again."""
        tries = self._tries.get(address)
        if tries is not None and tries.barred_until <= self.clock():
            del self._tries[address]
