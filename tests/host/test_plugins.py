"""Discovery and isolation: one broken plugin never stops the host."""

import contextlib
import sys
import time
import types
from typing import Any

import pytest
import tabletop_nim

from tabletop import hookimpl
from tabletop.ai import AgentSpec, RandomAgent
from tabletop.model import TabletopError
from tabletop.plugins import Host, PluginSource, module_sources
from tests.host.toys import Duel


def _plugin(name: str, **hooks: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    for hook, function in hooks.items():
        setattr(module, hook, hookimpl(function))
    return module


def _games(*games: Any) -> Any:
    def tabletop_register_games(register: Any) -> None:
        for game in games:
            register(game)
    return tabletop_register_games


def _broken_import() -> Any:
    raise ImportError("No module named 'numpyy'")


def test_every_hook_registers_its_objects() -> None:  # tabletop_register_games etc.
    def tabletop_register_agents(register: Any) -> None:
        register("duel", AgentSpec("always-first", "first legal move",
                                   lambda game: RandomAgent(), strength=5))

    def tabletop_register_renderers(register: Any) -> None:
        register("duel", "duel_view:DuelRenderer")

    host = Host(module_sources([
        ("nim", tabletop_nim),
        ("duel", _plugin("duel", tabletop_register_games=_games(Duel()),
                         tabletop_register_agents=tabletop_register_agents,
                         tabletop_register_renderers=tabletop_register_renderers)),
    ]), disabled=[]).load()
    assert host.errors == []
    assert sorted(host.games) == ["duel", "nim"]
    assert [s.name for s in host.agent_specs("duel")] == ["random", "mcts", "always-first"]
    assert host.renderers == {"duel": "duel_view:DuelRenderer"}
    # The game's own plugin's agents come first, even if weaker than the host's mcts.
    assert host.strongest_agent("duel").name == "always-first"
    assert host.strongest_agent("nim").name == "mcts"  # its plugin registered none
    duel = next(p for p in host.plugins if p.name == "duel")
    assert duel.hooks == ["tabletop_register_agents", "tabletop_register_games",
                          "tabletop_register_renderers"]


def test_broken_plugins_are_reported_and_the_others_load() -> None:
    def misspelled(register: Any) -> None:
        register(Duel())

    def raising(register: Any) -> None:
        register(Duel())
        raise RuntimeError("boom")

    sources = [
        PluginSource("badimport", "bad-dist", "0.3", _broken_import),
        *module_sources([
            ("nim", tabletop_nim),
            ("copycat", _plugin("copycat", tabletop_register_games=_games(tabletop_nim.Nim()))),
            ("typo", _plugin("typo", tabletop_register_gmaes=misspelled)),
            ("raiser", _plugin("raiser", tabletop_register_games=raising)),
        ]),
    ]
    host = Host(sources, disabled=[]).load()
    assert sorted(host.games) == ["nim"]  # raiser's Duel was rolled back
    errors = {e.name: e for e in host.errors}
    assert set(errors) == {"badimport", "copycat", "typo", "raiser"}
    assert errors["badimport"].distribution == "bad-dist" and errors["badimport"].version == "0.3"
    assert "No module named 'numpyy'" in errors["badimport"].error
    assert errors["copycat"].error == "game id 'nim' is already taken by plugin 'nim' " \
                                      "((in process) -)"
    assert "tabletop_register_gmaes" in errors["typo"].error
    assert "boom" in errors["raiser"].error
    assert [p.name for p in host.plugins] == ["nim"]


def test_a_refused_agent_or_renderer_leaves_the_plugin_loaded() -> None:
    def agents(register: Any) -> None:
        register("nowhere", AgentSpec("x", "", lambda game: RandomAgent()))
        register("nim", AgentSpec("random", "", lambda game: RandomAgent()))
        register("nim", AgentSpec("human", "", lambda game: RandomAgent()))
        register("nim", "not a spec")
        register("nim", AgentSpec("two words", "", lambda game: RandomAgent()))
        register("nim", AgentSpec("a,b", "", lambda game: RandomAgent()))
        register("nim", AgentSpec("fine", "", lambda game: RandomAgent(), strength=7))

    def renderers(register: Any) -> None:
        register("nim", "no-colon-here")
        register("duel", "duel_view:Duel")

    host = Host(module_sources([
        ("a", _plugin("a", tabletop_register_games=_games(Duel()),
                      tabletop_register_agents=agents)),
        ("b", _plugin("b", tabletop_register_games=_games(tabletop_nim.Nim()),
                      tabletop_register_renderers=renderers)),
    ]), disabled=[]).load()
    assert sorted(host.games) == ["duel", "nim"] and host.errors == []
    a, b = host.plugins
    assert a.agents == ["nim:fine"]
    assert a.refused == [
        "agent 'x' for 'nowhere': no such game is loaded",
        "agent 'random' for 'nim': the name is the host's own (reserved)",
        "agent 'human' for 'nim': the name is the host's own (reserved)",
        "an agent for 'nim': a str is not an AgentSpec",
        "agent 'two words' for 'nim': its name is not 1-40 of A-Z, a-z, 0-9, '-', '_', '.'",
        "agent 'a,b' for 'nim': its name is not 1-40 of A-Z, a-z, 0-9, '-', '_', '.'",
    ]
    assert b.refused == ["renderer for 'nim': 'no-colon-here' is not 'module:attribute'"]
    assert host.renderers == {"duel": "duel_view:Duel"}
    assert host.warnings() == [f"plugin 'a' ((in process) -): refused {r}" for r in a.refused
                               ] + [f"plugin 'b' ((in process) -): refused {r}" for r in b.refused]


@pytest.mark.parametrize("strength", [1000, -1, float("nan"), float("inf"), True, "30", None])
def test_declared_strengths_are_finite_numbers_in_range(strength: Any) -> None:
    def agents(register: Any) -> None:
        register("nim", AgentSpec("boast", "", lambda game: RandomAgent(), strength=strength))

    host = Host(module_sources([("nim", _plugin(
        "nim2", tabletop_register_games=_games(tabletop_nim.Nim()),
        tabletop_register_agents=agents))]), disabled=[]).load()
    assert [s.name for s in host.agent_specs("nim")] == ["random", "mcts"]
    assert host.plugins[0].refused == [f"agent 'boast' for 'nim': its declared strength "
                                       f"{strength!r} is not a number from 0 to 100"]


@pytest.mark.parametrize("game_id", ["../../etc/x", "Two Words", "a" * 41, "-dash"])
def test_a_game_id_that_cannot_name_a_file_fails_the_plugin(game_id: str) -> None:
    import dataclasses

    class Odd(tabletop_nim.Nim):
        info = dataclasses.replace(tabletop_nim.Nim.info, id=game_id)

    host = Host(module_sources([("odd", _plugin("odd", tabletop_register_games=_games(Odd())))]),
                disabled=[]).load()
    assert host.games == {}
    assert host.errors[0].error == (f"game id {game_id!r:.60} is not 1-40 of a-z, 0-9, "
                                    f"'-', '_'")


def test_built_ins_load_first_and_keep_their_names() -> None:
    def agents(register: Any) -> None:
        register("nim", AgentSpec("sharp", "", lambda game: RandomAgent(), strength=90))

    copy = _plugin("copy", tabletop_register_games=_games(tabletop_nim.Nim()))
    extra = _plugin("extra", tabletop_register_agents=agents)
    own = _plugin("own", tabletop_register_games=_games(tabletop_nim.Nim()),
                  tabletop_register_agents=lambda register: register(
                      "nim", AgentSpec("sharp", "", lambda game: RandomAgent(), strength=20)))
    host = Host([*module_sources([("aaa", copy), ("extra", extra)]),
                 *module_sources([("zzz", own)], builtin=True)], disabled=[]).load()
    assert [p.name for p in host.plugins] == ["zzz", "extra"]
    assert host.errors[0].name == "aaa"
    assert host.errors[0].error == "game id 'nim' is already taken by plugin 'zzz' ((in process) -)"
    assert host.plugins[1].refused == ["agent 'sharp' for 'nim': the name is already "
                                       "taken by plugin 'zzz' ((in process) -)"]
    assert host.strongest_agent("nim").name == "sharp"
    assert host.agent_owner("nim", "sharp") is host.owner("nim")


def test_a_plugin_that_swallows_its_game_refusal_still_fails() -> None:
    def stubborn(register: Any) -> None:
        with contextlib.suppress(Exception):
            register(tabletop_nim.Nim())
        register(Duel())

    host = Host(module_sources([
        ("nim", tabletop_nim), ("stubborn", _plugin("stubborn", tabletop_register_games=stubborn)),
    ]), disabled=[]).load()
    assert sorted(host.games) == ["nim"]
    assert host.errors[0].error.startswith("game id 'nim' is already taken by plugin 'nim'")


def test_a_plugin_failing_later_withdraws_other_plugins_agents_for_its_games() -> None:
    def late_failure(register: Any) -> None:
        raise SystemExit("bye")

    helper = _plugin("helper", tabletop_register_agents=lambda register: register(
        "duel", AgentSpec("helper", "", lambda game: RandomAgent(), strength=1)))
    host = Host(module_sources([
        ("helper", helper),
        ("duel", _plugin("duel", tabletop_register_games=_games(Duel()),
                         tabletop_register_renderers=late_failure)),
    ]), disabled=[]).load()
    assert host.games == {} and host.agents == {}
    assert host.plugins[0].agents == []
    assert host.errors[0].error.startswith("tabletop_register_renderers failed: SystemExit: bye")


@pytest.mark.parametrize("exit_with", [SystemExit(2), GeneratorExit(), BaseException("odd")])
def test_any_base_exception_but_keyboard_interrupt_is_a_plugin_failure(
        exit_with: BaseException) -> None:
    def at_import() -> Any:
        raise exit_with

    def in_hook(register: Any) -> None:
        raise exit_with

    def in_agent(register: Any) -> None:
        register("nim", AgentSpec("bad", "", lambda game: (_ for _ in ()).throw(exit_with), 3))

    host = Host([
        PluginSource("imp", "imp-dist", "1", at_import),
        *module_sources([("nim", tabletop_nim),
                         ("hook", _plugin("hook", tabletop_register_games=in_hook)),
                         ("agent", _plugin("agent", tabletop_register_agents=in_agent))]),
    ], disabled=[]).load()
    errors = {e.name: e.error for e in host.errors}
    name = type(exit_with).__name__
    assert errors["imp"].startswith(f"import failed: {name}")
    assert errors["hook"].startswith(f"tabletop_register_games failed: {name}")
    with pytest.raises(TabletopError, match=f"agent 'bad' of plugin 'agent' .* could not be "
                                            f"built: {name}"):
        host.make_agent("nim", "bad")


def test_keyboard_interrupt_still_stops_loading() -> None:
    def interrupted() -> Any:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Host([PluginSource("ctrl-c", "d", "1", interrupted)], disabled=[]).load()


def test_output_is_captured_per_plugin_and_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    def loud() -> Any:
        print("x" * 10_000)
        return _plugin("loud", tabletop_register_games=lambda register: print(
            "in hook", file=sys.stderr))

    def loud_failure() -> Any:
        print("about to fail")
        raise ImportError("gone")

    host = Host([PluginSource("loud", "d", "1", loud),
                 PluginSource("fails", "d", "1", loud_failure)], disabled=[]).load()
    assert capsys.readouterr() == ("", "")
    output = host.plugins[0].output
    assert output.startswith("x" * 4000 + "… (") and output.endswith("more characters)")
    assert host.errors[0].output == "about to fail\n"
    assert not hasattr(sys.stdout, "sinks")  # the real streams are back


def test_a_slow_plugin_is_reported_while_it_loads(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[tuple[str, str, bool]] = []
    imported = False

    def slow() -> Any:
        nonlocal imported
        time.sleep(0.6)
        imported = True
        return tabletop_nim

    host = Host([PluginSource("slowpoke", "slow-dist", "2.0", slow)], disabled=[],
                slow_seconds=0.2)
    host.load(lambda source, phase: seen.append((source.name, phase, imported)))
    # Told while the plugin was still sleeping, not after.
    assert seen == [("slowpoke", "loading", False), ("slowpoke", "slow", False)]
    assert capsys.readouterr().err == ("loading plugin 'slowpoke' (slow-dist 2.0) is taking "
                                       "a while…\n")
    assert host.loaded and host.plugins[0].seconds >= 0.6


def test_the_slow_threshold_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TABLETOP_PLUGIN_SLOW_SECONDS", "1.5")
    assert Host(sources=[]).slow_seconds == 1.5
    monkeypatch.setenv("TABLETOP_PLUGIN_SLOW_SECONDS", "nan")
    host = Host(sources=[]).load()
    assert host.slow_seconds == 3.0
    assert capsys.readouterr().err == ("warning: TABLETOP_PLUGIN_SLOW_SECONDS='nan' is not a "
                                       "number of seconds from 0 to 3600; using 3\n")


def test_disabled_plugins_are_not_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DISABLE_PLUGINS", "nim, other")
    host = Host(module_sources([("nim", tabletop_nim)])).load()
    assert host.games == {} and host.errors == [] and host.disabled == ["nim", "other"]


def test_unknown_game_and_agent_name_the_known_ones() -> None:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[]).load()
    with pytest.raises(Exception, match=r"no game 'chess' is installed \(games: nim\)"):
        host.game("chess")
    with pytest.raises(Exception, match=r"no agent 'strong' for nim \(agents: random, mcts\)"):
        host.make_agent("nim", "strong")


def test_mcts_needs_a_sampler_for_hidden_information() -> None:
    from tests.host.toys import BlindDuel

    host = Host(module_sources([("blind", _plugin(
        "blind", tabletop_register_games=_games(BlindDuel())))]), disabled=[]).load()
    assert [s.name for s in host.agent_specs("duel")] == ["random"]


_OLD_PATH_PLUGIN = """
import importlib, json, types
from tabletop.plugins import Host, PluginSource

def load():
    importlib.import_module("tabletop.worker")  # an old path of a moved module
    return types.SimpleNamespace(__name__="old_paths")

host = Host([PluginSource("old_paths", "old-paths", "1.0", load)], disabled=[]).load()
print(json.dumps(host.plugins[0].deprecations))
"""


def test_a_deprecation_said_as_a_plugin_loads_is_listed_with_the_plugin() -> None:
    import json
    import subprocess

    from tabletop.testing.headless import _environment_with_path

    # A fresh process: the old path warns at its first import only.
    done = subprocess.run([sys.executable, "-c", _OLD_PATH_PLUGIN], capture_output=True,
                          text=True, timeout=120, check=True, env=_environment_with_path())
    assert json.loads(done.stdout) == ["tabletop.worker moved to tabletop.play.worker: import "
                                       "it from there (the old path goes in the next release)"]
    assert "DeprecationWarning" not in done.stderr  # heard by the host, hidden by Python
