"""What moves on the Verso table during an animation, drawn in a few calls a frame.

The cards in flight and the rising texts change every frame, so they cannot be kept in
the still picture. Drawn one arcade call per rectangle, dot and text they cost some
twenty draw calls a frame, each dearer than its pixels on a software rasterizer. A
`MovingPicture` collects a frame's coloured triangles in one buffer, and each moving
thing keeps its texts in a batch of its own. Things are drawn in layers: a thing goes one
layer above the highest earlier thing it overlaps this frame (cards landing on the
discard pile), so a layer's shapes are drawn in one call, then its texts, and every
thing still shows over what came before it, its texts over its own shapes. The
triangles are those arcade's own `draw_lbwh_rectangle_filled`,
`draw_lbwh_rectangle_outline` and `draw_circle_filled` draw.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

import pyglet

from tabletop.ui.kit import Rect, arcade

#: Arcade's ellipse shader's own value of pi (its circles, to the pixel).
_PI = 3.141592


@dataclass
class _Item:
    """One thing drawn whole: its triangles (a range of the frame's), its texts' batch."""

    bounds: Rect
    key: Hashable
    first: int
    count: int = 0
    texts: list[arcade.Text] = field(default_factory=list)


def _overlap(a: Rect, b: Rect) -> bool:
    return (min(a.right, b.right) > max(a.left, b.left)
            and min(a.top, b.top) > max(a.bottom, b.bottom))


class MovingPicture:
    """One frame of moving things: `begin`, then per thing `item` and its shapes and
    `text`s, then `draw`. A thing's texts are made by `make_text` with its key; a text
    not given in a frame is hidden in it."""

    def __init__(self) -> None:
        self._batches: dict[Hashable, pyglet.graphics.Batch] = {}
        self._points = array("f")
        self._colours = array("f")
        self._items: list[_Item] = []
        self._shown: set[arcade.Text] = set()
        self._geometry: Any = None
        self._buffers: tuple[Any, Any] | None = None

    def make_text(self, key: Hashable, text: str, x: float, y: float, colour: Any,
                  size: float, **style: Any) -> arcade.Text:
        """A text of the thing called `key` (in its batch; `style` as `arcade.Text`
        takes it), hidden until a frame shows it with `text`."""
        if key not in self._batches:
            self._batches[key] = pyglet.graphics.Batch()
        label = arcade.Text(text, x, y, colour, size, batch=self._batches[key], **style)
        label.visible = False
        return label

    def begin(self) -> None:
        """Start a frame (nothing is drawn until `draw`)."""
        self._points = array("f")
        self._colours = array("f")
        self._items = []

    def item(self, bounds: Rect, key: Hashable) -> None:
        """Start the next thing, called `key` (its texts' batch): it is drawn over what
        came before it. `bounds` holds every pixel it may cover (for the overlap test)."""
        self._items.append(_Item(bounds, key, len(self._points) // 2))

    def _triangles(self, points: list[tuple[float, float]], colour: Any) -> None:
        for x, y in points:
            self._points.extend((x, y))
        # 0-255 floats, as the shape list program takes them.
        rgba = tuple(colour) if len(colour) == 4 else (*colour, 255)
        self._colours.extend(rgba * len(points))
        self._items[-1].count += len(points)

    def rect(self, left: float, bottom: float, width: float, height: float,
             colour: Any) -> None:
        """A filled rectangle (as `arcade.draw_lbwh_rectangle_filled`)."""
        right, top = left + width, bottom + height
        self._triangles([(left, bottom), (right, bottom), (left, top),
                         (right, bottom), (right, top), (left, top)], colour)

    def outline(self, left: float, bottom: float, width: float, height: float,
                colour: Any, border: float) -> None:
        """A rectangle's outline centred on its edges (as
        `arcade.draw_lbwh_rectangle_outline`: the same strip, as triangles)."""
        half = border / 2
        right, top = left + width, bottom + height
        outer = [(left - half, top + half), (right + half, top + half),
                 (right + half, bottom - half), (left - half, bottom - half)]
        inner = [(left + half, top - half), (right - half, top - half),
                 (right - half, bottom + half), (left + half, bottom + half)]
        strip = [p for i in (0, 1, 2, 3, 0) for p in (outer[i], inner[i])]
        self._triangles([strip[i + k] for i in range(len(strip) - 2) for k in (0, 1, 2)],
                        colour)

    def disc(self, x: float, y: float, radius: float, colour: Any, segments: int) -> None:
        """A filled circle of `segments` triangles (as `arcade.draw_circle_filled`)."""
        step = _PI * 2 / segments
        rim = [(x + math.sin(i * step) * radius, y + math.cos(i * step) * radius)
               for i in range(segments + 1)]
        self._triangles([p for i in range(segments)
                         for p in ((x, y), rim[i + 1], rim[i])], colour)

    def text(self, label: arcade.Text, x: float, y: float) -> None:
        """Show `label` (made by `make_text` for this thing) at (x, y) this frame, over
        the thing's shapes."""
        if label.position != (x, y):
            label.position = (x, y)
        self._items[-1].texts.append(label)

    def draw(self) -> None:
        """Draw the frame, a layer at a time: its shapes in one call, then its texts."""
        shown = {label for item in self._items for label in item.texts}
        for label in self._shown - shown:
            label.visible = False
        for label in shown - self._shown:
            label.visible = True
        self._shown = shown
        layers: list[list[_Item]] = []
        depth: list[int] = []
        for index, item in enumerate(self._items):
            level = 1 + max((depth[i] for i, earlier in enumerate(self._items[:index])
                             if _overlap(earlier.bounds, item.bounds)), default=-1)
            depth.append(level)
            if level == len(layers):
                layers.append([])
            layers[level].append(item)
        points, colours, ranges = array("f"), array("f"), []
        for layer in layers:
            start = len(points) // 2
            for item in layer:
                points += self._points[2 * item.first:2 * (item.first + item.count)]
                colours += self._colours[4 * item.first:4 * (item.first + item.count)]
            ranges.append((start, len(points) // 2 - start))
        if not layers:
            return
        ctx = arcade.get_window().ctx
        geometry, program = self._upload(points, colours), ctx.shape_element_list_program
        program["Position"] = 0.0, 0.0
        program["Angle"] = 0.0
        for layer, (first, count) in zip(layers, ranges, strict=True):
            if count:
                ctx.enable(ctx.BLEND)  # a batch's drawing may leave blending off
                geometry.render(program, first=first, vertices=count)
            for item in layer:
                if item.texts:
                    self._batches[item.key].draw()

    def _upload(self, points: array[float], colours: array[float]) -> Any:
        """The frame's triangles in the GPU buffers (grown when too small)."""
        ctx = arcade.get_window().ctx
        if self._buffers is None or self._buffers[0].size < len(points) * 4:
            size = max(len(points) * 4, 4096)
            self._buffers = (ctx.buffer(reserve=size), ctx.buffer(reserve=2 * size))
            self._geometry = ctx.geometry(
                [arcade.gl.BufferDescription(self._buffers[0], "2f", ["in_vert"]),
                 arcade.gl.BufferDescription(self._buffers[1], "4f", ["in_color"])],
                mode=ctx.TRIANGLES)
        for buffer, data in zip(self._buffers, (points, colours), strict=True):
            buffer.orphan()  # fresh storage: no wait for the last frame's draw to read it
            buffer.write(data.tobytes())
        return self._geometry
