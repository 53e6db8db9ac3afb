"""Hints that say why, refusals that say why (docs/plugins.md, "Explaining a move"):
`Game.explain` and its default, the table's `Hinted` and `propose`, the text game's
`hint` command and its refusals, and the kit's checks of an explanation."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from click.testing import CliRunner
from tabletop_nim import Nim, NimState, Take

from tabletop.ai import Budget
from tabletop.cli import main
from tabletop.lines import Line, SeatArg, render, seat
from tabletop.play.table import Answer, Event, Hinted, Table, hint_text, not_allowed
from tabletop.plugins import Host
from tabletop.seats import Seat, seats_of
from tabletop.terminal import play_text
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


def _versus(seats: list[Seat]) -> tuple[Table, list[Event]]:
    table = Table.new(installed(), "versus", seats, {}, 3, budget=BUDGET)
    events: list[Event] = []
    table.listen(events.append)
    return table, events


def test_a_refused_move_says_why_in_the_games_words_with_the_seats_labels() -> None:
    table, _ = _versus([Seat.person(0, "Ada"), Seat.person(1, "Bob")])
    state = table.state
    theirs = table.game.parse_move(state, "a1-b1")  # a move of Blue's, legal for Blue
    table.play(table.game.parse_move(state, "a2-b3"))  # now Brown is to move
    proposal = table.propose(theirs)
    assert proposal.answer is Answer.ILLEGAL
    assert proposal.reason == ("Not allowed: a1 holds Ada (Blue)'s pawn of 2 blue and 3 "
                               "brown sections, and Bob (Brown) may move only their own "
                               "pieces (§3).")
    assert table.propose("not a move").reason == "Not allowed: 'not a move' is not a Versus move."


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
    table, events = _versus([Seat.person(0, "Ada"), Seat.person(1)])
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


def _text_game(answers: list[str]) -> list[str]:
    table, _ = _versus([Seat.person(0), Seat.person(1)])
    said: list[str] = []
    replies = iter(answers)
    play_text(table, ask=lambda prompt: next(replies, None), say=said.append)
    return said


def test_the_text_game_hints_and_refuses_with_why() -> None:
    said = _text_game(["hint", "Va3-f5", "k1-j1"])
    hints = [line for line in said if line.startswith("Hint: ")]
    assert len(hints) == 1 and " — " in hints[0]
    assert hints[0].split(" — ")[1][0].isupper()
    assert ("Not allowed: a VERSUS slides in a straight line over free cells only. Type a "
            "move in notation") in "\n".join(said)
    assert any(line.startswith("Not allowed: k1 holds Brown's pawn of 3 brown and 2 blue "
                               "sections, and Blue may move only their own pieces (§3).")
               for line in said)
    assert said[-1] == "Game stopped."


def test_play_text_on_the_command_line_shows_the_hint_and_the_refusal() -> None:
    result = CliRunner().invoke(
        main, ["play", "versus", "--text", "--seed", "3", "--seat", "human", "--seat",
               "human", "--iterations", "20"], obj={"host": installed()},
        input="hint\na1-c1\n")
    assert result.exit_code == 0, result.output
    assert "Hint: " in result.output and " — " in result.output
    assert "Not allowed: a pawn steps to a neighbouring hexagon only (§3)." in result.output
    assert "'hint' for a suggestion" in result.output


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
