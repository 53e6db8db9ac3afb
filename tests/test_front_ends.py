"""One test holds every front end to the same policies (issue 34).

The same proposals go through the table directly, `tabletop play --text` (a real process
fed on stdin), the app (the real game screen, driven by real clicks and keys) and an
online seat (a real server on a thread and a real WebSocket client, through
`tabletop.net`'s public API): a draw offered to the computer, a resignation, a
resignation out of turn (while the computer thinks, or the friend), an illegal move, a
listener that raises, and undo after a move that showed a hidden face (Verso).
Each front end must give the table's answer in the table's words and keep the same
record. Where a front end cannot do one of these by design, the test says so in one line
and checks its refusal (or what it keeps) instead.
"""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.model import IllegalMoveError
from tabletop.net.credentials import ONLINE
from tabletop.net.protocol import CLIENT_MESSAGES, ProtocolError, decode
from tabletop.net.seat import HERE, OnlineSeat
from tabletop.play.table import RESIGN, Answer, Event, Played, Table
from tabletop.plugins import Host
from tabletop.record import RESIGNED, Record
from tabletop.seats import Seat, seats_of
from tabletop.ui._arcade import arcade
from tabletop.ui.game_screen import GameScreen
from tests.net.processes import kept
from tests.ui.ui_driver import (
    click,
    click_button,
    close_app,
    installed_host,
    key,
    open_app,
    pump,
    wait_until,
)

#: Versus, a person (Blue, first to move) against the random agent, seed 1.
VERSUS = ("versus", ["human", "random"], 1)
#: Verso, a person (first to move at seed 2) against the random agent: "keep" shows the
#: kept card's face (verso.md §4.1), so that move may not be taken back.
VERSO = ("verso", ["human", "random"], 2)
#: Versus, a person against MCTS, which thinks for its whole time budget: long enough
#: for a click while it thinks.
THINKING = ("versus", ["human", "mcts"], 1)
#: A pawn step two hexagons away (versus.md §3): legal notation, an illegal move.
ILLEGAL = "a1-c3"
DECLINED = "The computer declines the offer."
FINAL = "The game ends now and cannot be undone."
SAVED = "Your game is saved; choose Continue to retry."


@pytest.fixture(scope="module")
def host() -> Host:
    return installed_host()


@pytest.fixture(scope="module")
def window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    win = open_app(installed_host, tmp_path_factory.mktemp("app"), animation=0.0)
    yield win
    close_app(win)


# -- the four front ends ---------------------------------------------------------------------
def at_table(host: Host, setup: tuple[str, list[str], int]) -> tuple[Table, list[Record]]:
    """The table itself, with a keeper that remembers each record it is handed."""
    game_id, agents, seed = setup
    records: list[Record] = []
    table = Table.new(host, game_id, seats_of(agents), {}, seed,
                      keep=lambda t: records.append(t.record()))
    table.run()
    return table, records


def by_terminal(tmp_path: Path, setup: tuple[str, list[str], int], typed: str
                ) -> tuple[str, Record]:
    """`tabletop play --text` in a real process, `typed` on its stdin: what it printed
    and the record it kept in its library."""
    game_id, agents, seed = setup
    seats = [arg for agent in agents for arg in ("--seat", agent)]
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path), "TABLETOP_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "tabletop", "play", game_id, "--text",
                           *seats, "--seed", str(seed)], input=typed, capture_output=True,
                          text=True, env=env, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    [record] = kept(tmp_path)
    return done.stdout, record


def in_app(window: Any, host: Host, setup: tuple[str, list[str], int]) -> GameScreen:
    """The app's game screen on the same game, as the set-up screen starts it."""
    game_id, agents, seed = setup
    window.app.start_game(game_id, Table.opening(host.game(game_id), 2, {}, seed, agents),
                          [Seat.person(0), Seat.computer(1, agents[1])])
    screen = window.current_view
    assert isinstance(screen, GameScreen)
    pump(window, 2)
    wait_until(window, lambda: screen.snapshot.to_move == 0 and not screen.animating, 60)
    return screen


def app_record(window: Any, screen: GameScreen) -> Record:
    """What the app's library holds of the screen's game."""
    window.app.keeper.flush()
    entry = window.app.keeper.entry_id(screen.table)
    assert entry is not None and window.app.keeper.library is not None
    return window.app.keeper.library.read_record(entry)


