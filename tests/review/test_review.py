"""The game review (`tabletop.play.review`, docs/review.md): marks, accuracy, analysts, honesty
about hidden information, the kept review and the `review` command."""

from __future__ import annotations

import itertools
import json
import random
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from tabletop_nim import Nim

from tabletop.ai import Budget, MCTSAgent, analyst_of
from tabletop.cli import main
from tabletop.play.review import (
    BEST,
    BLUNDER,
    GOOD,
    INACCURACY,
    MISTAKE,
    Cancelled,
    Review,
    judge_ply,
    kept_or_new,
    mark_of,
    move_accuracy,
    review,
)
from tabletop.plugins import Host
from tabletop.record import Record, replay
from tabletop.store.reviews import ReviewStore
from tabletop.testing import check_analyst

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def host() -> Host:
    return Host().load()


def _record(name: str) -> Record:
    return Record.read(HERE / f"{name}.json")


def test_marks_follow_the_thresholds() -> None:  # docs/review.md, "Marks"
    assert mark_of(0.5) == BEST
    assert mark_of(4.9) == GOOD
    assert mark_of(5.0) == INACCURACY
    assert mark_of(10.0) == MISTAKE
    assert mark_of(15.0) == BLUNDER
    assert mark_of(80.0) == BLUNDER


def test_a_resignation_is_not_judged_and_says_so(host: Host) -> None:  # "Marks"
    from games.versus.state import Resign
    from tabletop.play.review import MARK_NAMES, OUTSIDE, judge_ply

    game = host.game("versus")
    state = game.new_state(2, game.info.resolve_options({}), 0)
    analyst = analyst_of(host.make_agent("versus", "strong"))
    judged = judge_ply(game, analyst, state, Resign(0), 0, Budget(iterations=50))
    assert judged is not None and judged.mark == OUTSIDE and judged.accuracy is None
    assert MARK_NAMES[OUTSIDE] == "not judged: a move outside play"


