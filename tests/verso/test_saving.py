"""State dicts, the explicit set-up and records (verso.md §2, §8)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.verso.cards import STANDARD, cards_to_data
from games.verso.game import VersoGame
from tabletop.model import OptionError, StateFormatError
from tabletop.record import Record, record_of, replay, start

GAME = VersoGame()


def played(players: int, seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    state = GAME.new_state(players, {}, seed)
    for _ in range(plies):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
    return state


@pytest.mark.parametrize("plies", [0, 10, 200])
def test_state_dict_round_trips(plies: int) -> None:  # verso.md §8
    state = played(3, 5, plies)
    data = json.loads(json.dumps(GAME.state_to_dict(state)))
    assert data["version"] == 1 and data["cards"] is None
    assert GAME.state_from_dict(data) == state


def test_variant_deck_is_saved() -> None:  # verso.md §1.1
    options = {"deck": cards_to_data(STANDARD)[:35], "first_player": -1}
    state = GAME.new_state(1, options, seed=2)
    data = GAME.state_to_dict(state)
    assert len(data["cards"]) == 35 and GAME.state_from_dict(data) == state


def broken(change: str) -> dict[str, Any]:
    data = GAME.state_to_dict(played(2, 1, 12))
    if change == "duplicate card":
        data["discard"].append(data["deck"][0])
    elif change == "square flag":
        data["squares"][0] = not data["squares"][0]
    elif change == "turn":
        data["turn"] = 5
    elif change == "phase":
        data["phase"] = "lunch"
    elif change == "missing":
        del data["scores"]
    elif change == "card id":
        data["deck"][0] = [90, 0]
    return data


@pytest.mark.parametrize("change", ["duplicate card", "square flag", "turn", "phase",
                                    "missing", "card id"])
def test_bad_state_dicts_are_refused(change: str) -> None:  # verso.md §8
    with pytest.raises(StateFormatError):
        GAME.state_from_dict(broken(change))


@pytest.mark.parametrize(("setup", "message"), [
    ({"deck": [[0, 0]] * 30, "first": 0}, "appears twice"),
    ({"deck": [[i, 0] for i in range(29)], "first": 0}, "need 30"),
    ({"deck": [[i, 2] for i in range(30)], "first": 0}, "side up"),
    ({"deck": [[i, 0] for i in range(30)], "first": 2}, "first player"),
    ({"cards": []}, "set-up is"),
])
def test_bad_setup_is_refused(setup: Any, message: str) -> None:  # verso.md §2
    with pytest.raises(StateFormatError, match=message):
        GAME.new_state(2, {}, seed=0, setup=setup)


def test_setup_and_first_player_option_must_agree() -> None:  # verso.md §2
    setup = {"deck": [[i, 0] for i in range(30)], "first": 1}
    with pytest.raises(OptionError, match="differs"):
        GAME.new_state(2, {"first_player": 0}, seed=0, setup=setup)


def test_record_replays_exactly() -> None:  # verso.md §2, §8 (determinism)
    state, options = start(GAME, 4, {}, 17)
    rng = random.Random(17)
    states, moves = [state], []
    while GAME.to_move(state) is not None:
        move = rng.choice(list(GAME.legal_moves(state)))
        state = GAME.apply(state, move)
        states.append(state)
        moves.append(move)
    record = record_of(GAME, 4, options, 17, states, moves)
    assert record.setup["deck"][0] == [states[0].deck[0] >> 1, states[0].deck[0] & 1]
    again = replay(GAME, Record.from_json(record.to_json()))
    assert again.final == state
    rebuilt = record_of(GAME, 4, options, 17, list(again.states), list(again.moves))
    assert rebuilt.to_json() == record.to_json()
