"""Rule tests, one section of verso.md at a time, with the rulebooks' examples as scenarios."""

from __future__ import annotations

import pytest

from games.verso.cards import BLUE, GREEN, ORANGE
from games.verso.game import VersoGame
from games.verso.rules import (
    apply_move,
    bank_discards,
    bank_moves,
    bank_points,
    deck_size,
    flip_key,
    is_duplicate,
    legal_moves,
    neighbours,
    opponent_flip_colour,
)
from games.verso.state import FINAL, FLIP, KEEP, OVER, PASS, PLAY, Bank
from tabletop.lines import Line, seat
from tabletop.model import IllegalMoveError, OptionError
from tests.verso.scenario import faces, table

GAME = VersoGame()


# -- §2 set-up ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(1, 35), (2, 30), (3, 45), (4, 60), (6, 90)])
def test_deck_size_per_player_count(players: int, size: int) -> None:  # verso.md §2, §7
    state = GAME.new_state(players, {}, seed=3)
    assert deck_size(players) == size == len(state.deck)
    assert len({code >> 1 for code in state.deck}) == size
    assert state.scores == (0,) * players
    assert all(not layout for layout in (state.layout_codes(s) for s in range(players)))


def test_setup_faces_up_are_random_and_seeded() -> None:  # verso.md §2
    state = GAME.new_state(6, {}, seed=11)
    sides = {code & 1 for code in state.deck}
    assert sides == {0, 1}
    assert GAME.new_state(6, {}, seed=11) == state
    assert GAME.new_state(6, {}, seed=12) != state


def test_first_player_random_from_seed_or_named() -> None:  # verso.md §2 [ruling]
    firsts = {GAME.new_state(4, {}, seed).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new_state(4, {"first_player": 2}, seed=5).turn == 2
    with pytest.raises(OptionError, match="not a seat"):
        GAME.new_state(2, {"first_player": 4}, seed=5)


def test_setup_rebuilds_the_same_game() -> None:  # verso.md §2 (explicit set-up)
    state = GAME.new_state(3, {}, seed=8)
    setup = GAME.setup(state)
    assert setup["deck"][0] == [state.deck[0] >> 1, state.deck[0] & 1]
    assert GAME.new_state(3, {}, seed=999, setup=setup) == state


# -- §4.1 draw ---------------------------------------------------------------------------
def test_keep_adds_the_face_up_without_revealing() -> None:  # verso.md §4.1
    state = table([[], []], deck=[("orange", 5, 1, "blue", 6)])
    after = apply_move(state, KEEP)
    assert faces(after, 0) == ["orange 5 (1 pt)"]
    assert after.revealed == 0


def test_flip_adds_the_reverse_and_reveals_it() -> None:  # verso.md §4.1
    state = table([[], []], deck=[("orange", 5, 1, "blue", 6)])
    after = apply_move(state, FLIP)
    assert faces(after, 0) == ["blue 6 (3 pts)"]
    assert after.revealed == 1 << (state.deck[0] >> 1)


def test_gail_keeps_orange_5_to_avoid_a_duplicate_6() -> None:  # verso.md §4.1 (rulebook)
    # Gail holds blue 6 and green 6; the orange 5 on top may hide a blue or green 6.
    state = table([[("blue", 6, 1), ("green", 6, 1)], []],
                  deck=[("orange", 5, 1, "blue", 6)])
    kept = apply_move(state, KEEP)
    assert "orange 5 (1 pt)" in faces(kept, 0)
    flipped = apply_move(state, FLIP)
    assert faces(flipped, 0) == faces(state, 0)  # the flipped blue 6 is a duplicate
    assert flipped.discard == (state.deck[0] ^ 1,)


def test_second_joker_of_a_colour_is_discarded() -> None:  # verso.md §4.1
    state = table([[("blue", "J", 1)], []], deck=[("blue", "J", 1)])
    after = apply_move(state, KEEP)
    assert faces(after, 0) == ["blue joker (1 pt)"]
    assert len(after.discard) == 1


# -- §4.2 bank ---------------------------------------------------------------------------
def test_ben_banks_blue_3_joker_5_for_5() -> None:  # verso.md §4.2 (rulebook example)
    state = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3)], []])
    after = apply_move(state, Bank(BLUE, (3, 5), 4))
    assert after.scores[0] == 5
    assert faces(after, 0) == ["blue 3 (1 pt)"]
    assert {after.cards.text(c) for c in after.discard} == {"blue joker (1 pt)",
                                                           "blue 5 (3 pts)"}


def test_joker_value_decides_the_two_discarded() -> None:  # verso.md §4.2 [ruling]
    state = table([[("green", 3, 1), ("green", 4, 1), ("green", "J", 1)], []])
    low = apply_move(state, Bank(GREEN, (3, 4), 2))
    assert faces(low, 0) == ["green joker (1 pt)"]
    high = apply_move(state, Bank(GREEN, (3, 4), 5))
    assert faces(high, 0) == ["green 3 (1 pt)"]


