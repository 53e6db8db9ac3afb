"""Shared helpers of the library tests: records of real games, and the writer process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tabletop_nim import Nim

from tabletop.model import Outcome
from tabletop.record import Record, record_of, start

ROOT = Path(__file__).parents[2]
NIM_SOURCE = ROOT / "tests" / "plugins" / "tabletop-nim"


def nim_record(plies: int | None = None, seed: int = 1,
               agents: tuple[str, ...] = ("human", "random")) -> Record:
    """A real Nim game on heaps 3,4: `plies` moves (first legal move), or to the end."""
    nim = Nim()
    state, options = start(nim, 2, {"heaps": "3,4"}, seed)
    states, moves = [state], []
    while nim.to_move(state) is not None and (plies is None or len(moves) < plies):
        move = nim.legal_moves(state)[0]
        state = nim.apply(state, move)
        states.append(state)
        moves.append(move)
    return record_of(nim, 2, options, seed, states, moves, agents)


def finished(game: str, scores: tuple[float, ...], winners: tuple[int, ...],
             agents: tuple[str, ...]) -> Record:
    """A finished record as the index sees it (statistics read the result, not the moves)."""
    return Record(game, len(scores), {}, 0, None, ("x",), Outcome(scores, winners, "end"),
                  agents)


def writer(directory: Path, games: int, tag: str = "W",
           wait: bool = False) -> subprocess.Popen[str]:
    """Start `tests.library.writer` in a real process, writing into `directory`; with
    `wait`, it writes only once a line comes on its stdin (see `start_together`)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(NIM_SOURCE)]))
    return subprocess.Popen([sys.executable, "-m", "tests.library.writer", str(directory),
                             str(games), tag, *(["wait"] if wait else [])], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE if wait else None, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def start_together(procs: list[subprocess.Popen[str]]) -> None:
    """Let waiting writers go at the same moment, once each has said `ready` (its start-up
    takes long on a busy machine, as when the tests run in parallel: one could otherwise
    be done before the other begins)."""
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
