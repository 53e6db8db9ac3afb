"""The conformance kit passes good games and catches each kind of violation."""

import pytest
from tabletop_nim import Nim

from tabletop.testing import ConformanceError, check_game
from tests.host import toys


def test_kit_passes_the_example_plugin() -> None:
    report = check_game(Nim(), seeds=range(10))
    assert report.games_played == 10
    assert report.plies > 0 and report.full_checks > report.games_played


def test_kit_passes_a_hidden_information_game() -> None:
    report = check_game(toys.Duel(), seeds=range(10))
    assert report.games_played == 10


def test_kit_cuts_a_game_without_a_bound_at_the_callers_bound() -> None:
    # The rules set no bound: games reaching the caller's are cut, which is no violation.
    report = check_game(toys.UnboundedNim(), seeds=range(4), max_plies=3)
    assert report.games_played == 4 and report.games_cut == 4 and report.plies == 12
    whole = check_game(toys.UnboundedNim(), seeds=range(4), max_plies=100)
    assert whole.games_played == 4 and whole.games_cut == 0


def test_kit_needs_a_bound_for_a_game_without_one() -> None:
    with pytest.raises(ValueError, match="max_plies"):
        check_game(toys.UnboundedNim(), seeds=range(1))


def test_a_declared_bound_is_a_promise_the_callers_bound_does_not_relax() -> None:
    with pytest.raises(ConformanceError, match=r"not over after info\.max_plies"):
        check_game(toys.EndlessNim(), seeds=range(4), max_plies=1000)


@pytest.mark.parametrize(("game", "complaint"), [
    (toys.MutatingNim(), "apply changed its input state"),
    (toys.SloppyNotationNim(), "parses to"),
    (toys.EndlessNim(), "not over after info.max_plies"),
    (toys.LenientNim(), "parse_move accepted"),
    (toys.LingeringNim(), "must agree on whether it is over"),
    (toys.ForgetfulNim(), "state dict round-trip changed the state"),
    (toys.ShuffledNim(), "stable order"),
    (toys.LeakyDuel(), "observation depends on what it cannot see"),
    (toys.BlindDuel(), "must provide a sampler"),
])
def test_kit_catches_each_violation(game: object, complaint: str) -> None:
    with pytest.raises(ConformanceError, match=complaint):
        check_game(game, seeds=range(4))  # type: ignore[arg-type]


def test_random_record_is_a_whole_game_the_same_for_the_same_seed() -> None:
    from tabletop.record import replay
    from tabletop.testing import random_record

    game = Nim()
    record = random_record(game, 2, seed=7)
    again = random_record(game, 2, seed=7)
    assert record.to_json() == again.to_json()  # byte for byte
    played = replay(game, record)
    assert game.to_move(played.states[-1]) is None and record.result is not None
    assert record.agents == ("human", "human")
    assert random_record(game, 2, seed=8, agents=("human", "random")).agents[1] == "random"