def test_every_sequence_and_joker_value_is_a_move() -> None:  # verso.md §4.2 [ruling]
    state = table([[("orange", 1, 1), ("orange", 2, 1), ("orange", "J", 1)], []])
    assert set(bank_moves(state, 0)) == {
        Bank(ORANGE, (1, 2)), Bank(ORANGE, (2,), 1), Bank(ORANGE, (1,), 2),
        Bank(ORANGE, (1, 2), 3), Bank(ORANGE, (2,), 3)}
    assert legal_moves(state)[:2] == (KEEP, FLIP)


def test_sequences_never_wrap() -> None:  # verso.md §4.2
    state = table([[("blue", 5, 1), ("blue", 6, 1), ("blue", 1, 1)], []])
    assert set(bank_moves(state, 0)) == {Bank(BLUE, (5, 6))}
    with pytest.raises(IllegalMoveError):
        apply_move(state, Bank(BLUE, (1, 5, 6)))


def test_no_sequence_no_bank() -> None:  # verso.md §4.2
    state = table([[("blue", 1, 1), ("green", 3, 1)], []])
    assert legal_moves(state) == (KEEP, FLIP)
    with pytest.raises(IllegalMoveError):
        apply_move(state, Bank(BLUE, (1, 2)))


def test_peter_flips_blue_1_into_a_duplicate_green_6() -> None:  # verso.md §4.2 (rulebook)
    # Ben (seat 0) banks blue; Peter (seat 1) holds blue 1 (green 6 behind), a blue joker
    # and a green 6: the 1 flips, becomes a green 6 he already has, and is discarded.
    state = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3)],
                   [("blue", 1, 1, "green", 6), ("blue", "J", 1), ("green", 6, 1)]])
    after = apply_move(state, Bank(BLUE, (3, 5), 4))
    assert faces(after, 1) == ["blue joker (1 pt)", "green 6 (1 pt)"]
    assert after.cards.text(after.discard[0]) == "green 6 (3 pts)"


def test_joker_flips_only_when_alone() -> None:  # verso.md §4.2
    state = table([[("blue", 1, 1), ("blue", 2, 1)], [("blue", "J", 1)]])
    after = apply_move(state, Bank(BLUE, (1, 2)))
    assert faces(after, 1)[0].startswith(("green", "orange"))
    assert after.scores == (2, 0)


def test_flip_key_takes_the_highest_and_the_joker_only_if_alone() -> None:  # verso.md §4.2
    state = table([[("blue", "J", 1), ("blue", 2, 1), ("blue", 5, 3), ("green", "J", 1)]])
    mask = state.masks[0]
    assert flip_key(mask, BLUE) == BLUE * 7 + 5
    assert flip_key(mask, GREEN) == GREEN * 7  # the joker, alone in its colour
    assert flip_key(mask, ORANGE) is None


def test_neighbours_next_first_then_previous() -> None:  # verso.md §4.2 [ruling]
    assert neighbours(4, 0) == (1, 3)
    assert neighbours(3, 2) == (0, 1)
    assert neighbours(2, 1) == (0,)  # the one opponent flips once
    assert neighbours(1, 0) == ()  # solo: nobody (§7)


def test_a_face_already_held_is_a_duplicate() -> None:  # verso.md §4.1
    state = table([[("green", 6, 1), ("orange", "J", 1)]])
    held = state.masks[0]
    assert is_duplicate(held, 21 + GREEN * 7 + 6)  # green 6 worth 3: same colour and number
    assert is_duplicate(held, ORANGE * 7)  # a second orange joker
    assert not is_duplicate(held, GREEN * 7 + 5)


def test_bank_discards_the_two_highest_joker_at_its_value() -> None:  # verso.md §4.2
    assert bank_discards(Bank(BLUE, (3, 5), 4)) == (BLUE * 7 + 0, BLUE * 7 + 5)
    assert bank_discards(Bank(GREEN, (3, 4), 2)) == (GREEN * 7 + 3, GREEN * 7 + 4)
    assert bank_discards(Bank(GREEN, (3, 4), 5)) == (GREEN * 7 + 4, GREEN * 7 + 0)
    assert bank_discards(Bank(ORANGE, (1, 2, 3, 4))) == (ORANGE * 7 + 3, ORANGE * 7 + 4)


def test_bank_points_add_the_faces_shown() -> None:  # verso.md §4.2 (rulebook example)
    # blue 3 (1 pt), the joker (1 pt), blue 5 (3 pts): 5 points.
    assert bank_points([BLUE * 7 + 3, BLUE * 7 + 0, 21 + BLUE * 7 + 5]) == 5


