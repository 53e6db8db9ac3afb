"""Playing a game in the terminal: the position as a seat sees it, moves typed in notation.

Every call into the game's code (and each agent's decision) runs in the session's guard
(`Session.guard`): what it prints is kept apart, and a failure ends the game with a
`PluginFailed` naming the plugin. The host's own prompts and lines (`ask`, `say`) run
outside the guard, so they reach the terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabletop.ai.base import Agent, Budget
from tabletop.model import Game, Outcome, TabletopError, seat_text
from tabletop.record import Record
from tabletop.session import PluginFailed, Session

HELP = "Type a move in notation, 'help' for the legal moves, 'quit' to stop."


def play_text(session: Session, agents: Sequence[Agent | None], labels: Sequence[str],
              budget: Budget, ask: Callable[[str], str | None],
              say: Callable[[str], None],
              keep: Callable[[Record], None] | None = None,
              names: Sequence[str] = ()) -> None:
    """Play `session` on: `None` seats are people answering `ask`, the others agents.

    `ask(prompt)` returns a line, or None at the end of input (the game stops there).
    `labels` names each agent in error messages. The session holds what was played, so
    the caller has the record even if the game is interrupted. `keep(record)`, if given,
    gets the record at the start and after every move (the game library saves it, so a
    game cut short is not lost). `names` are the people's names for their seats ("" where
    none), shown in place of "Player 2".

    The position is shown as a seat sees it (`tabletop.model.seat_text`), never the
    whole state: the one person's seat; with several people at this terminal, the seat
    of the one to move (or who moved last), named above the picture; with none, what a
    spectator sees (what every seat sees).
    """
    game = session.game
    humans = [seat for seat, agent in enumerate(agents) if agent is None]
    viewer: int | None = humans[0] if humans else None

    def position() -> str:
        nonlocal viewer
        mover = session.to_move
        if mover is not None and mover in humans:
            viewer = mover
        text = game.info.with_names(seat_text(game, session.state, viewer), names)
        if len(humans) > 1 and viewer is not None:
            # Several people share this screen: say whose eyes the picture is through,
            # so the others know to look away.
            named = names[viewer] if viewer < len(names) else ""
            text = f"[{game.info.player_label(viewer, named)}'s view]\n{text}"
        return text

    def record() -> Record:
        with session.guard("writing the record"):
            return session.record()

    if keep is not None:
        keep(record())
    with session.guard("showing the position"):
        text = position()
    say(text)
    while True:
        with session.guard("finding whose turn it is"):
            seat = session.to_move
        if seat is None:
            break
        agent = agents[seat]
        named = names[seat] if seat < len(names) else ""
        with session.guard("naming the player"):
            who = f"{game.info.player_label(seat, named)} ({session.agents[seat]})"
        if agent is None:
            move = _ask_move(session, who, ask, say)
            if move is None:
                say("Game stopped.")
                return
        else:
            move = session.choose(agent, labels[seat], budget)
        session.play(move)
        with session.guard("describing the move"):
            lines = [game.info.with_names(line, names) for line in session.log[-1]]
        for line in lines:
            say(line)
        if keep is not None:
            keep(record())
        with session.guard("showing the position"):
            text = position()
        say(text)
    with session.guard("scoring the game"):
        outcome = session.outcome
        verdict = result_text(game, outcome, names) if outcome is not None else None
    if verdict is not None:
        say(verdict)


def _ask_move(session: Session, who: str, ask: Callable[[str], str | None],
              say: Callable[[str], None]) -> Any:
    game, state = session.game, session.state
    while True:
        line = ask(f"{who} to move> ")
        if line is None or line.strip() in ("quit", "exit"):
            return None
        text = line.strip()
        if text in ("help", "?", ""):
            with session.guard("listing the legal moves"):
                legal = [game.move_to_text(state, m) for m in game.legal_moves(state)]
                specials = [game.move_to_text(state, m) for m in game.special_moves(state)]
            say(HELP)
            say("Legal moves: " + ", ".join(legal))
            if specials:
                say("Also: " + ", ".join(specials))
            continue
        try:
            with session.guard("reading a move"):
                return game.parse_move(state, text)
        except PluginFailed:
            raise
        except TabletopError as exc:
            say(f"Not played: {exc}. {HELP}")


def result_text(game: Game[Any, Any], outcome: Outcome, names: Sequence[str] = ()) -> str:
    """One line with the scores, the winners and the reason the game ended; `names` are
    the people's names for their seats ("" where none), shown in place of "Player 2"."""

    def label(seat: int) -> str:
        return game.info.player_label(seat, names[seat] if seat < len(names) else "")

    scores = ", ".join(f"{label(i)} {s:g}" for i, s in enumerate(outcome.scores))
    if not outcome.winners:
        verdict = "nobody wins"
    else:
        names = " and ".join(label(w) for w in outcome.winners)
        verdict = f"{names} {'share the victory' if len(outcome.winners) > 1 else 'wins'}"
    return f"Game over ({outcome.reason}): {scores}; {verdict}."
