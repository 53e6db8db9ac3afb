"""`BoardRenderer` in a real headless window, driven by real input events, on boards the
Reversi example does not use: Nim's heaps as rows of cards on a `CardTable` (one-click
moves, captures shrinking away) and a small walking game on a `HexBoard` (select, then a
destination; the token slides). The toolkit must not be shaped by one game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from board_host import frame, show, stage_of
from tabletop_nim import Nim, NimState, Take

from tabletop import Game, GameInfo, Outcome
from tabletop.model import IllegalMoveError, NotationError, StateFormatError
from tabletop.testing import check_game
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import (
    BoardRenderer,
    CardTable,
    Cell,
    HexBoard,
    MovePath,
    Palette,
    Piece,
    Region,
)
from tabletop.ui.renderer import Ply

CARD = (250, 246, 236)
TOKENS = (Piece(fill=(200, 40, 40), symbol="R"), Piece(fill=(40, 80, 200), symbol="U"))


# -- a hex game in a few lines: each player walks one token to a free neighbouring hex --
@dataclass(frozen=True)
class Walk:
    """One step of the token of the seat to move."""

    frm: tuple[int, int]
    to: tuple[int, int]


@dataclass(frozen=True)
class WalkState:
    tokens: tuple[tuple[int, int], tuple[int, int]]
    ply: int


HEX = HexBoard.hexagon(2)
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class HexWalk(Game[WalkState, Walk]):
    """Two tokens take turns stepping to a free neighbouring hex; six steps end it."""

    info = GameInfo(id="hexwalk", name="Hex walk", min_players=2, max_players=2,
                    hidden_information=False, description="Step about.",
                    rules_help="Step your token to a free neighbouring hex.", max_plies=6)

    def new_state(self, players: int, options: Any, seed: int, setup: Any = None
                  ) -> WalkState:
        return WalkState(((-2, 0), (2, 0)), 0)

    def to_move(self, state: WalkState) -> int | None:
        return None if state.ply >= 6 else state.ply % 2

    def legal_moves(self, state: WalkState) -> list[Walk]:
        seat = self.to_move(state)
        if seat is None:
            return []
        q, r = state.tokens[seat]
        free = [(q + dq, r + dr) for dq, dr in STEPS]
        return [Walk((q, r), c) for c in sorted(free) if c in HEX.shape
                and c not in state.tokens]

    def apply(self, state: WalkState, move: Walk) -> WalkState:
        if move not in self.legal_moves(state):
            raise IllegalMoveError("not a step to a free neighbouring hex")
        tokens = list(state.tokens)
        tokens[state.ply % 2] = move.to
        return WalkState((tokens[0], tokens[1]), state.ply + 1)

    def outcome(self, state: WalkState) -> Outcome | None:
        return None if state.ply < 6 else Outcome((0.0, 0.0), (), "six steps")

    def move_to_text(self, state: WalkState, move: Walk) -> str:
        return f"{HEX.cell_name(move.frm)}-{HEX.cell_name(move.to)}"

    def parse_move(self, state: WalkState, text: str) -> Walk:
        for move in self.legal_moves(state):
            if self.move_to_text(state, move) == text:
                return move
        raise NotationError(f"{text!r} is not a step")

    def render_text(self, state: WalkState, seat: int | None = None) -> str:
        return repr(state)

    def state_to_dict(self, state: WalkState) -> dict[str, Any]:
        return {"version": 1, "tokens": [list(t) for t in state.tokens], "ply": state.ply}

    def state_from_dict(self, data: Mapping[str, Any]) -> WalkState:
        try:
            assert data["version"] == 1
            (a, b), (c, d) = data["tokens"]
            return WalkState(((a, b), (c, d)), int(data["ply"]))
        except (AssertionError, KeyError, TypeError, ValueError):
            raise StateFormatError("not a hex walk") from None


class WalkRenderer(BoardRenderer):
    board = HEX

    def pieces(self, view: WalkState) -> Mapping[Cell, Piece]:
        return {cell: TOKENS[seat] for seat, cell in enumerate(view.tokens)}

    def move_path(self, view: WalkState, move: Walk) -> MovePath:
        return MovePath(frm=move.frm, to=move.to)


class NimCards(BoardRenderer):
    """Nim's heaps as rows of cards; clicking a card takes it and those after it."""

    board = CardTable(tuple(Region(f"heap{h}", 0, 1 - (h + 1) / 3, 1, 1 / 3, slots=5,
                                   title=f"Heap {h + 1}") for h in range(3)))
    palette = Palette(select=(255, 0, 255))

    def pieces(self, view: NimState) -> Mapping[Cell, Piece]:
        return {(f"heap{h}", i): Piece(fill=CARD, shape="card", label=str(i + 1),
                                       text=(0, 0, 0))
                for h, size in enumerate(view.heaps) for i in range(size)}

    def move_path(self, view: NimState, move: Take) -> MovePath:
        return MovePath(to=(f"heap{move.heap}", view.heaps[move.heap] - move.count))


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "boards", visible=False)
    yield win
    win.close()


