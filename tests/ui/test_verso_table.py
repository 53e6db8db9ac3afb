"""The Verso table in the app, driven headless with real clicks and keys (issue 6)."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyglet
import pytest
from ui_driver import click, click_button, close_app, key, open_app, pump, screenshot, wait_until

import games.verso.plugin
import games.verso.view
from games.verso.game import VersoGame
from games.verso.observation import observe
from games.verso.picture import solo_band
from games.verso.rules import bank_cards
from games.verso.state import FINAL, FLIP, KEEP, PLAY, Bank
from games.verso.view.cards import CardPainter
from games.verso.view.places import table_geometry
from games.verso.view.preview import banks_for, distinct_outcomes, layout_by_key
from games.verso.view.renderer import VersoRenderer
from games.verso.view.table import TableScene, paint_table
from tabletop.play.session import Session
from tabletop.plugins import Host, module_sources
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Rect
from tabletop.ui.setup_screen import SetupScreen

GAME = VersoGame()


def make_host() -> Host:
    """The real Verso plugin (game, agents, renderer), in process; picklable for the worker."""
    return Host(module_sources([("verso", games.verso.plugin)])).load()


def open_window(directory: Path, animation: float = 0.1, size: tuple[int, int] = (1280, 720),
                colour_blind: bool = False) -> Any:
    return open_app(make_host, directory, size=size, animation=animation,
                    colour_blind=colour_blind)


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_window(tmp_path)
    yield win
    close_app(win)


def start_from_setup(window: Any, seed: int, players: int = 1,
                     agents: dict[int, str] | None = None) -> GameScreen:
    """Launcher → Verso → players, seats and seed by clicks and keys → Start."""
    click_button(window, "game:verso")
    setup = window.current_view
    assert isinstance(setup, SetupScreen)
    for _ in range(players - 1):
        click_button(window, "players+")
    for seat, name in (agents or {}).items():
        for _ in range(setup.agent_names.index(name)):
            click_button(window, f"seat{seat}+")
    click_button(window, "seed")
    for digit in str(seed):
        key(window, getattr(arcade.key, f"KEY_{digit}"))
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    assert isinstance(screen.renderer, VersoRenderer)
    assert screen.table.session.seed == seed
    return screen


def start_session(window: Any, session: Session) -> GameScreen:
    window.app.start_game("verso", session.record())
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    return screen


def settle(window: Any, screen: GameScreen) -> None:
    wait_until(window, lambda: not screen.renderer.animating, seconds=10)
    assert window.current_view is screen, "the renderer failed and the app left the game"


def press_renderer_button(window: Any, renderer: VersoRenderer, label: str) -> None:
    """Click the renderer's own button whose label starts with `label`."""
    for rect, text, _ in renderer.buttons:
        if text.startswith(label):
            click(window, *rect.center)
            return
    raise AssertionError(f"no button {label!r}: {[b[1] for b in renderer.buttons]}")


def click_cards(window: Any, renderer: VersoRenderer, seat: int, keys: Any) -> None:
    assert renderer.geometry is not None
    for k in sorted(keys):
        click(window, *renderer.geometry.panels[seat].slot(k).center)


def table_text(renderer: VersoRenderer) -> str:
    return "\n".join(t.text for t in renderer._texts)


def ambiguous_joker_banks(legal: Any) -> list[Bank]:
    """Banks with a joker whose value changes the discards (the renderer must ask)."""
    return [m for m in legal if isinstance(m, Bank) and m.joker is not None and len(
        distinct_outcomes(banks_for(legal, m.colour, frozenset(bank_cards(m).values())))) > 1]


@pytest.fixture
def quick_window(tmp_path: Path) -> Iterator[Any]:
    """The window with short animations (about a frame a move), for whole games."""
    win = open_window(tmp_path, animation=0.02)
    yield win
    close_app(win)


