"""The `greedy` agent: a one-step look-ahead over the evaluation of `heuristic`.

Every legal move is valued as points scored now plus the value of the layout it leaves.
keep and flip are valued by expectation: flip averages over every reverse the public
card list allows for the face on top (§3), minus the cards already known exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.verso.ai.heuristic import Evaluator, after_bank, bank_points
from games.verso.cards import CardList
from games.verso.observation import UNSEEN, VersoView
from games.verso.rules import SQUARE_POINTS, square_full
from games.verso.state import FINAL, Bank, Draw, Move
from tabletop.ai.base import Budget


def threes_of_faces(faces: Sequence[int]) -> int:
    """The 3-point bits (by key) of the faces up in a layout."""
    threes = 0
    for face in faces:
        if face >= 21:
            threes |= 1 << (face - 21)
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


class Position:
    """One seat's layout as the agents value it: mask, 3-point bits, square flag."""

    __slots__ = ("mask", "standing", "threes")

    def __init__(self, mask: int, threes: int, standing: bool) -> None:
        self.mask = mask
        self.threes = threes
        self.standing = standing


def value_of_face(ev: Evaluator, pos: Position, face: int) -> float:
    """Points now plus layout value after adding `face` (discarded if a duplicate)."""
    key = face % 21
    mask = pos.mask
    if mask >> key & 1:
        return ev.layout(mask, pos.threes, pos.standing)
    mask |= 1 << key
    threes = pos.threes | (1 << key) if face >= 21 else pos.threes
    gain = 0.0
    standing = pos.standing
    if not standing and square_full(mask):
        gain, standing = float(SQUARE_POINTS), True
    return gain + ev.layout(mask, threes, standing)


def value_of_bank(ev: Evaluator, pos: Position, move: Bank) -> float:
    """Points of the bank plus the value of the layout it leaves."""
    shift = 7 * move.colour
    bits = pos.mask >> shift & 127
    threes = pos.threes >> (shift + 1) & 63
    points = bank_points(move, threes)
    left_bits, left_threes = after_bank(move, bits, threes)
    mask = (pos.mask & ~(127 << shift)) | (left_bits << shift)
    all_threes = (pos.threes & ~(63 << (shift + 1))) | (left_threes << (shift + 1))
    standing = pos.standing and square_full(mask)
    return points + ev.w.bank_bias + ev.layout(mask, all_threes, standing)


def move_values(ev: Evaluator, pos: Position, top: int, under: Sequence[int],
                moves: Sequence[Move]) -> list[float]:
    """The one-step value of each move (keep/flip by expectation over `under`)."""
    values = []
    for move in moves:
        if isinstance(move, Draw):
            if move.flip:
                values.append(sum(value_of_face(ev, pos, f) for f in under) / len(under)
                              if under else -1e9)
            else:
                values.append(value_of_face(ev, pos, top))
        elif isinstance(move, Bank):
            values.append(value_of_bank(ev, pos, move))
        else:
            values.append(ev.layout(pos.mask, pos.threes, pos.standing))
    return values


def final_choice(moves: Sequence[Move], threes: int) -> Move:
    """The last bank of a game: the one that scores most (pass if none)."""
    best, best_points = moves[0], 0
    for move in moves:
        if isinstance(move, Bank):
            points = bank_points(move, threes >> (7 * move.colour + 1) & 63)
            if points > best_points:
                best, best_points = move, points
    return best


class GreedyAgent:
    """Fast rule-based Verso player: the best move by one-step expected value."""

    def __init__(self, evaluator: Evaluator | None = None) -> None:
        self.ev = evaluator or Evaluator()

    def choose(self, observation: Any, seat: int, legal_moves: Sequence[Any],
               budget: Budget, rng: random.Random) -> Any:
        """The legal move of highest one-step value for `seat`."""
        view: VersoView = observation
        faces = [item[0] for item in view.layouts[seat]]
        threes = threes_of_faces(faces)
        if view.phase == FINAL:
            return final_choice(legal_moves, threes)
        pos = Position(view.masks[seat], threes, view.squares[seat])
        under = reverses(view.cards, view.deck_top, known_cards(view))
        values = move_values(self.ev, pos, view.deck_top, under, legal_moves)
        return legal_moves[max(range(len(values)), key=values.__getitem__)]
