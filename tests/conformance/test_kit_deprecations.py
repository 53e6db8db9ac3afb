"""The kit lists the older forms of the contract a game uses in its report, and fails on
them under `strict=True`: a deprecation warned while it runs, a log line or an outcome's
reason that names a seat in plain text, an older `render_text` said before the run."""

from __future__ import annotations

import warnings

import pytest

from tabletop.model import PluginDeprecationWarning
from tabletop.testing import ConformanceError, check_game
from tests.conformance import kit_toys

DESCRIBE = ("game 'plain_words': PlainWordsNim.describe gave the plain text 'Player 1 takes ",
            " from heap ", ".', which names a seat; give a Line with the seat as an argument, "
            "Line.of('{player} takes {count}.', player=seat(i), count=3), so that the host "
            "names the seat as it labels it and says the line in the player's language")
OUTCOME = ("took the last counter', which names a seat, without a line; give the line "
           "too, Outcome(scores, winners, line.english(seat_names), line)")


def test_the_report_lists_plain_words_naming_a_seat_and_strict_fails_on_them() -> None:
    game = kit_toys.PlainWordsNim()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = check_game(game, seeds=range(1))
        again = check_game(game, seeds=range(1))
    said = [str(w.message) for w in caught if issubclass(w.category, PluginDeprecationWarning)]
    assert report.problems == []
    for listed in (report.deprecations, again.deprecations):  # listed at every run
        assert len(listed) == 2, listed  # one example of each form
        assert any(line.startswith(DESCRIBE[0]) and all(part in line for part in DESCRIBE)
                   for line in listed)
        assert any(OUTCOME in line for line in listed)
    # Warned once per game class and form, whatever the runs.
    assert len([s for s in said if ".describe gave" in s]) == 1
    assert len([s for s in said if ".outcome gave" in s]) == 1
    with pytest.raises(ConformanceError) as failed:
        check_game(game, seeds=range(1), strict=True)
    found = str(failed.value)
    assert "plain_words breaks the contract:\n- deprecated (strict=True): game " in found
    assert "PlainWordsNim.outcome gave the reason 'Player " in found and OUTCOME in found
    assert "PlainWordsNim.describe gave the plain text" in found


def test_an_older_render_text_said_before_the_run_is_listed_not_said_twice() -> None:
    class Fresh(kit_toys.OldNim):
        """A class of its own, so that its one warning is this test's to see."""

    game = Fresh()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = check_game(game, seeds=range(1))
        second = check_game(game, seeds=range(1))
    said = [str(w.message) for w in caught if "render_text" in str(w.message)]
    assert len(said) == 1 and "Fresh.render_text(state) takes no seat" in said[0]
    assert said[0] in first.deprecations and said[0] in second.deprecations


def test_a_game_of_the_current_contract_lists_nothing_and_passes_strict() -> None:
    report = check_game(kit_toys.Fixed(), seeds=range(2), strict=True)
    assert report.deprecations == []
