"""Plugin discovery: entry points, blocking, per-plugin isolation, load errors, listing.

`Host` wraps pluggy's manager. Nothing happens at import time and there is no global
manager: build a `Host` and call `load()`. Each plugin is imported, validated and asked to
register at the boundary (`run` in tabletop/boundary.py): its output is captured, a slow
one is named on stderr, and any exception (`SystemExit` too) is reported as that plugin's failure
(name, distribution, version, error); everything it registered is rolled back, while the
others load.

Who wins a name: the built-in games (the `tabletop` distribution's own entry points) load
first, then the others in a stable order (entry-point name, distribution, version), and the
first to register a game id, an agent name or a renderer keeps it. A plugin whose game id
is taken fails; a refused agent or renderer is only that object's refusal (the plugin keeps
the rest). Either message names both plugins.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.metadata
import math
import numbers
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

import pluggy

from tabletop import boundary, hookspecs, i18n, older_forms
from tabletop.ai.base import Agent, AgentSpec, Budget, Level
from tabletop.ai.mcts import MCTSAgent
from tabletop.ai.randomagent import RandomAgent
from tabletop.boundary import CapturedOutput, Refusal
from tabletop.i18n import _
from tabletop.levels import level_spec
from tabletop.model import Game, TabletopError
from tabletop.model.legacy import old_forms, warn_old_forms
from tabletop.model.seat_view import _render_takes_seat

ENTRY_POINT_GROUP = "tabletop"
DISABLE_ENV = "TABLETOP_DISABLE_PLUGINS"
BUILTIN_DISTRIBUTION = "tabletop"  # entry points of this distribution are the built-ins
STRENGTHS = (0, 100)  # the range of a declared agent strength (random 0, mcts 10)
RESERVED_AGENT_NAMES = ("human",)  # a seat's player in the CLI and in records
GAME_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
AGENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")

GENERIC_AGENTS: tuple[AgentSpec, ...] = (
    AgentSpec("random", "uniformly random legal moves", lambda game: RandomAgent(), strength=0),
    AgentSpec("mcts", "generic Monte-Carlo tree search over the game's rules",
              MCTSAgent, strength=10),
)

Progress = Callable[["PluginSource", str], None]


@dataclass
class PluginInfo:
    """A loaded plugin: where it comes from, what it registered and what was refused.

    `refused` lists the agents and renderers the host turned down (the plugin still loaded),
    `output` what the plugin printed while loading, `seconds` how long its import and hooks
    took. `deprecations` lists the older forms of the contract it uses, each saying what
    to change (`tabletop.model.PluginDeprecationWarning`s said while it loaded, and the
    older forms the host finds in its games, in `older_forms.py`).
    """

    name: str
    distribution: str
    version: str
    module: str
    hooks: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    agents: list[str] = field(default_factory=list)
    renderers: list[str] = field(default_factory=list)
    builtin: bool = False
    refused: list[str] = field(default_factory=list)
    output: str = ""
    seconds: float = 0.0
    deprecations: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return _plugin_label(self.name, self.distribution, self.version)


@dataclass(frozen=True)
class LoadError:
    """A plugin that could not be loaded, why, and what it printed while trying."""

    name: str
    distribution: str
    version: str
    error: str
    output: str = ""

    def __str__(self) -> str:
        return _("{plugin}: {error}").format(
            plugin=_plugin_label(self.name, self.distribution, self.version), error=self.error)


@dataclass(frozen=True)
class PluginSource:
    """A plugin to load: an entry point, or an object given directly (tests, embedding).

    `builtin` marks the plugins shipped with Tabletop itself: they load first and keep
    their names against any other plugin."""

    name: str
    distribution: str
    version: str
    load: Callable[[], Any]
    builtin: bool = False

    def __str__(self) -> str:
        return _plugin_label(self.name, self.distribution, self.version)


def _plugin_label(name: str, distribution: str, version: str) -> str:
    """How messages name a plugin: `plugin 'p' (dist 1.0)`."""
    return _("plugin {name} ({distribution} {version})").format(
        name=repr(name), distribution=distribution, version=version)


@dataclass
class _Run:
    """One plugin's load in progress: its output, time, and a refusal that fails it."""

    source: PluginSource
    output: CapturedOutput = field(default_factory=CapturedOutput)
    seconds: float = 0.0
    slow_noticed: bool = False
    fatal: str | None = None
    deprecations: list[str] = field(default_factory=list)

    def note(self, message: str) -> None:
        """Keep a deprecation said while the plugin loads (each once)."""
        if message not in self.deprecations:
            self.deprecations.append(message)


