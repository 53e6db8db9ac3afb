"""The toolkit's ways for a card game that works out its moves itself (issue 21, Verso on
the toolkit): a `CardTable` row with groups set apart (`Region.breaks`), cards that make
their own journeys in an animation (`Travel`: drawn, turned over, discarded, each in its
own time window) and words placed on a piece (`Piece.text_at`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.ui._arcade import arcade
from tabletop.ui.boards import CardTable, MoveAnimation, Piece, Region, Travel
from tabletop.ui.boards.paint import piece_text
from tabletop.ui.renderer import Rect

TABLE = CardTable((Region("deck", 0.0, 0.7, 0.2, 0.3, pile=True),
                   Region("row", 0.0, 0.0, 1.0, 0.3, slots=7, breaks=(6,))))
RED = Piece(fill=(220, 0, 0), shape="card", label="3")
BLUE = Piece(fill=(0, 0, 220), shape="card", label="5")


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "cards", visible=False)
    yield win
    win.close()


def test_a_break_sets_the_rest_of_a_row_apart() -> None:
    layout = TABLE.fit(Rect(0, 0, 1000, 600))
    boxes = [layout.content_box(("row", slot)) for slot in range(7)]
    gaps = [b.left - a.right for a, b in itertools.pairwise(boxes)]
    assert all(gap > 0 for gap in gaps)  # side by side, none covered
    assert gaps[-1] == pytest.approx(2 * gaps[0], rel=0.01)
    assert max(gaps[:-1]) == pytest.approx(min(gaps[:-1]))
    assert boxes[-1].right <= 1000 and boxes[0].left >= 0
    # A fanned row (no room for gaps) has none to add: its cards still overlap evenly.
    narrow = CardTable((Region("row", 0.0, 0.0, 0.2, 0.5, slots=7, breaks=(6,)),)).fit(
        Rect(0, 0, 1000, 600))
    lefts = [narrow.content_box(("row", s)).left for s in range(7)]
    steps = [b - a for a, b in itertools.pairwise(lefts)]
    assert max(steps) == pytest.approx(min(steps))


def test_a_travel_turns_over_then_slides_in_its_own_windows(window: Any) -> None:
    layout = TABLE.fit(Rect(0, 0, 600, 400))
    travel = Travel(("deck", 0), ("row", 2), RED, BLUE, turn=(0.0, 0.2), move=(0.2, 0.6))
    animation = MoveAnimation(layout, {}, {}, None, 1.0, False, (travel,))
    assert animation.hidden == {("row", 2)}  # the still picture leaves its end out
    (track,) = animation._tracks
    assert (track.start, track.end) == (0.0, 0.6)
    deck, place = layout.centres[("deck", 0)], layout.centres[("row", 2)]
    assert track.points[0] == deck and track.points[-1] == place
    turning = [i for i, words in enumerate(track.words) if not words]
    # It turns over on the deck (no words while edge-on), then slides with its new face.
    assert turning and all(track.points[i] == deck for i in turning)
    assert track.frames[0] is not track.frames[-1]
    for step in (0.1, 0.3, 0.6):
        animation.update(step)
        window.clear()
        animation.draw()
    assert animation.done
    # A card that does not turn only slides (along a row: one frame throughout); one
    # going between places of other sizes grows or shrinks on the way; one whose cells
    # are not on the table is left out.
    plain = MoveAnimation(layout, {}, {}, None, 1.0, False,
                          (Travel(("row", 0), ("row", 3), RED, move=(0.5, 0.9)),
                           Travel(("row", 0), ("deck", 0), RED),
                           Travel(("nowhere", 0), ("deck", 0), RED)))
    along, dealt = plain._tracks
    assert len({id(f) for f in along.frames}) == 1 and (along.start, along.end) == (0.5, 0.9)
    assert layout.size_of(("row", 0)) != layout.size_of(("deck", 0))
    assert len({id(f) for f in dealt.frames}) > 2


def test_a_travel_checks_its_windows() -> None:
    with pytest.raises(ValueError):
        Travel(("a", 0), ("b", 0), RED, move=(0.6, 0.2))
    with pytest.raises(ValueError):
        Travel(("a", 0), ("b", 0), RED, BLUE, turn=(0.0, 1.5))


def test_a_piece_says_where_its_words_go() -> None:
    assert piece_text("3", (0.0, 0.0), 100.0, RED).y == pytest.approx(18.0)  # upper half
    low = Piece(fill=(220, 0, 0), shape="card", label="3", text_at=0.06, text_scale=1.5)
    spec = piece_text("3", (0.0, 0.0), 100.0, low)
    assert spec.y == pytest.approx(6.0) and spec.height == pytest.approx(45.0)
    assert piece_text("K", (0.0, 0.0), 100.0, Piece(fill=(0, 0, 0))).y == 0.0
