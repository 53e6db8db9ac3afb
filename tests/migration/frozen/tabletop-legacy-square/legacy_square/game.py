"""Legacy Square as a Tabletop `Game`: the info the host shows, and the rules behind each method."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from typing import Any

from tabletop import Game, GameInfo, GameOption, Outcome
from tabletop.model import OptionError

from legacy_square import notation, rules, saving
from legacy_square.rules import Place, Position

PLAYERS = 2

#: The rulebook, `rules.md` in this package: the app's Rules screen (F1) shows it.
RULES_TEXT = resources.files("legacy_square").joinpath("rules.md").read_text(encoding="utf-8")


class LegacySquare(Game[Position, Place]):
    """N in a row on a square grid, for 2 players (rules.md)."""

    info = GameInfo(
        id="legacy_square",
        name="Legacy Square",
        min_players=PLAYERS,
        max_players=PLAYERS,
        hidden_information=False,
        description="Take turns marking cells; the first to make a line wins.",
        rules_help="On your turn put your mark on any empty cell. The first player with "
                   "`line` marks in a straight row (across, up or diagonal) wins. "
                   "A full grid without a line is a draw.",
        rules_text=RULES_TEXT,
        max_plies=saving.MAX_SIZE * saving.MAX_SIZE,
        options=(
            GameOption("size", 3, "cells along each side of the grid", int,
                       minimum=saving.MIN_SIZE, maximum=saving.MAX_SIZE),
            GameOption("line", 3, "marks in a row that win", int,
                       minimum=3, maximum=saving.MAX_SIZE),
        ),
        seat_names=("Crosses", "Noughts", "Triangles", "Squares")[:PLAYERS],
    )

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Position:
        """An empty grid (§1); the game has no chance, so `seed` changes nothing."""
        self.info.check_players(players)
        if options["line"] > options["size"]:
            raise OptionError(f"a line of {options['line']} cannot fit on a "
                              f"{options['size']}x{options['size']} grid")
        return rules.new_position(options["size"], options["line"], players)

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
        """Who made a line (§3), or a draw on a full grid (§4)."""
        if not rules.is_over(state):
            return None
        if state.winner is None:
            return Outcome(rules.scores(state), (), "the grid is full without a line")
        return Outcome(rules.scores(state), (state.winner,),
                       f"{self.info.seat_name(state.winner)} made a line of {state.line}")

    def move_to_text(self, state: Position, move: Place) -> str:
        """The move's cell name, like `b3`."""
        return notation.move_to_text(move)

    def parse_move(self, state: Position, text: str) -> Place:
        """The move a cell name gives (see `notation.parse_move`)."""
        return notation.parse_move(state, text)

    def render_text(self, state: Position) -> str:
        """The grid as text, top row first, with column letters and row numbers."""
        size = state.size
        rows = saving.to_dict(state)["rows"]
        lines = [f"{size - i:>2} {' '.join(row)}" for i, row in enumerate(rows)]
        letters = " ".join(chr(ord("a") + c) for c in range(size))
        return "\n".join([*lines, f"   {letters}"])

    def state_to_dict(self, state: Position) -> dict[str, Any]:
        """The save of `state` (see `saving`)."""
        return saving.to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> Position:
        """The position a save holds; `StateFormatError` if it is invalid."""
        return saving.from_dict(data)