class Host:
    """The loaded set of plugins and what they registered.

    `Host()` discovers the `tabletop` entry-point group; pass `sources` to load a given
    list instead, and `disabled` to block plugins by name (default: the comma-separated
    names in `$TABLETOP_DISABLE_PLUGINS`). A plugin still loading after `slow_seconds`
    (default: `$TABLETOP_PLUGIN_SLOW_SECONDS`, else 3) is named on stderr.
    """

    def __init__(self, sources: Iterable[PluginSource] | None = None,
                 disabled: Iterable[str] | None = None,
                 slow_seconds: float | None = None) -> None:
        self._sources = list(sources) if sources is not None else None
        if disabled is None:
            disabled = [n.strip() for n in os.environ.get(DISABLE_ENV, "").split(",")]
        self.disabled = sorted({n for n in disabled if n})
        self._slow_warning: str | None = None
        if slow_seconds is None:
            slow_seconds, self._slow_warning = boundary.slow_seconds_from_env()
        self.slow_seconds = slow_seconds
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.plugins: list[PluginInfo] = []
        self.errors: list[LoadError] = []
        self.games: dict[str, Game[Any, Any]] = {}
        self.agents: dict[str, dict[str, AgentSpec]] = {}
        self.renderers: dict[str, str] = {}
        self._game_owner: dict[str, PluginInfo] = {}
        self._agent_owner: dict[tuple[str, str], PluginInfo] = {}
        self._renderer_owner: dict[str, PluginInfo] = {}
        self._names: dict[str, PluginSource] = {}
        self._runs: dict[str, _Run] = {}
        self._progress: Progress | None = None
        self._lock = threading.RLock()
        self._loaded = False
        self._finished = threading.Event()

    @property
    def loaded(self) -> bool:
        """True once `load()` has finished (the app polls it while loading in a thread)."""
        return self._finished.is_set()

    # -- loading -----------------------------------------------------------------------
    def load(self, progress: Progress | None = None) -> Host:
        """Import, validate and register every plugin not disabled. Returns self.

        `progress(source, phase)` is told when each plugin starts loading (`"loading"`) and
        when it is slow (`"slow"`, from a timer thread). Safe to call from several threads:
        the plugins load once and the other callers wait for them."""
        with self._lock:
            if self._loaded:
                return self
            self._loaded = True
            self._progress = progress
            try:
                self._load_all()
            finally:
                self._progress = None
                self._finished.set()
        return self

    def _load_all(self) -> None:
        if self._slow_warning:
            print(_("warning: {problem}").format(problem=self._slow_warning), file=sys.stderr)
        sources = self._sources if self._sources is not None else entry_point_sources()
        accepted: list[PluginInfo] = []
        # Built-ins first (a stable sort keeps the given order otherwise), so no other
        # plugin can take a built-in game's id or agent names.
        for source in sorted(sources, key=lambda s: not s.builtin):
            if source.name in self.disabled:
                continue
            info = self._import(source)
            if info is not None:
                accepted.append(info)
        # Games first (agents and renderers refer to them), each plugin on its own.
        for info in list(accepted):
            if not self._register(info, "tabletop_register_games",
                                  self._game_registrar(info)):
                accepted.remove(info)
        for info in list(accepted):
            ok = self._register(info, "tabletop_register_agents",
                                self._agent_registrar(info))
            ok = ok and self._register(info, "tabletop_register_renderers",
                                       self._renderer_registrar(info))
            if not ok:
                accepted.remove(info)
        for info in accepted:
            run = self._runs[info.name]
            info.output, info.seconds = run.output.text, round(run.seconds, 3)
            for game_id in info.games:
                for said in _older_forms(self.games[game_id]):
                    run.note(said)
            info.deprecations = list(run.deprecations)
            for game_id in info.games:
                # Its name, lines and tutorial in the player's language from now on.
                catalog = getattr(self.games[game_id].info, "catalog", None)
                if isinstance(catalog, i18n.Catalog):
                    i18n.register(catalog)
        self.plugins = accepted

    def _fail(self, info: PluginInfo | PluginSource, error: str, run: _Run | None) -> None:
        output = run.output.text if run is not None else ""
        self.errors.append(LoadError(info.name, info.distribution, info.version, error, output))
        if isinstance(info, PluginInfo) and self.pm.has_plugin(info.name):
            self.pm.unregister(name=info.name)

    def _guard(self, run: _Run, call: Callable[[], Any]) -> tuple[Any, str | None]:
        """Run plugin code at the boundary, adding to the plugin's time and output."""
        def slow() -> None:
            if not run.slow_noticed:
                run.slow_noticed = True
                print(_("loading {plugin} is taking a while…").format(plugin=run.source),
                      file=sys.stderr, flush=True)
                if self._progress is not None:
                    self._progress(run.source, "slow")

        began = time.perf_counter()
        try:
            with _listening(run.note):  # what the plugin's own code says
                return boundary.run(call, run.output, self.slow_seconds, slow)
        finally:
            run.seconds += time.perf_counter() - began

    def _import(self, source: PluginSource) -> PluginInfo | None:
        first = self._names.get(source.name)
        if first is not None:  # never even imported: its name is someone else's
            self._fail(source, _("the plugin name {name} is already used by {plugin}").format(
                name=repr(source.name), plugin=first), None)
            return None
        self._names[source.name] = source
        run = self._runs[source.name] = _Run(source)
        if self._progress is not None:
            self._progress(source, "loading")
        plugin, error = self._guard(run, source.load)
        if error is not None:
            self._fail(source, _("import failed: {error}").format(error=error), run)
            return None

        def register() -> str:
            self.pm.register(plugin, name=source.name)
            self.pm.check_pending()  # an impl of an unknown hook (a misspelling) fails here
            module = getattr(plugin, "__name__", None)  # the plugin's own attribute code
            return module if isinstance(module, str) else type(plugin).__name__

        module, error = self._guard(run, register)
        if error is not None:
            if self.pm.has_plugin(source.name):
                self.pm.unregister(name=source.name)
            self._fail(source, _("invalid plugin: {error}").format(error=error), run)
            return None
        hooks = sorted(c.name for c in self.pm.get_hookcallers(plugin) or [])
        return PluginInfo(source.name, source.distribution, source.version, module, hooks,
                          builtin=source.builtin)

    def _register(self, info: PluginInfo, hook: str, register: Callable[..., None]) -> bool:
        run = self._runs[info.name]
        caller = getattr(self.pm.hook, hook)
        for impl in caller.get_hookimpls():
            if impl.plugin_name != info.name:
                continue
            _result, error = self._guard(run, functools.partial(impl.function, register=register))
            # A refused game fails the plugin even if its hook swallowed the refusal.
            error = run.fatal or (_("{hook} failed: {error}").format(hook=hook, error=error)
                                  if error is not None else None)
            if error is not None:
                self._rollback(info)
                self._fail(info, error, run)
                return False
        return True

    def _rollback(self, info: PluginInfo) -> None:
        """Withdraw what `info` registered, and what others registered for its games."""
        for game_id in info.games:
            self.games.pop(game_id, None)
            self._game_owner.pop(game_id, None)
            for name in self.agents.pop(game_id, {}):
                owner = self._agent_owner.pop((game_id, name))
                owner.agents.remove(f"{game_id}:{name}")
            if game_id in self._renderer_owner:
                self.renderers.pop(game_id)
                self._renderer_owner.pop(game_id).renderers.remove(game_id)
        for key in list(info.agents):
            game_id, _colon, name = key.partition(":")
            self.agents.get(game_id, {}).pop(name, None)
            self._agent_owner.pop((game_id, name), None)
        for game_id in info.renderers:
            self.renderers.pop(game_id, None)
            self._renderer_owner.pop(game_id, None)
        info.games, info.agents, info.renderers = [], [], []

    def _game_registrar(self, info: PluginInfo) -> Callable[[Game[Any, Any]], None]:
        run = self._runs[info.name]

        def refuse(why: str) -> NoReturn:
            run.fatal = why  # fails the plugin even if its hook catches the refusal
            raise Refusal(why)

        def register(game: Game[Any, Any]) -> None:
            game_info = getattr(game, "info", None)
            game_id = getattr(game_info, "id", None)
            if not isinstance(game_id, str) or not game_id:
                refuse(_("a {type} object has no info.id").format(type=type(game).__name__))
            if not GAME_ID.fullmatch(game_id):
                # Ids name record files and command-line arguments: no paths, no spaces.
                refuse(_("game id {id} is not 1-40 of a-z, 0-9, '-', '_'").format(
                    id=f"{game_id!r:.60}"))
            owner = self._game_owner.get(game_id)
            if owner is not None:
                refuse(_("game id {id} is already taken by {plugin}").format(
                    id=repr(game_id), plugin=owner))
            self.games[game_id] = game
            self._game_owner[game_id] = info
            self.agents.setdefault(game_id, {})
            info.games.append(game_id)

        return register

    def _agent_registrar(self, info: PluginInfo) -> Callable[[str, AgentSpec | Level], None]:
        def register(game_id: str, spec: AgentSpec | Level) -> None:
            if isinstance(spec, Level):  # a level plays as an agent of its own name
                base = self._level_problem(game_id, spec)
                if isinstance(base, str):
                    info.refused.append(_("level {name} for {game}: {problem}").format(
                        name=f"{spec.name!r:.40}", game=f"{game_id!r:.40}", problem=base))
                    return
                spec = level_spec(spec, base)
            problem = self._agent_problem(game_id, spec)
            if problem is not None:
                name = getattr(spec, "name", None)
                info.refused.append(
                    _("agent {name} for {game}: {problem}").format(
                        name=repr(name), game=repr(game_id), problem=problem)
                    if isinstance(name, str) else
                    _("an agent for {game}: {problem}").format(game=repr(game_id),
                                                               problem=problem))
                return
            self.agents[game_id][spec.name] = spec
            self._agent_owner[(game_id, spec.name)] = info
            info.agents.append(f"{game_id}:{spec.name}")

        return register

    def _level_problem(self, game_id: Any, level: Level) -> AgentSpec | str:
        """The agent spec `level` plays, or why the host refuses the level."""
        if not isinstance(game_id, str) or game_id not in self.games:
            return _("no such game is loaded")
        if not isinstance(level.budget, Budget) or not isinstance(level.blurb, str):
            return _("its budget is not a Budget or its blurb is not text")
        known = {s.name: s for s in GENERIC_AGENTS} | self.agents[game_id]
        base = known.get(level.agent) if isinstance(level.agent, str) else None
        if base is None or base.level is not None:
            return _("it plays {agent}, which is not an agent of the game").format(
                agent=f"{level.agent!r:.40}")
        return base

    def _agent_problem(self, game_id: Any, spec: Any) -> str | None:
        """Why the host refuses this agent, or None."""
        if not isinstance(spec, AgentSpec):
            return _("a {type} is not an AgentSpec").format(type=type(spec).__name__)
        if not isinstance(game_id, str) or game_id not in self.games:
            return _("no such game is loaded")
        if not isinstance(spec.name, str) or not AGENT_NAME.fullmatch(spec.name):
            # Names are typed in `--agents a,b` and `--seat NAME`, and stored in records.
            return _("its name is not 1-40 of A-Z, a-z, 0-9, '-', '_', '.'")
        if spec.name in RESERVED_AGENT_NAMES or any(g.name == spec.name
                                                    for g in GENERIC_AGENTS):
            return _("the name is the host's own (reserved)")
        owner = self._agent_owner.get((game_id, spec.name))
        if owner is not None:
            return _("the name is already taken by {plugin}").format(plugin=owner)
        if not callable(spec.make):
            return _("its make is not callable")
        strength = spec.strength
        low, high = STRENGTHS
        if (isinstance(strength, bool) or not isinstance(strength, numbers.Real)
                or not math.isfinite(strength) or not low <= strength <= high):
            return _("its declared strength {strength} is not a number from {low} to "
                     "{high}").format(strength=f"{strength!r:.40}", low=low, high=high)
        return None

    def _renderer_registrar(self, info: PluginInfo) -> Callable[[str, str], None]:
        def register(game_id: str, target: str) -> None:
            problem = None
            if not isinstance(game_id, str) or game_id not in self.games:
                problem = _("no such game is loaded")
            elif game_id in self._renderer_owner:
                problem = _("the game already has {plugin}'s renderer").format(
                    plugin=self._renderer_owner[game_id])
            elif not isinstance(target, str) or ":" not in target:
                problem = _("{target} is not 'module:attribute'").format(
                    target=f"{target!r:.80}")
            if problem is not None:
                info.refused.append(_("renderer for {game}: {problem}").format(
                    game=f"{game_id!r:.40}", problem=problem))
                return
            self.renderers[game_id] = target
            self._renderer_owner[game_id] = info
            info.renderers.append(game_id)

        return register

    # -- queries -----------------------------------------------------------------------
    def game(self, game_id: str) -> Game[Any, Any]:
        """The registered game `game_id`; raises `TabletopError` naming the known ones."""
        self.load()
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or _("none")
            raise TabletopError(_("no game {game} is installed (games: {games})").format(
                game=repr(game_id), games=known)) from None

    def agent_specs(self, game_id: str) -> list[AgentSpec]:
        """The agents available for a game: the generic ones it supports, then its own."""
        game = self.game(game_id)
        generic = [s for s in GENERIC_AGENTS if s.name != "mcts" or game.sampler() is not None]
        return generic + list(self.agents.get(game_id, {}).values())

    def agent_spec(self, game_id: str, name: str) -> AgentSpec:
        """The agent called `name` for `game_id`; raises `TabletopError` if unknown."""
        specs = self.agent_specs(game_id)
        for spec in specs:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in specs)
        raise TabletopError(_("no agent {name} for {game} (agents: {agents})").format(
            name=repr(name), game=game_id, agents=known))

    def make_agent(self, game_id: str, name: str) -> Agent:
        """A fresh agent `name` for one seat of `game_id`.

        The agent's factory is plugin code: if it raises anything (even `SystemExit`) the
        error is a `TabletopError` naming the agent and its plugin."""
        spec = self.agent_spec(game_id, name)
        game = self.game(game_id)
        try:
            return spec.make(game)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            owner = self.agent_owner(game_id, name)
            if owner is None:
                raise TabletopError(_("agent {name} of the host could not be built: {error}")
                                    .format(name=repr(name), error=boundary.describe(exc))
                                    ) from None
            raise TabletopError(_("agent {name} of {plugin} could not be built: {error}").format(
                name=repr(name), plugin=owner, error=boundary.describe(exc))) from None

    def strongest_agent(self, game_id: str) -> AgentSpec:
        """The default opponent and hint of `game_id`: the agent with the highest declared
        strength (ties: the last registered) among those of the game's own plugin, or the
        host's generic agents if that plugin registered none. Another plugin's agent is
        never the default, whatever strength it declares."""
        owner = self.owner(game_id)
        own = [spec for spec in self.agent_specs(game_id)
               if owner is not None and self.agent_owner(game_id, spec.name) is owner]
        specs = own or [spec for spec in self.agent_specs(game_id)
                        if self.agent_owner(game_id, spec.name) is None]
        # A level is the same agent on a budget: the default plays the agent itself.
        specs = [spec for spec in specs if spec.level is None]
        return max(reversed(specs), key=lambda s: s.strength)

    def owner(self, game_id: str) -> PluginInfo | None:
        """The plugin that registered the game `game_id` (None if no such game)."""
        return self._game_owner.get(game_id)

    def agent_owner(self, game_id: str, name: str) -> PluginInfo | None:
        """The plugin that registered agent `name` for `game_id` (None: the host's own)."""
        return self._agent_owner.get((game_id, name))

    def warnings(self) -> list[str]:
        """One line for each thing a command should mention on stderr: plugins that failed,
        objects refused, and plugins that printed while loading."""
        lines = [str(error) for error in self.errors]
        for info in self.plugins:
            lines += [_("{plugin}: refused {refusal}").format(plugin=info, refusal=refusal)
                      for refusal in info.refused]
            if info.output.strip():
                lines.append(_("{plugin} printed while loading: {output}").format(
                    plugin=info, output=first_line(info.output)))
        return lines

    def deprecations(self) -> list[str]:
        """One line for each older form of the contract a loaded plugin uses: the plugin,
        then what to change (`PluginInfo.deprecations`)."""
        return [_("{plugin}: {deprecation}").format(plugin=info, deprecation=said)
                for info in self.plugins for said in info.deprecations]


