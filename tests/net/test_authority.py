"""The online authority without a socket: driven with a `send` that collects messages in
a list, and a real keeper on a real data folder (`docs/network.md`, The host).

It checks and plays proposals on a worker thread; what it sends is data (a refusal, an
error, the lines of a move as template and arguments) that each client words in its own
language; a plugin that fails on a person's move ends the table for everyone with one
line, the record kept.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.net.authority import Authority
from tabletop.net.client import said
from tabletop.net.credentials import ONLINE, Keeping, Place
from tabletop.play.table import Policy, Table
from tabletop.store.library import Library
from tests.net.toys import FaultyNim, toy_host

Sent = list[tuple[int | None, dict[str, Any]]]


def seated(tmp_path: Path, game_id: str = "nim") -> tuple[Authority, Sent, Keeping]:
    """A table of `game_id` for Ada and Bob, both connected; what it sends, its keeping."""
    host = toy_host()
    sent: Sent = []
    keeping = Keeping(tmp_path, say=lambda _text: None)
    places = [Place(0, ONLINE, name="Ada", taken=True, connected=True),
              Place(1, ONLINE, name="Bob", taken=True, connected=True)]
    table = Table.new(host, game_id, [p.seat() for p in places], {}, 3,
                      policy=Policy.STAND_IN)
    entry = keeping.begin([s.player for s in table.seats])
    authority = Authority(table, places, code="CODE", table_id="t1", entry=entry,
                          keeping=keeping, send=lambda seat, m: sent.append((seat, m)))
    return authority, sent, keeping


def test_a_move_out_of_turn_is_refused_as_data_worded_by_each_client(
        tmp_path: Path) -> None:
    authority, sent, keeping = seated(tmp_path)
    try:
        asyncio.run(authority.propose(1, 0, "1:1"))
    finally:
        keeping.close()
    assert sent == [(1, {"type": "error", "message": {
        "text": "it is not your turn: {player} is to move",
        "args": {"player": {"seat": 0}}}})]
    labels = ["Ada", "Bob"]
    for language, words in (("en", ("it is not your turn:", "Ada is to move")),
                            ("fr", ("ce n'est pas votre tour", "c'est à Ada de jouer")),
                            ("de", ("Sie sind nicht am Zug:", "Ada ist am Zug"))):
        i18n.set_language(language)
        try:
            text = said(sent[0][1]["message"], labels)
            assert text.startswith(words[0]) and text.endswith(words[1]), text
        finally:
            i18n.set_language("en")


def test_a_move_is_played_off_the_loop_and_each_seat_is_sent_its_lines_as_data(
        tmp_path: Path) -> None:
    authority, sent, keeping = seated(tmp_path, "faulty-nim")
    FaultyNim.threads.clear()

    async def play() -> str:
        await authority.propose(0, 0, "1:1")
        return threading.current_thread().name

    loop_thread = asyncio.run(play())
    keeping.close()
    assert FaultyNim.threads and loop_thread not in FaultyNim.threads
    played = [(seat, m) for seat, m in sent if m["type"] == "played"]
    assert [seat for seat, _m in played] == [0, 1]
    for _seat, message in played:
        assert message["move"] == "1:1" and message["ply"] == 0
        assert all(isinstance(line, (str, dict)) for line in message["lines"])
    library = Library.open(tmp_path)
    try:
        [entry] = library.entries()
        assert len(library.read_record(entry.id).moves) == 1
    finally:
        library.close()


def test_an_illegal_move_is_refused_to_its_sender_only(tmp_path: Path) -> None:
    authority, sent, keeping = seated(tmp_path)
    try:
        asyncio.run(authority.propose(0, 0, "1:9"))  # heap 1 holds 3
    finally:
        keeping.close()
    [(seat, message)] = sent
    assert seat == 0 and message["type"] == "error"
    assert said(message["message"], ["Ada", "Bob"]) == "'1:9': cannot take 9 from heap 1"
    assert authority.turn.ply == 0


def test_a_plugin_that_fails_on_a_persons_move_ends_the_table_with_one_line(
        tmp_path: Path) -> None:
    authority, sent, keeping = seated(tmp_path, "faulty-nim")
    ended: list[Authority] = []
    authority.on_end = ended.append

    async def play() -> None:
        await authority.propose(0, 0, "1:1")
        await authority.propose(1, 1, "2:2")  # the plugin's apply raises

    asyncio.run(play())
    keeping.close()
    left = [(seat, m) for seat, m in sent if m["type"] == "left"]
    assert [seat for seat, _m in left] == [0, 1]
    words = said(left[0][1]["message"], ["Ada", "Bob"])
    assert "faulty-nim" in words and "failed while" in words and "\n" not in words
    i18n.set_language("fr")
    try:
        assert "a échoué" in said(left[0][1]["message"], ["Ada", "Bob"])
    finally:
        i18n.set_language("en")
    assert authority.finished.is_set() and ended == [authority]
    asyncio.run(authority.propose(0, 1, "3:1"))  # nothing more is played
    assert said(sent[-1][1]["message"], []) == "the game is over"
    library = Library.open(tmp_path)
    try:
        [entry] = library.entries()
        assert len(library.read_record(entry.id).moves) == 1  # the move before it, kept
    finally:
        library.close()


def test_the_resume_file_is_written_off_the_event_loop(tmp_path: Path,
                                                      monkeypatch: Any) -> None:
    import tabletop.net.credentials as credentials

    writers: list[str] = []
    real = credentials.write_atomic

    def noted(path: Path, text: str) -> None:
        writers.append(threading.current_thread().name)
        real(path, text)

    monkeypatch.setattr(credentials, "write_atomic", noted)
    authority, _sent, keeping = seated(tmp_path)

    async def rename() -> str:
        authority.rename(authority.places[1], "Bea")  # the seat's new name is kept
        return threading.current_thread().name

    loop_thread = asyncio.run(rename())
    keeping.close()
    assert writers and loop_thread not in writers
    assert '"Bea"' in keeping.path(authority.entry).read_text()
