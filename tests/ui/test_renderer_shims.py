"""Issue 35: names removed from the renderer contract and the kit since the last release
(the contract of da956c2, which tests/migration's frozen plugins keep) stay one release
behind a shim. Each warns with `PluginDeprecationWarning`, saying what to use instead,
and still does what it did as far as the new contract allows; `handle` is the only
input path, and the shims of the old input calls go through it."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from board_host import frame, show
from test_boards_renderer import HexWalk, Walk, WalkRenderer

import tabletop.ui.kit as kit
import tabletop.ui.renderer as contract
from tabletop.model import PluginDeprecationWarning
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import BoardRenderer, Cell
from tabletop.ui.renderer import Changed, Explain, Key, Play, Ply, Press, Propose, Renderer

#: Every public call of `Renderer` at the last release that the contract dropped, and
#: the words its warning must hold (what to use instead).
REMOVED_CALLS = {
    "text_boxes": "context.texts.placed()",
    "set_position": "show(Frame(",
    "show_hint": "hint=move",
    "show_last_move": "last=Ply(",
    "set_focus": "focused=",
    "sound_cues": "sounds(ply)",
    "on_mouse_press": "handle(Press(",
    "on_mouse_release": "handle(Release(",
    "on_mouse_motion": "handle(Pointer(",
    "on_key_press": "handle(Key(",
    "draw_moving": "draw_still()",
    "repaint": "the host paints",
}


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "shims", visible=False)
    yield win
    win.close()


def _warned(record: list[warnings.WarningMessage], words: str) -> str:
    """The one deprecation warning `record` holds, checked to say `words`."""
    deprecations = [w for w in record if issubclass(w.category, PluginDeprecationWarning)]
    assert len(deprecations) == 1, [str(w.message) for w in record]
    message = str(deprecations[0].message)
    assert "deprecated" in message and "next release" in message and words in message
    return message


def test_every_removed_call_is_on_the_base_and_warns_with_what_to_use() -> None:
    assert set(REMOVED_CALLS) == contract.DEPRECATED_CALLS <= set(dir(Renderer))
    # The built-in renderers stay on the contract: they define none of them.
    from games.verso.view.renderer import VersoRenderer
    from games.versus.view.renderer import VersusRenderer

    for cls in (VersoRenderer, VersusRenderer, BoardRenderer):
        assert not set(REMOVED_CALLS) & set(vars(cls)), cls
        assert "_intent" not in vars(cls)


def test_text_boxes_warns_and_gives_the_texts_the_host_reads(window: Any) -> None:
    """The call a plugin's own click test used (an AttributeError since issue 21)."""
    game = HexWalk()
    renderer, _ = show(window, WalkRenderer, game, game.new_state(2, {}, 0))
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        boxes = renderer.text_boxes()
    message = _warned(record, REMOVED_CALLS["text_boxes"])
    assert message.startswith("WalkRenderer.text_boxes()")
    assert list(boxes) == renderer.context.texts.placed() and boxes  # the coordinates


def test_the_old_calls_of_the_host_show_a_frame(window: Any) -> None:
    game = HexWalk()
    before = game.new_state(2, {}, 0)
    move = Walk((-2, 0), (-1, 0))
    after = game.apply(before, move)
    renderer, _ = show(window, WalkRenderer, game, before)
    calls = [
        ("set_position", lambda: renderer.set_position(after, 1, game.legal_moves(after),
                                                       False)),
        ("show_hint", lambda: renderer.show_hint(game.legal_moves(after)[0])),
        ("show_last_move", lambda: renderer.show_last_move(before, move, after)),
        ("set_focus", lambda: renderer.set_focus(False)),
    ]
    for name, call in calls:
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            call()
        _warned(record, REMOVED_CALLS[name])
    assert renderer.view == after and renderer.to_move == 1 and not renderer.interactive
    assert renderer.hint == game.legal_moves(after)[0]
    assert renderer.last_played == (before, move, after)
    assert renderer.last_path is not None and renderer.last_path.to == (-1, 0)
    assert renderer.focused is False
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        cues = renderer.sound_cues(before, move, after)
    _warned(record, REMOVED_CALLS["sound_cues"])
    assert list(cues) == list(renderer.sounds(Ply(before, move, after)))


