"""What an online seat is sent: its view of the position, never the state.

`position(table, seat)` is the whole of what a seat (None: a spectator, who gets what
every seat sees) learns of the game at one moment: its `observation` as the game writes
it (its `Game.codec`; absent for a hidden-information game without a codec and a
sampler, which is then played online as text: `drawn_online`), its text picture
(`seat_text`), whose turn it is, the legal moves in notation for the seat to move
only, and the seat's special moves: the game's own on its turn, resigning (`RESIGN`)
and offering the game's draw out of turn (`tabletop.play.table.out_of_turn`). A move
is sent as its notation and the game's lines for it (`describe`, which names nothing
hidden: the lines are every seat's log at one screen too), as data
(`tabletop.lines.to_data`: template and arguments), for each client to word in its own
language; so is the result. The tests check that two
states which differ only in what a seat cannot see give that seat the same position,
byte for byte.

Everything here runs the game's code: the host calls it off its event loop.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.lines import to_data
from tabletop.model import Game, seat_text
from tabletop.play.table import Table, out_of_turn


def moves_played(table: Table) -> int:
    """The moves played so far."""
    return table.plies


def log(table: Table, first: int) -> list[list[Any]]:
    """The lines of each ply from `first` on, as data."""
    with table.guard("describing a move"):
        return [[to_data(line) for line in table.said(ply)]
                for ply in range(first, table.plies)]


def parse(table: Table, text: str) -> Any:
    """The move `text` names in the current position (raises `TabletopError`; the
    game's failure is a `PluginFailed`)."""
    return table.read_move(text)


def drawn_online(game: Game[Any, Any]) -> bool:
    """True if an online client can draw `game`: its views travel as data (`Game.codec`)
    and, where something is hidden, a state to draw can be dealt from a view
    (`Game.sampler`: a renderer draws states). Else it is played online as text."""
    return game.codec() is not None and (not game.info.hidden_information
                                         or game.sampler() is not None)


def position(table: Table, seat: int | None) -> dict[str, Any]:
    """The position as `seat` sees it now (see the module)."""
    with table.guard("showing a seat its view"):
        return seat_position(table.game, table.state, table.plies, seat,
                             table.labels(), table.to_move,
                             not table.is_agent(table.to_move))


def seat_position(game: Game[Any, Any], state: Any, ply: int, seat: int | None,
                  labels: Sequence[str], to_move: int | None, person_to_move: bool
                  ) -> dict[str, Any]:
    """What `seat` is sent of `state` (ply `ply`; `to_move` the table's seat to move,
    None once over): a function of what that seat may see, and nothing else."""
    hidden = game.info.hidden_information
    view = None
    codec = game.codec()
    if codec is not None and drawn_online(game) and (seat is not None or not hidden):
        view = codec.view_to_dict(game.observation(state, seat if seat is not None else 0))
    legal: list[str] = []
    special: list[str] = []
    if to_move is not None and to_move == seat and person_to_move:
        legal = [game.move_to_text(state, m) for m in game.legal_moves(state)]
        special = [game.move_to_text(state, m) for m in game.special_moves(state)]
    elif to_move is not None and seat is not None:
        # Out of turn: resigning ("resign", the host's word) and the game's draw offer.
        special = [s.notation for s in out_of_turn(game, state, seat, len(labels), labels)]
    return {"ply": ply, "to_move": to_move, "view": view,
            "text": seat_text(game, state, seat, labels), "legal": legal,
            "special": special}


def outcome(table: Table) -> dict[str, Any] | None:
    """The result as every seat is told it (None while the game goes on)."""
    result = table.outcome
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners),
            "said": to_data(result.said), "ended": table.ended}


def played(table: Table, ply: int, seat: int | None) -> dict[str, Any]:
    """Ply `ply` as `seat` is told it: the mover, the move's notation, its lines, and
    the position after it as that seat sees it."""
    with table.guard("describing a move"):
        before, move = table.ply(ply)
        notation = table.game.move_to_text(before, move)
        mover = table.game.to_move(before)
        lines = [to_data(line) for line in table.said(ply)]
    return {"ply": ply, "seat": mover, "move": notation, "lines": lines,
            "position": position(table, seat), "outcome": outcome(table)}
