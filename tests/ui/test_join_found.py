"""The Join screen lists a table found on this network by its host's name (issue 33)."""

from __future__ import annotations

import uuid
from pathlib import Path

from ui_driver import click_button, close_app, installed_host, open_app, wait_until

from tabletop.net.discovery import announce


def test_a_found_table_reads_as_the_game_with_its_host(tmp_path: Path) -> None:
    table = uuid.uuid4().hex[:8]
    announcer = announce(table, "Versus", 8470, host="Hana")
    assert announcer is not None, "zeroconf could not announce on this machine"
    window = open_app(installed_host, tmp_path, size=(1280, 800))
    try:
        click_button(window, "join")
        join = window.current_view
        wait_until(window, lambda: any(f.table == table for f in join.found), 60)
        index = next(i for i, f in enumerate(join.found) if f.table == table)
        join.ensure_built()
        label = join.button_named(f"found{index}").label
        assert label.startswith("Versus with Hana · ") and table not in label
    finally:
        announcer.close()
        close_app(window)
