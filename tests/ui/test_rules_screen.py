"""The Rules screen (F1): each game's rulebook, laid out in its box at every size, scrolled
with real input events, and the markdown-lite it is written in.

The window is the app's own on the installed games, driven launcher → set-up → game → F1
as a player does. Screens are saved as `screenshots/rules_<game>_<size>.png`
(docs/screens/render_rules.py renders the ones kept in docs/screens/).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import (
    click,
    click_button,
    close_app,
    installed_host,
    key,
    open_app,
    pump,
    screenshot,
)

from tabletop.model import GameInfo
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.markdown import Block, Span, parse, spans
from tabletop.ui.renderer import Rect
from tabletop.ui.rules_screen import SHORT_HINT, RulesScreen, rules_text
from tabletop.ui.widgets import BACKGROUND

ROOT = Path(__file__).parents[2]
SIZES = ((800, 600), (1280, 800), (1920, 1080))


class Windows:
    """One app window at a time, of the size a test asks for (a headless window keeps the
    size it was opened with)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.window: Any = None

    def get(self, size: tuple[int, int]) -> Any:
        if self.window is None or self.window.get_size() != size:
            self.close()
            self.window = open_app(installed_host, self.directory, size=size)
        return self.window

    def close(self) -> None:
        if self.window is not None:
            close_app(self.window)
            self.window = None


@pytest.fixture(scope="module")
def windows(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Windows]:
    opened = Windows(tmp_path_factory.mktemp("rules"))
    yield opened
    opened.close()


@pytest.fixture
def window(windows: Windows) -> Any:
    return windows.get((1280, 800))


def open_rules(window: Any, game_id: str) -> RulesScreen:
    """From the launcher: start a game of `game_id` and press F1."""
    window.app.show_launcher()
    pump(window)
    click_button(window, f"game:{game_id}")
    click_button(window, "start")
    assert isinstance(window.current_view, GameScreen)
    key(window, arcade.key.F1)
    screen = window.current_view
    assert isinstance(screen, RulesScreen)
    screen.ensure_built()
    return screen


def box_pixels(window: Any, rect: Rect) -> bytes:
    """The pixels drawn in `rect` (window pixels, y up)."""
    pump(window)
    height = window.get_size()[1]
    image = arcade.get_image(0, 0, *window.get_size())
    return image.crop((int(rect.left), int(height - rect.top), int(rect.right),
                       int(height - rect.bottom))).tobytes()


def inside(inner: Rect, outer: Rect) -> bool:
    return (outer.left <= inner.left and inner.right <= outer.right
            and outer.bottom <= inner.bottom and inner.top <= outer.top)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", ["verso", "versus"])
def test_the_rules_stay_inside_their_box(windows: Windows, game_id: str,
                                         size: tuple[int, int]) -> None:
    window = windows.get(size)
    screen = open_rules(window, game_id)
    # One text, two places: the screen shows the rulebook of docs/rules/ (then the
    # legend's symbols, as its last section).
    rulebook = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text("utf-8")
    assert screen.text.startswith(rulebook)
    assert "**Symbols on the board**" in screen.text[len(rulebook):]
    e = screen.extents()
    whole = Rect(0, 0, *size)
    box, text, track, layout = e["box"], e["text_box"], e["track"], e["layout"]
    assert inside(box, whole)
    # The text column: laid out to its width (no line wider), left of the scroll bar.
    assert inside(layout, box) and abs(layout.width - int(text.width)) <= 1
    assert 0 < e["content_width"] <= layout.width
    assert layout.right <= track.left and inside(track, box)
    # It is longer than the box, so it scrolls (and is clipped to the box, see below).
    assert e["content_height"] > layout.height
    # The title above the box, the Close button and the keys' hint below it, all in view.
    header, close, hint = e["header"], e["close"], e["hint"]
    assert inside(header, whole) and header.bottom >= box.top
    assert header.right <= box.right
    assert inside(close, whole) and close.top <= box.bottom
    assert inside(hint, whole) and hint.top <= box.bottom and hint.left >= close.right
    assert hint.right <= box.right
    screenshot(window, f"rules_{game_id}_{size[0]}x{size[1]}")


def test_no_text_is_drawn_outside_the_box(windows: Windows) -> None:
    window = windows.get((800, 600))
    screen = open_rules(window, "verso")
    key(window, arcade.key.PAGEDOWN)  # lines now run past both edges of the box
    pump(window)
    image = arcade.get_image(0, 0, *window.get_size())
    height = window.get_size()[1]
    box, close = screen.extents()["box"], screen.extents()["close"]
    # The strip between the box and the Close button is bare background.
    strip = image.crop((int(box.left), int(height - box.bottom + 2), int(box.right),
                        int(height - close.top - 1)))
    assert strip.height > 0
    assert {pixel[:3] for pixel in strip.getdata()} == {BACKGROUND[:3]}


