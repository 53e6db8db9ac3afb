"""A hint for a seat that sees only its own view: an online seat (no arcade here).

An online table's authority is on another computer; it never sends what a seat may not
see, and it is never asked for a hint. The seat's own app finds one: the game's strongest
agent thinks in the app's AI worker on a position made from the seat's view alone (the
game's own state for a game without hidden information, else one dealt at random
consistent with the view: `OnlineGame.state`), on a random stream of the app's own (no
seed of the table's). What the agent answers is checked against the moves the host said
are legal before it is shown.
"""

from __future__ import annotations

import secrets
from concurrent.futures import Future
from typing import Any

from tabletop.ai.base import Budget
from tabletop.i18n import _
from tabletop.limits import shown
from tabletop.model import Game, TabletopError
from tabletop.play.session import Decision, agent_label
from tabletop.play.worker import AIWorker
from tabletop.plugins import Host

__all__ = ["SeatHint"]


class SeatHint:
    """One hint under way for `seat` at ply `ply` of `state` (made from the seat's view);
    `legal` are the moves the host listed, as the game's moves."""

    def __init__(self, host: Host, worker: AIWorker, game: Game[Any, Any], state: Any,
                 seat: int, ply: int, legal: list[Any], budget: Budget) -> None:
        game_id = game.info.id
        spec = host.strongest_agent(game_id)
        self.game, self.state, self.seat, self.ply, self.legal = game, state, seat, ply, legal
        #: The agent's name, as the player reads it in "Looking for a hint (…)".
        self.agent = spec.name
        self.label = agent_label(host, game_id, spec.name)
        decision = Decision(game_id, spec.name, self.label, seat, ply,
                            game.state_to_dict(state), budget,
                            f"hint:{secrets.token_hex(8)}")  # the app's own stream
        self.future: Future[str] = worker.submit(decision)

    def done(self) -> bool:
        """True once the agent answered (or failed)."""
        return self.future.done()

    def move(self) -> Any:
        """The move the agent suggests, one of the legal moves; raises `TabletopError`
        in one line if it failed or answered a move the host would refuse."""
        try:
            text = self.future.result()
            move = self.game.parse_move(self.state, text)
        except TabletopError:
            raise
        except Exception as exc:  # the worker's own failure (lost, the game's code)
            raise TabletopError(_("{agent} found no hint: {reason}").format(
                agent=self.label, reason=exc)) from None
        if self.legal and move not in self.legal:
            raise TabletopError(_("{agent} suggested {move}, which the host would refuse")
                                .format(agent=self.label, move=shown(text)))
        return move
