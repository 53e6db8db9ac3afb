"""Resigning and offering a draw at any time (issue 33): the table decides, out of turn
too. A seat not to move may resign (the table's verdict, `RESIGNED`, kept in the record
beside unchanged moves) and offer the game's draw (held by the table until the others
answer, or a move is played); what it may do is what the game's own special moves tell,
never a game's name. Real games (Versus, Verso), the real keeper's records, and a real
decision under way in the AI worker's process for the computer's thinking."""

from __future__ import annotations

import functools
from typing import Any

from tabletop import i18n
from tabletop.ai.base import Budget
from tabletop.play.session import MOVE
from tabletop.play.table import (
    RESIGN,
    Answer,
    Ended,
    Event,
    Played,
    Resignation,
    Table,
)
from tabletop.play.worker import AIWorker, entry_point_host
from tabletop.plugins import Host
from tabletop.record import RESIGNED, Record, replay
from tabletop.seats import seats_of


@functools.cache
def installed() -> Host:
    return Host().load()


def table_of(agents: list[str], game: str = "versus", seed: int = 1, **kwargs: Any
             ) -> tuple[Table, list[Record]]:
    records: list[Record] = []
    table = Table.new(installed(), game, seats_of(agents), {}, seed,
                      keep=lambda t: records.append(t.record()), **kwargs)
    return table, records


def test_the_seat_not_to_move_may_resign_and_offer_the_games_draw() -> None:
    table, _ = table_of(["human", "human"])
    assert table.to_move == 0
    mine = table.snapshot(0).special  # on its turn: the game's own moves, as ever
    assert [s.notation for s in mine] == ["resign blue", "draw"]
    other = table.snapshot(1).special  # out of turn: resigning, and the game's draw
    assert [(s.notation, s.consent, s.seat) for s in other] == [
        (RESIGN, False, 1), ("draw", True, 1)]
    assert other[0].move == Resignation(1) and other[0].result is not None
    assert other[0].result.winners == (0,)


def test_a_game_without_special_moves_offers_nothing_out_of_turn() -> None:
    # Verso's rules have no resignation and no draw (verso.md): none is made up.
    table, _ = table_of(["human", "human"], game="verso", seed=2)
    waiting = 1 - (table.to_move or 0)
    assert table.snapshot(waiting).special == ()
    assert table.special_named(waiting, RESIGN) is None


def test_a_resignation_out_of_turn_is_the_tables_verdict_kept_and_replayed() -> None:
    table, records = table_of(["human", "human"])
    events: list[Event] = []
    table.listen(events.append)
    assert table.propose(table.read_move("a1-b1")).answer is Answer.PLAYED
    special = table.special_named(0, "resign")  # Blue, while Brown is to move
    assert special is not None
    proposal = table.propose(special.move, 0)
    assert proposal.answer is Answer.CONFIRM
    assert proposal.reason == "The game ends now and cannot be undone."
    assert table.plies == 1 and not table.over  # asked first: nothing happened yet
    table.confirm(special.move, 0)
    assert table.over and table.ended == RESIGNED and table.to_move is None
    assert events[-1] == Ended(table.outcome, RESIGNED)
    record = records[-1]  # kept before it was told
    assert record.moves == ("a1-b1",) and record.ended == RESIGNED
    assert record.result is not None and record.result.winners == (1,)
    assert record.result.reason == "Blue resigned"
    assert not table.undo()  # a resignation stands
    # The record replays byte for byte, and reads in the reader's language and names.
    again = Record.from_json(record.to_json())
    assert again.to_json() == record.to_json()
    game = installed().game("versus")
    played = replay(game, again)
    outcome = played.outcome(game, 1)
    assert outcome == record.result and outcome is not None and outcome.line is not None
    i18n.set_language("fr")
    try:
        assert outcome.line.render(["Ada (Bleu)", "Bob (Brun)"]) == "Ada (Bleu) a abandonné"
    finally:
        i18n.set_language("en")
    # Opened again (the library's Continue, a replay's "play on"), it stays resigned.
    reopened = Table.from_record(installed(), again, seats_of(["human", "human"]))
    assert reopened.over and reopened.ended == RESIGNED
    assert reopened.record().to_json() == record.to_json()


