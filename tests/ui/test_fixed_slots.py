"""Issue 21: a steady screen. Nothing a player may click moves under the pointer because a
text appeared: the game screen's buttons keep their places when a refusal, a hint's
sentence or a preview (VALIDATE) shows, at the smallest window and a common one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, click_button, close_app, installed_host, key, open_app, wait_until

from games.versus.board import CELL_OF_NAME
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tabletop.ui.renderer import Play


@pytest.fixture(params=[(800, 600), (1280, 800)], ids=["800x600", "1280x800"])
def window(request: Any, tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path, size=request.param)
    yield win
    close_app(win)


def places(screen: GameScreen) -> dict[str, tuple[float, float, float, float]]:
    """Each button's rectangle, by name, as laid out now."""
    screen.ensure_built()
    return {b.name: (b.rect.left, b.rect.bottom, b.rect.width, b.rect.height)
            for b in screen.buttons}


def test_the_sidebar_buttons_stay_put_when_texts_and_a_preview_appear(window: Any) -> None:
    click_button(window, "game:versus")
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    centres = screen.renderer.board_layout.centres
    before = places(screen)
    assert {"undo", "hint", "launcher", "special:draw"} <= set(before)

    click(window, *centres[CELL_OF_NAME["f6"]])  # an empty hexagon: a reason is said
    assert "empty" in screen.message
    assert places(screen) == before
    key(window, arcade.key.H)  # a hint and its sentence, several lines long
    wait_until(window, lambda: screen.message.startswith("Hint:") and " — " in screen.message)
    assert places(screen) == before
    click(window, *centres[CELL_OF_NAME["a3"]])  # the VERSUS, then where it goes:
    click(window, *centres[CELL_OF_NAME["d6"]])  # a preview, VALIDATE and Cancel appear
    now = places(screen)
    assert {"validate", "cancel"} <= set(now)
    assert {name: now[name] for name in before} == before
    validate = now["validate"]
    assert all(validate[1] + validate[3] <= rect[1] for rect in before.values())  # below


def test_the_set_up_rows_stay_put_whoever_plays_each_seat(window: Any) -> None:
    # Clicking down the ">" column: each seat steps through the levels, a friend online
    # and back to a person, and no other button moves meanwhile (a level's blurb has its
    # line whether or not the seat is a computer's; the clock sits in the online row).
    click_button(window, "game:verso")
    setup = window.current_view
    while setup.players < 6:
        click_button(window, "players+")
    before = places(setup)
    for seat in range(6):
        for _ in range(len(setup.agent_names)):
            click_button(window, f"seat{seat}+")
            now = places(setup)
            moved = [name for name in ("start", "seed", *(f"seat{s}+" for s in range(6)))
                     if name in before and now.get(name) != before[name]]
            assert not moved, (seat, setup.seats[seat], moved)
    assert setup.seats[:6] == ["human"] * 6  # all the way round


def test_the_replay_list_names_the_players_and_stays_under_the_pointer(
        window: Any, tmp_path: Path) -> None:
    from tabletop.store.library import Library
    from tabletop.testing import random_record
    from tabletop.ui.replay_screen import ReplayScreen

    game = window.app.host.game("verso")
    record = random_record(game, 2, seed=5)
    library = Library.open(tmp_path)
    entry = library.add(record, ["Alice", "Bob"])
    library.close()
    click_button(window, "library")
    click_button(window, f"open:{entry.id}")
    screen = window.current_view
    assert isinstance(screen, ReplayScreen)
    assert screen.move_row(1).startswith(("Alice draws", "Bob draws"))  # names, cards
    key(window, arcade.key.HOME)
    buttons = places(screen)
    for _ in range(6):
        key(window, arcade.key.RIGHT)
    rows = dict((ply, rect) for rect, ply in screen._log_rows)
    target = max(rows)  # the last row shown: a click there must not move the list
    click(window, *rows[target].center)
    assert screen.ply == target
    assert dict((ply, rect) for rect, ply in screen._log_rows)[target] == rows[target]
    key(window, arcade.key.END)  # the result appears in its own slot: no button moves
    assert places(screen) == buttons


def test_the_keys_are_listed_on_the_game_screen(window: Any) -> None:
    click_button(window, "game:versus")
    click_button(window, "start")
    screen = window.current_view
    key(window, arcade.key.SLASH, arcade.key.MOD_SHIFT)  # "?"
    assert screen.overlay == "keys"
    shown = " ".join(p.text for p in screen.texts.items)
    assert "U, R: undo, redo" in shown and "Page Up, Page Down: the move log" in shown
    assert not any(p.cut for p in screen.texts.items)  # every line whole
    key(window, arcade.key.ESCAPE)
    assert screen.overlay is None
    click_button(window, "keys")  # the sidebar's button too
    assert screen.overlay == "keys"


def test_the_quick_starts_are_the_same_at_every_size_built_in_games_first(
        window: Any) -> None:
    # Forty-odd games of plugins are installed here: the built-in games' quick starts
    # still come first, and the same four show at every window size.
    launcher = window.current_view
    launcher.ensure_built()
    shown = [b.label for b in launcher.buttons if b.name.startswith("quick:")]
    assert shown == ["Verso against Beginner", "Versus against Casual",
                     "Verso solo", "Versus, two players here"]
    assert not any(p.cut for p in launcher.texts.items if p.text in shown)


@pytest.mark.parametrize("names, whole", [
    (["Ada Lovelace-Byron", "Bo"], True),  # wraps to a second row at 800x600
    (["W" * 40, "Bo"], False),  # a name wider than the sidebar alone: cut, on hover
])
def test_the_turn_line_reads_whole_and_the_buttons_stay_put_as_turns_pass(
        window: Any, names: list[str], whole: bool) -> None:
    from tabletop.play.session import HUMAN, Session
    from tabletop.seats import seats_of

    game = window.app.host.game("versus")
    session = Session.new(game, 2, {o.name: o.default for o in game.info.options}, 3,
                          [HUMAN, HUMAN])
    window.app.start_game("versus", session.record(), seats_of(session.agents, names))
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    seen = []
    for _ply in range(2):  # each seat to move in turn
        # (by place: a special move's button is named by the seat that makes it)
        before = sorted(places(screen).values())
        turn = next(p for p in screen.texts.items if p.text.startswith("To move: "))
        assert turn.text.endswith(f"{screen.table.label(screen.snapshot.to_move)}")
        seen.append(turn.text)
        assert not turn.cut if whole or names[screen.snapshot.to_move] == "Bo" else (
            turn.cut and turn.may_cut)
        assert screen.act(Play(screen.snapshot.legal[0]))
        assert sorted(places(screen).values()) == before  # the long name's rows stay
    assert len(set(seen)) == 2
