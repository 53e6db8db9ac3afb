"""Games started and left unplayed do not pile up in the library: one untouched game per
set-up is kept, and every unplayed game can go to the trash at once (and come back)."""

from __future__ import annotations

from pathlib import Path

from tabletop.store.library import IN_PROGRESS, UNPLAYED_PLIES, Library
from tabletop.store.records import read_game
from tests.library.helpers import nim_record


def test_starting_the_same_set_up_again_replaces_the_untouched_game(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    first = library.add(nim_record(0, seed=1), ["Ada", "random"])
    again = library.add(nim_record(0, seed=2), ["Ada", "random"])  # a fresh deal
    assert [e.id for e in library.entries()] == [again.id]
    trashed = library.trash_dir / f"{first.id}.json"
    assert read_game(trashed)[0] == nim_record(0, seed=1)  # in the trash, not unlinked
    assert library.restore(trashed).id == first.id
    library.close()


def test_a_played_game_or_another_set_up_is_never_replaced(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    played = library.add(nim_record(0), ["Ada", "random"])
    library.save(played.id, nim_record(UNPLAYED_PLIES + 1))  # two moves in: played
    other_name = library.add(nim_record(0), ["Bo", "random"])
    other_agent = library.add(nim_record(0, agents=("human", "human")), ["Ada", "random"])
    finished = library.add(nim_record(), ["Ada", "random"])
    newest = library.add(nim_record(UNPLAYED_PLIES), ["Ada", "random"])  # a move in
    kept = {e.id for e in library.entries()}
    assert kept == {played.id, other_name.id, other_agent.id, finished.id, newest.id}
    library.add(nim_record(0), ["Ada", "random"])  # replaces `newest` only
    assert newest.id not in {e.id for e in library.entries()}
    assert len(library.entries()) == 5
    library.close()


def test_discard_unplayed_moves_them_all_to_the_trash_and_restore_brings_them_back(
        tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    unplayed = [library.add(nim_record(0), [name, "random"]) for name in ("Ada", "Bo", "Cy")]
    played = library.add(nim_record(0), ["Di", "random"])
    library.save(played.id, nim_record(3))
    open_now = library.add(nim_record(1), ["Ed", "random"])
    assert {e.id for e in library.unplayed()} == {e.id for e in unplayed} | {open_now.id}
    trashed = library.discard_unplayed(keep=[open_now.id])
    assert sorted(p.stem for p in trashed) == sorted(e.id for e in unplayed)
    assert {e.id for e in library.entries()} == {played.id, open_now.id}
    assert library.unplayed() == [library.get(open_now.id)]
    for path in trashed:
        library.restore(path)
    assert {e.id for e in library.unplayed() if e.status == IN_PROGRESS} == \
        {e.id for e in unplayed} | {open_now.id}
    library.close()
    reopened = Library.open(tmp_path)  # the index agrees with the files
    assert len(reopened.entries()) == 5
    reopened.close()