def test_a_seat_resigns_only_for_itself() -> None:
    table, _ = table_of(["human", "human"])
    # Brown names Blue's resignation (the game's notation) out of turn: not Brown's move.
    for named in ("resign blue", "resign brown"):
        assert table.special_named(1, named) is None
    refused = table.propose(table.read_move("resign"), 1)  # the mover's, read as a move
    assert refused.answer is Answer.WAIT and "Blue is to move" in refused.reason
    assert table.propose(Resignation(0), 1).answer is Answer.WAIT
    assert not table.over and table.plies == 0


def test_a_draw_offered_out_of_turn_is_held_until_answered_or_a_move_is_played() -> None:
    table, records = table_of(["human", "human"])
    table.propose(table.read_move("a1-b1"))  # Brown to move
    draw = table.special_named(0, "draw")
    assert draw is not None and draw.consent
    assert table.propose(draw.move, 0).answer is Answer.CONSENT
    assert table.offer is not None and table.offer.seat == 0
    # Brown plays on instead of answering: the move declines the offer.
    assert table.propose(table.snapshot().legal[0]).answer is Answer.PLAYED
    assert table.offer is None and not table.over and table.to_move == 0
    # Brown offers out of turn; Blue declines, then accepts the next offer.
    offer = table.special_named(1, "draw")
    assert offer is not None and table.propose(offer.move, 1).answer is Answer.CONSENT
    assert table.answer_offer(1, True) is Answer.ILLEGAL  # one's own offer
    assert table.answer_offer(0, False) is Answer.DECLINED and table.offer is None
    assert table.propose(offer.move, 1).answer is Answer.CONSENT
    assert table.answer_offer(0, True) is Answer.PLAYED and table.over
    # The agreed draw is the game's draw move, played for the seat to move: the record
    # is what an agreed draw on one's turn always was.
    record = records[-1]
    assert record.moves == ("a1-b1", record.moves[1], "draw") and record.ended is None
    assert record.result is not None and record.result.winners == ()


def test_a_computer_declines_a_draw_offered_out_of_turn() -> None:
    table, records = table_of(["human", "random"])
    table.propose(table.read_move("a1-b1"))  # the computer to move
    draw = table.special_named(0, "draw")
    assert draw is not None
    proposal = table.propose(draw.move, 0)
    assert (proposal.answer, proposal.reason) == (Answer.DECLINED,
                                                  "The computer declines the offer.")
    assert table.offer is None and records[-1].moves == ("a1-b1",)


def test_resigning_while_the_computer_thinks_drops_its_move() -> None:
    # The app's way: the computer's decision runs in the AI worker's process while the
    # person may click; its answer, arriving after the resignation, is never played.
    worker = AIWorker(entry_point_host)
    try:
        table, records = table_of(["human", "mcts"], worker=worker,
                                  budget=Budget(seconds=1.5))
        played: list[Event] = []
        table.listen(played.append)
        table.propose(table.read_move("a1-b1"))
        thought = table.think(MOVE)
        assert thought is not None and thought.future is not None
        assert not thought.done()  # thinking
        resign = table.special_named(0, RESIGN)
        assert resign is not None
        assert table.propose(resign.move, 0).answer is Answer.CONFIRM
        table.confirm(resign.move, 0)
        assert table.thought is None and table.ended == RESIGNED
        thought.future.result(timeout=60)  # the decision comes back all the same
        assert not table.advance(wait=False) and table.plies == 1
        assert [e.ply for e in played if isinstance(e, Played)] == [0]
        assert records[-1].moves == ("a1-b1",) and records[-1].ended == RESIGNED
    finally:
        worker.shutdown()
