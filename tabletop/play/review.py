"""A finished game reviewed by an analyst: each move's value, its mark, each seat's accuracy.

Each ply where a seat chose among two or more legal moves is judged from that seat's
observation at that ply (`Game.observation`), never the state: in a hidden-information
game the analyst samples the hidden parts itself (`Game.sampler`), so a move's mark
cannot depend on cards its player had not seen. The analyst (`tabletop.ai.base.Analyst`)
gives the expected reward of every legal move for the mover (a win 1, a draw 1/2, a loss
0; a solo game's scaled score, `Outcome.rewards`); on the "winning chances" scale in percent
the best move's value is the position's worth before the move, the played move's its
worth after, and their difference the loss. Marks and accuracy follow lichess's
published formulas (`docs/review.md`, which cites them).

Plies are judged in any order and in any process (a process pool, as `simulate`): each
ply's generator is seeded from the review's seed and the ply only, so a review is the
same for any pool and never reads the game's seed, which decides what is hidden.
"""

from __future__ import annotations

import contextlib
import math
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tabletop.ai.base import Budget, analyst_of
from tabletop.i18n import N_
from tabletop.lines import Line, default_labels, from_data, to_data
from tabletop.model import Game, TabletopError
from tabletop.play.worker import HostFactory, entry_point_host, process_pool
from tabletop.plugins import Host
from tabletop.record import Record, replay
from tabletop.store.reviews import ReviewStore, record_digest

VERSION = 1

#: Marks, from the best to the worst. "forced": one legal move, not judged.
#: "outside": a move outside play (a resignation, an agreed draw), not judged either.
BEST, GOOD, INACCURACY, MISTAKE, BLUNDER, FORCED, OUTSIDE = (
    "best", "good", "inaccuracy", "mistake", "blunder", "forced", "outside")
#: A mark's sign, as chess annotation writes it (a good move has none).
SIGNS = {BEST: "✓", GOOD: "", INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??", FORCED: "",
         OUTSIDE: ""}
#: Each mark's name, marked for the catalog (`tabletop.i18n.translated` shows it).
MARK_NAMES = {BEST: N_("best"), GOOD: N_("good"), INACCURACY: N_("inaccuracy"),
              MISTAKE: N_("mistake"), BLUNDER: N_("blunder"), FORCED: N_("only move"),
              OUTSIDE: N_("not judged: a move outside play")}
#: The loss, in percentage points of winning chances, from which a move is an
#: inaccuracy, a mistake, a blunder: lichess's 0.1, 0.2, 0.3 on its [-1, 1] scale.
THRESHOLDS = ((15.0, BLUNDER), (10.0, MISTAKE), (5.0, INACCURACY))
#: A move within this many points of the analyst's best is marked best.
BEST_MARGIN = 1.0
#: A mark that `next_flagged` stops at.
FLAGGED = (INACCURACY, MISTAKE, BLUNDER)
#: A level's budget is multiplied by this for a review: every move is valued, not one.
LEVEL_FACTOR = 2
#: The generic MCTS analyst's iterations a ply when the game has no level for it.
MCTS_ITERATIONS = 400
#: The moves valued again on the whole budget after a first look at all of them (with the
#: move played): the analyst's best few, among which the mark's "best" is found.
SHORTLIST = 3


