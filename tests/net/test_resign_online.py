"""Resigning and offering a draw out of turn, online (issue 33): real processes on the
loopback, a `tabletop host` and two `tabletop join --text` players, and hostile
WebSocket clients. The seat not to move resigns (or offers a draw) for itself only; the
host and both players keep the same record, which says so."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.net.protocol import encode
from tabletop.plugins import Host
from tabletop.record import RESIGNED, replay
from tests.net.processes import finish, kept, start_host
from tests.net.test_hostile import ask, client, next_of
from tests.net.test_text_conversation import Terminal


def _records(tmp_path: Path, *names: str) -> list[str]:
    """The one record each data folder kept, as its JSON."""
    texts = []
    for name in names:
        [record] = kept(tmp_path / name)
        texts.append(record.to_json())
    return texts


def test_the_seat_not_to_move_resigns_from_the_terminal_and_every_record_says_so(
        tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    hana = Terminal(address, code, "Hana", 1, tmp_path / "hana")
    bob = Terminal(address, code, "Bob", 2, tmp_path / "bob")
    try:
        hana.wait_for(lambda t: "to move> " in t, 30)
        since = bob.type("help")  # out of turn: who is to move, and what Bob may do
        bob.wait_for(lambda t: "Not your turn: waiting for Hana" in t
                     and "Also: resign, draw" in t, 10, since)
        since = bob.type("resign")  # Hana is to move: Bob resigns, asked first
        bob.wait_for(lambda t: "Play resign? [y/N]" in t, 10, since)
        since = bob.type("y")
        over = "Game over: Bob (Brown) resigned"
        bob.wait_for(lambda t: over in t and "Kept in the game library" in t, 30, since)
        hana.wait_for(lambda t: over in t and "Kept in the game library" in t, 30)
        hana.popen.wait(timeout=10)
        bob.popen.wait(timeout=10)
        finish(host)  # the table is over: the host writes its library and ends
    finally:
        hana.close()
        bob.close()
        host.kill()
    hosted, by_hana, by_bob = _records(tmp_path, "host", "hana", "bob")
    assert hosted == by_hana == by_bob
    record = json.loads(hosted)
    assert record["moves"] == [] and record["ended"] == RESIGNED
    assert record["result"]["winners"] == [0]
    assert record["result"]["reason"] == "Bob (Brown) resigned"
    game = Host().load().game("versus")
    [kept_record] = kept(tmp_path / "bob")
    replay(game, kept_record)  # the record replays as kept


def test_a_draw_offered_out_of_turn_is_put_to_the_player_to_move(tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    hana = Terminal(address, code, "Hana", 1, tmp_path / "hana")
    bob = Terminal(address, code, "Bob", 2, tmp_path / "bob")
    try:
        hana.wait_for(lambda t: "to move> " in t, 30)
        since = len(hana.text())
        bob.type("draw")
        hana.wait_for(lambda t: "Bob (Brown) offers draw. Accept? [y/N]" in t, 10, since)
        hana.type("y")
        hana.wait_for(lambda t: "Game over: draw agreed" in t
                      and "Kept in the game library" in t, 30)
        bob.wait_for(lambda t: "Game over: draw agreed" in t
                     and "Kept in the game library" in t, 30)
        finish(host)
    finally:
        hana.close()
        bob.close()
        host.kill()
    hosted, by_hana, by_bob = _records(tmp_path, "host", "hana", "bob")
    assert hosted == by_hana == by_bob
    # The game's own draw, played for the seat to move: the record of any agreed draw.
    assert json.loads(hosted)["moves"] == ["draw"] and "ended" not in json.loads(hosted)


def test_verso_has_no_resignation_to_offer_out_of_turn(tmp_path: Path) -> None:
    # Verso's rules have no resignation and no draw (verso.md): nothing is made up.
    host, address, code = start_host(tmp_path / "host", "verso", "--seat=remote",
                                     "--seat=remote")
    try:
        with client(address) as ada, client(address) as bob:
            first = ask(ada, "join", code=code, seat=0)
            welcome = ask(bob, "join", code=code, seat=1)
            to_move = welcome["position"]["to_move"]
            waiting, waiter = (bob, welcome) if to_move == 0 else (ada, first)
            assert waiter["position"]["special"] == []
            waiting.send(encode("move", ply=0, move="resign", confirmed=True))
            refused = next_of(waiting, {"error"})
            assert "it is not your turn" in refused["message"]
    finally:
        host.kill()
    [record] = kept(tmp_path / "host")
    assert record.result is None and record.moves == ()


def test_a_connection_cannot_resign_or_offer_for_another_seat(tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote")
    try:
        with client(address) as ada, client(address) as bob:
            ask(ada, "join", code=code, seat=0)
            welcome = ask(bob, "join", code=code, seat=1)
            assert welcome["position"]["special"] == ["resign", "draw"]  # Bob's own
            # Bob, not to move, names Ada's resignation in the game's notation, or his
            # own: refused (out of turn a word is read as Bob's own special move only).
            for move in ("resign blue", "resign brown", "a1-b1"):
                bob.send(encode("move", ply=0, move=move, confirmed=True))
                refused = next_of(bob, {"error"})
                assert refused["message"] == "it is not your turn: Blue is to move"
            bob.send(encode("answer", accept=True))  # no offer to accept for Ada
            assert next_of(bob, {"error"})["message"] == "there is no offer to answer"
            # Ada is to move: her "resign" is her own move; Bob's confirmed "resign"
            # resigns Bob, never Ada.
            bob.send(encode("move", ply=0, move="resign", confirmed=True))
            ended = next_of(ada, {"ended"})
            assert ended["outcome"]["winners"] == [0]
            assert ended["outcome"]["said"] == "Brown resigned"
            assert ended["outcome"]["ended"] == RESIGNED
        finish(host)
    finally:
        host.kill()
    [record] = kept(tmp_path / "host")
    assert record.ended == RESIGNED and record.result is not None
    assert record.result.winners == (0,) and record.moves == ()


def test_a_resignation_while_the_hosts_computer_thinks_drops_its_move(
        tmp_path: Path) -> None:
    # The computer (MCTS) thinks for 3 s after Ada's move; her resignation, sent at once,
    # is taken before its move, which is never played.
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=mcts", "--seconds", "3")
    try:
        with client(address) as ada:
            welcome = ask(ada, "join", code=code, seat=0)
            assert welcome["position"]["to_move"] == 0
            ada.send(encode("move", ply=0, move="a1-b1"))
            assert next_of(ada, {"played"})["ply"] == 0
            ada.send(encode("move", ply=1, move="resign", confirmed=True))
            ended = next_of(ada, {"ended", "played"})
            assert ended["type"] == "ended", ended  # no move of the computer came first
            assert ended["outcome"]["said"] == "Blue resigned"
        finish(host)
    finally:
        host.kill()
    [record] = kept(tmp_path / "host")
    assert record.moves == ("a1-b1",) and record.ended == RESIGNED
    assert record.result is not None and record.result.winners == (1,)
