"""The kit checks every channel a seat reads: the log (`describe`), whose turn it is
(`to_move`), the view sent on the wire (`view_to_dict`) and what a ply shows (`reveals`).

Each broken toy (tests/conformance/channel_toys.py) fails the kit with the method named;
the same games written right pass.
"""

from __future__ import annotations

import pytest

from tabletop.model import PluginDeprecationWarning
from tabletop.testing import ConformanceError, check_game
from tests.conformance import channel_toys


def _violations(game: object, seeds: range = range(3)) -> str:
    with pytest.raises(ConformanceError) as caught:
        check_game(game, seeds=seeds)  # type: ignore[arg-type]
    return str(caught.value)


@pytest.mark.parametrize("game", [channel_toys.LiarsDice(), channel_toys.Hands(),
                                  channel_toys.ResigningNim()])
def test_the_games_written_right_pass(game: object) -> None:
    report = check_game(game, seeds=range(6))  # type: ignore[arg-type]
    assert report.games_played == 6 and report.problems == report.deprecations == []


def test_a_log_that_tells_the_bidders_dice_is_caught() -> None:
    found = _violations(channel_toys.TellingDice())
    assert "2 players, seed 0, ply 0: describe of '" in found
    assert ("tells what seat 1 cannot see (a sampled consistent state gives other log "
            "lines, and every seat reads them)") in found


def test_a_to_move_naming_the_other_seat_is_caught() -> None:
    found = _violations(channel_toys.WrongTurnHands())
    assert ("2 players, seed 0, ply 0: to_move names seat 1, but the legal moves are seat "
            "0's: they follow what seat 0 sees and change with what seat 1 cannot see "
            "(to_move must name the seat whose moves legal_moves lists)") in found
    assert "legal moves depend on what it cannot see" not in found


def test_a_to_move_naming_the_seat_whose_resignation_is_not_offered_is_caught() -> None:
    # Perfect information: the seat the moves serve shows in the special moves.
    found = _violations(channel_toys.WrongTurnNim())
    assert ("2 players, seed 0, ply 0: to_move names seat 1, but the special move 'resign' "
            "ends the game with seat 1 winning and seat 0 losing: a special move is the seat "
            "to move's own (a resignation loses for the seat that makes it), so to_move names "
            "another seat than the one the moves serve") in found


def test_a_view_codec_that_loses_part_of_the_view_is_caught() -> None:
    found = _violations(channel_toys.LossyDice())
    assert ("ply 2: view_from_dict(view_to_dict(view)) is not seat 0's observation: the "
            "view does not round-trip (an online client would draw another position)"
            ) in found


def test_a_reveals_that_stays_silent_when_a_card_is_seen_is_caught() -> None:
    found = _violations(channel_toys.SilentSwap())
    assert ("reveals is False for 'swap', but the ply showed seat 0 what it could not see "
            "before (a sampled consistent state gives it another observation after the same "
            "move): reveals must say True, so that no one takes the move back having seen"
            ) in found


def test_a_reveals_silent_at_the_showdown_is_a_deprecation_and_fails_when_strict() -> None:
    with pytest.warns(PluginDeprecationWarning, match="reveals is False for 'call'"):
        report = check_game(channel_toys.SilentDice(), seeds=range(3))
    said = ("game 'silent_dice': reveals is False for 'call', which ends the game and shows "
            "seat 0 what it could not see before; return True for it, so that no one takes "
            "the move back having seen (the kit will fail this in a later version)")
    assert report.problems == [] and report.deprecations == [said]
    with pytest.raises(ConformanceError) as caught:
        check_game(channel_toys.SilentDice(), seeds=range(3), strict=True)
    assert f"- deprecated (strict=True): {said}" in str(caught.value)