class Online:
    """A table hosted here on a real socket, the person's seat a real client of it."""

    def __init__(self, host: Host, data: Path, setup: tuple[str, list[str], int]) -> None:
        game_id, agents, seed = setup
        self.data = data
        self.seat = OnlineSeat.host_table(host, data, game_id, [HERE, agents[1]], ["", ""],
                                          {}, seed, port=0, bind="127.0.0.1",
                                          discovery=False)
        self.messages: list[dict[str, Any]] = []
        self.until(lambda: self.seat.game.full and self.seat.game.my_turn)

    def until(self, done: Any, seconds: float = 30) -> None:
        """Poll the seat (keeping what the host sent in `messages`) until `done()`."""
        end = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < end, f"online: still waiting; got {self.messages}"
            self.messages += self.seat.poll()
            time.sleep(0.02)

    def answer(self, notation: str) -> dict[str, Any]:
        """Propose `notation` for the seat; the host's first answer that is not a frame."""
        before = len(self.messages)
        self.seat.move(notation)

        def answers() -> list[dict[str, Any]]:
            return [m for m in self.messages[before:]
                    if m["type"] in ("error", "confirm", "ended")]

        self.until(lambda: bool(answers()))
        return answers()[0]

    def record(self) -> Record:
        """What the host's library keeps of the table."""
        [record] = kept(self.data)
        return record

    def close(self) -> None:
        self.seat.leave()


def played(record: Record) -> tuple[tuple[str, ...], Any]:
    """The kept moves and result of a record: what every front end must agree on."""
    result = record.result
    return record.moves, (result.winners, result.reason) if result is not None else None


# -- the policies ------------------------------------------------------------------------
def test_a_draw_offered_to_the_computer_is_declined_by_every_front_end(
        host: Host, window: Any, tmp_path: Path) -> None:
    table, records = at_table(host, VERSUS)
    proposal = table.propose(table.read_move("draw"))
    assert (proposal.answer, proposal.reason) == (Answer.DECLINED, DECLINED)
    expected = played(table.record())
    assert expected == ((), None) and records == []

    printed, record = by_terminal(tmp_path / "text", VERSUS, "draw\n")
    assert DECLINED in printed and "draw agreed" not in printed
    assert played(record) == expected

    screen = in_app(window, host, VERSUS)
    click_button(window, "special:draw")
    assert screen.message == DECLINED and screen.overlay is None
    assert played(app_record(window, screen)) == expected

    online = Online(host, tmp_path / "online", VERSUS)
    try:
        said = online.answer("draw")
        assert said["type"] == "error" and said["message"] == DECLINED
        assert played(online.record()) == expected
    finally:
        online.close()


def test_a_resignation_is_asked_about_then_kept_by_every_front_end(
        host: Host, window: Any, tmp_path: Path) -> None:
    table, records = at_table(host, VERSUS)
    resign = table.read_move("resign")
    proposal = table.propose(resign)
    assert (proposal.answer, proposal.reason) == (Answer.CONFIRM, FINAL) and records == []
    table.confirm(resign)
    expected = played(table.record())
    assert expected == (("resign blue",), ((1,), "Blue resigned"))
    assert played(records[-1]) == expected

    printed, record = by_terminal(tmp_path / "text", VERSUS, "resign\ny\n")
    assert f"Blue: resign blue? {FINAL} [y/N]" in printed
    assert played(record) == expected

    screen = in_app(window, host, VERSUS)
    click_button(window, "special:resign blue")
    panel = screen.panel()
    assert screen.overlay == "confirm" and panel is not None and FINAL in panel.text
    key(window, arcade.key.Y)
    wait_until(window, lambda: screen.overlay == "end")
    assert played(app_record(window, screen)) == expected

    online = Online(host, tmp_path / "online", VERSUS)
    try:
        asked = online.answer("resign blue")
        assert asked["type"] == "confirm" and asked["reason"] == FINAL
        online.seat.confirm("resign blue")
        online.until(lambda: online.seat.game.outcome is not None)
        assert played(online.record()) == expected
    finally:
        online.close()


