"""Playing a game in the terminal: the position as text, moves typed in notation."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.ai.base import Agent, Budget
from tabletop.model import Game, Outcome, TabletopError
from tabletop.record import Record, record_of, start

HELP = "Type a move in notation, 'help' for the legal moves, 'quit' to stop."


def play_text(game: Game[Any, Any], players: int, options: Mapping[str, Any], seed: int,
              seats: Sequence[Agent | None], seat_labels: Sequence[str], budget: Budget,
              ask: Callable[[str], str | None], say: Callable[[str], None],
              keep: Callable[[Record], None] | None = None) -> Record:
    """Play one game: `None` seats are people answering `ask`, the others agents.

    `ask(prompt)` returns a line, or None at the end of input (the game stops there).
    `keep(record)`, if given, gets the record at the start and after every move (the game
    library saves it, so a game cut short is not lost).
    Returns the record of what was played (with a result once the game is over).
    """
    state, resolved = start(game, players, options, seed)
    states, moves = [state], []  # type: list[Any], list[Any]
    if keep is not None:
        keep(record_of(game, players, resolved, seed, states, moves, seat_labels))
    say(game.render_text(state))
    while (seat := game.to_move(state)) is not None:
        agent = seats[seat]
        who = f"{game.info.seat_name(seat)} ({seat_labels[seat]})"
        if agent is None:
            move = _ask_move(game, state, who, ask, say)
            if move is None:
                say("Game stopped.")
                break
        else:
            rng = random.Random(f"{seed}:{seat}:{len(moves)}")
            move = agent.choose(game.observation(state, seat), seat,
                                game.legal_moves(state), budget, rng)
        after = game.apply(state, move)
        for line in game.describe(state, move, after):
            say(line)
        state = after
        states.append(state)
        moves.append(move)
        if keep is not None:
            keep(record_of(game, players, resolved, seed, states, moves, seat_labels))
        say(game.render_text(state))
    outcome = game.outcome(state)
    if outcome is not None:
        say(result_text(game, outcome))
    return record_of(game, players, resolved, seed, states, moves, seat_labels)


def _ask_move(game: Game[Any, Any], state: Any, who: str,
              ask: Callable[[str], str | None], say: Callable[[str], None]) -> Any:
    while True:
        line = ask(f"{who} to move> ")
        if line is None or line.strip() in ("quit", "exit"):
            return None
        text = line.strip()
        if text in ("help", "?", ""):
            legal = [game.move_to_text(state, m) for m in game.legal_moves(state)]
            specials = [game.move_to_text(state, m) for m in game.special_moves(state)]
            say(HELP)
            say("Legal moves: " + ", ".join(legal))
            if specials:
                say("Also: " + ", ".join(specials))
            continue
        try:
            return game.parse_move(state, text)
        except TabletopError as exc:
            say(f"Not played: {exc}. {HELP}")


def result_text(game: Game[Any, Any], outcome: Outcome) -> str:
    """One line with the scores, the winners and the reason the game ended."""
    scores = ", ".join(f"{game.info.seat_name(i)} {s:g}" for i, s in enumerate(outcome.scores))
    if not outcome.winners:
        verdict = "nobody wins"
    else:
        names = " and ".join(game.info.seat_name(w) for w in outcome.winners)
        verdict = f"{names} {'share the victory' if len(outcome.winners) > 1 else 'wins'}"
    return f"Game over ({outcome.reason}): {scores}; {verdict}."
