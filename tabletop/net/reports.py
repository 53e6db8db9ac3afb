"""The host's words to its operator, bounded: a repeated problem is said once, then
counted (no arcade here).

A remote peer can make the host fail the same way thousands of times a second (running
it out of file descriptors, for one: every refused `accept` is an error). `Reports`
says each kind of problem once, counts its repeats, and says how many there were when
the problem ends ("accepting connections again (10,000 more like this)") or, while it
lasts, at most once every `every` seconds. The number of kinds is bounded too, so no
stream a peer can trigger grows without bound.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable
from typing import Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import one_line

#: Kinds of problem remembered at once; further kinds are counted under one.
MAX_KINDS = 64
#: Seconds between two reminders of a problem that goes on.
EVERY = 60.0
#: The kind of a refused `accept` (out of descriptors, buffers or memory).
ACCEPT = "accept"
_OUT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Reports:
    """Says problems to `say` (one line each), each kind once and then counted."""

    def __init__(self, say: Callable[[str], None], every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.say, self.every, self.clock = say, every, clock
        #: Each kind's repeats not yet said, and when it was last said.
        self._counts: dict[str, tuple[int, float]] = {}

    def problem(self, kind: str, text: str) -> None:
        """Problem `kind` happened (`text` says it): said the first time, then counted."""
        now = self.clock()
        if kind not in self._counts and len(self._counts) >= MAX_KINDS:
            # Kinds said long enough ago with no repeat since are forgotten first.
            for old in [k for k, (count, said) in self._counts.items()
                        if not count and now - said >= self.every]:
                del self._counts[old]
            if len(self._counts) >= MAX_KINDS:
                kind = "other"
        seen = self._counts.get(kind)
        if seen is None:
            self._counts[kind] = (0, now)
            self.say(one_line(text))
            return
        count, said = seen
        if now - said >= self.every:
            self.say(one_line(self._more(text, count + 1)))
            self._counts[kind] = (0, now)
        else:
            self._counts[kind] = (count + 1, said)

    def over(self, kind: str, text: str) -> None:
        """Problem `kind` ended (`text` says so), with the count of its unsaid repeats;
        nothing is said if it was not happening."""
        seen = self._counts.pop(kind, None)
        if seen is not None:
            self.say(one_line(self._more(text, seen[0])))

    def active(self, kind: str) -> bool:
        """True while problem `kind` is said to go on."""
        return kind in self._counts

    @staticmethod
    def _more(text: str, count: int) -> str:
        if not count:
            return text
        return _("{text} ({count} more like this)").format(text=text,
                                                           count=i18n.number(count))

    # -- the event loop's and the libraries' problems -------------------------------------------
    def loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """An event loop's exception handler: a refused `accept` said in our words (the
        loop tries again by itself a second later), anything else as one line."""
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _OUT_OF:
            self.problem(ACCEPT, _("cannot accept connections: {error}; serving goes on "
                                   "and takes new connections again when some are "
                                   "closed").format(error=exc.strerror or exc))
            return
        message = str(context.get("message", "")) or type(exc).__name__
        kind = f"loop {message[:80]} {type(exc).__name__}"
        words = f"{message}: {exc}" if exc is not None else message
        self.problem(kind, _("warning: {problem}").format(problem=words))

    def connected(self) -> None:
        """A connection was accepted: if accepting had failed, say it works again."""
        if self.active(ACCEPT):
            self.over(ACCEPT, _("accepting connections again"))


class ReportsHandler(logging.Handler):
    """A logging handler that says WARNING and worse through `Reports`: one line per
    kind (logger and message template), no traceback."""

    def __init__(self, reports: Reports) -> None:
        super().__init__(logging.WARNING)
        self.reports = reports

    def emit(self, record: logging.LogRecord) -> None:
        """Say `record` once per kind, then count it."""
        try:
            text = record.getMessage()
        except Exception:  # a library's bad format arguments: its template then
            text = str(record.msg)
        kind = f"log {record.name} {str(record.msg)[:80]}"
        self.reports.problem(kind, _("warning: {problem}").format(problem=text))
