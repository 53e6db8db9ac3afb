"""A mancala board on the board toolkit, as a plugin author writes it: Kalah's two rows of
six pits between two stores that span both rows (`SquareBoard(spans=...)`), each pit and
store a `Stack` of seeds with its count, a click on a pit that sows it. Drawn headless in
a bare window and in the real app at 800x600 and 1280x800 (`screenshots/kalah_*.png`):
every count inside its cell and its box, pixels where seeds and counts should be."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from board_host import frame, said, show, stage_of
from tabletop_nim import Nim, NimState
from ui_driver import SHOTS, click, close_app, key, open_app, pixel, pump, screenshot
from ui_kalah import STORES, Kalah, KalahState, Sow, cell_of, make_host, own_pits

from tabletop.play.session import HUMAN, Session
from tabletop.seats import seats_of
from tabletop.testing import check_game
from tabletop.ui._arcade import arcade
from tabletop.ui.boards import (
    BoardRenderer,
    CardTable,
    Cell,
    MovePath,
    Palette,
    Piece,
    Region,
    SquareBoard,
    Stack,
)
from tabletop.ui.boards.paint import stack_look
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Explain, Ply, Rect
from tabletop.ui.textbox import TextBoxes

# -- the renderer, as a plugin's view/__init__.py would hold it ------------------------
WOOD = (166, 112, 64)
PIT = (104, 64, 34)
SEED = Piece(fill=(232, 222, 196), edge=(92, 74, 52), scale=0.23)
#: Two rows of six pits between two stores, each store one cell spanning both rows.
BOARD = SquareBoard(2 + 6, 2, light=PIT, labels=False, spans={(0, 0): (1, 2), (7, 0): (1, 2)},
                    round_cells=True)


class KalahRenderer(BoardRenderer):
    """Kalah's board: South's pits below, North's above, North's store on the left and
    South's on the right; a click on a pit of yours sows it (then VALIDATE)."""

    board = BOARD
    palette = Palette(frame=WOOD, line=(70, 42, 20))

    def pieces(self, view: KalahState) -> Mapping[Cell, Stack]:
        """The seeds of every pit and store, drawn and counted (an empty pit says 0)."""
        return {cell_of(i): Stack(SEED, seeds) for i, seeds in enumerate(view.pits)}

    def move_path(self, view: KalahState, move: Sow) -> MovePath:
        """A move is one click on the pit it sows from."""
        return MovePath(to=cell_of(move.pit))

    def explain(self, cell: Cell) -> str:
        view: KalahState = self.view
        index = next(i for i in range(len(view.pits)) if cell_of(i) == cell)
        if index in STORES:
            return "A store is never sown from: choose one of your pits."
        if index not in own_pits(view.mover):
            return "That pit is your opponent's: sow from a pit on your side."
        return "That pit is empty."

    def scores(self, view: KalahState) -> tuple[float, float]:
        return float(view.pits[STORES[0]]), float(view.pits[STORES[1]])


@pytest.fixture(scope="module")
def window() -> Iterator[Any]:
    win = arcade.Window(640, 480, "kalah", visible=False)
    yield win
    win.close()


