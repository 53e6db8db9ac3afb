"""Which OpenSpiel games the bridge offers, and why the others are left out.

A game is bridged when it is sequential (one player acts at a time), of perfect
information, its chance (if any) is explicit (OpenSpiel lists the outcomes and their
probabilities, so the bridge can draw them from the seed), it loads with its default
parameters and a game ends in a reasonable number of moves. The list is explicit rather
than computed, so that a new OpenSpiel release adds no game nobody has looked at: a test
checks that every game of that kind OpenSpiel registers is either here or in `LEFT_OUT`
with the reason.

Imperfect-information games are bridged only where Tabletop's contract can be kept
honestly (`HIDDEN_BRIDGED`): a seat's observation is OpenSpiel's information-state
string, and `sample_state` needs OpenSpiel's `resample_from_infostate`, which only a few
games implement. Of those, gin_rummy and colored_trails give back the true state (no
draw at all), blackjack's draw depends on the dealer's hidden card, bridge takes seconds
per draw, universal_poker sets its player count inside a game-definition text, and in
euchre and hearts some moves are private (the dealer's discard, the passed cards), which
the move log would tell every seat. That leaves Kuhn poker, Leduc poker, Oh Hell and
bargaining. See the README.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Parameters that only change how OpenSpiel prints or encodes a position, never the rules.
#: The bridge fixes them (colour codes would garble the text picture; the renderers read
#: the standard tensors) and does not offer them as options.
PRESENTATION = {
    "ansi_color_output": False,
    "egocentric": False,
    "egocentric_obs_tensor": False,
    "plain_obs_tensor": False,
    "string_rep": "standard",
}


@dataclass(frozen=True)
class Entry:
    """One bridged game: its OpenSpiel name and what the bridge says about it.

    `seat_names` names OpenSpiel's players 0, 1, … in the game's own words; `hidden`
    lists parameters not offered as options (they duplicate another one); `kit_seeds`
    is how many random games the conformance test plays (fewer for slow games).
    """

    name: str
    seat_names: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()
    kit_seeds: int = 3
    fixed: Mapping[str, Any] = field(default_factory=dict)


BRIDGED: tuple[Entry, ...] = (
    Entry("2048", kit_seeds=2),
    Entry("amazons", ("Black", "White")),
    Entry("antichess", ("Black", "White"), kit_seeds=1),
    Entry("backgammon", ("x", "o"), kit_seeds=2),
    Entry("banqi", kit_seeds=2),
    Entry("breakthrough", ("Black", "White")),
    Entry("checkers", ("o", "+"), hidden=("egocentric",)),
    Entry("chess", ("Black", "White"), kit_seeds=1),
    Entry("chinese_checkers", kit_seeds=1),
    Entry("clobber", ("o", "x")),
    Entry("connect_four", ("Red (x)", "Yellow (o)")),
    Entry("crazyhouse", ("Black", "White"), kit_seeds=1),
    Entry("dots_and_boxes"),
    Entry("einstein_wurfelt_nicht", ("Black", "White")),
    Entry("go", ("Black", "White"), kit_seeds=1),
    Entry("gomoku", ("Black", "White"), kit_seeds=2),
    Entry("havannah", kit_seeds=2),
    # `board_size` sets both sides; `num_cols`/`num_rows` would only contradict it.
    Entry("hex", ("Red (x)", "Blue (o)"), hidden=("num_cols", "num_rows"), kit_seeds=2),
    Entry("hive", ("White", "Black"), kit_seeds=1),
    Entry("lines_of_action", ("x", "o"), kit_seeds=2),
    Entry("maedn", kit_seeds=2),
    Entry("mancala"),
    Entry("mnk", ("x", "o"), kit_seeds=2),
    Entry("morpion_solitaire", kit_seeds=2),
    Entry("nim"),
    Entry("nine_mens_morris", ("White", "Black")),
    Entry("othello", ("Black", "White")),
    Entry("oware"),
    Entry("pentago", kit_seeds=2),
    Entry("pig"),
    Entry("shogi", ("Sente", "Gote"), kit_seeds=1),
    Entry("tic_tac_toe", ("x", "o")),
    Entry("twixt", ("Red", "Blue")),
    Entry("ultimate_tic_tac_toe", ("x", "o")),
    Entry("xiangqi", ("Red", "Black"), kit_seeds=2),
    Entry("y", kit_seeds=2),
    Entry("yacht", kit_seeds=1),
)

#: Imperfect-information games bridged: OpenSpiel draws a state of a seat's information
#: set from what the seat knows alone (`hidden`), and every player's move is public, so
#: the move log tells nobody a secret. (Others: see the module docstring.)
HIDDEN_BRIDGED: tuple[Entry, ...] = (
    Entry("kuhn_poker"),
    Entry("leduc_poker"),
    Entry("oh_hell", kit_seeds=2),
    Entry("bargaining"),
)

#: OpenSpiel's sequential perfect-information games with explicit chance that are not
#: bridged, and why.
LEFT_OUT: Mapping[str, str] = {
    "catch": "a reinforcement-learning toy (catch a falling ball), not a tabletop game",
    "cliff_walking": "a reinforcement-learning grid world, not a tabletop game",
    "cursor_go": "Go played by moving a cursor, an interface for learning agents; "
                 "Go itself is bridged",
    "quoridor": "OpenSpiel marks its implementation as having known issues (and prints a "
                "warning whenever it is loaded)",
}


def entry(name: str) -> Entry:
    """The catalogue entry of the OpenSpiel game `name` (KeyError if not bridged)."""
    for item in (*BRIDGED, *HIDDEN_BRIDGED):
        if item.name == name:
            return item
    raise KeyError(name)


def game_id(name: str) -> str:
    """The Tabletop id of a bridged game: `openspiel-` and OpenSpiel's name.

    Tabletop ids are 1-40 of a-z, 0-9, `-` and `_` (they name record files), so the dot
    of `openspiel.connect_four` is refused; the prefix is joined with a hyphen instead.
    """
    return f"legacy-openspiel-{name}"
