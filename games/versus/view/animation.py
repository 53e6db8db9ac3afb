"""The transition of one Versus move: the element slides, then the pulled pawns come
closer, then they turn over to their new controller.

Every moving piece is a small shape list built once, at the origin, when the move starts;
a frame only moves those lists (`position`) and picks one of a few prebuilt turn-over
frames, so an animation costs a handful of draw calls and no geometry work.
"""

from __future__ import annotations

from games.versus.pieces import BLUE_SECTIONS, pawn_code
from games.versus.state import Move, Preview, VersusState
from games.versus.view.geometry import BoardLayout
from games.versus.view.mesh import FLIP_RING, Mesh, draw_piece
from tabletop.ui.kit import arcade

ShapeList = arcade.shape_list.ShapeElementList[arcade.shape_list.Shape]

#: Turn-over frames: the pawn's width as it turns, old face then new face.
FLIP_WIDTHS = (1.0, 0.55, 0.12)
#: Share of the duration given to the slide when the move pulls pawns; the rest is split
#: between the pulls and the turn-overs.
SLIDE_SHARE, PULL_SHARE = 0.45, 0.35


def _ease(t: float) -> float:
    """Smoothstep: starts and stops gently, so slides read as movements, not jumps."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def _piece_list(size: float, code: int, colour_blind: bool, sx: float = 1.0,
                ring: bool = False) -> ShapeList:
    mesh = Mesh()
    if ring:
        mesh.ring((0.0, 0.0), size * 0.8, size * 0.9, FLIP_RING)
    draw_piece(mesh, (0.0, 0.0), size, code, colour_blind, sx)
    return mesh.shape_list()


class MoveAnimation:
    """The running transition of `move` from `before`, doing what `shown` says (§4);
    `done` once it has played."""

    def __init__(self, layout: BoardLayout, before: VersusState, move: Move, shown: Preview,
                 duration: float, colour_blind: bool) -> None:
        self.layout = layout
        self.move = move
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0
        size = layout.size
        self.hidden = frozenset({move.to} | {a.to for a in shown.attractions})
        self._mover = _piece_list(size, before.board[move.frm], colour_blind)
        mover = before.to_move
        self._pulls: list[tuple[tuple[float, float], tuple[float, float], list[ShapeList]]] = []
        for pull in shown.attractions:
            old = before.board[pull.frm]
            new = pawn_code(BLUE_SECTIONS[old], mover)
            frames = [_piece_list(size, old, colour_blind, w) for w in FLIP_WIDTHS]
            frames += [_piece_list(size, new, colour_blind, w, ring=True)
                       for w in reversed(FLIP_WIDTHS)]
            self._pulls.append((layout.centres[pull.frm], layout.centres[pull.to], frames))
        self._slide_share = SLIDE_SHARE if shown.attractions else 1.0

    @property
    def done(self) -> bool:
        """True once the whole transition has played."""
        return self.elapsed >= self.duration

    def update(self, delta_time: float) -> None:
        """Advance the clock."""
        self.elapsed += delta_time

    def draw(self) -> None:
        """Draw the moving pieces at this instant (the rest is the renderer's)."""
        t = min(1.0, self.elapsed / self.duration)
        slide = _ease(t / self._slide_share)
        (x0, y0), (x1, y1) = (self.layout.centres[self.move.frm],
                              self.layout.centres[self.move.to])
        self._mover.position = (x0 + (x1 - x0) * slide, y0 + (y1 - y0) * slide)
        self._mover.draw()
        if not self._pulls:
            return
        pull_t = _ease((t - SLIDE_SHARE) / PULL_SHARE)
        flip_t = min(1.0, max(0.0, (t - SLIDE_SHARE - PULL_SHARE)
                              / (1.0 - SLIDE_SHARE - PULL_SHARE)))
        frame = min(len(FLIP_WIDTHS) * 2 - 1, int(flip_t * len(FLIP_WIDTHS) * 2))
        for (a, b), (c, d), frames in self._pulls:
            shapes = frames[frame]
            shapes.position = (a + (c - a) * pull_t, b + (d - b) * pull_t)
            shapes.draw()