def test_solo_game_played_to_the_end_by_clicks(quick_window: Any) -> None:
    window = quick_window
    # verso.md §4.1 keep/flip, §4.2 a bank with a joker, §7 the solo end and final bank.
    screen = start_from_setup(window, seed=0)
    r, s = screen.renderer, screen.table.session
    done = {"keep": 0, "flip": 0, "joker": 0, "final": 0, "duplicate": 0}
    while s.outcome is None:
        state, legal = s.state, list(s.legal_moves())
        banks = [m for m in legal if isinstance(m, Bank)]
        plies = len(s.moves)
        if state.phase == PLAY and ambiguous_joker_banks(legal) and not done["joker"]:
            move = ambiguous_joker_banks(legal)[0]
            click_cards(window, r, 0, bank_cards(move).values())
            assert r.pending_move is None and len(r.joker_options) > 1  # asked: it matters
            option = r.joker_options[-1]
            press_renderer_button(window, r, f"Joker = {option.joker}")
            assert r.pending_move == option and r.preview is not None
            assert r.preview.points == sum(3 if f >= 21 else 1 for f, _ in (
                i for i in r.view.layouts[0] if i[0] % 21 in bank_cards(option).values()))
            assert "Bank" in table_text(r) and "Discards" in table_text(r)
            click_button(window, "validate")
            done["joker"] += 1
        elif state.phase == PLAY:
            click(window, *r.geometry.deck.center)
            flip = (done["keep"] + done["flip"]) % 2 == 1
            press_renderer_button(window, r, "Flip" if flip else "Keep")
            done["flip" if flip else "keep"] += 1
            assert s.moves[-1] == (FLIP if flip else KEEP)
            if "already holds that face" in str(s.log[-1][1]):  # verso.md §4.1: no duplicates
                assert "the drawn card is discarded (no duplicates)" in table_text(r)
                done["duplicate"] += 1
        elif banks:
            move = max(banks, key=lambda m: len(m.run()))
            click_cards(window, r, 0, bank_cards(move).values())
            if r.joker_options:
                press_renderer_button(window, r, "Joker")
            assert r.pending_move is not None
            assert "nobody flips" in table_text(r)
            click_button(window, "validate")
            done["final"] += 1
        else:
            press_renderer_button(window, r, "Pass")
        assert len(s.moves) == plies + 1, "the click did not play a move"
        assert r.animating or window.app.settings.animation_seconds == 0
        settle(window, screen)
    log = "\n".join(str(line) for ply in s.log for line in ply)
    assert done["keep"] and done["flip"] and done["joker"] and done["final"] == 1
    assert done["duplicate"]
    assert "and flips it" in log and "and keeps it" in log and "(the joker, as" in log
    assert "final bank" in log and "solo opponent" in log
    click_button(window, "review")  # leave the shell's end panel to see the table
    text = table_text(r)
    score = s.state.scores[0]
    assert f"Game over: {score} points" in text and "record: 64" in text
    assert solo_band(score) in text  # verso.md §7: the rating band
    screenshot(window, "verso_solo_end")


def test_three_players_one_human_two_ais_by_keyboard(quick_window: Any) -> None:
    window = quick_window
    screen = start_from_setup(window, seed=5, players=3, agents={1: "Club", 2: "Beginner"})
    r, s = screen.renderer, screen.table.session
    assert s.agents == ("human", "Club", "Beginner")  # greedy and random, by level
    draws = 0
    while s.outcome is None:
        wait_until(window, lambda: s.outcome is not None or (
            s.to_move == 0 and not r.animating and screen.thinking is None), seconds=30)
        if s.outcome is not None:
            break
        plies = len(s.moves)
        legal = list(s.legal_moves())
        banks = [m for m in legal if isinstance(m, Bank) and len(m.run()) >= 3]
        if s.state.phase == FINAL:
            banks = [m for m in legal if isinstance(m, Bank)]
        if banks:
            move = banks[0]
            for k in sorted(bank_cards(move).values()):
                for _ in range(25):
                    if r.cursor == k:
                        break
                    key(window, arcade.key.RIGHT)
                assert r.cursor == k
                key(window, arcade.key.SPACE)
            if r.joker_options:
                key(window, getattr(arcade.key, f"KEY_{r.joker_options[0].joker}"))
            key(window, arcade.key.B)
        elif s.state.phase == FINAL:
            key(window, arcade.key.P)
        else:
            key(window, arcade.key.D)
            assert [b[1] for b in r.buttons] == ["Keep (K)", "Flip (F)"]
            key(window, arcade.key.F if draws % 2 else arcade.key.K)
            draws += 1
        assert len(s.moves) > plies, "the keys did not play a move"
    assert s.outcome is not None and len(s.outcome.scores) == 3
    pump(window, 2)
    click_button(window, "review")
    text = table_text(r)
    # A computer's seat goes by its level (issue 36: "Player 2 · Club", not "· computer").
    level = s.agents[1]
    assert "Game over: ranking" in text and f"Player 2 · {level}" in text