def press(window: Any, x: float, y: float) -> None:
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)


def key(window: Any, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    frame(window)


def pixel(window: Any, x: float, y: float) -> tuple[int, ...]:
    image = arcade.get_image(0, 0, *window.get_size())
    return tuple(image.getpixel((int(x), window.get_size()[1] - 1 - int(y))))[:3]


def test_hex_walk_is_a_real_game() -> None:
    check_game(HexWalk(), seeds=range(3))


def test_hex_select_destination_preview_and_enter(window: Any) -> None:
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, submitted = show(window, WalkRenderer, game, state)
    layout = renderer.board_layout
    assert pixel(window, *layout.centre((-2, 0))) == TOKENS[0].fill
    press(window, *layout.click_point((1, 0)))  # nobody's token: nothing to do
    assert renderer.picker.selected is None
    assert renderer.explain_click(*layout.click_point((1, 0))) == \
        "No move of yours starts or ends on d3."
    press(window, *layout.click_point((-2, 0)))
    assert renderer.picker.selected == (-2, 0)
    assert renderer.picker.destinations() == ((-2, 1), (-1, -1), (-1, 0))
    # Destination dots on the free hexes (the palette's destination colour).
    assert pixel(window, *layout.centre((-1, 0))) == Palette().destination
    press(window, *layout.click_point((-1, 0)))
    move = renderer.pending_move
    assert move == Walk((-2, 0), (-1, 0)) and submitted == []
    assert "VALIDATE" in renderer.status()
    ghost = pixel(window, *layout.centre((-1, 0)))
    assert ghost != TOKENS[0].fill and ghost[0] > ghost[2]  # a translucent red token
    key(window, arcade.key.ESCAPE)
    assert renderer.pending_move is None and renderer.picker.selected is None
    press(window, *layout.click_point((-2, 0)))
    press(window, *layout.click_point((-1, 0)))
    key(window, arcade.key.ENTER)
    assert submitted == [Walk((-2, 0), (-1, 0))]


def test_hex_step_slides_along_its_path_and_stays_marked(window: Any) -> None:
    game = HexWalk()
    before = game.new_state(2, {}, 0)
    move = Walk((-2, 0), (-1, 0))
    after = game.apply(before, move)
    renderer, _ = show(window, WalkRenderer, game, after, animation=1.0)
    stage = stage_of(window)
    stage.animate(Ply(before, move, after))
    assert renderer.animating and stage.moving
    layout = renderer.board_layout
    frame(window, 0.5)
    (x0, y0), (x1, y1) = layout.centre((-2, 0)), layout.centre((-1, 0))
    assert pixel(window, (x0 + x1) / 2, (y0 + y1) / 2) == TOKENS[0].fill  # half way
    assert pixel(window, *layout.centre((-1, 0))) != TOKENS[0].fill
    frame(window, 0.6)
    assert not renderer.animating and not stage.moving
    assert pixel(window, *layout.centre((-1, 0))) == TOKENS[0].fill
    assert renderer.last_path == MovePath(frm=(-2, 0), to=(-1, 0))


def test_hint_hover_cursor_and_focus(window: Any) -> None:
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, _ = show(window, WalkRenderer, game, state)
    layout = renderer.board_layout
    stage_of(window).show(hint=Walk((-2, 0), (-1, -1)))
    frame(window)
    x, y = layout.centre((-1, -1))
    radius = layout.piece_size * 0.5
    assert pixel(window, x + radius, y + 1) == Palette().hint  # the dashed ring's first dash
    window.dispatch_event("on_mouse_motion", int(x), int(y), 0, 0)
    frame(window)
    assert renderer.hover is None  # a destination only once a token is selected
    window.dispatch_event("on_mouse_motion", *map(int, layout.centre((-2, 0))), 0, 0)
    frame(window)
    assert renderer.hover == (-2, 0)
    key(window, arcade.key.RIGHT)
    assert renderer.cursor == (-2, 0)  # the cursor starts on a token that can move
    key(window, arcade.key.RIGHT)
    assert renderer.cursor == (-1, 0)
    key(window, arcade.key.SPACE)
    assert renderer.pending_move is None and renderer.picker.selected is None
    assert renderer.shown_cursor == (-1, 0)
    stage_of(window).show(focused=False)
    frame(window)
    assert renderer.shown_cursor is None and renderer.cursor == (-1, 0)


def test_nim_cards_take_from_a_card_on(window: Any) -> None:
    game = Nim()
    state = game.new_state(2, {"heaps": "3,4,5"}, 0)
    renderer, submitted = show(window, NimCards, game, state, colour_blind=True)
    layout = renderer.board_layout
    assert pixel(window, *layout.click_point(("heap2", 4))) == CARD
    assert ("heap0", 3) not in renderer.pieces(state)
    assert sorted(t.text for t in renderer.texts if t.text.isdigit()) == sorted(
        "123" "1234" "12345")
    press(window, *layout.click_point(("heap1", 1)))  # the 2nd card of heap 2: take 3
    assert renderer.pending_move == Take(1, 3)
    # The preview crosses out the three cards taken.
    assert pixel(window, *layout.click_point(("heap1", 3))) != CARD
    key(window, arcade.key.ENTER)
    assert submitted == [Take(1, 3)]
    for text in renderer.texts:  # every text inside its card or the area
        assert renderer.area.left <= text.x - text.content_width / 2
        assert text.x + text.content_width / 2 <= renderer.area.right


def test_nim_cards_taken_shrink_away(window: Any) -> None:
    game = Nim()
    before = game.new_state(2, {"heaps": "3,4,5"}, 0)
    move = Take(2, 2)
    after = game.apply(before, move)
    renderer, _ = show(window, NimCards, game, after, animation=1.0)
    stage_of(window).animate(Ply(before, move, after))
    layout = renderer.board_layout
    frame(window, 0.1)
    assert pixel(window, *layout.centre(("heap2", 4))) == CARD  # still there, shrinking
    frame(window, 1.0)
    assert not renderer.animating
    assert pixel(window, *layout.centre(("heap2", 4))) != CARD


def test_the_same_position_shown_again_with_moves_allowed(window: Any) -> None:
    # The shell shows the position again when a panel closes: the moves become clickable.
    game = HexWalk()
    state = game.new_state(2, {}, 0)
    renderer, _ = show(window, WalkRenderer, game, state)
    stage = stage_of(window)
    stage.position(state, 0, game.legal_moves(state), False)
    frame(window)
    press(window, *renderer.board_layout.click_point((-2, 0)))
    assert renderer.picker.selected is None and "to move." in renderer.status()
    stage.position(state, 0, game.legal_moves(state), True)
    press(window, *renderer.board_layout.click_point((-2, 0)))
    assert renderer.picker.selected == (-2, 0)


def test_a_board_chosen_by_the_position(window: Any) -> None:
    # Reversi's size is an option: `board_for` lays the board out again when it changes.
    from tabletop_reversi.game import Reversi
    from tabletop_reversi.view import DISCS, ReversiRenderer

    game = Reversi()
    renderer, _ = show(window, ReversiRenderer, game, game.new_state(2, {"size": 6}, 0))
    for size in (6, 10, 8):
        state = game.new_state(2, {"size": size}, 0)
        stage_of(window).position(state, 0, game.legal_moves(state), True)
        frame(window)
        layout = renderer.board_layout
        assert len(layout.cells) == size * size
        # The top-left disc of the centre four is White (Reversi's rules, 2. Set-up).
        centre = size // 2 - 1
        assert pixel(window, *layout.centre((centre, centre))) == DISCS[1].fill
        assert renderer.area.contains(*layout.centre((size - 1, size - 1)))
