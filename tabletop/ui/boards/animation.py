"""The default transition of one move, worked out from the pieces before and after it.

- the piece that left the path's start slides along the path to its end;
- a piece that appears grows in (a stone placed, a card dealt);
- a piece that changes turns over (a disc flipped, a card turned face up);
- a piece that goes shrinks away (a capture);
- a stack whose count changes swells briefly into its new count (a pit sown into);
- a piece the move carries along (`MovePath.carried`: a pawn pulled, a stone pushed)
  slides to its new cell, then turns over there if it changed on the way;
- a `Travel` (given as `travels`, for a game that works its moves' motions out itself)
  slides and turns over in its own time windows (a card drawn, flipped, discarded).

The moved or placed piece plays first; what follows from it (turn-overs, captures, other
arrivals) plays in the second half. Every moving piece is a few small shape lists built
once at the origin when the move starts; a frame only moves one of them (`position`), so
an animation costs a handful of draw calls and no geometry work.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.boards.geometry import Cell, Layout, Point
from tabletop.ui.boards.mesh import Mesh, ShapeList
from tabletop.ui.boards.paint import (
    TextSpec,
    content_words,
    count_text,
    draw_content,
    piece_text,
)
from tabletop.ui.boards.pieces import Content, MovePath, Piece, Stack, Travel

#: Widths of a piece turning over: old face narrowing, then the new one widening.
_FLIP = (1.0, 0.6, 0.2)
#: Sizes of a piece growing in (or, reversed, shrinking away).
_GROW = (0.25, 0.5, 0.75, 0.9, 1.0)
#: Sizes of a stack taking its new count: a brief swell.
_SWELL = (1.08, 1.0)
_PX_PER_PT = 96 / 72


def _ease(t: float) -> float:
    """Smoothstep: starts and stops gently, so slides read as movements, not jumps."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class _Track:
    """One animated piece: its frames (shape lists at the origin), where it goes, when."""

    frames: list[ShapeList]
    points: list[Point]  # the path it travels (one point: it stays)
    start: float  # share of the duration when it starts
    end: float
    #: The words drawn with each frame, with their offsets from the piece's centre (a
    #: piece's words once it is whole and still or sliding; a stack's count throughout).
    words: list[list[tuple[arcade.Text, Point]]]
    #: True: `points[i]` is where `frames[i]` is drawn (a travel's own timing), else the
    #: piece goes along `points` as a path.
    stepped: bool = False


