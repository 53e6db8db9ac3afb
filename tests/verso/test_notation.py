"""Move notation: round trips, garbage and illegal moves (verso.md §8)."""

from __future__ import annotations

import pytest

from games.verso.cards import BLUE, ORANGE
from games.verso.game import VersoGame
from games.verso.state import FLIP, KEEP, PASS, Bank
from tabletop.model import IllegalMoveError, NotationError
from tests.verso.scenario import table

GAME = VersoGame()
STATE = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3), ("orange", 1, 1),
                ("orange", 2, 1)], []])


@pytest.mark.parametrize(("text", "move"), [
    ("keep", KEEP), ("flip", FLIP), ("  Draw   FLIP ", FLIP), ("draw", KEEP),
    ("bank blue 3 J=4 5", Bank(BLUE, (3, 5), 4)), ("bank sky 1 2", Bank(ORANGE, (1, 2))),
    ("BANK b J=4 5 3", Bank(BLUE, (3, 5), 4)),
])
def test_parse(text: str, move: object) -> None:  # verso.md §8
    assert GAME.parse_move(STATE, text) == move


def test_every_legal_move_round_trips() -> None:  # verso.md §8
    for move in GAME.legal_moves(STATE):
        assert GAME.parse_move(STATE, GAME.move_to_text(STATE, move)) == move
    assert GAME.move_to_text(STATE, Bank(BLUE, (3, 5), 4)) == "bank blue 3 J=4 5"


@pytest.mark.parametrize("text", ["", "bank", "bank purple 1 2", "bank blue 7 8", "hello",
                                  "bank blue 3 3", "bank blue J=1 J=2", "keep it"])
def test_garbage_is_a_notation_error(text: str) -> None:  # verso.md §8
    with pytest.raises(NotationError):
        GAME.parse_move(STATE, text)


@pytest.mark.parametrize(("text", "why"), [
    ("bank blue 3 5", "not consecutive"), ("bank green 1 2", "no green 1, 2"),
    ("pass", "final bank"), ("bank orange 1", "at least 2"),
])
def test_well_formed_but_illegal(text: str, why: str) -> None:  # verso.md §4, §8
    with pytest.raises(IllegalMoveError, match=why):
        GAME.parse_move(STATE, text)


def test_final_round_refuses_a_draw() -> None:  # verso.md §6
    state = table([[], []], deck=[("blue", 4, 1)], filler=0)
    ending = GAME.apply(state, KEEP)
    assert GAME.parse_move(ending, "pass") == PASS
    with pytest.raises(IllegalMoveError, match="deck is empty"):
        GAME.parse_move(ending, "flip")
