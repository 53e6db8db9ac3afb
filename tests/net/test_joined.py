"""The tables this machine joined (`tabletop.net.joined`): kept for Rejoin, read back
whatever the file holds (issue 33)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.net.joined import joined_tables, remember_token, remembered_token


def test_a_joined_table_is_kept_offered_and_forgotten_at_its_end(tmp_path: Path) -> None:
    remember_token("ws://10.0.0.2:8470", "ABCD-EFGH-JKLM", "tok", tmp_path,
                   address="10.0.0.2:8470", name="Ada", game="versus", about="Hana (Blue)")
    [joined] = joined_tables(tmp_path)
    assert (joined.address, joined.code, joined.token, joined.name, joined.game,
            joined.about) == ("10.0.0.2:8470", "ABCD-EFGH-JKLM", "tok", "Ada", "versus",
                              "Hana (Blue)")
    assert remembered_token("ws://10.0.0.2:8470", "ABCD-EFGH-JKLM", tmp_path) == "tok"
    remember_token("ws://10.0.0.2:8470", "ABCD-EFGH-JKLM", None, tmp_path)
    assert joined_tables(tmp_path) == []


def test_an_older_file_of_tokens_alone_still_seats_but_offers_nothing(tmp_path: Path
                                                                       ) -> None:
    (tmp_path / "joined-tables.json").write_text(json.dumps({"ws://h:1 CODE": "tok"}))
    assert remembered_token("ws://h:1", "CODE", tmp_path) == "tok"
    assert joined_tables(tmp_path) == []  # no address kept: not a table the app joined


@pytest.mark.parametrize("text", [
    "", "not json", "[1, 2]", '{"a": 5}', '{"ws://h:1 C": {"token": 5}}',
    '{"ws://h:1 C": {"token": "t", "address": 7, "name": "", "game": "", "about": ""}}',
    '{"ws://h:1 C": {"token": "t", "address": "h:1", "name": "", "game": "", "about": "",'
    ' "updated": "yesterday"}}',
    "[" * 10_000 + "]" * 10_000, "x" * 3_000_000])
def test_a_damaged_file_is_read_as_what_it_can_say(tmp_path: Path, text: str) -> None:
    (tmp_path / "joined-tables.json").write_text(text)
    found = joined_tables(tmp_path)  # never raises
    assert all(j.address and isinstance(j.updated, float) for j in found)
    assert remembered_token("ws://h:1", "C", tmp_path) in (None, "t")
    remember_token("ws://h:2", "D", "u", tmp_path, address="h:2", name="", game="versus",
                   about="")  # a damaged file is written over with what is known
    assert remembered_token("ws://h:2", "D", tmp_path) == "u"