def halved(budget: Budget) -> Budget:
    """Half of `budget` (at least one iteration), for a review's first look."""
    return Budget(None if budget.seconds is None else budget.seconds / 2,
                  None if budget.iterations is None else max(1, budget.iterations // 2))


def mark_of(loss: float) -> str:
    """The mark of a move that loses `loss` points of winning chances against the best."""
    for threshold, mark in THRESHOLDS:
        if loss >= threshold:
            return mark
    return BEST if loss < BEST_MARGIN else GOOD


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy of one move, in %, from the mover's winning chances in %
    before and after it: 103.1668 * exp(-0.04354 * (before - after)) - 3.1669, in
    [0, 100] (a move that gains counts as a loss of 0)."""
    loss = max(0.0, before - after)
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * loss) - 3.166924740191411
    return min(100.0, max(0.0, raw))


def game_accuracy(accuracies: Sequence[float]) -> float | None:
    """A seat's accuracy over a game: the mean of the arithmetic and the harmonic mean of
    its moves' accuracies (lichess weighs the first by volatility; see docs/review.md),
    None with no judged move."""
    if not accuracies:
        return None
    mean = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1.0 / max(a, 1.0) for a in accuracies)
    return (mean + harmonic) / 2


@dataclass(frozen=True)
class Judgement:
    """One ply: who moved, what was played, the analyst's best move and both values
    (winning chances in %, for the mover), the mark and the move's accuracy.

    `explain` is the game's own line for the best move (`Game.explain` as the mover knows
    it), as data (`tabletop.lines.to_data`), or None; `values` every legal move's value
    in %, in the game's order of legal moves."""

    ply: int
    seat: int
    played: str
    best: str
    before: float
    after: float
    mark: str
    accuracy: float | None
    explain: Any = None

    @property
    def loss(self) -> float:
        """The points of winning chances the move gave away against the best."""
        return max(0.0, self.before - self.after)

    def explain_line(self) -> str | Line | None:
        """`explain` as a line to render (`tabletop.lines.render`)."""
        return None if self.explain is None else from_data(self.explain)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, keys in a fixed order."""
        return {"ply": self.ply, "seat": self.seat, "played": self.played,
                "best": self.best, "before": round(self.before, 1),
                "after": round(self.after, 1), "loss": round(self.loss, 1),
                "mark": self.mark,
                "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
                "explain": self.explain}

    @classmethod
    def from_dict(cls, data: Any) -> Judgement:
        """Read `to_dict` output back; raises `ValueError` if malformed."""
        if not isinstance(data, dict):
            raise ValueError("judgement must be an object")
        mark = data["mark"]
        if mark not in SIGNS:
            raise ValueError(f"unknown mark {mark!r}")
        accuracy = data["accuracy"]
        return cls(int(data["ply"]), int(data["seat"]), str(data["played"]),
                   str(data["best"]), float(data["before"]), float(data["after"]), mark,
                   None if accuracy is None else float(accuracy), data.get("explain"))


@dataclass(frozen=True)
class SeatSummary:
    """A seat's figures over the game: accuracy in % (None: no judged move) and its
    inaccuracies, mistakes and blunders."""

    seat: int
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int
    moves: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, keys in a fixed order."""
        return {"seat": self.seat,
                "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
                "inaccuracies": self.inaccuracies, "mistakes": self.mistakes,
                "blunders": self.blunders, "moves": self.moves}


@dataclass(frozen=True)
class Review:
    """A reviewed game: its record's digest, the analyst and budget, every ply judged."""

    game: str
    digest: str
    analyst: str
    budget: Budget
    players: int
    judgements: tuple[Judgement, ...]

    def seat_summary(self, seat: int) -> SeatSummary:
        """The figures of `seat` (`SeatSummary`)."""
        own = [j for j in self.judgements if j.seat == seat and j.mark not in (FORCED, OUTSIDE)]
        return SeatSummary(
            seat, game_accuracy([j.accuracy for j in own if j.accuracy is not None]),
            sum(j.mark == INACCURACY for j in own), sum(j.mark == MISTAKE for j in own),
            sum(j.mark == BLUNDER for j in own), len(own))

    def summaries(self) -> list[SeatSummary]:
        """Every seat's figures, seat 0 first."""
        return [self.seat_summary(seat) for seat in range(self.players)]

    def at(self, ply: int) -> Judgement | None:
        """The judgement of the move played at `ply` (0: the first move), if any."""
        for judgement in self.judgements:
            if judgement.ply == ply:
                return judgement
        return None

    def next_flagged(self, ply: int, step: int, seat: int | None = None) -> int | None:
        """The ply of the next (`step` 1) or previous (-1) flagged move after or before
        `ply` (of `seat` only, if given), or None."""
        plies = [j.ply for j in self.judgements if j.mark in FLAGGED
                 and (seat is None or j.seat == seat)]
        later = [p for p in plies if (p > ply if step > 0 else p < ply)]
        if not later:
            return None
        return min(later) if step > 0 else max(later)

    def curve(self, seat: int) -> list[tuple[int, float]]:
        """(ply, winning chances in % of `seat` before that ply's move) at each ply
        judged for `seat` (at a table of two, the other seat's plies count too: the
        values are complementary), for the evaluation graph."""
        points = []
        for j in self.judgements:
            if j.seat == seat:
                points.append((j.ply, j.before))
            elif self.players == 2:
                points.append((j.ply, 100.0 - j.before))
        return points

    def to_dict(self) -> dict[str, Any]:
        """The stable JSON form (`tabletop review --json`), keys in a fixed order."""
        return {"version": VERSION, "game": self.game, "digest": self.digest,
                "analyst": self.analyst,
                "budget": {"seconds": self.budget.seconds,
                           "iterations": self.budget.iterations},
                "players": self.players,
                "seats": [s.to_dict() for s in self.summaries()],
                "moves": [j.to_dict() for j in self.judgements]}

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """Read `to_dict` output back; raises `ValueError` if it is malformed or of
        another version."""
        try:
            if data["version"] != VERSION:
                raise ValueError("review of another version")
            budget = data["budget"]
            return cls(str(data["game"]), str(data["digest"]), str(data["analyst"]),
                       Budget(budget["seconds"], budget["iterations"]),
                       int(data["players"]),
                       tuple(Judgement.from_dict(j) for j in data["moves"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed review: {exc!r}") from None


#: What names a record's game for its review (`tabletop.store.reviews.record_digest`).
digest = record_digest


def analyst_choice(host: Host, game_id: str) -> tuple[str, Budget]:
    """The analyst of `game_id` and its default budget a ply: the game's own strongest
    agent that is an analyst (else the host's `mcts`), on the budget it names for a
    review (its `review_budget`, if it has one), else its strongest level's budget times
    `LEVEL_FACTOR` (every move is valued, not only the best), else `MCTS_ITERATIONS`."""
    specs = sorted((s for s in host.agent_specs(game_id) if s.level is None),
                   key=lambda s: -s.strength)
    name, own = "mcts", None
    for spec in specs:
        if spec.name in ("random", "mcts"):
            continue
        agent = host.make_agent(game_id, spec.name)
        if analyst_of(agent) is not None:
            name, own = spec.name, getattr(agent, "review_budget", None)
            break
    if isinstance(own, Budget):
        return name, own
    levels = [s.level for s in host.agent_specs(game_id)
              if s.level is not None and s.level.agent == name
              and s.level.budget.iterations is not None]
    if levels:
        best = max(levels, key=lambda level: level.budget.iterations or 0)
        return name, Budget(iterations=(best.budget.iterations or 0) * LEVEL_FACTOR)
    return name, Budget(iterations=MCTS_ITERATIONS)


def judge_ply(game: Game[Any, Any], analyst: Any, state: Any, move: Any, ply: int,
              budget: Budget, seed: int = 0) -> Judgement | None:
    """The judgement of `move` played from `state` at `ply`, seen from the mover's
    observation only; None when no seat was to move. With more than `SHORTLIST` + 1
    legal moves, two looks: every move on half `budget`, then the best `SHORTLIST` and
    the move played on the whole of it, in the same samples (docs/review.md)."""
    seat = game.to_move(state)
    if seat is None:
        return None
    legal = list(game.legal_moves(state))
    played = game.move_to_text(state, move)
    if move not in legal or len(legal) < 2:  # a special move (resign), or no choice
        return Judgement(ply, seat, played, played, 0.0, 0.0,
                         OUTSIDE if move not in legal else FORCED, None)
    observation = game.observation(state, seat)
    played_index = legal.index(move)

    def valued(indices: list[int], share: Budget, name: str) -> dict[int, float]:
        rng = random.Random(f"review {seed} {ply}{name}")
        moves = [legal[i] for i in indices]
        values = analyst.values(observation, seat, moves, share, rng)
        if len(values) != len(moves):
            raise TabletopError(f"the analyst gave {len(values)} values for {len(moves)} "
                                "moves")
        return {i: 100.0 * float(v) for i, v in zip(indices, values, strict=True)}

    everything = list(range(len(legal)))
    if len(legal) <= SHORTLIST + 1:
        values = valued(everything, budget, "")
    else:
        # A first look at every move on half the budget; then the moves that decide the
        # mark (the best few and the one played) on the whole budget, side by side in the
        # same sampled positions: the loss is their difference, measured where it counts.
        first = valued(everything, halved(budget), " first")
        leaders = sorted(everything, key=lambda i: (-first[i], i))[:SHORTLIST]
        values = valued(sorted({*leaders, played_index}), budget, "")
    best_index = max(values, key=lambda i: (values[i], -i))
    before, after = values[best_index], values[played_index]
    best = legal[best_index]
    line = None
    if best != move:
        explained = game.explain(state, best, seat)
        line = None if explained is None else to_data(explained)
    # Kept to a tenth of a point, as written to the store: a kept review reads back equal.
    before, after = round(before, 1), round(after, 1)
    return Judgement(ply, seat, played, game.move_to_text(state, best), before, after,
                     mark_of(before - after), round(move_accuracy(before, after), 1), line)


#: The host a pool process built, by its factory's repr (the factory arrives pickled
#: afresh with each task): loaded on the process's first task, reused for its later ones.
_POOL_HOSTS: dict[str, Host] = {}


def _pool_host(factory: HostFactory) -> Host:
    key = repr(factory)
    if key not in _POOL_HOSTS:
        _POOL_HOSTS[key] = factory()
    return _POOL_HOSTS[key]


def judge_plies(host: Host, record: Record, plies: Sequence[int], analyst: str,
                budget: Budget, seed: int = 0) -> list[Judgement]:
    """The judgements of the moves at `plies` of `record` (those with a mover)."""
    game = host.game(record.game)
    agent = analyst_of(host.make_agent(record.game, analyst))
    if agent is None:
        raise TabletopError(f"agent {analyst!r} of {record.game} is no analyst")
    played = replay(game, record)
    out = []
    for ply in plies:
        judgement = judge_ply(game, agent, played.states[ply], played.moves[ply], ply,
                              budget, seed)
        if judgement is not None:
            out.append(judgement)
    return out


def _judge_in_process(factory: HostFactory, record: Record, plies: Sequence[int],
                      analyst: str, budget: Budget, seed: int) -> list[Judgement]:
    return judge_plies(_pool_host(factory), record, plies, analyst, budget, seed)


class Cancelled(Exception):
    """The review was cancelled before its end."""


def review(host: Host, record: Record, analyst: str | None = None,
           budget: Budget | None = None, workers: int = 1, seed: int = 0,
           progress: Callable[[int, int], None] | None = None,
           cancel: threading.Event | None = None,
           host_factory: HostFactory | None = None) -> Review:
    """Review the game of `record`: every ply judged by `analyst` (default: the game's
    `analyst_choice`) on `budget` a ply, in this process or a pool of `workers` (each
    builds its host with the picklable `host_factory`; default: the installed plugins,
    less those `host` blocks).

    `progress(done, total)` is called as plies are judged; setting `cancel` stops the
    review at the next ply (raises `Cancelled`). The result is the same for any
    `workers` when the budget counts iterations."""
    default_name, default_budget = analyst_choice(host, record.game)
    name = analyst or default_name
    budget = budget or (default_budget if analyst is None else Budget(
        iterations=MCTS_ITERATIONS))
    plies = list(range(len(record.moves)))
    total = len(plies)
    done = 0
    judgements: list[Judgement] = []
    if progress is not None:
        progress(0, total)
    if workers <= 1:
        for ply in plies:
            if cancel is not None and cancel.is_set():
                raise Cancelled
            judgements += judge_plies(host, record, [ply], name, budget, seed)
            done += 1
            if progress is not None:
                progress(done, total)
    else:
        # Small interleaved chunks: early and late plies (cheap and dear) mix in each.
        chunks = [plies[i::workers * 4] for i in range(min(total, workers * 4))]
        factory = host_factory or partial(entry_point_host, tuple(host.disabled))
        with process_pool(workers) as pool:
            futures = [pool.submit(_judge_in_process, factory, record, chunk, name,
                                   budget, seed) for chunk in chunks]
            try:
                for chunk, future in zip(chunks, futures, strict=True):
                    while True:
                        if cancel is not None and cancel.is_set():
                            raise Cancelled
                        try:
                            judgements += future.result(timeout=0.1)
                            break
                        except TimeoutError:
                            continue
                    done += len(chunk)
                    if progress is not None:
                        progress(done, total)
            finally:
                for future in futures:
                    future.cancel()
    judgements.sort(key=lambda j: j.ply)
    return Review(record.game, digest(record), name, budget, record.players,
                  tuple(judgements))


def explain_text(game: Game[Any, Any], judgement: Judgement, players: int) -> str | None:
    """The best move's explain line in English with the game's seat names (for JSON)."""
    line = judgement.explain_line()
    if line is None or isinstance(line, str):
        return line
    return line.english(default_labels(game.info, players))


def kept_or_new(host: Host, record: Record, store: ReviewStore | None,
                analyst: str | None = None, budget: Budget | None = None,
                workers: int = 1, progress: Callable[[int, int], None] | None = None,
                cancel: threading.Event | None = None,
                host_factory: HostFactory | None = None) -> tuple[Review, bool]:
    """The kept review of `record`'s game if `store` has one (made with `analyst` and
    `budget`, when they are named), else a new one, kept in `store`; and whether it was
    kept already. A store that cannot be written keeps nothing (the review is returned)."""
    key = digest(record)
    data = store.load(key) if store is not None else None
    if data is not None:
        try:
            kept = Review.from_dict(data)
        except ValueError:
            kept = None
        if kept is not None and (analyst is None or kept.analyst == analyst) and (
                budget is None or kept.budget == budget):
            return kept, True
    made = review(host, record, analyst, budget, workers, progress=progress, cancel=cancel,
                  host_factory=host_factory)
    if store is not None:
        with contextlib.suppress(OSError):
            store.save(key, made.to_dict())
    return made, False
