"""A scripted terminal player for the language tests: a real client process that plays
its seat through `net.players.play_text` in the language of its `TABLETOP_LANG`.

    python -m tests.net.speaker ADDRESS CODE NAME

It tries a move out of turn if it is not its turn at first, then an illegal move at its
first turn, then the first legal move, and resigns at its turn once `RESIGN_AT` plies
were played; everything the terminal says is printed.
"""

from __future__ import annotations

import queue
import sys

from tabletop import i18n
from tabletop.net.client import Connection, OnlineGame
from tabletop.net.players import play_text, welcome
from tabletop.plugins import Host

#: The ply from which the player to move resigns (the game ends soon: a short test).
RESIGN_AT = 4
#: A move in Versus's notation that is never legal at the start (a cell to itself).
ILLEGAL = "a1-a1"


def main(address: str, code: str, name: str) -> None:
    i18n.set_language(i18n.resolve()[0])
    host = Host().load()
    connection = Connection(address, code=code, name=name).start()
    online = welcome(host, connection, print)
    if not online.my_turn:
        connection.send("move", ply=online.ply, move=ILLEGAL)
    tried: list[str] = []
    typed: queue.Queue[str] = queue.Queue()

    def answer(prompt: str) -> None:
        """Type the scripted answer to what the terminal asks."""
        print(prompt)
        if prompt.rstrip().endswith("/N]"):  # "[y/N]", "[o/N]", "[j/N]"
            typed.put("y")
        elif not tried:
            tried.append(ILLEGAL)
            typed.put(ILLEGAL)
        else:
            typed.put("resign" if online.ply >= RESIGN_AT else _first_legal(online))

    play_text(host, connection, online, typed.get, print, answer)
    connection.close()


def _first_legal(online: OnlineGame) -> str:
    return online.legal[0]


if __name__ == "__main__":
    main(*sys.argv[1:4])
