"""The Rules screen (F1): a game's rules at a glance, its rulebook to read, then back.

A game whose tutorial has a glance (`tabletop.tutorial.Glance`) opens on that first page:
the rules in a few lines beside pictures of real positions of its tutorial, drawn by the
game's renderer with what they show framed. The rulebook is the other page ("Rulebook",
R; G goes back to the glance): the game's `GameInfo.rules_text` (the same file as in
docs/) or, for a game without one, its short `rules_help`. It scrolls with the wheel, the
arrows, PgUp/PgDn, Space/Shift-Space, Home/End and the scroll bar (drag the thumb, click
the track); the keys 1 to 9 go to that section of the rulebook (from the glance too: they
turn to the rulebook and go there). "Learn <game>" opens the game's tutorial. Esc, F1 or
Close go back to the screen the rules were opened from.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import N_, _
from tabletop.model import GameInfo, TabletopError
from tabletop.tutorial import tutorial_of
from tabletop.ui import thumbnails
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.markdown import parse
from tabletop.ui.reader import Reader, Style, reading_width
from tabletop.ui.renderer import Ply, Rect
from tabletop.ui.textbox import MIN_POINTS, wrapped_lines
from tabletop.ui.widgets import (
    ACCENT,
    BUTTON_HOVER,
    BUTTON_OFF,
    DIM,
    FOCUS,
    KEYS_PRESS,
    PANEL,
    TEXT,
    Screen,
)

if TYPE_CHECKING:
    from tabletop.ui.services import Services

# (Esc is on the Close button beside it: the line leaves it out to be read whole.)
HINT = N_("Wheel, ↑ ↓, PgUp PgDn, Home End scroll · 1–9 go to a section")
SHORT_HINT = N_("Esc or F1 to close")
GLANCE_HINT = N_("R or ↓: the rulebook · Esc or F1 close")
#: The pages of the screen: the rules at a glance (where the game has one), the rulebook.
GLANCE, RULEBOOK = "glance", "rulebook"


def rules_text(info: GameInfo) -> str:
    """The markdown-lite text the Rules screen shows for a game, in the player's language
    where the game ships its rulebook in it (`GameInfo.rules_in`)."""
    name, short = i18n.translated(info.name), i18n.translated(info.rules_help)
    return info.rules_in(i18n.language()) or f"# {name}\n\n{short}"


class RulesScreen(Screen):
    """A game's rules, full window; `back` is the view shown again on close."""

    def __init__(self, services: Services, info: GameInfo, back: arcade.View,
                 symbols: Sequence[str] = ()) -> None:
        """`symbols` are the board's legend lines, shown as the rules' last section."""
        super().__init__(services)
        self.info = info
        self.back = back
        self.symbols = tuple(symbols)
        #: The text shown and the language it is in (a new language: a new text).
        self.text = ""
        self.text_language = ""
        self._make_text()
        self.reader: Reader | None = None
        self.frame = Rect(0, 0, 0, 0)  # the reading box
        self.header: arcade.Text | None = None
        self.hint: arcade.Text | None = None
        self.glance = _glance(services, info)
        #: The page shown: the glance first where the game has one.
        self.page = GLANCE if self.glance is not None else RULEBOOK
        #: "Learn <game>": the game ships a tutorial, and the rules are not open on it.
        self.learn = info.tutorial is not None and getattr(back, "teaches", None) != info.id
        self._pictures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._tab_bar: Rect | None = None

    def _make_text(self) -> None:
        """The rules in the player's language, the board's symbols last."""
        self.text = rules_text(self.info)
        if self.symbols:
            # A closing paragraph, not a section: the number keys keep the rulebook's §s.
            self.text += ("\n\n" + _("**Symbols on the board** (L in a game shows them "
                                      "drawn):") + "\n\n"
                          + "\n".join(f"- {i18n.translated(line)}" for line in self.symbols)
                          + "\n")
        self.text_language = i18n.language()

    def build(self, width: int, height: int) -> None:
        px = self.px
        if self.text_language != i18n.language():
            self._make_text()
            self.reader = None  # laid out again in the new language, from the top
        style = Style(max(11.0, px(15)), TEXT, ACCENT, ACCENT, PANEL)
        padding, bar = max(12.0, px(24)), max(10.0, px(12))
        # The box is as wide as a comfortable line of text, centred; never wider than fits.
        room = width - 2 * px(24)
        box_width = min(room, reading_width(style, padding, bar))
        left = (width - box_width) / 2
        tab_w = min(px(170), box_width / 4)
        tabs = 2 * tab_w + px(10) if self.glance is not None else 0.0
        self.header = self.label(_("{game}: rules").format(game=i18n.translated(self.info.name)),
                                 left, height - px(46), 24,
                                 bold=True, width=box_width - tabs)
        self._pictures = arcade.SpriteList()
        self._tab_bar = None
        if self.glance is not None:
            for index, (label, page) in enumerate(((_("At a glance (G)"), GLANCE),
                                                   (_("Rulebook (R)"), RULEBOOK))):
                rect = Rect(left + box_width - tabs + index * (tab_w + px(10)),
                            height - px(68), tab_w, px(40))
                self.add_button(label, rect, partial(self.show_page, page),
                                name=f"page:{page}")
                if page == self.page:  # the page shown: a bar under its tab
                    self._tab_bar = Rect(rect.left, rect.bottom - px(5), rect.width, px(3))
        close = Rect(left, px(18), px(200), px(44))
        self.add_button(_("Close (Esc)"), close, self.close, name="close")
        hint_left = close.right + px(24)
        if self.learn:
            learn = Rect(close.right + px(16), px(18), px(220), px(44))
            self.add_button(_("Learn {game}").format(game=i18n.translated(self.info.name)),
                            learn,
                            partial(self.navigator.show_tutorial, self.info.id),
                            name="learn")
            hint_left = learn.right + px(24)
        bottom = close.top + px(16)
        self.frame = Rect(left, bottom, box_width, height - px(76) - bottom)
        old = self.reader
        if old is None or (old.box, old.style.size) != (self.frame, style.size):
            # Laid out again only for a new size (not for a scroll step or a hover), keeping
            # the reader's place in the text.
            fraction = old.offset / old.max_offset if old is not None and old.max_offset else 0
            self.reader = Reader(self.text, self.frame, style, padding=padding,
                                 bar_width=bar, skip_title=True)
            self.reader.scroll_to(fraction * self.reader.max_offset)
        assert self.reader is not None
        hint_box = Rect(hint_left, close.bottom, max(1.0, left + box_width - hint_left),
                        close.height)
        if self.page == GLANCE and self.glance is not None:
            self._build_glance(self.frame, self.glance)
            self.hint = self.label(_(GLANCE_HINT), hint_left, close.center[1], 12, DIM,
                                   anchor_y="center", box=hint_box)
            return
        self._frame_shapes(self.frame, self.reader.text_box)
        scrolls = self.reader.max_offset > 0
        if scrolls:  # a text that fits needs no scroll bar, nor the keys that scroll
            self.box(self.reader.track, BUTTON_OFF)
        # Two lines where one is too short (French and German at 800×600), never cut.
        self.hint = self.label(_(HINT) if scrolls else _(SHORT_HINT), hint_left,
                               close.center[1], 12, DIM, anchor_y="center", box=hint_box,
                               multiline=True)

    def _build_glance(self, frame: Rect, glance: GlancePage) -> None:
        """The first page: the pictures down the left, each over its caption; the rules
        at a glance on the right, one paragraph or bullet a block."""
        px = self.px
        self.box(frame, PANEL, ACCENT)
        inner = frame.inset(px(24))
        shots = glance.pictures
        text_left = inner.left
        if shots:
            column = min(inner.width * 0.45, inner.height / len(shots) * 4 / 3)
            # Room for the longest caption whole (French and German take three lines
            # where English takes two), the same under every picture.
            points = max(px(12), MIN_POINTS)
            lines = max(wrapped_lines(i18n.translated(caption), column, points,
                                      font_name=FONT_SANS) for caption, _texture in shots)
            caption_h = self.line(12, 1.4) * max(2, lines)
            each = inner.height / len(shots)
            for index, (caption, texture) in enumerate(shots):
                top = inner.top - index * each
                art = Rect(inner.left, top - each + caption_h + px(6), column,
                           max(1.0, each - caption_h - px(12)))
                sprite = arcade.Sprite(texture)
                scale = min(art.width / texture.width, art.height / texture.height)
                sprite.scale = scale
                sprite.position = (art.left + texture.width * scale / 2, art.center[1])
                self._pictures.append(sprite)
                below = Rect(inner.left, art.bottom - caption_h - px(4), column, caption_h)
                self.label(i18n.translated(caption), below.left, below.top, 12, DIM,
                           multiline=True,
                           anchor_y="top", box=below)
            text_left = inner.left + column + px(24)
        box = Rect(text_left, inner.bottom, inner.right - text_left, inner.height)
        y = box.top
        for block in parse(i18n.translated(glance.text)):
            size, colour = (16, ACCENT) if block.kind == "heading" else (14, TEXT)
            indent = px(22) if block.kind == "item" else 0.0
            room = Rect(box.left + indent, box.bottom, box.width - indent, y - box.bottom)
            if room.height <= self.line(size):
                break
            if block.kind == "item":
                self.label(block.marker, box.left, y, size, ACCENT, anchor_y="top",
                           box=Rect(box.left, room.bottom, indent, room.height))
            placed = self.label(block.text, room.left, y, size, colour,
                                bold=block.kind == "heading", multiline=True,
                                anchor_y="top", box=room)
            y -= placed.content_height + px(10)

    def show_page(self, page: str) -> None:
        """Show the glance (G) or the rulebook (R)."""
        if page == GLANCE and self.glance is None:
            return
        self.page = page
        self.invalidate()

    def _frame_shapes(self, frame: Rect, text: Rect) -> None:
        """The reading box: its panel round the text's picture, and its border.

        The picture of the text is opaque and painted in the panel's colour, so the panel
        is filled only around it: on a software rasterizer a frame costs the pixels it
        fills, and filling the whole panel under the picture as well made the box cost
        about 1.4x as much (1.9 + 3.2 ms against 0.5 + 3.2 ms, measured headless).
        """
        self.box(Rect(frame.left, text.top, frame.width, frame.top - text.top), PANEL)
        self.box(Rect(frame.left, frame.bottom, frame.width, text.bottom - frame.bottom), PANEL)
        self.box(Rect(frame.left, text.bottom, text.left - frame.left, text.height), PANEL)
        self.box(Rect(text.right, text.bottom, frame.right - text.right, text.height), PANEL)
        border = 2
        for edge in (Rect(frame.left, frame.bottom, frame.width, border),
                     Rect(frame.left, frame.top - border, frame.width, border),
                     Rect(frame.left, frame.bottom, border, frame.height),
                     Rect(frame.right - border, frame.bottom, border, frame.height)):
            self.box(edge, ACCENT)

    def draw_under_text(self) -> None:
        if self.page == GLANCE:
            self._pictures.draw()
        elif self.reader is not None:
            self.reader.draw()

    def draw_over_text(self) -> None:
        if self._tab_bar is not None:
            bar = self._tab_bar
            arcade.draw_lbwh_rectangle_filled(bar.left, bar.bottom, bar.width, bar.height,
                                              ACCENT)
        if self.reader is not None and self.page == RULEBOOK:
            self.reader.draw_thumb(BUTTON_HOVER, FOCUS)

    # -- actions -------------------------------------------------------------------------
    def close(self) -> None:
        """Back to where the rules were opened from."""
        self.navigator.back(self.back)

    def on_escape(self) -> None:
        self.close()

    def scroll_to(self, offset: float) -> None:
        """Scroll the text to `offset` pixels below its top (clamped).

        Only the view moves: nothing is laid out again. Scrolling always answers an input
        event, and the window draws a frame after every input event.
        """
        if self.reader is not None:
            self.reader.scroll_to(offset)

    def scroll(self, delta: float) -> None:
        """Scroll by `delta` pixels (down if positive)."""
        if self.reader is not None:
            self.scroll_to(self.reader.offset + delta)

    # -- input ---------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        keys = arcade.key
        if symbol in (keys.G, keys.R) and self.glance is not None:
            self.show_page(GLANCE if symbol == keys.G else RULEBOOK)
            return
        if self.page == GLANCE and symbol in _READING_KEYS and not (
                symbol == keys.SPACE and self.focus >= 0):
            self.show_page(RULEBOOK)  # a key that reads the rulebook turns to it first
            self.ensure_built()
        reader = self.reader
        assert reader is not None
        steps: dict[int, float] = {
            keys.DOWN: reader.line, keys.UP: -reader.line,
            keys.PAGEDOWN: reader.page, keys.PAGEUP: -reader.page,
        }
        if symbol in steps:
            self.scroll(steps[symbol])
        elif symbol == keys.HOME:
            self.scroll_to(0)
        elif symbol == keys.END:
            self.scroll_to(reader.max_offset)
        elif symbol == keys.SPACE and self.focus < 0:
            self.scroll(-reader.page if modifiers & keys.MOD_SHIFT else reader.page)
        elif keys.KEY_1 <= symbol <= keys.KEY_9 or keys.NUM_1 <= symbol <= keys.NUM_9:
            number = symbol - (keys.KEY_1 if symbol <= keys.KEY_9 else keys.NUM_1) + 1
            offset = reader.section_offset(number)
            if offset is not None:
                self.scroll_to(offset)
        elif symbol == keys.F1:
            self.close()
        elif symbol in (keys.LEFT, keys.RIGHT):
            return  # no button row to walk through: the arrows belong to the text
        elif symbol in KEYS_PRESS or symbol in (keys.TAB, keys.ESCAPE, keys.F11):
            super().on_key_press(symbol, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.page == GLANCE:
            self.show_page(RULEBOOK)  # the wheel reads on, into the rulebook
            self.ensure_built()
        if self.reader is not None:
            self.scroll(-scroll_y * 3 * self.reader.line)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.button_at(x, y) >= 0:
            super().on_mouse_press(x, y, button, modifiers)
        elif self.reader is not None and self.page == RULEBOOK:
            self.reader.press(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> None:
        if self.reader is not None:
            self.reader.drag(y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.reader is not None:
            self.reader.release()

    def extents(self) -> dict[str, Any]:
        """What the layout placed where (window pixels), for tests and debugging."""
        assert self.reader is not None and self.header is not None and self.hint is not None
        layout = self.reader.layout
        return {"box": self.frame, "text_box": self.reader.text_box, "track": self.reader.track,
                "content_width": layout.content_width, "content_height": layout.content_height,
                "layout": Rect(layout.x, layout.y - self.reader.view_height, layout.width or 0,
                               self.reader.view_height),
                "header": Rect(self.header.left, self.header.bottom,
                               self.header.content_width, self.header.content_height),
                "hint": Rect(self.hint.left, self.hint.bottom, self.hint.content_width,
                             self.hint.content_height),
                "close": next(b.rect for b in self.buttons if b.name == "close")}


#: The keys that read the rulebook: pressed on the glance, they turn to it and act there.
_READING_KEYS = frozenset({
    arcade.key.DOWN, arcade.key.UP, arcade.key.PAGEDOWN, arcade.key.PAGEUP,
    arcade.key.HOME, arcade.key.END, arcade.key.SPACE,
    *range(arcade.key.KEY_1, arcade.key.KEY_9 + 1), *range(arcade.key.NUM_1,
                                                             arcade.key.NUM_9 + 1)})


class GlancePage:
    """The first page as it is shown: the rules at a glance (markdown-lite) and the
    pictures drawn, each with its caption."""

    def __init__(self, text: str, pictures: Sequence[tuple[str, arcade.Texture]]) -> None:
        self.text = text
        self.pictures = tuple(pictures)


def _glance(services: Services, info: GameInfo) -> GlancePage | None:
    """The glance of the game's tutorial with its pictures drawn (None: it has none, or
    the tutorial cannot be read: the rulebook is then the only page)."""
    try:
        game = services.host.game(info.id)
        tutorial = tutorial_of(game)
    except (TabletopError, KeyError):
        return None
    if tutorial is None or tutorial.glance is None:
        return None

    def seen(state: Any) -> Any:
        return game.observation(state, tutorial.seat) if info.hidden_information else state

    pictures = []
    for picture in tutorial.glance.pictures:
        step = tutorial.step(picture.step)
        try:
            replayed = tutorial.position(game, picture.step)
        except TabletopError:
            continue  # the kit reports it; the page goes without this picture

        def position(state: Any = replayed.final) -> tuple[Any, int | None]:
            return seen(state), game.to_move(state)

        def dress(look: tuple[str, ...] = step.look, played: Any = replayed
                  ) -> dict[str, Any]:
            # The last move marked, as the step shows it, and what it names framed.
            last = Ply(seen(played.states[-2]), played.moves[-1],
                       seen(played.states[-1])) if played.moves else None
            return {"last": last, "marks": tuple(look)}

        texture = thumbnails.picture(services, info.id, (480, 360), position,
                                     f"tutorial:{picture.step}", dress)
        if texture is not None:
            pictures.append((picture.caption, texture))
    return GlancePage(tutorial.glance.text, pictures)
