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

import contextlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pyglet import gl
from pyglet.math import Mat4, Vec4

from tabletop.ui._arcade import arcade
from tabletop.ui.geometry import Rect

Point = tuple[float, float]


class Canvas:
    """A picture of one window rectangle, painted on demand and shown as one shape.

    `background` is the opaque colour the picture starts from, so texts and translucent
    marks blend exactly as they would on screen and the picture is shown without blending.
    `samples` > 1 paints multisampled (smooth edges) and resolves into the picture.

    `window_order=True` is for a picture copied straight to the window (the game screen's
    whole still frame): where OpenGL has clip control (4.5), it is painted with the clip
    origin at the upper left, so it is held upside down, in the row order and pixel format
    (BGRA) of Mesa's software rasterizer's windows, and copied with a flipped blit, which
    that rasterizer then does as a plain memory copy instead of drawing a textured quad (a
    full-window copy costs less than the window's clear). The rasterizer keeps OpenGL's
    rule for pixels on an edge under either origin, so the pixels are the same; on other
    drivers it is the same picture, copied by the same standard blit.
    """

    def __init__(self, background: tuple[int, int, int], samples: int = 1,
                 window_order: bool = False) -> None:
        self.background = background
        self.samples = samples
        self.window_order = window_order
        self._upside_down = False  # painted with the clip origin at the upper left
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
        placed = (corners, key, tuple(window.projection @ window.view))
        if self._shape is None or self._shape_for != placed:
            self._shape = _fan(corners, area, window.ctx, self._upside_down)
            self._shape_for = placed
        ctx = window.ctx
        self._texture.use(0)
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)
        self._shape.render(ctx.utility_textured_quad_program)
        if blending:
            ctx.enable(ctx.BLEND)

    def _blit(self, area: Rect) -> bool:
        """Copy the picture to where `area` lies in the framebuffer drawn to (the window,
        or another picture being painted), if it lies on whole pixels there (False
        otherwise: the quad then places it). A copy costs the software rasterizer about
        two thirds of a textured quad, and is the same pixels."""
        corners = [_target_pixels(x, y) for x, y in ((area.left, area.bottom),
                                                     (area.right, area.top))]
        (x0, y0), (x1, y1) = [(round(x), round(y)) for x, y in corners]
        width, height = self._texture.size
        if (any(abs(a - round(a)) > 1e-3 for corner in corners for a in corner)
                or (abs(x1 - x0), abs(y1 - y0)) != (width, height)):
            return False
        target: Any = arcade.get_window().ctx.active_framebuffer  # the backend's: has glo
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, self._resolved.glo)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, target.glo)
        top, bottom = (0, height) if self._upside_down else (height, 0)
        gl.glBlitFramebuffer(0, bottom, width, top, x0, y0, x1, y1, gl.GL_COLOR_BUFFER_BIT,
                             gl.GL_NEAREST)
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
            self._upside_down = self.window_order and _has_clip_control()
            if self._upside_down:
                _store_as_bgra(self._texture)
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
                with _clip_origin(self._upside_down):
                    paint()
            if self._target is not self._resolved:
                ctx.copy_framebuffer(self._target, self._resolved, depth=False)
                # The copy leaves GL's read and draw bindings on the two pictures while
                # arcade believes the screen is bound: bind it for real again.
                screen.use(force=True)
        finally:
            window.projection, window.view = projection, view


#: True while a picture is painted with the clip origin at the upper left.
_upside_down_now = False


def _has_clip_control() -> bool:
    """True if OpenGL can move the clip origin (`glClipControl`: 4.5, or its extension)."""
    info = gl.gl_info
    return bool(info.have_version(4, 5) or info.have_extension("GL_ARB_clip_control"))


@contextlib.contextmanager
def _clip_origin(upside_down: bool) -> Iterator[None]:
    """Paint with the clip origin at the upper left (`upside_down`) or the lower left,
    then put back the one before (a picture may be painted inside another)."""
    global _upside_down_now
    before = _upside_down_now
    if upside_down != before:
        gl.glClipControl(gl.GL_UPPER_LEFT if upside_down else gl.GL_LOWER_LEFT,
                         gl.GL_NEGATIVE_ONE_TO_ONE)
        _upside_down_now = upside_down
    try:
        yield
    finally:
        if upside_down != before:
            gl.glClipControl(gl.GL_UPPER_LEFT if before else gl.GL_LOWER_LEFT,
                             gl.GL_NEGATIVE_ONE_TO_ONE)
            _upside_down_now = before


def _store_as_bgra(texture: Any) -> None:
    """Give `texture` (4 bytes a pixel, mutable) fresh storage that Mesa keeps as BGRA,
    the order of its windows' pixels: an unsized format, filled from BGRA bytes."""
    width, height = texture.size
    gl.glActiveTexture(gl.GL_TEXTURE0)
    gl.glBindTexture(gl.GL_TEXTURE_2D, texture.glo)
    gl.glTexImage2D(gl.GL_TEXTURE_2D, 0, gl.GL_RGBA, width, height, 0, gl.GL_BGRA,
                    gl.GL_UNSIGNED_BYTE, None)


def _target_pixels(x: float, y: float) -> tuple[float, float]:
    """Where window point (x, y) lands in the framebuffer drawn to: through the current
    projection (a picture being painted has its own, maybe upside down) and viewport."""
    window = arcade.get_window()
    point = window.projection @ window.view @ Vec4(x, y, 0.0, 1.0)
    left, bottom, width, height = window.ctx.active_framebuffer.viewport
    rise = -point.y if _upside_down_now else point.y  # the clip origin's flip
    return left + (point.x + 1) / 2 * width, bottom + (rise + 1) / 2 * height


def _fan(outline: Sequence[Point], area: Rect, ctx: Any, upside_down: bool = False) -> Any:
    """Triangles covering the convex polygon `outline` (window pixels), in normalised
    device coordinates of the framebuffer drawn to, with the texture coordinates of the
    picture of `area` (held `upside_down` or not)."""
    window = arcade.get_window()
    transform = window.projection @ window.view
    data = array("f")
    for i in range(1, len(outline) - 1):
        for x, y in (outline[0], outline[i], outline[i + 1]):
            point = transform @ Vec4(x, y, 0.0, 1.0)
            v = (y - area.bottom) / area.height
            data.extend((point.x, point.y, (x - area.left) / area.width,
                         1 - v if upside_down else v))
    return ctx.geometry([arcade.gl.BufferDescription(ctx.buffer(data=data), "2f 2f",
                                                     ["in_vert", "in_uv"])],
                        mode=ctx.TRIANGLES)