def find_square_on_other_turn(seed: int) -> tuple[Session, Bank]:
    """Seeded play until a bank makes a neighbour complete a square (verso.md §5)."""
    host = make_host()
    game = host.game("verso")
    session = Session.new(game, 3, {}, seed, ("human",) * 3)
    rng = random.Random(seed)
    while session.state.phase == PLAY:
        state, legal = session.state, session.legal_moves()
        banks = [m for m in legal if isinstance(m, Bank)]
        move = rng.choice(banks) if banks and rng.random() < 0.25 else rng.choice([KEEP, FLIP])
        if isinstance(move, Bank):
            after = game.apply(state, move)
            if any(after.squares[p] and not state.squares[p] for p in range(3) if p != state.turn):
                return session, move
        session.play(move)
    raise AssertionError("no square on another player's turn in this game")


def test_square_scored_on_another_players_turn(tmp_path: Path) -> None:
    window = open_window(tmp_path, animation=0.6)
    try:
        session, move = find_square_on_other_turn(96)
        screen = start_session(window, session)
        session = screen.table.session
        r = screen.renderer
        banker = session.to_move
        before = session.state.scores
        click_cards(window, r, banker, bank_cards(move).values())
        if r.joker_options:
            press_renderer_button(window, r, f"Joker = {move.joker}")
        assert r.preview is not None and len(r.preview.flips) == 2  # both neighbours flip
        screenshot(window, "verso_3p_bank_preview")
        click_button(window, "validate")
        after = session.state
        squared = [p for p in range(3) if p != banker and after.squares[p]
                   and not session.states[-2].squares[p]]
        assert squared
        assert any(f.seat == squared[0] and "+7" in f.text for f in r.floaters)
        pump(window, 14)  # mid-animation: cards flipping and the +7 rising
        assert r.animating
        screenshot(window, "verso_3p_square_animating")
        settle(window, screen)
        assert after.scores[squared[0]] >= before[squared[0]] + 7
        assert f"Player {squared[0] + 1} completes a square" in "\n".join(
            str(line) for line in session.log[-1])
        assert "square ✓" in table_text(r)
    finally:
        window.app.worker.shutdown()
        window.close()


def test_undo_never_reveals_a_face(window: Any) -> None:
    # Solo: every ply shows a face (the next deck top, the opponent's card): no undo.
    screen = start_from_setup(window, seed=3)
    r, s = screen.renderer, screen.table.session
    for label in ("Keep", "Flip"):
        click(window, *r.geometry.deck.center)
        press_renderer_button(window, r, label)
        settle(window, screen)
        plies, shown = len(s.moves), r.view
        key(window, arcade.key.U)
        assert len(s.moves) == plies and r.view == shown
        # And says why: the move showed a face the player has now seen.
        assert screen.message == (f"Nothing that may be undone: move {plies} showed what "
                                  "was hidden, and it has been seen.")
    # Two humans in the final round: a bank there shows nothing, so it may be undone,
    # and undoing it shows exactly the table seen before the bank.
    game = s.game
    session = Session.new(game, 2, {}, 11, ("human", "human"))
    rng = random.Random(11)
    while session.state.phase == PLAY or not [
            m for m in session.legal_moves() if isinstance(m, Bank)]:
        session.play(rng.choice([m for m in session.legal_moves() if not isinstance(m, Bank)]
                                or list(session.legal_moves())))
        assert session.state.phase != 2, "no final bank in this game"
    screen = start_session(window, session)
    session = screen.table.session
    r = screen.renderer
    seen_before = r.view
    move = next(m for m in session.legal_moves() if isinstance(m, Bank))
    click_cards(window, r, session.to_move, bank_cards(move).values())
    if r.joker_options:
        press_renderer_button(window, r, "Joker")
    click_button(window, "validate")
    settle(window, screen)
    assert r.view != seen_before
    key(window, arcade.key.U)
    assert r.view == seen_before
    known = {item for layout in seen_before.layouts for item in layout}
    assert all(item in known for layout in r.view.layouts for item in layout)


