"""The kit's checks of records: a game's record replays to the same bytes, and its start
and move order do not depend on Python's hash seed.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.limits import one_line
from tabletop.model import (
    Game,
    TabletopError,
)
from tabletop.record import Record, record_of, replay, start
from tabletop.testing.headless import _environment_with_path
from tabletop.testing.report import KitReport

#: Plies of the game replayed under another PYTHONHASHSEED (enough to reach the middle
#: game of most games; the subprocess stays well under a second).
HASH_CHECK_PLIES = 120


def _check_record(game: Game[Any, Any], players: int, options: dict[str, Any], seed: int,
                  states: list[Any], moves: list[Any], where: str, report: KitReport,
                  over: bool = True) -> None:
    record = record_of(game, players, options, seed, states, moves)
    text = record.to_json()
    try:
        replayed = replay(game, Record.from_json(text))
    except TabletopError as exc:
        report.fail(f"{where}: the game's record does not replay: {exc}")
        return
    if game.state_to_dict(replayed.final) != game.state_to_dict(states[-1]):
        report.fail(f"{where}: replaying the record gives another final state")
    rebuilt = record_of(game, players, options, seed, list(replayed.states),
                        list(replayed.moves))
    if rebuilt.to_json() != text:
        report.fail(f"{where}: a replayed game's record differs byte for byte")
    # A finished game's record names its result, so a record that lost its last move
    # must be refused; a cut game's has no result to betray the loss.
    if moves and over:
        cut = Record.from_json(text)
        truncated = Record(cut.game, cut.players, cut.options, cut.seed, cut.setup,
                           cut.moves[:-1], cut.result)
        try:
            replay(game, truncated)
            report.fail(f"{where}: a truncated record was accepted")
        except TabletopError:
            pass


_HASH_CHILD = """
import base64, json, pickle, sys
from tabletop.testing.replay import _move_orders
try:
    game, players, options, seed, moves = pickle.loads(base64.b64decode(sys.stdin.read()))
except Exception as exc:
    print(json.dumps({"unloadable": f"{type(exc).__name__}: {exc}"[:300]}))
    sys.exit(0)
try:
    print(json.dumps(_move_orders(game, players, options, seed, moves)))
except Exception as exc:
    print(json.dumps({"error": f"{type(exc).__name__}: {exc}"[:300]}))
"""


def _move_orders(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
                 seed: int, moves: Sequence[str]) -> dict[str, Any]:
    """The start state (as JSON) and each ply's legal moves in notation, in their order,
    along the game of `moves` (in notation) from `seed`."""
    from tabletop.chance import settle

    state, _ = start(game, players, options, seed)
    found: dict[str, Any] = {"start": json.dumps(game.state_to_dict(state), sort_keys=True),
                             "orders": []}
    for ply, text in enumerate(moves):
        legal = list(game.legal_moves(state))
        found["orders"].append([game.move_to_text(state, move) for move in legal])
        state = settle(game, game.apply(state, game.parse_move(state, text)), seed, ply + 1)
    return found


def _check_hash_order(game: Game[Any, Any], players: int, options: Mapping[str, Any] | None,
                      seed: int, moves: list[str], report: KitReport) -> None:
    """One game's start and legal-move order must not change with `PYTHONHASHSEED`.

    A set or a dict keyed by strings iterates in an order that changes from one process
    to the next: a game listing its moves from one gives another game for the same seed
    and moves in every process ("one seed, one game" silently broken). One fresh process
    with another hash seed replays this process's moves and lists its own.
    """
    what = "the legal-move order under another PYTHONHASHSEED"
    try:
        here = _move_orders(game, players, options, seed, moves)
        job = base64.b64encode(pickle.dumps(
            (game, players, dict(options or {}), seed, moves))).decode()
    except (TabletopError, pickle.PicklingError, TypeError, AttributeError) as exc:
        report.unchecked.append(f"{what}: the game cannot be sent to a fresh process "
                                f"({type(exc).__name__}: {one_line(exc, 120)})")
        return
    # Another hash seed than this process's (a random one, unless the variable fixes it).
    other = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    try:
        done = subprocess.run([sys.executable, "-c", _HASH_CHILD], input=job,
                              capture_output=True, text=True, check=False, timeout=120,
                              env=dict(_environment_with_path(), PYTHONHASHSEED=other))
    except subprocess.TimeoutExpired:
        report.unchecked.append(f"{what}: the fresh process took over 120 s")
        return
    lines = done.stdout.strip().splitlines()
    try:
        there = json.loads(lines[-1]) if lines else {}
    except ValueError:
        there = {}
    if "unloadable" in there or not there:
        reason = there.get("unloadable") or one_line(done.stderr.strip()[-300:] or "no answer")
        report.unchecked.append(f"{what}: a fresh process cannot load the game ({reason})")
        return
    where = f"{players} players, seed {seed}, PYTHONHASHSEED={other} in a fresh process"
    if there.get("start") != here["start"]:
        report.fail(f"{where}: the same seed gave another start state (does the set-up "
                    "iterate over a set?)")
        return
    orders = there.get("orders", [])
    for ply, (mine, theirs) in enumerate(zip(here["orders"], orders, strict=False)):
        if mine != theirs:
            report.fail(f"{where}, ply {ply}: the legal moves come in another order "
                        f"({', '.join(theirs[:5])} … there, {', '.join(mine[:5])} … here): "
                        "list them in an order that does not depend on hashing (sort "
                        "them, or keep them in a list)")
            return
    if "error" in there or len(orders) != len(here["orders"]):
        report.fail(f"{where}: the same moves do not replay there "
                    f"({there.get('error', 'the game ended elsewhere')})")
