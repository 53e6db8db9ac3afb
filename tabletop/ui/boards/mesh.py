"""Triangles with colours, turned into one arcade shape: a whole layer in one draw call.

Outlines are thin quads, not GL lines, so they keep their width on every driver.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabletop.ui._arcade import arcade
from tabletop.ui.boards.geometry import Colour, Point

RGBA = tuple[int, int, int, int]
ShapeList = arcade.shape_list.ShapeElementList[Any]


def rgba(colour: Colour, alpha: int | None = None) -> RGBA:
    """`colour` as RGBA; `alpha` replaces its alpha if given."""
    a = colour[3] if len(colour) == 4 else 255
    return colour[0], colour[1], colour[2], a if alpha is None else alpha


class Mesh:
    """Triangles with per-vertex colours, appended in drawing order (later on top)."""

    def __init__(self) -> None:
        self.points: list[Point] = []
        self.colours: list[RGBA] = []

    def triangle(self, a: Point, b: Point, c: Point, colour: RGBA) -> None:
        """One flat triangle."""
        self.points += (a, b, c)
        self.colours += (colour, colour, colour)

    def polygon(self, corners: Sequence[Point], colour: RGBA) -> None:
        """A convex polygon, as a fan from its first corner."""
        for i in range(1, len(corners) - 1):
            self.triangle(corners[0], corners[i], corners[i + 1], colour)

    def line(self, a: Point, b: Point, width: float, colour: RGBA, caps: bool = False) -> None:
        """A straight stroke; `caps` extends it by half its width at both ends."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        if caps:
            a = (a[0] - ux * width / 2, a[1] - uy * width / 2)
            b = (b[0] + ux * width / 2, b[1] + uy * width / 2)
        nx, ny = -uy * width / 2, ux * width / 2
        p1, p2 = (a[0] + nx, a[1] + ny), (a[0] - nx, a[1] - ny)
        p3, p4 = (b[0] - nx, b[1] - ny), (b[0] + nx, b[1] + ny)
        self.triangle(p1, p2, p3, colour)
        self.triangle(p1, p3, p4, colour)

    def outline(self, corners: Sequence[Point], width: float, colour: RGBA) -> None:
        """A closed polyline of the given width, centred on the corners."""
        for i, a in enumerate(corners):
            self.line(a, corners[(i + 1) % len(corners)], width, colour, caps=True)

    def sector(self, centre: Point, r_in: float, r_out: float, a0: float, a1: float,
               colour: RGBA, sx: float = 1.0) -> None:
        """An annular sector between angles `a0` and `a1` (radians), in steps of at most
        10°; `r_in` 0 gives a pie slice. `sx` squeezes it horizontally (a piece seen
        turning over)."""
        x, y = centre
        steps = max(2, int(abs(a1 - a0) / (math.pi / 18)) + 1)
        for i in range(steps):
            t0 = a0 + (a1 - a0) * i / steps
            t1 = a0 + (a1 - a0) * (i + 1) / steps
            o0 = (x + sx * r_out * math.cos(t0), y + r_out * math.sin(t0))
            o1 = (x + sx * r_out * math.cos(t1), y + r_out * math.sin(t1))
            if r_in <= 0:
                self.triangle(centre, o0, o1, colour)
                continue
            i0 = (x + sx * r_in * math.cos(t0), y + r_in * math.sin(t0))
            i1 = (x + sx * r_in * math.cos(t1), y + r_in * math.sin(t1))
            self.triangle(i0, o0, o1, colour)
            self.triangle(i0, o1, i1, colour)

    def ring(self, centre: Point, r_in: float, r_out: float, colour: RGBA,
             sx: float = 1.0) -> None:
        """A circle outline of width `r_out - r_in` (`sx` squeezes it horizontally)."""
        self.sector(centre, r_in, r_out, 0.0, 2 * math.pi, colour, sx)

    def disc(self, centre: Point, radius: float, colour: RGBA, sx: float = 1.0) -> None:
        """A filled circle (`sx` squeezes it horizontally: a disc seen turning over)."""
        self.sector(centre, 0.0, radius, 0.0, 2 * math.pi, colour, sx)

    def __len__(self) -> int:
        """The number of triangles."""
        return len(self.points) // 3

    def arrow(self, a: Point, b: Point, width: float, colour: RGBA,
              shorten: float = 0.0) -> None:
        """A straight arrow from `a` to `b` with its head at `b`; `shorten` pulls both
        ends in (an arrow between two pieces rather than over their centres), and leaves
        it out where they would meet."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        if shorten:
            if length <= 2 * shorten + width:
                return
            a = (a[0] + ux * shorten, a[1] + uy * shorten)
            b = (b[0] - ux * shorten, b[1] - uy * shorten)
            length -= 2 * shorten
        head = min(width * 3.0, length * 0.5)
        base = (b[0] - ux * head, b[1] - uy * head)
        self.line(a, base, width, colour)
        nx, ny = -uy * head * 0.6, ux * head * 0.6
        self.triangle(b, (base[0] + nx, base[1] + ny), (base[0] - nx, base[1] - ny), colour)

    def shape_list(self) -> ShapeList:
        """The triangles as one shape in a shape list (empty if there are none)."""
        shapes: ShapeList = arcade.shape_list.ShapeElementList()
        if self.points:
            shapes.append(arcade.shape_list.create_triangles_filled_with_colors(
                self.points, self.colours))
        return shapes
