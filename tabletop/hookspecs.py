"""The whole plugin contract: the hooks a Tabletop plugin may implement.

Hooks *register objects*; they do not play. The host calls each hook once per plugin
when it loads plugins, passing a `register` callable; per-move work is then a method call
on the registered objects (see `tabletop.model.Game` and `tabletop.ai.Agent`).

A plugin is a module (or object) with functions marked `@tabletop.hookimpl`, exposed
through the `tabletop` entry-point group:

    [project.entry-points.tabletop]
    nim = "tabletop_nim.plugin"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

from tabletop.ai.base import AgentSpec
from tabletop.model import Game

PROJECT = "tabletop"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

RegisterGame = Callable[[Game[Any, Any]], None]
RegisterAgent = Callable[[str, AgentSpec], None]
RegisterRenderer = Callable[[str, str], None]


@hookspec
def tabletop_register_games(register: RegisterGame) -> None:
    """Register the plugin's games.

    Called once, when the host loads plugins. Call `register(game)` for each game object
    (an instance of `tabletop.model.Game`); its `info.id` is 1-40 of a-z, 0-9, `-`, `_`
    (ids name record files). A malformed id, or one that another plugin already registered
    (the built-in games register first), fails this plugin: a load error naming the plugin
    that has the id, and everything this plugin registered is withdrawn.
    Returns nothing.
    """


@hookspec
def tabletop_register_agents(register: RegisterAgent) -> None:
    """Register AI agents for games (the plugin's own or another plugin's).

    Called once, after every plugin's games are registered. Call
    `register(game_id, AgentSpec(...))` for each agent; the name (1-40 of A-Z, a-z, 0-9,
    `-`, `_`, `.`) must be unique for that game and must not be one of the host's
    (`random`, `mcts`, `human`), and the declared
    strength is a number from 0 to 100 (`random` is 0, `mcts` 10). An agent that breaks
    one of these is refused on its own (listed by `tabletop plugins`); the plugin's other
    registrations stand. Only the game's own plugin's agents can be its default opponent.
    Returns nothing.
    """


@hookspec
def tabletop_register_renderers(register: RegisterRenderer) -> None:
    """Register how the desktop app draws a game.

    Called once, when the host loads plugins. Call `register(game_id, "module:attribute")`
    naming the renderer class by import path, so that headless runs (simulations, tests,
    the terminal) never import the drawing code or arcade. The front end imports it only
    when the game is opened on screen. A game that already has a renderer keeps it (this
    one is refused on its own). Returns nothing.
    """
