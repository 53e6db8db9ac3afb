"""Reference move counts from the start position (versus.md §2, §3, §4), kept as data.

Depth 1 (24 moves, 9 attractions) and depth 2 were checked by hand; deeper counts were
computed once by this engine and guard move generation against any change.
"""

import json
from pathlib import Path

import pytest

from tests.versus.helpers import GAME
from tests.versus.perft import perft

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())["perft"]


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_from_the_start(depth: int) -> None:  # versus.md §3, §4
    start = GAME.new_state(2, GAME.info.resolve_options(), 0)
    nodes, attractions = perft(GAME, start, depth)
    assert {"nodes": nodes, "attractions": attractions} == DATA[str(depth)]