def _listening(note: Callable[[str], None]) -> contextlib.AbstractContextManager[None]:
    """`older_forms.listening(note)` on the main thread (the commands, the kit). The
    warnings filters are the whole process's, and the app loads its plugins on another
    thread while its window runs: there the plugin's deprecations are said as Python
    says them, not listed (the app does not show them)."""
    if threading.current_thread() is threading.main_thread():
        return older_forms.listening(note)
    return contextlib.nullcontext()


def _older_forms(game: Game[Any, Any]) -> list[str]:
    """The older forms of the contract `game` still uses, found as its plugin loads, each
    saying what to change; each is also said, once per game class, as a
    `tabletop.model.PluginDeprecationWarning`.

    Found here, as the plugin loads and outside the capture of its output: found later,
    in play, the warning would be taken for the plugin's own printing and cut to a line.
    """
    if threading.current_thread() is not threading.main_thread():  # see `_listening`
        with contextlib.suppress(Exception):  # the game's code: play reports it
            _render_takes_seat(game)  # warns, once per class, for a render_text(state)
        with contextlib.suppress(Exception):
            warn_old_forms(game)  # the old capability methods (`tabletop.model.legacy`)
        return []
    said = older_forms.render_text_form(game)  # a render_text(state) without a seat
    found = [said] if said is not None else []
    with contextlib.suppress(Exception):  # the game's code: play reports it
        found += old_forms(game)  # the old capability methods (`tabletop.model.legacy`)
    return found


