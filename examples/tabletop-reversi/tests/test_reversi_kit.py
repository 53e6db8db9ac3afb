"""Reversi passes the host's conformance kit and its rules run headless."""

from __future__ import annotations

import random

from tabletop_reversi.game import Reversi

from tabletop.ai import Budget, MCTSAgent
from tabletop.testing import check_game, check_rules_headless


def test_conformance_kit_on_every_board_size() -> None:
    game = Reversi()
    for size in (6, 8, 10):
        report = check_game(game, seeds=range(3), options={"size": size})
        assert report.games_played == 3 and report.plies > 3 * 20


def test_rules_import_no_drawing_code() -> None:
    checked = check_rules_headless("tabletop_reversi")
    assert "tabletop_reversi.rules" in checked and "tabletop_reversi.view" not in checked


def test_generic_mcts_takes_a_free_corner() -> None:
    game = Reversi()
    state = game.new_state(2, {"size": 6}, seed=0)
    # Black to move where a1 is on offer (the evaluation rates corners highest).
    discs = ("......"
             ".o...."
             "..ox.."
             "..xx.."
             "......"
             "......").replace("o", "w").replace("x", "b")
    state = type(state)(6, discs, 0)
    moves = game.legal_moves(state)
    assert "a1" in [game.move_to_text(state, m) for m in moves]
    agent = MCTSAgent(game)
    move = agent.choose(state, 0, moves, Budget(iterations=400), random.Random(1))
    assert game.move_to_text(state, move) == "a1"