def test_move_accuracy_is_lichess_formula() -> None:  # docs/review.md, "Accuracy"
    assert move_accuracy(60.0, 60.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(40.0, 70.0) == move_accuracy(60.0, 60.0)  # a gain is no loss
    assert move_accuracy(60.0, 50.0) == pytest.approx(
        103.1668100711649 * 2.718281828459045 ** (-0.4354415386753951) - 3.166924740191411)
    assert move_accuracy(100.0, 0.0) == 0.0


def test_generic_mcts_is_an_analyst_for_any_game() -> None:
    game = Nim()
    agent = MCTSAgent(game)
    assert analyst_of(agent) is agent
    check_analyst(game, agent, seeds=range(2), budget=Budget(iterations=60))
    state = game.new_state(2, {"heaps": "1,2"}, 0)  # taking 1 from heap 2 wins
    legal = list(game.legal_moves(state))
    values = agent.values(state, 0, legal, Budget(iterations=600), random.Random(1))
    best = legal[max(range(len(legal)), key=lambda i: values[i])]
    assert game.move_to_text(state, best) == "2:1"


@pytest.mark.parametrize("game_id", ["versus", "verso"])
def test_strong_agents_are_analysts_that_pass_the_kit(host: Host, game_id: str) -> None:
    agent = host.make_agent(game_id, "strong")
    assert analyst_of(agent) is not None
    check_analyst(host.game(game_id), agent, budget=Budget(iterations=16))


def test_the_kit_refuses_an_analyst_that_reads_hidden_cards(host: Host) -> None:
    game = host.game("verso")

    calls = itertools.count()

    class Peeking:
        def values(self, observation, seat, legal_moves, budget, rng):  # type: ignore[no-untyped-def]
            # A value that depends on a sampled deck: what the seat cannot know. (Each
            # call deals its own deck, from a counted seed: the same every run.)
            sampled = game.sampler().sample_state(observation, seat,
                                                  random.Random(next(calls)))
            return [(sampled.deck[0] % 7) / 7.0 for _ in legal_moves]

    with pytest.raises(AssertionError, match="sees more than the seat"):
        check_analyst(game, Peeking(), seeds=range(1))


def test_a_verso_mark_ignores_cards_its_player_had_not_seen(host: Host) -> None:
    """Two games that differ only in cards the mover has not seen (the rest of the deck
    dealt again from the mover's observation) get the same judgement of each move."""
    game = host.game("verso")
    played = replay(game, _record("verso-expert-random"))
    analyst = host.make_agent("verso", "strong")
    budget = Budget(iterations=12)
    compared = 0
    for ply in (2, 9, 20):
        state, move = played.states[ply], played.moves[ply]
        seat = game.to_move(state)
        other = game.sampler().sample_state(game.observation(state, seat), seat,
                                            random.Random(ply))
        assert other.deck != state.deck  # the unseen cards differ...
        assert game.observation(other, seat) == game.observation(state, seat)
        mine = judge_ply(game, analyst, state, move, ply, budget)
        theirs = judge_ply(game, analyst, other, move, ply, budget)
        assert mine == theirs  # ...and the mark, values and better move do not
        compared += 1
    assert compared == 3


@pytest.mark.parametrize(("game_id", "records", "iterations"), [
    ("versus", ("versus-expert-random", "versus-random-expert"), 1000),
    ("verso", ("verso-expert-random", "verso-expert-random-2"), 16),
])
def test_review_tells_expert_from_random(host: Host, game_id: str,
                                         records: tuple[str, ...], iterations: int) -> None:
    blunders = {"Expert": 0, "random": 0}
    for name in records:
        record = _record(name)
        result = review(host, record, budget=Budget(iterations=iterations))
        by_agent = {record.agents[s.seat]: s for s in result.summaries()}
        expert, rand = by_agent["Expert"], by_agent["random"]
        assert expert.accuracy is not None and rand.accuracy is not None
        assert rand.accuracy <= expert.accuracy - 8, (name, expert, rand)
        blunders["Expert"] += expert.blunders
        blunders["random"] += rand.blunders
    assert blunders["random"] >= 3
    assert blunders["Expert"] == 0


def test_review_is_kept_and_never_runs_twice(host: Host, tmp_path: Path) -> None:
    record = _record("verso-expert-random-2")
    store = ReviewStore(tmp_path)
    budget = Budget(iterations=4)
    first, kept = kept_or_new(host, record, store, budget=budget)
    assert not kept
    assert (tmp_path / "reviews").is_dir()

    def refuse(done: int, total: int) -> None:
        raise AssertionError("reviewed a second time")

    again, kept = kept_or_new(host, record, store, budget=budget, progress=refuse)
    assert kept and again == first
    assert Review.from_dict(json.loads(json.dumps(first.to_dict()))) == first


def test_review_can_be_cancelled_and_reports_progress(host: Host) -> None:
    record = _record("verso-expert-random-2")
    cancel = threading.Event()
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 3:
            cancel.set()

    with pytest.raises(Cancelled):
        review(host, record, budget=Budget(iterations=2), progress=progress, cancel=cancel)
    assert seen[:4] == [(0, 40), (1, 40), (2, 40), (3, 40)]


def test_next_and_previous_flagged_move(host: Host) -> None:
    result = review(host, _record("versus-expert-random"), budget=Budget(iterations=300))
    flagged = [j.ply for j in result.judgements if j.mark in (INACCURACY, MISTAKE, BLUNDER)]
    assert len(flagged) >= 3
    assert result.next_flagged(-1, 1) == flagged[0]
    assert result.next_flagged(flagged[0], 1) == flagged[1]
    assert result.next_flagged(flagged[1], -1) == flagged[0]
    assert result.next_flagged(flagged[-1], 1) is None
    curve = result.curve(0)
    assert len(curve) == len(result.judgements)
    assert all(0.0 <= value <= 100.0 for _, value in curve)


def test_review_command_prints_stable_json(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    path = HERE / "versus-expert-random.json"
    runner = CliRunner()
    args = ["review", str(path), "--json", "--iterations", "200", "--workers", "1"]
    first = runner.invoke(main, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert list(data) == ["version", "game", "digest", "analyst", "budget", "players",
                          "seats", "moves"]
    assert data["analyst"] == "strong" and len(data["moves"]) == 59
    assert "Reviewing: 59/59" in first.stderr
    flagged = [m for m in data["moves"] if m["mark"] == "blunder"]
    assert flagged and all(m["better"] for m in flagged)
    second = runner.invoke(main, args)  # kept: the same text, no progress
    assert second.stdout == first.stdout
    only = runner.invoke(main, [*args, "--seat", "2"])
    assert {m["seat"] for m in json.loads(only.stdout)["moves"]} == {1}
    text = runner.invoke(main, ["--lang", "fr", "review", str(path), "--iterations", "200"])
    assert text.exit_code == 0
    assert "précision" in text.stdout
