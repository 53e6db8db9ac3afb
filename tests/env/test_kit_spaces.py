"""The conformance kit's checks of a game's action space and observation tensors
(`tabletop.testing`): each catches the mistake it is for."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tabletop_reversi.game import Reversi
from tabletop_reversi.rules import Move
from tabletop_reversi.spaces import ReversiSpaces

from games.verso.game import VersoGame
from games.verso.spaces import VersoSpaces
from tabletop.model import IllegalMoveError, LearningSpaces
from tabletop.testing import ConformanceError, check_game


def handing_out(game: Any, spaces: type[LearningSpaces[Any, Any]]) -> Any:
    """`game` with its learning spaces replaced by `spaces` (made with the game)."""
    game.spaces = lambda: spaces(game)
    return game


class OffByOne(ReversiSpaces):
    """A placement's action is the next square's."""

    def action_of(self, state: Any, move: Move) -> int:
        return super().action_of(state, move) + (move.square is not None)


class LooseMask(ReversiSpaces):
    """Lists an action that is no legal move."""

    def legal_actions(self, state: Any) -> list[int]:
        actions = super().legal_actions(state)
        return sorted({*actions, state.size ** 2}) if actions else actions


class Accepting(ReversiSpaces):
    """Gives a move for any index, legal here or not."""

    def move_of(self, state: Any, action: int) -> Move:
        try:
            return super().move_of(state, action)
        except IllegalMoveError:
            return Move(0)


class WideTensor(ReversiSpaces):
    """Values above 1."""

    def observation_tensor(self, state: Any, seat: int) -> Any:
        return super().observation_tensor(state, seat) * 2


class Peeking(VersoSpaces):
    """Shows the face down of the deck's top card."""

    def observation_tensor(self, state: Any, seat: int) -> Any:
        tensor = super().observation_tensor(state, seat)
        if state.deck:
            tensor[0] = float(state.cards.face[state.deck[0] ^ 1] % 2)
        return tensor


@pytest.mark.parametrize(("game", "says"), [
    (handing_out(Reversi(), OffByOne), "not the move|move_of raised"),
    (handing_out(Reversi(), LooseMask), "legal_actions"),
    (handing_out(Reversi(), Accepting), "is no legal move's action"),
    (handing_out(Reversi(), WideTensor), "outside \\[0, 1\\]"),
    (handing_out(VersoGame(), Peeking), "depends on what it cannot see"),
])
def test_the_kit_finds_a_broken_declaration(game: Any, says: str) -> None:
    with pytest.raises(ConformanceError, match=says):
        check_game(game, seeds=range(2), players=[2])


def test_the_declarations_of_verso_pass_at_every_table_size() -> None:
    report = check_game(VersoGame(), seeds=range(1), players=[2, 3, 4, 5, 6])
    assert report.games_played == 5
    assert np.asarray(VersoSpaces(VersoGame()).observation_shape(6, {})).tolist() == [131 + 276 * 6]
