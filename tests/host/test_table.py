"""The one driver's policies, headless: people's proposals, resigning and draw offers,
undo, hints, the agent-failure policies (stand in, forfeit, abort) with a fake clock for
timeouts, the ply bound, events and keeping; seats' labels in the lines."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from tabletop_nim import Take

from tabletop.ai.base import Budget
from tabletop.play.session import AgentError
from tabletop.play.simulate import Match, play_game
from tabletop.play.table import (
    CUT,
    FORFEITED,
    RANDOM_RETRIES,
    RULES,
    TIMEOUT,
    Answer,
    Ended,
    Event,
    Hinted,
    NoAgentLeft,
    Played,
    Policy,
    Replaced,
    Rewound,
    SaveFailed,
    Table,
)
from tabletop.plugins import Host
from tabletop.seats import Seat, seats_of, title
from tests.host import play_toys

BUDGET = Budget(iterations=4)


@functools.cache
def installed() -> Host:
    return Host().load()


@functools.cache
def toys() -> Host:
    return play_toys.make_host()


class FakeClock:
    """A clock that moves only when told: each reading advances it by `step` seconds."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def _table(host: Host, game: str, seats: Any, **kwargs: Any) -> tuple[Table, list[Event]]:
    table = Table.new(host, game, seats, {}, 3, budget=kwargs.pop("budget", BUDGET),
                      **kwargs)
    events: list[Event] = []
    table.listen(events.append)
    return table, events


def test_a_proposal_is_played_refused_or_waits_with_its_reason() -> None:
    table, events = _table(installed(), "versus", seats_of(("human", "random")))
    assert table.propose("not a move").answer is Answer.ILLEGAL
    legal = table.session.legal_moves()[0]
    assert table.propose(legal).answer is Answer.PLAYED
    assert events[0] == Played(0, 0, legal, False)
    waiting = table.propose(table.session.legal_moves()[0])
    assert waiting.answer is Answer.WAIT and "the computer" in waiting.reason
    assert table.advance() and isinstance(events[-1], Played) and events[-1].by_agent
    assert table.to_move == 0


def test_resigning_asks_first_ends_the_game_and_is_never_undone() -> None:
    table, events = _table(installed(), "versus", seats_of(("human", "human")))
    table.play(table.session.legal_moves()[0])
    resign = table.session.special_moves()[0]
    proposal = table.propose(resign)
    assert proposal.answer is Answer.CONFIRM and "cannot be undone" in proposal.reason
    assert len(table.session.moves) == 1  # nothing played before the confirmation
    table.confirm(resign)
    assert table.over and isinstance(events[-1], Ended) and events[-1].ended == RULES
    assert not table.can_undo() and not table.undo() and table.over
    assert "resigned" in table.undo_refusal()


def test_a_draw_offer_needs_the_peoples_consent_and_a_computer_declines_it() -> None:
    people, _ = _table(installed(), "versus", seats_of(("human", "human")))
    draw = people.session.special_moves()[1]
    assert people.propose(draw).answer is Answer.CONSENT and not people.over
    people.confirm(draw)
    assert people.outcome is not None and people.outcome.winners == ()
    computer, _ = _table(installed(), "versus", seats_of(("human", "random")))
    declined = computer.propose(computer.session.special_moves()[1])
    assert declined.answer is Answer.DECLINED and "declines" in declined.reason
    assert not computer.over


def test_undo_and_redo_go_by_people_turns_and_tell_the_listeners() -> None:
    table, events = _table(installed(), "versus", seats_of(("human", "random")))
    table.propose(table.session.legal_moves()[0])
    table.run()
    assert len(table.session.moves) == 2 and table.can_undo()
    assert table.undo() and table.session.moves == [] and events[-1] == Rewound(False)
    assert table.redo() and len(table.session.moves) == 2 and events[-1] == Rewound(True)


def test_a_hint_is_the_strongest_agents_move_on_its_own_stream() -> None:
    table, events = _table(installed(), "versus", seats_of(("human", "human")))
    hint = table.hint()
    hinted = events[0]
    assert hint in table.session.legal_moves() and isinstance(hinted, Hinted)
    # It says why, in the game's own words (games/versus/account.py): the slide's pulls.
    assert events == [Hinted(0, hint, hinted.why)]
    assert hinted.why.startswith("Slides the VERSUS from a3")
    again, _ = _table(installed(), "versus", seats_of(("human", "human")))
    assert again.hint() == hint  # the hint's stream depends on the seed and the ply only


def test_stand_in_replaces_a_failing_agent_by_the_next_weaker_one() -> None:
    table, events = _table(toys(), "nim", seats_of(("crash", "random")),
                           policy=Policy.STAND_IN)
    table.run()
    replaced = [e for e in events if isinstance(e, Replaced)]
    # crash -> cheat (answers an illegal move) -> blank (answers None) -> the host's
    # generic MCTS, the next by declared strength
    assert [(e.failed, e.by) for e in replaced] == [("crash", "cheat"), ("cheat", "blank"),
                                                    ("blank", "mcts")]
    assert "agent 'crash' (plugin 'toys') failed" in replaced[0].message
    assert table.over and table.ended == RULES


