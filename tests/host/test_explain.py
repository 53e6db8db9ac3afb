"""Hints that say why, refusals that say why (docs/plugins.md, "Explaining a move"):
`Game.explain` and its default, the table's `Hinted` and `propose`, the text game's
`hint` command and its refusals, and the kit's checks of an explanation."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from tabletop_nim import Nim, NimState, Take

from tabletop.ai import Budget
from tabletop.lines import Line, SeatArg, render, seat
from tabletop.play.table import Answer, Event, Hinted, Table, hint_text, not_allowed
from tabletop.plugins import Host
from tabletop.seats import Seat, seats_of
from tabletop.testing import ConformanceError, check_game
from tests.host.toys import Duel, DuelState

BUDGET = Budget(iterations=20)


@functools.cache
def installed() -> Host:
    return Host().load()


class TellingNim(Nim):
    """Nim whose log says the take in two lines, a seat in the first."""

    def describe(self, before: NimState, move: Take, after: NimState) -> list[str | Line]:
        return [Line.of("{player} takes {count}.", player=seat(before.player),
                        count=move.count),
                f"Heap {move.heap + 1} keeps {after.heaps[move.heap]} {{sic}}."]


class ClashingNim(Nim):
    """Nim whose two log lines give the field `count` two values."""

    def describe(self, before: NimState, move: Take, after: NimState) -> list[str | Line]:
        return [Line.of("Takes {count}.", count=move.count),
                Line.of("{count} left.", count=after.heaps[move.heap])]


def test_the_default_joins_the_log_of_a_game_without_secrets() -> None:
    game = TellingNim()
    state = game.new_state(2, game.info.resolve_options({}), 0)
    said = game.explain(state, Take(0, 2), 0)
    assert render(said, ["Ada", "Bob"]) == "Ada takes 2. Heap 1 keeps 1 {sic}."
    clash = ClashingNim()
    assert clash.explain(state, Take(0, 2), 0) == Line.of("Takes {count}.", count=2)


def test_the_default_says_nothing_without_a_log_of_its_own_or_with_secrets() -> None:
    nim = Nim()
    assert nim.explain(nim.new_state(2, nim.info.resolve_options({}), 0), Take(0, 1), 0) is None
    duel = Duel()  # hidden information: its log could tell what the seat is yet to see
    assert duel.explain(duel.new_state(2, {}, 1), "keep", 0) is None


class FragileNim(Nim):
    """Nim whose `apply` reads a move's fields before checking it: junk raises."""

    def apply(self, state: NimState, move: Take) -> NimState:
        if move.heap < 0:
            raise IndexError("no such heap")
        return super().apply(state, move)


def test_a_game_that_fails_to_say_why_still_refuses_and_plays_on() -> None:
    table = Table.of_game(None, FragileNim(), seats_of(("human", "human")), {"heaps": "3"}, 0)
    proposal = table.propose(Take(-1, 1))
    assert proposal.answer is Answer.ILLEGAL
    assert proposal.reason == "Not allowed: that move is not legal here."
    assert table.propose(Take(0, 3)).answer is Answer.PLAYED and table.over


def test_not_allowed_makes_one_sentence() -> None:
    assert not_allowed("b2 is taken") == "Not allowed: b2 is taken."
    assert not_allowed("b2 is taken.") == "Not allowed: b2 is taken."
    assert hint_text("b2", "") == "Hint: b2"
    assert hint_text("b2", "Takes the centre.") == "Hint: b2 — Takes the centre."


def test_a_hint_carries_the_games_account_of_the_move() -> None:
    table = Table.new(installed(), "versus", [Seat.person(0, "Ada"), Seat.person(1)], {}, 3,
                      budget=BUDGET)
    events: list[Event] = []
    table.listen(events.append)
    move = table.hint()
    assert events == [Hinted(0, move, table.explain(move))]
    why = table.explain(move)
    said = table.game.explain(table.state, move, 0)
    assert said is not None and why == render(said, table.labels())
    assert why.endswith(".") and "\n" not in why and "you" in why


def test_a_hint_in_a_hidden_information_game_says_why_too() -> None:
    table = Table.new(installed(), "verso", seats_of(("human", "random")), {}, 5,
                      budget=Budget(iterations=30))
    events: list[Event] = []
    table.listen(events.append)
    table.run()  # the computer may go first
    move = table.hint()
    hinted = [e for e in events if isinstance(e, Hinted)]
    assert hinted and hinted[-1].move == move
    assert hinted[-1].why.split()[0] in ("Keeps", "Flips", "Banks")


class LeakyDuel(Duel):
    """A Duel whose explanation tells the other seat's hidden card."""

    def explain(self, state: DuelState, move: str, seat: int) -> str:
        return f"You {move}; your rival holds a {state.hands[1 - seat]}."


class WordyDuel(Duel):
    """A Duel whose explanation takes two lines."""

    def explain(self, state: DuelState, move: str, seat: int) -> str:
        return "You keep.\nOr swap."


class BrokenDuel(Duel):
    """A Duel whose explanation raises."""

    def explain(self, state: DuelState, move: str, seat: int) -> Any:
        raise KeyError("hand")


class HonestDuel(Duel):
    """A Duel that explains from the seat's view only."""

    def explain(self, state: DuelState, move: str, seat: int) -> Line:
        card = self.observation(state, seat).card
        return Line.of("{player} " + move + "s a {card}.", player=SeatArg(seat), card=card)


@pytest.mark.parametrize(("game", "complaint"), [
    (LeakyDuel(), "explanation of 'keep' depends on what it cannot see"),
    (WordyDuel(), "explain('keep') must be one line, not several"),
    (BrokenDuel(), "explain raised KeyError: 'hand'"),
])
def test_the_kit_checks_what_an_explanation_may_say(game: Duel, complaint: str) -> None:
    with pytest.raises(ConformanceError, match=re.escape(complaint)):
        check_game(game, seeds=range(2))


def test_the_kit_passes_an_explanation_from_the_seats_view() -> None:
    assert check_game(HonestDuel(), seeds=range(4)).games_played == 4


def test_the_kit_passes_the_default_explanation_joined_from_the_log() -> None:
    assert check_game(TellingNim(), seeds=range(3)).games_played == 3