def press_at(window: Any, x: float, y: float) -> None:
    window.dispatch_event("on_mouse_press", int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    frame(window)


def counts(renderer: BoardRenderer) -> dict[Cell, str]:
    """The count written on each cell, read from the laid-out texts (cell under each)."""
    layout = renderer.board_layout
    found = {}
    for placed in renderer.context.texts.placed():
        cell = layout.cell_at(*placed.extent.center)
        if cell is not None:
            found[cell] = placed.shown
    return found


def seed_points(renderer: BoardRenderer, cell: Cell) -> tuple[tuple[float, float], ...]:
    """Where the seeds of `cell` are drawn (the toolkit's own layout of its stack)."""
    stack = renderer.pieces(renderer.view)[cell]
    assert isinstance(stack, Stack)
    return stack_look(renderer.board_layout, cell, stack).places


def start(sown: tuple[int, ...] = ()) -> tuple[Kalah, KalahState]:
    """Kalah at the start, then the pits `sown` sown in turn."""
    game = Kalah()
    state = game.new_state(2, {}, 0)
    for pit in sown:
        state = game.apply(state, Sow(pit))
    return game, state


# -- the game and the geometry, headless ---------------------------------------------
def test_kalah_is_a_real_game() -> None:
    check_game(Kalah(), seeds=range(4), max_plies=400)


def test_a_last_seed_in_an_empty_pit_takes_the_seeds_opposite() -> None:
    game = Kalah()
    pits = [0] * 14
    pits[0], pits[3], pits[9] = 3, 0, 5  # South's pit 1 sows into pits 2, 3, 4
    pits[7] = 1  # North keeps a seed: the game goes on
    after = game.apply(KalahState(tuple(pits), 0), Sow(0))
    assert after.pits[3] == 0 and after.pits[9] == 0 and after.pits[STORES[0]] == 6
    assert after.mover == 1 and not after.over
    again = game.apply(game.new_state(2, {}, 0), Sow(2))  # 4 seeds: the last in the store
    assert again.mover == 0 and again.pits[STORES[0]] == 1


AREAS = (Rect(0, 0, 800, 300), Rect(10, 10, 562, 580), Rect(0, 0, 300, 900),
         Rect(5, 50, 1900, 300))


@pytest.mark.parametrize("area", AREAS)
def test_the_stores_span_both_rows_and_every_cell_is_hit(area: Rect) -> None:
    layout = BOARD.fit(area)
    assert len(layout.cells) == 14 and (0, 1) not in layout.cells and (7, 1) not in layout.cells
    for cell in layout.cells:
        (x0, y0), _, (x1, y1), _ = layout.outlines[cell]
        assert area.left - 1e-6 <= x0 and x1 <= area.right + 1e-6
        assert area.bottom - 1e-6 <= y0 and y1 <= area.top + 1e-6
        assert layout.cell_at(*layout.click_point(cell)) == cell
        box = layout.content_box(cell)  # the contents inside the cell, and inside its pit
        assert x0 < box.left and box.right < x1 and y0 < box.bottom and box.top < y1
        for x, y in layout.shape_of(cell):
            assert x0 <= x <= x1 and y0 <= y <= y1
    pit, store = layout.outlines[(1, 0)], layout.outlines[(0, 0)]
    pit_height = pit[2][1] - pit[0][1]
    assert store[2][1] - store[0][1] == pytest.approx(2 * pit_height)  # both rows
    assert store[0][1] == pytest.approx(pit[0][1])
    assert layout.centre((0, 0))[1] == pytest.approx((layout.centre((1, 0))[1]
                                                      + layout.centre((1, 1))[1]) / 2)
    assert layout.size_of((0, 0)) == pytest.approx(layout.size_of((1, 0)))  # seeds alike
    assert layout.content_box((0, 0)).height > 1.9 * layout.content_box((1, 0)).height
    assert layout.labels == ()  # labels=False: no coordinates
    assert layout.cell_at(layout.centre((0, 0))[0], layout.outlines[(1, 1)][2][1] - 1) == (0, 0)


def test_spans_are_checked_and_boards_stay_values() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        SquareBoard(8, 2, spans={(7, 0): (2, 1)})
    with pytest.raises(ValueError, match="overlaps"):
        SquareBoard(8, 2, spans={(0, 0): (2, 2), (1, 1): (1, 1)})
    with pytest.raises(ValueError, match="overlaps"):
        SquareBoard(8, 2, spans={(1, 1): (1, 1), (0, 0): (2, 2)})
    with pytest.raises(ValueError, match="no such cell"):
        SquareBoard(8, 2, spans={(9, 0): (1, 1)})
    spans = {(0, 0): (1, 2), (7, 0): (1, 2)}
    same = SquareBoard(2 + 6, 2, light=PIT, labels=False, spans=dict(reversed(spans.items())),
                       round_cells=True)
    assert same == BOARD and hash(same) == hash(BOARD)
    spans[(3, 0)] = (1, 1)  # the board keeps the spans it was given
    assert len(SquareBoard(8, 2, spans=spans).cells) == 14
    assert len(BOARD.cells) == 14
    # A rows-down board spans down the screen from its anchor.
    down = SquareBoard(3, 3, rows_down=True, spans={(0, 0): (1, 2)}).fit(Rect(0, 0, 300, 300))
    assert down.cell_at(*down.centre((1, 1))) == (1, 1)
    assert down.centre((0, 0))[1] == pytest.approx((down.centre((1, 0))[1]
                                                    + down.centre((1, 1))[1]) / 2)


def test_a_stack_spreads_its_pieces_above_its_count() -> None:
    layout = BOARD.fit(Rect(0, 0, 800, 200))
    for cell, seeds in (((1, 0), 4), ((0, 0), 20), ((2, 1), 1), ((3, 1), 30)):
        look = stack_look(layout, cell, Stack(SEED, seeds))
        box = layout.content_box(cell)
        assert look.count_box is not None
        x, y, height, width = look.count_box
        assert box.left <= x - width / 2 and x + width / 2 <= box.right
        assert box.bottom <= y - height / 2
        radius = look.size * SEED.scale / 2
        assert 1 <= len(look.places) <= seeds
        for px, py in look.places:  # every seed inside the box, above the count
            assert box.left <= px - radius and px + radius <= box.right
            assert y + height / 2 <= py - radius + 1e-6 and py + radius <= box.top
    assert len(stack_look(layout, (1, 0), Stack(SEED, 4)).places) == 4
    assert len(stack_look(layout, (1, 0), Stack(SEED, 30, drawn=3)).places) == 3
    assert stack_look(layout, (1, 0), Stack(SEED, 7, drawn=0)).places == ()  # count alone
    assert stack_look(layout, (1, 0), Stack(SEED, 7, show_count=False)).count_box is None
    assert Stack(SEED, 0).count_text == "0" and Stack(SEED, 9, show_count=False).count_text == ""
    card = Piece(fill=(40, 60, 140), shape="card", label="Q")
    assert Stack(card, 40, hidden=True).shown.face_down
    assert Stack(card, 40, hidden=True).words(colour_blind=True) == ""
    with pytest.raises(ValueError, match="count"):
        Stack(SEED, -1)
    with pytest.raises(ValueError, match="drawn"):
        Stack(SEED, 3, drawn=-2)


# -- the renderer in a window, driven by real events ---------------------------------
def test_pits_and_stores_show_their_seeds_and_counts(window: Any) -> None:
    # South sows pit 3 (its last seed in the store: South again), then pit 6.
    game, state = start((2, 5))
    renderer, _ = show(window, KalahRenderer, game, state)
    layout = renderer.board_layout
    assert counts(renderer) == {cell_of(i): str(seeds) for i, seeds in enumerate(state.pits)}
    assert counts(renderer)[cell_of(STORES[0])] == "2"  # a store's count, in the store
    boxes = TextBoxes(list(renderer.context.texts.placed()))
    assert boxes.problems(Rect(0, 0, *window.get_size())) == []  # none leaves its box
    for placed in renderer.context.texts.placed():  # and each count stays inside its pit
        cell = layout.cell_at(*placed.extent.center)
        if cell is None:
            assert renderer.status_area.contains(*placed.extent.center)  # the status line
            continue
        shape = layout.shape_of(cell)
        assert min(x for x, _ in shape) < placed.extent.left
        assert placed.extent.right < max(x for x, _ in shape)
        assert min(y for _, y in shape) < placed.extent.bottom
    # Seeds where the stack says (4 in a pit, 2 in South's store), none in an empty pit.
    for cell in (cell_of(0), cell_of(STORES[0]), cell_of(12)):
        points = seed_points(renderer, cell)
        assert points and all(pixel(window, *p) == SEED.fill for p in points)
    assert seed_points(renderer, cell_of(2)) == ()
    x, y = layout.centre(cell_of(2))
    assert pixel(window, x, y) == PIT  # the empty pit is a hollow…
    x0, y0 = layout.outlines[cell_of(2)][0]
    assert pixel(window, x0 + 2, y0 + 2) == WOOD  # …in the wood (a round pit)


def test_a_click_on_a_pit_previews_the_sowing_and_enter_plays_it(window: Any) -> None:
    game, state = start()
    renderer, submitted = show(window, KalahRenderer, game, state)
    layout = renderer.board_layout
    # North's pit, a store: nothing chosen, and the player is told why.
    for cell, why in ((cell_of(8), "your opponent's"), (cell_of(STORES[0]), "never sown")):
        press_at(window, *layout.click_point(cell))
        assert renderer.pending_move is None
        meant = said(window)
        assert isinstance(meant, Explain) and why in meant.words
    # South's fourth pit (index 3): four seeds into pits 5, 6, the store and North's 1.
    press_at(window, *layout.click_point(cell_of(3)))
    assert renderer.pending_move == Sow(3) and submitted == []
    after = game.apply(state, Sow(3))
    assert counts(renderer) == {cell_of(i): str(n) for i, n in enumerate(after.pits)}
    assert TextBoxes(list(renderer.context.texts.placed())).problems(Rect(0, 0, 640, 480)) == []
    key_press(window, arcade.key.ENTER)
    assert submitted == [Sow(3)]


def test_sowing_is_animated_and_the_counts_follow(window: Any) -> None:
    game, before = start()
    after = game.apply(before, Sow(5))
    renderer, _ = show(window, KalahRenderer, game, after, animation=1.0)
    stage = stage_of(window)
    stage.animate(Ply(before, Sow(5), after))
    assert renderer.animating and stage.moving
    frame(window, 0.1)  # the sown pit still holds its seeds, going
    going = stack_look(renderer.board_layout, cell_of(5), Stack(SEED, 4)).places
    assert pixel(window, *going[0]) == SEED.fill
    frame(window, 1.0)
    assert not renderer.animating and not stage.moving
    assert seed_points(renderer, cell_of(5)) == ()
    assert counts(renderer)[cell_of(STORES[0])] == "1"
    assert renderer.last_path == MovePath(to=cell_of(5))
    store_seed = seed_points(renderer, cell_of(STORES[0]))[0]
    assert pixel(window, *store_seed) == SEED.fill


def key_press(window: Any, symbol: int) -> None:
    window.dispatch_event("on_key_press", symbol, 0)
    frame(window)


# -- hidden contents: a face-down pile says how many, never what ---------------------
BACK = (52, 70, 140)
QUEEN = Piece(fill=BACK, edge=(230, 230, 240), shape="card", label="Q", text=(250, 250, 250))


class NimDecks(BoardRenderer):
    """Nim's heaps as face-down piles of cards, each with its count (and one token stack
    whose count is not shown)."""

    board = CardTable((*(Region(f"heap{h}", 0.03 + h / 4, 0.2, 0.19, 0.6, pile=True,
                                title=f"Heap {h + 1}") for h in range(3)),
                       Region("bag", 0.78, 0.2, 0.19, 0.6, pile=True, title="Bag")))

    def pieces(self, view: NimState) -> Mapping[Cell, Stack]:
        heaps = {(f"heap{h}", 0): Stack(QUEEN, size, hidden=True)
                 for h, size in enumerate(view.heaps)}
        token = Piece(fill=(200, 40, 40), label="7")
        return {**heaps, ("bag", 0): Stack(token, 3, hidden=True, show_count=False)}


def test_a_hidden_stack_shows_its_back_and_count_not_its_face(window: Any) -> None:
    game = Nim()
    state = game.new_state(2, {"heaps": "3,4,5"}, 0)
    renderer, _ = show(window, NimDecks, game, state, interactive=False)
    layout = renderer.board_layout
    words = {t.text for t in renderer.texts}
    assert "Q" not in words and "7" not in words  # the faces stay hidden
    shown = counts(renderer)
    assert [shown[(f"heap{h}", 0)] for h in range(3)] == ["3", "4", "5"]
    assert ("bag", 0) not in shown  # show_count=False: not even how many
    for h, size in enumerate(state.heaps):  # a card's back on top, a few edges under it
        deck = renderer.pieces(state)[(f"heap{h}", 0)]
        assert isinstance(deck, Stack) and deck.hidden
        pile = stack_look(layout, (f"heap{h}", 0), deck)
        assert len(pile.places) == min(size, 4)
        assert pixel(window, *pile.places[-1]) == BACK
    SHOTS.mkdir(exist_ok=True)
    arcade.get_image(0, 0, *window.get_size()).save(SHOTS / "kalah_hidden_piles.png")
    assert TextBoxes(list(renderer.context.texts.placed())).problems(Rect(0, 0, 640, 480)) == []


# -- in the app, as a player sees it at 800x600 and 1280x800 --------------------------
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_kalah_in_the_app_is_tidy_and_played_by_a_click(tmp_path: Path,
                                                       size: tuple[int, int]) -> None:
    app_window = open_app(make_host, tmp_path, size=size, animation=0.0)
    try:
        session = Session.new(Kalah(), 2, {}, 0, [HUMAN, HUMAN])
        for pit in (2, 5):  # South sows pit 3 (and plays again), then pit 6: North to move
            session.play(Sow(pit))
        app_window.app.start_game("kalah", session.record(),
                                  seats_of(session.agents, ["Ada", "Bob"]))
        pump(app_window, 2)
        screen = app_window.current_view
        assert isinstance(screen, GameScreen)
        renderer = screen.renderer
        assert isinstance(renderer, KalahRenderer)
        name = f"kalah_{size[0]}x{size[1]}"
        screenshot(app_window, name)
        # The app's own layout check, the counts among its texts: none leaves its box.
        assert screen.laid_out().problems(Rect(0, 0, *size)) == []
        assert counts(renderer) == {cell_of(i): str(n) for i, n in enumerate(session.state.pits)}
        # North (above) sows its pit 1, the top row's right end: previewed, then VALIDATE.
        layout = renderer.board_layout
        click(app_window, *layout.click_point(cell_of(7)))
        assert renderer.pending_move == Sow(7) and len(session.moves) == 2
        screenshot(app_window, f"{name}_preview")
        assert screen.laid_out().problems(Rect(0, 0, *size)) == []
        key(app_window, arcade.key.ENTER)
        assert screen.table.session.moves[-1] == Sow(7)
        assert counts(renderer)[cell_of(7)] == "0"
        assert (SHOTS / f"{name}.png").is_file()
    finally:
        close_app(app_window)
