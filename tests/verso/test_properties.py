"""Property tests over random games (verso.md §2, §4, §5, §8)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.verso.game import VersoGame
from games.verso.rules import square_full
from games.verso.state import VersoState
from tabletop.record import Record, record_of, replay, start

GAME = VersoGame()


def cards_in_play(state: VersoState) -> list[int]:
    ids = [code >> 1 for code in state.deck]
    ids += [code >> 1 for seat in range(state.players) for code in state.layout_codes(seat)]
    return ids + [code >> 1 for code in state.discard]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_random_games_keep_the_invariants(players: int, seed: int) -> None:
    state, options = start(GAME, players, {}, seed)
    rng = random.Random(seed)
    game_cards = sorted(cards_in_play(state))
    states, moves = [state], []
    while GAME.to_move(state) is not None:
        move = rng.choice(list(GAME.legal_moves(state)))
        after = GAME.apply(state, move)
        # verso.md §2/§4: cards are conserved (deck + layouts + discard = the game's cards)
        assert sorted(cards_in_play(after)) == game_cards
        for seat in range(players):
            keys = [after.cards.key[c] for c in after.layout_codes(seat)]
            assert len(keys) == len(set(keys))  # §4.1: no duplicate in a layout
            assert after.scores[seat] >= state.scores[seat]  # scores only grow
            # §5: the standing flag equals "every colour has at least 3 cards"
            assert after.squares[seat] == square_full(after.masks[seat])
        states.append(after)
        moves.append(move)
        state = after
    # §8: a replayed record gives the same log and scores
    record = record_of(GAME, players, options, seed, states, moves)
    again = replay(GAME, Record.from_json(record.to_json()))
    pairs = zip(states[:-1], moves, states[1:], strict=True)
    log = [tuple(GAME.describe(b, m, a)) for b, m, a in pairs]
    assert list(again.log) == log
    assert again.final.scores == state.scores
