"""A move's account in one line, the "why" of a hint (verso.md §3-§7): a bank's points,
discards and the neighbours' flips; what a kept or flipped card does; the end; and
never a face down (§3): two states a seat cannot tell apart give it the same line."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.verso import observation
from games.verso.cards import BLUE, GREEN, ORANGE
from games.verso.game import VersoGame
from games.verso.rules import why_illegal
from games.verso.state import FINAL, FLIP, KEEP, PASS, Bank, Move, VersoState
from tabletop.lines import render
from tabletop.model import IllegalMoveError
from tests.verso.scenario import table

GAME = VersoGame()
NAMES = ("Ada", "Bob", "Cy")

# Ada holds orange 3-4-5 and a standing square; Bob's orange 5 is his highest orange
# card, its reverse a green 4, and he has exactly 3 orange cards and a square; Cy has no
# orange card. The deck shows an orange 3.
ADA = [("orange", 3, 1), ("orange", 4, 3), ("orange", 5, 1), ("blue", 1, 1),
       ("blue", 2, 1), ("blue", 3, 1), ("green", 1, 1), ("green", 2, 1), ("green", 3, 1)]
BOB = [("orange", 5, 3, "green", 4), ("orange", 2, 1), ("orange", 1, 1), ("green", 1, 1),
       ("green", 2, 3), ("green", 3, 1), ("blue", 1, 1), ("blue", 2, 3), ("blue", 6, 1)]
CY = [("green", 6, 3)]
STATE = table([ADA, BOB, CY], deck=[("orange", 3, 1)])


def said(state: VersoState, move: Move, seat: int = 0) -> str:
    return render(GAME.explain(state, move, seat), NAMES)


def test_a_bank_says_its_points_discards_and_each_neighbours_flip() -> None:
    # verso.md §4.2: the next player flips first, then the previous; the two highest go.
    assert said(STATE, Bank(ORANGE, (3, 4, 5))) == (
        "Banks orange 3-4-5 for 5 points, discarding the 4 and the 5 (the 3 stays); Bob "
        "must flip the orange 5 (3 pts), breaking Bob's square; Cy has no orange card to "
        "flip; your square breaks.")


def test_read_by_another_seat_the_banker_is_named() -> None:  # verso.md §4.2
    assert said(STATE, Bank(ORANGE, (3, 4, 5)), 1).endswith("; Ada's square breaks.")


def test_a_face_down_known_to_all_is_said_and_an_unknown_one_is_not() -> None:
    # verso.md §3: a face once shown is known to everyone; one never shown to no one.
    bob_five = STATE.layouts[1][2 * 7 + 5]
    shown = dataclasses.replace(STATE, revealed=1 << (bob_five >> 1))
    assert "Bob must flip the orange 5 (3 pts) into the green 4 (1 pt), breaking" in said(
        shown, Bank(ORANGE, (3, 4, 5)))
    assert "green 4" not in said(STATE, Bank(ORANGE, (3, 4, 5)))


def test_a_joker_bank_discards_as_the_joker_stands() -> None:  # verso.md §4.2 example
    state = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3)], []])
    assert said(state, Bank(BLUE, (3, 5), 4)) == (
        "Banks blue 3-4-5 (the joker as 4) for 5 points, discarding the joker and the 5 "
        "(the 3 stays); Bob has no blue card to flip.")


def test_a_final_bank_makes_nobody_flip() -> None:  # verso.md §6
    final = dataclasses.replace(STATE, phase=FINAL, final_left=3)
    assert said(final, Bank(ORANGE, (4, 5))) == (
        "Banks orange 4-5 for 4 points, discarding the 4 and the 5; a final bank: nobody "
        "flips; your square breaks.")
    assert said(final, PASS) == "Passes the final bank: your score stays at 0 points."


def test_keeping_a_face_already_held_discards_it() -> None:  # verso.md §4.1
    assert said(STATE, KEEP) == ("Keeps the orange 3 (1 pt) drawn from the deck: you hold "
                                 "that face already, so it is discarded.")


def test_keeping_says_the_square_it_completes_and_the_sequence_it_joins() -> None:
    # verso.md §5, §4.2
    state = table([[("orange", 3, 1), ("orange", 5, 3), ("blue", 1, 1), ("blue", 2, 1),
                    ("blue", 3, 1), ("green", 1, 1), ("green", 2, 1), ("green", 3, 1)], []],
                  deck=[("orange", 4, 3)])
    assert said(state, KEEP) == (
        "Keeps the orange 4 (3 pts) drawn from the deck; it completes your square: +7 "
        "points; you could then bank orange 3-4-5 for 7 points.")


def test_flipping_says_what_the_unseen_face_may_be_and_not_what_it_is() -> None:
    # verso.md §1, §3: the face down of a 1-point face is worth 3; the card list allows
    # four faces behind an orange 3, two of which Ada holds (blue 2, green 2).
    assert said(STATE, FLIP) == (
        "Flips the orange 3 (1 pt) drawn from the deck to keep its other face, unseen: "
        "worth 3 points, one of blue 2, blue 4, green 2 or green 4; the blue 2 or green 2 "
        "would repeat a face you hold and be discarded.")


def test_the_last_card_says_the_game_ends() -> None:  # verso.md §6, §7
    last = table([[("orange", 3, 1)], []], deck=[("orange", 4, 1)], filler=0)
    assert said(last, KEEP).endswith("; it is the last card: the game ends and each player "
                                     "may bank one final sequence.")
    solo = table([[("orange", 3, 1), ("orange", 4, 1)]], deck=[("blue", 1, 1)], filler=0)
    assert said(solo, Bank(ORANGE, (3, 4))) == (
        "Banks orange 3-4 for 2 points, discarding the 3 and the 4; the solo opponent then "
        "turns over the last card: the game ends and you may bank once more.")


def test_the_line_is_the_same_for_states_the_seat_cannot_tell_apart() -> None:
    # verso.md §3: the faces down (the deck's, the layouts') and the deck order are
    # hidden from every seat; states that differ only there give each seat one line.
    state = GAME.new_state(3, {}, 11)
    rng = random.Random(2)
    for _ in range(24):  # a game under way, with banks and flips to explain
        state = GAME.apply(state, rng.choice(list(GAME.legal_moves(state))))
    seen = GAME.observation(state, 0)
    other = observation.sample_state(seen, random.Random(9))
    assert GAME.observation(other, 0) == seen
    assert other.deck != state.deck  # the hidden parts differ
    for move in GAME.legal_moves(state):
        for seat in range(3):
            assert said(other, move, seat) == said(state, move, seat)


def test_the_deck_tops_face_down_is_never_told() -> None:  # verso.md §3
    # The same green 5 on top, with each face down the card list allows: one view, one
    # line, and it names the four candidates, not the face that is there.
    states = [table([ADA, BOB, CY], deck=[("green", 5, 1, *behind)])
              for behind in (("blue", 4), ("blue", 6), ("orange", 4), ("orange", 6))]
    assert len({GAME.observation(state, 0) for state in states}) == 1
    assert {said(state, FLIP) for state in states} == {
        "Flips the green 5 (1 pt) drawn from the deck to keep its other face, unseen: "
        "worth 3 points, one of blue 4, blue 6, orange 4 or orange 6; the orange 4 would "
        "repeat a face you hold and be discarded."}


def test_refusals_say_why_in_the_rules_words() -> None:  # verso.md §4.2, §6
    assert why_illegal(STATE, Bank(GREEN, (3, 4))) == "you hold no green 4"
    with pytest.raises(IllegalMoveError, match=r"^passing is only for the final bank$"):
        GAME.apply(STATE, PASS)
    with pytest.raises(IllegalMoveError, match="never wraps 6 to 1"):
        GAME.apply(STATE, Bank(ORANGE, (1, 5, 6)))
    with pytest.raises(IllegalMoveError, match="is not a Verso move"):
        GAME.apply(STATE, "keep")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="you hold no green 4"):
        GAME.explain(STATE, Bank(GREEN, (3, 4)), 0)