def first_line(text: str, limit: int = 120) -> str:
    """The first non-blank line of `text`, cut to `limit` characters, with `…` if more."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    line = lines[0][:limit]
    return line + ("…" if len(lines) > 1 or len(lines[0]) > limit else "")


def entry_point_sources() -> list[PluginSource]:
    """Every entry point of the `tabletop` group in a stable order: the built-ins (those of
    the `tabletop` distribution) first, then by name, distribution and version.

    Distributions are read one by one (the first of a name on the path wins, as in
    `importlib.metadata.entry_points`), so one with an unreadable `entry_points.txt` is a
    failed plugin instead of a traceback in every command."""
    sources = []
    seen: set[str] = set()
    for dist in importlib.metadata.distributions():
        # The name from the folder, as importlib.metadata itself dedupes (no METADATA parse).
        key = getattr(dist, "_normalized_name", None)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        try:
            text = dist.read_text("entry_points.txt") or ""
        except Exception:  # an unreadable file: then it declares nothing we can load
            continue
        if f"[{ENTRY_POINT_GROUP}]" not in text:
            continue  # most distributions: skipped without parsing their metadata
        try:
            name = str(dist.metadata["Name"] or "?")
            version = str(dist.version or "?")
        except Exception:  # no readable METADATA: not an installed distribution
            continue
        builtin = name == BUILTIN_DISTRIBUTION
        try:
            points = [ep for ep in dist.entry_points if ep.group == ENTRY_POINT_GROUP]
        except Exception as exc:
            why = Refusal(_("its entry points cannot be read ({error})").format(
                error=boundary.describe(exc)))
            sources.append(PluginSource(name, name, version, functools.partial(_raise, why),
                                        builtin))
            continue
        sources += [PluginSource(ep.name, name, version, ep.load, builtin) for ep in points]
    return sorted(sources, key=lambda s: (not s.builtin, s.name, s.distribution, s.version))


def module_sources(modules: Sequence[tuple[str, Any]],
                   builtin: bool = False) -> list[PluginSource]:
    """Plugin sources for objects already in hand (for tests and embedding)."""
    return [PluginSource(name, "(in process)", "-", functools.partial(_identity, module),
                         builtin)
            for name, module in modules]


def _identity(value: Any) -> Any:
    return value


def _raise(error: Exception) -> Any:
    raise error
