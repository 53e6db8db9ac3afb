"""Plugin discovery: entry points, blocking, per-plugin isolation, load errors, listing.

`Host` wraps pluggy's manager. Nothing happens at import time and there is no global
manager: build a `Host` and call `load()`. Each plugin is imported, validated and asked to
register in its own `try`; a plugin that fails is reported (name, distribution, version,
error) and everything it registered is rolled back, while the others load.
"""

from __future__ import annotations

import functools
import importlib.metadata
import os
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pluggy

from tabletop import hookspecs
from tabletop.ai.base import Agent, AgentSpec
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.randomagent import RandomAgent
from tabletop.model import Game, TabletopError

ENTRY_POINT_GROUP = "tabletop"
DISABLE_ENV = "TABLETOP_DISABLE_PLUGINS"

GENERIC_AGENTS: tuple[AgentSpec, ...] = (
    AgentSpec("random", "uniformly random legal moves", lambda game: RandomAgent(), strength=0),
    AgentSpec("mcts", "generic Monte-Carlo tree search over the game's rules",
              MCTSAgent, strength=10),
)


@dataclass
class PluginInfo:
    """A loaded plugin: where it comes from and what it registered."""

    name: str
    distribution: str
    version: str
    module: str
    hooks: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    renderers: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class LoadError:
    """A plugin that could not be loaded, and why."""

    name: str
    distribution: str
    version: str
    error: str

    def __str__(self) -> str:
        return f"plugin {self.name!r} ({self.distribution} {self.version}): {self.error}"


@dataclass(frozen=True)
class PluginSource:
    """A plugin to load: an entry point, or an object given directly (tests, embedding)."""

    name: str
    distribution: str
    version: str
    load: Callable[[], Any]


