"""The ratings chart of a tournament (`ratings.png`), drawn with Pillow (no window needed).

One row per agent, strongest on top: a dot at the rating and a bar over its 95 %
interval, on a shared Elo axis with the anchor's 0 marked.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.i18n import _
from tabletop.ratings import Rating

if TYPE_CHECKING:
    from PIL.ImageFont import FreeTypeFont

WIDTH, ROW, TOP, BOTTOM, LEFT, RIGHT = 1000, 44, 70, 60, 170, 230
BACKGROUND, INK, DIM, GRID, BAR, DOT = (
    (250, 248, 243), (30, 30, 36), (110, 110, 120), (222, 220, 214), (70, 120, 200),
    (200, 70, 50))


def _font(size: int, bold: bool = False) -> FreeTypeFont:
    from PIL import ImageFont

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with resources.as_file(resources.files("tabletop.assets") / "fonts" / name) as path:
        return ImageFont.truetype(str(path), size)


def _step(span: float) -> float:
    """A round grid step giving about six lines over `span`."""
    raw = max(span, 1.0) / 6
    power = 10 ** math.floor(math.log10(raw))
    return next(power * m for m in (1, 2, 5, 10) if power * m >= raw)


def draw(ratings: Mapping[str, Rating], title: str, anchor: str, path: Path) -> None:
    """Write the chart of `ratings` to `path` (PNG)."""
    from PIL import Image, ImageDraw

    order = sorted(ratings, key=lambda a: -ratings[a].rating)
    height = TOP + BOTTOM + ROW * len(order)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    text, small, bold = _font(15), _font(12), _font(17, bold=True)
    low = min(min(r.low for r in ratings.values()), 0.0)
    high = max(max(r.high for r in ratings.values()), 0.0)
    pad = max((high - low) * 0.05, 10.0)
    low, high = low - pad, high + pad
    plot = WIDTH - LEFT - RIGHT

    def x(value: float) -> float:
        return LEFT + (value - low) / (high - low) * plot

    step = _step(high - low)
    tick = math.ceil(low / step) * step
    while tick <= high:
        pen.line([(x(tick), TOP - 8), (x(tick), height - BOTTOM + 8)], fill=GRID, width=1)
        pen.text((x(tick), height - BOTTOM + 14), f"{tick:g}", fill=DIM, font=small,
                 anchor="mt")
        tick += step
    pen.line([(x(0), TOP - 12), (x(0), height - BOTTOM + 8)], fill=DIM, width=2)
    pen.text((x(0), TOP - 14), f"{anchor} = 0", fill=DIM, font=small, anchor="mb")
    pen.text((LEFT, 14), title, fill=INK, font=bold)
    pen.text((x((low + high) / 2), height - 20), _("Elo rating, 95 % interval"), fill=DIM,
             font=small, anchor="mm")
    for row, name in enumerate(order):
        r = ratings[name]
        y = TOP + ROW * row + ROW / 2
        pen.text((LEFT - 14, y), name, fill=INK, font=text, anchor="rm")
        pen.line([(x(r.low), y), (x(r.high), y)], fill=BAR, width=5)
        for end in (r.low, r.high):
            pen.line([(x(end), y - 8), (x(end), y + 8)], fill=BAR, width=2)
        pen.ellipse([x(r.rating) - 6, y - 6, x(r.rating) + 6, y + 6], fill=DOT)
        pen.text((WIDTH - RIGHT + 16, y), f"{r.rating:.0f}  [{r.low:.0f}, {r.high:.0f}]",
                 fill=INK, font=text, anchor="lm")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path)