def test_solo_opponent_flip_colour() -> None:  # verso.md §7
    assert opponent_flip_colour(BLUE * 7 + 1, 21 + GREEN * 7 + 6) == GREEN  # 1 → 6 higher
    assert opponent_flip_colour(BLUE * 7 + 6, 21 + GREEN * 7 + 1) is None  # 6 → 1 lower
    assert opponent_flip_colour(BLUE * 7 + 0, 21 + GREEN * 7 + 6) is None  # a joker


def test_next_player_flips_before_previous() -> None:  # verso.md §4.2 [ruling]
    state = table([[("green", 1, 1)], [("blue", 1, 1), ("blue", 2, 1)], [("green", 4, 1)]],
                  turn=1)
    log: list[str | Line] = []
    apply_move(state, Bank(BLUE, (1, 2)), log)
    flips = [str(line) for line in log if {0, 2} & set(line.seats)]  # a seat is an argument
    assert flips[0].startswith("Player 3") and flips[1].startswith("Player 1")


def test_two_players_the_opponent_flips_once() -> None:  # verso.md §4.2 [ruling]
    state = table([[("blue", 1, 1), ("blue", 2, 1)],
                   [("blue", 3, 1, "green", 4), ("blue", 5, 1, "green", 6)]])
    after = apply_move(state, Bank(BLUE, (1, 2)))
    assert faces(after, 1) == ["blue 3 (1 pt)", "green 6 (3 pts)"]


# -- §5 the square ------------------------------------------------------------------------
SQUARE_MINUS_GREEN = [("blue", 1, 1), ("blue", 3, 1), ("blue", 5, 1), ("orange", 1, 1),
                      ("orange", 3, 1), ("orange", 5, 1), ("green", 1, 1), ("green", 3, 1)]


def test_helen_draws_a_third_green_for_a_square() -> None:  # verso.md §5 (rulebook)
    state = table([SQUARE_MINUS_GREEN, []], deck=[("green", 5, 1)])
    after = apply_move(state, KEEP)
    assert after.scores == (7, 0) and after.squares == (True, False)


def test_square_with_more_than_nine_cards() -> None:  # verso.md §5 (rulebook)
    big = [*SQUARE_MINUS_GREEN, ("blue", 6, 3), ("orange", 6, 3)]
    after = apply_move(table([big, []], deck=[("green", 5, 1)]), KEEP)
    assert len(after.layout_codes(0)) == 11 and after.scores[0] == 7


def test_square_scores_again_only_after_breaking() -> None:  # verso.md §5
    layout = [*SQUARE_MINUS_GREEN, ("green", 5, 1), ("blue", 2, 1)]
    state = table([layout, []], deck=[("green", 6, 1), ("orange", 2, 1), ("orange", 4, 1),
                                      ("blue", 4, 1)])
    assert state.squares[0]  # already standing (scored earlier)
    more = apply_move(apply_move(state, KEEP), KEEP)
    assert more.scores[0] == 0  # a fourth green does not score again
    broken = apply_move(more, Bank(BLUE, (1, 2, 3)))
    assert broken.squares[0] is False and broken.scores[0] == 3  # blue fell to 2 cards
    reformed = apply_move(apply_move(broken, KEEP), KEEP)
    assert faces(reformed, 0).count("blue 4 (1 pt)") == 1
    assert reformed.scores[0] == 3 + 7 and reformed.squares[0]


def test_sofia_square_after_a_neighbour_flip() -> None:  # verso.md §5 (rulebook)
    # John (seat 0) banks green 2-3 for 4; Sofia (seat 1) flips her green 6, which
    # becomes an orange 1: her third orange completes a square.
    sofia = [("blue", 1, 1), ("blue", 2, 1), ("blue", 3, 1), ("orange", 3, 1),
             ("orange", 4, 1), ("green", 2, 1), ("green", 3, 1), ("green", 4, 1),
             ("green", 6, 3, "orange", 1)]
    state = table([[("green", 2, 1), ("green", 3, 3)], sofia, [("green", 1, 1)]])
    log: list[str | Line] = []
    after = apply_move(state, Bank(GREEN, (2, 3)), log)
    assert after.scores == (4, 7, 0)
    assert "orange 1 (1 pt)" in faces(after, 1) and after.squares[1]
    assert "Player 2 completes a square: +7 points." in [str(line) for line in log]


def test_bank_can_break_the_bankers_square() -> None:  # verso.md §4.2 / §5
    layout = [("blue", 1, 1), ("blue", 2, 1), ("blue", 3, 1), ("orange", 1, 1),
              ("orange", 3, 1), ("orange", 5, 1), ("green", 1, 1), ("green", 3, 1),
              ("green", 5, 1)]
    state = table([layout, []])
    assert state.squares[0]
    log: list[str | Line] = []
    after = apply_move(state, Bank(BLUE, (1, 2)), log)
    assert after.squares[0] is False and after.scores[0] == 2
    assert log[-1] == Line.of("{player}'s square is broken.", player=seat(0))
    assert str(log[-1]) == "Player 1's square is broken."


