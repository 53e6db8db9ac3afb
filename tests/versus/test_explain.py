"""A move's account in one line, the "why" of a hint (versus.md §3-§7): the pulls, where
the pawns land, which freeze on a target, the points, the end, what the opponent can
pull back at once; and refusals that name the seat as the host labels it."""

from __future__ import annotations

import random

import pytest

from games.versus import rules as R
from games.versus.board import CELL_NAMES
from games.versus.notation import AnyMove
from games.versus.state import AgreeDraw, Move, Resign, VersusState
from tabletop.lines import render
from tabletop.model import IllegalMoveError
from tests.versus.helpers import BLUE, BROWN, GAME, build, move
from tests.versus.test_limit import tug

NAMES = ("Ada", "Bob")  # Blue and Brown as people named them
# Two Brown pawns worth 5 to Brown, out of every line: the game is not decided (§6.3).
SPARE = [(4, -4, 0, BROWN), (3, -4, 0, BROWN)]


def said(state: VersusState, m: AnyMove, seat: int = BLUE) -> str:
    return render(GAME.explain(state, m, seat), NAMES)


def two_pulls(*extra: tuple[int, int, int, int]) -> VersusState:
    """Blue's VERSUS on d3 slides to d5, from where it sees a Brown pawn on g4 (worth 3
    to Blue) behind the target f5, and one on d8 (worth 4 to Blue)."""
    return build((-3, 2), (5, -5), [(-1, -1, 3, BROWN), (2, 2, 4, BROWN), *extra])


def test_a_slide_says_the_pawns_it_pulls_where_they_land_and_the_points() -> None:
    # versus.md §4: each pawn comes one cell closer and turns; on a target it freezes (§3)
    # and scores its value to its controller (§7).
    state = two_pulls(*SPARE)
    assert said(state, move(state, (-3, 2), (-1, 2))) == (
        "Slides the VERSUS from d3 to d5 and pulls 2 pawns: d8 lands on d7 (worth 4 to "
        "you), g4 lands on the target f5 and freezes there (worth 3 to you); you gain 3 "
        "points; Bob's VERSUS can pull d7 back next turn.")


def test_read_by_the_other_seat_the_mover_is_named() -> None:  # versus.md §4
    state = two_pulls(*SPARE)
    assert said(state, move(state, (-3, 2), (-1, 2)), BROWN).startswith(
        "Slides the VERSUS from d3 to d5 and pulls 2 pawns: d8 lands on d7 (worth 4 to "
        "Ada), g4 lands on the target f5 and freezes there (worth 3 to Ada); Ada gains 3 "
        "points")


def test_a_move_that_ends_the_game_says_so_with_the_score() -> None:
    # versus.md §6.3: without Brown's spare pawns, Blue's 3 banked points cannot be caught.
    state = two_pulls()
    assert said(state, move(state, (-3, 2), (-1, 2))).endswith(
        "; you gain 3 points; the game ends: the game is decided, Ada 3 - Bob 0.")


def test_a_step_onto_a_target_freezes_the_pawn_and_scores_it() -> None:  # versus.md §3, §7
    state = build((-5, 5), (5, -5), [(-1, 1, 4, BLUE), *SPARE])
    assert said(state, move(state, (-1, 1), (-1, 0))) == (
        "Steps the pawn from e5 to f5 (worth 4 to you), onto the target, where it "
        "freezes; you gain 4 points.")


def test_a_step_says_how_near_the_empty_targets_it_goes() -> None:  # versus.md §1, §3
    state = build((-5, 5), (5, -5), [(-1, 2, 4, BLUE), *SPARE])
    assert said(state, move(state, (-1, 2), (-1, 1))).startswith(
        "Steps the pawn from d5 to e5 (worth 4 to you), nearer the empty target f5 "
        "(1 cell to go)")
    assert said(state, move(state, (-1, 2), (-1, 3))).startswith(
        "Steps the pawn from d5 to c5 (worth 4 to you), away from the empty targets "
        "(the nearest, f5, 3 cells away)")


def test_a_pawn_worth_more_to_the_opponent_says_both_values() -> None:  # versus.md §2
    state = build((-3, 2), (5, -5), [(2, 2, 1, BROWN), *SPARE])
    assert "d8 lands on d7 (worth 1 to you, 4 to Bob)" in said(
        state, move(state, (-3, 2), (-1, 2)))


def test_the_limit_is_said_with_the_pawn_it_keeps() -> None:  # versus.md §5
    state = tug(blue_sections=2)  # Brown dominates the centre pawn, pulled twice
    assert said(state, move(state, (0, 3), (0, 2))) == (
        "Slides the VERSUS from c6 to d6 and pulls 1 pawn: d3 lands on d4 (worth 1 to "
        "you, 4 to Bob); the limit (§5) keeps f6 from you: pulled in each of the last two "
        "moves; Bob's VERSUS can pull d4 back next turn.")