def test_keys_scroll_the_text(window: Any) -> None:
    screen = open_rules(window, "versus")
    reader = screen.reader
    assert reader is not None and reader.offset == 0
    layout = reader.layout
    key(window, arcade.key.DOWN)
    assert reader.offset == pytest.approx(reader.line)
    key(window, arcade.key.UP)
    key(window, arcade.key.UP)  # past the top: stays at the top
    assert reader.offset == 0
    key(window, arcade.key.PAGEDOWN)
    assert reader.offset == pytest.approx(reader.page)
    key(window, arcade.key.SPACE)
    assert reader.offset == pytest.approx(2 * reader.page)
    key(window, arcade.key.SPACE, arcade.key.MOD_SHIFT)
    key(window, arcade.key.PAGEUP)
    assert reader.offset == 0
    top = box_pixels(window, reader.text_box)
    key(window, arcade.key.END)
    assert reader.offset == reader.max_offset > 0
    assert box_pixels(window, reader.text_box) != top  # the text on screen moved
    key(window, arcade.key.PAGEDOWN)
    assert reader.offset == reader.max_offset
    key(window, arcade.key.HOME)
    assert reader.offset == 0 and box_pixels(window, reader.text_box) == top
    # Scrolling never lays the text out again: the same layout, in the same batch.
    assert screen.reader is reader and reader.layout is layout


