"""Issue 22: online play in the app, with real sockets and real `tabletop` processes.

The app hosts a table from its set-up (a seat "Online: a friend joins") and a friend's
`tabletop join … --agent random` process takes the other seat; the app joins a table
that a `tabletop host` process holds, through its Join screen, and sees the host killed
(`kill -9`: a banner while it reconnects) and resumed. The person here plays with real
clicks on the board and the sidebar's buttons.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, click_button, close_app, key, open_app, pump, wait_until

from tabletop.plugins import Host
from tabletop.store.library import Library
from tabletop.ui._arcade import arcade
from tabletop.ui.online_screen import OnlineScreen
from tabletop.ui.setup_screen import SetupScreen
from tests.net.processes import Process, free_port, kept, run, start_host


def installed_host() -> Host:
    """The installed plugins, as `tabletop` runs them (picklable for the AI worker)."""
    return Host().load()


@pytest.fixture
def window(tmp_path: Path) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path / "app")
    win.app.port = 0  # any free port: tests run side by side
    yield win
    view = win.current_view
    if isinstance(view, OnlineScreen):
        view.seat.leave()
    close_app(win)


def said(screen: Any) -> str:
    """Every text the screen shows now."""
    pump(screen.window)
    return " ".join(placed.text for placed in screen.texts.items)


def play_a_move(window: Any, screen: OnlineScreen, rng: random.Random) -> None:
    """A legal Versus move by clicks: its piece, its cell, VALIDATE if it is previewed."""
    wait_until(window, lambda: screen.may_move and not screen.animating, 60)
    move = rng.choice(screen._legal)
    centres = screen.renderer.board_layout.centres
    ply = screen.plies
    click(window, *centres[move.frm])
    click(window, *centres[move.to])
    if screen.button_named("validate") is not None:
        click_button(window, "validate")
    wait_until(window, lambda: screen.plies > ply, 30)


def resign(window: Any, screen: OnlineScreen) -> None:
    """Resign with the sidebar's button and confirm it with the keyboard (Y)."""
    wait_until(window, lambda: screen.may_move and not screen.animating, 60)
    name = next(b.name for b in screen.buttons if b.name.startswith("special:resign"))
    click_button(window, name)
    wait_until(window, lambda: screen.overlay == "confirm", 30)
    key(window, arcade.key.Y)
    wait_until(window, lambda: screen.overlay == "end" and screen.seat.game.record
               is not None, 30)


def test_a_table_hosted_from_the_set_up_is_played_with_a_friend_elsewhere(
        window: Any, tmp_path: Path) -> None:
    click_button(window, "game:versus")
    assert isinstance(window.current_view, SetupScreen)
    click_button(window, "seat1-")  # Brown: Human → Online (the last choice)
    setup = window.current_view
    assert setup.seats[1] == "online" and setup.button_named("time-limit") is not None
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, OnlineScreen), getattr(setup, "error", None)
    seat = screen.seat
    text = said(screen)
    assert "Waiting for players" in text and seat.code in text
    assert screen.button_named("copy") is not None
    assert not screen.may_move  # play starts when every seat is taken

    friend = run(["join", f"127.0.0.1:{seat.hosting.port}", seat.code, "--agent", "random",
                  "--name", "Bob", "--seed", "1"], tmp_path / "bob")
    wait_until(window, lambda: not seat.waiting, 30)
    assert "Bob (Brown)" in said(screen)
    rng = random.Random(3)
    for _ in range(4):
        play_a_move(window, screen, rng)
    assert len(screen.seat.game.log) >= 7  # both seats' moves are logged
    resign(window, screen)
    assert "Bob (Brown) wins." in said(screen)
    assert "Game over:" in friend.finish(60)
    library = Library.open(tmp_path / "app")
    try:
        [entry] = library.entries()
        assert entry.result is not None
        assert [s.player for s in entry.seats][1] == "Bob"
    finally:
        library.close()
    [hosted] = kept(tmp_path / "app")
    [theirs] = kept(tmp_path / "bob")
    assert theirs.moves == hosted.moves and len(hosted.moves) >= 8
    click_button(window, "launcher")
    assert not seat.hosting.running


