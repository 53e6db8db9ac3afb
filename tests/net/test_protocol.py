"""The online protocol's checks, join codes and the guessing guard (no sockets)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop.lines import Line, from_data, seat, to_data
from tabletop.net.codes import CODE_LETTERS, Guard, new_code, new_token, normal_code
from tabletop.net.frames import drawn_online
from tabletop.net.protocol import MAX_MESSAGE, VERSION, ProtocolError, decode, encode
from tabletop.plugins import Host


def test_a_message_round_trips_and_bad_ones_get_one_line() -> None:
    text = encode("move", ply=3, move="a1-b1")
    assert decode(text) == {"v": VERSION, "type": "move", "ply": 3, "move": "a1-b1"}
    refused = {
        "not json": "a message must be a JSON object",
        "[1, 2]": "a message must be a JSON object",
        '{"type": "move"}': 'needs its protocol version "v"',
        '{"v": 99, "type": "move"}': "protocol version 99 is newer than this side's 2",
        '{"v": 1, "type": "shout"}': "unknown message type 'shout'",
        '{"v": 1, "type": "move", "move": "x"}': "a 'move' message needs 'ply'",
        '{"v": 1, "type": "move", "ply": true, "move": "x"}': "'ply' must be int",
        '{"v": 1, "type": "join", "code": 5}': "'code' must be str",
        "[" * 100_000: "over the limit",
    }
    for text, said in refused.items():
        with pytest.raises(ProtocolError, match=said.replace("(", r"\(")) as caught:
            decode(text)
        assert "\n" not in str(caught.value)
    with pytest.raises(ProtocolError, match="UTF-8"):
        decode(b"\xff\xfe")
    big = json.dumps({"v": 1, "type": "move", "ply": 0, "move": "x" * MAX_MESSAGE})
    with pytest.raises(ProtocolError, match=f"over the limit of {MAX_MESSAGE}"):
        decode(big)


def test_join_codes_carry_sixty_bits_and_forgive_typing() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200  # 60 random bits: no repeats in a few hundred
    code = next(iter(codes))
    letters = code.replace("-", "")
    assert len(letters) == CODE_LETTERS and CODE_LETTERS * 5 >= 50
    assert normal_code(code.lower().replace("-", " ")) == code
    assert normal_code("0000-1111-0000".replace("0", "O").replace("1", "l")) == "0000-1111-0000"
    assert normal_code("short") == "" and normal_code("UUUU-UUUU-UUUU") == ""
    assert len(new_token()) >= 22  # 128 bits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_codes_slow_an_address_down_then_bar_it_from_the_table_then_the_server(
        ) -> None:
    clock = Clock()
    guard = Guard(free=3, limit=10, window=600, bar=600, max_delay=8, table_bar=120,
                  server_limit=30, clock=clock)
    delays = []
    for _ in range(9):
        delays.append(guard.delay("10.0.0.9"))
        guard.wrong("10.0.0.9", "table")
    assert delays[:4] == [0.0, 0.0, 0.0, 0.25] and delays[-1] == 8.0
    assert guard.refusal("10.0.0.9", "table") is None
    guard.wrong("10.0.0.9", "table")  # the tenth at this table: barred from its code
    refusal = guard.refusal("10.0.0.9", "table")
    assert refusal is not None and "try again in 120 s" in str(refusal)
    assert guard.refusal("10.0.0.9", "other") is None  # the server's other tables: not yet
    assert guard.refusal("10.0.0.8", "table") is None and guard.delay("10.0.0.8") == 0.0
    for _ in range(20):  # thirty in all: barred from the whole server, for longer
        guard.wrong("10.0.0.9")
    refusal = guard.refusal("10.0.0.9", "other")
    assert refusal is not None and "try again in 600 s" in str(refusal)
    clock.now += 601
    assert guard.refusal("10.0.0.9", "table") is None
    guard.wrong("10.0.0.7", "table")
    guard.right("10.0.0.7", "table")
    assert guard.refusal("10.0.0.7", "table") is None


def test_a_verso_view_travels_as_a_dict_without_faces_down() -> None:
    from tabletop.play.table import Table
    from tabletop.seats import seats_of

    host = Host().load()
    table = Table.new(host, "verso", seats_of(["random"] * 3), {}, 7)
    for _ in range(15):
        table.advance()
    game, state = table.game, table.state
    view = game.observation(state, 1)
    codec, sampler = game.codec(), game.sampler()
    assert codec is not None and sampler is not None and drawn_online(game)
    data = json.loads(json.dumps(codec.view_to_dict(view)))
    assert codec.view_from_dict(data) == view
    # Two states that differ only in what no seat sees give the same dict.
    other = sampler.sample_state(view, 1, random.Random(3))
    assert other != state and codec.view_to_dict(game.observation(other, 1)) == data
    broken = dict(data, layouts=[[[99, -1]]] * 3)
    with pytest.raises(Exception, match=r"must be a whole number in 0\.\.41"):
        codec.view_from_dict(broken)


def test_a_refusal_quoting_the_games_reason_travels_as_data_and_back() -> None:
    reason = Line.of("{player} has already passed", player=seat(1))
    refusal = Line.of("Not allowed: {reason}.", reason=reason)
    data = json.loads(json.dumps(to_data(refusal)))
    assert data == {"text": "Not allowed: {reason}.", "args": {"reason": {
        "text": "{player} has already passed", "args": {"player": {"seat": 1}}}}}
    assert from_data(data) == refusal
    assert from_data(data).render(["Ada", "Bob"]) == "Not allowed: Bob has already passed."
    deep: Any = "x"
    for _ in range(6):  # lines quoting lines without end are a peer's attack, refused
        deep = {"text": "{a}", "args": {"a": deep}}
    with pytest.raises(ValueError, match="too deep"):
        from_data(deep)
    with pytest.raises(ValueError, match="must be a seat"):
        from_data({"text": "{a}", "args": {"a": {"seat": -1}}})
