"""The conformance kit: checks any plugin author runs against their game.

    from tabletop.testing import check_game

    def test_my_game_conforms():
        check_game(MyGame(), seeds=range(20))

`check_game` plays random games and checks the contract: see its docstring (and section 5
of docs/plugins.md) for the whole list. Every violation found is reported, and an
exception raised by the game's own code is one of them, naming the method, never a
traceback.

`check_rules_headless("my_game")` checks that the package's rules import no drawing code
(only its `view` subpackage may), so that the engine and agents run headless.

`check_tutorial(game)` checks the tutorial a game ships (the `tutorial` of its
`tabletop.model.GameInfo`, see `tabletop.tutorial`); `check_game` runs it too, before
any game.

A game whose rules set no bound on its length (`info.max_plies` is None) is played up to
an explicit bound the caller gives, `check_game(game, max_plies=N)`; the games that
reach it are cut there, checked as far as they went and counted in `KitReport.games_cut`,
which is not a violation: the rules did not promise an end by then.

The kit is a package of modules by job: `game` (`check_game`: random games, each position
and ply), `secrets` (every channel a seat reads: `to_move`, the view codec, `describe`,
`reveals`), `spaces` (learning spaces), `replay` (records and the hash-seed check),
`tutorial`, `headless` (`check_rules_headless`), `analyst` (`check_analyst`) and
`report` (`KitReport`, `ConformanceError`); the names an author uses are here.
"""

from __future__ import annotations

from tabletop.testing.analyst import check_analyst
from tabletop.testing.game import check_game, random_record
from tabletop.testing.headless import check_rules_headless, rules_modules
from tabletop.testing.report import ConformanceError, KitReport
from tabletop.testing.tutorial import check_tutorial

__all__ = [
    "ConformanceError",
    "KitReport",
    "check_analyst",
    "check_game",
    "check_rules_headless",
    "check_tutorial",
    "random_record",
    "rules_modules",
]
