"""The still part of the table, painted once into an offscreen texture.

Headless machines draw with a software rasterizer, where every covered pixel costs, so
painting a few hundred overlapping shapes and texts each frame is too slow for the frame
budget. The table only changes when the position, selection or hint changes, so `render`
paints it (shape list and text batch) into a framebuffer the size of the board, and
`draw` puts that picture on screen as one textured quad, blending off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyglet.math import Mat4

from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect

_VERTEX = """
#version 330
in vec2 in_vert;
in vec2 in_uv;
out vec2 uv;
void main() {
    gl_Position = vec4(in_vert, 0.0, 1.0);
    uv = in_uv;
}
"""
_FRAGMENT = """
#version 330
uniform sampler2D picture;
in vec2 uv;
out vec4 colour;
void main() {
    colour = texture(picture, uv);
}
"""


class Canvas:
    """An offscreen picture of one board rectangle, redrawn on demand."""

    def __init__(self, background: tuple[int, int, int]) -> None:
        self.background = background
        self.area: Rect | None = None
        self._fbo: Any = None
        self._texture: Any = None
        self._program: Any = None
        self._quad: Any = None
        self._quad_for: tuple[Rect, tuple[int, int]] | None = None

    def render(self, area: Rect, paint: Callable[[], None]) -> None:
        """Paint the board rectangle `area` with `paint` (window coordinates) offscreen."""
        window = arcade.get_window()
        ctx = window.ctx
        ratio = window.get_pixel_ratio()
        size = (max(1, round(area.width * ratio)), max(1, round(area.height * ratio)))
        if self._texture is None or self._texture.size != size:
            self._texture = ctx.texture(size, components=4)
            # Drawn 1:1 onto the window: nearest sampling is exact and the cheapest.
            self._texture.filter = (ctx.NEAREST, ctx.NEAREST)
            self._fbo = ctx.framebuffer(color_attachments=[self._texture])
        if self._program is None:
            self._program = ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        self.area = area
        projection, view = window.projection, window.view
        try:
            with self._fbo.activate():
                self._fbo.clear(color=(*self.background, 255))
                window.projection = Mat4.orthogonal_projection(
                    area.left, area.right, area.bottom, area.top, -100, 100)
                window.view = Mat4()
                paint()
        finally:
            window.projection, window.view = projection, view

    def draw(self) -> None:
        """Put the last picture on screen at its rectangle (one quad, no blending)."""
        if self.area is None or self._texture is None:
            return
        window = arcade.get_window()
        key = (self.area, window.get_size())
        if self._quad is None or self._quad_for != key:
            width, height = key[1]
            area = self.area
            size = (area.width / width * 2, area.height / height * 2)
            centre = (area.center[0] / width * 2 - 1, area.center[1] / height * 2 - 1)
            self._quad = arcade.gl.geometry.quad_2d(size=size, pos=centre)
            self._quad_for = key
        ctx = window.ctx
        self._texture.use(0)
        self._program["picture"] = 0
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)
        self._quad.render(self._program)
        if blending:
            ctx.enable(ctx.BLEND)
