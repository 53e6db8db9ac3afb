"""The launcher's pictures of games: drawn by each game's own renderer once, then kept.

A picture is the renderer's `thumbnail_position` drawn into the
window's back buffer (before the frame that shows it clears that buffer) and read back as
a texture: by a renderer that `draws_pictures`, for the picture's own small size (the
launcher's, `glance`); by any other, at a table's size at least, shown scaled down. It
is kept per game, position and size for the life of the process (until the
language changes: `forget`). A game
drawn by the generic text renderer, or whose renderer declines or fails, has no picture:
the launcher draws a tidy generic card instead.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.model import TabletopError
from tabletop.play.table import Table
from tabletop.store.library import Entry
from tabletop.ui._arcade import arcade

if TYPE_CHECKING:
    from tabletop.model import Game
    from tabletop.ui.renderer import Renderer, RendererContext
    from tabletop.ui.services import Services

#: The least size a picture is drawn at (it fits the smallest window).
DRAWN_WIDTH, DRAWN_HEIGHT = 480, 360

_KEPT: dict[tuple[str, str, int, int], arcade.Texture | None] = {}


def kept_game_picture(services: Services, entry: Entry, size: tuple[int, int],
                      glance: bool = False) -> arcade.Texture | None:
    """The picture of a kept game at its latest position (None: the generic card)."""
    def position() -> tuple[Any, int | None] | None:
        library = services.keeper.library
        if library is None:
            return None
        try:
            table = Table.from_record(services.host, library.read_record(entry.id))
        except TabletopError:
            # A kept file damaged since it was listed, or a record that no longer
            # replays: Continue says so; the launcher only shows the generic card.
            return None
        shot = table.snapshot()
        return shot.view, shot.to_move

    return picture(services, entry.game or "", size, position, kept_game_key(entry),
                   glance=glance)


def _table_size(size: tuple[int, int]) -> tuple[int, int]:
    # Drawn at a table's size at least and shown scaled down: a renderer lays a small
    # area out for reading (big labels, a part of the table), not for a picture.
    scale = max(1.0, DRAWN_WIDTH / max(1, size[0]), DRAWN_HEIGHT / max(1, size[1]))
    return int(size[0] * scale), int(size[1] * scale)


def _cache_key(game_id: str, size: tuple[int, int], key: str,
               glance: bool) -> tuple[str, str, int, int]:
    if glance:  # drawn at `size` by a renderer that draws pictures, else as a table
        return game_id, f"{key}@glance", int(size[0]), int(size[1])
    return (game_id, key, *_table_size(size))


def ready(game_id: str, size: tuple[int, int], key: str = "typical",
          glance: bool = False) -> bool:
    """True if the picture of `game_id` at `size` (`key` and `glance` as for `picture`)
    is drawn already (or known to be the generic card): asking for it costs nothing."""
    return _cache_key(game_id, size, key, glance) in _KEPT


def forget() -> None:
    """Draw every picture again when next asked for (the language changed: a renderer
    may draw words)."""
    _KEPT.clear()


def kept_game_key(entry: Entry) -> str:
    """The key of a kept game's picture: its id and length (a new move, a new picture)."""
    return f"{entry.id}:{entry.plies}"


def picture(services: Services, game_id: str, size: tuple[int, int],
            position: Callable[[], tuple[Any, int | None] | None] | None = None,
            key: str = "typical",
            dress: Callable[[], Mapping[str, Any]] | None = None,
            glance: bool = False) -> arcade.Texture | None:
    """The picture of `game_id` at `size` pixels, or None for the generic card.

    `position()` gives the `(view, to_move)` to draw, or None for no picture (default: the
    renderer's thumbnail position); it is called only if `key` (e.g. a kept game's id and
    length) is not kept. `dress()`, if given, gives more of the frame to show (`last`, the
    last move; `marks`, what to look at) as the `Frame`'s fields. With `glance` (the
    launcher's small pictures), a renderer that `draws_pictures` draws it for `size`
    itself (`RendererContext.picture`); another draws its table, shown scaled down."""
    cache_key = _cache_key(game_id, size, key, glance)
    if cache_key not in _KEPT:
        try:
            _KEPT[cache_key] = _draw(services, game_id, (int(size[0]), int(size[1])),
                                     position, key, dress, glance)
        except (Exception, SystemExit) as exc:  # plugin code: a failing picture is only
            # a missing one (and never ends the services)
            traceback.print_exception(exc, file=sys.stderr)
            _KEPT[cache_key] = None
    return _KEPT[cache_key]


def picture_context(game: Game[Any, Any], colour_blind: bool,
                    picture: bool = False) -> RendererContext:
    """The context a renderer draws a still picture in: no animation, no notation, and
    every seat as a person's here, so that a picture names its seats plainly ("Player 2",
    not "Player 2 · computer", which a small picture would cut) while nobody moves in it
    (its frames are never interactive)."""
    from tabletop.ui.renderer import RendererContext

    return RendererContext(game=game, seats=frozenset(range(game.info.max_players)),
                           colour_blind=colour_blind, animation_seconds=0.0,
                           notation=lambda move: "", picture=picture)


def _draw(services: Services, game_id: str, size: tuple[int, int],
          position: Callable[[], tuple[Any, int | None] | None] | None,
          key: str, dress: Callable[[], Mapping[str, Any]] | None = None,
          glance: bool = False) -> arcade.Texture | None:
    # The renderer's side is imported with the first picture, not on the way to the
    # launcher's first frame (which shows cards in their place).
    from tabletop.ui.fallback import TextRenderer
    from tabletop.ui.renderer import Rect
    from tabletop.ui.stage import Stage

    renderer_class: type[Renderer] = services.make_renderer(game_id)
    if renderer_class is TextRenderer:
        return None
    game = services.host.game(game_id)
    shown = position() if position is not None else renderer_class.thumbnail_position(game)
    if shown is None:
        return None
    view, to_move = shown
    picture = glance and renderer_class.draws_pictures
    if not picture:
        size = _table_size(size)
    renderer = renderer_class(picture_context(game, services.settings.colour_blind,
                                              picture))
    stage = Stage(renderer)
    stage.set_area(Rect(0, 0, *size))
    stage.position(view, to_move, (), False, focused=False,
                   **(dress() if dress is not None else {}))
    window = services.window
    window.clear()
    stage.draw()
    image = arcade.get_image(0, 0, *size)
    window.clear()  # the frame being built starts from a clean buffer anyway
    return arcade.Texture(image, hash=f"tabletop-thumbnail:{game_id}:{key}:{size}")
