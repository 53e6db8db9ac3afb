"""The rule options one game of Versus is played under (versus.md §8), as a value.

`Rules` sits below both the state, which holds it, and the rules' functions, which read
its tables; it lives here, and not in `rules`, so that `state` never imports `rules`
(the rules build states, so the dependency runs one way only). `rules` imports it
again, so `rules.Rules` still names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.versus.board import CELLS

#: `Rules.ply_limit` when no cap is set: the rules set none (§8).
NO_PLY_LIMIT = 0


@dataclass(frozen=True)
class Rules:
    """The rule options of one game (§8) with the tables derived from them.

    `ply_limit` is not a rule (§8): 0 (`NO_PLY_LIMIT`, the default) sets no cap; a
    positive number ends the game after that many plies, for AI experiments.
    `is_target` has a 1 for each target cell; `versus_stop` a 1 for each cell a VERSUS
    may stop on (§3: every cell but the targets, unless `may_stop_on_target`).
    """

    targets: tuple[int, ...]
    may_stop_on_target: bool = False
    repetition_limit: int = 3
    ply_limit: int = NO_PLY_LIMIT
    is_target: bytes = field(init=False, repr=False, compare=False)
    versus_stop: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mask = bytearray(CELLS)
        for t in self.targets:
            mask[t] = 1
        stop = bytes(1 for _ in range(CELLS)) if self.may_stop_on_target else bytes(
            1 - m for m in mask)
        object.__setattr__(self, "is_target", bytes(mask))
        object.__setattr__(self, "versus_stop", stop)
