"""Renaming a player and merging two names: every kept game follows (issue 36)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.store.library import INDEX, Library, LibraryError
from tabletop.store.records import read_game
from tabletop.store.stats import people, player_stats
from tests.library.helpers import nim_record


def _library(tmp_path: Path) -> Library:
    return Library.open(tmp_path / "data")


def test_merging_a_typo_into_a_name_moves_every_game_and_keeps_the_records(
        tmp_path: Path) -> None:
    library = _library(tmp_path)
    done = library.add(nim_record(), ["Alicelicex", "random"])
    going = library.add(nim_record(plies=2), ["Alicelicex", "random"])
    library.save(going.id, nim_record(plies=3))  # a journal: the game is in progress
    kept = library.add(nim_record(), ["Alice", "random"])
    other = library.add(nim_record(agents=("human", "human")), ["Bob", "Carol"])
    before = {e.id: read_game(e.file)[0] for e in library.entries()}
    times = {e.id: (e.created, e.updated) for e in library.entries()}

    assert library.rename_player("Alicelicex", "Alice") == 2

    assert [s.player for s in library.get(done.id).seats] == ["Alice", "random"]
    assert [s.player for s in library.get(going.id).seats] == ["Alice", "random"]
    assert library.get(going.id).plies == 3  # the journal's move was kept
    assert [s.player for s in library.get(other.id).seats] == ["Bob", "Carol"]
    assert library.get(kept.id).seats[0].player == "Alice"
    # The records (moves, result, seed) and the games' times are untouched.
    assert {e.id: read_game(e.file)[0] for e in library.entries()} == before
    assert {e.id: (e.created, e.updated) for e in library.entries()} == times
    assert "Alicelicex" not in people(library.entries())
    # The index is rebuilt from the files: the names are in the files, not only the index.
    library.close()
    (tmp_path / "data" / INDEX).unlink()
    reopened = Library.open(tmp_path / "data")
    assert reopened.player_names()[:3] == ["Alice", "Bob", "Carol"]
    assert len(reopened.entries(player="Alice")) == 3
    assert player_stats(reopened.entries(), {}, "Alice")["players"]["Alice"]["games"]
    reopened.close()

def test_a_bad_new_name_is_refused_in_one_line_and_nothing_changes(tmp_path: Path) -> None:
    library = _library(tmp_path)
    entry = library.add(nim_record(), ["Alice", "random"])
    for bad in ("", "   ", "A" * 41, "Al\u202eice", "Player 2", "li\nne"):
        with pytest.raises(LibraryError) as caught:
            library.rename_player("Alice", bad)
        assert "\n" not in str(caught.value)
    assert [s.player for s in library.get(entry.id).seats] == ["Alice", "random"]


def test_a_computer_or_an_unnamed_seat_is_never_renamed(tmp_path: Path) -> None:
    library = _library(tmp_path)
    entry = library.add(nim_record(agents=("human", "random")), ["Player 1", "random"])
    assert library.rename_player("random", "Alice") == 0
    assert library.rename_player("Player 1", "Alice") == 0
    assert [s.player for s in library.get(entry.id).seats] == ["Player 1", "random"]


def test_a_name_is_stripped_and_composed_as_set_up_keeps_it(tmp_path: Path) -> None:
    library = _library(tmp_path)
    entry = library.add(nim_record(), ["Zoe", "random"])
    assert library.rename_player("Zoe", "  Zoe\u0308  ") == 1  # e + combining diaeresis
    assert library.get(entry.id).seats[0].player == "Zo\u00eb"