class Host:
    """The loaded set of plugins and what they registered.

    `Host()` discovers the `tabletop` entry-point group; pass `sources` to load a given
    list instead, and `disabled` to block plugins by name (default: the comma-separated
    names in `$TABLETOP_DISABLE_PLUGINS`).
    """

    def __init__(self, sources: Iterable[PluginSource] | None = None,
                 disabled: Iterable[str] | None = None) -> None:
        self._sources = list(sources) if sources is not None else None
        if disabled is None:
            disabled = [n.strip() for n in os.environ.get(DISABLE_ENV, "").split(",")]
        self.disabled = sorted({n for n in disabled if n})
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.plugins: list[PluginInfo] = []
        self.errors: list[LoadError] = []
        self.games: dict[str, Game[Any, Any]] = {}
        self.agents: dict[str, dict[str, AgentSpec]] = {}
        self.renderers: dict[str, str] = {}
        self._loaded = False

    # -- loading -----------------------------------------------------------------------
    def load(self) -> Host:
        """Import, validate and register every plugin not disabled. Returns self."""
        if self._loaded:
            return self
        self._loaded = True
        sources = self._sources if self._sources is not None else entry_point_sources()
        accepted: list[PluginInfo] = []
        for source in sources:
            if source.name in self.disabled:
                continue
            info = self._import(source)
            if info is not None:
                accepted.append(info)
        # Games first (agents and renderers refer to them), each plugin on its own.
        for info in list(accepted):
            if not self._register(info, "tabletop_register_games", self._game_registrar(info)):
                accepted.remove(info)
        for info in list(accepted):
            ok = self._register(info, "tabletop_register_agents", self._agent_registrar(info))
            ok = ok and self._register(info, "tabletop_register_renderers",
                                       self._renderer_registrar(info))
            if not ok:
                accepted.remove(info)
        self.plugins = accepted
        return self

    def _fail(self, info: PluginInfo | PluginSource, error: str) -> None:
        self.errors.append(LoadError(info.name, info.distribution, info.version, error))
        if self.pm.has_plugin(info.name):
            self.pm.unregister(name=info.name)

    def _import(self, source: PluginSource) -> PluginInfo | None:
        try:
            plugin = source.load()
        except Exception as exc:  # a broken plugin never stops the host
            self._fail(source, f"import failed: {_describe(exc)}")
            return None
        if self.pm.has_plugin(source.name):
            self._fail(source, "another plugin of the same name is already loaded")
            return None
        try:
            self.pm.register(plugin, name=source.name)
            self.pm.check_pending()  # an impl of an unknown hook (a misspelling) fails here
        except Exception as exc:
            self._fail(source, f"invalid plugin: {_describe(exc)}")
            return None
        module = getattr(plugin, "__name__", type(plugin).__name__)
        hooks = sorted(c.name for c in self.pm.get_hookcallers(plugin) or [])
        return PluginInfo(source.name, source.distribution, source.version, module, hooks)

    def _register(self, info: PluginInfo, hook: str, register: Callable[..., None]) -> bool:
        caller = getattr(self.pm.hook, hook)
        for impl in caller.get_hookimpls():
            if impl.plugin_name != info.name:
                continue
            try:
                impl.function(register=register)
            except Exception as exc:
                self._rollback(info)
                self._fail(info, f"{hook} failed: {_describe(exc)}")
                return False
        return True

    def _rollback(self, info: PluginInfo) -> None:
        for game_id in info.games:
            self.games.pop(game_id, None)
            self.renderers.pop(game_id, None)
        for key in info.agents:
            game_id, _, name = key.partition(":")
            self.agents.get(game_id, {}).pop(name, None)
        for game_id in info.renderers:
            self.renderers.pop(game_id, None)

    def _game_registrar(self, info: PluginInfo) -> Callable[[Game[Any, Any]], None]:
        def register(game: Game[Any, Any]) -> None:
            game_info = getattr(game, "info", None)
            game_id = getattr(game_info, "id", None)
            if not isinstance(game_id, str) or not game_id:
                raise TabletopError(f"{game!r} has no info.id")
            if game_id in self.games:
                raise TabletopError(f"game id {game_id!r} is already taken")
            self.games[game_id] = game
            self.agents.setdefault(game_id, {})
            info.games.append(game_id)

        return register

    def _agent_registrar(self, info: PluginInfo) -> Callable[[str, AgentSpec], None]:
        def register(game_id: str, spec: AgentSpec) -> None:
            if game_id not in self.games:
                raise TabletopError(f"agent {spec.name!r} is for unknown game {game_id!r}")
            taken = self.agents[game_id]
            if spec.name in taken or any(g.name == spec.name for g in GENERIC_AGENTS):
                raise TabletopError(f"agent name {spec.name!r} is already taken for {game_id}")
            taken[spec.name] = spec
            info.agents.append(f"{game_id}:{spec.name}")

        return register

    def _renderer_registrar(self, info: PluginInfo) -> Callable[[str, str], None]:
        def register(game_id: str, target: str) -> None:
            if game_id not in self.games:
                raise TabletopError(f"renderer for unknown game {game_id!r}")
            if game_id in self.renderers:
                raise TabletopError(f"game {game_id!r} already has a renderer")
            if ":" not in target:
                raise TabletopError(f"renderer {target!r} is not 'module:attribute'")
            self.renderers[game_id] = target
            info.renderers.append(game_id)

        return register

    # -- queries -----------------------------------------------------------------------
    def game(self, game_id: str) -> Game[Any, Any]:
        """The registered game `game_id`; raises `TabletopError` naming the known ones."""
        self.load()
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or "none"
            raise TabletopError(f"no game {game_id!r} is installed (games: {known})") from None

    def agent_specs(self, game_id: str) -> list[AgentSpec]:
        """The agents available for a game: the generic ones it supports, then its own."""
        game = self.game(game_id)
        generic = [s for s in GENERIC_AGENTS if s.name != "mcts" or game.can_sample()]
        return generic + list(self.agents.get(game_id, {}).values())

    def agent_spec(self, game_id: str, name: str) -> AgentSpec:
        """The agent called `name` for `game_id`; raises `TabletopError` if unknown."""
        specs = self.agent_specs(game_id)
        for spec in specs:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in specs)
        raise TabletopError(f"no agent {name!r} for {game_id} (agents: {known})")

    def make_agent(self, game_id: str, name: str) -> Agent:
        """A fresh agent `name` for one seat of `game_id`."""
        return self.agent_spec(game_id, name).make(self.game(game_id))

    def strongest_agent(self, game_id: str) -> AgentSpec:
        """The agent with the highest declared strength (ties: the last registered)."""
        specs = self.agent_specs(game_id)
        return max(reversed(specs), key=lambda s: s.strength)


def entry_point_sources() -> list[PluginSource]:
    """Every entry point of the `tabletop` group, sorted by name for a stable order."""
    sources = []
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = ep.dist
        sources.append(PluginSource(
            ep.name,
            dist.metadata["Name"] if dist is not None else "?",
            dist.version if dist is not None else "?",
            ep.load,
        ))
    return sorted(sources, key=lambda s: s.name)


def module_sources(modules: Sequence[tuple[str, Any]]) -> list[PluginSource]:
    """Plugin sources for objects already in hand (for tests and embedding)."""
    return [PluginSource(name, "(in process)", "-", functools.partial(_identity, module))
            for name, module in modules]


def _identity(value: Any) -> Any:
    return value


def _describe(exc: BaseException) -> str:
    last = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    where = f" at {last[0].filename}:{last[0].lineno}" if last else ""
    return f"{type(exc).__name__}: {exc}{where}"