def test_forfeit_ends_the_game_against_the_failing_seat() -> None:
    table, events = _table(toys(), "nim", seats_of(("random", "cheat")),
                           policy=Policy.FORFEIT)
    table.run()
    outcome = table.outcome
    assert outcome is not None and table.ended == FORFEITED
    assert outcome.winners == (0,) and outcome.scores == (1.0, 0.0)
    assert outcome.reason == "forfeit: seat 2 (agent cheat)"
    assert events[-1] == Ended(outcome, FORFEITED) and table.to_move is None


def test_abort_raises_the_agents_error_naming_it() -> None:
    table, _ = _table(toys(), "nim", seats_of(("blank", "random")), policy=Policy.ABORT)
    with pytest.raises(AgentError, match="agent 'blank' \\(plugin 'toys'\\) answered None"):
        table.run()


def test_a_decision_past_its_deadline_on_the_clock_is_a_timeout() -> None:
    # Every reading of the fake clock moves it 10 s: each decision takes 10 s, past the
    # 1 s budget and its grace.
    slow = Budget(seconds=1.0)
    table, _ = _table(toys(), "nim", seats_of(("random", "random")), budget=slow,
                           policy=Policy.STAND_IN, on_timeout=Policy.FORFEIT,
                           clock=FakeClock(10.0))
    table.run()
    assert table.ended == TIMEOUT and table.outcome is not None
    assert table.outcome.reason == "timeout: seat 1 (agent random)"
    assert table.seconds[0] == pytest.approx(10.0) and table.decisions == [1, 0]
    stand, stood = _table(toys(), "nim", seats_of(("dozy", "random")), budget=slow,
                          policy=Policy.STAND_IN, clock=FakeClock(10.0))
    with pytest.raises(NoAgentLeft, match="No agent can play Nim"):
        stand.run()  # dozy gives way to random, which runs out of time too
    assert stand.random_timeouts == RANDOM_RETRIES  # random was asked again first
    assert [(e.failed, e.by) for e in stood if isinstance(e, Replaced)] == [
        ("dozy", "random")]
    quick, _ = _table(toys(), "nim", seats_of(("random", "random")), budget=slow,
                      policy=Policy.ABORT, clock=FakeClock(0.01))
    quick.run()
    assert quick.ended == RULES


def test_the_ply_bound_cuts_the_game_without_a_result() -> None:
    table, events = _table(toys(), "nim", seats_of(("random", "random")), max_plies=2)
    table.run()
    assert table.ended == CUT and len(table.session.moves) == 2
    assert isinstance(events[-1], Ended) and events[-1].outcome.winners == ()


def test_the_table_keeps_after_every_change_and_says_a_failed_save() -> None:
    kept: list[int] = []

    def keep(table: Table) -> str | None:
        kept.append(len(table.session.moves))
        return "disk full" if len(kept) == 2 else None

    table, events = _table(toys(), "nim", seats_of(("human", "human")), keep=keep)
    table.play(Take(0, 1))
    table.play(Take(1, 1))
    assert kept == [1, 2] and SaveFailed("disk full") in events
    assert events.index(SaveFailed("disk full")) > events.index(Played(1, 1, Take(1, 1),
                                                                       False))


def test_a_table_plays_the_same_game_as_simulate() -> None:
    match = Match("versus", 2, ("random", "mcts"), {}, BUDGET)
    result = play_game(installed(), match, 0, 11)
    table = Table.new(installed(), "versus", seats_of(("random", "mcts")), {}, 11,
                      budget=BUDGET)
    table.run()
    assert table.session.record().to_json() == result.record


def test_people_are_named_in_the_lines_by_their_seats() -> None:
    # A person who calls herself "Player 3" sits at seat 1 of Verso; seat 3 is "Cleo".
    seats = [Seat.person(0), Seat.person(1, "Player 3"), Seat.person(2, "Cleo")]
    table = Table.new(installed(), "verso", seats, {}, 5, budget=BUDGET)
    assert table.labels() == ("Player 1", "Player 3", "Cleo")
    assert title(seats) == "Player 1 vs Player 3 vs Cleo"
    for _ in range(6):
        table.play(table.session.legal_moves()[0])
    said = [line for ply in range(6) for line in table.lines(ply)]
    assert any(line.startswith("Player 3 ") for line in said)
    assert any(line.startswith("Cleo ") for line in said)
    assert not any("Player 2" in line for line in said)


def test_a_seat_is_made_once_and_kept_as_the_library_keeps_it() -> None:
    ada, computer = Seat.person(0, " Ada "), Seat.computer(1, "strong", "Expert")
    assert (ada.name, ada.player, ada.shown) == ("Ada", "Ada", "Ada")
    assert (computer.player, computer.shown) == ("strong", "Expert")
    unnamed = Seat.person(1)
    assert unnamed.player == "Player 2" and unnamed.name == ""
    assert Seat.kept(1, "Player 2", "human") == unnamed  # not a named person
    assert Seat.kept(0, "Ada", "human") == ada
    assert title([ada, computer]) == "Ada vs Expert"