def test_the_wheel_and_the_scroll_bar_scroll_the_text(window: Any) -> None:
    screen = open_rules(window, "verso")
    reader = screen.reader
    assert reader is not None
    x, y = reader.text_box.center
    window.dispatch_event("on_mouse_scroll", int(x), int(y), 0, -1)  # wheel towards you
    pump(window)
    assert reader.offset == pytest.approx(3 * reader.line)
    window.dispatch_event("on_mouse_scroll", int(x), int(y), 0, 2)
    pump(window)
    assert reader.offset == 0
    # A click on the track below the thumb turns a page.
    thumb = reader.thumb()
    assert thumb is not None and thumb.top == pytest.approx(reader.track.top)
    click(window, reader.track.center[0], reader.track.bottom + 2)
    assert reader.offset == pytest.approx(reader.page)
    # Drag the thumb to the bottom of the track: the end of the text.
    thumb = reader.thumb()
    assert thumb is not None
    tx, ty = (int(v) for v in thumb.center)
    window.dispatch_event("on_mouse_press", tx, ty, arcade.MOUSE_BUTTON_LEFT, 0)
    for step in range(1, 11):
        target = ty - (ty - int(reader.track.bottom)) * step // 10
        window.dispatch_event("on_mouse_drag", tx, target, 0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
        pump(window)
    window.dispatch_event("on_mouse_drag", tx, 0, 0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", tx, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    pump(window)
    assert reader.offset == reader.max_offset and reader.grab is None
    thumb = reader.thumb()
    assert thumb is not None and thumb.bottom == pytest.approx(reader.track.bottom)
    # Half way up the track is about half way through the text.
    tx, ty = (int(v) for v in thumb.center)
    window.dispatch_event("on_mouse_press", tx, ty, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_drag", tx, int(ty + (reader.track.height - thumb.height) / 2),
                          0, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    window.dispatch_event("on_mouse_release", tx, ty, arcade.MOUSE_BUTTON_LEFT, 0)
    pump(window)  # the window queues events; a frame delivers them
    assert reader.offset == pytest.approx(reader.max_offset / 2, rel=0.02)


def test_number_keys_go_to_a_section(window: Any) -> None:
    screen = open_rules(window, "versus")
    reader = screen.reader
    assert reader is not None and len(reader.sections) == 9  # versus.md §1-§9
    text = reader.layout.document.text

    def top_line() -> str:
        """The text of the first line whose top is in view."""
        line = next(ln for ln in reader.layout._lines if -(ln.y + ln.ascent) >= reader.offset)
        return text[line.start:line.start + 25]

    key(window, arcade.key.KEY_6)
    assert top_line() == "6. The end of the game\nAf"
    key(window, arcade.key.NUM_2)
    assert top_line().startswith("2. The pieces")
    key(window, arcade.key.KEY_1)
    assert top_line().startswith("1. The board")
    key(window, arcade.key.KEY_9)  # the board's legend, the last section
    # Its heading at the top, or as near as the end of the text lets it come.
    wanted = reader.section_offset(9)
    assert wanted is not None and reader.offset == min(reader.max_offset, wanted) > 0
    screen = open_rules(window, "verso")  # 8 sections: 9 goes nowhere
    assert screen.reader is not None
    key(window, arcade.key.KEY_4)
    before = screen.reader.offset
    key(window, arcade.key.KEY_9)
    assert screen.reader.offset == before > 0


def test_the_rules_close_back_to_the_same_game(window: Any) -> None:
    screen = open_rules(window, "versus")
    game = screen.back
    assert isinstance(game, GameScreen)
    key(window, arcade.key.ESCAPE)
    assert window.current_view is game and game.overlay is None
    click_button(window, "rules")  # the sidebar's button
    assert isinstance(window.current_view, RulesScreen)
    key(window, arcade.key.F1)  # F1 closes what F1 opened
    assert window.current_view is game
    key(window, arcade.key.F1)
    click_button(window, "close")
    assert window.current_view is game
    # A resize while reading keeps the place in the text.
    key(window, arcade.key.F1)
    rules = window.current_view
    assert isinstance(rules, RulesScreen) and rules.reader is not None
    key(window, arcade.key.PAGEDOWN)
    key(window, arcade.key.PAGEDOWN)
    reader = rules.reader
    place = reader.offset / reader.max_offset
    # A headless window keeps its size, so the screen is told of another one.
    window.get_size = lambda: (1000, 700)
    try:
        window.dispatch_event("on_resize", 1000, 700)
        pump(window)
        assert rules.reader is not reader  # laid out again, to the new width
        assert rules.reader.offset / rules.reader.max_offset == pytest.approx(place, abs=1e-3)
    finally:
        del window.get_size
        window.dispatch_event("on_resize", *window.get_size())
        pump(window)


# -- markdown-lite ------------------------------------------------------------------------
def test_markdown_lite_blocks() -> None:
    text = """# Title

A paragraph
over two lines.
## 2. Section
- a bullet
  that goes on
  - nested **bold** and `code`
1. first
12. twelfth

### 2.1 Sub
Unknown [link](x) and *single* stay text.
"""
    blocks = parse(text)
    assert [(b.kind, b.level, b.marker) for b in blocks] == [
        ("heading", 1, ""), ("paragraph", 0, ""), ("heading", 2, ""), ("item", 0, "•"),
        ("item", 1, "•"), ("item", 0, "1."), ("item", 0, "12."), ("heading", 3, ""),
        ("paragraph", 0, "")]
    assert blocks[1].text == "A paragraph over two lines."
    assert blocks[3].text == "a bullet that goes on"
    assert blocks[4] == Block("item", (Span("nested "), Span("bold", bold=True),
                                       Span(" and "), Span("code", code=True)), 1, "•")
    assert blocks[8].text == "Unknown [link](x) and *single* stay text."
    assert spans("**Our ruling:** x") == (Span("Our ruling:", bold=True), Span(" x"))


def test_a_game_without_a_rulebook_shows_its_summary(window: Any) -> None:
    info = GameInfo(id="g", name="Gee", min_players=2, max_players=2,
                    hidden_information=False, description="d",
                    rules_help="Take turns.\n- one\n- two", max_plies=3)
    assert [b.text for b in parse(rules_text(info))] == ["Gee", "Take turns.", "one", "two"]
    back = window.current_view
    window.show_view(RulesScreen(window.app, info, back))
    pump(window)
    screen = window.current_view
    assert screen.reader.layout.document.text == "Take turns.\n•\tone\n•\ttwo"
    # It fits: no scroll bar, and the hint speaks only of closing.
    assert screen.reader.thumb() is None and screen.hint.text == SHORT_HINT
    key(window, arcade.key.END)
    assert screen.reader.offset == 0
    key(window, arcade.key.ESCAPE)
    assert window.current_view is back


def test_a_still_picture_names_its_seats_plainly(window: Any) -> None:
    """Issue 36: the rules pictures (and the launcher's and Library's) name each seat as
    the game does, without "· computer", which a small picture cuts."""
    from games.verso.view.renderer import VersoRenderer
    from tabletop.plugins import Host
    from tabletop.ui.thumbnails import picture_context

    host = Host().load()
    renderer = VersoRenderer(picture_context(host.game("verso"), False))
    assert [renderer.seat_label(seat) for seat in range(2)] == ["Player 1", "Player 2"]
