"""`play --text` shows a seat's view, never the whole state (docs/plugins.md, "Hidden
information"): the one person's seat; with several people, the seat to move, named; with
none, a spectator's."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.ai import Budget
from tabletop.play.table import Table
from tabletop.play.terminal import play_text
from tabletop.seats import seats_of
from tests.host.toys import Peek, peek_host


def _play(agents: Sequence[str]) -> list[str]:
    host = peek_host()
    table = Table.new(host, Peek.info.id, seats_of(agents), {}, 4, budget=Budget(iterations=1))
    said: list[str] = []
    answers = iter(["keep", "swap", "keep", "keep"])
    play_text(table, ask=lambda prompt: next(answers), say=said.append)
    return [line for line in said if "turn" in line]


def test_one_person_sees_only_their_seat() -> None:
    pictures = _play(["human", "random"])
    assert len(pictures) == 5  # the start and after each of four plies
    assert all(p.startswith("seat 0 holds") for p in pictures)


def test_several_people_see_the_seat_to_move_named_above_it() -> None:
    pictures = _play(["human", "human"])
    assert pictures[0] == "[Player 1's view]\n" + Peek().render_text(
        Peek().new_state(2, {}, 4), 0)
    assert pictures[1].startswith("[Player 2's view]\nseat 1 holds")
    assert pictures[2].startswith("[Player 1's view]\nseat 0 holds")


def test_without_a_person_the_terminal_shows_a_spectators_view() -> None:
    pictures = _play(["random", "random"])
    assert pictures == [f"spectator: turn {turn}" for turn in range(5)]