def test_the_host_sees_who_took_a_seat_and_frees_it_for_the_friend(
        window: Any, tmp_path: Path) -> None:
    """Issue 38: a stranger who took the friend's seat is let go from the sidebar before
    the first move; the code then seats the friend, and the game is kept with him."""
    click_button(window, "game:versus")
    click_button(window, "seat1-")  # Brown: Online
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, OnlineScreen)
    seat = screen.seat
    address = f"127.0.0.1:{seat.hosting.port}"
    stranger = run(["join", address, seat.code, "--agent", "random", "--name", "Mallory"],
                   tmp_path / "mallory")
    wait_until(window, lambda: screen.button_named("free:1") is not None, 30)
    assert "Mallory (Brown)" in said(screen)
    click_button(window, "free:1")
    stranger.wait_for(lambda text: "the host freed your seat" in text, 60)
    assert stranger.popen.wait(30) != 0  # let go: it ends, and says why
    wait_until(window, lambda: seat.waiting and screen.button_named("free:1") is None, 30)
    assert "Seat 2 is free again" in said(screen)
    friend = run(["join", address, seat.code, "--agent", "random", "--name", "Bob",
                  "--seed", "1"], tmp_path / "bob")
    wait_until(window, lambda: not seat.waiting, 30)
    assert "Bob (Brown)" in said(screen) and "Mallory" not in said(screen)
    play_a_move(window, screen, random.Random(5))
    assert screen.button_named("free:1") is None  # the seat is Bob's for good now
    resign(window, screen)
    assert "Game over:" in friend.finish(60)
    library = Library.open(tmp_path / "app")
    try:
        [entry] = library.entries()
        assert [s.player for s in entry.seats][1] == "Bob"
    finally:
        library.close()


def type_into(window: Any, field: str, text: str) -> None:
    """Click a field of the Join screen and type `text` into it."""
    click_button(window, field)
    window.dispatch_event("on_text", text)
    pump(window)


def test_the_join_screen_takes_a_seat_and_a_killed_host_is_waited_for(
        window: Any, tmp_path: Path) -> None:
    port = free_port()
    host_args = ["--port", str(port), "--bind", "127.0.0.1", "--no-discovery"]
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=random", "--seed", "4", port=port)
    click_button(window, "join")
    type_into(window, "address", address)
    type_into(window, "code", code.lower())  # read out, typed as heard
    type_into(window, "name", "Ada")
    key(window, arcade.key.ENTER)
    wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
    screen = window.current_view
    assert screen.seat.game.seat == 0
    assert "Ada (Blue) (you), Brown (computer)" in said(screen)
    rng = random.Random(5)
    for _ in range(3):
        play_a_move(window, screen, rng)

    host.kill()  # kill -9: the app waits for it, saying so
    wait_until(window, lambda: screen.link == "reconnecting", 30)
    assert "reconnecting" in said(screen) and not screen.may_move
    resumed: Process = run(["host", "--resume", *host_args], tmp_path / "host")
    wait_until(window, lambda: screen.link == "connected", 60)
    assert "reconnecting" not in said(screen)
    play_a_move(window, screen, rng)
    resign(window, screen)
    assert "Game over" in said(screen)
    assert "Game over:" in resumed.finish(60)
    [hosted] = kept(tmp_path / "host")
    [mine] = kept(tmp_path / "app")
    assert mine.moves == hosted.moves and len(mine.moves) >= 9