class MoveAnimation:
    """The running transition from `before` to `after` (contents by cell) along `path`."""

    def __init__(self, layout: Layout, before: Mapping[Cell, Content],
                 after: Mapping[Cell, Content], path: MovePath | None, duration: float,
                 colour_blind: bool, travels: tuple[Travel, ...] = ()) -> None:
        self.duration = max(duration, 1e-6)
        self.elapsed = 0.0
        self._colour_blind = colour_blind
        self._layout = layout
        tracks: list[_Track] = []
        first: set[Cell] = set()
        slid = None
        if path is not None and path.frm is not None:
            piece = before.get(path.frm)
            if piece is not None and after.get(path.to) == piece and path.frm != path.to:
                slid = path.frm
                first.add(path.to)
                points = [layout.centres[c] for c in path.cells if c in layout.centres]
                tracks.append(_Track(self._frames(path.to, piece), points, 0, 1,
                                     [self._words(path.to, piece)]))
        if path is not None and path.to not in before and path.to in after and not first:
            first.add(path.to)
        changed = {c for c in set(before) | set(after) if before.get(c) != after.get(c)}
        later = bool(changed - first - {slid})
        split = 0.5 if later and first else 0.0
        carried = self._carried(path, before, after, split, tracks)
        for cell in layout.cells:
            old, new = before.get(cell), after.get(cell)
            if cell == path_to(path) and cell in first and slid is not None:
                continue
            if cell in carried:
                continue
            start, end = (0.0, split or 1.0) if cell in first else (split, 1.0)
            centre = layout.centres[cell]
            if old is None and new is not None:
                frames = self._frames(cell, new, scales=_GROW)
                tracks.append(_Track(frames, [centre], start, end,
                                     self._last(len(frames), self._words(cell, new))))
            elif old is not None and new is None and cell != slid:
                gone: ShapeList = arcade.shape_list.ShapeElementList()
                frames = [*self._frames(cell, old, scales=_GROW[::-1]), gone]
                tracks.append(_Track(frames, [centre], start, end, [[] for _ in frames]))
            elif isinstance(old, Stack) and isinstance(new, Stack) and old.piece == new.piece \
                    and old.hidden == new.hidden:  # the same pieces, another count
                kept = self._frames(cell, old)
                swell = self._frames(cell, new, scales=_SWELL)
                tracks.append(_Track(kept + swell, [centre], start, end,
                                     [self._words(cell, old)] * len(kept)
                                     + [self._words(cell, new)] * len(swell)))
            elif old is not None and new is not None and old != new:
                frames = (self._frames(cell, old, widths=_FLIP)
                          + self._frames(cell, new, widths=_FLIP[::-1]))
                tracks.append(_Track(frames, [centre], start, end,
                                     self._last(len(frames), self._words(cell, new))))
        tracks += [self._travel(travel) for travel in travels
                   if travel.frm in layout.centres and travel.to in layout.centres]
        self._tracks = tracks
        #: The cells of `after` the still picture must leave out while this plays (and
        #: the ends of the travels).
        self.hidden = frozenset(cell for cell in after
                                if cell in first or cell not in before or
                                before[cell] != after[cell]) | {t.to for t in travels}

    #: Frames a travel's window is cut into (its turn and its slide placed among them).
    _STEPS = 24

    def _travel(self, travel: Travel) -> _Track:
        """The track of a `Travel`: each of `_STEPS` frames of its window shows its piece
        whole, narrowing or widening, at its place on the way and of the size of a piece
        there (a place's size at either end, in between on the way; a turn before the
        slide happens where it starts). Frames alike are built once."""
        windows = [travel.move] + ([travel.turn] if travel.turn is not None else [])
        start, end = min(w[0] for w in windows), max(w[1] for w in windows)
        layout = self._layout
        a, b = layout.centres[travel.frm], layout.centres[travel.to]
        grow = layout.size_of(travel.frm) / layout.size_of(travel.to)
        m0, m1 = travel.move
        built: dict[tuple[int, int, int, bool],
                    tuple[ShapeList, list[tuple[arcade.Text, Point]]]] = {}

        def shown(piece: Piece, width: float, scale: float, words: bool
                  ) -> tuple[ShapeList, list[tuple[arcade.Text, Point]]]:
            key = (id(piece), round(width * 100), round(scale * 100), words)
            if key not in built:
                mesh = Mesh()
                draw_content(mesh, layout, travel.to, piece, (0.0, 0.0), sx=width,
                             scale=scale)
                size = layout.size_of(travel.to) * scale
                text = piece.words(self._colour_blind) if words else ""
                glyphs = [] if not text else [piece_text(text, (0.0, 0.0), size, piece)]
                built[key] = (mesh.shape_list(),
                              [(_glyphs(spec), (spec.x, spec.y)) for spec in glyphs])
            return built[key]

        turn = [(travel.piece, w) for w in _FLIP] + (
            [(travel.becomes, w) for w in _FLIP[::-1]] if travel.becomes is not None else [])
        frames, points, words = [], [], []
        span = max(end - start, 1e-9)
        for step in range(self._STEPS + 1):
            t = start + span * step / self._STEPS
            m = _ease((t - m0) / (m1 - m0) if m1 > m0 else float(t >= m1))
            points.append((a[0] + (b[0] - a[0]) * m, a[1] + (b[1] - a[1]) * m))
            scale = grow + (1.0 - grow) * m
            if travel.becomes is None or travel.turn is None or t < travel.turn[0]:
                piece, width, whole = travel.piece, 1.0, True
            else:
                t0, t1 = travel.turn
                f = 1.0 if t1 <= t0 else min(1.0, (t - t0) / (t1 - t0))
                piece, width = turn[min(len(turn) - 1, int(f * len(turn)))]
                whole = f >= 1.0
                if whole:
                    piece, width = travel.becomes, 1.0
            shapes, glyphs = shown(piece, width, scale, whole)
            frames.append(shapes)
            words.append(glyphs)
        return _Track(frames, points, start, end, words, stepped=True)

    def _carried(self, path: MovePath | None, before: Mapping[Cell, Content],
                 after: Mapping[Cell, Content], split: float, tracks: list[_Track]
                 ) -> set[Cell]:
        """A track per piece `path` carries along (after the moving piece): it slides to
        its new cell in the first half of its time, and turns over in the second if it
        changed on the way. Returns the cells these tracks take care of."""
        cells: set[Cell] = set()
        centres = self._layout.centres
        for start, end in path.carried if path is not None else ():
            old, new = before.get(start), after.get(end)
            if old is None or new is None or start not in centres or end not in centres:
                continue
            cells |= {start, end}
            points = [centres[start], centres[end]]
            if old == new:
                tracks.append(_Track(self._frames(end, old), points, split, 1.0,
                                     [self._words(end, old)]))
                continue
            turn = (self._frames(end, old, widths=_FLIP)
                    + self._frames(end, new, widths=_FLIP[::-1]))
            frames = [turn[0]] * len(turn) + turn  # the slide, then the turn-over
            words = [self._words(end, old)] * len(turn) + self._last(
                len(turn), self._words(end, new))
            tracks.append(_Track(frames, [*points, centres[end]], split, 1.0, words))
        return cells

    def _frames(self, cell: Cell, content: Content, widths: tuple[float, ...] = (1.0,),
                scales: tuple[float, ...] = (1.0,)) -> list[ShapeList]:
        """`content` drawn at the origin as in `cell`, squeezed to each width and sized
        to each scale in turn."""
        out = []
        for sx in widths:
            for scale in scales:
                mesh = Mesh()
                draw_content(mesh, self._layout, cell, content, (0.0, 0.0), sx=sx,
                             scale=scale)
                out.append(mesh.shape_list())
        return out

    @staticmethod
    def _last(frames: int, words: list[tuple[arcade.Text, Point]]
              ) -> list[list[tuple[arcade.Text, Point]]]:
        """`words` on the last of `frames` only (the piece whole again)."""
        return [[] for _ in range(frames - 1)] + [words]

    def _words(self, cell: Cell, content: Content) -> list[tuple[arcade.Text, Point]]:
        """The words on `content` in `cell` and a stack's count, with their offsets."""
        specs = content_words(self._layout, cell, content, self._colour_blind, (0.0, 0.0))
        if isinstance(content, Stack):
            count = count_text(self._layout, cell, content, (0.0, 0.0))
            specs += [count] if count is not None else []
        return [(_glyphs(spec), (spec.x, spec.y)) for spec in specs]

    @property
    def done(self) -> bool:
        """True once the whole transition has played."""
        return self.elapsed >= self.duration

    def update(self, delta_time: float) -> None:
        """Advance the clock."""
        self.elapsed += delta_time

    def draw(self) -> None:
        """Draw the moving pieces at this instant (the still picture draws the rest)."""
        t = min(1.0, self.elapsed / self.duration)
        for track in self._tracks:
            local = 1.0 if track.end <= track.start else (t - track.start) / (
                track.end - track.start)
            local = min(1.0, max(0.0, local))
            index = min(len(track.frames) - 1, int(local * len(track.frames)))
            if track.stepped:
                index = round(local * (len(track.frames) - 1))
                x, y = track.points[index]
            else:
                x, y = _along(track.points, _ease(local))
            shapes = track.frames[index]
            shapes.position = (x, y)
            shapes.draw()
            for text, (dx, dy) in track.words[index]:
                text.x, text.y = x + dx, y + dy
                text.draw()


def _glyphs(spec: TextSpec) -> arcade.Text:
    """The text of `spec` at the origin, shrunk to its width (glyphs of a piece)."""
    text = arcade.Text(spec.text, 0, 0, spec.colour, spec.height * 0.8 / _PX_PER_PT,
                       font_name=FONT_SANS, bold=spec.bold, anchor_x="center",
                       anchor_y="center")
    if text.content_width > spec.width:
        text.font_size = text.font_size * spec.width / text.content_width
    return text


def path_to(path: MovePath | None) -> Cell | None:
    """The end cell of `path`, None without a path."""
    return None if path is None else path.to


def _along(points: list[Point], t: float) -> Point:
    """The point a share `t` of the way along the polyline `points`."""
    if len(points) == 1:
        return points[0]
    legs = len(points) - 1
    leg = min(legs - 1, int(t * legs))
    share = t * legs - leg
    (x0, y0), (x1, y1) = points[leg], points[leg + 1]
    return x0 + (x1 - x0) * share, y0 + (y1 - y0) * share
