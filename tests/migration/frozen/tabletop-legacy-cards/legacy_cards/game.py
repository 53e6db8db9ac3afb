"""Legacy Cards as a Tabletop `Game`: the info the host shows, and the rules behind each method."""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from typing import Any

from tabletop import Game, GameInfo, GameOption, Outcome

from legacy_cards import notation, rules, saving
from legacy_cards.rules import Card, Deal, View

PLAYERS = 2

#: The rulebook, `rules.md` in this package: the app's Rules screen (F1) shows it.
RULES_TEXT = resources.files("legacy_cards").joinpath("rules.md").read_text(encoding="utf-8")


class LegacyCards(Game[Deal, Card]):
    """A trick-taking card game for 2 players (rules.md)."""

    info = GameInfo(
        id="legacy_cards",
        name="Legacy Cards",
        min_players=PLAYERS,
        max_players=PLAYERS,
        hidden_information=True,
        description="Play a card to each trick; the highest of the suit led takes it.",
        rules_help="Each trick, the leader plays any card and the others follow in turn, "
                   "playing the suit led if they can. The highest card of the suit led "
                   "takes the trick and leads the next. Most tricks wins.",
        rules_text=RULES_TEXT,
        max_plies=len(rules.DECK),
        options=(GameOption("hand", 5, "cards dealt to each player", int,
                            minimum=1, maximum=len(rules.DECK) // PLAYERS),),
    )

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Deal:
        """A shuffled deal from `seed` (§1), or exactly the deal `setup` gives."""
        self.info.check_players(players)
        if setup is not None:
            return saving.setup_from_data(setup, players, options["hand"])
        return rules.deal(players, options["hand"], seed)

    def setup(self, state: Deal) -> Any:
        """The deal: every hand as dealt and the undealt cards."""
        return saving.setup_to_data(state)

    def to_move(self, state: Deal) -> int | None:
        """The seat to play, None once the game is over."""
        return rules.mover(state)

    def legal_moves(self, state: Deal) -> list[Card]:
        """The mover's cards that may be played (§3)."""
        return rules.legal_cards(state)

    def apply(self, state: Deal, move: Card) -> Deal:
        """The state after playing `move` (§2, §3)."""
        return rules.play(state, move)

    def outcome(self, state: Deal) -> Outcome | None:
        """Most tricks wins; tied leaders share the win (§4)."""
        if not rules.is_over(state):
            return None
        taken = rules.tricks_taken(state)
        best = max(taken)
        winners = tuple(seat for seat, count in enumerate(taken) if count == best)
        names = " and ".join(self.info.seat_name(seat) for seat in winners)
        return Outcome(tuple(float(count) for count in taken), winners,
                       f"{names} took the most tricks ({best})")

    def describe(self, before: Deal, move: Card, after: Deal) -> list[str]:
        """Who played which card, and who took the trick when it is full."""
        seat = rules.mover(before)
        # Short lines in the notation a player types: the move log is a narrow column.
        lines = [f"{self.info.seat_name(seat or 0)} plays {notation.card_text(move)}"]
        if len(after.tricks) > len(before.tricks):
            taker = rules.trick_winner(after.tricks[-1], after.players)
            lines.append(f"Trick to {self.info.seat_name(taker)}")
        return lines

    def move_to_text(self, state: Deal, move: Card) -> str:
        """The card, like `7S`."""
        return notation.card_text(move)

    def parse_move(self, state: Deal, text: str) -> Card:
        """The card `text` names (see `notation.parse_move`)."""
        return notation.parse_move(state, text)

    def render_text(self, state: Deal) -> str:
        """Every hand, the trick on the table and the tricks taken (the whole state: the
        text picture is for tests and bug reports, not for players)."""
        lines = [f"{self.info.seat_name(seat)}: {' '.join(saving.to_dict(state)['hands'][seat])}"
                 for seat in range(state.players)]
        table = " ".join(notation.card_text(card) for card in state.current.cards) or "-"
        taken = ", ".join(str(count) for count in rules.tricks_taken(state))
        return "\n".join([*lines, f"Table: {table}", f"Tricks taken: {taken}"])

    def state_to_dict(self, state: Deal) -> dict[str, Any]:
        """The save of `state` (see `saving`)."""
        return saving.to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> Deal:
        """The state a save holds; `StateFormatError` if it is invalid."""
        return saving.from_dict(data)

    def observation(self, state: Deal, seat: int) -> View:
        """What `seat` sees: its hand, the others' hand sizes and the tricks (§5)."""
        return rules.view_of(state, seat)

    def sample_state(self, observation: View, seat: int, rng: random.Random) -> Deal:
        """A state consistent with what `seat` sees, the unseen cards dealt at random."""
        return rules.sample(observation, rng)

    def reveals(self, before: Deal, move: Card, after: Deal) -> bool:
        """Every play shows a card that was hidden in its owner's hand."""
        return True
