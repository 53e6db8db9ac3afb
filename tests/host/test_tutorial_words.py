"""What the tutorials say about their positions is true of those positions: every card a
step (or its glance picture, or a line of what its last move did) names with its points
is a face shown there with those points, every card a player "holds" is in that player's
display, and every direction a Versus step names is the direction of that line on the
board as it is drawn (pointy hexes, row `a` at the bottom).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.verso.cards import COLOURS, colour_of, points_of, value_of
from games.verso.game import VersoGame
from games.verso.observation import observe
from games.verso.state import EMPTY, VersoState
from games.verso.view.motions import transitions
from games.versus.board import AXIAL, CELL_OF_NAME
from games.versus.game import VersusGame
from tabletop.lines import render
from tabletop.tutorial import Step, Tutorial, asked_moves, tutorial_of

FACE = re.compile(r"\b(blue|green|orange) (\d|joker)(?: \((\d) pts?\)|, (\d) points?)")
HOLDS = re.compile(r"\b(Player (\d)|[Yy]ou) (?:already )?holds? (?:an? )?"
                   r"(blue|green|orange) (\d|joker)(?: \((\d) pts?\))?")


def _verso() -> tuple[VersoGame, Tutorial]:
    game = VersoGame()
    tutorial = tutorial_of(game)
    assert tutorial is not None
    return game, tutorial


def _faces(state: VersoState) -> set[tuple[str, str, int]]:
    """Every face showing in `state`: the deck's top, each display, the discard pile."""
    codes = [*state.discard, *(c for layout in state.layouts for c in layout if c != EMPTY)]
    codes += state.deck[:1]
    return {_words(state.cards.face[code]) for code in codes}


def _words(face: int) -> tuple[str, str, int]:
    value = value_of(face)
    return COLOURS[colour_of(face)], str(value) if value else "joker", points_of(face)


def _held(state: VersoState, seat: int) -> set[tuple[str, str, int]]:
    return {_words(state.cards.face[code]) for code in state.layouts[seat] if code != EMPTY}


def _states(game: VersoGame, tutorial: Tutorial, step: Step) -> list[VersoState]:
    """The states a step's words may speak of: its position's, and the one after the
    move it asks for."""
    replayed = tutorial.position(game, step.number)
    states = list(replayed.states[-3:])
    for move in asked_moves(game, replayed.final, step)[:1]:
        states.append(game.apply(replayed.final, move))
    return states


def _check_faces(text: str, faces: set[tuple[str, str, int]], where: str) -> list[str]:
    wrong = []
    for colour, value, short, long in FACE.findall(text):
        face = (colour, value, int(short or long))
        if face not in faces:
            wrong.append(f"{where}: {colour} {value} is not worth {face[2]} there")
    return wrong


def _check_holds(text: str, states: list[VersoState], learner: int, where: str) -> list[str]:
    wrong = []
    for who, number, colour, value, points in HOLDS.findall(text):
        seat = int(number) - 1 if number else learner
        held = set().union(*(_held(state, seat) for state in states))
        if not any(c == colour and v == value and (not points or p == int(points))
                   for c, v, p in held):
            wrong.append(f"{where}: {who} holds no {colour} {value} {points}")
    return wrong


def test_every_verso_step_names_cards_with_their_points_and_holders() -> None:
    # verso.md §1: one face 1 point, the other 3. verso.md §4.1: a double is a face held.
    game, tutorial = _verso()
    wrong: list[str] = []
    captions = {p.step: p.caption for p in tutorial.glance.pictures} if tutorial.glance else {}
    for step in tutorial.steps:
        states = _states(game, tutorial, step)
        faces = set().union(*(_faces(state) for state in states))
        for name, text in (("text", step.text), ("done", step.done),
                           ("why_not", step.why_not), ("caption", captions.get(step.number, ""))):
            where = f"step {step.number} {name}"
            wrong += _check_faces(text, faces, where)
            wrong += _check_holds(text, states, tutorial.seat, where)
    assert not wrong, "\n".join(wrong)


def test_the_line_of_a_double_names_the_card_its_player_holds() -> None:
    # Step 8 (and its glance picture): Player 2 drew orange 4 (1 pt) and already held the
    # orange 4 worth 3 (verso.md §4.1). The table's line must name the card held.
    game, tutorial = _verso()
    checked = 0
    for step in tutorial.steps:
        replayed = tutorial.position(game, step.number)
        if not replayed.moves:
            continue
        before, after = replayed.states[-2], replayed.final
        motions, _floaters = transitions(observe(before), replayed.moves[-1], observe(after),
                                         before.turn)
        for motion in motions:
            if not motion.note or motion.news:
                continue
            said = render(motion.note)
            checked += 1
            assert _check_faces(said, _held(before, before.turn), f"step {step.number}") == []
            assert _check_holds(said, [before], before.turn, f"step {step.number}") == [], said
            assert HOLDS.search(said), said
    assert checked  # step 8's double is among them


#: Directions as a player sees them on Versus's board (pointy hexes, `r` down the screen).
DIRECTION_WORDS = {
    (1, 0): "to the right", (1, -1): "up and to the right", (0, -1): "up and to the left",
    (-1, 0): "to the left", (-1, 1): "down and to the left", (0, 1): "down and to the right",
}
MOVE = re.compile(r"from ([a-k]\d+) ((?:straight |up |down )?(?:and )?(?:up|down|to the "
                  r"(?:left|right))(?: and to the (?:left|right))?),[^.]*? to ([a-k]\d+)")
NEIGHBOUR = re.compile(r"([a-k]\d+), its neighbour ([a-z -]+?)\.")


def _direction(frm: str, to: str) -> str:
    (q0, r0), (q1, r1) = AXIAL[CELL_OF_NAME[frm]], AXIAL[CELL_OF_NAME[to]]
    dq, dr = q1 - q0, r1 - r0
    steps = max(abs(dq), abs(dr), abs(dq + dr))
    unit = (dq // steps, dr // steps)
    assert (unit[0] * steps, unit[1] * steps) == (dq, dr), f"{frm}-{to} is not a line"
    return DIRECTION_WORDS[unit]


@pytest.mark.parametrize("part", ["text", "why_not", "done"])
def test_every_versus_direction_is_the_line_on_the_board(part: str) -> None:
    # versus.md §3: a VERSUS slides along one of six lines; no line is vertical.
    game = VersusGame()
    tutorial = tutorial_of(game)
    assert tutorial is not None
    named = 0
    for step in tutorial.steps:
        text: Any = getattr(step, part)
        assert "straight up" not in text and "straight down" not in text, step.number
        for frm, words, to in MOVE.findall(text):
            named += 1
            assert words == _direction(frm, to), (step.number, frm, to, words)
        for to, words in NEIGHBOUR.findall(text):
            frm = re.search(r"on ([a-k]\d+)", text)
            assert frm is not None
            named += 1
            assert words == _direction(frm.group(1), to), (step.number, to, words)
    if part != "done":
        assert named  # step 3's refusal and step 4 name their directions
