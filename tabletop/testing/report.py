"""What the kit reports: its report of violations, the error it raises, and the probe that
runs a game's code as the kit watches it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tabletop.limits import one_line
from tabletop.model import (
    GameInfo,
    TabletopError,
)


class ConformanceError(AssertionError):
    """The game broke the plugin contract; the message lists every violation found."""


@dataclass
class KitReport:
    """What the kit checked, and the violations it found; `games_cut` counts the games
    `check_game`'s `max_plies` stopped before their end (they are in `games_played`).
    `unchecked` says which checks could not run for this game, and why (not violations:
    the move order under another PYTHONHASHSEED needs a game a fresh process can load).
    `deprecations` lists the older forms of the contract the game still uses, each with
    what to change (`tabletop.model.PluginDeprecationWarning`): not violations, unless
    `check_game(..., strict=True)`."""

    game: str
    games_played: int = 0
    games_cut: int = 0
    plies: int = 0
    full_checks: int = 0
    problems: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)
    deprecations: list[str] = field(default_factory=list)
    #: Kinds of violation already reported once, where one report says it all.
    _seen_kinds: set[str] = field(default_factory=set, repr=False)
    #: Per player count: the declared action count and observation shape (or None).
    _spaces: dict[int, tuple[int | None, tuple[int, ...] | None]] = field(
        default_factory=dict, repr=False)
    #: The game's learning spaces (`Game.spaces`), as the kit probes them.
    _learning: Any = field(default=None, repr=False)

    def fail_once(self, kind: str, problem: str) -> None:
        """Note a violation of `kind` only the first time (the same bug at every ply)."""
        if kind not in self._seen_kinds:
            self._seen_kinds.add(kind)
            self.fail(problem)

    def fail(self, problem: str) -> None:
        """Note a violation (each once; the first 50 are kept, enough to see the pattern)."""
        if problem not in self.problems and len(self.problems) < 50:
            self.problems.append(problem)

    def deprecated(self, message: str) -> None:
        """Note an older form of the contract the game uses (each message once)."""
        if message not in self.deprecations:
            self.deprecations.append(message)


class _PluginRaised(Exception):
    """The game's code raised something other than the model's errors."""

    def __init__(self, method: str, exc: BaseException) -> None:
        super().__init__(f"{method} raised {type(exc).__name__}: {one_line(exc, 200)}")
        self.method = method


class _Probe:
    """The game as the kit calls it: each method call that raises anything but a
    `TabletopError` raises `_PluginRaised` naming the method, so that the kit reports it
    as a violation; `last` is the method that raised most recently (for a `TabletopError`
    where none was due)."""

    def __init__(self, game: Any, parent: _Probe | None = None, prefix: str = "") -> None:
        self.game = game
        self.info: GameInfo = parent.info if parent is not None else game.info
        self.last = "?"
        # A capability the game handed out (`spaces()`, `codec()`, `sampler()`) is
        # probed as the game is, its methods named after it ("spaces().move_of").
        self._parent = parent
        self._prefix = prefix

    def _raised(self, name: str) -> None:
        self.last = name
        if self._parent is not None:
            self._parent._raised(name)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.game, name)
        if not callable(value):
            return value
        named = self._prefix + name

        @functools.wraps(value)  # keeps the signature: `seat_text` reads it
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                found = value(*args, **kwargs)
            except TabletopError:
                self._raised(named)
                raise
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # SystemExit too: plugin code never ends a run
                self._raised(named)
                raise _PluginRaised(named, exc) from exc
            if name in _CAPABILITIES and not self._prefix and found is not None:
                return _Probe(found, self, f"{name}().")
            return found

        return call


#: The `Game` methods that hand out a capability object (`tabletop.model.capabilities`).
_CAPABILITIES = frozenset({"spaces", "codec", "sampler"})


def _guarded(probe: _Probe, report: KitReport, where: str, check: Callable[[], None]) -> bool:
    """Run `check`; a failure of the game's code becomes a violation. False if it failed."""
    try:
        check()
    except _PluginRaised as exc:
        report.fail(f"{where}: {exc}")
        return False
    except TabletopError as exc:
        report.fail(f"{where}: {probe.last} raised {type(exc).__name__}: {one_line(exc, 200)}")
        return False
    return True
