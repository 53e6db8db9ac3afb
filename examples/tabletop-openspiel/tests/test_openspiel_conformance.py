"""The conformance kit over every bridged game, and the list of games itself.

The kit plays each game's random games to the end (OpenSpiel bounds every game); the
slow ones play fewer seeds (`Entry.kit_seeds`), fewer player counts where more players
make a game much longer, and Chinese Checkers a shorter move limit, so that the whole
file stays within a few tens of seconds.
"""

from __future__ import annotations

import random
import re

import pyspiel
import pytest
from tabletop_openspiel import BRIDGED, HIDDEN_BRIDGED, LEFT_OUT, OpenSpielGame, game_id

from tabletop.ai import Budget
from tabletop.plugins import Host
from tabletop.record import start
from tabletop.testing import check_game, check_rules_headless

#: Player counts the kit plays where the game's full range would take too long.
KIT_PLAYERS = {"chinese_checkers": (2, 3), "yacht": (1, 2), "pig": (2, 4), "maedn": (2, 4)}
#: The ply bound of the slowest random games, through OpenSpiel's own length parameter
#: (random Chinese Checkers runs to its 1000-move limit, over 2000 plies).
KIT_OPTIONS = {"chinese_checkers": {"max_moves": 150}}


@pytest.mark.parametrize("entry", (*BRIDGED, *HIDDEN_BRIDGED), ids=lambda e: e.name)
def test_bridged_game_passes_the_kit(entry: object) -> None:
    game = OpenSpielGame(entry)  # type: ignore[arg-type]
    check_game(game, seeds=range(game.entry.kit_seeds),
               players=KIT_PLAYERS.get(game.entry.name),
               options=KIT_OPTIONS.get(game.entry.name))


def eligible() -> set[str]:
    """OpenSpiel's games of the kind the bridge takes (see `catalogue`)."""
    kinds = pyspiel.GameType
    return {kind.short_name for kind in pyspiel.registered_games()
            if kind.dynamics == kinds.Dynamics.SEQUENTIAL
            and kind.information == kinds.Information.PERFECT_INFORMATION
            and kind.chance_mode in (kinds.ChanceMode.DETERMINISTIC,
                                     kinds.ChanceMode.EXPLICIT_STOCHASTIC)
            and kind.default_loadable}


def test_every_eligible_game_is_bridged_or_left_out_with_a_reason() -> None:
    bridged = {entry.name for entry in BRIDGED}
    assert not bridged & set(LEFT_OUT)
    assert eligible() == bridged | set(LEFT_OUT)


def test_ids_follow_the_hosts_rules() -> None:
    # The host takes 1-40 of a-z, 0-9, '-' and '_': 'openspiel.hex' would be refused.
    for entry in (*BRIDGED, *HIDDEN_BRIDGED):
        assert re.fullmatch(r"[a-z0-9_-]{1,40}", game_id(entry.name)), entry.name


@pytest.fixture(scope="module")
def host() -> Host:
    """The installed plugins, as `tabletop` loads them."""
    return Host().load()


def test_the_installed_plugin_registers_every_bridged_game(host: Host) -> None:
    ids = {game_id(entry.name) for entry in (*BRIDGED, *HIDDEN_BRIDGED)}
    assert len(ids) == 41
    assert ids <= set(host.games)
    assert not [error for error in host.errors if "openspiel" in str(error)]


def test_rules_import_no_drawing_code() -> None:
    checked = check_rules_headless("tabletop_openspiel")
    assert "tabletop_openspiel.game" in checked


@pytest.mark.parametrize("entry", (*BRIDGED, *HIDDEN_BRIDGED), ids=lambda e: e.name)
def test_the_hosts_agents_play_a_legal_move(entry: object, host: Host) -> None:
    # Generic MCTS searches every bridged game through the protocol alone (information-set
    # MCTS through sample_state where chance or cards are hidden).
    game = OpenSpielGame(entry)  # type: ignore[arg-type]
    state, _ = start(game, game.info.min_players, {}, 0)
    seat = game.to_move(state)
    assert seat is not None
    for spec in host.agent_specs(game.info.id):
        agent = spec.make(game)
        move = agent.choose(game.observation(state, seat), seat, game.legal_moves(state),
                            Budget(iterations=8), random.Random(0))
        assert move in game.legal_moves(state), spec.name
