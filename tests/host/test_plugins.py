"""Discovery and isolation: one broken plugin never stops the host."""

import types
from typing import Any

import pytest
import tabletop_nim

from tabletop import hookimpl
from tabletop.ai import AgentSpec, RandomAgent
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
    assert host.strongest_agent("duel").name == "mcts"
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
    assert "game id 'nim' is already taken" in errors["copycat"].error
    assert "tabletop_register_gmaes" in errors["typo"].error
    assert "boom" in errors["raiser"].error
    assert [p.name for p in host.plugins] == ["nim"]


def test_bad_agent_or_renderer_registration_rolls_the_plugin_back() -> None:
    def agents(register: Any) -> None:
        register("nowhere", AgentSpec("x", "", lambda game: RandomAgent()))

    def renderers(register: Any) -> None:
        register("nim", "no-colon-here")

    host = Host(module_sources([
        ("a", _plugin("a", tabletop_register_games=_games(Duel()),
                      tabletop_register_agents=agents)),
        ("b", _plugin("b", tabletop_register_games=_games(tabletop_nim.Nim()),
                      tabletop_register_renderers=renderers)),
    ]), disabled=[]).load()
    assert host.games == {}
    assert "unknown game 'nowhere'" in host.errors[0].error
    assert "not 'module:attribute'" in host.errors[1].error


def test_generic_agent_names_are_reserved() -> None:
    def agents(register: Any) -> None:
        register("nim", AgentSpec("random", "", lambda game: RandomAgent()))

    host = Host(module_sources([("nim", _plugin(
        "nim2", tabletop_register_games=_games(tabletop_nim.Nim()),
        tabletop_register_agents=agents))]), disabled=[]).load()
    assert "already taken" in host.errors[0].error


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
