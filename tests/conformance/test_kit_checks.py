"""The conformance kit's checks of illegal moves, hash order, plugin failures and texts.

Each broken toy (tests/conformance/kit_toys.py) is caught with the violation named.
"""

from __future__ import annotations

import warnings

import pytest

from tabletop.model import PluginDeprecationWarning, seat_text
from tabletop.testing import ConformanceError, check_game
from tests.conformance import kit_toys


def _violations(game: object, seeds: range = range(2)) -> str:
    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=seeds)  # type: ignore[arg-type]
    return str(caught.value)


def test_an_apply_that_accepts_a_move_legal_elsewhere_is_caught() -> None:
    found = _violations(kit_toys.AcceptingNim(), range(3))
    assert "apply accepted Take(heap=" in found
    assert "which is not a legal move here" in found


def test_an_apply_that_accepts_any_pit_number_is_caught() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = _violations(kit_toys.Pits())
    assert "apply accepted -1, which is not a legal move here" in found
    assert "apply(1000000) raised IndexError, not IllegalMoveError" in found
    # The same mistake at every ply is said once.
    assert found.count("apply accepted -1") == 1
    # A value of the wrong type refused with another error than the game's: a
    # deprecation for plugins written before the kit offered one, once per error.
    said = [str(w.message) for w in caught if issubclass(w.category, PluginDeprecationWarning)]
    assert said == ["game 'pits': apply(None) raised TypeError; refuse a value that is not a "
                    "move with IllegalMoveError (the kit will fail this in a later version)"]
    assert "apply(None)" not in found


def test_the_same_game_with_a_careful_apply_passes() -> None:
    report = check_game(kit_toys.Fixed(), seeds=range(2))
    assert report.games_played == 2 and report.unchecked == []


def test_a_move_order_that_changes_with_the_hash_seed_is_caught() -> None:
    found = _violations(kit_toys.HashedWords(), range(1))
    assert "PYTHONHASHSEED=" in found and "in a fresh process, ply 0" in found
    assert "the legal moves come in another order" in found


def test_a_game_that_raises_is_a_violation_naming_the_method_not_a_traceback() -> None:
    found = _violations(kit_toys.CrashingSample())
    assert "2 players, seed 0, ply 0: sampler().sample_state raised KeyError: 'hand'" in found


def test_a_text_showing_a_seat_what_it_cannot_see_is_caught() -> None:
    found = _violations(kit_toys.LeakyText())
    assert "seat 0's render_text shows what it cannot see" in found


def test_a_spectators_text_showing_a_seats_card_is_caught() -> None:
    found = _violations(kit_toys.SpectatorLeak())
    assert "the spectator's render_text (seat None) shows what seat 1 cannot see" in found


def test_a_chance_step_whose_odds_do_not_sum_to_one_is_caught() -> None:
    found = _violations(kit_toys.LoadedDie())
    assert "set-up: chance probabilities must be positive and sum to 1" in found


def test_an_old_one_argument_text_still_loads_with_one_warning_and_leaks_nothing() -> None:
    class Fresh(kit_toys.OldText):
        """A class of its own, so that its one warning is this test's to see."""

    game = Fresh()
    state = game.new_state(2, {}, 0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        texts = [seat_text(game, state, seat) for seat in (0, 1, None, 0)]
        report = check_game(game, seeds=range(2))
    said = [str(w.message) for w in caught if issubclass(w.category, PluginDeprecationWarning)]
    assert len(said) == 1
    assert "Fresh.render_text(state) takes no seat" in said[0]
    assert "write render_text(self, state, seat=None)" in said[0]
    # No picture (it could hold any seat's card): the legal moves, to the seat to move.
    assert all(str(card) not in "".join(texts) for card in state.hands)
    assert "Legal moves: keep, swap" in texts[0] and "Legal moves" not in texts[1]
    # A class made inside a function cannot be sent to a fresh process: said, not failed.
    assert report.unchecked and "cannot be sent to a fresh process" in report.unchecked[0]


def test_an_old_text_that_draws_a_view_shows_each_seat_its_own() -> None:
    game = kit_toys.OldViewText()
    state = game.new_state(2, {}, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginDeprecationWarning)
        mine, theirs, spectator = (seat_text(game, state, seat) for seat in (0, 1, None))
    assert mine == f"your card {state.hands[0]}, turn 0"
    assert theirs == f"your card {state.hands[1]}, turn 0"
    assert str(state.hands[0]) not in spectator and str(state.hands[1]) not in spectator


def test_an_old_perfect_information_text_is_shown_to_everyone() -> None:
    game = kit_toys.OldNim()
    state = game.new_state(2, {"heaps": "3,4,5"}, 0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PluginDeprecationWarning)
        assert seat_text(game, state, 1) == seat_text(game, state) == "heaps (3, 4, 5)"