def test_a_slide_that_pulls_nothing_says_so() -> None:  # versus.md §4
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    assert said(start, GAME.parse_move(start, "Va3-e3")) == (
        "Slides the VERSUS from a3 to e3: it pulls no pawn; a waiting move: it threatens "
        "no new pull and blocks none.")


def _pulls(state: VersusState) -> set[str]:
    """The pawns the VERSUS of the seat to move in `state` could pull now (versus.md §4),
    by cell name, from its legal slides."""
    return {CELL_NAMES[pull.frm] for m in GAME.legal_moves(state)
            if isinstance(m, Move) and m.versus for pull in R.preview(state, m).attractions}


def test_a_quiet_slide_says_what_it_prevents_or_prepares() -> None:  # versus.md §4
    """Issue 36: a slide that pulls nothing gives its reason, each claim true of the
    positions before and after it: what it keeps from the opponent, what it threatens,
    what it opens, or that it waits."""
    from dataclasses import replace

    seen: set[str] = set()
    for seed in range(40):
        state, rng = GAME.new_state(2, GAME.info.resolve_options({}), seed), random.Random(seed)
        for _ in range(rng.randrange(4, 30)):
            if GAME.outcome(state) is not None:
                break
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        if GAME.outcome(state) is not None:
            continue
        mover, other = state.to_move, 1 - state.to_move
        for m in GAME.legal_moves(state):
            if not (isinstance(m, Move) and m.versus) or R.preview(state, m).attractions:
                continue
            text = said(state, m, mover)
            after = GAME.apply(state, m)
            theirs = _pulls(replace(state, to_move=other, streaks=()))
            theirs_after = _pulls(replace(after, to_move=other, streaks=()))
            reasons = [c for c in text.rstrip(".").split("; ")[1:]
                       if not c.startswith("the limit (§5)")]
            assert reasons or "the limit (§5)" in text, text
            for clause in reasons:
                cells = set(clause.split("pulling ")[-1].split(" next turn")[0]
                            .split("pull ")[-1].replace(" and ", ", ").split(", "))
                if "from pulling" in clause:
                    seen.add("keeps")
                    assert cells <= theirs - theirs_after, (text, clause)
                elif "threatens to pull" in clause:
                    seen.add("threatens")
                    mine = _pulls(replace(after, to_move=mover, streaks=()))
                    assert cells <= mine - _pulls(replace(state, to_move=mover, streaks=()))
                elif "opens a line" in clause:
                    seen.add("opens")
                    assert cells <= theirs_after - theirs, (text, clause)
                else:
                    seen.add("waits")
                    assert clause.startswith("a waiting move"), text
    assert seen == {"keeps", "threatens", "opens", "waits"}


def test_resigning_and_a_draw_are_explained_too() -> None:  # versus.md §6.4
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    assert said(start, Resign(BLUE)) == ("Resigning ends the game at once: Ada loses, "
                                         "whatever the score.")
    assert said(start, AgreeDraw()) == "The game ends as a draw, whatever the score."


def test_an_illegal_move_is_not_explained_but_refused_with_why() -> None:  # versus.md §3
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    with pytest.raises(IllegalMoveError, match="a pawn steps to a neighbouring hexagon"):
        GAME.explain(start, Move(85, 63, False), BLUE)


def test_a_refusal_names_the_seat_as_the_host_labels_it() -> None:  # versus.md §3
    start = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    with pytest.raises(IllegalMoveError) as refused:
        GAME.parse_move(start, "k1-j1")
    assert render(refused.value.line, NAMES) == (
        "k1 holds Bob's pawn of 3 brown and 2 blue sections, and Ada may move only their "
        "own pieces (§3)")


def test_the_account_agrees_with_the_rules_along_random_games() -> None:
    # versus.md §4, §6, §7: the line is built from the rules' own account of each move.
    rng = random.Random(5)
    state = GAME.new_state(2, GAME.info.resolve_options({}), 0)
    checked = 0
    while GAME.to_move(state) is not None and state.ply < 300:
        mover = state.to_move
        for m in rng.sample([m for m in GAME.legal_moves(state) if isinstance(m, Move)], 3):
            line = said(state, m, mover)
            after = GAME.apply(state, m)
            pulled = R.preview(state, m).attractions
            gained = R.banked(after.board, after.rules)[mover] - R.banked(
                state.board, state.rules)[mover]
            assert (f" pulls {len(pulled)} pawn" in line) == bool(pulled), line
            for pull in pulled:
                assert f"{CELL_NAMES[pull.frm]} lands on" in line, line
            assert (f"you gain {gained} point" in line) == bool(gained), line
            assert ("the game ends" in line) == (after.end is not None), line
            checked += 1
        state = GAME.apply(state, rng.choice(list(GAME.legal_moves(state))))
    assert checked > 300
