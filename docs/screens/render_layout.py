"""Render the screens changed for issue 12's layout and launcher to PNG, headless.

Run: .venv/bin/python docs/screens/render_layout.py
Writes docs/screens/layout-<screen>-<W>x<H>.png at 800×600 and 1280×800: the launcher
with games in progress (their pictures), a busy Versus game and a 6-player Verso game
(the move log), the set-up screens and the statistics. The other screens are one command
each: `tabletop screenshot --screen NAME [--game ID] --size WxH --out F.png`.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

os.environ.setdefault("ARCADE_HEADLESS", "1")

from tabletop.play.table import Table
from tabletop.plugins import Host
from tabletop.record import Record
from tabletop.seats import HUMAN, Seat, seats_of
from tabletop.ui._arcade import arcade
from tabletop.ui.app import make_window

HERE = Path(__file__).parent
SIZES = ((800, 600), (1280, 800))


def busy(host: Host, game_id: str, players: int, plies: int) -> Record:
    """A game `plies` moves in, played on a `Table` by the random agent from seed 7, as
    a hotseat game."""
    game = host.game(game_id)
    table = Table.new(host, game_id, seats_of(("random",) * players),
                      {o.name: o.default for o in game.info.options}, 7, max_plies=plies)
    table.run()
    return replace(table.record(), agents=(HUMAN,) * players)


def shot(window: Any, name: str) -> None:
    view = window.current_view
    for _ in range(2):  # the first frame lays out; the second is what we keep
        view.on_update(1 / 60)
        view.on_draw()
    width, height = window.get_size()
    arcade.get_image(0, 0, width, height).save(HERE / f"layout-{name}-{width}x{height}.png")


def main() -> None:
    host = Host().load()
    for size in SIZES:
        with tempfile.TemporaryDirectory() as scratch:
            window = make_window(host, size, visible=False, directory=Path(scratch))
            app = window.app
            app.settings.animation_seconds = 0
            for game_id, players, plies, name in (("versus", 2, 60, "game-versus"),
                                                  ("verso", 6, 30, "game-verso-6")):
                app.start_game(game_id, busy(host, game_id, players, plies),
                               [Seat.person(0, "Ada Lovelace"),
                                *(Seat.person(i) for i in range(1, players))])
                shot(window, name)
            app.show_launcher()
            shot(window, "launcher-in-progress")
            app.worker.shutdown()
            app.keeper.close()
            window.close()


if __name__ == "__main__":
    main()
