"""Issue 20: a seat nobody named (a quick start, the set-up's name field left empty) is
kept as "Player N", and Statistics counts it for no one; people who typed names count."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.verso.game import VersoGame
from games.versus.game import VersusGame
from tabletop.store.library import Library
from tabletop.store.stats import UNNAMED, people, player_stats
from tests.library.helpers import finished

GAMES: dict[str, Any] = {"verso": VersoGame(), "versus": VersusGame()}


def test_an_unnamed_seat_is_no_person_and_a_named_one_is(tmp_path: Path) -> None:
    library = Library.open(tmp_path)
    # Quick starts nobody named: solo, against the computer, two people at one table.
    library.add(finished("verso", (40,), (0,), ("human",)), ["Player 1"])
    library.add(finished("versus", (1, 0), (0,), ("human", "strong")), ["Player 1", "strong"])
    library.add(finished("versus", (1, 0), (0,), ("human", "human")), ["Player 1", "Ada"])
    library.add(finished("versus", (0, 1), (1,), ("strong", "human")), ["strong", "Bob"])
    entries = library.entries()
    stats = player_stats(entries, GAMES)
    # No "Player 1": Issue 36, every seat nobody named counts together under UNNAMED.
    assert list(stats["players"]) == [UNNAMED, "Ada", "Bob"]  # sorted: "" first
    assert stats["players"][UNNAMED]["games"]["versus"]["games"] == 2
    assert stats["players"][UNNAMED]["solo"]["verso"]["games"] == 1
    # Ada lost to an unnamed person: it still counts for her, against people.
    assert stats["players"]["Ada"]["against"]["people"]["losses"] == 1
    assert player_stats(entries, GAMES, player="Player 1")["players"] == {}
    # People, then the games nobody named; computers are opponents, not players.
    assert people(entries) == ["Ada", "Bob", UNNAMED]
