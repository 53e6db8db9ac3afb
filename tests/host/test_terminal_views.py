"""`play --text` shows a seat's view, never the whole state (docs/plugins.md, "Hidden
information"): the one person's seat; with several people, the seat to move, named; with
none, a spectator's."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.ai import Budget, RandomAgent
from tabletop.ai.base import Agent
from tabletop.session import Session
from tabletop.terminal import play_text
from tests.host.toys import Duel, DuelState


class Peek(Duel):
    """Duel whose text shows a seat its own card (and a spectator none)."""

    def render_text(self, state: DuelState, seat: int | None = None) -> str:
        if seat is None:
            return f"spectator: turn {state.turn}"
        return f"seat {seat} holds {state.hands[seat]}: turn {state.turn}"


def _play(agents: Sequence[Agent | None]) -> list[str]:
    game = Peek()
    session = Session.new(game, 2, {}, 4, ["human" if a is None else "random"
                                            for a in agents])
    said: list[str] = []
    answers = iter(["keep", "swap", "keep", "keep"])
    play_text(session, agents, ["random"] * 2, Budget(iterations=1),
              ask=lambda prompt: next(answers), say=said.append)
    return [line for line in said if "turn" in line]


def test_one_person_sees_only_their_seat() -> None:
    pictures = _play([None, RandomAgent()])
    assert len(pictures) == 5  # the start and after each of four plies
    assert all(p.startswith("seat 0 holds") for p in pictures)


def test_several_people_see_the_seat_to_move_named_above_it() -> None:
    pictures = _play([None, None])
    assert pictures[0] == "[Player 1's view]\n" + Peek().render_text(
        Peek().new_state(2, {}, 4), 0)
    assert pictures[1].startswith("[Player 2's view]\nseat 1 holds")
    assert pictures[2].startswith("[Player 1's view]\nseat 0 holds")


def test_without_a_person_the_terminal_shows_a_spectators_view() -> None:
    pictures = _play([RandomAgent(), RandomAgent()])
    assert pictures == [f"spectator: turn {turn}" for turn in range(5)]
