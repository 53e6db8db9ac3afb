"""Online play: a game's `Table` on one host, its seats taken over WebSockets.

The host's table is the only authority. A client is sent its seat's view of the game
(the game's `observation` as `view_to_dict`, its text picture, the legal moves when it
is to move) and each move as its seat sees it, never the state; it sends proposals in
the game's notation, which the host checks as it checks a person's move at its screen.
The messages are versioned JSON, written down in `docs/network.md`.

What a player reads travels as data (a line's template and arguments) and each client
words it in its own language.

Modules: `protocol` (messages, limits, errors), `codes` (join codes, seat tokens, the
guard against guessing), `frames` (what a seat is sent), `authority` (one table's
authority, given `send` and a keeper: no socket), `transport` (peers, queues, pings),
`credentials` (seats, tokens and the files that resume a table), `server` (the lobby:
seats clients and hands their messages to the tables; `tabletop host` and `tabletop
serve`), `client` (a seat's connection, which reconnects with its token and words what
it is sent), `players` (the terminal's and an agent's play on a client), `hosting` (a
server on a thread), `seat` (a person's seat for a front end with a frame loop),
`discovery` (open tables on the local network, by zeroconf).
"""