@pytest.mark.parametrize("players", [1, 3, 6])
def test_table_screenshots(tmp_path: Path, players: int) -> None:
    window = open_window(tmp_path, colour_blind=players == 6)
    try:
        host = make_host()
        session = Session.new(host.game("verso"), players, {}, 40 + players, ("human",) * players)
        rng = random.Random(players)
        for _ in range(9 * players + 6):
            legal = session.legal_moves()
            banks = [m for m in legal if isinstance(m, Bank)]
            session.play(rng.choice(banks) if banks and rng.random() < 0.15 else
                         rng.choice([KEEP, FLIP]))
        screen = start_session(window, session)
        session = screen.table.session
        r = screen.renderer
        assert r.geometry is not None and len(r.geometry.panels) == players
        if players == 3:
            key(window, arcade.key.D)  # the Keep / Flip choice on screen
        image = screenshot(window, f"verso_{players}p")
        assert window.current_view is screen, "the renderer failed"
        assert len(set(image.convert("RGB").getdata())) > 50  # a drawn table, not a blank
    finally:
        window.app.worker.shutdown()
        window.close()


def test_painters_draw_a_scene_and_return_what_they_drew(window: Any) -> None:
    # The painters read a frozen scene only and hand back the buttons and card boxes
    # they drew; no drawing module imports the renderer (no import cycle).
    state = GAME.new_state(3, {}, 7)
    for _ in range(12):
        state = GAME.apply(state, KEEP)
    view = observe(state)
    area = Rect(0, 0, 1280, 720)
    geo = table_geometry(area, 3)
    scene = TableScene(
        view=view, area=area, geometry=geo, seat_labels=("A", "B", "C"), to_move=view.turn,
        mover=view.turn, animating=False, drawing=True, hint=FLIP, hint_text="flip",
        joker_options=(), preview=None, pending=False, selected=frozenset(), cursor=None,
        notes=(), marked=frozenset(), hidden=frozenset(), discard_shown=None)
    paint = CardPainter(arcade.shape_list.ShapeElementList(), pyglet.graphics.Batch(), False)
    drawn = paint_table(scene, paint)
    assert [(b.label, b.command) for b in drawn.buttons] == [("Keep (K)", KEEP),
                                                             ("Flip (F)", FLIP)]
    assert drawn.cards == {(seat, key): geo.panels[seat].slot(key)
                           for seat in range(3) for key in layout_by_key(view, seat)}
    assert "Hint: flip" in [t.text for t in paint.texts]
    for path in Path(games.verso.view.__file__).parent.glob("*.py"):
        if path.stem != "renderer":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
            assert "games.verso.view.renderer" not in imported, path


@pytest.mark.parametrize("name, whole", [("Ada Lovelace-Byron", True), ("W" * 40, False)])
def test_a_seats_name_reads_whole_before_its_square_and_a_longer_one_is_cut_as_a_name(
        window: Any, name: str, whole: bool) -> None:
    # Six players in a 1280x800 window's board: the words on a header's right give way
    # (down to the points alone) before the name is cut; a name too wide even then is
    # cut as a name (`may_cut`: whole on hover).
    view = observe(GAME.new_state(6, {}, 7))
    area = Rect(16, 16, 884, 768)
    scene = TableScene(
        view=view, area=area, geometry=table_geometry(area, 6),
        seat_labels=(name, *(f"Player {n}" for n in range(2, 7))), to_move=0, mover=0,
        animating=False, drawing=False, hint=None, hint_text=None, joker_options=(),
        preview=None, pending=False, selected=frozenset(), cursor=None, notes=(),
        marked=frozenset(), hidden=frozenset(), discard_shown=None)
    paint = CardPainter(arcade.shape_list.ShapeElementList(), pyglet.graphics.Batch(), False)
    paint_table(scene, paint)
    placed = paint.layer.placed
    header = next(p for p in placed if p.text == f"▶ {name}")
    assert header.may_cut and header.cut != whole
    beside = placed[placed.index(header) - 1]  # the header's right-hand words
    assert beside.text.startswith("0 pts") and not beside.cut
    if not whole:
        assert beside.text == "0 pts"  # all the room the name can have
