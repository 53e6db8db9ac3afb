"""An offscreen picture of the still part of a board, for renderers.

On a software rasterizer (the headless tests, machines without a GPU) and on weak GPUs a
frame costs the pixels it fills, not the draw calls: a board whose cells, pieces, marks
and texts overlap several times over is too slow to paint every frame. But it changes only
when the position, the selection or the hint does. So a renderer paints it into a
`Canvas` when it changes and shows it each frame as one textured quad (or polygon), with
only what moves drawn on top.

    self.canvas = Canvas(BACKGROUND)
    ...
    def sync(self):            # the position or selection changed
        self.canvas.dirty = True
    def draw(self):
        self.canvas.draw(self.area, self.paint_still)   # paints only when dirty
        self.animation.draw()
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

from pyglet import gl
from pyglet.math import Mat4

from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect

Point = tuple[float, float]


class Canvas:
    """A picture of one window rectangle, painted on demand and shown as one shape.

    `background` is the opaque colour the picture starts from, so texts and translucent
    marks blend exactly as they would on screen and the picture is shown without blending.
    `samples` > 1 paints multisampled (smooth edges) and resolves into the picture.
    """

    def __init__(self, background: tuple[int, int, int], samples: int = 1) -> None:
        self.background = background
        self.samples = samples
        #: Set to True when the picture must be painted again before it is shown.
        self.dirty = True
        self._painted_for: tuple[Rect, tuple[int, int]] | None = None
        self._texture: Any = None
        self._target: Any = None  # the framebuffer painted into (multisampled or not)
        self._resolved: Any = None  # the framebuffer holding the picture
        self._shape: Any = None
        self._shape_for: tuple[Any, ...] | None = None

    def draw(self, area: Rect, paint: Callable[[], None],
             outline: Sequence[Point] | None = None) -> None:
        """Show the picture of `area`, painting it first with `paint` if it is dirty.

        `paint` draws in window coordinates, as it would on screen. `outline`, a convex
        polygon in window pixels, limits what is shown to it (fewer pixels, a cheaper
        frame); by default the whole rectangle is shown.
        """
        window = arcade.get_window()
        key = (area, window.get_size())
        if self.dirty or self._painted_for != key:
            self._paint(area, paint)
            self._painted_for = key
            self.dirty = False
        if outline is None and self._blit(area):
            return
        corners = tuple(outline) if outline is not None else (
            (area.left, area.bottom), (area.right, area.bottom),
            (area.right, area.top), (area.left, area.top))
        if self._shape is None or self._shape_for != (corners, key):
            self._shape = _fan(corners, area, window.ctx)
            self._shape_for = (corners, key)
        ctx = window.ctx
        self._texture.use(0)
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)
        self._shape.render(ctx.utility_textured_quad_program)
        if blending:
            ctx.enable(ctx.BLEND)

    def _blit(self, area: Rect) -> bool:
        """Copy the picture to where `area` lies in the framebuffer drawn to, if it lies on
        whole pixels (False otherwise: the quad then places it). A copy costs the
        software rasterizer about two thirds of a textured quad, and is the same pixels.
        """
        window = arcade.get_window()
        ratio = window.get_pixel_ratio()
        left, bottom = area.left * ratio, area.bottom * ratio
        width, height = self._texture.size
        if left != round(left) or bottom != round(bottom) or (
                (round(area.width * ratio), round(area.height * ratio)) != (width, height)):
            return False
        ctx = window.ctx
        target: Any = ctx.active_framebuffer  # the OpenGL backend's, which has `glo`
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self._resolved.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, target.glo)
        x, y = round(left), round(bottom)
        gl.glBlitFramebuffer(0, 0, width, height, x, y, x + width, y + height,
                             gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        target.use(force=True)  # arcade tracks the binding: make GL agree with it again
        return True

    def _paint(self, area: Rect, paint: Callable[[], None]) -> None:
        window = arcade.get_window()
        ctx = window.ctx
        ratio = window.get_pixel_ratio()
        size = (max(1, round(area.width * ratio)), max(1, round(area.height * ratio)))
        if self._texture is None or self._texture.size != size:
            # Shown 1:1 on the window: nearest sampling is exact and the cheapest.
            self._texture = ctx.texture(size, components=4, filter=(ctx.NEAREST, ctx.NEAREST))
            self._resolved = ctx.framebuffer(color_attachments=[self._texture])
            self._target = self._resolved if self.samples <= 1 else ctx.framebuffer(
                color_attachments=[ctx.texture(size, components=4, samples=self.samples)])
        screen = ctx.active_framebuffer
        projection, view = window.projection, window.view
        try:
            with self._target.activate() as target:
                target.clear(color=(*self.background, 255))
                window.projection = Mat4.orthogonal_projection(
                    area.left, area.right, area.bottom, area.top, -100, 100)
                window.view = Mat4()
                paint()
            if self._target is not self._resolved:
                ctx.copy_framebuffer(self._target, self._resolved, depth=False)
                # The copy leaves GL's read and draw bindings on the two pictures while
                # arcade believes the screen is bound: bind it for real again.
                screen.use(force=True)
        finally:
            window.projection, window.view = projection, view


def _fan(outline: Sequence[Point], area: Rect, ctx: Any) -> Any:
    """Triangles covering the convex polygon `outline` (window pixels), in normalised
    device coordinates, with the texture coordinates of the picture of `area`."""
    width, height = arcade.get_window().get_size()
    data = array("f")
    for i in range(1, len(outline) - 1):
        for x, y in (outline[0], outline[i], outline[i + 1]):
            data.extend((2 * x / width - 1, 2 * y / height - 1,
                         (x - area.left) / area.width, (y - area.bottom) / area.height))
    return ctx.geometry([arcade.gl.BufferDescription(ctx.buffer(data=data), "2f 2f",
                                                     ["in_vert", "in_uv"])],
                        mode=ctx.TRIANGLES)
