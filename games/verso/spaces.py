"""Verso for learning agents: a fixed action space and an observation tensor per seat.

Actions (198, at every table): 0 keep, 1 flip, 2 pass, then every bank a layout could
ever make, colour by colour (blue, green, orange), 65 each in the rules' order
(`rules.BANKS[colour][127]`: every run of 2 to 6 values, without a joker and then with
the joker standing for each value of the run). One index is one move everywhere.

Observation: a flat float32 vector, every value in [0, 1], computed from the seat's
view (`observation.observe`) and nothing else, so it holds no face down that the seat
has not seen. Seats are listed from the observing seat on, in turn order ("relative
seat" r is the seat r places after it). With P players its length is 131 + 276·P
(683 at 2, 959 at 3, 1,235 at 4), in this order:

 - turn: P, one-hot relative seat to move (all 0 once the game is over);
 - phase: 3, one-hot play / final banks / over; final banks left / P: 1;
 - deck: cards left / cards dealt: 1; its top face: 42, one-hot face id (none if empty);
 - scores / 200 (capped at 1): P; squares held: P;
 - layouts: P × 21 slots (colour × 7 + value, 0 the joker) × 13: the slot is filled,
   its face up is the 3-point face, its reverse is known, the reverse's colour (3,
   one-hot) and value (7, one-hot, 0 the joker);
 - discard pile: 42, the cards showing each face id / the cards of the deck that have
   that face; 42, the same for the known reverses of discarded cards.

A face id is `side × 21 + colour × 7 + value` (side 1 the 3-point face), as in `cards`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from games.verso import observation, rules
from games.verso.cards import colour_of, value_of
from games.verso.observation import UNSEEN, VersoView
from games.verso.state import FLIP, KEEP, PASS, SLOTS, Move, VersoState
from tabletop.model import IllegalMoveError, LearningSpaces

#: Every move of the game, in action order.
MOVES: tuple[Move, ...] = (KEEP, FLIP, PASS, *rules.BANKS[0][127], *rules.BANKS[1][127],
                           *rules.BANKS[2][127])
ACTION: dict[Move, int] = {move: action for action, move in enumerate(MOVES)}
FACES = 42
SLOT_FEATURES = 13
SCORE_SCALE = 200.0


def size(players: int) -> int:
    """The length of the observation vector at a table of `players`."""
    return players + 3 + 1 + 1 + FACES + 2 * players + players * SLOTS * SLOT_FEATURES \
        + 2 * FACES


def view_tensor(view: VersoView, seat: int) -> npt.NDArray[np.float32]:
    """The observation vector of a seat's view (what an agent holding only the view, such
    as a Tabletop agent, can compute for itself)."""
    players = view.players
    out = np.zeros(size(players), np.float32)
    order = [(seat + r) % players for r in range(players)]
    at = 0
    if view.turn >= 0:
        out[at + (view.turn - seat) % players] = 1.0
    at += players
    out[at + view.phase] = 1.0
    out[at + 3] = view.final_left / players
    at += 4
    out[at] = min(view.deck_size / rules.deck_size(players), 1.0)
    at += 1
    if view.deck_top != UNSEEN:
        out[at + view.deck_top] = 1.0
    at += FACES
    for r, other in enumerate(order):
        out[at + r] = min(view.scores[other] / SCORE_SCALE, 1.0)
        out[at + players + r] = float(view.squares[other])
    at += 2 * players
    for other in order:
        for up, down in view.layouts[other]:
            slot = at + (up % 21) * SLOT_FEATURES
            out[slot] = 1.0
            out[slot + 1] = float(up >= 21)
            if down != UNSEEN:
                out[slot + 2] = 1.0
                out[slot + 3 + colour_of(down)] = 1.0
                out[slot + 6 + value_of(down)] = 1.0
        at += SLOTS * SLOT_FEATURES
    by_face = view.cards.by_face
    for up, down in view.discard:
        out[at + up] += 1.0 / len(by_face[up])
        if down != UNSEEN:
            out[at + FACES + down] += 1.0 / len(by_face[down])
    np.minimum(out, 1.0, out=out)  # a custom deck may repeat a card: keep within [0, 1]
    return out


class VersoSpaces(LearningSpaces[VersoState, Move]):
    """Verso's action space and observation vectors (the module's), as `VersoGame.spaces`
    gives them."""

    def action_count(self, players: int, options: Mapping[str, Any]) -> int:
        """keep, flip, pass and every bank of every colour: 198 actions at every table."""
        return len(MOVES)

    def observation_shape(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """A vector of 131 + 276 × players values (`size`)."""
        return (size(players),)

    def action_of(self, state: VersoState, move: Move) -> int:
        """The action of a move (`IllegalMoveError` for what is no Verso move)."""
        try:
            return ACTION[move]
        except (KeyError, TypeError):
            raise IllegalMoveError(f"{move!r} is not a Verso move") from None

    def move_of(self, state: VersoState, action: int) -> Move:
        """The legal move `action` names in `state` (`IllegalMoveError` otherwise)."""
        if (isinstance(action, bool) or not isinstance(action, int | np.integer)
                or not 0 <= action < len(MOVES)):
            raise IllegalMoveError(f"{action!r} is not a Verso action (0..{len(MOVES) - 1})")
        move = MOVES[action]
        if not rules.is_legal(state, move):
            raise IllegalMoveError(f"action {action} is not a legal move here")
        return move

    def legal_actions(self, state: VersoState) -> list[int]:
        """The legal moves' actions, ascending (empty once the game is over)."""
        return sorted([ACTION[move] for move in rules.legal_moves(state)])

    def observation_tensor(self, state: VersoState, seat: int) -> npt.NDArray[np.float32]:
        """The vector of the module's docstring for `seat`, made from its view alone."""
        return view_tensor(observation.observe(state), seat)
