"""The frozen values of the engine: the repetition history (versus.md §6.5), the fast
construction of states, and move previews (versus.md §9) against what `apply` does."""

import dataclasses
import json
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.versus import rules as R
from games.versus.state import History, Move, VersusState, made_state
from tests.versus.helpers import GAME


def test_history_counts_and_keeps_its_keys_in_order() -> None:  # versus.md §6.5
    keys = [bytes([i % 7, i % 5]) for i in range(300)]  # crosses several chunks
    history = History()
    for i, key in enumerate(keys):
        history, occurrences = history.extend(key)
        assert occurrences == keys[: i + 1].count(key)
    assert list(history) == keys and len(history) == 300 and history.last == keys[-1]
    assert all(history.count(k) == keys.count(k) for k in set(keys))
    assert history.count(b"never") == 0
    assert History(keys) == history and hash(History(keys)) == hash(history)
    assert History(keys[:-1]) != history


def test_history_is_shared_not_changed_by_a_ply() -> None:  # states are frozen values
    base = History([b"a", b"b"])
    longer = base.add(b"a")
    assert list(base) == [b"a", b"b"] and list(longer) == [b"a", b"b", b"a"]
    assert base.count(b"a") == 1 and longer.count(b"a") == 2


def test_history_survives_pickling_into_another_process() -> None:  # filters use a CRC
    history = History(bytes([i]) for i in range(100))
    back = pickle.loads(pickle.dumps(history))
    assert back == history and back.count(bytes([5])) == 1


def test_made_state_equals_the_dataclass() -> None:  # rules.advance builds states with it
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    fields = {f.name: getattr(state, f.name) for f in dataclasses.fields(VersusState)
              if f.init and not f.name.startswith("_")}
    made = made_state(**fields)
    assert made == state and vars(made).keys() == vars(VersusState(**fields)).keys()


def test_an_old_save_with_a_ply_cap_still_loads() -> None:  # versus.md §8
    state = GAME.new_state(2, GAME.info.resolve_options(), 0)
    data = json.loads(json.dumps(GAME.state_to_dict(state)))
    assert data["rules"]["ply_limit"] == 0  # saved: no cap
    data["rules"]["ply_limit"] = 1000  # what saves held before the cap stopped being a rule
    old = GAME.state_from_dict(data)
    assert old.rules.ply_limit == 1000 and R.past_ply_limit(1000, old.rules)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
def test_every_preview_is_what_apply_does(seed: int) -> None:  # versus.md §4, §5, §9
    rng = random.Random(seed)
    state = GAME.new_state(2, GAME.info.resolve_options(), seed)
    for _ in range(70):
        if GAME.to_move(state) is None:
            break
        for move in GAME.legal_moves(state):
            assert isinstance(move, Move)
            shown = GAME.preview(state, move)
            after = GAME.apply(state, move)
            for pull in shown.attractions:
                assert after.board[pull.frm] == 0
                assert after.board[pull.to] == state.board[pull.frm] ^ 1  # flipped (§4)
                assert after.frozen(pull.to) == pull.frozen
            for cell in shown.refused:
                assert after.board[cell] == state.board[cell]  # kept by the limit (§5)
            assert dict(after.streaks).keys() == {p.to for p in shown.attractions}
            moved = {move.frm, move.to} | {c for p in shown.attractions
                                           for c in (p.frm, p.to)}
            assert all(after.board[c] == state.board[c] for c in range(len(state.board))
                       if c not in moved)
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, moves[rng.randrange(len(moves))])
