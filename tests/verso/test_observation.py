"""What a seat sees (verso.md §3), sampling, reveals and the log lines (§8)."""

from __future__ import annotations

import random

from games.verso.cards import BLUE
from games.verso.game import VersoGame
from games.verso.observation import UNSEEN, observe
from games.verso.state import FLIP, KEEP, PASS, Bank
from tabletop.model import seat_text
from tests.verso.scenario import table

GAME = VersoGame()


def test_kept_card_hides_its_reverse_flipped_card_shows_it() -> None:  # verso.md §3
    state = table([[], []], deck=[("orange", 5, 1, "blue", 6), ("green", 2, 1, "blue", 3)])
    kept = GAME.apply(state, KEEP)
    assert GAME.observation(kept, 1).layouts[0] == ((2 * 7 + 5, UNSEEN),)
    flipped = GAME.apply(kept, FLIP)
    assert GAME.observation(flipped, 0).layouts[1] == ((21 + 3, 7 + 2),)


def test_unseen_reverse_and_deck_order_do_not_show() -> None:  # verso.md §3
    # blue 1 over green 2 or over green 6: nobody has seen which.
    one = table([[("blue", 1, 1, "green", 2)], []], deck=[("orange", 3, 1)], filler=6)
    two = table([[("blue", 1, 1, "green", 6)], []], deck=[("orange", 3, 1)], filler=6)
    assert one != two and observe(one) == observe(two)
    shuffled = type(one)(one.cards, (one.deck[0], *reversed(one.deck[1:])), *[
        getattr(one, f) for f in ("layouts", "masks", "discard", "scores", "squares",
                                  "revealed", "turn", "phase", "final_left")])
    assert observe(shuffled) == observe(one)
    assert observe(one).deck_size == 7


def test_discard_shows_only_the_face_that_was_up() -> None:  # verso.md §3
    state = table([[("blue", 6, 1)], []], deck=[("blue", 6, 3, "orange", 5)])
    after = GAME.apply(state, KEEP)
    assert GAME.observation(after, 1).discard == ((21 + 6, UNSEEN),)


def test_sample_state_is_consistent() -> None:  # verso.md §3
    rng = random.Random(4)
    state = GAME.new_state(6, {}, seed=4)
    for _ in range(60):
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
    seen = GAME.observation(state, 2)
    for _ in range(5):
        other = GAME.sampler().sample_state(seen, 2, rng)
        assert GAME.observation(other, 2) == seen
        assert GAME.legal_moves(other) == GAME.legal_moves(state)


def test_reveals() -> None:  # verso.md §3
    state = table([[("blue", 1, 1), ("blue", 2, 1)], [("green", 1, 1)]],
                  deck=[("orange", 3, 1)], filler=0)
    assert GAME.reveals(state, FLIP, GAME.apply(state, FLIP))
    banked = GAME.apply(state, Bank(BLUE, (1, 2)))
    assert not GAME.reveals(state, Bank(BLUE, (1, 2)), banked)  # nobody had blue to flip
    ending = GAME.apply(state, KEEP)
    assert not GAME.reveals(state, KEEP, ending)  # the last card: nothing new on top
    assert not GAME.reveals(ending, PASS, GAME.apply(ending, PASS))
    fresh = table([[], []], deck=[("orange", 3, 1)], filler=3)
    assert GAME.reveals(fresh, KEEP, GAME.apply(fresh, KEEP))  # a new top face


def test_log_lines_for_every_event() -> None:  # verso.md §8
    state = table([[("blue", 3, 1), ("blue", "J", 1), ("blue", 5, 3)],
                   [("blue", 1, 1, "green", 6), ("green", 6, 1)]])
    move = Bank(BLUE, (3, 5), 4)
    lines = [str(line) for line in GAME.describe(state, move, GAME.apply(state, move))]
    assert lines == [
        "Player 1 banks blue 3 J=4 5.",
        "Player 2 flips blue 1 (1 pt): it becomes green 6 (3 pts).",
        "Player 2 discards green 6 (3 pts): their display already holds that face.",
        "Player 1 scores 5 points.",
        "Player 1 discards blue joker (1 pt) (the joker, as 4).",
        "Player 1 discards blue 5 (3 pts).",
    ]
    solo = table([[]], deck=[("orange", 1, 1), ("blue", 1, 1, "green", 6)], filler=0)
    lines = [str(line) for line in GAME.describe(solo, FLIP, GAME.apply(solo, FLIP))]
    assert lines[0].startswith("Player 1 draws orange 1 (1 pt) and flips it")
    assert lines[1].startswith("The solo opponent turns over blue 1 (1 pt)")
    assert "no green card to flip" in lines[2]
    assert lines[-1].startswith("The deck is empty")
    ending = GAME.apply(solo, FLIP)
    assert str(GAME.describe(ending, PASS, GAME.apply(ending, PASS))[-1]).startswith(
        "Game over")


def test_render_text_shows_the_table() -> None:  # verso.md §8
    state = table([[("blue", 3, 1), ("blue", "J", 1)], []], deck=[("green", 4, 3)])
    text = str(GAME.render_text(state))
    assert "Deck: 11 cards, top shows green 4 (3 pts)" in text
    assert "blue   3(1) J(1)" in text
    assert ">Player 1: 0 points" in text and " Player 2: 0 points" in text
    named = seat_text(GAME, state, 0, ("Ada", "Player 3"))
    assert ">Ada: 0 points" in named and " Player 3: 0 points" in named
