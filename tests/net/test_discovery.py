"""Tables announced on the local network carry their host's name (issue 33), by real mDNS."""

from __future__ import annotations

import uuid

from tabletop.net.discovery import announce, browse, host_name


def _until_found(table: str, tries: int = 8) -> list:  # type: ignore[type-arg]
    for _ in range(tries):
        found = [f for f in browse(2.0) if f.table == table]
        if found:
            return found
    return []


def test_a_table_is_found_with_its_hosts_name() -> None:
    table = uuid.uuid4().hex[:8]
    announcer = announce(table, "Versus", 8470, host="Hana")
    assert announcer is not None, "zeroconf could not announce on this machine"
    try:
        found = _until_found(table)
        assert [(f.name, f.host) for f in found] == [("Versus", "Hana")]
    finally:
        announcer.close()


def test_a_hostile_announced_name_is_not_shown() -> None:
    table = uuid.uuid4().hex[:8]
    announcer = announce(table, "Versus", 8470, host="Han\u202ea")
    assert announcer is not None
    try:
        assert [f.host for f in _until_found(table)] == [""]
    finally:
        announcer.close()


def test_an_announced_name_is_read_by_the_one_rule_of_names() -> None:
    assert host_name("  Zoe\u0308 ") == "Zo\u00eb"
    assert host_name("a" * 41) == ""
    assert host_name("line\nbreak") == ""
    assert host_name("") == ""