# -- §6 end of a game ----------------------------------------------------------------------
def test_last_draw_starts_one_final_bank_each_without_flips() -> None:  # verso.md §6
    layouts = [[("blue", 1, 1)], [("blue", 2, 1), ("blue", 3, 1)], [("blue", 5, 1)]]
    state = table(layouts, deck=[("blue", 4, 1)], filler=0, turn=0)
    ending = apply_move(state, KEEP)
    assert ending.phase == FINAL and ending.turn == 1 and ending.final_left == 3
    assert legal_moves(ending)[0] == PASS and KEEP not in legal_moves(ending)
    banked = apply_move(ending, Bank(BLUE, (2, 3)))
    assert faces(banked, 0) == ["blue 1 (1 pt)", "blue 4 (1 pt)"]  # nobody flipped
    assert faces(banked, 2) == ["blue 5 (1 pt)"]
    assert banked.turn == 2
    last = apply_move(apply_move(banked, PASS), PASS)
    assert last.phase == OVER and GAME.to_move(last) is None
    outcome = GAME.outcome(last)
    assert outcome is not None and outcome.winners == (1,)


def test_tied_leaders_share_the_victory() -> None:  # verso.md §6
    state = table([[], []], deck=[("blue", 4, 1)], filler=0, scores=[9, 9])
    over = apply_move(apply_move(apply_move(state, KEEP), PASS), PASS)
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.winners == (0, 1)
    assert outcome.reward(0) == outcome.reward(1)


# -- §7 solo -------------------------------------------------------------------------------
def test_solo_opponent_one_to_six_flips() -> None:  # verso.md §7
    state = table([[("green", 2, 1, "blue", 3), ("green", 4, 1, "orange", 5)]],
                  deck=[("orange", 1, 1), ("blue", 1, 1, "green", 6)], filler=5)
    after = apply_move(state, KEEP)
    assert "green 2 (1 pt)" in faces(after, 0) and "orange 5 (3 pts)" in faces(after, 0)
    assert after.cards.text(after.discard[-1]) == "green 6 (3 pts)"


def test_solo_opponent_six_to_one_does_not_flip() -> None:  # verso.md §7
    state = table([[("blue", 2, 1), ("blue", 4, 1)]],
                  deck=[("orange", 1, 1), ("green", 6, 3, "blue", 1)], filler=5)
    after = apply_move(state, KEEP)
    assert faces(after, 0) == ["blue 2 (1 pt)", "blue 4 (1 pt)", "orange 1 (1 pt)"]


@pytest.mark.parametrize("opponent", [("green", "J", 1), ("orange", 6, 3, "blue", "J")])
def test_solo_opponent_joker_does_nothing(opponent: tuple[object, ...]) -> None:  # §7
    state = table([[("blue", 2, 1), ("blue", 4, 1), ("orange", 2, 1)]],
                  deck=[("green", 1, 1), opponent], filler=5)
    log: list[str | Line] = []
    after = apply_move(state, KEEP, log)
    assert len(after.layout_codes(0)) == 4 and "a joker, so nothing happens" in str(log[-1])


def test_solo_game_ends_after_opponent_card_with_final_bank() -> None:  # verso.md §7
    # The opponent's green 6 turns over to a lower blue 1: no flip; the deck is empty
    # after it, so the player banks again at once — two banks in a row.
    layout = [("blue", 1, 1), ("blue", 2, 1), ("blue", 3, 1), ("blue", 4, 1)]
    state = table([layout], deck=[("green", 6, 3, "blue", 1)], filler=0)
    first = apply_move(state, Bank(BLUE, (1, 2, 3, 4)))
    assert not first.deck and first.phase == FINAL and first.turn == 0
    assert first.scores == (4,) and legal_moves(first)[0] == PASS
    second = apply_move(first, Bank(BLUE, (1, 2)))
    assert second.phase == OVER and second.scores == (6,)
    outcome = GAME.outcome(second)
    assert outcome is not None and outcome.scores == (6.0,)


def test_solo_draw_of_the_last_card_ends_without_opponent() -> None:  # verso.md §7
    state = table([[]], deck=[("orange", 1, 1)], filler=0)
    after = apply_move(state, KEEP)
    assert after.phase == FINAL and after.discard == ()
    over = apply_move(after, PASS)
    assert over.phase == OVER and over.turn == -1


def test_play_phase_has_no_pass() -> None:  # verso.md §4
    state = table([[], []])
    assert state.phase == PLAY
    with pytest.raises(IllegalMoveError):
        apply_move(state, PASS)
