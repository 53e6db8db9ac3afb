"""Online play: a game's `Table` on one host, its seats taken over WebSockets.

The host's table is the only authority. A client is sent its seat's view of the game
(the game's `observation` as `view_to_dict`, its text picture, the legal moves when it
is to move) and each move as its seat sees it, never the state; it sends proposals in
the game's notation, which the host checks as it checks a person's move at its screen.
The messages are versioned JSON, written down in `docs/network.md`.

Modules: `protocol` (messages, limits, errors), `codes` (join codes, seat tokens, the
guard against guessing), `frames` (what a seat is sent), `server` (tables, connections,
the lobby; `tabletop host` and `tabletop serve`), `client` (a seat's connection, which
reconnects with its token), `players` (the terminal's and an agent's play on a client),
`discovery` (open tables on the local network, by zeroconf).
"""
