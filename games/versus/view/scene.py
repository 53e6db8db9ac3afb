"""What the painters of the Versus board are given and what they give back.

A painter is a pure function from a frozen `Scene` (where the board is, the position,
what the player is doing) to `Painted`: the triangles it drew and the hit boxes of what
a click may pick among them. The renderer builds a scene from its state, hands it over,
keeps what comes back (one shape list per layer, the hit boxes for clicks) and never
lets a painter read its own attributes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.versus.state import NO_PREVIEW, Move, Preview, VersusState
from games.versus.view.geometry import BoardLayout, HitBox
from games.versus.view.mesh import Mesh


@dataclass(frozen=True)
class Marks:
    """What the player is doing, as the marks layers show it: the last move and what it
    did, the selected element and its destinations, the keyboard cursor, a hint, the
    pending move with its preview (§4, §5), and the cells a tutorial asks the player to
    look at."""

    last_move: Move | None = None
    last_preview: Preview = NO_PREVIEW
    selected: int | None = None
    destinations: Sequence[int] = ()
    cursor: int | None = None
    hint: Move | None = None
    pending: Move | None = None
    pending_preview: Preview = NO_PREVIEW
    looked: tuple[int, ...] = ()


@dataclass(frozen=True)
class Scene:
    """A frozen snapshot of the board to draw; `hidden` cells are an animation's to draw."""

    layout: BoardLayout
    state: VersusState
    marks: Marks
    colour_blind: bool
    hidden: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Painted:
    """A painter's result: its triangles and the hit boxes of what it drew to be clicked."""

    mesh: Mesh
    hits: tuple[HitBox, ...] = ()
