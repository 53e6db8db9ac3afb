"""The bridge's own promises: notation, chance from the seed, saves, options, the CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tabletop_openspiel import OpenSpielGame, hidden
from tabletop_openspiel.catalogue import entry
from tabletop_openspiel.notation import labels

from tabletop.lines import default_labels, render
from tabletop.model import IllegalMoveError, NotationError, OptionError, StateFormatError
from tabletop.record import Record, record_of, replay, start


def bridged(name: str) -> OpenSpielGame:
    return OpenSpielGame(entry(name))


def play_out(game: OpenSpielGame, seed: int, plies: int) -> tuple[list[Any], list[int]]:
    """States and moves of a random two-player game from `seed`, at most `plies` long."""
    state, _ = start(game, 2, {}, seed)
    states, moves, rng = [state], list[int](), random.Random(seed)
    while game.legal_moves(state) and len(moves) < plies:
        moves.append(rng.choice(list(game.legal_moves(state))))
        state = game.apply(state, moves[-1])
        states.append(state)
    return states, moves


# -- notation -------------------------------------------------------------------------
class Spoken:
    """An OpenSpiel-like state whose actions read alike (no bridged game has such a
    position today; the bridge must still give every legal move its own text)."""

    def __init__(self, words: dict[int, str]) -> None:
        self.words = words

    def action_to_string(self, player: int, action: int) -> str:
        return self.words[action]


def test_duplicate_texts_get_numbered_and_stay_unique() -> None:
    said = labels(Spoken({3: "roll", 5: "roll", 8: "roll #2", 9: " a \n b "}), 0, [3, 5, 8, 9])
    assert said == {3: "roll #1", 5: "roll #3", 8: "roll #2", 9: "a b"}


def test_a_leading_action_id_is_dropped_from_backgammon_moves() -> None:
    game = bridged("backgammon")
    state, _ = start(game, 2, {}, 7)
    texts = [game.move_to_text(state, move) for move in game.legal_moves(state)]
    assert all(not text.split(" - ")[0].isdigit() for text in texts)
    assert game.parse_move(state, texts[0]) == game.legal_moves(state)[0]


def test_typed_moves_are_read_whitespace_and_case_insensitively() -> None:
    game = bridged("breakthrough")
    state, _ = start(game, 2, {}, 0)
    move = game.legal_moves(state)[0]
    assert game.parse_move(state, "  A7A6 ") == move
    with pytest.raises(IllegalMoveError, match=r"a7a5.*legal"):
        game.parse_move(state, "a7a5")
    with pytest.raises(NotationError):
        game.parse_move(state, "\t")


# -- chance from the seed ---------------------------------------------------------------
def test_same_seed_same_dice_other_seed_other_dice() -> None:
    game = bridged("backgammon")
    first = [s.history for s in play_out(game, 11, 30)[0]]
    again = [s.history for s in play_out(game, 11, 30)[0]]
    assert first == again
    openings = {start(game, 2, {}, seed)[0].history for seed in range(12)}
    assert len(openings) > 1  # the opening roll comes from the seed


def test_chance_game_hides_the_seed_and_samples_another() -> None:
    game = bridged("pig")
    assert game.info.hidden_information
    state = play_out(game, 3, 6)[0][-1]
    seen = game.observation(state, 0)
    assert seen.seed is None and seen.history == state.history
    other = game.sampler().sample_state(seen, 0, random.Random(1))
    assert other.seed not in (None, state.seed)
    assert game.observation(other, 0) == seen
    assert list(game.legal_moves(other)) == list(game.legal_moves(state))


def test_a_roll_is_a_reveal_and_a_deterministic_game_has_none() -> None:
    pig = bridged("pig")
    state, _ = start(pig, 2, {}, 5)
    roll = pig.parse_move(state, "roll")
    after = pig.apply(state, roll)
    assert pig.reveals(state, roll, after)
    assert pig.describe(state, roll, after)[-1].startswith("Chance: ")
    hex_game = bridged("hex")
    assert not hex_game.info.hidden_information


def test_apply_never_changes_its_input_native_state() -> None:
    game = bridged("connect_four")
    state, _ = start(game, 2, {}, 0)
    picture = game.render_text(state)
    game.apply(state, 3)
    assert game.render_text(state) == picture and state.history == ()


# -- saves: the action history, the seed and the parameters --------------------------------
def test_a_saved_game_is_its_history_and_replays_from_a_file(tmp_path: Path) -> None:
    game = bridged("backgammon")
    state = play_out(game, 2, 12)[0][-1]
    path = tmp_path / "backgammon.json"
    path.write_text(json.dumps(game.state_to_dict(state)), encoding="utf-8")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"version", "game", "parameters", "seed", "history"}
    back = game.state_from_dict(data)
    assert back == state and game.render_text(back) == game.render_text(state)


@pytest.mark.parametrize(("change", "message"), [
    ({"history": [3, 3, 3, 3, 3, 3, 3]}, r"action 7 .* not legal"),
    ({"game": "hex"}, "not of 'connect_four'"),
    ({"parameters": {"rows": "six"}}, "OpenSpiel refuses"),
    ({"history": "3,4"}, "list of actions"),
    ({"seed": 1.5}, "whole number"),
])
def test_a_bad_save_is_refused_in_one_line(change: dict[str, Any], message: str) -> None:
    game = bridged("connect_four")
    data = {**game.state_to_dict(start(game, 2, {}, 0)[0]), **change}
    with pytest.raises(StateFormatError, match=message) as refused:
        game.state_from_dict(data)
    assert "\n" not in str(refused.value)


def test_a_save_that_stops_at_a_roll_is_refused() -> None:
    game = bridged("pig")
    state, _ = start(game, 2, {}, 5)
    after = game.apply(state, game.parse_move(state, "roll"))
    data = game.state_to_dict(after)
    data["history"] = data["history"][:-1]  # the roll's outcome cut off
    with pytest.raises(StateFormatError, match="chance node"):
        game.state_from_dict(data)


def test_a_record_replays_the_same_game_byte_for_byte() -> None:
    game = bridged("pig")
    states, moves = play_out(game, 9, 40)
    record = record_of(game, 2, {}, 9, states, moves)
    replayed = replay(game, Record.from_json(record.to_json()))
    assert replayed.final == states[-1]
    assert record_of(game, 2, {}, 9, replayed.states, replayed.moves).to_json() == \
        record.to_json()


# -- options from OpenSpiel's parameters ---------------------------------------------------
def test_options_come_from_openspiel_parameters() -> None:
    game = bridged("hex")
    assert [o.name for o in game.info.options] == ["board_size", "swap"]
    assert game.info.option("board_size").parse("7") == 7
    state, _ = start(game, 2, {"board_size": 7}, 0)
    assert len(game.legal_moves(state)) == 49
    assert game.state_to_dict(state)["parameters"] == {"board_size": 7}


def test_bad_option_values_get_one_line_errors() -> None:
    game = bridged("connect_four")
    with pytest.raises(OptionError, match="not a whole number"):
        game.info.option("rows").parse("six")
    with pytest.raises(OptionError, match="above"):
        game.info.option("rows").parse("1000")
    komi = bridged("go").info.option("komi")
    assert komi.parse("6") == 6 and komi.parse("0.5") == 0.5
    with pytest.raises(OptionError, match="a number"):
        komi.parse('"lots"')


def test_player_count_is_openspiels_players_parameter() -> None:
    game = bridged("pig")
    state, _ = start(game, 4, {}, 1)
    assert state.native.get_game().num_players() == 4
    assert game.state_to_dict(state)["parameters"] == {"players": 4}
    with pytest.raises(OptionError):
        start(game, 11, {}, 1)


# -- through the real command line -----------------------------------------------------------
def test_play_text_and_replay_through_the_installed_cli(tmp_path: Path) -> None:
    record = tmp_path / "ttt.json"
    typed = "x(1,1)\nnonsense\no(0,0)\nx(0,1)\no(2,2)\nx(2,1)\n"
    played = subprocess.run(
        [sys.executable, "-m", "tabletop", "play", "openspiel-tic_tac_toe", "--text",
         "--seat", "human", "--seat", "human", "--seed", "4", "--save", str(record)],
        input=typed, capture_output=True, text=True, timeout=120, check=True)
    assert "'nonsense' is not a legal move here" in played.stdout
    assert json.loads(record.read_text())["moves"] == [
        "x(1,1)", "o(0,0)", "x(0,1)", "o(2,2)", "x(2,1)"]
    replayed = subprocess.run([sys.executable, "-m", "tabletop", "replay", str(record)],
                              capture_output=True, text=True, timeout=120, check=True)
    assert "x wins" in replayed.stdout


# -- the imperfect-information games bridged -----------------------------------------------
@pytest.mark.parametrize("name", ["kuhn_poker", "leduc_poker", "oh_hell", "bargaining"])
def test_a_seats_stand_in_is_drawn_from_what_it_knows_not_from_the_truth(name: str) -> None:
    # The stand-in a view carries for sampling must depend on the seat's information set
    # only: drawn from the true state or from any other state of the same set, it is the
    # same draw; and it is a draw, not the truth.
    game = bridged(name)
    players = game.info.min_players
    rng, differs, positions = random.Random(1), 0, 0
    for seed in range(6):
        state, _ = start(game, players, {}, seed)
        while game.legal_moves(state):
            for seat in range(players):
                seen = hidden.view_of(state, seat)
                other = game.sampler().sample_state(seen, seat, rng)
                again = hidden.view_of(other, seat)
                assert again == seen
                assert again.stand_in.history == seen.stand_in.history
                differs += seen.stand_in.history != state.history
                positions += 1
            state = game.apply(state, rng.choice(list(game.legal_moves(state))))
    assert differs > positions // 4


def test_a_poker_view_shows_ones_own_card_and_the_log_no_deal() -> None:
    game = bridged("kuhn_poker")
    state, _ = start(game, 2, {}, 3)
    assert game.info.hidden_information
    view = game.observation(state, 0)
    assert isinstance(view, hidden.SpielView)
    assert game.render_text(view) == state.native.information_state_string(0)
    bet = game.parse_move(state, "Bet")
    said = game.describe(state, bet, game.apply(state, bet))
    assert [render(line, default_labels(game.info, 2)) for line in said] == ["Player 1: Bet"]
    assert [render(line, ["Ada"]) for line in said] == ["Ada: Bet"]  # the seat is an argument
