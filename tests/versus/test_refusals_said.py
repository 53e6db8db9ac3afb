"""Issue 24: a refused Versus move says why in the rules' words, with the seats' labels,
at the table and in the text game (`play --text`), beside the hint's sentence."""

from __future__ import annotations

import functools

from click.testing import CliRunner

from tabletop.ai import Budget
from tabletop.cli import main
from tabletop.play.table import Answer, Event, Table
from tabletop.play.terminal import play_text
from tabletop.plugins import Host
from tabletop.seats import Seat

BUDGET = Budget(iterations=20)


@functools.cache
def installed() -> Host:
    return Host().load()


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