def test_the_old_input_calls_go_through_handle(window: Any) -> None:
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, _ = show(window, WalkRenderer, game, state)
    layout = renderer.board_layout
    calls = [
        ("on_mouse_motion", lambda: renderer.on_mouse_motion(*layout.centre((-2, 0))), True),
        ("on_mouse_press", lambda: renderer.on_mouse_press(*layout.centre((-2, 0)), 1, 0),
         True),
        ("on_mouse_release", lambda: renderer.on_mouse_release(*layout.centre((-2, 0))),
         False),
        ("on_key_press", lambda: renderer.on_key_press(arcade.key.ESCAPE, 0), True),
    ]
    selected = []
    for name, call, used in calls:
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            assert call() is used, name
        _warned(record, REMOVED_CALLS[name])
        selected.append(renderer.picker.selected)
    # The press selected the token; Esc dropped it again.
    assert selected == [None, (-2, 0), (-2, 0), None]
    for name in ("draw_moving", "repaint"):
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            getattr(renderer, name)()
        _warned(record, REMOVED_CALLS[name])


class ChoosingRenderer(WalkRenderer):
    """An older renderer: its `activate` plays a cell's first move by `choose`."""

    def activate(self, cell: Cell | None) -> bool:
        moves = [m for m in self.legal_moves if m.to == cell]
        if not self.interactive or not moves:
            return super().activate(cell)
        self.choose(moves[0])
        return True


def test_choose_warns_and_the_input_being_handled_means_its_move(window: Any) -> None:
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, _ = show(window, ChoosingRenderer, game, state)
    layout = renderer.board_layout
    assert renderer.handle(Press(*layout.centre((-2, 0)))) == Changed()  # selected
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        meant = renderer.handle(Press(*layout.centre((-1, 0))))
    _warned(record, "return Play(move) or Propose(move) from handle(event)")
    assert meant == Propose(Walk((-2, 0), (-1, 0)))  # previewed: this board asks VALIDATE
    ChoosingRenderer.confirm_moves = False
    try:
        renderer, _ = show(window, ChoosingRenderer, game, state)
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("always")
            meant = renderer.handle(Press(*layout.centre((-2, 1))))
        assert meant == Play(Walk((-2, 0), (-2, 1)))
        assert renderer.picker.pending is None
    finally:
        del ChoosingRenderer.confirm_moves


def test_handle_is_the_only_input_path(window: Any) -> None:
    """A board without VALIDATE plays a chosen move straight from `handle`; nothing is
    kept aside for a second call to rebuild."""
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    WalkRenderer.confirm_moves = False
    try:
        renderer, played = show(window, WalkRenderer, game, state)
        layout = renderer.board_layout
        assert renderer.handle(Press(*layout.centre((-2, 0)))) == Changed()
        assert renderer.handle(Press(*layout.centre((-1, 0)))) == Play(Walk((-2, 0), (-1, 0)))
        assert renderer.picker.pending is None and renderer.picker.selected is None
        assert renderer.handle(Key(arcade.key.ESCAPE)) is None
        assert isinstance(renderer.handle(Press(*layout.centre((1, 0)))), Explain)
        frame(window)
        assert played == []  # handle says what it means; it never plays by itself
    finally:
        del WalkRenderer.confirm_moves


def test_meaning_is_gone_from_the_kit_but_kept_one_release() -> None:
    assert "meaning" not in kit.__all__ and "meaning" not in contract.__all__
    for module in (kit, contract):
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            meaning = module.meaning
            meant = meaning(Press(1, 1), None, 3, None, True, lambda x, y: None)
        _warned(record, "return the Intent")
        assert meant == Propose(3)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        kit.nothing  # noqa: B018


def test_an_override_of_a_removed_call_is_told_once_it_is_never_called(
        window: Any) -> None:
    """A renderer of the last release that still handles keys in `on_key_press` hears,
    once for its class, that the host never calls it, and what to do instead."""

    class KeyedRenderer(WalkRenderer):
        def on_key_press(self, symbol: int, modifiers: int = 0) -> bool:
            return True

    game = HexWalk()
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        show(window, KeyedRenderer, game, game.new_state(2, {}, 0))
        show(window, KeyedRenderer, game, game.new_state(2, {}, 0))
    message = _warned(record, "handle(event)")
    assert message.startswith("KeyedRenderer.on_key_press overrides a call the host no "
                              "longer makes")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        show(window, WalkRenderer, game, game.new_state(2, {}, 0))
    assert not [w for w in record if issubclass(w.category, PluginDeprecationWarning)]