def test_a_resignation_out_of_turn_ends_the_game_at_every_front_end(
        host: Host, window: Any, tmp_path: Path) -> None:
    table, records = at_table(host, VERSUS)
    assert table.propose(table.read_move("a1-b1")).answer is Answer.PLAYED
    assert table.agent_to_move  # the computer is to move: Blue resigns out of turn
    resign = table.special_named(0, RESIGN)
    assert resign is not None
    proposal = table.propose(resign.move, 0)
    assert (proposal.answer, proposal.reason) == (Answer.CONFIRM, FINAL)
    table.confirm(resign.move, 0)
    expected = played(table.record())
    assert expected == (("a1-b1",), ((1,), "Blue resigned"))
    assert records[-1].ended == RESIGNED and played(records[-1]) == expected
    # Issue 37: the verdict's win and loss marks are no points; the log ends with it.
    shot = table.snapshot(0)
    assert shot.to_move is None and shot.ending == "Blue resigned."
    assert shot.outcome is not None and not shot.outcome.points

    # `play --text` has no moment out of turn by design: the computer's move is played
    # before the person's prompt comes back, so "resign" there is the game's own move.
    printed, record = by_terminal(tmp_path / "text", VERSUS, "a1-b1\nresign\ny\n")
    assert f"Blue: resign blue? {FINAL} [y/N]" in printed
    assert record.moves[0] == "a1-b1" and record.moves[-1] == "resign blue"
    assert record.ended is None

    # The app: Resign while the computer thinks; its move, chosen after, is never played.
    seconds = window.app.settings.ai_seconds
    window.app.settings.ai_seconds = 3.0
    try:
        screen = in_app(window, host, THINKING)
        centres = screen.renderer.board_layout.centres
        click(window, *centres[_cell("a1")])
        click(window, *centres[_cell("b1")])
        if screen.button_named("validate") is not None:
            click_button(window, "validate")
        wait_until(window, lambda: screen.table.thought is not None, 30)
        assert screen.snapshot.plies == 1 and screen.snapshot.agent_to_move
        click_button(window, "special:resign")
        panel = screen.panel()
        assert screen.overlay == "confirm" and panel is not None and FINAL in panel.text
        key(window, arcade.key.Y)
        assert screen.overlay == "end" and screen.table.thought is None
        end = time.monotonic() + 4.0  # past the computer's thinking time
        while time.monotonic() < end:
            pump(window)
            time.sleep(0.02)
        assert screen.table.plies == 1
        ending = screen.panel()
        assert ending is not None and "point" not in ending.text
        assert screen.sidebar().ending == "Blue resigned."
        kept_here = app_record(window, screen)
        assert played(kept_here) == expected and kept_here.ended == RESIGNED
    finally:
        window.app.settings.ai_seconds = seconds

    # Online: Blue resigns while the friend (Brown, a second real client) is to move;
    # the host keeps the verdict, and the friend's library the same record.
    here = OnlineSeat.host_table(host, tmp_path / "online", "versus", [HERE, ONLINE],
                                 ["", ""], {}, 1, port=0, bind="127.0.0.1",
                                 discovery=False)
    assert here.hosting is not None
    friend = OnlineSeat.join(host, tmp_path / "friend", here.hosting.here, here.code)
    messages: list[dict[str, Any]] = []

    def until(done: Any, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < deadline, f"online: still waiting; got {messages}"
            messages.extend(here.poll())
            friend.poll()
            time.sleep(0.02)

    try:
        until(lambda: here.game.full and here.game.my_turn)
        here.move("a1-b1")
        until(lambda: friend.game.my_turn)
        assert here.game.position["special"] == [RESIGN, "draw"]  # Blue, out of turn
        here.move(RESIGN)
        until(lambda: any(m["type"] == "confirm" for m in messages))
        asked = next(m for m in messages if m["type"] == "confirm")
        assert asked["reason"] == FINAL
        here.confirm(RESIGN)
        until(lambda: friend.game.record is not None and friend.kept is not None)
        [hosted] = kept(tmp_path / "online")
        [joined] = kept(tmp_path / "friend")
        assert played(hosted) == expected and hosted.ended == RESIGNED
        assert joined.to_json() == hosted.to_json()
        # What each seat is told of the end: the verdict and its reason, as a line.
        told = friend.game.outcome
        assert told is not None and told["ended"] == RESIGNED
        assert told["said"] == "Blue resigned"
    finally:
        friend.leave()
        here.leave()


def test_an_illegal_move_is_refused_with_the_rules_reason_by_every_front_end(
        host: Host, window: Any, tmp_path: Path) -> None:
    table, records = at_table(host, VERSUS)
    with pytest.raises(IllegalMoveError) as refused:
        table.read_move(ILLEGAL)
    reason = str(refused.value)  # versus.md §3: a pawn steps to a neighbouring hexagon
    # The game's words cite its section (written \u00a7: the citation is the game's).
    assert reason == "a pawn steps to a neighbouring hexagon only (\u00a73)"
    words = f"Not allowed: {reason}."
    expected = played(table.record())
    assert expected == ((), None) and records == []

    printed, record = by_terminal(tmp_path / "text", VERSUS, f"{ILLEGAL}\n")
    assert words in printed
    assert played(record) == expected

    # The app's board hands over legal moves only, by design: a press on a hexagon the
    # pawn cannot reach is explained by the game's renderer (its own words) and nothing
    # reaches the table.
    screen = in_app(window, host, VERSUS)
    centres = screen.renderer.board_layout.centres
    click(window, *centres[_cell("a1")])
    click(window, *centres[_cell("c3")])
    assert screen.snapshot.plies == 0 and "c3" in screen.message
    assert played(app_record(window, screen)) == expected

    # Online: net/server.py words a move it cannot read as "'<move>': <reason>" (issue
    # 34's online split rewrites those errors as data): the rules' reason is checked.
    online = Online(host, tmp_path / "online", VERSUS)
    try:
        said = online.answer(ILLEGAL)
        assert said["type"] == "error" and reason in said["message"]
        assert played(online.record()) == expected
    finally:
        online.close()


def _cell(name: str) -> int:
    from games.versus.board import parse_cell

    return parse_cell(name)


def failing_in(kind: type) -> Any:
    """An `animate` that raises, as code of the module that defines `kind` (so that the
    app knows it for the plugin's, as it would a real renderer's failure)."""
    code = compile("def animate(played):\n    raise RuntimeError('the animation failed')\n",
                   inspect.getfile(kind), "exec")
    space: dict[str, Any] = {}
    exec(code, space)
    return space["animate"]


def test_a_listener_that_raises_costs_no_kept_move_at_any_front_end(
        host: Host, window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table, records = at_table(host, VERSUS)

    def failing(event: Event) -> None:
        if isinstance(event, Played):
            raise RuntimeError("the animation failed")

    table.listen(failing)
    move = table.read_move("a1-b1")
    with pytest.raises(RuntimeError):
        table.propose(move)
    assert [r.moves for r in records] == [("a1-b1",)]
    expected = played(records[-1])

    # `play --text` has no listener but its own printer: the move it printed is kept.
    printed, record = by_terminal(tmp_path / "text", VERSUS, "a1-b1\n")
    assert "a1-b1" in printed and record.moves[:1] == ("a1-b1",)

    # The app: the game's renderer fails while it animates the move (the screen's
    # listener of the table calls it); the app says the game is saved, and it is.
    screen = in_app(window, host, VERSUS)
    monkeypatch.setattr(screen.renderer, "animate", failing_in(type(screen.renderer)))
    centres = screen.renderer.board_layout.centres
    click(window, *centres[_cell("a1")])
    click(window, *centres[_cell("b1")])
    if screen.button_named("validate") is not None:
        click_button(window, "validate")
    pump(window, 2)
    assert SAVED in str(getattr(window.current_view, "message", ""))
    window.app.keeper.flush()
    entry = window.app.keeper.entry_id(screen.table)
    assert entry is not None
    assert played(window.app.keeper.library.read_record(entry)) == expected

    # Online: a client's display runs in the client's process, so it cannot reach the
    # host's table: the move the client proposed is kept by the host.
    online = Online(host, tmp_path / "online", VERSUS)
    try:
        online.seat.move("a1-b1")
        online.until(lambda: online.seat.game.ply >= 1)
        assert online.record().moves[:1] == ("a1-b1",)
    finally:
        online.close()


def test_undo_after_a_reveal_is_refused_in_the_same_words_by_every_front_end(
        host: Host, window: Any, tmp_path: Path) -> None:
    table, _ = at_table(host, VERSO)
    assert table.propose(table.read_move("keep")).answer is Answer.PLAYED
    table.run()
    assert not table.can_undo() and not table.undo()
    words = table.undo_refusal()
    assert words.startswith("Nothing that may be undone: move ")
    assert words.endswith(" showed what was hidden, and it has been seen.")
    expected = played(table.record())

    # `play --text` has no undo by design (its prompt reads moves): "undo" is no move.
    printed, record = by_terminal(tmp_path / "text", VERSO, "keep\nundo\n")
    assert "Not played: " in printed.split("keep", 1)[1]
    assert played(record)[0][:2] == expected[0][:2]

    screen = in_app(window, host, VERSO)
    key(window, arcade.key.K)
    if screen.button_named("validate") is not None:
        click_button(window, "validate")
    wait_until(window, lambda: screen.snapshot.plies >= 2 and screen.snapshot.to_move == 0
               and not screen.animating, 60)
    button = screen.button_named("undo")
    assert button is not None and not button.enabled
    key(window, arcade.key.U)
    assert screen.message == words and screen.snapshot.plies >= 2
    assert played(app_record(window, screen))[0][:2] == expected[0][:2]

    # Online play has no undo by design: the protocol has no such message, and the
    # host's reader refuses one.
    assert "undo" not in CLIENT_MESSAGES
    with pytest.raises(ProtocolError):
        decode(json.dumps({"type": "undo", "v": 1}))