def test_what_the_app_refuses_online_is_said_in_one_line(window: Any) -> None:
    click_button(window, "game:versus")
    click_button(window, "seat1-")  # Brown online, Blue human: then Blue online too
    click_button(window, "seat0-")
    click_button(window, "start")
    setup = window.current_view
    assert isinstance(setup, SetupScreen) and "one seat here" in (setup.error or "")
    key(window, arcade.key.ESCAPE)
    click_button(window, "join")
    type_into(window, "address", f"127.0.0.1:{free_port()}")
    type_into(window, "code", "0000-0000-0000")
    click_button(window, "join")
    join = window.current_view
    wait_until(window, lambda: join.error is not None, 30)
    assert join.error.startswith("Could not join: cannot reach") and "\n" not in join.error


def test_a_table_announced_on_this_network_is_listed_and_joined(window: Any,
                                                                tmp_path: Path) -> None:
    host = run(["host", "versus", "--seat=remote", "--seat=random", "--port", "0"],
               tmp_path / "host")
    line = host.wait_for(lambda t: "join with: tabletop join " in t)
    address, code = next(li for li in line.splitlines()
                         if li.startswith("join with:")).split()[-2:]
    click_button(window, "join")
    join = window.current_view
    wait_until(window, lambda: any(f.address == address for f in join.found), 30)
    index = next(i for i, f in enumerate(join.found) if f.address == address)
    assert "Versus" in said(join)
    click_button(window, f"found{index}")  # its address, and the code field has the focus
    assert join.values["address"] == address and join.focus_name == "code"
    window.dispatch_event("on_text", code)
    key(window, arcade.key.ENTER)  # from the code to the name
    key(window, arcade.key.ENTER)  # and from the name: join
    wait_until(window, lambda: isinstance(window.current_view, OnlineScreen), 30)
    screen = window.current_view
    resign(window, screen)
    assert "Game over:" in host.finish(60)


def test_the_app_resigns_while_the_friend_is_to_move(window: Any, tmp_path: Path) -> None:
    """Issue 33: Resign and Offer draw are on the sidebar when it is not your turn; Resign
    there ends the game at once, for both sides, with the same record."""
    from tabletop.record import RESIGNED
    from tests.net.test_hostile import ask, client, next_of

    click_button(window, "game:versus")
    click_button(window, "seat1-")  # Brown: Online
    click_button(window, "start")
    screen = window.current_view
    assert isinstance(screen, OnlineScreen)
    seat = screen.seat
    with client(f"127.0.0.1:{seat.hosting.port}") as friend:  # Brown, who never moves
        assert ask(friend, "join", code=seat.code, seat=1)["seat"] == 1
        wait_until(window, lambda: not seat.waiting, 30)
        play_a_move(window, screen, random.Random(2))
        wait_until(window, lambda: not screen.seat.game.my_turn and not screen.animating)
        pump(window, 2)
        resign_button = screen.button_named("special:resign")
        draw_button = screen.button_named("special:draw")
        assert resign_button is not None and resign_button.enabled
        assert resign_button.label == "Resign (Blue)"
        assert draw_button is not None and draw_button.label == "Offer: draw"
        click_button(window, "special:resign")
        wait_until(window, lambda: screen.overlay == "confirm", 30)
        key(window, arcade.key.Y)
        wait_until(window, lambda: screen.overlay == "end", 30)
        ended = next_of(friend, {"ended"})
    assert "Brown wins." in said(screen)
    # Issue 37: the verdict's marks are no points; the log ends with it; nobody to move.
    panel = screen.panel()
    assert panel is not None and "Blue resigned" in panel.text
    assert "point" not in panel.text and "winner" not in panel.text
    assert screen.sidebar().ending == "Blue resigned."
    assert all(" 1" not in line for line in screen.sidebar().scores)
    assert screen.renderer.status() == "Game over."
    [hosted] = kept(tmp_path / "app")
    assert hosted.ended == RESIGNED and len(hosted.moves) == 1
    assert hosted.result is not None and hosted.result.winners == (1,)
    assert ended["record"] == hosted.to_dict()
