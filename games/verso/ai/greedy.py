"""The `greedy` agent: a one-step look-ahead over the evaluation of `heuristic`.

Every legal move is valued as points scored now plus the value of the layout it leaves
(see `playout.greedy_choice`). keep and flip are valued by expectation: flip averages
over every reverse the public card list allows for the face on top (§3), minus the cards
whose both faces everyone has seen elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.verso.ai.heuristic import Evaluator
from games.verso.ai.playout import choice_move, final_bank, greedy_choice, turns_left
from games.verso.cards import CardList, key_of, points_of
from games.verso.observation import UNSEEN, VersoView
from games.verso.state import FINAL, Move
from tabletop.ai.base import Budget


def threes_of_faces(faces: Sequence[int]) -> int:
    """The 3-point bits (by key) of the faces up in a layout."""
    threes = 0
    for face in faces:
        if points_of(face) == 3:
            threes |= 1 << key_of(face)
    return threes


def known_cards(view: VersoView) -> set[int]:
    """Card ids whose identity everyone knows: both faces seen and only one card fits."""
    known = set()
    cards = view.cards
    for item in [s for layout in view.layouts for s in layout] + list(view.discard):
        if item[1] != UNSEEN:
            fits = [c for c in cards.by_face[item[0]] if cards.face[c ^ 1] == item[1]]
            if len(fits) == 1:
                known.add(fits[0] >> 1)
    return known


def reverses(cards: CardList, top: int, known: set[int] | frozenset[int] = frozenset()
             ) -> list[int]:
    """The faces that may lie under the face `top` of the deck, one per candidate card."""
    return [cards.face[c ^ 1] for c in cards.by_face[top] if c >> 1 not in known]


def view_turns(view: VersoView) -> tuple[float, float]:
    """About how many turns the seat to move has left after a draw and after a bank.

    Solo, a draw uses the drawn card and the opponent's, a bank only the opponent's
    (§7); with more players a draw uses one card and a bank none.
    """
    left, players = view.deck_size, view.players
    if players == 1:
        return turns_left(left - 2, 1), turns_left(left - 1, 1)
    return turns_left(left - 1, players), turns_left(left, players)


def view_choice(ev: Evaluator, view: VersoView, seat: int) -> int:
    """The greedy choice (see `playout`) for `seat` from its observation."""
    mask = view.masks[seat]
    threes = threes_of_faces([item[0] for item in view.layouts[seat]])
    if view.phase == FINAL:
        return final_bank(mask, threes)
    under = reverses(view.cards, view.deck_top, known_cards(view))
    return greedy_choice(ev, mask, threes, view.squares[seat], view.deck_top, under,
                         *view_turns(view))


class GreedyAgent:
    """Fast rule-based Verso player: the best move by one-step expected value."""

    def __init__(self, evaluator: Evaluator | None = None) -> None:
        self.ev = evaluator or Evaluator()

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The legal move of highest one-step value for `seat`."""
        view: VersoView = observation
        move: Move = choice_move(view_choice(self.ev, view, seat), view.masks[seat])
        return move
