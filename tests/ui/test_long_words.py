"""A word too wide for its box breaks where a reader expects it; a word that fits never
breaks (a red line's "(unavailable)" read whole wherever the app is installed)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.ui._arcade import arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.textbox import breakable, fit_text

BREAK = "\u200b"


@pytest.fixture
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "words", visible=False)
    yield win
    win.close()


def test_only_the_words_too_wide_break_and_a_path_after_its_separators() -> None:
    def too_wide(word: str) -> bool:
        return len(word.replace(BREAK, "")) > 14

    text = "chess (unavailable): missing at /a/deep/place/ui_games.py:229 abcdefghijklmnopqrst"
    shown = breakable(text, too_wide)
    assert shown.replace(BREAK, "") == text
    assert "(unavailable):" in shown  # fits: whole
    assert f"/{BREAK}a/{BREAK}deep/{BREAK}place/{BREAK}ui_{BREAK}games.{BREAK}py:{BREAK}229" \
        in shown
    assert BREAK.join("abcdefghijklmnopqrst") in shown  # no separator: between any letters


@pytest.mark.parametrize("place", ["/w/m", "/home/a-player/projects/and/a/much/longer/place"])
def test_a_wrapped_line_keeps_its_words_whole_wherever_the_path_in_it_is(
        window: Any, place: str) -> None:
    text = f"chess (unavailable): the board data file is missing at {place}/tests/ui.py:229"
    label, placed = fit_text(text, 10, 300, Rect(10, 10, 220, 290), 12, (255, 0, 0),
                             font_name="Arial", wrap=True, anchor_y="top")
    assert placed.shown.replace(BREAK, "") == text  # whole, not cut
    assert placed.shown.startswith("chess (unavailable): the board")
    assert label.content_width <= 220
