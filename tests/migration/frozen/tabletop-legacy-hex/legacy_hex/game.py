"""Legacy Hex as a Tabletop `Game`: the info the host shows, and the rules behind each method."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from tabletop import Game, GameInfo, GameOption, Outcome

from legacy_hex import notation, rules, saving
from legacy_hex.rules import Place, Position

#: The rulebook, `rules.md` in this package: the app's Rules screen (F1) shows it.
RULES_TEXT = resources.files("legacy_hex").joinpath("rules.md").read_text(encoding="utf-8")


class LegacyHex(Game[Position, Place]):
    """A Hex-like connection game for two players (rules.md)."""

    info = GameInfo(
        id="legacy_hex",
        name="Legacy Hex",
        min_players=2,
        max_players=2,
        hidden_information=False,
        description="Join your two edges of a board of hexagons with a chain of stones.",
        rules_help="On your turn place a stone on any empty hexagon. Red joins the top and "
                   "bottom edges, Blue the left and right edges; the first to join their "
                   "two edges with a chain of their stones wins. There are no draws.",
        rules_text=RULES_TEXT,
        max_plies=saving.MAX_SIZE * saving.MAX_SIZE,
        options=(GameOption("size", 5, "hexagons along each edge", int,
                            minimum=saving.MIN_SIZE, maximum=saving.MAX_SIZE),),
        seat_names=("Red", "Blue"),
    )

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Position:
        """An empty board (§1); the game has no chance, so `seed` changes nothing."""
        self.info.check_players(players)
        return rules.new_position(options["size"])

    def to_move(self, state: Position) -> int | None:
        """The seat to move, None once the game is over."""
        return rules.mover(state)

    def legal_moves(self, state: Position) -> list[Place]:
        """Every empty cell (§2)."""
        return rules.legal_places(state)

    def apply(self, state: Position, move: Place) -> Position:
        """The position after `move` (§2, §3)."""
        return rules.place(state, move)

    def outcome(self, state: Position) -> Outcome | None:
        """Who joined their edges (§3); there are no draws (§4)."""
        if state.winner is None:
            return None
        return Outcome(rules.scores(state), (state.winner,),
                       f"{self.info.seat_name(state.winner)} joined their edges")

    def move_to_text(self, state: Position, move: Place) -> str:
        """The move's cell name, like `c2`."""
        return notation.move_to_text(move)

    def parse_move(self, state: Position, text: str) -> Place:
        """The move a cell name gives (see `notation.parse_move`)."""
        return notation.parse_move(state, text)

    def render_text(self, state: Position) -> str:
        """The board as text, row 1 at the top, each row shifted like the hexagons."""
        rows = saving.to_dict(state)["rows"]
        letters = " ".join(chr(ord("a") + q) for q in range(state.size))
        lines = [f"   {letters}"]
        lines += [f"{r + 1:>2} {' ' * r}{' '.join(row)}" for r, row in enumerate(rows)]
        return "\n".join(lines)

    def state_to_dict(self, state: Position) -> dict[str, Any]:
        """The save of `state` (see `saving`)."""
        return saving.to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> Position:
        """The position a save holds; `StateFormatError` if it is invalid."""
        return saving.from_dict(data)
